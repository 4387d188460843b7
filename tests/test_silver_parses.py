"""``scripts/silver_parses.py``: which trees another parser gave are kept, the shipped tagger's
tags on them, another tagger's tags in the treebank's conventions, and ``lambre-core train
--silver-parses`` / ``--silver-tags`` feeding them to the parser or the tagger alone."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lambre_core.conllu_io import read_conllu_string
from lambre_core.train import train, write_model_card

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))

from silver_parses import keep, learn_conventions, retag, tagged_conllu, to_conllu  # noqa: E402


def _tree(text: str, heads: list[int]) -> list[tuple[str, int, str]]:
    return [(f, h, "root" if h == 0 else "dep") for f, h in zip(text.split(), heads, strict=True)]


def test_kept_trees_have_one_root_a_sane_length_no_contraction_and_no_repeat() -> None:
    good = _tree("Pes spí doma .", [2, 0, 2, 2])
    trees = [
        good,
        _tree("Pes spí doma .", [2, 0, 2, 2]),            # the same sentence again
        _tree("Ano .", [0, 1]),                            # too short
        _tree("Pes spí doma .", [0, 0, 2, 2]),            # two roots
        _tree("Přišel , abych mu pomohl .", [0, 1, 5, 5, 1, 1]),  # "abych" = aby + bych
        _tree("Ptal ses doma ?", [0, 1, 1, 1]),           # "ses" = se + jsi
        _tree("Kočka spí venku .", [2, 0, 2, 2]),
    ]
    kept = list(keep(trees, "cs"))
    assert kept == [good, trees[-1]]
    # a language without a contraction list keeps such a word
    assert len(list(keep([trees[4]], "xx"))) == 1


def test_silver_trees_carry_the_shipped_taggers_tags_and_the_other_parsers_arcs() -> None:
    if not (REPO / "models" / "cs" / "pos.pt").is_file():
        pytest.skip("models/cs not shipped in this checkout")
    tree = [("Velký", 2, "amod"), ("pes", 3, "nsubj"), ("spí", 0, "root"), (".", 3, "punct")]
    text = to_conllu(retag([tree], "cs"), "test")
    (sent,) = read_conllu_string(text)
    assert [w.form for w in sent.words] == ["Velký", "pes", "spí", "."]
    assert [(w.head, w.deprel) for w in sent.words] == [(h, r) for _, h, r in tree]
    assert [w.lemma for w in sent.words] == [w.form for w in sent.words]
    # the tags are the tagger's, not copied from anywhere: a noun with its case
    assert sent.words[1].upos == "NOUN" and sent.words[1].feats.get("Case") == "Nom"


def test_conventions_rewrite_what_the_treebank_writes_otherwise_and_nothing_else() -> None:
    pdt_la = "Gender=Fem,Neut|Number=Plur,Sing|VerbForm=Part"
    masc = "Gender=Masc|Number=Sing|VerbForm=Part"
    pairs = (
        # the larger treebank's "-la" participle; FicTree writes the feminine singular
        [("VERB", pdt_la, "VERB", "Gender=Fem|Number=Sing|VerbForm=Part")] * 24
        + [("VERB", pdt_la, "VERB", "Gender=Neut|Number=Plur|VerbForm=Part")]
        # FicTree adds an animacy to a masculine past participle
        + [("VERB", masc, "VERB", "Animacy=Anim|" + masc)] * 11
        + [("VERB", masc, "VERB", "Animacy=Inan|" + masc)] * 2
        # a tagger's error, not a convention: the treebank is split between the values
        + [("NOUN", "Case=Acc|Number=Sing", "NOUN", "Case=Nom|Number=Sing")] * 12
        + [("NOUN", "Case=Acc|Number=Sing", "NOUN", "Case=Acc|Number=Sing")] * 18
        # another class: no evidence about this word
        + [("ADJ", "Case=Acc|Number=Sing", "NOUN", "Case=Nom|Number=Sing")] * 40
    )
    conv = learn_conventions(pairs)
    assert conv.change == {("VERB", "Gender", "Fem,Neut"): "Fem",
                           ("VERB", "Number", "Plur,Sing"): "Sing"}
    assert conv.add == {("VERB", masc, "Animacy"): "Anim"}
    assert conv.apply("VERB", pdt_la) == "Gender=Fem|Number=Sing|VerbForm=Part"
    assert conv.apply("VERB", masc) == "Animacy=Anim|" + masc
    assert conv.apply("NOUN", "Case=Acc|Number=Sing") == "Case=Acc|Number=Sing"
    assert conv.apply("ADJ", "_") == "_"
    # too few words for a convention
    assert learn_conventions(pairs[:19]).change == {}


def test_silver_tags_keep_the_other_taggers_classes_in_the_treebanks_conventions() -> None:
    conv = learn_conventions([("VERB", "Gender=Fem,Neut", "VERB", "Gender=Fem")] * 20)
    text = tagged_conllu([[("Marie", 2, "nsubj", "PROPN", "Gender=Fem"),
                           ("spala", 0, "root", "VERB", "Gender=Fem,Neut"),
                           (".", 2, "punct", "PUNCT", "_")]], conv, "a stronger tagger; news.txt")
    (sent,) = read_conllu_string(text)
    assert [(w.form, w.lemma, w.upos, w.head) for w in sent.words] == [
        ("Marie", "Marie", "PROPN", 2), ("spala", "spala", "VERB", 0), (".", ".", "PUNCT", 2)]
    assert sent.words[1].feats == {"Gender": "Fem"}


@pytest.mark.slow
def test_train_adds_silver_trees_to_the_parser_and_silver_tags_to_the_tagger(
        tmp_path: Path, tiny_train_config: Callable[..., Any]) -> None:
    cfg = tiny_train_config("de", ["pos", "depparse"], {"pos": 1, "depparse": 1})
    trees, tags = tmp_path / "silver.conllu", tmp_path / "tags.conllu"
    trees.write_text(to_conllu([(_tree("Hunde bellen laut .", [2, 0, 2, 2]),
                                 [("NOUN", "_"), ("VERB", "_"), ("ADV", "_"),
                                  ("PUNCT", "_")])], "a stronger parser; news.txt"),
                     encoding="utf-8")
    tags.write_text(tagged_conllu([[("Katzen", 2, "nsubj", "NOUN", "Number=Plur"),
                                    ("schlafen", 0, "root", "VERB", "_"),
                                    (".", 2, "punct", "PUNCT", "_")]],
                                  learn_conventions([]), "a stronger tagger; news.txt"),
                    encoding="utf-8")
    cfg = replace(cfg, silver_parses=[trees], silver_tags=[tags], treebank_copies=3)
    train(cfg)
    data = cfg.work / "data"
    parser_data = (data / "depparse-train.conllu").read_text(encoding="utf-8")
    tagger_data = (data / "pos-train.conllu").read_text(encoding="utf-8")
    text_line = next(line for line in cfg.train.read_text(encoding="utf-8").splitlines()
                     if line.startswith("# text = "))
    # each silver file in its component's data alone, the treebank three times over beside it
    assert parser_data.count("Hunde bellen laut") == 1 and "Katzen schlafen" not in parser_data
    assert tagger_data.count("Katzen schlafen .") == 1 and "Hunde bellen" not in tagger_data
    assert parser_data.count(text_line + "\n") == 3
    assert tagger_data.count(text_line + "\n") == 3
    card = write_model_card(cfg.out, "de", command="test", split=None, noise=None, cfg=cfg)
    body = card.read_text(encoding="utf-8")
    assert "## Silver trees (parser only)" in body and "## Silver tags (tagger only)" in body
    assert "`silver.conllu`: a stronger parser; news.txt" in body
    assert "`tags.conllu`: a stronger tagger; news.txt" in body
