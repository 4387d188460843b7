"""Czech: seven cases, pro-drop, a past tense in the gender of the person meant; no complete
dictionary offline (the treebank lexicon only)."""

from __future__ import annotations

from ..base import Language, words

LANGUAGE = Language(
    code="cs",
    pro_drop=True,
    gender_by_referent=True,
    predicative_instrumental=True,
    attributes_precede=True,
    and_words=words("a"),
    demonstrative_subjects=words("to tohle"),
    copula_lemmas=words("být"),
    wh_lemmas=words("který jenž kdo co jaký čí proč kde kam kdy jak"),
    # the relative "jenž" after a preposition: feminine singular "níž" in four cases
    closed_forms={("níž", "PRON"): tuple(
        {"Case": c, "Gender": "Fem", "Number": "Sing", "PronType": "Rel"}
        for c in ("Gen", "Dat", "Loc", "Ins"))},
)
