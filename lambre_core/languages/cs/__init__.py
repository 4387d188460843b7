"""Czech: seven cases, pro-drop, a past tense in the gender of the person meant. No morphological
dictionary installs offline: ``morph.py`` analyses the classes whose forms say their features
(pronouns, determiners, adjectives, verbs, a noun's gender), the rest is the tagger's."""

from __future__ import annotations

import re
from typing import Any

from ..base import Language, lazy, words

#: "jenž" after a preposition: form -> (case, gender or "" for all, number) cells
_JENZ_AFTER_PREPOSITION: dict[str, tuple[tuple[str, str, str], ...]] = {
    "níž": (("Gen", "Fem", "Sing"), ("Dat", "Fem", "Sing"), ("Loc", "Fem", "Sing"),
            ("Ins", "Fem", "Sing")),
    "niž": (("Acc", "Fem", "Sing"),),
    "něhož": (("Gen", "Masc", "Sing"), ("Acc", "Masc", "Sing"), ("Gen", "Neut", "Sing")),
    "nějž": (("Acc", "Masc", "Sing"),),
    "němuž": (("Dat", "Masc", "Sing"), ("Dat", "Neut", "Sing")),
    "němž": (("Loc", "Masc", "Sing"), ("Loc", "Neut", "Sing")),
    "nímž": (("Ins", "Masc", "Sing"), ("Ins", "Neut", "Sing")),
    "něž": (("Acc", "", "Plur"), ("Acc", "Neut", "Sing")),
    "nichž": (("Gen", "", "Plur"), ("Loc", "", "Plur")),
    "nimž": (("Dat", "", "Plur"),),
    "nimiž": (("Ins", "", "Plur"),),
}

#: a present active participle (an adjective in -ící, -oucí: "kupující", "cestujícího"), as
#: often a person ("the buyer") as an attribute
_PARTICIPLE_NOUN = re.compile(r"(?:ící|oucí)(?:ho|mu|m|ch|mi)?$")


#: abbreviations that end a list ("atd." = "and so on"): never a noun an adjective could agree with
_LIST_ENDS = words("atd apod atp aj")
#: adverbs that are also forms of an inflected word ("tu": "here" and "ten"'s feminine
#: accusative; "trochu": "a bit" and "trocha"'s accusative): a failed arc of such a form may be
#: the adverb's
_ADVERB_HOMOGRAPHS = {"tu": frozenset({"ADV", "DET"}), "trochu": frozenset({"ADV", "NOUN"}),
                      "kolem": frozenset({"ADV", "ADP", "NOUN"}),
                      "chvíli": frozenset({"ADV", "NOUN"}), "kousek": frozenset({"ADV", "NOUN"}),
                      # prepositions made of a noun's form ("pomocí": by means of), and
                      # "mimo" (outside), which the small tagger reads as nouns and adjectives
                      **{p: frozenset({"ADP", "NOUN"})
                         for p in ("pomocí", "během", "prostřednictvím", "vzhledem")},
                      "mimo": frozenset({"ADP"})}


#: the collective numerals of kinds ("obojí": both kinds), adjectives to the treebank, never
#: verbs for all their verb-like ending
_KIND_NUMERALS = words("obojí dvojí trojí čtverý")


#: a number in digits, a decimal or a fraction ("8", "2,5", "1/2")
_NUMBER = re.compile(r"\d+(?:[.,/]\d+)*")


def _possessive(low: str) -> bool:
    """A form of "můj", "tvůj", "svůj", "náš" or "váš": the small tagger reads some as
    adjectives of another lemma or as verbs ("váš" lemmatized "tvůj", "Tvůj" a verb). "má"
    ("has") and "mi", "mu" (pronouns) are not in the paradigm or are left out."""
    from .morph import possessive_form

    return low != "má" and possessive_form(low)


def _closed_class(form: str) -> str | None:
    low = form.lower()
    if low in _KIND_NUMERALS:
        return "ADJ"
    if _possessive(low):
        return "DET"
    if _NUMBER.fullmatch(low):
        # a number in digits (or a fraction, a decimal) is a numeral: the fiction treebank has
        # too few for the tagger to know them, which reads them as nouns in any case and gender
        return "NUM"
    return "ADV" if low in _LIST_ENDS else None


def _number_word(digits: str) -> str | None:
    """The cardinal a number in digits is read as, for the noun it counts: two to four count a
    plural in the phrase's case ("3 dny"), five and up a genitive plural ("8 rozsahů"). None
    for one, for 21-24, 31-34... (read either way: "dvacet dva dny", "dvaadvacet dní") and for
    the numbers of years (1000-2099: "2023 ...", a year before the noun)."""
    if not digits.isdigit() or (len(digits) > 1 and digits[0] == "0"):
        return None
    n = int(digits)
    if n in (2, 3, 4):
        return "dva"
    if n < 5 or (1000 <= n < 2100 and len(digits) == 4) \
            or (n % 10 in (1, 2, 3, 4) and n % 100 not in range(11, 20)):
        return None
    return "pět"


def _word_classes(form: str) -> frozenset[str]:
    # (no dictionary: only these forms' classes are known; an empty set says "cannot tell")
    return _ADVERB_HOMOGRAPHS.get(form.lower(), frozenset())


def _substantivized(form: str) -> bool:
    return _PARTICIPLE_NOUN.search(form.lower()) is not None


def _analyzer() -> Any:
    from .morph import analyses

    return analyses


