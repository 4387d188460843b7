"""Checkable text out of marked-up documents, with exact offset maps back to the document.

``segments(text, kind)`` turns a document into ``Segment``s: runs of prose (a paragraph, a heading,
a .po translation) whose ``text`` is what the parser sees and whose ``runs`` map every character
back to the document. Markup that is not prose is left out: Markdown front matter, code blocks,
inline code, link URLs, images, HTML tags and emphasis markers; in gettext ``.po`` files only the
``msgstr`` translations are kept, with escapes (``\\n``, ``\\"``) unescaped and mapped to both
source characters.

A comment line ``lambre: language=ru`` (bare, or after ``#``, ``//``, ``%``, ``;``, ``--`` or inside
``<!-- -->``) switches the language for the paragraphs that follow; ``language=default`` switches back.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import PurePosixPath

#: markup kinds ``segments`` understands
KINDS = ("plain", "markdown", "po")

SWITCH_RE = re.compile(
    r"^[ \t]*(?:#|//|%|;|--|<!--)?[ \t]*lambre:[ \t]*language[ \t]*=[ \t]*"
    r"(?P<lang>[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*|default)[ \t]*(?:-->)?[ \t]*$"
)
_LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")


@dataclass(frozen=True)
class Run:
    """``length`` segment characters from ``seg_start`` that stand for ``doc_length`` document
    characters from ``doc_start``: verbatim when the lengths agree, else one character that
    stands for a longer source (an escape such as ``\\n``)."""

    seg_start: int
    doc_start: int
    length: int
    doc_length: int


@dataclass(frozen=True)
class Segment:
    """A piece of checkable text and the map from its characters to document offsets."""

    text: str
    runs: tuple[Run, ...]
    #: the language a ``lambre: language=`` switch set (None: the document's language)
    language: str | None = None
    #: (start, end) character spans standing for masked placeholders: never blamed
    masked: tuple[tuple[int, int], ...] = ()
    #: the source-language string this one translates, where the file holds it (PO ``msgid``,
    #: XLIFF and Qt ``<source>``): whether it is a sentence or a label
    source: str | None = None
    #: the number a count placeholder ("%d") stands for in this plural form (PO ``msgstr[n]``,
    #: Android ``quantity``), by the language's plural rule; None: any
    count: str | None = None
    #: the string's key in a keyed catalogue (JSON path, Android name, properties key): where
    #: its source string is found in the base-language file
    key: str | None = None
    _starts: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_starts", tuple(r.seg_start for r in self.runs))

    def _run(self, i: int) -> Run:
        k = bisect.bisect_right(self._starts, i) - 1
        return self.runs[k if k > 0 else 0]

    def doc_offset(self, i: int) -> int:
        """Document offset of segment character ``i`` (``len(text)`` maps past the last one)."""
        if not self.runs:
            return 0
        if i >= len(self.text):
            return self.doc_end(len(self.text) - 1) if self.text else self.runs[0].doc_start
        r = self._run(i)
        if r.length == r.doc_length:
            return r.doc_start + (i - r.seg_start)
        return r.doc_start

    def doc_end(self, i: int) -> int:
        """Document offset just past segment character ``i``."""
        r = self._run(i)
        if r.length == r.doc_length:
            return r.doc_start + (i - r.seg_start) + 1
        return r.doc_start + r.doc_length

    def doc_span(self, start: int, end: int) -> tuple[int, int]:
        """Document span (end exclusive) of segment characters ``start``..``end`` (exclusive)."""
        if end <= start:
            off = self.doc_offset(start)
            return off, off
        return self.doc_offset(start), self.doc_end(end - 1)

    def slice(self, start: int, end: int) -> Segment:
        """The sub-segment of characters ``start``..``end`` with its own map."""
        runs: list[Run] = []
        for r in self.runs:
            a = max(start, r.seg_start)
            b = min(end, r.seg_start + r.length)
            if a >= b:
                continue
            if r.length == r.doc_length:
                runs.append(Run(a - start, r.doc_start + (a - r.seg_start), b - a, b - a))
            else:  # an escape or a stand-in: all of it maps to its whole source
                runs.append(Run(a - start, r.doc_start, b - a, r.doc_length))
        masked = tuple((max(a, start) - start, min(b, end) - start) for a, b in self.masked
                       if a < end and b > start)
        return Segment(self.text[start:end], tuple(runs), self.language, masked)

    def is_masked(self, start: int, end: int) -> bool:
        """Whether characters ``start``..``end`` touch a masked placeholder."""
        return any(a < end and start < b for a, b in self.masked)


class _Builder:
    """Accumulates segment text and runs; merges adjacent verbatim runs."""

    def __init__(self, language: str | None) -> None:
        self.parts: list[str] = []
        self.runs: list[Run] = []
        self.length = 0
        self.language = language

    def verbatim(self, doc_start: int, text: str) -> None:
        if not text:
            return
        last = self.runs[-1] if self.runs else None
        if (
            last is not None
            and last.length == last.doc_length
            and last.doc_start + last.doc_length == doc_start
            and last.seg_start + last.length == self.length
        ):
            self.runs[-1] = Run(last.seg_start, last.doc_start, last.length + len(text),
                                last.doc_length + len(text))
        else:
            self.runs.append(Run(self.length, doc_start, len(text), len(text)))
        self.parts.append(text)
        self.length += len(text)

    def escaped(self, doc_start: int, char: str, doc_length: int) -> None:
        if doc_length == 1:
            self.verbatim(doc_start, char)
            return
        self.runs.append(Run(self.length, doc_start, 1, doc_length))
        self.parts.append(char)
        self.length += 1

    def has_text(self) -> bool:
        return any(p.strip() for p in self.parts)

    def build(self) -> Segment | None:
        if not self.has_text():
            return None
        seg = Segment("".join(self.parts), tuple(self.runs), self.language)
        # trim surrounding whitespace so segments start and end on text
        text = seg.text
        a = len(text) - len(text.lstrip())
        b = len(text.rstrip())
        return seg.slice(a, b) if (a, b) != (0, len(text)) else seg

    def flush_into(self, out: list[Segment]) -> None:
        """Append the segment built so far (if it has text) to ``out`` and start afresh."""
        seg = self.build()
        if seg is not None:
            out.append(seg)
        self.parts, self.runs, self.length = [], [], 0


def _lines(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, line without its break, the break) for every line; LSP's breaks: \\n, \\r\\n, \\r."""
    for m in _LINE_RE.finditer(text):
        whole = m.group(0)
        if not whole and m.start() == len(text) and text:
            break
        body = whole.rstrip("\r\n")
        yield m.start(), body, whole[len(body):]
        if m.end() >= len(text):
            break


