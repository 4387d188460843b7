"""The German noun lexicon (``german-nouns``, Wiktionary) as an on-disk SQLite index.

The package's own ``Nouns()`` reads its whole 20 MB CSV into Python lists and dicts (about 2 s and
215 MB per process). The checker asks about a few hundred words a run, so the package's data is
copied once into ``nouns-<version>-<sizes>.sqlite`` in the user cache dir (``parse_cache.cache_dir``)
and each word is looked up on demand. The store answers exactly what the package answers: the
same records (``row_to_dict``'s shape) in the same order (the package sorts by similarity of the
lemma to the key), and membership of ``.index`` for the lower-cased word.

Safety (``lookup_store``): the file is built under a temporary name and renamed into place. A
file that does not match the installed package (version, data sizes, schema) or does not pass a
cheap integrity test (SQLite header, page count against file size, a completion row written last,
the row count it names) is rebuilt, never trusted. When the cache dir cannot be written, the
store is built in memory for the run, with one warning.
"""

from __future__ import annotations

import csv
import difflib
import functools
import json
import logging
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import lookup_store

log = logging.getLogger(__name__)

#: bump when the table layout or the record encoding changes
SCHEMA = 1
#: columns kept as record fields (the rest are inflection cells), as in ``german_nouns.lookup``
_FIELDS = frozenset({"lemma", "pos", "genus", "genus 1", "genus 2", "genus 3", "genus 4"})
#: CSV columns the package leaves out of its index (everything but the lemma before the cells)
_NOT_INDEXED = frozenset({1, 2, 3, 4, 5, 6})

Record = dict[str, Any]


@dataclass(frozen=True)
class PackageData:
    """Where the installed ``german-nouns`` keeps its data, and what identifies that data."""

    csv_path: Path
    index_path: Path
    version: str

    @property
    def key(self) -> str:
        """Changes with the package version, the data files' sizes and this module's schema."""
        isize = self.index_path.stat().st_size if self.index_path.is_file() else 0
        return f"{self.version}-{self.csv_path.stat().st_size}-{isize}-s{SCHEMA}"


def package_data() -> PackageData | None:
    """The installed package's data files (None when ``german-nouns`` is not installed)."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        from german_nouns.config import CSV_FILE_PATH, PACKAGE_PATH
    except ImportError:
        return None
    try:
        ver = version("german-nouns")
    except PackageNotFoundError:
        ver = "unknown"
    csv_path = Path(CSV_FILE_PATH)
    if not csv_path.is_file():
        return None
    return PackageData(csv_path, Path(PACKAGE_PATH) / "index.txt", ver)


def row_to_record(header: list[str], row: list[str]) -> Record:
    """A CSV row as the package's record: the named fields (``pos`` split at commas) and every
    non-empty inflection cell under ``flexion``."""
    out: Record = {"flexion": {}}
    for name, value in zip(header, row, strict=False):
        if not value:
            continue
        if name in _FIELDS:
            out[name] = value.split(",") if name == "pos" else value
        else:
            out["flexion"][name] = value
    return out


def _read_index(data: PackageData, rows: list[list[str]]) -> dict[str, list[int]]:
    """word (lower-cased) -> row numbers, read as the package reads ``index.txt``, or made as
    the package makes it when the file is absent."""
    index: dict[str, list[int]] = {}
    if data.index_path.is_file():
        with open(data.index_path, encoding="utf-8") as fh:
            for line in fh:
                parts = line.strip().split("\t")
                index[parts[0]] = [int(x) for x in parts[1:] if x]
        return index
    for r, row in enumerate(rows):
        for c, word in enumerate(row):
            if c in _NOT_INDEXED or not word:
                continue
            ids = index.setdefault(word.lower(), [])
            if r not in ids:
                ids.append(r)
    return index


def _tables(data: PackageData) -> lookup_store.Fill:
    """Copy the package's data into the store's tables; the completion value is
    ``"<rows> <words>"``."""

    def tables(con: sqlite3.Connection) -> str:
        with open(data.csv_path, encoding="utf-8", newline="") as fh:
            reader = csv.reader(fh)
            header = next(reader)
            rows = list(reader)
        index = _read_index(data, rows)
        con.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, rec TEXT NOT NULL)")
        con.execute("CREATE TABLE words (w TEXT PRIMARY KEY, ids TEXT NOT NULL) WITHOUT ROWID")
        con.executemany("INSERT INTO rows VALUES (?, ?)",
                        ((i, json.dumps(row_to_record(header, row), ensure_ascii=False,
                                        separators=(",", ":")))
                         for i, row in enumerate(rows)))
        con.executemany("INSERT INTO words VALUES (?, ?)",
                        ((w, " ".join(map(str, ids))) for w, ids in index.items()))
        return f"{len(rows)} {len(index)}"

    return tables


def _all_rows(con: sqlite3.Connection, done: str) -> bool:
    """Every row the completion value counts is there."""
    n_rows = int(done.split()[0])
    return bool(con.execute("SELECT max(id) FROM rows").fetchone()[0] == n_rows - 1)


def build(path: Path, data: PackageData) -> None:
    """Write the store to ``path`` atomically, deleting the stores of other package versions."""
    lookup_store.build(path, data.key, _tables(data), stale="nouns-*.sqlite")


class _Index:
    """``word in store.index``: the package's ``Nouns().index`` membership (lower-cased key)."""

    def __init__(self, store: NounStore) -> None:
        self._store = store

    def __contains__(self, word_low: object) -> bool:
        return isinstance(word_low, str) and self._store.row_ids(word_low) is not None


