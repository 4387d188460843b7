"""The warm path of ``lambre-core check``: strings checked before come from the check cache,
strings parsed before from the parse cache, the model is loaded only when a string is missing,
and neither cache ever changes the findings."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.parse_cache import CacheStats, ParseCache, cached_documents

# a rule every pronoun subject breaks (paper mode): findings that do not hang on the tagger
ALWAYS_FIRES = """lang: de
rules:
  - {type: as, side: dep, dep: PRON, head: "*", relation: "*", feature: Number, allowed: [Dual],
     share: 1.0, support: 1000}
"""
STRINGS = ["Ich lese ein Buch.", "Wir haben einen neuen Hund gekauft.", "Ich werden morgen kommen.",
           "Die Datei wurde von {user} gespeichert.", "Er hat die <b>Einstellungen</b> geöffnet.",
           "Du liest ein Buch. Sie schreibt einen Brief."]


def catalogue(strings: list[str]) -> str:
    head = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    return head + "".join(f'msgid "s{k}"\nmsgstr "{s}"\n\n' for k, s in enumerate(strings))


def check(po: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], tuple[int, int] | None]:
    """Run ``lambre-core check`` on ``po``; (the process, (cached, parsed) from --cache-stats)."""
    res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "check", "--format", "json",
                          "--fail-on", "hint", "--cache-stats", *args, str(po)],
                         capture_output=True, text=True, cwd=po.parent)
    m = re.search(r"parse cache: (\d+) strings cached, (\d+) parsed", res.stderr)
    return res, (int(m[1]), int(m[2])) if m else None


def checked(res: subprocess.CompletedProcess[str]) -> tuple[int, int] | None:
    """(strings from the check cache, strings checked) from --cache-stats."""
    m = re.search(r"check cache: (\d+) strings cached, (\d+) checked", res.stderr)
    return (int(m[1]), int(m[2])) if m else None


@pytest.mark.parametrize("mode", ["precise", "paper"])
def test_edited_catalogue_parses_only_the_edited_string(tmp_path: Path, mode: str) -> None:
    po = tmp_path / "app.po"
    po.write_text(catalogue(STRINGS), encoding="utf-8")
    extra: list[str] = ["--mode", mode]
    if mode == "paper":
        (tmp_path / "r.yaml").write_text(ALWAYS_FIRES, encoding="utf-8")
        extra += ["--rules", str(tmp_path / "r.yaml")]
    cache = ["--cache", str(tmp_path / "cache"), *extra]
    cold, stats = check(po, *cache)
    assert cold.returncode == 1, cold.stderr
    assert stats == (0, len(STRINGS))
    assert json.loads(cold.stdout), "the catalogue has findings to compare"
    assert checked(cold) == (0, len(STRINGS))
    assert json.loads(cold.stdout) == json.loads(check(po, "--no-cache", *extra)[0].stdout)
    warm, stats = check(po, *cache)
    # every string's checks come from the check cache: nothing parsed, nothing even read
    assert stats == (0, 0) and checked(warm) == (len(STRINGS), 0)
    assert warm.stdout == cold.stdout
    edited = [*STRINGS[:3], "Du hast die Datei gelöscht.", *STRINGS[4:]]
    po.write_text(catalogue(edited), encoding="utf-8")
    again, stats = check(po, *cache)
    assert stats == (0, 1) and checked(again) == (len(STRINGS) - 1, 1)
    fresh, stats = check(po, "--no-cache", *extra)
    assert stats == (0, len(STRINGS)) and again.stdout == fresh.stdout
    assert again.returncode == fresh.returncode == 1


def test_warm_run_loads_no_model(tmp_path: Path) -> None:
    """All strings cached: Stanza (and PyTorch) are not even imported."""
    po = tmp_path / "app.po"
    po.write_text(catalogue(STRINGS[:2]), encoding="utf-8")
    cache = str(tmp_path / "cache")
    assert check(po, "--cache", cache)[1] == (0, 2)
    code = ("import sys; from lambre_core.cli import main; "
            f"rc = main(['check', '--cache', {cache!r}, {str(po)!r}]); "
            "print(rc, 'stanza' in sys.modules, 'torch' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.stdout.split() == ["0", "False", "False"], res.stderr


def test_corrupt_cache_file_is_reported_not_fatal(tmp_path: Path) -> None:
    po = tmp_path / "app.po"
    po.write_text(catalogue(STRINGS[2:4]), encoding="utf-8")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "parses.sqlite").write_bytes(b"this is not a database\x00" * 64)
    res, stats = check(po, "--cache", str(cache))
    fresh, _ = check(po, "--no-cache")
    assert res.returncode == fresh.returncode == 1 and res.stdout == fresh.stdout
    assert stats == (0, 2)
    assert re.search(r"warning: parse cache .*parses.sqlite: not a database; moved to "
                     r"parses.sqlite.corrupt and rebuilt", res.stderr), res.stderr
    assert (cache / "parses.sqlite.corrupt").read_bytes().startswith(b"this is not")
    again, stats = check(po, "--cache", str(cache))  # the rebuilt cache serves the next run
    assert checked(again) == (2, 0) and again.stdout == fresh.stdout
    assert "warning" not in again.stderr


def test_flipped_bytes_in_cached_parses(tmp_path: Path) -> None:
    """Damaged entries (bytes flipped on disk, not UTF-8 any more, or UTF-8 that says something
    else) fail their checksum: parsed and checked again, with a warning; ``check`` and
    ``score`` both go on and say the same as without the cache."""
    po = tmp_path / "app.po"
    po.write_text(catalogue(STRINGS[1:4]), encoding="utf-8")
    cache = tmp_path / "cache"
    cold, _ = check(po, "--cache", str(cache))
    text = tmp_path / "de.txt"
    text.write_text("Ich werden morgen kommen.\nWir haben einen Hund.\n", encoding="utf-8")
    score = [sys.executable, "-m", "lambre_core.cli", "score", "--lang", "de", "--format", "json",
             "--cache", str(cache), str(text)]
    first = subprocess.run(score, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    (cache / "checks.sqlite").unlink()  # make check read the parses again
    with sqlite3.connect(cache / "parses.sqlite") as db:
        rows = db.execute("SELECT key, conllu FROM parses").fetchall()
        for n, (key, value) in enumerate(rows):
            raw = bytearray(value if isinstance(value, bytes) else value.encode())
            pos = len(raw) // 2
            raw[pos] = 0xFF if n % 2 else raw[pos] ^ 0x01  # not UTF-8 / another letter
            db.execute("UPDATE parses SET conllu = CAST(? AS TEXT) WHERE key = ?",
                       (bytes(raw), key))
    res, stats = check(po, "--cache", str(cache))
    assert "Traceback" not in res.stderr
    assert res.stdout == cold.stdout and res.returncode == cold.returncode == 1
    assert stats == (0, 3)
    assert re.search(r"warning: parse cache .*: \d+ damaged entr(y|ies) made again", res.stderr)
    again = subprocess.run(score, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["score"] == json.loads(first.stdout)["score"]


def test_damaged_entry_is_parsed_again(tmp_path: Path) -> None:
    """An entry that is not CoNLL-U counts as missing: parsed again and overwritten."""
    cache = ParseCache(tmp_path)
    calls: list[list[str]] = []

    def parse_many(texts: list[str]) -> list[list[object]]:
        calls.append(texts)
        return [[] for _ in texts]  # no sentences: what a blank string gives

    stats = CacheStats()
    assert cached_documents(["a", "b"], parse_many, cache, "de", "m", stats=stats) == [[], []]
    with sqlite3.connect(cache.path) as db:
        db.execute("UPDATE parses SET conllu = ?", ("1\tbroken\n",))
    stats = CacheStats()
    cached_documents(["a", "b"], parse_many, cache, "de", "m", stats=stats)
    assert calls == [["a", "b"], ["a", "b"]] and (stats.cached, stats.parsed) == (0, 2)
    stats = CacheStats()
    cached_documents(["a", "b", "a"], parse_many, cache, "de", "m", stats=stats)
    assert len(calls) == 2 and (stats.cached, stats.parsed) == (3, 0)


def test_check_cache_misses_on_other_settings_and_keeps_per_run_config(tmp_path: Path) -> None:
    """Another mode or rule set checks again (its own findings, as without the cache); the
    workspace's ignore list and --show-uncertain apply to cached checks too."""
    po = tmp_path / "app.po"
    po.write_text(catalogue(STRINGS), encoding="utf-8")
    cache = ["--cache", str(tmp_path / "cache")]
    precise, _ = check(po, *cache)
    assert checked(precise) == (0, len(STRINGS))
    (tmp_path / "r.yaml").write_text(ALWAYS_FIRES, encoding="utf-8")
    paper = ["--mode", "paper", "--rules", str(tmp_path / "r.yaml")]
    first, _ = check(po, *cache, *paper)
    assert checked(first) == (0, len(STRINGS))
    fresh, _ = check(po, "--no-cache", *paper)
    assert first.stdout == fresh.stdout != precise.stdout
    both, _ = check(po, *cache, *paper)
    assert checked(both) == (len(STRINGS), 0) and both.stdout == fresh.stdout
    uncertain, _ = check(po, *cache, "--show-uncertain")
    assert checked(uncertain) == (len(STRINGS), 0)
    assert uncertain.stdout == check(po, "--no-cache", "--show-uncertain")[0].stdout
    # an ignored sentence is dropped from cached results, as from fresh ones
    (tmp_path / ".lambre.yaml").write_text('ignored_sentences: ["Ich werden morgen kommen."]\n',
                                          encoding="utf-8")
    ignored, _ = check(po, *cache)
    assert checked(ignored) == (len(STRINGS), 0)
    assert ignored.stdout == check(po, "--no-cache")[0].stdout != precise.stdout


