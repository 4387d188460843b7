"""Sentence splitting with exact offsets: the unit the server parses, caches and shifts.

The splitter is deliberately simple and deterministic (an edit in one sentence must not move the
boundaries of the others): a sentence ends at ``. ! ? …`` (plus closing quotes or brackets)
followed by whitespace and a word that does not start in lower case, unless the word before the
full stop is a known abbreviation, a single letter or a number (German ordinals: "am 3. Mai") and
the line goes on.
Overlong stretches are cut at whitespace so that no "sentence" exceeds ``MAX_CHARS``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lambre_core.markup import Segment

#: longest sentence handed to the parser; longer stretches are cut at whitespace
MAX_CHARS = 600

_END_RE = re.compile(r"[.!?…]+[\"'»«“”„’)\]]*(?=\s|$)")
_ABBREV = frozenset(
    """z.b zb bzw usw vgl ca dr nr hr fr st d.h u.a o.ä u.ä s.o s.u prof mio mrd evtl ggf inkl
    exkl jh jhd bspw sog str tel abs abb bd etc e.g i.e mr mrs ms vs no fig al approx
    т.е т.д т.п г гг ул др см стр рис тыс млн млрд им проф акад""".split()
)
_LETTER_RE = re.compile(r"\w", re.UNICODE)
# a "sentence" of binary junk or symbols is not prose: skip it
_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f\x7f\ufffd]")


@dataclass(frozen=True)
class SentenceSpan:
    """Characters ``start``..``end`` (exclusive) of a segment's text."""

    start: int
    end: int


def _prev_word(text: str, dot: int) -> str:
    i = dot
    while i > 0 and not text[i - 1].isspace():
        i -= 1
    return text[i:dot]


def _is_boundary(text: str, m: re.Match[str], hi: int | None = None) -> bool:
    punct = m.group(0)
    # what follows, up to a look-ahead window (a long blank stretch counts as a boundary)
    end = len(text) if hi is None else hi
    rest = text[m.end() : min(end, m.end() + 200)]
    nxt = rest.lstrip()
    if not nxt:
        return True
    first = nxt[0]
    if first.islower():
        return False  # "z. B. ein", "„Komm!“, sagte er"
    if "\n" in rest[: len(rest) - len(nxt)]:
        return True  # a line ends here and the next starts a word in upper case
    if punct[0] == "." and len(punct.rstrip("\"'»«“”„’)]")) == 1:
        word = _prev_word(text, m.start())
        bare = word.lstrip("(\"'„“«»").lower()
        if bare in _ABBREV or bare.rstrip(".") in _ABBREV:
            return False
        if len(bare) == 1 and bare.isalpha():
            return False  # an initial: "J. S. Bach"
        if bare.isdigit() and len(bare) <= 4:
            return False  # an ordinal or a numbered heading
    return True


def _cut_long(text: str, start: int, end: int) -> list[SentenceSpan]:
    spans: list[SentenceSpan] = []
    while end - start > MAX_CHARS:
        # a line break is the better place to cut, then a space
        cut = text.rfind("\n", start, start + MAX_CHARS)
        if cut <= start:
            cut = text.rfind(" ", start, start + MAX_CHARS)
        if cut <= start:
            cut = start + MAX_CHARS
        spans.append(SentenceSpan(start, cut))
        start = cut
        while start < end and text[start].isspace():
            start += 1
    if start < end:
        spans.append(SentenceSpan(start, end))
    return spans


#: a line this long without a space, or longer than a sentence may be, is not prose to join
#: with its neighbours (base64, minified code, a binary dump): it stands alone
_JUNK_LINE_RE = re.compile(r"[^\s]{80,}|[^\n]{" + str(MAX_CHARS + 1) + ",}")


def _blocks(text: str) -> list[tuple[int, int]]:
    """Stretches of ``text`` that sentences may span: junk lines are cut off their neighbours."""
    if len(text) < 80:
        return [(0, len(text))]
    cuts: list[int] = []
    for m in _JUNK_LINE_RE.finditer(text):
        a = text.rfind("\n", 0, m.start()) + 1
        b = text.find("\n", m.end())
        cuts.extend((a, len(text) if b < 0 else b))
    if not cuts:
        return [(0, len(text))]
    bounds = sorted({0, len(text), *cuts})
    return list(zip(bounds, bounds[1:], strict=False))


def split_text(text: str) -> list[SentenceSpan]:
    """Sentence spans of ``text`` (whitespace trimmed, empty ones left out)."""
    spans: list[SentenceSpan] = []
    for lo, hi in _blocks(text):
        start = lo
        for m in _END_RE.finditer(text, lo, hi):
            if _is_boundary(text, m, hi):
                spans.extend(_trimmed(text, start, m.end()))
                start = m.end()
        spans.extend(_trimmed(text, start, hi))
    return spans


def _trimmed(text: str, a: int, b: int) -> list[SentenceSpan]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    if a >= b:
        return []
    return _cut_long(text, a, b)


@functools.lru_cache(maxsize=8192)
def split_spans(text: str) -> tuple[tuple[int, int], ...]:
    """``split_text`` as (start, end) pairs, memoised: an edit leaves most paragraphs' text
    unchanged, and their sentences need not be found again."""
    return tuple((s.start, s.end) for s in split_text(text))


@functools.lru_cache(maxsize=65536)
def is_checkable(text: str) -> bool:
    """Whether a sentence is prose worth parsing (has letters, is not binary junk)."""
    if not _LETTER_RE.search(text):
        return False
    return len(_CONTROL_RE.findall(text)) * 20 < len(text)


def split_segment(seg: Segment) -> list[tuple[str, Segment]]:
    """The sentences of a segment, each as (text, its sub-segment with the offset map)."""
    out = []
    for span in split_text(seg.text):
        sub = seg.slice(span.start, span.end)
        out.append((sub.text, sub))
    return out
