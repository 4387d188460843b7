"""simplemma's word list read as inflection classes (``languages/word_list.py``): the German
lists the pack ships are what the script makes of the installed word list."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.languages.word_list import lemmas_with_endings

PACK = Path(__file__).resolve().parents[1] / "lambre_core" / "languages" / "de"


def _shipped(name: str) -> frozenset[str]:
    lines = (PACK / name).read_text(encoding="utf-8").splitlines()
    return frozenset(x for x in lines if x and not x.startswith("#"))


@pytest.fixture(scope="module")
def verbs() -> frozenset[str]:
    got = lemmas_with_endings("de", ("e", "t|et"), ("en", "n"))
    if not got:
        pytest.skip("simplemma's German word list is not installed")
    return got


def test_verbs_by_their_stems_endings(verbs: frozenset[str]) -> None:
    # -en, -ern and a t-stem taking -et; adjectives ending in -en and nouns are none
    assert {"duschen", "wandern", "auflisten"} <= verbs
    assert not {"offen", "eigen", "trocken", "tradition"} & verbs


def test_the_shipped_lists_are_what_the_word_list_gives(verbs: frozenset[str]) -> None:
    assert _shipped("verbs_word_list.txt") == verbs
    assert _shipped("adjectives_word_list.txt") == lemmas_with_endings("de", ("e", "en", "er"))
