"""Shared fixtures: paths to the test data and to ``../shared`` (skipped cleanly when absent)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
SHARED = REPO.parent / "shared"


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture
def shared() -> Path:
    if not (SHARED / "treebanks").is_dir():
        pytest.skip(f"shared data not found at {SHARED}")
    return SHARED


@pytest.fixture
def shipped_checks() -> Callable[[str, list[str]], list[Any]]:
    """Check texts in the precise mode through a language's shipped model (the test is skipped
    where the checkout has no such model)."""
    def check(lang: str, texts: list[str]) -> list[Any]:
        from lambre_core.check import check_sentence
        from lambre_core.commands import precision_for
        from lambre_core.parse import load_parser
        from lambre_core.rules import default_rules

        if not (REPO / "models" / lang / "depparse.pt").is_file():
            pytest.skip(f"models/{lang} not shipped in this checkout")
        parser = load_parser(lang)
        precision = precision_for("precise", lang, parser)
        rules = default_rules(lang)
        return [check_sentence(s, rules, precision=precision)
                for s in parser.parse_sentences(texts)]
    return check


@pytest.fixture
def mechanism_pair(shipped_checks: Callable[[str, list[str]], list[Any]]
                   ) -> Callable[..., None]:
    """Assert a mechanism's pair through the shipped model: the sentence with an error is
    flagged on ``word`` (with ``fix`` as its first suggestion, where given), and every correct
    sentence is clean."""
    def check(lang: str, name: str, error: str, word: str, clean: list[str],
              fix: str | None = None) -> None:
        first, *rest = shipped_checks(lang, [error, *clean])
        blamed = {v.blamed.form: v.suggestions for v in first.violations}
        assert word in blamed, f"{name}: {error} -> {sorted(blamed)}"
        if fix is not None:
            assert blamed[word][:1] == (fix,)
        for text, result in zip(clean, rest, strict=True):
            assert not result.violations, \
                f"{name}: {text} -> {[v.rule.id for v in result.violations]}"
    return check


@pytest.fixture(autouse=True, scope="session")
def _private_parse_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests (and the CLI runs they start) use a parse cache of their own, never the user's."""
    import os

    os.environ.setdefault("LAMBRE_CACHE_DIR", str(tmp_path_factory.mktemp("parse-cache")))


@pytest.fixture
def tiny_train_config(shared: Path, tmp_path: Path) -> Callable[..., Any]:
    """A factory of training configurations on the first 40 dev sentences of a language's
    carved split: tiny models that train in seconds (resumption, dictionaries)."""
    from lambre_core.splits import SPLITS, carve
    from lambre_core.train import TrainConfig

    def make(lang: str, components: list[str], steps: dict[str, int]) -> Any:
        c = carve(SPLITS[lang], tmp_path / "split")
        small = tmp_path / "small.conllu"
        small.write_text("\n\n".join(c.dev.read_text(encoding="utf-8").split("\n\n")[:40])
                         + "\n\n", encoding="utf-8")
        return TrainConfig(lang=lang, train=small, dev=small, out=tmp_path / "out",
                           work=tmp_path / "work", components=components, steps=steps,
                           size="tiny", nice=0)

    return make


def damage_store(path: Path, damage: str, build: Callable[[], None],
                 lose_rows: str | None = None) -> None:
    """Damage an on-disk lookup store (noun_store, verb_store) the ways the tests rebuild from:
    garbage bytes, a truncated file, another data key ("stale"), no completion row
    ("unfinished"), or rows lost (``lose_rows``: the SQL that deletes some)."""
    import sqlite3

    if damage == "garbage":
        path.write_bytes(b"not a database at all\n" * 100)
        return
    build()
    if damage == "truncated":
        raw = path.read_bytes()
        path.write_bytes(raw[: len(raw) // 2])
        return
    con = sqlite3.connect(path)
    with con:
        if damage == "stale":  # made from other data
            con.execute("UPDATE meta SET v = 'other' WHERE k = 'key'")
        elif damage == "unfinished":  # the completion row never written
            con.execute("DELETE FROM meta WHERE k = 'done'")
        else:
            assert lose_rows is not None, damage
            con.execute(lose_rows)
    con.execute("VACUUM")  # the page count must still match the file's size
    con.close()


@pytest.fixture(name="damage_store")
def _damage_store() -> Callable[..., None]:
    return damage_store


#: test files that drive a real editor; the run's summary names their outcome
REAL_EDITOR_TESTS = ("tests/test_vscode_real.py", "tests/test_server_nvim.py")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line per real-editor test (passed, failed or skipped, with the reason), so that a
    quiet run's log still shows whether code-server and Neovim were driven or skipped."""
    rows: list[str] = []
    for outcome in ("passed", "failed", "error", "skipped"):
        for rep in terminalreporter.stats.get(outcome, []):
            nodeid = getattr(rep, "nodeid", "")
            if not nodeid.startswith(REAL_EDITOR_TESTS) or getattr(rep, "when", "call") not in (
                    "call", "setup") or (outcome == "passed" and rep.when != "call"):
                continue
            why = ""
            if outcome == "skipped" and isinstance(rep.longrepr, tuple):
                why = f": {rep.longrepr[2]}"
            rows.append(f"{outcome.upper():8} {nodeid}{why}")
    if rows:
        terminalreporter.write_sep("-", "real editors")
        for row in sorted(rows, key=lambda r: r.split(maxsplit=1)[1]):
            terminalreporter.write_line(row)
