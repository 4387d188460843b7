"""Noun phrases made to agree after parsing, with the shipped German lexicon (the model's
treebank lexicon and german-nouns)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.doc import Sentence, Word
from lambre_core.harmonize import harmonize
from lambre_core.lexicon import load_lexicon_tsv

LEXICON = Path(__file__).resolve().parents[1] / "models" / "de" / "lexicon.tsv"


@pytest.fixture(scope="module")
def lexicon():  # type: ignore[no-untyped-def]
    if not LEXICON.is_file():
        pytest.skip("models/de not shipped in this checkout")
    return load_lexicon_tsv(LEXICON, "de")


def _phrase(det: str, det_feats: dict[str, str], noun: str, noun_feats: dict[str, str],
            adj: tuple[str, dict[str, str]] | None = None) -> Sentence:
    words = [Word(1, det, upos="DET", feats=dict(det_feats), head=3 if adj else 2, deprel="det")]
    if adj:
        words.append(Word(2, adj[0], upos="ADJ", feats=dict(adj[1]), head=3, deprel="amod"))
    words.append(Word(len(words) + 1, noun, upos="NOUN", feats=dict(noun_feats), head=0,
                      deprel="root"))
    return Sentence(words)


def test_a_determiner_takes_the_gender_its_noun_and_its_form_share(lexicon) -> None:  # type: ignore[no-untyped-def]
    s = _phrase("dem", {"Case": "Dat", "Gender": "Masc", "Number": "Sing"},
                "Kind", {"Case": "Dat", "Gender": "Neut", "Number": "Sing"})
    assert harmonize(s, lexicon) == 1
    assert s.word(1).feats == {"Case": "Dat", "Gender": "Neut", "Number": "Sing"}
    assert s.word(2).feats["Gender"] == "Neut"


@pytest.mark.parametrize(("det_form", "det", "noun_form", "noun"), [
    # "die" tagged accusative, "Frau" nominative: either reading fits both, but a phrase's
    # case is the writer's (and its governor's): only a gender is ever changed
    ("die", {"Case": "Acc", "Gender": "Fem", "Number": "Sing"},
     "Frau", {"Case": "Nom", "Gender": "Fem", "Number": "Sing"}),
    # "den Kind" is a writer's error: the checker must see it as tagged
    ("den", {"Case": "Acc", "Gender": "Masc", "Number": "Sing"},
     "Kind", {"Case": "Acc", "Gender": "Neut", "Number": "Sing"}),
])
def test_phrases_keep_the_taggers_values(lexicon, det_form: str, det: dict[str, str],  # type: ignore[no-untyped-def]
                                         noun_form: str, noun: dict[str, str]) -> None:
    s = _phrase(det_form, det, noun_form, noun)
    assert harmonize(s, lexicon) == 0
    assert s.word(1).feats == det and s.word(2).feats == noun


def test_a_word_the_lexicon_does_not_know_keeps_its_values_and_binds_nothing(lexicon) -> None:  # type: ignore[no-untyped-def]
    # an adjective outside the closed classes: its tagged case is a guess; article and noun
    # agree among themselves
    adj = {"Case": "Acc", "Gender": "Fem", "Number": "Sing"}
    s = _phrase("dem", {"Case": "Dat", "Gender": "Masc", "Number": "Sing"},
                "Kind", {"Case": "Dat", "Gender": "Neut", "Number": "Sing"},
                adj=("kleinen", adj))
    assert harmonize(s, lexicon) == 1
    assert s.word(2).feats == adj
    assert s.word(1).feats["Gender"] == "Neut"


RU_LEXICON = Path(__file__).resolve().parents[1] / "models" / "ru" / "lexicon.tsv"


@pytest.fixture(scope="module")
def ru_lexicon():  # type: ignore[no-untyped-def]
    pytest.importorskip("pymorphy3")
    if not RU_LEXICON.is_file():
        pytest.skip("models/ru not shipped in this checkout")
    from lambre_core.languages.ru import morph

    if morph.morph() is None:
        pytest.skip("pymorphy3's Russian dictionary is not installed")
    return load_lexicon_tsv(RU_LEXICON, "ru")


def _ru_phrase(adj: str, adj_feats: dict[str, str], noun: str,
               noun_feats: dict[str, str]) -> Sentence:
    return Sentence([Word(1, adj, upos="ADJ", feats=dict(adj_feats), head=2, deprel="amod"),
                     Word(2, noun, upos="NOUN", feats=dict(noun_feats), head=0, deprel="root")])


@pytest.mark.parametrize(("adj", "noun", "animacy"), [
    ("новые", "столы", "Inan"),
    ("новых", "друзей", "Anim"),
])
def test_an_accusative_attribute_takes_its_nouns_animacy(ru_lexicon, adj: str, noun: str,  # type: ignore[no-untyped-def]
                                                         animacy: str) -> None:
    s = _ru_phrase(adj, {"Case": "Acc", "Degree": "Pos", "Number": "Plur"}, noun,
                   {"Animacy": animacy, "Case": "Acc", "Gender": "Masc", "Number": "Plur"})
    assert harmonize(s, ru_lexicon) == 1
    assert s.word(1).feats["Animacy"] == animacy


@pytest.mark.parametrize(("adj", "feats"), [
    # "нового стол": no inanimate accusative reading of "нового": the writer's error stays
    ("нового", {"Case": "Acc", "Degree": "Pos", "Gender": "Masc", "Number": "Sing"}),
    # a feminine accusative shows no animacy
    ("новую", {"Case": "Acc", "Degree": "Pos", "Gender": "Fem", "Number": "Sing"}),
])
def test_an_attribute_gets_no_animacy_its_form_does_not_show(ru_lexicon, adj: str,  # type: ignore[no-untyped-def]
                                                             feats: dict[str, str]) -> None:
    s = _ru_phrase(adj, feats, "стол", {"Animacy": "Inan", "Case": "Acc", "Gender": "Masc",
                                        "Number": "Sing"})
    assert harmonize(s, ru_lexicon) == 0
    assert "Animacy" not in s.word(1).feats
