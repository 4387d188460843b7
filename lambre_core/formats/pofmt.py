"""gettext PO files: ``polib`` validates the file and reads its ``Language:`` header and which
entries are fuzzy; the translations (``msgstr``, plural forms) come from ``markup.po_segments``,
which maps every character, escapes included, back to the file. Fuzzy entries (a translation
the translator has not confirmed, which gettext does not use) are left out unless asked for."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from ..errors import LambreError
from ..markup import Segment, po_segments

_LINE_RE = re.compile(r"\(line (\d+)\)")
_STRING = r'"(?:[^"\\\n]|\\.)*"[ \t]*\r?$'
#: a well-formed line: blank, comment, keyword with its string, or a continuation string
_GOOD_LINE_RE = re.compile(
    r"[ \t]*(?:#.*)?\r?$"
    r"|[ \t]*(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)[ \t]+" + _STRING
    + r"|[ \t]*" + _STRING
)


def _check_lines(text: str, file: str) -> None:
    """polib lets some broken lines pass (``msgstr d``, an unclosed quote): name the first."""
    for k, line in enumerate(text.split("\n"), 1):
        if not _GOOD_LINE_RE.fullmatch(line):
            col = len(line) - len(line.lstrip()) + 1
            raise LambreError("invalid PO: expected a keyword and a quoted string, a quoted "
                              "string or a comment", file, k, col)


def plural_numbers(header: str) -> Callable[[int], str | None] | None:
    """Form index -> the smallest number from 1 that takes it, by the ``Plural-Forms`` header's
    formula (``plural=(n%10==1 && n%100!=11 ? 0 : ...)``); None without a usable formula."""
    import gettext

    m = re.search(r"plural\s*=\s*([^;]+)", header)
    if m is None:
        return None
    try:
        formula = gettext.c2py(m.group(1).strip())
        firsts: dict[int, str] = {}
        for n in range(1, 200):
            firsts.setdefault(formula(n), str(n))
        if 0 not in firsts:
            firsts[formula(0)] = "0"
    except (ValueError, SyntaxError, RecursionError):
        return None
    return firsts.get


def po_file(text: str, file: str, include_fuzzy: bool = False
            ) -> tuple[str | None, list[Segment]]:
    """(the header's language, the translations) of a PO file; those of fuzzy entries only
    with ``include_fuzzy``."""
    import polib

    _check_lines(text, file)
    try:
        catalog = polib.pofile(text)
    except (OSError, ValueError) as exc:
        m = _LINE_RE.search(str(exc))
        raise LambreError(f"invalid PO: {str(exc).split(' (line')[0]}", file,
                          int(m.group(1)) if m else 1, 1) from None
    language = catalog.metadata.get("Language") or None
    segs = po_segments(text, plural=plural_numbers(catalog.metadata.get("Plural-Forms", "")))
    if include_fuzzy:
        return language, segs
    # an entry runs from its first line (polib's 1-based ``linenum``, comments included) to
    # the next entry's
    entries = sorted((e.linenum, e.fuzzy) for e in catalog if e.linenum is not None)
    starts = [line for line, _ in entries]
    # where each line begins: a segment's line by bisection (counting newlines from the top
    # for each segment made reading a catalogue quadratic: 0.3 s for 5,000 strings)
    line_starts = [m.end() for m in re.finditer("\n", text)]

    def fuzzy(seg: Segment) -> bool:
        line = bisect.bisect_right(line_starts, seg.doc_offset(0)) + 1
        k = bisect.bisect_right(starts, line) - 1
        return k >= 0 and entries[k][1]

    return language, [s for s in segs if not fuzzy(s)]
