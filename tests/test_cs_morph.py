"""The Czech pack's paradigm analyses (``lambre_core/languages/cs/morph.py``): what a form can
carry, from its ending or its paradigm, and what it is not analysed at all."""

from __future__ import annotations

import pytest

from lambre_core.doc import Sentence, Word
from lambre_core.languages.cs.morph import (
    adjective,
    analyses,
    complete_analyses,
    determiner,
    inflect,
    known_in_context,
    noun,
    numeral,
    passive_participle,
    pronoun,
    verb,
)


def _cells(got: list[dict[str, str]] | None, *keys: str) -> set[tuple[str, ...]]:
    assert got is not None
    return {tuple(b.get(k, "") for k in keys) for b in got}


def test_hard_adjective_endings_give_every_cell_and_no_other() -> None:
    assert _cells(adjective("velkou", "velký"), "Case", "Number", "Gender") == {
        ("Acc", "Sing", "Fem"), ("Ins", "Sing", "Fem")}
    assert {g for _c, _n, g in _cells(adjective("velký"), "Case", "Number", "Gender")} == {"Masc"}
    # a comparative declines soft: "mladšímu" is a masculine or neuter dative
    assert _cells(adjective("mladšímu"), "Case", "Gender") == {("Dat", "Masc"), ("Dat", "Neut")}


def test_endings_other_classes_share_need_an_adjectives_lemma() -> None:
    assert adjective("rukou", "rukou") is None  # the noun ruka's instrumental, tagged ADJ
    assert adjective("mohou", "moci") is None
    assert adjective("velkou", "velký") is not None


def test_an_unknown_lemma_leaves_the_ending_to_the_word_list() -> None:
    # the lemmatizer returned the word unchanged: "-á" is read as the adjective's, another
    # shared ending only where the word list gives the form an adjective's lemma of its stem
    assert _cells(adjective("zajímavá", "zajímavá"), "Case", "Gender") >= {("Nom", "Fem")}
    assert _cells(adjective("hromadné", "hromadné"), "Case", "Gender") >= {("Gen", "Fem")}
    assert adjective("problém", "problém") is None
    assert adjective("dělá", "dělat") is None


def test_cardinals_by_their_table_and_the_oblique_form() -> None:
    assert _cells(numeral("dva"), "Gender") == {("Masc",)}
    assert _cells(numeral("dvě"), "Gender") == {("Fem",), ("Neut",)}
    assert _cells(numeral("pět"), "Case", "Number") == {("Nom", "Sing"), ("Acc", "Sing")}
    assert _cells(numeral("pěti"), "Case") == {("Gen",), ("Dat",), ("Loc",), ("Ins",)}
    assert _cells(numeral("devíti"), "Number") == {("Plur",)}
    assert _cells(numeral("pětadvacet"), "Case") == {("Nom",), ("Acc",)}
    assert numeral("jeden") is None and numeral("sto") is None


def test_a_soft_nouns_citation_form_is_also_the_genitive_and_plural() -> None:
    cells = _cells(noun("práce", "práce"), "Case", "Number")
    assert {("Nom", "Sing"), ("Gen", "Sing"), ("Acc", "Plur")} <= cells
    assert ("Dat", "Sing") not in cells


def test_determiners_by_form_and_the_rest_prove_nothing() -> None:
    assert _cells(determiner("Náš", "náš"), "Gender") == {("Masc",)}
    assert _cells(determiner("ta", None), "Case", "Number", "Gender") == {
        ("Nom", "Sing", "Fem"), ("Nom", "Plur", "Neut"), ("Acc", "Plur", "Neut")}
    assert determiner("jejichž", "jenž") == [{}]
    assert determiner("to", "ten") == [{}]  # far more often the pronoun
    # "její" declines whatever lemma the lemmatizer gave it; "jejich" does not decline
    assert _cells(determiner("jejích", "jeho"), "Case", "Number") == {
        ("Gen", "Plur"), ("Loc", "Plur")}
    assert determiner("jejich", "jeho") == [{}]
    # "všechen" by its table, but not its neuter singular, mostly the pronoun "everything"
    assert _cells(determiner("všemi", "všechen"), "Case", "Number") == {("Ins", "Plur")}
    assert _cells(determiner("Všichni", "všechen"), "Case", "Gender", "Animacy") == {
        ("Nom", "Masc", "Anim")}
    assert determiner("všeho", "všechen") == [{}]