def test_damaged_check_entries_are_checked_again(tmp_path: Path) -> None:
    po = tmp_path / "app.po"
    po.write_text(catalogue(STRINGS[1:4]), encoding="utf-8")
    cache = ["--cache", str(tmp_path / "cache")]
    cold, _ = check(po, *cache)
    with sqlite3.connect(tmp_path / "cache" / "checks.sqlite") as db:
        db.execute("UPDATE checks SET result = ?", (b"\x80\x05not a pickle",))
    again, stats = check(po, *cache)
    assert checked(again) == (0, 3) and stats == (3, 0)  # checked again from the parse cache
    assert again.stdout == cold.stdout and again.returncode == cold.returncode == 1
    assert checked(check(po, *cache)[0]) == (3, 0)  # and overwritten


def test_engine_key_follows_code_rules_and_settings(tmp_path: Path) -> None:
    """A changed module, rule set, disabled rule or mode is another engine: no stale checks."""
    import shutil

    import lambre_core
    from lambre_core import check_cache

    base = check_cache.engine_key("rules1", ["a"], "mode=precise")
    assert base == check_cache.engine_key("rules1", ["a"], "mode=precise")
    assert len({base, check_cache.engine_key("rules2", ["a"], "mode=precise"),
                check_cache.engine_key("rules1", [], "mode=precise"),
                check_cache.engine_key("rules1", ["a"], "mode=paper")}) == 4
    copy = tmp_path / "lambre_core"
    shutil.copytree(Path(lambre_core.__file__).parent, copy,
                    ignore=shutil.ignore_patterns("__pycache__", "models"))
    digest = check_cache.code_digest.__wrapped__  # not the per-process memo
    before = digest(copy)
    (copy / "joint.py").write_text((copy / "joint.py").read_text("utf-8") + "\n# changed\n",
                                   "utf-8")
    assert digest(copy) != before


