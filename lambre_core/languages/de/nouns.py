"""German nouns from ``german-nouns`` (every case and number form, the gender): the German
pack's paradigm lexicon, mapped to UD features here."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from ...lexicon import Bundle, bundle_of

GN_CASE = {"nominativ": "Nom", "genitiv": "Gen", "dativ": "Dat", "akkusativ": "Acc"}
GN_NUM = {"singular": "Sing", "plural": "Plur"}
GN_GENDER = {"m": "Masc", "f": "Fem", "n": "Neut"}


@lru_cache(maxsize=1)
def german_nouns() -> Any:
    """The noun store (``noun_store``) over ``german-nouns``; None when it is not installed."""
    # an on-disk index looked up per word (``noun_store``), not the package's 215 MB of dicts;
    # same ``.index`` membership and ``[word]`` records
    from .noun_store import open_store

    return open_store()


def records(word: str) -> list[dict[str, Any]]:
    nouns = german_nouns()
    if nouns is None or not word:
        return []
    try:
        return list(nouns[word])
    except (KeyError, IndexError):
        return []


def record_paradigm(rec: dict[str, Any]) -> dict[Bundle, set[str]]:
    gender = GN_GENDER.get(str(rec.get("genus", "")).strip()[:1])
    out: dict[Bundle, set[str]] = defaultdict(set)
    for key, form in (rec.get("flexion") or {}).items():
        words = key.replace("*", "").split()
        if len(words) < 2 or not form:
            continue
        case, num = GN_CASE.get(words[0]), GN_NUM.get(words[1])
        if not case or not num:
            continue
        feats = {"Case": case, "Number": num}
        if gender:
            feats["Gender"] = gender
        out[bundle_of(feats)].add(form)
    return out


def paradigm(lemma: str, upos: str) -> dict[Bundle, set[str]]:
    """The forms of a noun lemma by bundle (empty for other classes or an unknown noun)."""
    out: dict[Bundle, set[str]] = defaultdict(set)
    if upos == "NOUN":
        for rec in records(lemma):
            if rec.get("lemma") == lemma:
                for b, forms in record_paradigm(rec).items():
                    out[b] |= forms
    return dict(out)


def form_bundles(form: str, upos: str | None) -> frozenset[Bundle]:
    """Every bundle a noun form has (empty for other classes)."""
    out: set[Bundle] = set()
    if upos in (None, "NOUN"):
        for rec in records(form):
            for b, forms in record_paradigm(rec).items():
                if form in forms:
                    out.add(b)
    return frozenset(out)