def test_fixes_keep_the_word_and_change_the_asked_value() -> None:
    def w(form: str, lemma: str, upos: str) -> Word:
        return Word(1, form, lemma, upos, "_", {}, 0, "_")

    assert inflect(w("velký", "velký", "ADJ"), {"Case": "Acc", "Number": "Sing",
                                                 "Gender": "Fem"}) == ["velkou"]
    assert inflect(w("Ten", "ten", "DET"), {"Case": "Nom", "Number": "Sing",
                                             "Gender": "Neut"}) == ["To"]
    assert inflect(w("nemůže", "moci", "VERB"), {"Person": "1", "Number": "Sing"})[0] in (
        "nemohu", "nemůžu")
    assert inflect(w("přišel", "přijít", "VERB"), {"Gender": "Fem", "Number": "Sing"}) == [
        "přišla"]
    assert inflect(w("maminku", "maminka", "NOUN"), {"Case": "Dat"}) == ["mamince"]
    assert inflect(w("vás", "vy", "PRON"), {"Case": "Dat"}) == ["vám"]
    # the infinitive under a modal; no form made from a stem that drops its -e- ("pes" -> psa)
    assert inflect(w("jdu", "jít", "VERB"), {"VerbForm": "Inf"}) == ["jít"]
    assert inflect(w("pes", "pes", "NOUN"), {"Case": "Gen"}) == []
    assert inflect(w("minuta", "minuta", "NOUN"), {"Case": "Acc"}) == ["minutu"]


def test_pronouns_and_the_polite_plural() -> None:
    assert _cells(pronoun("vy", "vy"), "Person", "Number") == {("2", "Plur"), ("2", "Sing")}
    assert pronoun("se", "se") is None
    assert _cells(pronoun("ona", "on"), "Gender", "Number") == {("Fem", "Sing"), ("Neut", "Plur")}


def test_verbs_from_ablaut_with_the_standard_variants() -> None:
    # "bydlí" is also the third person plural beside "bydlejí"
    assert _cells(verb("bydlí", "bydlet"), "Person", "Number") == {("3", "Sing"), ("3", "Plur")}
    assert _cells(verb("píšu", "psát"), "Person", "Number") == {("1", "Sing")}
    # a regular present form whose lemma the lemmatizer does not know
    assert ("1", "Plur") in _cells(verb("bydlíme", "bydlíme"), "Person", "Number")
    # the polite plural of "být" agrees with a singular participle
    assert ("2", "Sing") in _cells(verb("jste", "být"), "Person", "Number")
    # an l-participle by its ending
    assert _cells(verb("upekl", "upekl"), "Gender", "Number") == {("Masc", "Sing")}
    # an irregular verb from the pack's table, also prefixed and negated
    assert _cells(verb("nesu", "nesu"), "Person", "Number") == {("1", "Sing")}
    assert _cells(verb("nepřijdou", "nepřijdou"), "Person", "Number") == {("3", "Plur")}
    assert verb("kdovíco", "kdovíco") is None  # nothing a table or an ending tells


def test_nouns_citation_form_and_declined_forms() -> None:
    assert _cells(noun("žena", "žena"), "Case", "Gender") == {("Nom", "Fem"), ("Voc", "Fem")}
    # a declined form: every cell the paradigm of žena (feminine in -a) makes it
    assert _cells(noun("ženu", "žena"), "Case", "Number") == {("Acc", "Sing")}
    assert _cells(noun("ženy", None), "Case", "Number") == {
        ("Gen", "Sing"), ("Nom", "Plur"), ("Acc", "Plur"), ("Voc", "Plur")}
    assert noun("ženu", "ženit") is None  # the lemmatizer gave another lemma
    # the feminine dative and locative soften the stem: sestra -> sestře, řeka -> řece
    assert _cells(noun("sestře", "sestra"), "Case") == {("Dat",), ("Loc",)}
    assert _cells(noun("řece", None), "Case", "Number") == {("Dat", "Sing"), ("Loc", "Sing")}
    assert noun("řekě", None) is None
    assert noun("matk", "matka") is None  # any other changed stem is not analysed
    # the genitive plural without an ending, with the -e- the word list shows ("matek",
    # "oken"; "bank" takes none): the tables leave it out
    assert _cells(noun("matek", "matka"), "Case", "Number") == {("Gen", "Plur")}
    assert _cells(noun("oken", "okno"), "Case", "Number", "Gender") == {("Gen", "Plur", "Neut")}
    assert _cells(noun("bank", "banka"), "Case", "Number") == {("Gen", "Plur")}
    assert noun("banek", "banka") is None
    assert analyses("auto", "NOUN", "auto") is not None