def test_repeated_strings_are_checked_once(tmp_path: Path) -> None:
    """A string met again in a run reuses its checks (same text, same parse): the same findings
    at each place, as without the cache."""
    po = tmp_path / "app.po"
    po.write_text(catalogue([STRINGS[2], STRINGS[0], STRINGS[2]]), encoding="utf-8")
    res, stats = check(po, "--cache", str(tmp_path / "cache"))
    assert stats == (0, 2) and checked(res) == (1, 2)
    fresh, _ = check(po, "--no-cache")
    assert res.stdout == fresh.stdout and len({f["line"] for f in json.loads(res.stdout)}) == 2


def test_entries_that_cannot_be_stored_or_read() -> None:
    """A result that is not data is not stored (checked again next time); a foreign, damaged or
    tampered entry reads as missing, never as 'no findings'."""
    import pickle

    from lambre_core import check_cache
    from lambre_core.check_cache import CheckCache

    assert check_cache.dump([("s", lambda: 0)]) is None  # type: ignore[list-item]
    assert check_cache.load(b"\x80\x05garbage", {}) is None
    assert check_cache.load(pickle.dumps([("s", "not a check")]), {}) is None
    assert check_cache.load(check_cache.dump([]) or b"", {}) == []
    assert check_cache.load(b"[[1,2,3]]", {}) is None  # JSON of another shape
    # every stored value sits behind its checksum: one flipped byte and it reads as missing
    sealed = CheckCache.seal(b'[["s", null]]')
    assert CheckCache.unseal(sealed) == b'[["s", null]]'
    assert CheckCache.unseal(sealed[:-3] + b"x" + sealed[-2:]) is None
    assert CheckCache.unseal(hashlib.sha256(b"x").hexdigest()) is None  # text, not bytes


