"""A disk cache of parses: CoNLL-U per input text, keyed by the text, the language and the model.

Re-scoring a corpus with other rules, weights or modes never re-parses, and an interrupted run
resumes where it stopped (each parsed batch is stored as soon as it is done). The store is one
SQLite file (``parses.sqlite`` in :func:`cache_dir`): every write is a transaction, so a crash
leaves no half entry, and SQLite's locking makes it safe for several processes at once.

    cache = ParseCache()
    model = model_key("de")                       # changes whenever the model files change
    sentences = cached_parse(texts, parser.parse_sentences, cache, "de", model)

A key is the SHA-256 of ``lang``, ``model``, ``unit`` (how the text was parsed, e.g. one
sentence per string) and the text itself. Values are CoNLL-U with each word's character offsets
kept in MISC (``start_char``/``end_char``), so a cached sentence equals the fresh parse.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from . import __version__
from .conllu_io import read_conllu_string, to_conllu
from .doc import MultiwordToken, Sentence, Word
from .errors import LambreError

#: SQLite waits this long for another process's write before giving up
BUSY_TIMEOUT_S = 60.0
#: the parse step (Stanza + our post-processing) changes with the engine version: it is in the key
_ENGINE = f"lambre-{__version__}"
_OFFSET_KEYS = ("start_char", "end_char")
#: what a parse records of the parser's other choices (``misc["Alt"]``) and how the lexicon
#: retags (a sentence-initial PROPN, a token without letters), and the punctuation split off words
#: (``tokens.py``): parses stored before differ, so they are parsed again
ALTERNATIVES = "heads-relations-classes-initial-symbols-5-punct-mwt"
_Unit = TypeVar("_Unit", Word, MultiwordToken)
_T = TypeVar("_T")


def cache_dir() -> Path:
    """Where caches live: ``$LAMBRE_CACHE_DIR``, else ``$XDG_CACHE_HOME/lambre``, else
    ``~/.cache/lambre``."""
    env = os.environ.get("LAMBRE_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "lambre"


def model_key(lang: str, models_dir: str | os.PathLike[str] | None = None) -> str:
    """A name for the model ``lang`` resolves to that changes when any of its files change
    (weights and lexicon), with the lexicon-constraint setting and the code and data that
    correct the tagger after decoding (the lexicons, the language pack); the model is not
    loaded."""
    from .parse import lexicon_constraint, resolve_models

    source = resolve_models(lang, models_dir)
    h = hashlib.sha256()
    files = sorted(p for p in source.path.iterdir() if p.is_file() and p.suffix in (".pt", ".tsv",
                                                                                    ".json"))
    if source.kind == "stanza":  # an official resources dir: the language's own folder
        files = sorted(p for p in (source.path / lang).rglob("*") if p.is_file())
    for f in files:
        h.update(f.name.encode() + b"\0" + file_digest(f) + b"\0")
    # the tagger's output is held to the lexicons and the language pack's analyzer after
    # decoding: that code and the pack's data are part of the parse
    from .languages import language

    pack = language(lang)
    here = Path(__file__).resolve().parent
    code = [here / "parse.py", here / "lexicon.py", here / "harmonize.py", here / "tokens.py",
            *sorted((here / "languages").glob("*.py")),
            *sorted((here / "languages" / lang).glob("*.py"))]
    for f in code + sorted(p for p in pack.data_files() if p.is_file()):
        h.update(f.name.encode() + b"\0" + file_digest(f) + b"\0")
    h.update(f"constraint={lexicon_constraint()}".encode())
    h.update(f"alternatives={ALTERNATIVES}".encode())
    return f"{source.kind}:{source.path.name}-{h.hexdigest()[:12]}"


@functools.cache
def _digest_at(path: Path, size: int, mtime_ns: int) -> bytes:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").digest()


def file_digest(path: Path) -> bytes:
    """SHA-256 of a file's content, computed once per process while its size and mtime stay."""
    st = path.stat()
    return _digest_at(path, st.st_size, st.st_mtime_ns)


