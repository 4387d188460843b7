"""The on-disk German verb-form index answers what the index built in memory answers, is built
once and then reused, and a damaged, stale or unwritable store is rebuilt (or built in memory),
never trusted."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lambre_core.languages.de import morph_de
from lambre_core.languages.de.verb_store import VerbStore, open_store, store_key, store_path

REPO = Path(__file__).resolve().parents[1]

pytest.importorskip("ablaut")

Index = dict[str, dict[str, list[morph_de.Analysis]]]


@pytest.fixture(scope="module")
def built() -> Index:
    """The index as ``morph_de`` builds it in memory (the reference)."""
    return morph_de._build_verb_index()


def open_in(cache: Path) -> VerbStore:
    return open_store(morph_de._build_verb_index, morph_de._LEXICON_TSV, cache)


def test_same_answers_as_the_index_in_memory(tmp_path: Path, built: Index) -> None:
    store = open_in(tmp_path)
    assert store.path.parent == tmp_path and store.path.is_file()
    assert len(store) == len(built) > 10_000
    for form, by_lemma in built.items():
        got = store[form]
        # the same lemmas and analyses, in the same order (callers take the first)
        assert list(got.items()) == list(by_lemma.items()), form
    assert list(store.items()) == sorted(built.items())
    for miss in ("", "xyzzyt", "Gespeichert", "haus"):
        assert (miss in store) == (miss in built)
        assert store.get(miss, {}) == built.get(miss, {})


def test_built_once_then_reused(tmp_path: Path) -> None:
    calls: list[int] = []

    def make() -> Index:
        calls.append(1)
        return morph_de._build_verb_index()

    first = open_store(make, morph_de._LEXICON_TSV, tmp_path)
    stamp = first.path.stat().st_mtime_ns, first.path.stat().st_ino
    second = open_store(make, morph_de._LEXICON_TSV, tmp_path)
    assert calls == [1]  # the second process-like open reads the file
    assert (second.path.stat().st_mtime_ns, second.path.stat().st_ino) == stamp
    assert second["gespeichert"] == first["gespeichert"]


def test_key_follows_the_lexicon_content(tmp_path: Path) -> None:
    lex = tmp_path / "lexicon.tsv"
    lex.write_text("gehen\tVERB\tVerbForm=Inf\tgehen\n", "utf-8")
    key = store_key(lex)
    assert store_key(lex) == key
    lex.write_text("laufen\tVERB\tVerbForm=Inf\tlaufen\n", "utf-8")
    assert store_key(lex) != key
    assert store_key(tmp_path / "absent.tsv") not in (key, store_key(lex))


@pytest.mark.parametrize("damage", ["garbage", "truncated", "stale", "unfinished", "rows lost"])
def test_damaged_store_is_rebuilt(tmp_path: Path, damage: str, built: Index,
                                  damage_store: Callable[..., None]) -> None:
    path = store_path(store_key(morph_de._LEXICON_TSV), tmp_path)
    damage_store(path, damage, lambda: open_in(tmp_path).close(),
                 "DELETE FROM forms WHERE form = 'gespeichert'")
    store = open_in(tmp_path)
    assert store.path == path
    assert store["gespeichert"] == built["gespeichert"]
    assert len(store) == len(built)
    assert not list(tmp_path.glob("*.tmp"))


def test_a_store_of_other_data_is_replaced(tmp_path: Path) -> None:
    old = tmp_path / "verbs-0.0.1-0000000000000000-s0.sqlite"
    old.write_bytes(b"an index of another ablaut")
    store = open_in(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [store.path.name]


def test_unwritable_cache_builds_in_memory(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                           built: Index) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with caplog.at_level(logging.WARNING, logger="lambre_core.languages.de.verb_store"):
        store = open_in(blocker / "cache")
    assert store["ging"] == built["ging"]
    warned = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warned) == 1 and "in memory" in warned[0].getMessage()


def test_engine_reads_the_store_in_the_user_cache_dir(tmp_path: Path) -> None:
    """A fresh process builds the store in ``$LAMBRE_CACHE_DIR``; the next one reads it
    without conjugating anything (``ablaut.conjugate`` is never called)."""
    code = ("import sys, ablaut\n"
            "calls = []\n"
            "real = ablaut.conjugate\n"
            "ablaut.conjugate = lambda *a, **k: (calls.append(1), real(*a, **k))[1]\n"
            "from lambre_core.languages.de import morph_de\n"
            "print(morph_de.verb_lemmas('gespeichert'), type(morph_de._verb_index()).__name__,"
            " len(calls) > 0)\n")
    env = {"LAMBRE_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(REPO)}
    outs = [subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                           text=True, check=True).stdout.strip() for _ in range(2)]
    expected = f"{morph_de.verb_lemmas('gespeichert')} VerbStore"
    assert outs == [f"{expected} True", f"{expected} False"]
    assert len(list(tmp_path.glob("verbs-*.sqlite"))) == 1

