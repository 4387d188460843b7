"""Which format a file is in, and its checkable segments.

``read_file(path, text)`` returns the file's ``Checkable``: its format, the language the file
itself declares (PO ``Language:``, XLIFF ``target-language``/``trgLang``, Qt ``language``, ARB
``@@locale``, a Rails YAML root key) and its segments, placeholders masked, ICU branches
expanded. Plain text and Markdown keep the prose segments of ``markup``. None: not a format
``check`` knows (skipped with a note)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import PurePath

from ..markup import Segment, markdown_segments, plain_segments
from .locale import normalize
from .placeholders import mask

#: file suffix -> format
SUFFIXES = {
    ".po": "po", ".pot": "po", ".xlf": "xliff", ".xliff": "xliff", ".arb": "arb",
    ".xcstrings": "xcstrings", ".ftl": "fluent", ".properties": "properties",
    ".strings": "strings", ".json": "json", ".yml": "yaml", ".yaml": "yaml", ".ts": "ts",
    ".xml": "xml", ".txt": "plain", ".text": "plain", ".md": "markdown", ".markdown": "markdown",
    ".mdown": "markdown", ".mkd": "markdown",
}
#: formats whose strings are translations (placeholders masked)
TRANSLATION_FORMATS = ("po", "xliff", "android", "ts", "json", "arb", "xcstrings", "fluent",
                       "properties", "strings", "yaml")


@dataclass(frozen=True)
class Checkable:
    """A file's format, the language it declares (None: none) and its checkable segments."""

    format: str
    language: str | None
    segments: list[Segment]


def format_for(path: str, text: str) -> str | None:
    """The format of a file from its suffix, and for ``.xml``/``.ts`` its root element."""
    fmt = SUFFIXES.get(PurePath(path).suffix.lower())
    head = text[:4000].lstrip("\ufeff \t\r\n")
    if fmt == "xml":
        if "<resources" in head:
            return "android"
        return "xliff" if "<xliff" in head else None
    if fmt == "ts":  # Qt Linguist, not TypeScript
        return "ts" if head.startswith("<") and "<TS" in head else None
    return fmt


def read_file(path: str, text: str, include_fuzzy: bool = False) -> Checkable | None:
    """The checkable segments of a file (see the module doc); None for an unknown format.
    ``include_fuzzy``: also the fuzzy entries of a PO file. Raises ``LambreError`` (file, line,
    column) for a file that does not parse."""
    fmt = format_for(path, text)
    if fmt is None:
        return None
    if fmt == "plain":
        return Checkable(fmt, None, plain_segments(text))
    if fmt == "markdown":
        return Checkable(fmt, None, markdown_segments(text))
    language, segs = _strings(fmt, path, text, include_fuzzy)
    if fmt in KEYED_FORMATS:
        from .sources import attach_sources

        segs = attach_sources(path, segs, lambda p, t: _strings(fmt, p, t, False)[1])
    masked = [v for seg in segs for v in mask(seg) if v.text.strip()]
    # a segment's own language (xcstrings localizations) normalised like the file's
    masked = [v if v.language is None else _with_language(v, normalize(v.language)) for v in masked]
    return Checkable(fmt, normalize(language), masked)


#: formats whose strings have keys and whose source strings live in a base-language file
KEYED_FORMATS = ("android", "json", "arb", "properties")


def _strings(fmt: str, path: str, text: str, include_fuzzy: bool
             ) -> tuple[str | None, list[Segment]]:
    """(the language the file declares, its translation strings) of a translation file of
    ``fmt``, before masking."""
    language: str | None = None
    segs: list[Segment]
    if fmt == "po":
        from .pofmt import po_file

        language, segs = po_file(text, path, include_fuzzy)
    elif fmt in ("xliff", "android", "ts"):
        from .xmlfmt import read_xml

        doc = read_xml(text, path, fmt)
        language, segs = doc.language, doc.segments
    elif fmt in ("json", "arb", "xcstrings"):
        from . import jsonfmt

        if fmt == "arb":
            segs = jsonfmt.arb_segments(text, path)  # first: it checks the text's shape
            language = jsonfmt.arb_language(text) if text.strip() else None
        elif fmt == "xcstrings":
            segs = jsonfmt.xcstrings_segments(text, path)
        else:
            segs = jsonfmt.i18next_segments(text, path)
    elif fmt == "fluent":
        from .fluentfmt import fluent_segments

        segs = fluent_segments(text, path)
    elif fmt in ("properties", "strings"):
        from . import propfmt

        segs = (propfmt.properties_segments if fmt == "properties"
                else propfmt.strings_segments)(text, path)
    else:  # yaml
        from .yamlfmt import yaml_file

        language, segs = yaml_file(text, path)
    return language, segs


def _with_language(seg: Segment, language: str | None) -> Segment:
    return dataclasses.replace(seg, language=language)
