"""Source strings of keyed catalogues, from their base-language file.

PO, XLIFF and Qt files hold each source string beside its translation. Android, ARB, JSON and
Java properties catalogues hold only the translation; the source string lives under the same key
in the base-language file beside it: ``res/values-de/strings.xml`` -> ``res/values/strings.xml``,
``l10n/app_de.arb`` -> ``l10n/app_en.arb``, ``_locales/de/messages.json`` ->
``_locales/en/messages.json``, ``messages_de.properties`` -> ``messages.properties``. The source
decides whether a translation is a sentence or a label (``genre.is_label``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from ..errors import LambreError
from ..files import decode_text, read_regular_file
from ..markup import Segment
from .locale import locale_part, locale_suffix

#: the base file is read only when it is at most this large
MAX_BASE_BYTES = 20_000_000
#: what a base-language locale is called in a path, most usual first
_BASE_LOCALES = ("en", "en-US", "en_US", "en-GB", "en_GB")


def base_candidates(path: str) -> list[Path]:
    """Where the base-language file of the catalogue at ``path`` may be, most likely first."""
    p = Path(path)
    out: list[Path] = []
    suffix = locale_suffix(p.stem)
    if suffix is not None:
        start = suffix[1]
        cut = p.stem[:start]
        sep = p.stem[start] if start < len(p.stem) and start else ""
        if sep in "._-" and cut:
            out.append(p.with_name(cut + p.suffix))  # messages_de.properties -> messages.properties
            out += [p.with_name(f"{cut}{sep}{en}{p.suffix}") for en in _BASE_LOCALES]
    parts = list(p.parts)
    for k in range(len(parts) - 2, -1, -1):
        if locale_part(parts[k]) is None:
            continue
        if parts[k].startswith("values-"):
            out.append(Path(*parts[:k], "values", *parts[k + 1:]))
        else:
            out += [Path(*parts[:k], en, *parts[k + 1:]) for en in _BASE_LOCALES]
        break
    return [c for c in out if c != p]


def attach_sources(path: str, segs: list[Segment],
                   read: Callable[[str, str], list[Segment]]) -> list[Segment]:
    """``segs`` with the source string of each keyed segment from the base-language file, read
    with ``read(path, text)`` (the catalogue's own reader); unchanged when there is no base
    file or it cannot be read (the sources are a help, never a reason to fail)."""
    if not any(s.key is not None and s.source is None for s in segs):
        return segs
    for cand in base_candidates(path):
        if not cand.is_file():
            continue
        try:
            text = decode_text(read_regular_file(cand, MAX_BASE_BYTES), str(cand))
            base = read(str(cand), text)
        except (OSError, LambreError, ValueError):
            return segs
        by_key = {s.key: s.text for s in base if s.key is not None}
        return [dataclasses.replace(s, source=by_key[s.key])
                if s.source is None and s.key in by_key else s for s in segs]
    return segs

