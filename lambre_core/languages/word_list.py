"""simplemma's word lists read back as lemma -> the forms listed for it: paradigm evidence where
no morphological dictionary installs offline (Czech nouns' genders, ``cs.morph._word_list_nouns``;
German adjective and verb lemmas, ``scripts/word_list_lemmas.py``).

simplemma ships, per language, a form -> lemma table built from Michal Měchura's lemmatization
lists (ODbL) and Wiktionary (CC BY-SA); it says no word class and no features, only which forms
belong to one lemma. A form listed under two lemmas is listed under one only, so a lemma's forms
may be fewer than its paradigm's: a pack reads them as evidence of a paradigm, never as every
form a lemma has."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache
from pathlib import Path

from .paradigm_tables import Bundle, NounList

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
        return DefaultDictionaryFactory().get_dictionary(lang)
    except (ValueError, OSError, EOFError, LookupError) as exc:
        _warn_once(f"{PACKAGE} has no usable {lang} word list ({type(exc).__name__}: {exc})")
        return {}


def data_file(lang: str) -> Path | None:
    """The file simplemma reads ``lang``'s table from (its digest keys the parses and check
    results that depend on it), or None."""
    try:
        from simplemma.strategies.dictionaries import dictionary_factory
    except ImportError:
        return None
    path = Path(dictionary_factory.__file__).with_name("data") / f"{lang}.plzma"
    return path if path.is_file() else None


def lemma_of(lang: str, form: str) -> str | None:
    """The one lemma the word list gives ``form`` (as written), or None."""
    return _table(lang).get(form)


def lemma_forms(lang: str) -> dict[str, frozenset[str]]:
    """lemma -> its forms, for the lowercase, letters-only entries of ``lang``'s table (names,
    abbreviations and numbers left out); empty where there is no table. Not kept: a pack reads
    it once, to class its lemmas."""
    out: dict[str, set[str]] = {}
    for form, lemma in _table(lang).items():
        if form.isalpha() and form.islower() and lemma.isalpha() and lemma.islower():
            out.setdefault(lemma, set()).add(form)
    return {lemma: frozenset(forms) for lemma, forms in out.items()}


def lemmas_with_endings(lang: str, endings: Sequence[str],
                        strip: Sequence[str] = ()) -> frozenset[str]:
    """Lowercase lemmas the word list gives a form stem + ending for each of ``endings``, where
    the stem is the lemma less the longest of ``strip`` it ends with (the whole lemma when
    ``strip`` is empty; lemmas ending in none are left out) and an ending may name
    alternatives ("t|et"): the lemmas of a class that inflects by adding them (German
    adjectives by -e, -en, -er; verbs, listed under their infinitive, by -e and -t or -et on
    the infinitive's stem), which nouns, written with a capital, are not. Empty where there is
    no table. Not kept: read once, to write the list."""
    slots = [frozenset(e.split("|")) for e in endings]
    cuts = sorted(strip, key=len, reverse=True)
    out: set[str] = set()
    for lemma, listed in lemma_forms(lang).items():
        cut = next((c for c in cuts if lemma.endswith(c)), None) if cuts else ""
        if cut is None:
            continue
        stem = lemma[:len(lemma) - len(cut)]
        if stem and all(any(stem + e in listed for e in slot) for slot in slots):
            out.add(lemma)
    return frozenset(out)


def genders_by_forms(forms: Mapping[str, Collection[str]], classes: Sequence[Bundle],
                     declensions: Callable[[str, Bundle], list[tuple[Mapping[str, str], str]]],
                     min_forms: int = 4, margin: int = 2,
                     unexplained: float = 1 / 3) -> NounList:
    """Noun lemmas of a word list (lemma -> the forms it lists for it) with the gender whose
    declension tables make the most of those forms. A lemma is kept only when that gender's
    tables make at least ``min_forms`` of them (the citation form included), no more than
    ``unexplained`` of its forms are made by none (a verb's or an adjective's forms fit no
    noun table), and every other gender makes ``margin`` fewer. Classes of the same gender
    that tie (masculine animate and inanimate, when the forms seen are the same) are all kept."""
    out: NounList = {}
    for lemma, listed in forms.items():
        seen = {*listed, lemma}
        counts = []
        for gender in classes:
            made = {stem + ending for table, stem in declensions(lemma, gender)
                    for ending in table}
            counts.append(len(seen & (made | {lemma})) if made else 0)
        best = max(counts, default=0)
        if best < min_forms or len(seen) - best > unexplained * len(seen):
            continue
        top = tuple(g for g, n in zip(classes, counts, strict=True) if n == best)
        if len({g["Gender"] for g in top}) > 1:
            continue
        rival = max((n for g, n in zip(classes, counts, strict=True)
                     if g["Gender"] != top[0]["Gender"]), default=0)
        if best - rival >= margin:
            out[lemma] = (top, True)
    return out
