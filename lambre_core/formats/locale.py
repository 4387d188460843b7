"""Languages of translation files: normalising locale codes and finding one in a file's path."""

from __future__ import annotations

import re
from functools import cache
from pathlib import PurePath

# a path part that is a locale (de, de_DE, de-AT, pt-BR, zh-Hans), Android's values-de,
# values-de-rAT and values-b+de+DE, Apple's de.lproj, or a name ending in one (app_de.arb,
# messages_de.properties, strings.de.json)
_PART_RE = re.compile(
    r"^(?:values-(?:b\+)?)?(?P<lang>[a-z]{2,3})(?:[-_+](?:r?[A-Z]{2}|[A-Z][a-z]{3}|\d{3}))*"
    r"(?:\.lproj)?$"
)
_STEM_SUFFIX_RE = re.compile(r"(?:^|[._-])(?P<lang>[a-z]{2,3})(?:[-_](?:[A-Z]{2}|[A-Z][a-z]{3}))?$")


@cache
def _known() -> frozenset[str]:
    """ISO 639 codes translate-toolkit knows (so 'app' or 'src' is never taken for a language)."""
    from translate.lang.data import languages

    return frozenset(code.split("_")[0].split("-")[0].lower() for code in languages)


def locale_part(part: str) -> str | None:
    """The language a whole path part names (``de``, ``de_DE``, ``values-de-rAT``,
    ``de.lproj``), when it is a code translate-toolkit knows; else None."""
    m = _PART_RE.match(part)
    return m.group("lang") if m and m.group("lang") in _known() else None


def locale_suffix(stem: str) -> tuple[str, int] | None:
    """(language, where its code starts) when a file stem ends in a known locale code
    (``messages_de``, ``app_de_DE``, ``strings.de``); else None."""
    m = _STEM_SUFFIX_RE.search(stem)
    if m and m.group("lang") in _known():
        return m.group("lang"), m.start()
    return None


def normalize(code: str | None) -> str | None:
    """The primary language subtag of a locale code: ``de_DE`` -> ``de``; None when empty."""
    if not code or not code.strip():
        return None
    primary = re.split(r"[-_@.+]", code.strip())[0].lower()
    return primary or None


def language_from_path(path: str) -> str | None:
    """The language a path names, innermost part first (``res/values-de/strings.xml`` -> de,
    ``locales/de/app.json`` -> de, ``l10n/app_de.arb`` -> de)."""
    parts = PurePath(path).parts
    for k, part in enumerate(reversed(parts)):
        if k == 0:  # the file name: its stem, every suffix off
            name = part.split(".")[0] if not part.startswith(".") else part
            for cand in (name, PurePath(part).stem):
                # (a whole-part code first: "de_DE" names de, not its suffix "DE")
                m = _PART_RE.match(cand)
                lang = m.group("lang") if m and m.group("lang") in _known() else None
                found = lang or (locale_suffix(cand) or (None, 0))[0]
                if found:
                    return found
            continue
        lang = locale_part(part)
        if lang:
            return lang
    return None
