"""The parse cache: exact round trip of real parses, resuming after an interruption, keys that
change with the model, and several processes writing at once."""

from __future__ import annotations

import multiprocessing
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from lambre_core.doc import Sentence
from lambre_core.parse import load_parser, shipped_models_dir
from lambre_core.parse_cache import ParseCache, cached_parse, decode, encode, model_key, text_key

TEXTS = ["Ich werde lange Bücher lesen.", "Die Kinder spielt im Garten.",
         "Wir haben einen neuen Hund gekauft.", "Der Lehrer gibt den Schülern ein Buch.",
         "Er geht zum Bahnhof, weil es regnet.", "Das ist ein schönes Haus."]


@pytest.fixture(scope="module")
def parser():  # type: ignore[no-untyped-def]
    return load_parser("de", device="cpu")


@pytest.mark.slow
def test_a_cached_parse_equals_the_fresh_one(parser) -> None:  # type: ignore[no-untyped-def]
    fresh = parser.parse_sentences(TEXTS)
    back = decode(encode(fresh))
    assert back == fresh  # words, offsets, feats, misc (confidence), multiword tokens, metadata
    assert any(s.multiword for s in back)  # "im", "zum": offsets of contractions survive too
    assert all(w.start is not None for s in back for w in s.words)


@pytest.mark.slow
def test_an_interrupted_run_resumes_without_reparsing(parser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    cache = ParseCache(tmp_path)
    model = model_key("de")
    calls: list[list[str]] = []

    def parse_then_stop(texts: Sequence[str]) -> list[Sentence]:
        if calls:
            raise KeyboardInterrupt  # the user stops the run during the second batch
        calls.append(list(texts))
        return parser.parse_sentences(texts)

    with pytest.raises(KeyboardInterrupt):
        cached_parse(TEXTS, parse_then_stop, cache, "de", model, batch_size=2)
    assert len(cache) == 2
    seen: list[str] = []

    def parse(texts: Sequence[str]) -> list[Sentence]:
        seen.extend(texts)
        return parser.parse_sentences(texts)

    resumed = cached_parse(TEXTS, parse, cache, "de", model, batch_size=2)
    assert seen == TEXTS[2:]  # the first batch came from the cache
    assert resumed == parser.parse_sentences(TEXTS)
    seen.clear()
    again = cached_parse(TEXTS + TEXTS[:1], parse, cache, "de", model)
    assert seen == [] and again[:len(TEXTS)] == resumed and again[-1] == resumed[0]
    again[-1].words[0].feats["Case"] = "Gen"  # a repeated text is its own copy
    assert "Case" not in again[0].words[0].feats or again[0].words[0].feats["Case"] != "Gen"


def test_keys_depend_on_text_language_model_and_unit(tmp_path: Path) -> None:
    k = text_key("de", "m1", "Das Haus.")
    assert k == text_key("de", "m1", "Das Haus.")
    assert len({k, text_key("ru", "m1", "Das Haus."), text_key("de", "m2", "Das Haus."),
                text_key("de", "m1", "Das Haus!"), text_key("de", "m1", "Das Haus.", "pretokenized")}) == 5
    model = tmp_path / "de"
    shutil.copytree(shipped_models_dir() / "de", model)
    before = model_key("de", str(tmp_path))
    assert before == model_key("de", str(tmp_path))
    with open(model / "lexicon.tsv", "a", encoding="utf-8") as fh:
        fh.write("Xylofon\tNOUN\tCase=Nom|Gender=Neut|Number=Sing\n")
    assert model_key("de", str(tmp_path)) != before


def _writer(path: str, worker: int) -> None:
    cache = ParseCache(path)
    for i in range(40):
        cache.put_many({f"{worker}-{i}-{j}": f"# text = {worker} {i} {j}\n" for j in range(5)})


def test_several_processes_write_at_once(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), w)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    cache = ParseCache(tmp_path)
    assert len(cache) == 4 * 40 * 5
    assert cache.get_many(["3-39-4"]) == {"3-39-4": "# text = 3 39 4\n"}


def test_an_unwritable_cache_is_one_clear_error(tmp_path: Path) -> None:
    from lambre_core.errors import LambreError

    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(LambreError, match="cannot open the parse cache"):
        ParseCache(blocker / "cache")