def _sentence(*rows: tuple[str, str, str, int, str]) -> Sentence:
    words = [Word(i, form, lemma, upos, "_", {}, head, rel)
             for i, (form, lemma, upos, head, rel) in enumerate(rows, 1)]
    return Sentence(words=words)


def test_a_declined_noun_proves_only_in_a_local_phrase() -> None:
    # "s velkou zahradou": right after its preposition, its adjective between
    local = _sentence(("Šel", "jít", "VERB", 0, "root"), ("s", "s", "ADP", 1, "udep"),
                      ("velkou", "velký", "ADJ", 4, "mod"), ("zahradou", "zahrada", "NOUN", 2,
                                                             "comp:obj"))
    assert known_in_context(local, local.word(4))
    # the same noun hung on a preposition two words away: maybe a misparse
    far = _sentence(("s", "s", "ADP", 0, "root"), ("tou", "ten", "DET", 3, "det"),
                    ("zahradou", "zahrada", "NOUN", 1, "comp:obj"))
    assert not known_in_context(far, far.word(3))  # "tou" is a form of "ten": no attribute
    # a capitalised word proves nothing inside a sentence, but does at its start
    names = _sentence(("Žena", "žena", "NOUN", 2, "subj"), ("viděla", "vidět", "VERB", 0, "root"),
                      ("Rachel", "Rachel", "VERB", 2, "comp:obj"))
    assert known_in_context(names, names.word(1))
    assert not known_in_context(names, names.word(3))
    # an adjective the lemmatizer did not know (its lemma the form itself) is still an
    # attribute where the word list lemmatizes it as an adjective: "v temném sklepa"
    unknown = _sentence(("v", "v", "ADP", 0, "root"), ("temném", "temném", "ADJ", 3, "mod"),
                        ("sklepa", "sklep", "NOUN", 1, "comp:obj"))
    assert known_in_context(unknown, unknown.word(3))
    # not a verbal noun's form the tagger took for an adjective ("prostřednictví" is no
    # adjective), nor a relative word opening its clause, whatever its tag
    verbal = _sentence(("s", "s", "ADP", 0, "root"),
                       ("přerušením", "přerušením", "ADJ", 3, "mod"),
                       ("dopravy", "doprava", "NOUN", 1, "comp:obj"))
    assert not known_in_context(verbal, verbal.word(3))
    relative = _sentence(("na", "na", "ADP", 0, "root"), ("kterých", "který", "DET", 3, "det"),
                         ("modelky", "modelka", "NOUN", 1, "comp:obj"))
    assert not known_in_context(relative, relative.word(3))
    # a nominative on a preposition before it, a word tagged an adjective the paradigms do
    # not know between ("v pozadí stránka"): the preposition's object may be that word
    nominative = _sentence(("v", "v", "ADP", 0, "root"), ("pozadí", "pozadí", "ADJ", 3, "mod"),
                           ("stránka", "stránka", "NOUN", 1, "comp:obj"))
    assert not known_in_context(nominative, nominative.word(3))
    right_after = _sentence(("k", "k", "ADP", 0, "root"), ("řeka", "řeka", "NOUN", 1, "comp:obj"))
    assert known_in_context(right_after, right_after.word(2))
    # and anywhere else a nominative holds
    subject = _sentence(("stránka", "stránka", "NOUN", 2, "subj"),
                        ("chybí", "chybět", "VERB", 0, "root"))
    assert known_in_context(subject, subject.word(1))


def test_a_nouns_form_with_a_made_up_adjective_lemma_is_no_adjective() -> None:
    # "systému" (the system's) lemmatized as "systý" or left unchanged: the word list's noun
    assert adjective("systému", "systý") is None
    assert adjective("systému", "systému") is None
    assert adjective("mladému", "mladý") is not None  # an adjective's own lemma
    # the word list's other classes keep their readings ("jejích" is listed under "jeho")
    assert determiner("jejích", "jeho") != [{}]


