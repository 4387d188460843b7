"""The Greek pack's paradigm analyses (``lambre_core/languages/el/morph.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.doc import Sentence, Word
from lambre_core.languages.el.morph import (
    adjective,
    analyses,
    article,
    closed_class,
    known_in_context,
    noun,
    numeral,
    pronoun,
    verb,
)
from lambre_core.parse import load_parser


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
    # a sigmatic past's first person is no imperative (that ends in -ε)
    assert _cells(verb("ρώτησα", "ρωτώ"), "Person") == {("1",)}
    assert verb("θα", None) is None


def test_pronouns_and_nothing_for_other_classes() -> None:
    assert _cells(pronoun("εμείς"), "Person", "Number") == {("1", "Plur")}
    # polite "εσείς" takes the plural verb: no singular reading of its own
    assert _cells(pronoun("εσείς"), "Number") == {("Plur",)}
    assert analyses("και", "CCONJ", "και") is None


def test_closed_classes_and_cardinals() -> None:
    assert closed_class("Εσύ") == "PRON" and closed_class("μάς") == "PRON"
    assert closed_class("αυτός") is None and closed_class("με") is None  # also a preposition
    assert _cells(numeral("τρία"), "Gender") == {("Neut",)}
    assert _cells(numeral("διακόσιες"), "Gender", "Number") == {("Fem", "Plur")}
    assert numeral("πέντε") is None  # does not decline


def test_nouns_by_every_declension_their_ending_has() -> None:
    assert _cells(noun("σπίτι"), "Gender") == {("Neut",)}  # -ι: neuter, loans in both numbers
    # (words the word list does not decline: ``nouns`` gives the listed ones their own cells)
    assert _cells(noun("κουβαρίστρα"), "Gender") == {("Fem",), ("Masc",), ("Neut",)}
    assert ("Nom", "Sing", "Masc") not in _cells(noun("κουβαρίστρα"), "Case", "Number", "Gender")
    assert _cells(noun("πατέρας"), "Gender") == {("Masc",), ("Fem",)}
    assert _cells(noun("κρέας"), "Gender") == {("Neut",)}  # the closed class of neuters in -ας
    assert _cells(noun("γυναίκες"), "Number") == {("Plur",)}
    # a stressed -ές may also be a masculine nominative singular ("ο καφές"); a listed noun's
    # is its plural only
    assert _cells(noun("ξεσκονιστές"), "Number") == {("Plur",), ("Sing",)}
    assert _cells(noun("φοιτητές"), "Number") == {("Plur",)}
    assert ("Nom", "Sing", "Masc") in _cells(noun("καφές"), "Case", "Number", "Gender")
    assert ("Gen", "Sing", "Neut") in _cells(noun("γράμματος"), "Case", "Number", "Gender")
    assert noun("εξής") is None and noun("ίντερνετ") is None  # indeclinable, not Greek in form
    # a neuter the train split shows with a plural of its own is singular; a loan is not
    assert _cells(noun("παιδί", "παιδί"), "Number") == {("Sing",)}
    assert _cells(noun("ταξί", "ταξί"), "Number") == {("Sing",), ("Plur",)}
    assert ("Neut", "Plur") in _cells(noun("μενού", "μενού"), "Gender", "Number")  # a loan


def test_adjectives_by_their_ending_stress_and_lemma() -> None:
    assert _cells(adjective("καλός", "καλός"), "Gender") == {("Masc",)}
    assert _cells(adjective("κόκκινη", "κόκκινος"), "Case", "Gender") == {
        ("Nom", "Fem"), ("Acc", "Fem"), ("Voc", "Fem")}
    # an unstressed -ης is a feminine genitive, unless the word is its own lemma
    assert _cells(adjective("βιώσιμης", "βιώσιμος"), "Case") == {("Gen",)}
    assert ("Nom", "Fem") in _cells(adjective("πλήρης", "πλήρης"), "Case", "Gender")
    assert ("Nom", "Fem") in _cells(adjective("τρομώδης", "τρομώδος"), "Case", "Gender")
    # two-termination: listed from the train split, or long and not stressed on the ending
    assert ("Fem",) in _cells(adjective("κατάλληλος", "κατάλληλος"), "Gender")
    assert ("Fem",) in _cells(adjective("απαισιόδοξος", "απαισιόδοξος"), "Gender")
    assert ("Fem",) in _cells(adjective("έγκυος", "έγκυος"), "Gender")  # stressed three from the end
    assert ("Fem",) not in _cells(adjective("ελληνικός", "ελληνικός"), "Gender")
    assert ("Fem",) not in _cells(adjective("μεγάλος", "μεγάλος"), "Gender")


def _phrase(*spec: tuple[str, str, str, int, str]) -> Sentence:
    return Sentence(words=[Word(i, form, lemma, upos, "_", {}, head, rel)
                           for i, (form, lemma, upos, head, rel) in enumerate(spec, 1)])


def test_nouns_and_adjectives_are_trusted_only_in_an_articles_phrase() -> None:
    good = _phrase(("Είδα", "βλέπω", "VERB", 0, "root"), ("την", "ο", "DET", 4, "det"),
                   ("καλή", "καλός", "ADJ", 4, "mod"), ("γυναίκα", "γυναίκα", "NOUN", 1, "comp:obj"))
    assert known_in_context(good, good.word(3)) and known_in_context(good, good.word(4))
    # no article: the noun's ending proves nothing
    bare = _phrase(("Είδα", "βλέπω", "VERB", 0, "root"), ("γυναίκα", "γυναίκα", "NOUN", 1, "comp:obj"))
    assert not known_in_context(bare, bare.word(2))
    # a genitive the parser made the head: article and noun do not fit with adjectives between
    chain = _phrase(("προωθούν", "προωθώ", "VERB", 0, "root"), ("μια", "ένας", "DET", 4, "det"),
                    ("φιλόδοξη", "φιλόδοξος", "ADJ", 4, "mod"),
                    ("κινητικότητας", "κινητικότητα", "NOUN", 1, "comp:obj"))
    assert not known_in_context(chain, chain.word(4))
    # a preposition not right before the article: the parse joined words across others
    far = _phrase(("για", "για", "ADP", 0, "root"), ("την", "ο", "DET", 3, "det"),
                  ("επίτευξη", "επίτευξη", "NOUN", 1, "comp:obj"), ("των", "ο", "DET", 5, "det"),
                  ("στόχων", "στόχος", "NOUN", 1, "comp:obj"))
    assert known_in_context(far, far.word(3)) and not known_in_context(far, far.word(5))
    # a capitalised noun inside a sentence is a name's
    name = _phrase(("Είδα", "βλέπω", "VERB", 0, "root"), ("τον", "ο", "DET", 3, "det"),
                   ("Ξαντάο", "Ξαντάο", "NOUN", 1, "comp:obj"))
    assert not known_in_context(name, name.word(3))


def test_a_verb_after_the_perfects_auxiliary_proves_nothing() -> None:
    words = [Word(1, "Έχει", "έχω", "AUX", "_", {}, 2, "aux"),
             Word(2, "γράψει", "γράφω", "VERB", "_", {}, 0, "root")]
    s = Sentence(words=words)
    assert known_in_context(s, words[0])
    assert not known_in_context(s, words[1])


def test_the_tagger_offers_no_other_class_for_a_closed_class_form() -> None:
    if not (Path(__file__).resolve().parents[1] / "models" / "el" / "pos.pt").is_file():
        pytest.skip("models/el not shipped in this checkout")
    first = load_parser("el").parse_sentences(["Εσύ δουλεύω πολύ."])[0].words[0]
    assert first.upos == "PRON" and "AltUPOS" not in first.misc


def test_a_pronoun_in_os_declines_as_an_adjective() -> None:
    # "έναν άλλο": the masculine accusative without its final -ν, as the adjective's
    cells = analyses("άλλο", "PRON", "άλλος")
    assert cells is not None
    assert {"Case": "Acc", "Number": "Sing", "Gender": "Masc"} in cells
    assert analyses("άλλο", "PRON", None) is None  # (no lemma: no paradigm to go by)
