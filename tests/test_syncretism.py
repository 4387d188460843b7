"""Treebank lexicons fill in the cells that always share a form (``Lexicon.syncretisms``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.lexicon import Lexicon

REPO = Path(__file__).resolve().parents[1]


def _feats(case: str, gender: str = "Fem", number: str = "Plur") -> dict[str, str]:
    return {"Case": case, "Gender": gender, "Number": number}


def test_a_case_every_paradigm_shares_is_filled_in() -> None:
    lex = Lexicon("cs", external=False)
    # five adjectives whose plural genitive and locative are one form; their singular
    # genitive and locative differ
    for stem in ("nov", "star", "velk", "mal", "dobr"):
        lex.add(f"{stem}ý", "ADJ", _feats("Gen"), f"{stem}ých")
        lex.add(f"{stem}ý", "ADJ", _feats("Loc"), f"{stem}ých")
        lex.add(f"{stem}ý", "ADJ", _feats("Gen", number="Sing"), f"{stem}é")
        lex.add(f"{stem}ý", "ADJ", _feats("Loc", number="Sing"), f"{stem}é")
        lex.add(f"{stem}ý", "ADJ", _feats("Dat", number="Sing"), f"{stem}é")
        lex.add(f"{stem}ý", "ADJ", _feats("Ins", number="Sing"), f"{stem}ou")
    # a determiner seen only as a plural locative, another only as a singular genitive
    lex.add("který", "DET", _feats("Loc"), "kterých")
    lex.add("nějaký", "DET", _feats("Gen", number="Sing"), "nějaké")
    got = {dict(b)["Case"] for b in lex.closed_analyses("kterých", "DET")}
    assert got == {"Loc", "Gen"}
    # the tagger's constraint keeps what the treebank showed
    assert {dict(b)["Case"] for b in lex.constraint_analyses("kterých", "DET")} == {"Loc"}
    # the singular genitive shares its form with the locative and dative in all five...
    sing = {dict(b)["Case"] for b in lex.closed_analyses("nějaké", "DET")}
    assert sing == {"Gen", "Loc", "Dat"}
    # ...but never with the instrumental, which no paradigm shares
    assert "Ins" not in sing


def test_too_few_paradigms_teach_nothing() -> None:
    lex = Lexicon("cs", external=False)
    for stem in ("nov", "star"):
        lex.add(f"{stem}ý", "ADJ", _feats("Gen"), f"{stem}ých")
        lex.add(f"{stem}ý", "ADJ", _feats("Loc"), f"{stem}ých")
    lex.add("který", "DET", _feats("Loc"), "kterých")
    assert {dict(b)["Case"] for b in lex.closed_analyses("kterých", "DET")} == {"Loc"}


@pytest.mark.skipif(not (REPO / "models" / "cs" / "lexicon.tsv").is_file(),
                    reason="models/cs not shipped in this checkout")
def test_czech_relative_pronoun_after_a_genitive_preposition() -> None:
    from lambre_core.parse import model_lexicon

    lex = model_lexicon("cs")
    assert any(dict(b).get("Case") == "Gen" for b in lex.closed_analyses("kterých", "DET"))


def test_a_closed_class_form_fills_the_cells_its_ending_fills() -> None:
    def cases(lex: Lexicon, form: str) -> set[str]:
        return {dict(b).get("Case", "") for b in lex.closed_analyses(form, "DET")}

    for lang in ("cs", "de"):
        lex = Lexicon(lang, external=False)
        # three adjectives whose "-é" is the singular genitive and dative of the feminine
        for stem in ("nov", "star", "velk"):
            for case in ("Gen", "Dat"):
                lex.add(f"{stem}ý", "ADJ", _feats(case, number="Sing"), f"{stem}é")
        lex.add("který", "DET", _feats("Dat", number="Sing"), "které")
        # two are not enough, and a stem of two letters has no ending to compare
        for stem in ("jin", "dal"):
            lex.add(f"{stem}ý", "ADJ", _feats("Loc", number="Sing"), f"{stem}é")
        lex.add("ten", "DET", _feats("Dat", number="Sing"), "té")
        if lang == "cs":
            assert cases(lex, "které") == {"Dat", "Gen"}
        else:  # a language with a paradigm lexicon: the treebank's cells only
            assert cases(lex, "které") == {"Dat"}
        assert cases(lex, "té") == {"Dat"}


def test_a_class_has_the_features_its_treebank_writes_on_it() -> None:
    lex = Lexicon("ru", external=False)
    for i in range(150):
        lex.add(f"наречие{i}", "ADV", {"Degree": "Pos"}, f"наречие{i}")
        lex.add(f"слово{i}", "NOUN", _feats("Nom"), f"слово{i}")
    lex.add("странно", "ADV", {"Degree": "Pos", "Case": "Nom"}, "странно")  # one stray entry
    assert lex.class_features("ADV") == frozenset({"Degree"})
    assert lex.class_features("NOUN") == frozenset({"Case", "Gender", "Number"})
    assert lex.class_features("VERB") is None  # too few entries to tell
    for i in range(60):  # entries added later are counted
        lex.add(f"делать{i}", "VERB", {"VerbForm": "Inf"}, f"делать{i}")
    assert lex.class_features("VERB") == frozenset({"VerbForm"})