def _switch(line: str) -> tuple[bool, str | None]:
    """(whether ``line`` is a switch line, the language it sets; None for "default")."""
    m = SWITCH_RE.match(line)
    if not m:
        return False, None
    lang = m.group("lang")
    return True, (None if lang == "default" else lang.lower().replace("_", "-"))


def kind_for(uri_or_path: str, language_id: str | None = None) -> str:
    """The markup kind of a document from its LSP languageId or its file extension."""
    lid = (language_id or "").lower()
    if lid in ("markdown", "md", "mdx"):
        return "markdown"
    if lid in ("po", "pot", "gettext"):
        return "po"
    suffix = PurePosixPath(uri_or_path.split("?")[0]).suffix.lower()
    if suffix in (".md", ".markdown", ".mdown", ".mkd"):
        return "markdown"
    if suffix in (".po", ".pot"):
        return "po"
    return "plain"


def segments(text: str, kind: str = "plain", language: str | None = None) -> list[Segment]:
    """The checkable segments of a document of markup ``kind`` (plain, markdown, po)."""
    if kind == "markdown":
        return markdown_segments(text, language)
    if kind == "po":
        return po_segments(text, language)
    return plain_segments(text, language)


# --- plain text -----------------------------------------------------------------------------


def plain_segments(text: str, language: str | None = None) -> list[Segment]:
    """Paragraphs (separated by blank lines) of plain text; switch lines are left out."""
    out: list[Segment] = []
    lang = language
    b = _Builder(lang)

    for off, line, brk in _lines(text):
        is_switch, sw = _switch(line)
        if is_switch:
            b.flush_into(out)
            lang = sw if sw is not None else language
            b.language = lang
            continue
        if not line.strip():
            b.flush_into(out)
            continue
        b.verbatim(off, line + brk)
    b.flush_into(out)
    return out


# --- Markdown -------------------------------------------------------------------------------

_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING_RE = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+|$)")
_HEADING_CLOSE_RE = re.compile(r"[ \t]+#+[ \t]*$")
_SETEXT_RE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_HR_RE = re.compile(r"^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$")
_LIST_RE = re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_QUOTE_RE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_LINKDEF_RE = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*\S")
_HTML_BLOCK_RE = re.compile(r"^ {0,3}</?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)")
_TABLE_SEP_RE = re.compile(r"^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$")

