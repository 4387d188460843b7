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


@pytest.mark.parametrize(("form", "upos", "want"), [
    ("птиц", "NOUN", {"Animacy": "Anim"}),          # the tagger read the birds as inanimate
    ("стол", "NOUN", {"Animacy": "Inan"}),
    ("играть", "VERB", {"Aspect": "Imp", "Voice": "Act"}),
    ("оказался", "VERB", {"Aspect": "Perf", "Voice": "Mid"}),   # reflexive: middle voice
    ("приглашён", "VERB", {"Aspect": "Perf", "Voice": "Pass"}),  # a passive participle
    ("Мексики", "PROPN", {"Animacy": "Inan", "Gender": "Fem"}),  # the country, as a name
])
def test_lexical_features_of_dictionary_words(form: str, upos: str, want: dict[str, str]) -> None:
    from lambre_core.languages import language
    from lambre_core.languages.ru import morph as ru

    if ru.morph() is None:
        pytest.skip("pymorphy3's Russian dictionary is not installed")
    assert dict(language("ru").lexical_features(form, upos)) == want


def test_lexical_features_are_left_out_where_the_readings_split() -> None:
    from lambre_core.languages import language
    from lambre_core.languages.ru import morph as ru
    from lambre_core.languages.uk import morph as uk

    if ru.morph() is None or uk._morph() is None:
        pytest.skip("pymorphy3's Russian or Ukrainian dictionary is not installed")
    ru_pack = language("ru")
    # "член": a member (animate) or a part (inanimate); a form the dictionary does not know
    assert "Animacy" not in ru_pack.lexical_features("член", "NOUN")
    assert dict(ru_pack.lexical_features("Шмыргазявка", "NOUN")) == {}
    # the voice by ending is the Russian treebanks' convention only
    assert "Voice" not in language("uk").lexical_features("сміявся", "VERB")
    assert language("uk").lexical_features("сміявся", "VERB").get("Aspect") == "Imp"
