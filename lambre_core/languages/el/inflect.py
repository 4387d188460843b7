"""Greek fixes (the pack's ``inflect`` hook) for the articles, whose paradigm is closed: the
forms of the same article (definite or indefinite) with the wanted case, number and gender.
Nouns and adjectives get none: the pack reads them by their ending, and their stress moves
between cells ("άνθρωπος", "ανθρώπου"), which an ending alone cannot say."""

from __future__ import annotations

from typing import Any

from .morph import _ARTICLES, _DEFINITE

#: the features a fix of an article sets
_KEYS = ("Case", "Number", "Gender")


def inflect(word: Any, feats: Any) -> list[str]:
    """Forms of an article with the wanted case, number and gender, in its capitalisation; the
    form with fewest other readings first ("τον" before "το" for the masculine accusative)."""
    low = word.form.lower()
    if word.upos != "DET" or low not in _ARTICLES:
        return []
    want = {k: feats[k] for k in _KEYS if k in feats}
    same = {f: cells for f, cells in _ARTICLES.items()
            if (f in _DEFINITE) == (low in _DEFINITE) and f != low}
    out = sorted((f for f, cells in same.items()
                  if any(all(c.get(k) == v for k, v in want.items()) for c in cells)),
                 key=lambda f: len(same[f]))
    if word.form[:1].isupper():
        out = [f[:1].upper() + f[1:] for f in out]
    return out
