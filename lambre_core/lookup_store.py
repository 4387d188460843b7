"""A read-only SQLite file derived from installed data, built once per machine in the user cache
dir and then looked up per word: the German noun lexicon (``noun_store``) and the German verb-form
index (``verb_store``) are two. Building one takes a second or two; opening one, a millisecond.

Safety: the file is built under a temporary name and renamed into place, so a reader never sees
half a file and two concurrent builders each rename a whole one. Each file carries a ``meta``
table with the key of the data it was made from (written first) and a completion row (written
last, in the same transaction). A file whose key differs from the installed data's, whose
completion row is missing, whose size is not its page count times its page size, or that is not
SQLite at all is rebuilt, never trusted. When the cache dir cannot be written, the data is built
into an in-memory database for the run, with one warning.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

#: fills an empty database with a store's own tables, inside the build's transaction, and
#: returns the completion row's value (counts, checked again on opening)
Fill = Callable[[sqlite3.Connection], str]
#: a store's own test of an opened file, given its completion value (e.g. the row count)
Check = Callable[[sqlite3.Connection, str], bool]


def fill(con: sqlite3.Connection, key: str, tables: Fill) -> None:
    """Write the ``meta`` table (``key`` first), the store's tables, then the completion row,
    all in one transaction."""
    with con:
        con.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
        con.execute("INSERT INTO meta VALUES ('key', ?)", (key,))
        done = tables(con)
        con.execute("INSERT INTO meta VALUES ('done', ?)", (done,))


def build(path: Path, key: str, tables: Fill, stale: str | None = None) -> None:
    """Write the store to ``path`` atomically (a temporary file beside it, then a rename); then
    delete the files matching the glob ``stale`` beside it (stores made from other data)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        try:
            con.execute("PRAGMA journal_mode=OFF")  # a temporary file: no journal needed
            fill(con, key, tables)
        finally:
            con.close()
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp's 0600 would keep the store from other users
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    for old in path.parent.glob(stale) if stale else ():
        if old != path:
            old.unlink(missing_ok=True)


def valid(con: sqlite3.Connection, path: Path, key: str, check: Check | None = None) -> bool:
    """Whether an opened store is whole and made from the data ``key`` names (cheap: no full
    scan); ``check``: the store's own test of its completion value."""
    try:
        pages = con.execute("PRAGMA page_count").fetchone()[0]
        size = con.execute("PRAGMA page_size").fetchone()[0]
        if pages * size != path.stat().st_size:
            return False  # cut short (or grown) since it was written
        meta = dict(con.execute("SELECT k, v FROM meta").fetchall())
        if meta.get("key") != key or "done" not in meta:
            return False
        return check is None or check(con, meta["done"])
    except (sqlite3.DatabaseError, ValueError, OSError):
        return False


def open_file(path: Path, key: str, check: Check | None = None) -> sqlite3.Connection | None:
    """A read-only connection to the store at ``path`` if it is valid, else None."""
    if not path.is_file():
        return None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    except sqlite3.Error:
        return None
    if not valid(con, path, key, check):
        con.close()
        return None
    return con


def open_or_build(path: Path, key: str, tables: Fill, *, stale: str | None, what: str,
                  log: logging.Logger, check: Check | None = None) -> sqlite3.Connection:
    """A connection to the store at ``path``, built there first when it is missing, stale or
    damaged; an in-memory one, with one warning naming ``what``, when it cannot be written.
    The connection may be shared between threads (callers serialise their queries)."""
    con = open_file(path, key, check)
    if con is not None:
        return con
    why = ""
    try:
        build(path, key, tables, stale)
        con = open_file(path, key, check)
        why = "written but not readable back"
    except (OSError, sqlite3.Error) as exc:
        why = str(exc)
    if con is not None:
        return con
    log.warning("lambre: cannot write the %s %s (%s); building it in memory for this run",
                what, path, why)
    con = sqlite3.connect(":memory:", check_same_thread=False)
    fill(con, key, tables)
    return con