def test_den_tyden_and_the_kamen_type() -> None:
    # forms outside the tables: "dne" (also the fixed locative "ve dne"), "týdne", and the
    # genitive in -e and dative and locative in -i of the "kámen" type
    assert _cells(noun("dne", "den"), "Case", "Number") == {("Gen", "Sing"), ("Loc", "Sing")}
    assert ("Gen", "Sing") in _cells(noun("týdne", "týden"), "Case", "Number")
    assert ("Gen", "Plur") in _cells(noun("dní", "den"), "Case", "Number")
    assert ("Gen", "Sing") in _cells(noun("pramene", "pramen"), "Case", "Number")
    assert ("Dat", "Sing") in _cells(noun("kořeni", "kořen"), "Case", "Number")
    # and the neuters in -meno: "do písmene" (to the letter), "na rameni"
    assert ("Gen", "Sing") in _cells(noun("písmene", "písmeno"), "Case", "Number")
    assert ("Loc", "Sing") in _cells(noun("rameni", "rameno"), "Case", "Number")


def test_a_form_no_table_makes_is_a_participle_only_if_no_noun_has_it() -> None:
    # "míli" (a mile, accusative) is no "-li" participle of "mít" (that is "měli")
    assert verb("míli", "mít") is None
    assert {"Part"} == {a["VerbForm"] for a in verb("vzali", "vzít") or ()}
    assert verb("googlili", None)  # a verb no list knows keeps its participle


def test_a_hard_adjectives_animate_plural_is_nothing_else() -> None:
    from lambre_core.languages.cs.morph import animate_plural
    from lambre_core.languages.cs.register import standard_forms

    assert [animate_plural(a) for a in ("drastický", "český", "dobrý", "drahý", "tichý",
                                        "nový")] == ["drastičtí", "čeští", "dobří", "drazí",
                                                     "tiší", "noví"]
    for form, lemma in (("drastičtí", "drastický"), ("noví", "nový")):
        assert _cells(adjective(form, lemma), "Case", "Number", "Gender", "Animacy") == {
            ("Nom", "Plur", "Masc", "Anim"), ("Voc", "Plur", "Masc", "Anim")}
    # an -í of another stem is still the soft declension's, every gender's (a comparative)
    assert ("Nom", "Sing", "Fem") in _cells(adjective("mladší", "mladý"), "Case", "Number",
                                            "Gender")
    # the spoken -ý stands for the standard -é or the animate plural, softened as it is written
    assert standard_forms("drastický") == ("drastické", "drastičtí")


def test_a_soft_consonant_is_spelled_as_czech_writes_it() -> None:
    # "síť": the genitive "sítě", not "síťe"; the nominative keeps its ť
    assert ("Gen", "Sing") in _cells(noun("sítě", "síť"), "Case", "Number")
    assert ("Ins", "Sing") in _cells(noun("lodí", "loď"), "Case", "Number")
    assert noun("síťe", "síť") is None


def test_a_form_the_word_list_gives_another_lemma_proves_nothing() -> None:
    # "fakta" is the plural of "fakt" (the word list: of "faktum", which no list declines),
    # not the genitive a masculine table makes of it; "maxima" is "maximum"'s, a Latin neuter
    # the tables decline
    assert noun("fakta", "fakt") is None
    assert {("Gen", "Sing"), ("Nom", "Plur")} <= _cells(
        [b for b in noun("maxima", "maxima") or () if b["Gender"] == "Neut"], "Case", "Number")
    # a citation form that is also another lemma's form has both ("premiéra": the premiere,
    # and the premier's genitive)
    assert {("Nom", "Fem"), ("Gen", "Masc")} <= _cells(noun("premiéra", "premiéra"), "Case",
                                                        "Gender")


def test_a_soft_adjectives_citation_form_by_its_word_lists_genitive() -> None:
    # "první": every feminine singular cell, and the nominative of the others, where the word
    # list gives its masculine genitive "prvního" the same lemma; a neuter noun in -í makes no
    # -ího ("stavení"), nor does a verb's present ("prosí")
    cells = _cells(adjective("první", "první"), "Case", "Number", "Gender")
    assert {("Dat", "Sing", "Fem"), ("Ins", "Sing", "Fem"), ("Nom", "Sing", "Masc"),
            ("Nom", "Plur", "Neut")} <= cells
    assert ("Dat", "Sing", "Masc") not in cells
    assert adjective("stavení", "stavení") is None
    assert adjective("prosí", "prosí") is None


