"""Placeholders, markup and ICU messages in translation strings, masked before parsing.

A placeholder (``{name}``, ``{{name}}``, ``%s``, ``%1$d``, ``%(name)s``, ``${x}``, an XLIFF ``<x/>``)
becomes a stand-in that keeps the sentence's noun-phrase slot ("ABC", or a digit for a
number), so the sentence still parses; it is recorded as masked, never blamed, and (but a
number) agrees with nothing. In a plural form (``Segment.count``) a number placeholder stands
for a number of that form. HTML/XML tags are dropped (a line break or block tag becomes a
space), entities decoded, and a menu accelerator's marker at the start of a word (Qt's ``&``,
GTK's ``_``) left out. An ICU
``{n, plural, one {...} other {...}}`` (also ``select``/``selectordinal``) is expanded: every
branch is checked as its own sentence with the text around it, ``#`` standing for a number of
the branch's plural category.
"""

from __future__ import annotations

import dataclasses
import html
import re
from itertools import product

from ..markup import Segment
from .pieces import concat, stand_in

#: at most this many variants of one string (ICU branches multiply)
MAX_VARIANTS = 16
#: the number standing for ``#`` in a plural branch of each category
PLURAL_NUMBER = {"zero": "0", "one": "1", "two": "2", "few": "3", "many": "5", "other": "7"}
#: a genderless, numberless name: the parser takes it as a noun phrase, no lexicon knows it
NOUN_SLOT = "ABC"
NUMBER_SLOT = "7"

_BREAK_TAGS = frozenset({"br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "hr", "h1", "h2",
                         "h3", "h4", "h5", "h6", "table", "lb"})
#: self-closing inline XLIFF/ICU placeholder elements: they stand for content
_PLACEHOLDER_TAGS = frozenset({"x", "ph", "bx", "ex", "it", "sc", "ec", "cp", "img", "input"})

_MASK_RE = re.compile(
    r"(?P<comment><!--.*?-->)"
    r"|(?P<tag></?(?P<name>[A-Za-z][\w:.-]*)(?:\s[^<>]*)?/?>)"
    r"|(?P<entity>&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)"
    r"|(?P<accel>(?:^|(?<=[\s(/-]))[&_](?=[^\W\d_]))"
    r"|(?P<double>\{\{[^{}]*\}\})"
    r"|(?P<dollar>[$%]\{[^{}]*\})"
    r"|(?P<named>%\([^()]+\)[-+ 0#]*\d*(?:\.\d+)?(?P<nconv>[sdifrxXeEgGcu]))"
    r"|(?P<printf>%(?:\d+\$)?[-+ 0#']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|ll|[hlLqjzt])?"
    r"(?P<conv>[diouxXeEfFgGaAcsSp@]))"
    r"|(?P<percent>%%)"
    r"|(?P<qtnum>%n)|(?P<qt>%L?\d{1,2})"
    r"|(?P<brace>\{[^{}\s]*\}|\{\s*\w+\s*,\s*(?:number|date|time)[^{}]*\})",
    re.S,
)
_NUMERIC_CONV = frozenset("diouxXeEfFgGaAu")


def mask(seg: Segment) -> list[Segment]:
    """The checkable variants of a translation string: ICU branches expanded, placeholders
    masked, markup dropped."""
    number = seg.count or NUMBER_SLOT
    return [dataclasses.replace(_mask_simple(v, number), source=seg.source, count=seg.count,
                                key=seg.key)
            for v in expand_icu(seg)]


