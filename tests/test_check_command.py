"""``lambre-core check`` and the pre-commit hook, with the shipped German model and the real
``pre-commit`` framework."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# a rule every pronoun subject breaks: it makes the findings independent of the tagger's quality
# (checked in paper mode: an invented rule proves nothing, so the precise mode would not report it)
ALWAYS_FIRES = """lang: de
rules:
  - {type: as, side: dep, dep: PRON, head: "*", relation: "*", feature: Number, allowed: [Dual],
     share: 1.0, support: 1000}
"""


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True,
                          text=True, cwd=cwd)


def test_check_places_findings_in_po_translations_only(tmp_path: Path) -> None:
    rules = tmp_path / "r.yaml"
    rules.write_text(ALWAYS_FIRES, encoding="utf-8")
    po = tmp_path / "de.po"
    po.write_text('msgid "I read"\nmsgstr "Ich lese ein Buch."\n\nmsgid "Ich lese"\nmsgstr ""\n',
                  encoding="utf-8")
    res = run_cli("check", "--lang", "de", "--rules", str(rules), "--fail-on", "hint", "--mode", "paper",
                  "--format", "json", str(po), cwd=tmp_path)
    assert res.returncode == 1, res.stderr
    findings = json.loads(res.stdout)
    # only the msgstr is checked, and the finding sits on "Ich" inside it
    assert [(f["line"], f["column"]) for f in findings] == [(2, 9)]
    text = po.read_text(encoding="utf-8")
    assert text[findings[0]["start"]:findings[0]["end"]] == "Ich"


def test_check_markdown_skips_code_and_respects_disable(tmp_path: Path) -> None:
    rules = tmp_path / "r.yaml"
    rules.write_text(ALWAYS_FIRES, encoding="utf-8")
    md = tmp_path / "a.md"
    md.write_text("# Titel\n\n```\nIch lese.\n```\n\nDu liest ein *gutes* Buch.\n", encoding="utf-8")
    res = run_cli("check", "--lang", "de", "--rules", str(rules), "--fail-on", "hint", "--mode", "paper",
                  str(md), cwd=tmp_path)
    assert res.returncode == 1
    lines = res.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{md}:7:1: ")
    assert lines[0].endswith("[as.dep.PRON.*.*.Number]")
    res = run_cli("check", "--lang", "de", "--rules", str(rules), "--fail-on", "hint", "--mode", "paper",
                  "--disable", "as.dep.PRON.*.*.Number", str(md), cwd=tmp_path)
    assert res.returncode == 0 and res.stdout == ""


def test_default_check_fails_on_proven_errors_only(tmp_path: Path) -> None:
    """The shipped model and rules, default settings: correct text passes, a proven error is an
    error on the word to correct, with the corrected form in the message."""
    good = tmp_path / "good.txt"
    good.write_text("Wir haben einen neuen Hund gekauft.\nDer Lehrer gibt den Schülern ein Buch.\n"
                    "Meine Schwester wohnt in einer kleinen Stadt.\n", encoding="utf-8")
    res = run_cli("check", "--lang", "de", str(good), cwd=tmp_path)
    assert res.returncode == 0 and res.stdout == "", res.stdout + res.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text("Ich werden morgen kommen.\n", encoding="utf-8")
    res = run_cli("check", "--lang", "de", str(bad), cwd=tmp_path)
    assert res.returncode == 1
    assert res.stdout.startswith(f"{bad}:1:5: error: ") and '"werde"' in res.stdout


def test_check_errors(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_text("Hallo.\n", encoding="utf-8")
    res = run_cli("check", str(f), cwd=tmp_path)
    assert res.returncode == 2 and "no language" in res.stderr
    bad = tmp_path / ".lambre.yaml"
    bad.write_text("language: de\nmin_severity: loud\n", encoding="utf-8")
    res = run_cli("check", str(f), cwd=tmp_path)
    assert res.returncode == 2 and ".lambre.yaml:2" in res.stderr


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"})


def test_pre_commit_hook_and_shared_suppressions(tmp_path: Path) -> None:
    repo = tmp_path / "translations"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "rules.yaml").write_text(ALWAYS_FIRES, encoding="utf-8")
    (repo / "de.txt").write_text("Ich lese ein Buch.\n", encoding="utf-8")
    entry = f"{sys.executable} -m lambre_core.cli check --rules rules.yaml --fail-on hint --mode paper"
    (repo / ".pre-commit-config.yaml").write_text(
        "repos:\n- repo: local\n  hooks:\n  - id: lambre\n    name: lambre\n"
        f"    entry: {entry}\n    language: system\n    files: \\.(txt|po|md)$\n",
        encoding="utf-8",
    )
    (repo / ".lambre.yaml").write_text("language: de\n", encoding="utf-8")
    _git(repo, "add", "-A")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pc-home")}
    pre_commit = [sys.executable, "-m", "pre_commit", "run", "--all-files"]
    res = subprocess.run(pre_commit, cwd=repo, capture_output=True, text=True, env=env)
    assert res.returncode == 1, res.stdout + res.stderr
    assert "de.txt:1:1:" in res.stdout and "as.dep.PRON.*.*.Number" in res.stdout
    # the suppression an editor's "ignore this sentence" action writes holds in the hook too
    (repo / ".lambre.yaml").write_text(
        "language: de\nignored_sentences:\n  - Ich lese ein Buch.\n", encoding="utf-8")
    _git(repo, "add", "-A")
    res = subprocess.run(pre_commit, cwd=repo, capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stdout + res.stderr


def test_fuzzy_po_entries_checked_only_with_include_fuzzy(tmp_path: Path) -> None:
    """An unconfirmed (fuzzy) translation gettext does not use is not checked by default."""
    rules = tmp_path / "r.yaml"
    rules.write_text(ALWAYS_FIRES, encoding="utf-8")
    po = tmp_path / "de.po"
    po.write_text('#, fuzzy\nmsgid "I read"\nmsgstr "Ich lese ein Buch."\n\n'
                  'msgid "You read"\nmsgstr "Du liest ein Buch."\n', encoding="utf-8")
    common = ["check", "--lang", "de", "--rules", str(rules), "--fail-on", "hint", "--mode",
              "paper", "--format", "json", str(po)]
    res = run_cli(*common, cwd=tmp_path)
    assert res.returncode == 1, res.stderr
    assert [(f["line"], f["column"]) for f in json.loads(res.stdout)] == [(6, 9)]
    res = run_cli(*common, "--include-fuzzy", cwd=tmp_path)
    assert res.returncode == 1, res.stderr
    assert [(f["line"], f["column"]) for f in json.loads(res.stdout)] == [(3, 9), (6, 9)]


def test_language_identified_from_the_text_and_lang_beats_the_path(tmp_path: Path) -> None:
    """Without ``--lang`` a file that names no language is identified from its text (as the
    editor does); an explicit ``--lang`` beats a guess from the file's name (``fa.txt`` is not
    Persian when the user says German)."""
    (tmp_path / "essay.txt").write_text("Die Kinder spielt im Garten. Wir gehen morgen in die "
                                        "Stadt und kaufen ein neues Buch.\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("Мальчик читала книгу. Мы пойдём завтра в кино.\n",
                                        encoding="utf-8")
    (tmp_path / "fa.txt").write_text("Die Kinder spielt im Garten.\n", encoding="utf-8")
    res = run_cli("check", "--no-cache", "--format", "json", "essay.txt", "notes.txt", cwd=tmp_path)
    assert res.returncode == 1, res.stderr
    found = {(f["file"], f["language"], f["rule"]) for f in json.loads(res.stdout)}
    assert found == {("essay.txt", "de", "agree.NOUN.VERB.subj.Number"),
                     ("notes.txt", "ru", "agree.NOUN.VERB.subj.Gender")}
    res = run_cli("check", "--no-cache", "fa.txt", cwd=tmp_path)
    assert res.returncode == 0 and "no model for its language 'fa'" in res.stderr
    res = run_cli("check", "--no-cache", "--lang", "de", "--format", "json", "fa.txt", cwd=tmp_path)
    assert res.returncode == 1 and json.loads(res.stdout)[0]["language"] == "de"