# inline elements, tried in this order at each position
_INLINE_RE = re.compile(
    r"(?P<code>(?P<ticks>`+).+?(?P=ticks))"
    r"|(?P<image>!\[[^\]]*\]\([^)]*\))"
    r"|(?P<link>\[(?P<ltext>[^\]]*)\](?P<ltarget>\([^)]*\)|\[[^\]]*\]))"
    r"|(?P<autolink><(?:https?|ftp|mailto):[^>\s]*>)"
    r"|(?P<url>\b(?:https?|ftp)://[^\s<>()]+)"
    r"|(?P<html></?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>)"
    r"|(?P<escape>\\[!-/:-@\[-`{-~])"
    r"|(?P<emph>(?<![\w*_~])(?:\*{1,3}|_{1,3}|~~)(?=\S)|(?<=\S)(?:\*{1,3}|_{1,3}|~~)(?![\w*_~]))",
    re.S,
)


def _inline(b: _Builder, doc_off: int, s: str) -> None:
    """Add the prose of one line's inline Markdown ``s`` (at document offset ``doc_off``)."""
    pos = 0
    for m in _INLINE_RE.finditer(s):
        b.verbatim(doc_off + pos, s[pos : m.start()])
        pos = m.end()
        if m.group("link") is not None:
            # keep the link text (itself inline markup), drop the brackets and the target
            _inline(b, doc_off + m.start("ltext"), m.group("ltext"))
        elif m.group("escape") is not None:
            b.escaped(doc_off + m.start(), m.group("escape")[1], 2)
        # code, images, autolinks, bare URLs, HTML tags and emphasis markers are dropped
    b.verbatim(doc_off + pos, s[pos:])


def markdown_segments(text: str, language: str | None = None) -> list[Segment]:
    """Paragraphs, headings, list items, quotes and table cells of a Markdown document."""
    out: list[Segment] = []
    lang = language
    b = _Builder(lang)

    lines = list(_lines(text))
    i = 0
    # front matter: YAML (---) or TOML (+++) at the very top
    if lines and lines[0][1].rstrip() in ("---", "+++"):
        close = ("---", "...") if lines[0][1].rstrip() == "---" else ("+++",)
        for j in range(1, len(lines)):
            if lines[j][1].rstrip() in close:
                i = j + 1
                break
    fence: str | None = None
    in_comment = False
    prev_blank = True
    prev_quote = False
    while i < len(lines):
        off, line, brk = lines[i]
        i += 1
        if fence is not None:
            stripped = line.strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                fence = None
            prev_blank = False
            continue
        if in_comment:
            if "-->" in line:
                in_comment = False
            continue
        is_switch, sw = _switch(line)
        if is_switch:
            b.flush_into(out)
            lang = sw if sw is not None else language
            b.language = lang
            prev_blank = True
            continue
        if not line.strip():
            b.flush_into(out)
            prev_blank = True
            continue
        fm = _FENCE_RE.match(line)
        if fm:
            b.flush_into(out)
            fence = fm.group(1)
            continue
        if prev_blank and (line.startswith("    ") or line.startswith("\t")) and not b.has_text():
            continue  # indented code block
        if line.lstrip().startswith("<!--"):
            b.flush_into(out)
            if "-->" not in line:
                in_comment = True
            prev_blank = True
            continue
        prev_blank = False
        if _HTML_BLOCK_RE.match(line) and not b.has_text():
            continue
        if _LINKDEF_RE.match(line):
            b.flush_into(out)
            continue
        if _SETEXT_RE.match(line) and b.has_text():
            b.flush_into(out)  # the paragraph above was a setext heading
            continue
        if _HR_RE.match(line):
            b.flush_into(out)
            continue
        start = 0
        qm = _QUOTE_RE.match(line)
        if qm:
            start = qm.end()
        if bool(qm) != prev_quote:
            b.flush_into(out)  # a quote starts or ends a paragraph
        prev_quote = bool(qm)
        hm = _HEADING_RE.match(line, start)
        if hm:
            b.flush_into(out)
            body = line[hm.end():]
            cm = _HEADING_CLOSE_RE.search(body)
            if cm:
                body = body[: cm.start()]
            _inline(b, off + hm.end(), body)
            b.flush_into(out)
            continue
        lm = _LIST_RE.match(line, start)
        if lm:
            b.flush_into(out)
            start = lm.end()
        if "|" in line[start:] and (line.lstrip().startswith("|") or _is_table_row(lines, i - 1)):
            b.flush_into(out)
            if _TABLE_SEP_RE.match(line):
                continue
            cell_start = start
            for cell in re.finditer(r"(?:\\\||[^|])+", line[start:]):
                cell_start = start + cell.start()
                _inline(b, off + cell_start, cell.group(0))
                b.flush_into(out)
            continue
        # leading indentation of a continuation line is not prose
        lead = len(line[start:]) - len(line[start:].lstrip())
        _inline(b, off + start + lead, line[start + lead :])
        if brk:
            b.verbatim(off + len(line), brk)
    b.flush_into(out)
    return out


