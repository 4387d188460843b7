"""The Czech pack's paradigm analyses (``lambre_core/languages/cs/morph.py``): what a form can
carry, from its ending or its paradigm, and what it is not analysed at all."""

from __future__ import annotations

from lambre_core.doc import Word
from lambre_core.languages.cs.morph import (
    adjective,
    analyses,
    complete_analyses,
    determiner,
    noun,
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


def test_determiners_by_form_and_the_rest_prove_nothing() -> None:
    assert _cells(determiner("Náš", "náš"), "Gender") == {("Masc",)}
    assert _cells(determiner("ta", None), "Case", "Number", "Gender") == {
        ("Nom", "Sing", "Fem"), ("Nom", "Plur", "Neut"), ("Acc", "Plur", "Neut")}
    assert determiner("jejichž", "jenž") == [{}]
    assert determiner("to", "ten") == [{}]  # far more often the pronoun


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


def test_nouns_only_in_their_citation_form() -> None:
    assert _cells(noun("žena", "žena"), "Case", "Gender") == {("Nom", "Fem"), ("Voc", "Fem")}
    assert noun("ženu", "žena") is None
    assert analyses("auto", "NOUN", "auto") is not None


def test_a_capitalised_word_inside_a_sentence_is_no_proof() -> None:
    got = noun("Žena", "žena")
    assert got is not None
    first = Word(1, "Žena", "žena", "NOUN", "_", {}, 2, "nsubj")
    inside = Word(4, "Žena", "žena", "NOUN", "_", {}, 2, "nsubj")
    assert complete_analyses(first, got) == (got, True)
    assert complete_analyses(inside, got) == (got, False)  # a name's word
