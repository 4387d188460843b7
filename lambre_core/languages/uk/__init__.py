"""Ukrainian: seven cases, pro-drop, a past tense in the gender of the person meant; the
dictionary is pymorphy3 with ``pymorphy3-dicts-uk`` (VESUM)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..base import Language, accusative_animacy, lazy, words


def _analyzer() -> Any:
    from .morph import analyses, available

    return analyses if available() else None


@lru_cache(maxsize=50000)
def _lexical(form: str, upos: str) -> dict[str, str]:
    from .. import opencorpora
    from .morph import _morph

    return opencorpora.lexical_features(_morph(), form, upos)


def _classes(form: str) -> frozenset[str]:
    from .morph import word_classes

    return word_classes(form.lower())


def _numeral(w: object) -> bool:
    return "NUM" in _classes(getattr(w, "form", ""))


LANGUAGE = Language(
    infinitive_lemmas=True,
    code="uk",
    pro_drop=True,
    zero_copula=True,
    gender_by_referent=True,
    nearest_conjunct_agreement=True,
    predicative_instrumental=True,
    attributes_precede=True,
    # numerals govern their phrase (2-4 take the nominative plural, 5 and up the genitive)
    counting_phrases=True,
    participles_as_adjectives=True,
    and_words=words("і й та"),
    relative_pronouns=words("який яка яке які"),
    relative_lemma="який",
    polite_pronouns=words("ви"),
    number_by_antecedent=words("хто"),
    demonstrative_subjects=words("це те"),
    demonstratives=words("цей той"),
    copula_lemmas=words("бути являтися"),
    predicative_verbs=words("""бути являтися стати ставати виявитися виявлятися здаватися
        називатися вважатися залишитися залишатися"""),
    male_nouns=words("""батько тато брат син дядько дід дідусь чоловік хлопець юнак хлопчик
        наречений пан король цар принц граф князь онук племінник вітчим тесть свекор зять"""),
    wh_lemmas=words("який котрий хто що чий чому де куди звідки коли навіщо як"),
    measure_comparative=words("з із зі"),
    substantive_pronouns=words("нічого щось чогось що-небудь будь-що"),
    reciprocal="один",
    comitative=words("з із зі"),
    reflexive_verb_endings=("ся", "сь"),
    reflexives=words("себе"),
    # the months: a number before one is a date's day, no count
    months=words("""січень лютий березень квітень травень червень липень серпень
        вересень жовтень листопад грудень січня лютого березня квітня травня червня липня серпня
        вересня жовтня листопада грудня"""),
    time_nouns=words("""день ніч рік тиждень місяць ранок вечір година хвилина секунда раз час
        літо зима весна осінь момент"""),
    range_words=words("або чи до"),
    analyzer=_analyzer,
    analyzer_name="pymorphy3-dicts-uk",
    subject_failures=lazy(f"{__name__}.clauses", "subject_failures"),
    miscased_objects=lazy(f"{__name__}.clauses", "object_nominatives"),
    inflect=lazy(f"{__name__}.morph", "inflect"),
    lemma=lazy(f"{__name__}.morph", "lemma"),
    word_classes=_classes,
    lexical_features=_lexical,
    animacy_agreement=accusative_animacy,
    retag_function_words=True,
    numeral=_numeral,
)