def test_entries_round_trip_every_field(data_dir: Path) -> None:
    """What is stored is what was checked: sentences, instances, violations (rules by id, words
    by id in their sentence), uncertain findings, errors."""
    from lambre_core import check_cache
    from lambre_core.check import check_sentence
    from lambre_core.conllu_io import read_conllu
    from lambre_core.rules import load_rules

    rules = load_rules(data_dir / "figure1_rules.yaml")
    checks = [check_sentence(s, rules) for s in read_conllu(data_dir / "figure1.conllu")]
    assert sum(len(c.violations) for c in checks) > 0 and sum(len(c.instances) for c in checks)
    entry = [(f"s{k}", c) for k, c in enumerate(checks)] + [("ignored", None)]
    got = check_cache.load(check_cache.dump(entry) or b"", rules.by_id)
    assert got == entry
    for (_, a), (_, b) in zip(got[:-1], entry[:-1], strict=True):
        assert a is not None and b is not None
        for v in a.violations:  # the words are the stored sentence's own words
            assert any(v.dep is w for w in a.sentence.words)
    # a rule no longer in the rule set: the string is checked again
    assert check_cache.load(check_cache.dump(entry) or b"", {}) is None


def test_a_tampered_cache_runs_nothing(tmp_path: Path) -> None:
    """A check cache restored from elsewhere (a CI cache) holding a pickle that runs a command:
    the command never runs, and the strings are checked again."""
    import pickle

    po = tmp_path / "app.po"
    po.write_text(catalogue(STRINGS[1:4]), encoding="utf-8")
    cache = ["--cache", str(tmp_path / "cache")]
    cold, _ = check(po, *cache)
    marker = tmp_path / "pwned"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str, ...]]:
            import os

            return os.system, (f"touch {marker}",)

    with sqlite3.connect(tmp_path / "cache" / "checks.sqlite") as db:
        db.execute("UPDATE checks SET result = ?", (pickle.dumps(Evil()),))
    again, stats = check(po, *cache)
    assert not marker.exists()
    assert checked(again) == (0, 3) and stats == (3, 0)
    assert again.stdout == cold.stdout and again.returncode == cold.returncode == 1
