"""The Greek pack's paradigm analyses (``lambre_core/languages/el/morph.py``)."""

from __future__ import annotations

from lambre_core.doc import Sentence, Word
from lambre_core.languages.el.morph import analyses, article, known_in_context, pronoun, verb


def _cells(got: list[dict[str, str]] | None, *keys: str) -> set[tuple[str, ...]]:
    assert got is not None
    return {tuple(b.get(k, "") for k in keys) for b in got}


def test_articles_with_the_masculine_accusative_without_its_n() -> None:
    assert _cells(article("Η"), "Case", "Number", "Gender") == {("Nom", "Sing", "Fem")}
    # "το γιατρό": the masculine accusative drops its final -n before most consonants
    assert ("Acc", "Sing", "Masc") in _cells(article("το"), "Case", "Number", "Gender")
    assert article("αυτό") is None


def test_finite_verbs_by_their_ending() -> None:
    assert _cells(verb("μένει", "μένω"), "Person", "Number") == {("3", "Sing")}
    assert _cells(verb("πηγαίνουμε", None), "Person", "Number") == {("1", "Plur")}
    assert _cells(verb("πούμε", "λέγω"), "Person", "Number") == {("1", "Plur")}
    # a contracted present's third person, beside a past's first person
    assert ("3", "Sing") in _cells(verb("αγαπά", None), "Person", "Number")
    # "είναι" and "ήταν" serve both numbers; a second person plural also addresses one person
    assert _cells(verb("είναι", "είμαι"), "Number") == {("Sing",), ("Plur",)}
    assert ("2", "Sing") in _cells(verb("μιλάτε", None), "Person", "Number")
    assert verb("γράφοντας", None) is None  # a gerund
    assert verb("θα", None) is None


def test_pronouns_and_nothing_for_other_classes() -> None:
    assert _cells(pronoun("εμείς"), "Person", "Number") == {("1", "Plur")}
    assert analyses("σπίτι", "NOUN", "σπίτι") is None


def test_a_verb_after_the_perfects_auxiliary_proves_nothing() -> None:
    words = [Word(1, "Έχει", "έχω", "AUX", "_", {}, 2, "aux"),
             Word(2, "γράψει", "γράφω", "VERB", "_", {}, 0, "root")]
    s = Sentence(words=words)
    assert known_in_context(s, words[0])
    assert not known_in_context(s, words[1])
