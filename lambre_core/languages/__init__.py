"""Language packs: one package per language holds everything lambre knows about it (closed
classes, clause facts, hooks into its dictionary); the checker asks :func:`language` and never
names a word of a particular language. A language without a pack gets the neutral
:class:`~lambre_core.languages.base.Language` (no mechanism that needs language knowledge).

Adding a language: a package ``lambre_core/languages/<code>/`` whose ``__init__.py`` defines
``LANGUAGE = Language(code="<code>", ...)`` with the fields that apply (README, "Adding a
language")."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

from .base import Language, words

__all__ = ["Language", "language", "pack_codes", "words"]


@cache
def language(code: str) -> Language:
    """The pack of language ``code`` (a neutral one when there is none)."""
    try:
        module = importlib.import_module(f"{__name__}.{code}")
    except ModuleNotFoundError:
        return Language(code=code)
    pack: Language = module.LANGUAGE
    return pack


def pack_codes() -> list[str]:
    """The codes of the languages that have a pack, sorted."""
    here = Path(__file__).resolve().parent
    return sorted(p.name for p in here.iterdir() if (p / "__init__.py").is_file())