def test_a_bare_stem_its_own_lemma_is_no_genitive_plural() -> None:
    # "chat" (a chat, which the list lacks) is also "chata"'s genitive plural: with the
    # lemmatizer's lemma the form itself and tagged a masculine it proves nothing; tagged a
    # feminine, or with "chata", it is that genitive
    def word(form: str, gender: str, case: str) -> Word:
        return Word(1, form, form, "NOUN", "_", {"Gender": gender, "Case": case}, 0, "root",
                    "_", {})

    cells = noun("chat", "chat")
    assert _cells(cells, "Case", "Number") == {("Gen", "Plur")}
    assert complete_analyses(word("chat", "Masc", "Nom"), cells)[1] is False
    assert complete_analyses(word("chat", "Fem", "Acc"), cells)[1] is False
    assert complete_analyses(word("chatu", "Masc", "Gen"), noun("chatu", "chatu") or [])[1] \
        is False
    assert complete_analyses(word("stran", "Fem", "Gen"), noun("stran", "stran") or [])[1] \
        is True
    assert complete_analyses(word("ženu", "Fem", "Acc"), noun("ženu", "ženu") or [])[1] is True
    assert _cells(noun("chat", "chata"), "Case", "Number") == {("Gen", "Plur")}
    assert _cells(noun("žen", "žena"), "Case", "Number") == {("Gen", "Plur")}
    # a bare stem after a short vowel is the feminine's genitive plural too where the word
    # list gives the form to a masculine ("kancelářských prostor", of the premises)
    assert ("Gen", "Plur", "Fem") in _cells(noun("prostor", "prostor"), "Case", "Number",
                                            "Gender")
    # not after a long vowel, which shortens ("rána" -> "ran")
    assert ("Gen", "Plur") not in _cells(noun("rán", "rána") or [{}], "Case", "Number")
    # not a genitive plural with its inserted -e- ("voleb" of "volby"), nor one with an ending
    assert _cells(noun("voleb", "voleb"), "Case", "Number") == {("Gen", "Plur")}
    assert _cells(noun("vstupů", "vstupů"), "Case", "Number") == {("Gen", "Plur")}


def test_latin_neuters_drop_their_um() -> None:
    # "centrum": the hard plural ("v centrech"); after -e- or -i- the soft one ("muzeí")
    assert ("Loc", "Plur", "Neut") in _cells(noun("centrech", "centrum"), "Case", "Number",
                                             "Gender")
    assert _cells(noun("muzeí", "muzeum"), "Case", "Number") == {("Gen", "Plur")}
    assert _cells(noun("kritériích", "kritérium"), "Case", "Number") == {("Loc", "Plur")}
    assert noun("muzeumu", "muzeum") is None


def test_numbers_in_digits_count_as_the_number_word_read() -> None:
    from lambre_core.languages import language

    word = language("cs").number_word
    assert [word(n) for n in ("2", "4", "5", "8", "13", "20", "100", "2500")] == \
        ["dva", "dva", "pět", "pět", "pět", "pět", "pět", "pět"]
    # one, 21-24 (read either way), a year, a number with a leading zero: not counted
    assert [word(n) for n in ("1", "0", "21", "22", "34", "2023", "1000", "007", "2,5")] \
        == [None] * 9
    assert word("111") == "pět" and word("112") == "pět"
    # digits carry no case, gender or number of their own, whatever the tagger guessed
    assert analyses("8", "NUM", "8") == [{}] and analyses("2,5", "NUM", None) == [{}]



@pytest.mark.parametrize("form,participle", [
    ("vyrobená", True), ("nahrazený", True), ("organizované", True), ("zabitý", True),
    ("přijatých", True), ("zapomenutý", True), ("pověšený", True),
    ("krásná", False), ("čistý", False), ("zlatý", False), ("celý", False), ("nový", False)])
def test_a_passive_participle_by_its_short_form(form: str, participle: bool) -> None:
    # the verb's short form ("vyroben", "organizován": the long form shortens the vowel), from
    # the conjugation of an infinitive the stem may have, its consonant unsoftened
    # ("pověšen" of "pověsit"), or from the word list
    assert passive_participle(form) is participle