def _is_table_row(lines: list[tuple[int, str, str]], k: int) -> bool:
    """Whether line ``k`` belongs to a pipe table (it or its neighbour is a separator row)."""
    for j in (k - 1, k, k + 1):
        if 0 <= j < len(lines) and "-" in lines[j][1] and _TABLE_SEP_RE.match(lines[j][1]):
            return "|" in lines[j][1]
    return False


# --- gettext .po ----------------------------------------------------------------------------

_PO_KEY_RE = re.compile(r"^[ \t]*(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)[ \t]+\"")
_PO_CONT_RE = re.compile(r"^[ \t]*\"")
_PO_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
               "f": "\f", "v": "\v"}


def _po_string(b: _Builder | None, off: int, line: str, quote: int) -> str:
    """Read the quoted string starting at ``line[quote]``; add it to ``b`` when given.
    Returns the unescaped value."""
    out: list[str] = []
    j = quote + 1
    n = len(line)
    while j < n:
        c = line[j]
        if c == '"':
            break
        if c == "\\" and j + 1 < n:
            ch = _PO_ESCAPES.get(line[j + 1], line[j + 1])
            out.append(ch)
            if b is not None:
                b.escaped(off + j, ch, 2)
            j += 2
            continue
        k = j
        while k < n and line[k] not in '"\\':
            k += 1
        out.append(line[j:k])
        if b is not None:
            b.verbatim(off + j, line[j:k])
        j = k
    return "".join(out)


def po_segments(text: str, language: str | None = None,
                plural: Callable[[int], str | None] | None = None) -> list[Segment]:
    """One segment per non-empty ``msgstr`` (or ``msgstr[n]``), header entry excluded, each with
    its ``msgid`` (``msgid_plural`` for the plural forms) as its source and, given ``plural``
    (form index -> a number of that form), the number of its plural form."""
    out: list[Segment] = []
    lang = language
    key: str | None = None
    msgid_parts: list[str] = []
    plural_parts: list[str] = []
    has_ctxt = False
    b: _Builder | None = None

    def flush() -> None:
        nonlocal b
        if b is not None:
            seg = b.build()
            # the header entry (msgid "" without context) holds metadata, not a translation
            if seg is not None and ("".join(msgid_parts) or has_ctxt):
                form = int(key[7:-1]) if key is not None and key.startswith("msgstr[") else None
                source = "".join(plural_parts if form and plural_parts else msgid_parts)
                count = plural(form) if plural is not None and form is not None else None
                out.append(dataclasses.replace(seg, source=source, count=count))
        b = None

    for off, line, _brk in _lines(text):
        stripped = line.strip()
        if stripped.startswith("#"):
            is_switch, sw = _switch(line)
            if is_switch:
                flush()
                lang = sw if sw is not None else language
            continue
        km = _PO_KEY_RE.match(line)
        if km:
            flush()
            kw = km.group(1)
            if kw == "msgctxt":
                msgid_parts = []
                has_ctxt = True
            elif kw == "msgid":
                msgid_parts = []
                plural_parts = []
                if key not in ("msgctxt",):
                    has_ctxt = False
            key = kw
            if kw.startswith("msgstr"):
                b = _Builder(lang)
                _po_string(b, off, line, km.end() - 1)
            elif kw == "msgid":
                msgid_parts.append(_po_string(None, off, line, km.end() - 1))
            elif kw == "msgid_plural":
                plural_parts.append(_po_string(None, off, line, km.end() - 1))
            continue
        cm = _PO_CONT_RE.match(line)
        if cm:
            if key is not None and key.startswith("msgstr"):
                _po_string(b, off, line, cm.end() - 1)
            elif key == "msgid":
                msgid_parts.append(_po_string(None, off, line, cm.end() - 1))
            elif key == "msgid_plural":
                plural_parts.append(_po_string(None, off, line, cm.end() - 1))
            continue
        if not stripped:
            flush()
            key = None
    flush()
    return out
