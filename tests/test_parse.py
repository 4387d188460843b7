"""Pipeline loading and parsing with the real shipped German model (models/de)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.doc import Sentence
from lambre_core.errors import LambreError
from lambre_core.parse import load_parser, resolve_models

REPO = Path(__file__).resolve().parents[1]
MODELS = REPO / "models"

pytestmark = pytest.mark.skipif(not (MODELS / "de" / "pos.pt").is_file(),
                                reason="models/de not shipped in this checkout")


def _spans_ok(s: Sentence, text: str) -> None:
    """Every word's offsets cut its own form (or its multiword token's form) out of ``text``."""
    in_mwt = {i: m for m in s.multiword for i in range(m.first, m.last + 1)}
    for w in s.words:
        assert w.start is not None and w.end is not None
        surface = in_mwt[w.id].form if w.id in in_mwt else w.form
        assert text[w.start:w.end] == surface, (w, text)


@pytest.fixture(scope="module")
def parser():  # type: ignore[no-untyped-def]
    return load_parser("de")


def test_parse_sentences_one_sentence_each_with_offsets(parser) -> None:  # type: ignore[no-untyped-def]
    texts = ["Ich gehe heute zum Bahnhof.", "Der Hund bellt. Die Katze schläft!", "   ",
             "  Zwei  Leerzeichen  vorne."]
    out = parser.parse_sentences(texts)
    assert len(out) == len(texts)
    for text, s in zip(texts, out, strict=True):
        assert s.metadata["text"] == text
        _spans_ok(s, text)
        if s.words:
            assert sum(w.head == 0 for w in s.words) == 1  # one tree, even with two clauses
            assert [w.id for w in s.words] == list(range(1, len(s.words) + 1))
    assert out[2].words == []
    zum = [m for m in out[0].multiword if m.form == "zum"]
    assert zum and [w.form for w in out[0].words[zum[0].first - 1:zum[0].last]] == ["zu", "dem"]


def test_confidence_in_misc(parser) -> None:  # type: ignore[no-untyped-def]
    s = parser.parse_sentences(["Die Kinder spielen im Garten."])[0]
    confs = [float(w.misc["Conf"]) for w in s.words]
    assert all(0.0 <= c <= 1.0 for c in confs)
    assert len(set(confs)) > 1
    noun = next(w for w in s.words if w.form == "Kinder")
    per = dict(p.split(":") for p in noun.misc["FConf"].split(","))
    assert "Number" in per and 0.0 <= float(per["Number"]) <= 1.0


def test_parse_document_splits_and_offsets_index_the_text(parser) -> None:  # type: ignore[no-untyped-def]
    text = "Der Hund bellt laut. Die Katze schläft im Garten!\n\nEin neuer Absatz beginnt hier."
    out = parser.parse_document(text)
    assert len(out) >= 3
    for s in out:
        _spans_ok(s, text)
        a = int(s.metadata["start_char"])
        assert text[a:a + len(s.metadata["text"])] == s.metadata["text"]
    assert parser.parse_document("  \n ") == []


def test_parse_pretokenized_keeps_tokens(parser) -> None:  # type: ignore[no-untyped-def]
    toks = [["Er", "geht", "zum", "Arzt", "."], [], ["Das", "ist", "gut"]]
    out = parser.parse_pretokenized(toks)
    assert len(out) == 3 and out[1].words == []
    s = out[0]
    assert s.metadata["text"] == "Er geht zum Arzt ."
    assert [m.form for m in s.multiword] == ["zum"] and len(s.words) == 6
    _spans_ok(s, s.metadata["text"])
    flat = parser.parse_pretokenized([toks[0]], expand_mwt=False)[0]
    assert [w.form for w in flat.words] == toks[0]


def test_lemmas_come_from_the_model_lexicon(parser) -> None:  # type: ignore[no-untyped-def]
    s = parser.parse_sentences(["Die Kinder wurden gestern vom Xyzzler abgeholt."])[0]
    by_form = {w.form: w for w in s.words}
    if by_form["wurden"].upos in ("AUX", "VERB"):
        assert by_form["wurden"].lemma == "werden"
    if by_form["Kinder"].upos == "NOUN":
        assert by_form["Kinder"].lemma == "Kind"
    assert by_form["Xyzzler"].lemma == "Xyzzler"  # unknown: lemma = form
    assert parser.lexicon is not None and parser.lexicon.lemma("wurden", "AUX") == "werden"


def test_long_line_and_junk_do_not_hang(parser) -> None:  # type: ignore[no-untyped-def]
    line = ("Das Haus ist groß und die Kinder spielen draußen " * 400).strip()  # ~19k chars
    s = parser.parse_sentences([line, "a\x00b\x07c"])
    assert len(s[0].words) > 2000
    _spans_ok(s[0], line)
    assert s[1].metadata["text"] == "a\x00b\x07c"


def test_cache_and_resolution(tmp_path: Path) -> None:
    assert load_parser("de") is load_parser("de")
    assert resolve_models("de").kind == "project"
    with pytest.raises(LambreError, match="'xx'.*train"):
        resolve_models("xx")
    with pytest.raises(LambreError, match="no parser model for language 'de'"):
        resolve_models("de", tmp_path)


def test_cli_parse_and_bad_input(tmp_path: Path) -> None:
    f = tmp_path / "t.txt"
    f.write_text("Ich gehe zum Bahnhof.\nDer Hund bellt.\n", encoding="utf-8")
    cli = [sys.executable, "-m", "lambre_core.cli"]
    r = subprocess.run(cli + ["parse", "--lang", "de", str(f)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("# text =") == 2 and "start_char=" in r.stdout
    for content, lang, needle in [(b"", "de", "empty"), (b"\x00\x01\x02", "de", "binary"),
                                  (b"Hallo.", "xx", "'xx'")]:
        g = tmp_path / "bad.txt"
        g.write_bytes(content)
        r = subprocess.run(cli + ["parse", "--lang", lang, str(g)], capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 2 and needle in r.stderr and "Traceback" not in r.stderr


#: one sentence per shipped language (Greek "στο" and Czech "se" exercise their tokenizers)
SAMPLES = {
    "ru": "Мы читали интересные книги в библиотеке.",
    "el": "Τα παιδιά παίζουν στο πάρκο με τους φίλους τους.",
    "tr": "Çocuklar parkta arkadaşlarıyla oynuyorlar.",
    "cs": "Děti si hrají v parku se svými přáteli.",
}


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_shipped_model_parses_its_language(lang: str) -> None:
    if not (MODELS / lang / "pos.pt").is_file():
        pytest.skip(f"models/{lang} not shipped")
    p = load_parser(lang)
    text = SAMPLES[lang]
    s = p.parse_sentences([text])[0]
    _spans_ok(s, text)
    assert sum(w.head == 0 for w in s.words) == 1
    assert any("Case" in w.feats or "Number" in w.feats for w in s.words)
    r = subprocess.run([sys.executable, "-m", "lambre_core.cli", "score", "--lang", lang,
                        "--format", "json", "-"], input=text + "\n", capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert 0.0 <= json.loads(r.stdout)["score"] <= 1.0


@pytest.mark.parametrize("model", sorted(d.name for d in MODELS.iterdir() if d.is_dir())
                         if MODELS.is_dir() else [])
def test_shipped_model_directory_is_complete(model: str) -> None:
    d = MODELS / model
    files = {f.name: f.stat().st_size for f in d.iterdir()}
    assert {"README.md", "split.json", "resources.json", "pos.pt", "depparse.pt",
            "tokenize.pt"} <= set(files)
    assert not [f for f in files if f.endswith("_checkpoint.pt")]
    assert sum(n for f, n in files.items() if f.endswith(".pt")) <= 25e6
    card = (d / "README.md").read_text(encoding="utf-8")
    split = json.loads((d / "split.json").read_text(encoding="utf-8"))
    assert "## Licence" in card and all(src["licence"] in card for src in split["sources"])
    assert split["lang"] in model


@pytest.mark.skipif(not (MODELS / "ru" / "pos.pt").is_file(), reason="models/ru not shipped")
def test_russian_model_loads_without_mwt() -> None:
    p = load_parser("ru")
    assert not p.has_mwt
    text = "Мы читали интересные книги в библиотеке."
    s = p.parse_sentences([text])[0]
    _spans_ok(s, text)
    assert s.multiword == [] and sum(w.head == 0 for w in s.words) == 1
    assert any("Case" in w.feats for w in s.words)


@pytest.mark.skipif(not (MODELS / "ru" / "pos.pt").is_file(), reason="models/ru not shipped")
def test_russian_tags_take_the_dictionarys_lexical_features() -> None:
    """Aspect, a noun's animacy and a verb's voice are the word's, not the tagger's guess."""
    pytest.importorskip("pymorphy3")
    from lambre_core.parse import lexicon_constraint

    if not lexicon_constraint():
        pytest.skip("the lexicon constraint is switched off")
    s = load_parser("ru").parse_pretokenized(
        [["Птицы", "оказались", "в", "клетке", "."], ["Мы", "купили", "столы", "."]])
    birds = {w.form: w for w in s[0].words}
    assert birds["Птицы"].feats.get("Animacy") == "Anim"
    assert birds["оказались"].feats.get("Voice") == "Mid"
    assert birds["оказались"].feats.get("Aspect") == "Perf"
    tables = {w.form: w for w in s[1].words}
    assert tables["купили"].feats.get("Aspect") == "Perf"
    assert tables["купили"].feats.get("Voice") == "Act"
    assert tables["столы"].feats.get("Animacy") == "Inan"


def test_same_parses_on_one_thread_and_on_several(parser) -> None:  # type: ignore[no-untyped-def]
    """Short input runs on one thread (``Parser._threads_for``), long input on the parser's
    threads: the parses, confidences included, must not depend on which."""
    import torch

    from lambre_core.conllu_io import to_conllu

    rows = (REPO / "tests" / "data" / "de" / "judgements.tsv").read_text("utf-8").splitlines()
    texts = [r.split("\t")[1] for r in rows if r and not r.startswith(("#", "id\t"))]
    assert len(texts) > 200
    saved = parser._threads
    try:
        got = {}
        for n in (1, 2):
            parser._threads = n  # the threads a long input gets
            torch.set_num_threads(n)
            got[n] = (to_conllu(parser.parse_sentences(texts)),
                      [to_conllu(parser.parse_document(t)) for t in texts[:20]])
            assert torch.get_num_threads() == n  # restored after the short inputs
        assert got[1] == got[2]
    finally:
        parser._threads = saved
        torch.set_num_threads(saved)
