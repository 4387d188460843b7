"""Offsets in a Python string <-> LSP positions (line, character in UTF-16, UTF-8 or UTF-32 units).

LSP counts lines at ``\\n``, ``\\r\\n`` and ``\\r`` only (not at the other characters Python's
``splitlines`` breaks on), and characters in the negotiated encoding — UTF-16 code units unless
the client offered something else. ``LineIndex`` is built once per document version.
"""

from __future__ import annotations

import bisect
import re

from lsprotocol import types

_BREAK_RE = re.compile(r"\r\n|\r|\n")
_ASTRAL_RE = re.compile("[\U00010000-\U0010ffff]")

UTF8 = types.PositionEncodingKind.Utf8
UTF16 = types.PositionEncodingKind.Utf16
UTF32 = types.PositionEncodingKind.Utf32


def units(text: str, encoding: str) -> int:
    """Length of ``text`` in code units of ``encoding``."""
    if text.isascii() or encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + len(_ASTRAL_RE.findall(text))


def chars_for_units(line: str, n: int, encoding: str) -> int:
    """How many characters of ``line`` the first ``n`` code units cover (clamped to the line;
    a position inside a character rounds down to its start)."""
    if n <= 0:
        return 0
    if line.isascii() or encoding == UTF32:
        return min(n, len(line))
    if encoding == UTF8:
        data = line.encode("utf-8", "surrogatepass")[:n]
        return len(data.decode("utf-8", "ignore"))
    data16 = line.encode("utf-16-le", "surrogatepass")[: 2 * n]
    text = data16.decode("utf-16-le", "ignore")
    return len(text)


class LineIndex:
    """Line starts of one text, for converting offsets to positions and back."""

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.text = text
        self.encoding = encoding
        starts = [0]
        starts.extend(m.end() for m in _BREAK_RE.finditer(text))
        self.starts = starts
        # end of each line's content (before its break)
        ends = [m.start() for m in _BREAK_RE.finditer(text)]
        ends.append(len(text))
        self.ends = ends
        # one code unit per character everywhere: columns need no counting
        self.simple = (text.isascii() or encoding == UTF32
                       or (encoding == UTF16 and _ASTRAL_RE.search(text) is None))

    def line_of(self, offset: int) -> int:
        """0-based line of character ``offset``."""
        return bisect.bisect_right(self.starts, offset) - 1

    def position(self, offset: int) -> types.Position:
        """LSP position of character ``offset`` (clamped to the text)."""
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        start = self.starts[line]
        col = min(offset, self.ends[line]) - start
        return types.Position(line=line, character=units(self.text[start : start + col], self.encoding))

    def position_json(self, offset: int) -> dict[str, int]:
        """``position`` as the JSON object (no lsprotocol object: cheaper by far)."""
        if offset < 0:
            offset = 0
        line = bisect.bisect_right(self.starts, offset) - 1
        start = self.starts[line]
        end = self.ends[line]
        if offset > end:
            offset = end
        if self.simple:
            return {"line": line, "character": offset - start}
        return {"line": line, "character": units(self.text[start:offset], self.encoding)}

    def range_json(self, start: int, end: int) -> dict[str, dict[str, int]]:
        """``range`` as the JSON object."""
        return {"start": self.position_json(start), "end": self.position_json(end)}

    def range(self, start: int, end: int) -> types.Range:
        """LSP range of characters ``start``..``end`` (end exclusive)."""
        return types.Range(start=self.position(start), end=self.position(end))

    def offset(self, pos: types.Position) -> int:
        """Character offset of an LSP position (clamped: past the line end -> the line end,
        past the last line -> the end of the text)."""
        if pos.line < 0:
            return 0
        if pos.line >= len(self.starts):
            return len(self.text)
        start = self.starts[pos.line]
        line = self.text[start : self.ends[pos.line]]
        return start + chars_for_units(line, pos.character, self.encoding)


def apply_change(text: str, change: types.TextDocumentContentChangeEvent, encoding: str) -> str:
    """The text after one ``didChange`` content change (incremental with a range, or whole)."""
    if isinstance(change, types.TextDocumentContentChangePartial):
        index = LineIndex(text, encoding)
        a = index.offset(change.range.start)
        b = index.offset(change.range.end)
        if b < a:
            a, b = b, a
        return text[:a] + change.text + text[b:]
    return change.text
