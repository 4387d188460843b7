"""Punctuation a small tokenizer glues to a word is split off, and a language whose multiword
tokens are a closed class gets exactly those expanded (``lambre_core.tokens``), through the
functions themselves and through the shipped German model's pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.tokens import closed_class_multiwords, split_glued_punctuation

REPO = Path(__file__).resolve().parents[1]


def test_trailing_and_leading_punctuation_is_split() -> None:
    got = split_glued_punctuation([["gut;", "«nein»", "καλά;", "понятием--", "(siehe"]])
    assert got == [["gut", ";", "«", "nein", "»", "καλά", ";", "понятием", "--", "(", "siehe"]]


def test_an_ellipsis_and_a_tag_glued_to_a_word_are_split() -> None:
    # a sentence taking up the one before ("...Und so"), a transcript's tag on the word before;
    # full stops after a word stay (an abbreviation's), one before it too (a name's)
    # a whole tag stays one token
    got = split_glued_punctuation([["...Und", "…und", "werden<", "<laugh/>", "Ja...", ".NET"]])
    assert got == [["...", "Und", "…", "und", "werden", "<", "<laugh/>", "Ja...", ".NET"]]


def test_what_belongs_to_a_word_stays() -> None:
    # abbreviations, a genitive apostrophe, a compound's hyphen, inner slashes, symbols,
    # punctuation-only tokens
    toks = ["z.B.", "Hans'", "Ein-", "und/oder", "5€", "...", "?!", "м'ясо"]
    assert split_glued_punctuation([toks]) == [toks]


def test_a_multiword_token_keeps_its_flag_on_its_core() -> None:
    assert split_glued_punctuation([[("zum;", True)]]) == [[("zum", True), ";"]]


def test_the_pipeline_splits_and_offsets_index_the_text() -> None:
    if not (REPO / "models" / "de" / "tokenize.pt").is_file():
        pytest.skip("models/de not shipped in this checkout")
    from lambre_core.parse import load_parser

    text = "Das ist gut; ich komme. Sie sagte «nein» (leise)."
    sents = load_parser("de").parse_document(text)
    forms = [w.form for s in sents for w in s.words]
    assert {";", "«", "nein", "»", "(", "leise", ")"} <= set(forms)
    assert all(text[w.start:w.end] == w.form for s in sents for w in s.words)


def test_a_closed_class_decides_which_tokens_are_multiword() -> None:
    sents = [[("ihm", True), "im", ("hinterm", True), ("ins", False), "Haus", ("Vorm", True)]]
    got = closed_class_multiwords(sents, expand=frozenset({"im", "ins"}),
                                  allowed=frozenset({"im", "ins", "hinterm", "vorm"}))
    # a pronoun the tokenizer took for a contraction stays a word; members the expander knows
    # are expanded even when the tokenizer missed them; other members keep the tokenizer's flag
    assert got == [[("ihm", False), ("im", True), ("hinterm", True), ("ins", True), "Haus",
                    ("Vorm", True)]]


def test_the_pipeline_expands_contractions_only() -> None:
    if not (REPO / "models" / "de" / "tokenize.pt").is_file():
        pytest.skip("models/de not shipped in this checkout")
    from lambre_core.parse import load_parser

    parser = load_parser("de")
    [pronoun] = parser.parse_document("Ich habe ihm gestern angerufen.")
    assert [w.form for w in pronoun.words][:3] == ["Ich", "habe", "ihm"]
    assert not pronoun.multiword
    [article] = parser.parse_document("Wir gehen ins Kino und sitzen im Saal.")
    assert [m.form for m in article.multiword] == ["ins", "im"]
    forms = [w.form.lower() for w in article.words]
    assert forms[2:4] == ["in", "das"] and forms[7:9] == ["in", "dem"]
