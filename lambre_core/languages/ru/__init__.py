"""Russian: six cases, pro-drop, a past tense in the gender of the person meant, numerals
that govern their phrase; the dictionary is pymorphy3 (OpenCorpora)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..base import Language, accusative_animacy, lazy, words


def _morph() -> Any:
    from .morph import morph

    return morph()


@lru_cache(maxsize=50000)
def _lexical(form: str, upos: str) -> dict[str, str]:
    from .. import opencorpora

    return opencorpora.lexical_features(_morph(), form, upos, voice=True)


def _classes(form: str) -> frozenset[str]:
    from .morph import word_classes

    return word_classes(form.lower())


@lru_cache(maxsize=20000)
def _substantivized(form: str) -> bool:
    """An adjective the dictionary marks as often used as a noun (grammeme Subx), or lists
    first as a noun of its own ("горючего", "сборная"; not "новом", whose noun reading
    "новое" is rare)."""
    morph = _morph()
    if morph is None:
        return False
    parses = morph.parse(form)
    return any("Subx" in p.tag.grammemes and "Apro" not in p.tag.grammemes for p in parses) or (
        bool(parses) and parses[0].tag.POS == "NOUN" and any(p.tag.POS == "ADJF" for p in parses))


@lru_cache(maxsize=20000)
def _short_only(form: str) -> bool:
    """A form that is only ever a short adjective ("близка", "недовольны")."""
    morph = _morph()
    if morph is None:
        return False
    parses = [p for p in morph.parse(form) if p.tag.POS in ("ADJF", "ADJS", "PRTF", "PRTS")]
    return bool(parses) and all(p.tag.POS in ("ADJS", "PRTS") for p in parses)


@lru_cache(maxsize=20000)
def _adverb_first(form: str) -> bool:
    """A form whose likeliest reading is an adverb ("подряд": in a row; not "раз", times)."""
    morph = _morph()
    if morph is None:
        return False
    parses = morph.parse(form)
    return bool(parses) and parses[0].tag.POS == "ADVB"


def _numeral(w: object) -> bool:
    morph = _morph()
    return morph is not None and any(p.tag.POS == "NUMR" for p in morph.parse(getattr(w, "form", "")))


#: adjectives with a noun complement, and its case
_COMPLEMENT_CASES = {
    **dict.fromkeys(words("полный полон достойный лишённый лишенный исполненный"), "Gen"),
    **dict.fromkeys(words("""верный преданный благодарный подобный равный свойственный присущий
        чуждый"""), "Dat"),
    **dict.fromkeys(words("""известный знаменитый славный богатый бедный довольный недовольный
        гордый занятый наполненный заполненный покрытый"""), "Ins"),
}

LANGUAGE = Language(
    infinitive_lemmas=True,
    code="ru",
    analyzer=lazy(f"{__name__}.morph", "analyzer"),
    analyzer_name="pymorphy3",
    inflect=lazy(f"{__name__}.morph", "inflect"),
    paradigm=lazy(f"{__name__}.morph", "paradigm"),
    form_bundles=lazy(f"{__name__}.morph", "form_bundles"),
    paradigm_name="pymorphy3",
    lemma=lazy(f"{__name__}.morph", "lemma"),
    lemma_dictionary=lazy(f"{__name__}.morph", "dictionary"),
    dictionary_retags=True,
    pro_drop=True,
    zero_copula=True,
    gender_by_referent=True,
    nearest_conjunct_agreement=True,
    predicative_instrumental=True,
    attributes_precede=True,
    counting_phrases=True,
    participles_as_adjectives=True,
    and_words=frozenset({"и", "а также"}),
    relative_pronouns=words("который которая которое которые"),
    relative_lemma="который",
    polite_pronouns=words("вы"),
    number_by_antecedent=words("кто"),
    demonstrative_subjects=words("это то"),
    demonstratives=words("этот тот"),
    copula_lemmas=words("быть являться"),
    predicative_verbs=words("""быть являться стать становиться оказаться оказываться казаться
        называться считаться остаться оставаться"""),
    male_nouns=words("""отец папа брат сын дядя дед дедушка муж мужчина парень юноша мальчик
        жених господин король царь принц граф князь внук племянник отчим тесть свёкор зять
        дедуля батюшка сынок братец"""),
    wh_lemmas=words("который кто что какой чей каков почему где куда откуда когда зачем как"),
    measure_comparative=words("с со"),
    substantive_pronouns=words("""ничего нечего чего-то чего-нибудь чего-либо кое-чего
        нечто что-то что-нибудь что-либо кое-что"""),
    reciprocal="друг",
    comitative=words("с со"),
    # adjectives with a complement in a case of their own: genitive ("полный людей", full of
    # people), dative ("верный слову", true to one's word), instrumental ("известный цинизмом",
    # known for its cynicism)
    case_governing_adjectives=frozenset(_COMPLEMENT_CASES),
    complement_cases=_COMPLEMENT_CASES,
    reflexive_verb_endings=("ся", "сь"),
    reflexives=words("себя"),
    # a quantity of a plural may take a plural verb ("most of my family and friends treat")
    quantity_nouns=words("большинство меньшинство множество ряд часть половина масса пара"),
    # the months: a number before one is a date's day, no count
    months=words("""январь февраль март апрель май июнь июль август сентябрь октябрь
        ноябрь декабрь января февраля марта апреля мая июня июля августа сентября октября ноября
        декабря"""),
    time_nouns=words("""день ночь год неделя месяц утро утром вечер вечером час минута секунда
        раз время лето летом зима зимой весна весной осень осенью ночью днём днем момент"""),
    range_words=words("или до"),
    word_classes=_classes,
    lexical_features=_lexical,
    animacy_agreement=accusative_animacy,
    substantivized=_substantivized,
    short_only=_short_only,
    adverb_first=_adverb_first,
    numeral=_numeral,
    subject_failures=lazy(f"{__name__}.clauses", "subject_failures"),
    miscased_objects=lazy(f"{__name__}.clauses", "object_nominatives"),
)