LANGUAGE = Language(
    infinitive_lemmas=True,
    code="cs",
    # ablaut's one-word forms: the past and conditional are analytic ("psal jsem"), their verb
    # the past participle; the negation is a prefix of every form ("je" -> "není": být aside,
    # "neje" is a form of "jíst")
    ablaut_forms=("infinitive", "present", "imperative", "past_participle", "passive_participle",
                  "transgressive"),
    negation_prefix="ne",
    irregular_negation=words("být"),
    pro_drop=True,
    gender_by_referent=True,
    nearest_conjunct_agreement=True,
    predicative_instrumental=True,
    attributes_precede=True,
    and_words=words("a"),
    demonstrative_subjects=words("to tohle"),
    demonstratives=words("ten tento tamten tenhle onen takový"),
    # nouns of quantity whose verb may take the number of the plural they count ("spousta
    # věcí jsou")
    quantity_nouns=words("spousta většina řada množství polovina menšina hromada"),
    copula_lemmas=words("být"),
    # adjectives with a complement in a case of their own: genitive ("plný vody", full of
    # water), dative ("podobný otci", like the father), instrumental ("známý svou krásou",
    # known for its beauty)
    case_governing_adjectives=words("""plný prázdný prostý hodný hoden schopný neschopný
        vědomý pamětlivý žádostivý chtivý podobný nepodobný blízký vzdálený věrný nevěrný
        vděčný nevděčný nápomocný oddaný cizí rovný úměrný příbuzný poslušný povinný
        zavázaný známý proslulý pověstný vyhlášený bohatý chudý hrdý spokojený nespokojený
        jistý"""),
    # -ový, -ský, -cký: "lískový" (of hazel), "český" (not the soft -ní ones, which name
    # trades as nouns: "účetní", an accountant, "vrchní", a head waiter)
    relational_adjective_endings=("ový", "ský", "cký"),
    # persons named by an adjective: "mluvčí" (a spokesperson), "vedoucí" (a manager),
    # "účetní" (an accountant), "příbuzní" (relatives), "obviněný" (the accused)
    nominal_adjectives=words("""mluvčí vedoucí účetní vrchní pokladní radní průvodčí výpravčí
        dozorčí krejčí cestující vyučující kupující prodávající studující přednášející
        nemocný zraněný raněný mladistvý obviněný obžalovaný podezřelý zesnulý pozůstalý nadřízený
        podřízený představený příbuzný blízký známý vrátný hajný"""),
    # adverbs of time a tagger may take for a noun ("Já zítra nemůžu")
    # the months: a number before one is a date's day, no count
    months=words("""leden únor březen duben květen červen červenec srpen září říjen
        listopad prosinec ledna února března dubna května června července srpna října listopadu
        prosince"""),
    time_adverbs=words("zítra včera dnes dneska pozítří předevčírem letos loni teď brzy"),
    # nouns of time: in the accusative or instrumental a phrase of them is an adverbial ("celý
    # den", all day; "dlouhou dobu", for a long time), no object
    time_nouns=words("""den týden měsíc rok hodina minuta sekunda chvíle chvíli doba večer
        ráno noc odpoledne dopoledne poledne jaro léto podzim zima víkend okamžik"""),
    intransitive_verbs=words("""přijít odejít jít chodit přicházet odcházet jet jezdit přijet
        odjet dojet vyjet přijíždět odjíždět letět přiletět odletět spát ležet sedět stát
        stávat bydlet zůstat zůstávat zemřít umřít vstát vstávat pracovat odpočívat existovat
        zmizet vzniknout"""),
    # nouns that name a man (a past tense in the feminine after them is no woman's title)
    male_nouns=words("""otec táta tatínek bratr syn strýc děda dědeček muž manžel chlapec kluk
        hoch mladík ženich pán král princ kníže hrabě vnuk synovec tchán zeť kněz mnich"""),
    wh_lemmas=words("který jenž kdo co jaký čí proč kde kam kdy jak"),
    # the relative "jenž" after a preposition (its n- forms), every cell of its paradigm: a
    # treebank shows each form in only some of them ("před níž": instrumental)
    closed_forms={(form, "PRON"): tuple(
        {"Case": c, "Gender": g, "Number": n, "PronType": "Rel"} if g else
        {"Case": c, "Number": n, "PronType": "Rel"} for c, g, n in cells)
        for form, cells in _JENZ_AFTER_PREPOSITION.items()} | {
        # the relative "což" ("which", of a whole clause) is also an accusative ("za což")
        ("což", "PRON"): ({"Case": "Nom"}, {"Case": "Acc"})},
    closed_class=_closed_class,
    number_word=_number_word,
    range_words=words("až nebo či"),
    word_classes=_word_classes,
    analyzer=_analyzer,
    known_in_context=lazy(f"{__name__}.morph", "known_in_context"),
    complete_analyses=lazy(f"{__name__}.morph", "complete_analyses"),
    # the small tagger reads adverbs, nouns and names as verbs, and the parser hangs finite
    # verbs under the auxiliary "je" (also the pronoun "them"): a verb form is proven only
    # under a reviewed modal rule, which names the head's lemma
    unproven_features=frozenset({"VerbForm"}),
    analyzer_name="cs-paradigms",
    substantivized=_substantivized,
    colloquial_standard=lazy(f"{__name__}.register", "standard_forms"),
    lemma_evidence=True,
    data_files=lazy(f"{__name__}.morph", "data_files"),
    inflect=lazy(f"{__name__}.morph", "inflect"),
    passive_participle=lazy(f"{__name__}.morph", "passive_participle"),
    # pronouns and determiners the paradigms leave out ("jenž", "všechen", "sám") keep the
    # treebank's analyses; a word the paradigms do not know may be of any class
    partial_analyzer=True,
)