def _mask_simple(seg: Segment, number: str = NUMBER_SLOT) -> Segment:
    text = seg.text
    parts: list[Segment] = []
    pos = 0
    for m in _MASK_RE.finditer(text):
        parts.append(seg.slice(pos, m.start()))
        pos = m.end()
        a, b = seg.doc_span(m.start(), m.end())
        if m.group("comment") is not None:
            continue
        if m.group("tag") is not None:
            name = m.group("name").lower().split(":")[-1]
            if name in _PLACEHOLDER_TAGS and m.group("tag").endswith("/>"):
                parts.append(stand_in(NOUN_SLOT, a, b))
            elif name in _BREAK_TAGS:
                parts.append(stand_in(" ", a, b, masked=False))
            continue
        if m.group("accel") is not None:
            continue  # a menu accelerator's marker ("&" or "_" before a letter): not part of the word
        if m.group("entity") is not None:
            char = html.unescape(m.group("entity"))
            parts.append(stand_in(char if len(char) == 1 else " ", a, b, masked=False))
        elif m.group("percent") is not None:
            parts.append(stand_in("%", a, b, masked=False))
        elif m.group("qtnum") is not None or \
                (m.group("conv") or m.group("nconv") or "") in _NUMERIC_CONV:
            parts.append(stand_in(number, a, b))
        else:
            parts.append(stand_in(NOUN_SLOT, a, b))
    if not parts:
        return seg
    parts.append(seg.slice(pos, len(text)))
    return concat(parts, seg.language)


# --- ICU MessageFormat -----------------------------------------------------------------------

_ICU_HEAD_RE = re.compile(r"\{\s*([\w.]+)\s*,\s*(plural|selectordinal|select)\s*,")
_ICU_KEY_RE = re.compile(r"\s*(?:offset:\s*\d+\s*)?(=\d+|[\w-]+)\s*\{")


def _closing(text: str, open_at: int) -> int:
    """Index of the brace closing ``text[open_at] == "{"`` (``len(text)`` when unclosed)."""
    depth = 0
    for k in range(open_at, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(text)


def _branches(text: str, body_start: int, end: int) -> list[tuple[str, int, int]]:
    """(key, start, end) of each ``key {message}`` branch in ``text[body_start:end]``."""
    out: list[tuple[str, int, int]] = []
    pos = body_start
    while pos < end:
        m = _ICU_KEY_RE.match(text, pos)
        if not m or m.end() > end:
            break
        close = _closing(text, m.end() - 1)
        out.append((m.group(1), m.end(), min(close, end)))
        pos = close + 1
    return out


def _plural_hashes(seg: Segment, number: str, arg: str) -> Segment:
    """``#`` (outside nested braces) and ``{arg}`` in a plural branch replaced by ``number``."""
    parts: list[Segment] = []
    pos = depth = 0
    ref = "{" + arg + "}"
    for k, c in enumerate(seg.text):
        if k < pos:
            continue
        if c == "{" and seg.text.startswith(ref, k):
            parts.append(seg.slice(pos, k))
            a, b = seg.doc_span(k, k + len(ref))
            parts.append(stand_in(number, a, b))
            pos = k + len(ref)
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "#" and depth == 0:
            parts.append(seg.slice(pos, k))
            a, b = seg.doc_span(k, k + 1)
            parts.append(stand_in(number, a, b))
            pos = k + 1
    if not parts:
        return seg
    parts.append(seg.slice(pos, len(seg.text)))
    return concat(parts, seg.language)


def expand_icu(seg: Segment) -> list[Segment]:
    """Every combination of branches of the ICU plural/select arguments in ``seg`` (at most
    ``MAX_VARIANTS``); ``[seg]`` when it has none."""
    text = seg.text
    # each top-level ICU argument: its span and its branches' variants
    pieces: list[list[Segment]] = []
    pos = 0
    for m in _ICU_HEAD_RE.finditer(text):
        if m.start() < pos:
            continue  # inside an argument already taken
        close = _closing(text, m.start())
        branches = _branches(text, m.end(), close)
        if not branches:
            continue
        pieces.append([seg.slice(pos, m.start())])
        arg, kind = m.group(1), m.group(2)
        options: list[Segment] = []
        for key, a, b in branches:
            branch = seg.slice(a, b)
            if kind != "select":
                num = key[1:] if key.startswith("=") else PLURAL_NUMBER.get(key, NUMBER_SLOT)
                branch = _plural_hashes(branch, num, arg)
            options.extend(expand_icu(branch))
        pieces.append(options)
        pos = close + 1
    if not pieces:
        return [seg]
    pieces.append([seg.slice(pos, len(text))])
    out: list[Segment] = []
    for combo in product(*pieces):
        out.append(concat(combo, seg.language))
        if len(out) >= MAX_VARIANTS:
            break
    return out
