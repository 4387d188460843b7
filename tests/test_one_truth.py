"""One truth between ``check`` and ``score``: every violation a check reports is a failed rule
instance (so it lowers its segment's score), every other instance is satisfied, each rule and
arc is counted once; a sentence that cannot be checked is skipped, not scored 1.0."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.check import check_sentence
from lambre_core.commands import precision_for
from lambre_core.judge import read_judgements
from lambre_core.parse import load_parser
from lambre_core.rules import default_rules
from lambre_core.score import rule_tallies, segment_score

DATA = Path(__file__).resolve().parent / "data"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "treebanks" / "ud"
TREEBANK = {"de": "de_gsd-ud-test.conllu", "ru": "ru_gsd-ud-test.conllu"}

pytestmark = pytest.mark.slow


def _texts(lang: str) -> list[str]:
    """The judgement suite's sentences and, where ../shared has it, 80 random held-out treebank
    sentences (a fixed seed: the same ones every run)."""
    texts = [j.sentence for j in read_judgements(DATA / lang / "judgements.tsv")]
    tb = SHARED / lang / TREEBANK[lang]
    if tb.is_file():
        raw = [line[len("# text = "):].strip() for line in tb.read_text(encoding="utf-8").splitlines()
               if line.startswith("# text = ")]
        texts += random.Random(7).sample(raw, min(80, len(raw)))
    return texts


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_findings_and_instances_agree(lang: str) -> None:
    parser = load_parser(lang)
    rules = default_rules(lang)
    precision = precision_for("precise", lang, parser)
    flagged = 0
    for sent in parser.parse_sentences(_texts(lang)):
        check = check_sentence(sent, rules, precision=precision)
        keys = [(i.rule_id, i.dep, i.head) for i in check.instances]
        assert len(keys) == len(set(keys)), sent.text  # each rule and arc once
        failed = {k for k, i in zip(keys, check.instances, strict=True) if not i.satisfied}
        assert failed == {(v.rule.id, v.dep.id, v.head.id) for v in check.violations}, sent.text
        tallies = rule_tallies(check)
        assert sum(t.violated for t in tallies.values()) == len(failed)
        assert (segment_score(check) < 1.0) == bool(check.violations), sent.text
        flagged += bool(check.violations)
    assert flagged >= 30  # the suites' errors are there to be found


def _score(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", "score", "--lang", "de", *args],
                          capture_output=True, text=True, input=stdin, timeout=600)


def test_a_proven_error_lowers_the_score(tmp_path: Path) -> None:
    text = tmp_path / "de.txt"
    text.write_text("Wir ruft Sie morgen an.\n", encoding="utf-8")
    check = subprocess.run([sys.executable, "-m", "lambre_core.cli", "check", "--lang", "de",
                            "--format", "json", "--no-cache", str(text)],
                           capture_output=True, text=True, timeout=600)
    findings = json.loads(check.stdout)
    assert [f["severity"] for f in findings] == ["error"]
    res = _score("--format", "json", "--no-cache", str(text))
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["score"] < 1.0 and report["sentences"][0]["score"] < 1.0
    assert sum(r["violated"] for r in report["rules"].values()) == len(findings)


BROKEN = ("# sent_id = b1\n# text = Wir ruft.\n"
          "1\tWir\twir\tPRON\t_\tCase=Nom|Number=Plur|Person=1\t2\tnsubj\t_\t_\n"
          "2\truft\trufen\tVERB\t_\tNumber=Sing|Person=3\t1\troot\t_\t_\n\n")


def test_skipped_sentences_are_not_scored(tmp_path: Path, data_dir: Path) -> None:
    broken = tmp_path / "broken.conllu"
    broken.write_text(BROKEN, encoding="utf-8")
    res = _score("--conllu", str(broken))
    assert res.returncode == 2 and "nothing could be scored" in res.stderr
    mixed = tmp_path / "mixed.conllu"
    mixed.write_text(BROKEN + (data_dir / "figure1.conllu").read_text(encoding="utf-8"),
                     encoding="utf-8")
    res = _score("--conllu", str(mixed), "--format", "json")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert (report["sentences_scored"], report["sentences_skipped"]) == (2, 1)
    assert report["sentences"][0]["score"] is None and "error" in report["sentences"][0]
    text = _score("--conllu", str(mixed)).stdout
    assert "2 sentences scored, 1 skipped" in text
    tsv = _score("--conllu", str(mixed), "--format", "tsv", "--per-sentence").stdout
    assert "# 2 sentences scored, 1 skipped" in tsv and "b1\tskipped\t" in tsv


def test_rule_types_and_limit(data_dir: Path) -> None:
    """The paper's r_agree and r_as: scores over one type of rule, named in the signature; and
    the first N segments only."""
    tb = str(data_dir / "figure1.conllu")
    full = json.loads(_score("--conllu", tb, "--mode", "paper", "--format", "json").stdout)
    assert {r.split(".")[0] for r in full["rules"]} == {"agree", "as"}
    for kind in ("agree", "as"):
        res = _score("--conllu", tb, "--mode", "paper", "--format", "json", "--rule-types", kind)
        assert res.returncode == 0, res.stderr
        part = json.loads(res.stdout)
        assert part["rules"] and all(r.startswith(kind + ".") for r in part["rules"])
        assert all(part["rules"][r] == full["rules"][r] for r in part["rules"])
        assert part["signature"] != full["signature"]
    res = _score("--conllu", tb, "--rule-types", "vf")
    assert res.returncode == 2 and "--rule-types" in res.stderr
    first = json.loads(_score("--conllu", tb, "--mode", "paper", "--format", "json",
                              "--limit", "1").stdout)
    assert [s["id"] for s in first["sentences"]] == [full["sentences"][0]["id"]]


def test_limit_with_sentence_splitting_reads_only_the_first_lines(tmp_path: Path) -> None:
    from lambre_core.corpus import _first_lines

    text = "Eins. Zwei.\n\nDrei.\nVier.\n"
    assert _first_lines(text, 1) == "Eins. Zwei.\n"
    assert _first_lines(text, 2) == "Eins. Zwei.\n\nDrei.\n"
    assert _first_lines(text, 9) == text
    doc = tmp_path / "de.txt"
    doc.write_text("Ich lese ein Buch. Wir ruft Sie an.\nDie Kinder spielt im Garten.\n",
                   encoding="utf-8")
    res = _score(str(doc), "--ssplit", "--limit", "1", "--format", "json", "--no-cache")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert [s["text"] for s in report["sentences"]] == ["Ich lese ein Buch.", "Wir ruft Sie an."]
