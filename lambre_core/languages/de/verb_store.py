"""The German verb-form index (``morph_de``'s reverse index of its conjugations: form -> lemma ->
analyses) as an on-disk SQLite store, looked up per form.

Building the index conjugates some 1,400 verbs with ``ablaut`` and reads the shipped treebank
lexicon: about 0.4 s, which every process that lemmatized or checked one German verb paid. The
index is written once per machine into ``verbs-<key>.sqlite`` in the user cache dir
(``parse_cache.cache_dir``), where ``<key>`` changes with the ``ablaut`` version, the code that
conjugates (``morph_de``, ``lexicon``), the treebank lexicon's content and this module's schema;
a process then reads only the forms it meets. The store answers exactly what the index in
memory answers: the same lemmas and analyses in the same order. Building, validation and the
in-memory fallback are ``lookup_store``'s.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from ... import lookup_store

log = logging.getLogger(__name__)

#: bump when the table layout or the value encoding changes
SCHEMA = 1

Analysis = tuple[tuple[str, str], ...]
#: form -> lemma -> analyses, as ``morph_de`` builds it
Index = Mapping[str, dict[str, list[Analysis]]]
#: the files whose content the index is made from, beside the lexicon (this package's)
_CODE = ("morph_de.py", "../../lexicon.py", "verb_store.py")


def store_key(lexicon: Path) -> str:
    """Changes with the ``ablaut`` version, the conjugating code, the treebank lexicon
    ``lexicon`` (its content; absent counts too) and the schema."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        import ablaut  # noqa: F401 - an ablaut that cannot be imported conjugates nothing
    except ImportError:
        ver = "none"
    else:
        try:
            ver = version("ablaut")
        except PackageNotFoundError:
            ver = "unknown"
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for name in _CODE:
        h.update((here / name).resolve().read_bytes() + b"\0")
    h.update(lexicon.read_bytes() if lexicon.is_file() else b"no lexicon")
    return f"{ver}-{h.hexdigest()[:16]}-s{SCHEMA}"


def store_path(key: str, cache: Path | None = None) -> Path:
    """Where the store for ``key`` lives (``cache`` or the user cache dir)."""
    from ...parse_cache import cache_dir

    return (cache if cache is not None else cache_dir()) / f"verbs-{key}.sqlite"


def _encode(by_lemma: dict[str, list[Analysis]]) -> str:
    # [[lemma, ["Mood=Ind|Number=Sing|...", ...]], ...]: lemmas and analyses in their order
    return json.dumps([[lemma, ["|".join(f"{k}={v}" for k, v in a) for a in ans]]
                       for lemma, ans in by_lemma.items()],
                      ensure_ascii=False, separators=(",", ":"))


def _analysis(text: str) -> Analysis:
    return tuple((k, v) for k, _, v in (kv.partition("=") for kv in text.split("|"))) if text \
        else ()


def _decode(value: str) -> dict[str, list[Analysis]]:
    return {lemma: [_analysis(a) for a in ans] for lemma, ans in json.loads(value)}


def _tables(make: Callable[[], Index]) -> lookup_store.Fill:
    """The index ``make`` builds as the table ``forms``; completion value: the number of
    forms."""

    def tables(con: sqlite3.Connection) -> str:
        index = make()
        con.execute("CREATE TABLE forms (form TEXT PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID")
        # the order of insertion is kept (rowid-less tables iterate by key: ``items`` sorts)
        con.executemany("INSERT INTO forms VALUES (?, ?)",
                        ((form, _encode(by_lemma)) for form, by_lemma in index.items()))
        return str(len(index))

    return tables


def _all_forms(con: sqlite3.Connection, done: str) -> bool:
    """As many forms as the completion value says."""
    return bool(con.execute("SELECT count(*) FROM forms").fetchone()[0] == int(done))


class VerbStore(Mapping[str, dict[str, list[Analysis]]]):
    """The index as a read-only mapping (``get``, ``in``, ``items``, ``len``), each form read from
    the store on first use. The values are shared between callers: never change them."""

    def __init__(self, path: Path, con: sqlite3.Connection) -> None:
        self.path = path
        self._con = con
        self._lock = threading.Lock()  # one connection, shared by the server's threads
        # the forms read so far, misses included (guessing a prefixed verb asks for dozens of
        # strings that are not forms); bounded for a long-running server
        self._lookup = functools.lru_cache(maxsize=65536)(self._read)

    def _read(self, form: str) -> dict[str, list[Analysis]] | None:
        with self._lock:
            got = self._con.execute("SELECT v FROM forms WHERE form = ?", (form,)).fetchone()
        return _decode(got[0]) if got else None

    def __getitem__(self, form: str) -> dict[str, list[Analysis]]:
        got = self._lookup(form) if isinstance(form, str) else None
        if got is None:
            raise KeyError(form)
        return got

    def __contains__(self, form: object) -> bool:
        # no KeyError raised and caught per miss, as Mapping's would (guesses miss often)
        return isinstance(form, str) and self._lookup(form) is not None

    def __iter__(self) -> Iterator[str]:
        with self._lock:
            forms = [f for (f,) in self._con.execute("SELECT form FROM forms ORDER BY form")]
        return iter(forms)

    def __len__(self) -> int:
        with self._lock:
            return int(self._con.execute("SELECT count(*) FROM forms").fetchone()[0])

    def items(self) -> Iterator[tuple[str, dict[str, list[Analysis]]]]:  # type: ignore[override]
        """Every (form, lemma -> analyses), sorted by form, in one read (the lemmatizer's
        dictionary takes them all)."""
        with self._lock:
            rows = self._con.execute("SELECT form, v FROM forms ORDER BY form").fetchall()
        return ((form, _decode(v)) for form, v in rows)

    def close(self) -> None:
        """Close the database connection."""
        self._con.close()


def open_store(make: Callable[[], Index], lexicon: Path, cache: Path | None = None) -> VerbStore:
    """The verb-form index from the store in ``cache`` (default: the user cache dir), built
    there with ``make`` when missing, stale or damaged; built in memory, with one warning, when
    it cannot be written. ``lexicon``: the treebank lexicon ``make`` reads (part of the key)."""
    key = store_key(lexicon)
    path = store_path(key, cache)
    con = lookup_store.open_or_build(path, key, _tables(make), stale="verbs-*.sqlite",
                                     what="German verb-form index", log=log, check=_all_forms)
    return VerbStore(path, con)
