"""Greek: articles with case, pro-drop; no complete dictionary offline (the treebank lexicon
only)."""

from __future__ import annotations

from ..base import Language, words

LANGUAGE = Language(
    code="el",
    # ablaut's one-word forms (no passive and no subjunctive there)
    ablaut_forms=("present_all", "imperfect", "aorist", "imperative", "gerund"),
    pro_drop=True,
    and_words=words("και"),
    demonstrative_subjects=words("αυτό"),
    copula_lemmas=words("είμαι"),
)