def text_key(lang: str, model: str, text: str, unit: str = "sentence") -> str:
    """The cache key of ``text`` parsed as ``unit`` by ``model`` for ``lang``."""
    h = hashlib.sha256()
    for part in (_ENGINE, lang, model, unit, text):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def encode(sentences: Sequence[Sentence]) -> str:
    """CoNLL-U of parsed sentences, word and token offsets kept in MISC."""
    out = []
    for s in sentences:
        words = [replace(w, misc={**w.misc, **_offset_misc(w.start, w.end)}) for w in s.words]
        mwts = [replace(m, misc={**m.misc, **_offset_misc(m.start, m.end)}) for m in s.multiword]
        out.append(Sentence(words, mwts, dict(s.metadata)))
    return to_conllu(out)


def decode(conllu: str) -> list[Sentence]:
    """Sentences from :func:`encode`'s CoNLL-U (offsets back on the words, MISC as parsed)."""
    out = []
    for s in read_conllu_string(conllu, "<parse cache>"):
        words = [_strip_offsets(w) for w in s.words]
        mwts = [_strip_offsets(m) for m in s.multiword]
        out.append(Sentence(words, mwts, s.metadata))
    return out


def _offset_misc(start: int | None, end: int | None) -> dict[str, str]:
    return {} if start is None or end is None else {"start_char": str(start), "end_char": str(end)}


def _strip_offsets(unit: _Unit) -> _Unit:
    misc = {k: v for k, v in unit.misc.items() if k not in _OFFSET_KEYS}
    return replace(unit, misc=misc)


class SqliteTable:
    """Values under text keys in one SQLite table, opened in WAL mode (readers never wait for a
    writer), looked up in bulk; the parse cache and the check cache are two of them.

    Every value is stored behind a SHA-256 of its bytes: an entry with flipped bytes (a damaged
    disk, a cache restored from elsewhere) fails the check and reads as missing, so it is made
    again and overwritten. A file that is not an SQLite database at all is moved aside
    (``NAME.corrupt``) and rebuilt. Both are counted in ``repairs`` for the caller to say."""

    def __init__(self, path: Path, schema: str, table: str, value: str, what: str) -> None:
        self.path = path
        self.what = what
        self._schema = schema
        self._select = f"SELECT key, {value} FROM {table} WHERE key IN "
        self._insert = f"INSERT OR REPLACE INTO {table} "
        #: what was repaired in this run, in words (damaged entries, a rebuilt file)
        self.repairs: list[str] = []
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._create()
        except sqlite3.OperationalError as exc:  # locked, unreadable, a directory: not ours to fix
            raise LambreError(f"cannot open the {what}: {exc}", str(self.path)) from None
        except sqlite3.DatabaseError:
            self._rebuild()
        except OSError as exc:
            raise LambreError(f"cannot open the {what}: {exc}", str(self.path)) from None

    def _create(self) -> None:
        with closing(self._connect()) as db, db:
            db.execute(self._schema)

    def _rebuild(self) -> None:
        """Move a file that is not a database aside and start an empty one."""
        aside = self.path.with_name(self.path.name + ".corrupt")
        try:
            for suffix in ("-wal", "-shm"):
                Path(str(self.path) + suffix).unlink(missing_ok=True)
            os.replace(self.path, aside)
            self._create()
        except (OSError, sqlite3.Error) as exc:
            raise LambreError(f"cannot rebuild the {self.what}: {exc}", str(self.path)) from None
        self.repairs.append(f"not a database; moved to {aside.name} and rebuilt")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S)
        # damaged text must not raise UnicodeDecodeError on read: the checksum rejects it
        db.text_factory = lambda b: b.decode("utf-8", "replace")
        # readers never wait for a writer. Switching a new file to WAL while another process
        # opens it can fail at once with "database is locked" (SQLite does not always wait for
        # that lock): try again until the busy timeout
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while True:
            try:
                db.execute("PRAGMA journal_mode=WAL")
                return db
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    db.close()
                    raise
                time.sleep(0.05)

    @staticmethod
    def seal(value: bytes) -> bytes:
        """``value`` behind its SHA-256 (what is stored)."""
        return hashlib.sha256(value).hexdigest().encode() + b"\n" + value

    @staticmethod
    def unseal(stored: object) -> bytes | None:
        """The value of a stored entry; None when it is damaged or was not sealed."""
        if not isinstance(stored, bytes):
            return None
        digest, _, value = stored.partition(b"\n")
        return value if hashlib.sha256(value).hexdigest().encode() == digest else None

    def _get_many(self, keys: Iterable[str]) -> dict[str, bytes]:
        keys = list(dict.fromkeys(keys))
        found: dict[str, bytes] = {}
        bad = 0
        try:
            with closing(self._connect()) as db:
                for i in range(0, len(keys), 500):  # SQLite caps the number of bound parameters
                    chunk = keys[i:i + 500]
                    marks = ",".join("?" * len(chunk))
                    for k, stored in db.execute(f"{self._select}({marks})", chunk).fetchall():
                        value = self.unseal(stored)
                        if value is None:
                            bad += 1
                        else:
                            found[k] = value
        except sqlite3.OperationalError:
            raise
        except sqlite3.DatabaseError:  # the file itself is damaged
            self._rebuild()
            return {}
        self._damaged(bad)
        return found

    def _damaged(self, n: int) -> None:
        if n:
            self.repairs.append(f"{n} damaged entr{'y' if n == 1 else 'ies'} made again")

    def _put_many(self, columns: str, rows: Iterable[tuple[Any, ...]],
                  before: str | None = None, args: tuple[Any, ...] = ()) -> None:
        """Insert ``rows`` (key, value, other columns; the value sealed) in one transaction,
        after the statement ``before`` (with ``args``) when given."""
        sealed = [(r[0], self.seal(r[1]), *r[2:]) for r in rows]
        marks = ", ".join("?" * len(columns.split(",")))
        with closing(self._connect()) as db, db:
            if before is not None:
                db.execute(before, args)
            db.executemany(f"{self._insert}({columns}) VALUES ({marks})", sealed)


