"""The score signature names the data a precise score depends on (``lambre_core.report``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.languages.cs import morph as cs_morph
from lambre_core.report import lexicon_versions, signature_for
from lambre_core.rules import default_rules


def test_a_packs_data_file_changes_the_signature(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Two checkouts whose Czech noun lists differ score differently: their signatures differ,
    though no package version changed."""
    nouns = tmp_path / "noun_genders.tsv"
    nouns.write_text("# a list\nadresa\tFem\tSing\n", encoding="utf-8")
    monkeypatch.setattr(cs_morph, "data_files", lambda: (nouns,))
    rules = default_rules("cs")
    first = str(signature_for(rules, "parser"))
    assert lexicon_versions("cs") == first.split("|lex:")[1].split("|")[0]
    nouns.write_text("# a list\nadresa\tFem\tSing\nbazén\tMasc/Inan\tSing\n", encoding="utf-8")
    second = str(signature_for(rules, "parser"))
    assert first != second
    # the paper's mode reads no lexicon: its signature does not move with the list
    assert str(signature_for(rules, "parser", mode="paper")).count("|lex:-|") == 1
