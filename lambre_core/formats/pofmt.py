"""gettext PO files: ``polib`` validates the file and reads its ``Language:`` header; the
translations (``msgstr``, plural forms) come from ``markup.po_segments``, which maps every
character, escapes included, back to the file."""

from __future__ import annotations

import re

from ..errors import LambreError
from ..markup import Segment, po_segments

_LINE_RE = re.compile(r"\(line (\d+)\)")


def po_file(text: str, file: str) -> tuple[str | None, list[Segment]]:
    """(the header's language, the translations) of a PO file."""
    import polib

    try:
        catalog = polib.pofile(text)
    except (OSError, ValueError) as exc:
        m = _LINE_RE.search(str(exc))
        raise LambreError(f"invalid PO: {str(exc).split(' (line')[0]}", file,
                          int(m.group(1)) if m else 1, 1) from None
    language = catalog.metadata.get("Language") or None
    return language, po_segments(text)
