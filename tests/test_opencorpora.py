"""The OpenCorpora dictionaries of Russian and Ukrainian in one process (the language server
with files of both): each analyzer keeps its own tag class."""

from __future__ import annotations

import pytest

from lambre_core.doc import Word

pytest.importorskip("pymorphy3")


def test_russian_fixes_survive_loading_the_ukrainian_dictionary() -> None:
    from lambre_core.languages.ru import morph as ru
    from lambre_core.languages.uk import morph as uk

    if ru.morph() is None or uk._morph() is None:
        pytest.skip("pymorphy3's Russian or Ukrainian dictionary is not installed")
    word = Word(1, "большая", "большой", "ADJ", "_", {}, 0, "amod")
    want = {"Case": "Nom", "Number": "Sing", "Gender": "Masc"}
    before = ru.inflect(word, want)
    assert uk.analyses("великий", "ADJ", None)
    # pymorphy3 shared one tag class: the Ukrainian grammemes made "ADJS" unknown to Russian tags
    assert ru.inflect(word, want) == before and "большой" in before
    assert ru.morph().TagClass is not uk._morph().TagClass
