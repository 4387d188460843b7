"""simplemma's word lists read back as lemma -> the forms listed for it: paradigm evidence for a
pack that has no morphological dictionary offline (the Czech nouns' genders).

simplemma ships, per language, a form -> lemma table built from Michal Měchura's lemmatization
lists (ODbL) and Wiktionary (CC BY-SA); it says no word class and no features, only which forms
belong to one lemma. A form listed under two lemmas is listed under one only, so a lemma's forms
may be fewer than its paradigm's: a pack reads them as evidence of a paradigm, never as every
form a lemma has."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

#: the package whose data this reads (its version is in the check cache's fingerprint)
PACKAGE = "simplemma"


@cache
def _table(lang: str) -> Mapping[str, str]:
    """simplemma's form -> lemma table of ``lang``; empty, said once, where simplemma or its
    table for ``lang`` is missing."""
    from ..analyses import _warn_once

    try:
        from simplemma.strategies.dictionaries import DefaultDictionaryFactory
    except ImportError:
        _warn_once(f"{PACKAGE} is not installed: no {lang} word list, and no error that needs "
                   "one is proven")
        return {}
    try:
        return DefaultDictionaryFactory().get_dictionary(lang)  # type: ignore[no-any-return]
    except (ValueError, OSError, EOFError, LookupError) as exc:
        _warn_once(f"{PACKAGE} has no usable {lang} word list ({type(exc).__name__}: {exc})")
        return {}


def lemma_of(lang: str, form: str) -> str | None:
    """The one lemma the word list gives ``form`` (as written), or None."""
    return _table(lang).get(form)


@cache
def lemma_forms(lang: str) -> dict[str, frozenset[str]]:
    """lemma -> its forms, for the lowercase, letters-only entries of ``lang``'s table (names,
    abbreviations and numbers left out); empty where there is no table."""
    out: dict[str, set[str]] = {}
    for form, lemma in _table(lang).items():
        if form.isalpha() and form.islower() and lemma.isalpha() and lemma.islower():
            out.setdefault(lemma, set()).add(form)
    return {lemma: frozenset(forms) for lemma, forms in out.items()}