class ParseCache(SqliteTable):
    """CoNLL-U parses on disk, looked up and stored in bulk. Safe across processes."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        base = Path(path) if path is not None else cache_dir()
        super().__init__(base / "parses.sqlite" if base.suffix != ".sqlite" else base,
                         "CREATE TABLE IF NOT EXISTS parses (key TEXT PRIMARY KEY, conllu TEXT)",
                         "parses", "conllu", "parse cache")

    def get_many(self, keys: Iterable[str]) -> dict[str, str]:
        """The stored CoNLL-U of those ``keys`` that are in the cache (damaged ones are not)."""
        out: dict[str, str] = {}
        bad = 0
        for k, v in self._get_many(keys).items():
            try:
                out[k] = v.decode("utf-8")
            except UnicodeDecodeError:  # sealed that way: not written by this code
                bad += 1
        self._damaged(bad)
        return out

    def put_many(self, items: dict[str, str]) -> None:
        """Store CoNLL-U under keys, all in one transaction."""
        if items:
            self._put_many("key, conllu", ((k, v.encode("utf-8")) for k, v in items.items()))

    def __len__(self) -> int:
        with closing(self._connect()) as db:
            return int(db.execute("SELECT COUNT(*) FROM parses").fetchone()[0])


def batches(items: Sequence[_T], size: int) -> Iterator[Sequence[_T]]:
    """``items`` in consecutive slices of at most ``size``."""
    for i in range(0, len(items), size):
        yield items[i:i + size]


def cached_parse(
    texts: Sequence[str],
    parse: Callable[[Sequence[str]], list[Sentence]] | None,
    cache: ParseCache | None,
    lang: str,
    model: str,
    unit: str = "sentence",
    batch_size: int = 64,
    on_batch: Callable[[int], None] | None = None,
    map_batches: Callable[[Iterable[Sequence[str]]], Iterable[list[Sentence]]] | None = None,
) -> list[Sentence]:
    """Parse ``texts`` (one result per text, as ``parse`` gives), taking what the cache holds
    and parsing the rest in batches, each stored as soon as it is parsed (an interrupted run
    resumes from there). ``map_batches`` parses many batches at once, results in order (worker
    pools) and replaces ``parse``; either is called only when something is missing. ``on_batch(n)`` is
    called with the number of texts done (cached ones first, at once)."""
    keys = [text_key(lang, model, t, unit) for t in texts]
    results = _decoded(cache.get_many(keys)) if cache is not None else {}
    todo = list(dict.fromkeys((k, t) for k, t in zip(keys, texts, strict=True) if k not in results))
    if on_batch is not None:
        on_batch(len(texts) - sum(1 for k in keys if k not in results))
    chunks = list(batches(todo, batch_size))
    if map_batches is not None:
        mapper = map_batches
    elif parse is not None:
        mapper = lambda bs: (parse(b) for b in bs)  # noqa: E731
    else:
        raise ValueError("cached_parse needs parse or map_batches")
    for chunk, parsed in zip(chunks, mapper([t for _, t in c] for c in chunks), strict=True):
        fresh = {k: s for (k, _), s in zip(chunk, parsed, strict=True)}
        results.update(fresh)
        if cache is not None:
            cache.put_many({k: encode([s]) for k, s in fresh.items()})
        if on_batch is not None:
            on_batch(sum(1 for k in keys if k in fresh))
    return [_copy(results[k]) for k in keys]


def _decoded(stored: dict[str, str]) -> dict[str, Sentence]:
    """Stored CoNLL-U by key -> one sentence by key (entries this code did not write are left
    out: they are parsed again and overwritten)."""
    out: dict[str, Sentence] = {}
    for k, v in stored.items():
        try:
            got = decode(v)
        except LambreError:
            continue
        if len(got) == 1:
            out[k] = got[0]
    return out


def stored_sentences(cache: ParseCache, lang: str, model: str, texts: Iterable[str],
                     unit: str = "sentence") -> dict[str, Sentence]:
    """The parses ``cache`` holds of those ``texts`` it has, by text (no parser involved: the
    language server reads them before its parser has loaded)."""
    keys = {text_key(lang, model, t, unit): t for t in texts}
    return {keys[k]: s for k, s in _decoded(cache.get_many(keys)).items()}


def _copy(s: Sentence) -> Sentence:
    """A sentence that shares no mutable parts with another (a text may occur twice)."""
    return Sentence([replace(w, feats=dict(w.feats), misc=dict(w.misc)) for w in s.words],
                    [replace(m, misc=dict(m.misc)) for m in s.multiword], dict(s.metadata))


@dataclass
class CacheStats:
    """How many texts a run took from the parse cache and how many it had to parse."""

    cached: int = 0
    parsed: int = 0
    #: why the cache could not be read or written (the run went on without it), if it could not
    error: str | None = None


def cached_documents(
    texts: Sequence[str],
    parse_many: Callable[[list[str]], list[list[Sentence]]],
    cache: ParseCache | None,
    lang: str,
    model: str,
    unit: str = "document",
    stats: CacheStats | None = None,
) -> list[list[Sentence]]:
    """The sentences of each text (``parse_many`` gives a list per text), taking what the cache
    holds and parsing only the rest, in one ``parse_many`` call (never made when all are
    cached). An entry the cache cannot decode counts as missing and is parsed again."""
    keys = [text_key(lang, model, t, unit) for t in texts]
    results: dict[str, list[Sentence]] = {}
    for k, v in _read(cache, keys, stats).items():
        try:
            results[k] = decode(v)
        except LambreError:
            continue  # a damaged entry: parse the text again (and overwrite it)
    todo = dict(zip(keys, texts, strict=True))  # one parse per distinct missing text
    todo = {k: t for k, t in todo.items() if k not in results}
    if todo:
        parsed = parse_many(list(todo.values()))
        fresh = dict(zip(todo, parsed, strict=True))
        results.update(fresh)
        if cache is not None:
            try:
                cache.put_many({k: encode(s) for k, s in fresh.items()})
            except sqlite3.Error as exc:
                _failed(stats, exc)
    if stats is not None:
        stats.parsed += len(todo)
        stats.cached += sum(1 for k in keys if k not in todo)
    out: list[list[Sentence]] = []
    given: set[str] = set()
    for k in keys:  # a text met again gets copies: callers may change what they get
        out.append([_copy(s) for s in results[k]] if k in given else results[k])
        given.add(k)
    return out


def _read(cache: ParseCache | None, keys: list[str], stats: CacheStats | None) -> dict[str, str]:
    """What the cache holds of ``keys``; nothing when it cannot be read (a damaged file)."""
    if cache is None:
        return {}
    try:
        return cache.get_many(keys)
    except sqlite3.Error as exc:
        _failed(stats, exc)
        return {}


def _failed(stats: CacheStats | None, exc: sqlite3.Error) -> None:
    if stats is not None and stats.error is None:
        stats.error = str(exc)
