"""The on-disk German noun store answers what the ``german-nouns`` package answers, and a damaged,
stale or unwritable store is rebuilt (or built in memory), never trusted."""

from __future__ import annotations

import logging
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lambre_core.languages.de import noun_store
from lambre_core.languages.de.noun_store import NounStore, PackageData, open_store, store_path

REPO = Path(__file__).resolve().parents[1]

HEADER = ("lemma,pos,genus,genus 1,genus 2,genus 3,genus 4,nominativ singular,"
          "nominativ singular*,nominativ plural,genitiv singular,dativ plural")
ROWS = [
    'Bank,Substantiv,f,,,,,Bank,,Banken,Bank,Banken',
    'Bank,Substantiv,f,,,,,Bank,,Bänke,Bank,Bänken',
    'Haus,Substantiv,n,,,,,Haus,,Häuser,Hauses,Häusern',
    'Hau,Substantiv,,m,f,,,Hau,Haue,Haue,Haus,Hauen',
    'Europa,"Substantiv,Toponym",,,,,,,,,,',
    'Ärztin,Substantiv,f,,,,,Ärztin,,Ärztinnen,Ärztin,Ärztinnen',
]
SAMPLE = ["Bank", "bank", "Bänke", "Haus", "Häusern", "Hau", "Haue", "Europa", "Ärztin",
          "ärztinnen", "Katze", "", "xyzzy", "Leer"]


def tiny_data(root: Path, with_index: bool) -> PackageData:
    """A small catalogue in the package's CSV format (and its ``index.txt`` when asked)."""
    root.mkdir(parents=True, exist_ok=True)
    csv_path = root / "nouns.csv"
    csv_path.write_text(HEADER + "\n" + "\n".join(ROWS) + "\n", "utf-8")
    index = root / "index.txt"
    if with_index:  # the package's own format: word<TAB>row<TAB>row...
        index.write_text("bank\t0\t1\nbanken\t0\nbänke\t1\nbänken\t1\nhaus\t2\t3\nhauses\t2\n"
                         "häuser\t2\nhäusern\t2\nhau\t3\nhaue\t3\nhauen\t3\neuropa\t4\n"
                         "ärztin\t5\närztinnen\t5\nleer\t\n", "utf-8")  # a word with no row
    return PackageData(csv_path, index, "test")


def package_nouns(monkeypatch: pytest.MonkeyPatch, data: PackageData):  # type: ignore[no-untyped-def]
    """The package's own ``Nouns`` reading ``data`` (the reference the store must match)."""
    lookup = pytest.importorskip("german_nouns.lookup")
    monkeypatch.setattr(lookup, "CSV_FILE_PATH", data.csv_path)
    monkeypatch.setattr(lookup, "INDEX_FILE_PATH", data.index_path)
    return lookup.Nouns()


def same_answers(store: NounStore, nouns, words: list[str]) -> None:  # type: ignore[no-untyped-def]
    for w in words:
        # membership first: the package's ``nouns[w]`` adds a miss to its index
        assert (w.lower() in store.index) == (w.lower() in nouns.index), w
        assert store[w] == nouns[w], w


@pytest.mark.parametrize("with_index", [True, False])
def test_tiny_catalogue_matches_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        with_index: bool) -> None:
    data = tiny_data(tmp_path / "pkg", with_index)
    store = open_store(tmp_path / "cache", data)
    assert isinstance(store, NounStore)
    assert [r["lemma"] for r in store["Bank"]] == ["Bank", "Bank"]  # several records
    assert store["Haus"][0]["lemma"] == "Haus"  # best lemma match first (then Hau)
    nouns = package_nouns(monkeypatch, data)
    same_answers(store, nouns, SAMPLE)


@pytest.fixture(scope="module")
def real_store(tmp_path_factory: pytest.TempPathFactory) -> NounStore:
    data = noun_store.package_data()
    if data is None:
        pytest.skip("german-nouns is not installed")
    store = open_store(tmp_path_factory.mktemp("nouns"), data)
    assert isinstance(store, NounStore)
    return store


def test_real_package_sample(real_store: NounStore) -> None:
    """Fixed words (umlauts, several records, a miss, a name) and 300 seeded random ones."""
    from german_nouns.lookup import Nouns

    nouns = Nouns()
    fixed = ["Haus", "Häuser", "Bank", "Mutter", "See", "Straße", "Ärzte", "Öl", "Kiefer",
             "Europa", "Ausschuss", "Kompromiß", "xyzzyq", "Quatschbüchern", "Servieren"]
    assert len(nouns["Bank"]) > 1 and len(nouns["Mutter"]) > 1
    assert not nouns.index.get("xyzzyq")
    words = sorted(nouns.index)
    rnd = random.Random(12)
    sample = fixed + [rnd.choice(words) for _ in range(300)]
    sample += [w[:1].upper() + w[1:] for w in sample[-100:]]  # as a noun is written
    same_answers(real_store, nouns, sample)


def test_engine_reaches_the_store() -> None:
    from lambre_core.languages.de.nouns import german_nouns as _german_nouns

    if noun_store.package_data() is None:
        pytest.skip("german-nouns is not installed")
    assert isinstance(_german_nouns(), NounStore)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "stale", "unfinished"])
def test_damaged_store_is_rebuilt(tmp_path: Path, damage: str,
                                  damage_store: Callable[..., None]) -> None:
    data = tiny_data(tmp_path / "pkg", True)
    cache = tmp_path / "cache"
    path = store_path(data, cache)
    cache.mkdir()
    damage_store(path, damage, lambda: noun_store.build(path, data))
    store = open_store(cache, data)
    assert isinstance(store, NounStore) and store.path == path
    assert [r["lemma"] for r in store["Bänke"]] == ["Bank"]
    assert noun_store._open(path, data.key) is not None  # the file on disk is whole again
    assert not list(cache.glob("*.tmp"))


def test_unwritable_cache_builds_in_memory(tmp_path: Path,
                                           caplog: pytest.LogCaptureFixture) -> None:
    data = tiny_data(tmp_path / "pkg", True)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with caplog.at_level(logging.WARNING, logger="lambre_core.languages.de.noun_store"):
        store = open_store(blocker / "cache", data)
    assert isinstance(store, NounStore)
    assert [r["lemma"] for r in store["Häuser"]] == ["Haus"]
    assert "xyzzy" not in store.index
    warned = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warned) == 1 and "in memory" in warned[0].getMessage()


def test_concurrent_builders_leave_one_whole_store(tmp_path: Path) -> None:
    data = tiny_data(tmp_path / "pkg", True)
    cache = tmp_path / "cache"
    code = ("import sys; from pathlib import Path; from lambre_core.languages.de.noun_store import *;"
            f"d = PackageData(Path({str(data.csv_path)!r}), Path({str(data.index_path)!r}), 'test');"
            f"s = open_store(Path({str(cache)!r}), d); print(len(s['Bank']))")
    procs = [subprocess.Popen([sys.executable, "-c", code], cwd=REPO, stdout=subprocess.PIPE,
                              text=True) for _ in range(4)]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert outs == ["2"] * 4 and all(p.returncode == 0 for p in procs)
    assert [p.name for p in cache.iterdir()] == [store_path(data, cache).name]