class NounStore:
    """Read access to a built store; the interface of ``german_nouns.lookup.Nouns`` the engine
    uses: ``word in store.index`` and ``store[word]`` (records, best lemma match first)."""

    def __init__(self, path: Path, con: sqlite3.Connection) -> None:
        self.path = path
        self._con = con
        self._lock = threading.Lock()  # one connection, shared by the server's threads
        self.index = _Index(self)

    @functools.lru_cache(maxsize=65536)  # noqa: B019 - one store per process, lives as long
    def row_ids(self, word_low: str) -> tuple[int, ...] | None:
        """The rows holding ``word_low`` (a lower-cased form), in the package's order; None when
        the package's index lacks the word."""
        with self._lock:
            got = self._con.execute("SELECT ids FROM words WHERE w = ?", (word_low,)).fetchone()
        return tuple(int(x) for x in got[0].split()) if got else None

    @functools.lru_cache(maxsize=16384)  # noqa: B019
    def _row(self, row_id: int) -> str:
        with self._lock:
            got = self._con.execute("SELECT rec FROM rows WHERE id = ?", (row_id,)).fetchone()
        if got is None:
            raise sqlite3.DatabaseError(f"row {row_id} missing from {self.path}")
        return str(got[0])

    @functools.cached_property
    def _hyphenated(self) -> dict[str, tuple[str, ...]]:
        with self._lock:
            words = [w for (w,) in self._con.execute(
                "SELECT w FROM words WHERE w LIKE '_%-%_'")]
        out: dict[str, list[str]] = {}
        for w in words:
            out.setdefault(w.replace("-", ""), []).append(w)
        return {k: tuple(v) for k, v in out.items()}

    def hyphenated(self, word_low: str) -> tuple[str, ...]:
        """The words (lower-cased) the lexicon writes with a hyphen inside that are
        ``word_low`` once their hyphens are dropped ("email": "e-mail")."""
        return self._hyphenated.get(word_low, ())

    def __getitem__(self, key: str) -> list[Record]:
        # fresh dicts on every call, as the package gives
        results = [json.loads(self._row(i)) for i in self.row_ids(key.lower()) or ()]
        results.sort(key=lambda x: difflib.SequenceMatcher(None, x["lemma"], key).ratio(),
                     reverse=True)
        return results

    def records(self) -> Iterator[Record]:
        """Every record, in the package's row order (the lemmatizer's dictionary reads them)."""
        with self._lock:
            rows = [rec for (rec,) in self._con.execute("SELECT rec FROM rows ORDER BY id")]
        return (json.loads(rec) for rec in rows)

    def __iter__(self) -> Iterator[str]:  # the words, for tests and tools
        with self._lock:
            words = [w for (w,) in self._con.execute("SELECT w FROM words ORDER BY w")]
        return iter(words)

    def close(self) -> None:
        """Close the database connection."""
        self._con.close()


def store_path(data: PackageData, cache: Path | None = None) -> Path:
    """Where the store for ``data`` lives (``cache`` or the user cache dir)."""
    from ...parse_cache import cache_dir

    return (cache if cache is not None else cache_dir()) / f"nouns-{data.key}.sqlite"


def _open(path: Path, key: str) -> NounStore | None:
    con = lookup_store.open_file(path, key, _all_rows)
    return NounStore(path, con) if con is not None else None


def open_store(cache: Path | None = None, data: PackageData | None = None) -> NounStore | None:
    """The German noun lexicon from the on-disk store in ``cache`` (default: the user cache
    dir), built there on first use; built in memory, with one warning, when it cannot be
    written. None when ``german-nouns`` is not installed. ``data``: other data than the
    installed package's (tests)."""
    data = data if data is not None else package_data()
    if data is None:
        return None
    path = store_path(data, cache)
    con = lookup_store.open_or_build(path, data.key, _tables(data), stale="nouns-*.sqlite",
                                     what="German noun index", log=log, check=_all_rows)
    return NounStore(path, con)
