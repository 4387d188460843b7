"""Building ``Segment``s for translation strings: a decoded value aligned with its encoded source,
segments joined, and one-character stand-ins for masked spans."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..markup import Run, Segment

#: decodes the escape (or other encoding) at ``raw[j]``: (decoded characters, source length), or
#: None when ``raw[j]`` stands for itself
Decoder = Callable[[str, int], tuple[str, int] | None]

_SPACE = " \t\r\n"


class RunBuilder:
    """Runs being built, adjacent verbatim ones merged."""

    def __init__(self) -> None:
        self.runs: list[Run] = []
        self.length = 0

    def verbatim(self, doc_start: int, n: int) -> None:
        last = self.runs[-1] if self.runs else None
        if (last is not None and last.length == last.doc_length
                and last.doc_start + last.doc_length == doc_start):
            self.runs[-1] = Run(last.seg_start, last.doc_start, last.length + n, last.doc_length + n)
        else:
            self.runs.append(Run(self.length, doc_start, n, n))
        self.length += n

    def stand_in(self, doc_start: int, doc_length: int) -> None:
        """One segment character for ``doc_length`` source characters."""
        if doc_length == 1:
            self.verbatim(doc_start, 1)
            return
        self.runs.append(Run(self.length, doc_start, 1, doc_length))
        self.length += 1


def align(raw: str, start: int, end: int, value: str, decode: Decoder | None = None,
          language: str | None = None) -> Segment:
    """The segment of ``value`` (a decoded string) whose characters map into ``raw[start:end]``,
    its encoded form: escapes through ``decode``, runs of folded whitespace (YAML, Fluent,
    properties continuations) to the source run, quotes and indentation skipped. When the value
    cannot be followed through the source, every character maps to ``start`` (still on the
    right string)."""
    out = RunBuilder()
    i, j, n = 0, start, len(value)
    while i < n and j < end:
        d = decode(raw, j) if decode is not None else None
        if d is not None:
            chars, width = d
            if value.startswith(chars, i):
                for _ in chars:  # each decoded character stands for the whole escape
                    out.stand_in(j, width)
                i += len(chars)
                j += width
                continue
        c = raw[j]
        if c == value[i]:
            out.verbatim(j, 1)
            i += 1
            j += 1
        elif c in _SPACE and value[i] in _SPACE:
            k = j
            while k < end and raw[k] in _SPACE:
                k += 1
            out.stand_in(j, k - j)
            i += 1
            j = k
        else:
            j += 1  # a quote, indentation or other encoding the value does not show
    if i < n:
        return Segment(value, (Run(0, start, n, max(end - start, n + 1)),), language)
    return Segment(value, tuple(out.runs), language)


def concat(parts: Sequence[Segment], language: str | None = None) -> Segment:
    """The segments ``parts`` one after another (their maps kept, masked spans shifted)."""
    runs: list[Run] = []
    masked: list[tuple[int, int]] = []
    text: list[str] = []
    off = 0
    for p in parts:
        if not p.text:
            continue
        runs.extend(Run(r.seg_start + off, r.doc_start, r.length, r.doc_length) for r in p.runs)
        masked.extend((a + off, b + off) for a, b in p.masked)
        text.append(p.text)
        off += len(p.text)
    lang = language if language is not None else next((p.language for p in parts if p.language),
                                                      None)
    return Segment("".join(text), tuple(runs), lang, tuple(masked))


def stand_in(text: str, doc_start: int, doc_end: int, masked: bool = True) -> Segment:
    """A segment ``text`` standing for document characters ``doc_start``..``doc_end`` as a
    whole (masked: never blamed)."""
    length = max(doc_end - doc_start, 1)
    run = Run(0, doc_start, len(text), length)
    return Segment(text, (run,), None, ((0, len(text)),) if masked else ())
