"""A disk cache of check results per string, beside the parse cache: a re-run of ``lambre-core
check`` neither parses nor checks a string it has checked before.

An entry holds the ``SentenceCheck``s of one string (all its sentences, before the workspace's
ignore list and severities are applied, which stay per run). Its key is the string's parse-cache
key (text, language, model files, lambre version) plus the *engine fingerprint*: the source of
every ``lambre_core`` module, the shipped German lexicon ``morph_de`` reads, the versions of the
lexicon packages (german-nouns, ablaut, pymorphy3 and its dictionaries), the rule set's content
hash, the disabled rules and the checking mode. Any change to the code, the lexicons, the rules
or the settings therefore misses the cache instead of serving stale findings; entries written by
other code are deleted when new ones are written, so an upgrade leaves no dead entries.

Entries are pickles: the key covers the code that defines the pickled classes, so a stored entry
is only ever read by the code that wrote it. The file lives in the user's own cache directory
(or ``--cache DIR``), like the parse cache. An entry that cannot be read is checked again; a file
that cannot be opened or written is reported once and the run goes on without it.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
from collections.abc import Iterable
from contextlib import closing
from pathlib import Path

from . import __version__
from .check import SentenceCheck
from .parse_cache import SqliteTable

#: packages whose data the checker's lexicons read (their versions are in the fingerprint)
LEXICON_PACKAGES = ("german-nouns", "ablaut", "pymorphy3", "pymorphy3-dicts-ru")


@functools.cache
def code_digest(root: Path | None = None) -> str:
    """SHA-256 over the source of every module of ``lambre_core`` (or of ``root``), the shipped
    German lexicon and the lexicon packages' versions: what a check result depends on besides
    its inputs. Computed once per process."""
    from importlib.metadata import PackageNotFoundError, version

    h = hashlib.sha256(__version__.encode())
    root = root if root is not None else Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    from .morph_de import _LEXICON_TSV  # read whatever model --models names

    if _LEXICON_TSV.is_file():
        h.update(hashlib.sha256(_LEXICON_TSV.read_bytes()).digest())
    for pkg in LEXICON_PACKAGES:
        try:
            h.update(f"{pkg}={version(pkg)}\0".encode())
        except PackageNotFoundError:
            h.update(f"{pkg}=none\0".encode())
    return h.hexdigest()


def engine_key(rules_version: str, disabled: Iterable[str], settings: str) -> str:
    """The fingerprint of everything a string's check depends on besides its parse."""
    h = hashlib.sha256()
    for part in (code_digest(), rules_version, "\x1f".join(sorted(disabled)), settings):
        h.update(part.encode() + b"\0")
    return h.hexdigest()


def entry_key(engine: str, parse_key: str) -> str:
    """The key of one string's checks: the engine fingerprint and the string's parse key."""
    return hashlib.sha256(f"{engine}\0{parse_key}".encode()).hexdigest()


class CheckCache(SqliteTable):
    """Check results on disk (``checks.sqlite`` beside ``parses.sqlite``). Safe across processes."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        base = Path(path)
        super().__init__(base if base.suffix == ".sqlite" else base / "checks.sqlite",
                         "CREATE TABLE IF NOT EXISTS checks "
                         "(key TEXT PRIMARY KEY, engine TEXT NOT NULL, result BLOB NOT NULL)",
                         "checks", "result", "check cache")

    def get_many(self, keys: Iterable[str]) -> dict[str, bytes]:
        """The stored results of those ``keys`` that are in the cache."""
        return self._get_many(keys)

    def put_many(self, items: dict[str, bytes]) -> None:
        """Store results in one transaction, dropping those of other code (``code_digest``):
        an upgrade leaves no dead entries behind, while other settings' entries stay."""
        if not items:
            return
        code = code_digest()
        with closing(self._connect()) as db, db:
            db.execute("DELETE FROM checks WHERE engine != ?", (code,))
            db.executemany("INSERT OR REPLACE INTO checks (key, engine, result) VALUES (?, ?, ?)",
                           ((k, code, v) for k, v in items.items()))


#: one string's entry: each sentence's text in the string and its check
Entry = list[tuple[str, "SentenceCheck | None"]]


def dump(checks: Entry) -> bytes | None:
    """One string's checks as an entry; None when they cannot be pickled (then they are not
    stored, and the string is checked again next time)."""
    try:
        return pickle.dumps(checks, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None


def load(entry: bytes) -> Entry | None:
    """An entry's checks; None when it cannot be read (then the string is checked again)."""
    try:
        got = pickle.loads(entry)
    except Exception:  # a damaged entry: whatever unpickling raises, check the string again
        return None
    if not isinstance(got, list) or not all(
            isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)
            and isinstance(x[1], SentenceCheck) for x in got):
        return None
    return got
