"""Paradigm tables a pack writes out where no dictionary installs offline (Czech, Greek): cell
specs (``"Nom/Acc Sing Fem; Gen Plur *"``) read into feature bundles, and nouns analysed from a
list of lemmas with their genders and the language's declension tables.

A pack keeps a list (``noun_genders.tsv``, written by ``scripts/noun_genders.py`` from its
model's train split: lemma, genders, the numbers it was seen in) and tables (ending -> the
cells it marks, ``"Gen Sing; Nom/Acc Plur"``). ``form_index`` makes every form the listed
lemmas' tables make from their unchanged stem, with the cells it has; a form two lemmas make
has both lemmas' cells."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

Bundle = dict[str, str]
#: lemma -> (its genders as bundles: {"Gender": ..., "Animacy": ...}, seen in the singular)
NounList = dict[str, tuple[tuple[Bundle, ...], bool]]
#: form -> (lemma, analysis) pairs
FormIndex = dict[str, tuple[tuple[str, Bundle], ...]]


def spec_bundles(spec: str, genders: Callable[[str], Sequence[Bundle]]) -> tuple[Bundle, ...]:
    """Bundles from a cell spec, ``"Nom/Voc Sing Masc; Gen Plur *"``: cases, number and a
    gender token the pack's ``genders`` reads into gender bundles (``*``: every gender)."""
    out: list[Bundle] = []
    for part in spec.split(";"):
        cases, number, token = part.split()
        for case in cases.split("/"):
            out.extend({"Case": case, "Number": number, **g} for g in genders(token))
    return tuple(out)


def spec_table(entries: Mapping[str, str], genders: Callable[[str], Sequence[Bundle]]
               ) -> dict[str, tuple[Bundle, ...]]:
    """form or ending -> the bundles of its cell spec."""
    return {key: spec_bundles(spec, genders) for key, spec in entries.items()}


def read_word_list(path: Path) -> frozenset[str]:
    """A pack's list of words or lemmas, one per line (``#`` starts a comment line)."""
    return frozenset(ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()
                     if ln.strip() and not ln.startswith("#"))


def read_noun_list(path: Path) -> NounList:
    """A pack's list of noun lemmas (``scripts/noun_genders.py``)."""
    out: NounList = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        lemma, genders, numbers = line.split("\t")[:3]
        bundles = []
        for g in genders.split(","):
            gender, _, animacy = g.partition("/")
            bundles.append({"Gender": gender, **({"Animacy": animacy} if animacy else {})})
        out[lemma] = (tuple(bundles), "Sing" in numbers.split(","))
    return out


def cells(spec: str) -> list[tuple[str, str]]:
    """(case, number) pairs of a table cell spec: ``"Nom/Acc Sing; Gen Plur"``."""
    out: list[tuple[str, str]] = []
    for part in spec.split(";"):
        cases, number = part.split()
        out.extend((case, number) for case in cases.split("/"))
    return out


def form_index(nouns: NounList,
               declensions: Callable[[str, Bundle], list[tuple[Mapping[str, str], str]]],
               key: Callable[[str], str] = str.lower, min_stem: int = 2) -> FormIndex:
    """form (as ``key`` writes it) -> (lemma, analysis) for every cell the listed lemmas'
    declensions make it; ``declensions(lemma, gender)`` gives (table, stem) pairs. A plurale
    tantum (never seen in the singular) is left out: its plural is not the table's."""
    index: dict[str, list[tuple[str, Bundle]]] = {}
    for lemma, (genders, singular) in nouns.items():
        if not singular:
            continue
        for gender in genders:
            for table, stem in declensions(lemma, gender):
                if len(stem) < min_stem:
                    continue
                for ending, spec in table.items():
                    got = index.setdefault(key(stem + ending), [])
                    for case, number in cells(spec):
                        entry = (lemma, {**gender, "Case": case, "Number": number})
                        if entry not in got:
                            got.append(entry)
    return {form: tuple(v) for form, v in index.items()}


def analyses_of(index: FormIndex, form_key: str, lemma_key: str) -> list[Bundle] | None:
    """The analyses the index gives a form; None where it gives none, or where the lemmatizer
    gave a lemma (other than the form itself) that is none of the lemmas making the form."""
    got = index.get(form_key)
    if not got:
        return None
    if lemma_key and lemma_key != form_key and lemma_key not in {m for m, _b in got}:
        return None
    out: list[Bundle] = []
    for _lemma, bundle in got:
        if bundle not in out:
            out.append(dict(bundle))
    return out
