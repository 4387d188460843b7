"""Ukrainian: the closed classes the checker uses (a pack for the language's model and rules
to come: pymorphy3-dicts-uk)."""

from __future__ import annotations

from ..base import Language, words

LANGUAGE = Language(
    code="uk",
    gender_by_referent=True,
    predicative_instrumental=True,
    attributes_precede=True,
    number_by_antecedent=words("хто"),
    demonstrative_subjects=words("це"),
    copula_lemmas=words("бути"),
    wh_lemmas=words("який котрий хто що чий чому де куди коли навіщо як"),
    measure_comparative=words("з із зі"),
    reciprocal="один",
)
