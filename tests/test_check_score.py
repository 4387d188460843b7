from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lambre_core.check import check_sentence, check_sentences
from lambre_core.conllu_io import read_conllu, read_conllu_string
from lambre_core.rules import load_rules
from lambre_core.score import score_corpus, segment_score


@pytest.fixture
def fig1(data_dir: Path):  # type: ignore[no-untyped-def]
    return read_conllu(data_dir / "figure1.conllu"), load_rules(data_dir / "figure1_rules.yaml")


def test_figure1_scores(fig1) -> None:  # type: ignore[no-untyped-def]
    (s1, s2), rules = fig1
    c1, c2 = check_sentence(s1, rules), check_sentence(s2, rules)
    assert segment_score(c1) == 1.0
    assert segment_score(c2) == pytest.approx(5 / 7)
    assert len(c2.instances) == 7
    assert {v.rule.id for v in c2.violations} == {"agree.PRON.AUX.subj.Number", "agree.ADJ.NOUN.mod.Case"}


def test_figure1_blame_and_expected_values(fig1) -> None:  # type: ignore[no-untyped-def]
    (_, s2), rules = fig1
    check = check_sentence(s2, rules)
    by_rule = {v.rule.id: v for v in check.violations}
    num = by_rule["agree.PRON.AUX.subj.Number"]
    # the verb agrees with its subject: "werden" is blamed, "Ich" is the other end
    assert (num.blamed.form, num.other.form) == ("werden", "Ich")
    assert (num.found, num.expected) == (("Plur",), ("Sing",))
    case = by_rule["agree.ADJ.NOUN.mod.Case"]
    assert (case.blamed.form, case.found, case.expected) == ("langen", ("Dat",), ("Acc",))
    assert case.blamed.start == 11 and case.blamed.end == 17  # offsets survive SUD conversion
    # Algorithm 1's E(t): both ends of each failing arc
    assert check.token_errors() == {1: {2}, 2: {1}, 3: {4}, 4: {3}}


def test_assignment_rule_blames_the_constrained_end(fig1) -> None:  # type: ignore[no-untyped-def]
    (s1, _), rules = fig1
    s1.word(4).feats["Case"] = "Dat"  # "Bücher" as an object in the dative
    check = check_sentence(s1, rules)
    v = next(v for v in check.violations if v.rule.type == "as")
    assert v.blamed.form == "Bücher" and v.expected == ("Acc",) and v.found == ("Dat",)


S3 = """# sent_id = S.3
1\tIch\tich\tPRON\t_\tCase=Nom|Number=Sing|Person=1\t4\tnsubj\t_\t_
2\twerden\twerden\tAUX\t_\tNumber=Plur|Person=1|VerbForm=Fin\t4\taux\t_\t_
3\tBücher\tBuch\tNOUN\t_\tCase=Acc|Gender=Neut|Number=Plur\t4\tobj\t_\t_
4\tlesen\tlesen\tVERB\t_\tVerbForm=Inf\t0\troot\t_\t_

"""


def test_corpus_score_is_macro_average_over_rules_not_mean_of_segments(fig1) -> None:  # type: ignore[no-untyped-def]
    (_, s2), rules = fig1
    [s3] = read_conllu_string(S3)
    report = score_corpus(check_sentences([s2, s3], rules))
    assert report.sentences[1].score == pytest.approx(3 / 4)
    # Number (PRON-AUX) fails twice, ADJ Case once; five rules always hold: 5/7
    assert report.score == pytest.approx(5 / 7)
    assert report.rules["agree.PRON.AUX.subj.Number"].violated == 2
    assert report.rules["agree.PRON.AUX.subj.Number"].satisfied == 0
    mean_of_segments = (5 / 7 + 3 / 4) / 2
    assert report.score != pytest.approx(mean_of_segments)


def test_the_micro_average_counts_every_instance(fig1) -> None:  # type: ignore[no-untyped-def]
    (_, s2), rules = fig1
    [s3] = read_conllu_string(S3)
    checks = list(check_sentences([s2, s3], rules))
    macro, micro = score_corpus(checks), score_corpus(checks, average="micro")
    assert (macro.average, micro.average) == ("macro", "micro")
    satisfied = sum(t.satisfied for t in micro.rules.values())
    total = sum(t.total for t in micro.rules.values())
    assert micro.score == pytest.approx(satisfied / total) and micro.score != macro.score
    # a weight counts each of the rule's instances that many times
    w = {"agree.PRON.AUX.subj.Number": 3.0}
    t = micro.rules["agree.PRON.AUX.subj.Number"]
    assert score_corpus(checks, w, average="micro").score == pytest.approx(
        (satisfied + 2 * t.satisfied) / (total + 2 * t.total))
    assert [s.score for s in micro.sentences] == [s.score for s in macro.sentences]
    # the bootstrap scores the same counts the same way
    from lambre_core.bootstrap import _stats, counts_of

    assert _stats(counts_of(micro), np.ones(2))[0] == pytest.approx(micro.score)
    assert _stats(counts_of(macro), np.ones(2))[0] == pytest.approx(macro.score)


def test_weights_change_the_segment_score(fig1) -> None:  # type: ignore[no-untyped-def]
    (_, s2), rules = fig1
    check = check_sentence(s2, rules)
    w = {"agree.PRON.AUX.subj.Number": 3.0}
    assert segment_score(check, w) == pytest.approx(5 / 9)


def test_broken_tree_is_reported_and_skipped(fig1) -> None:  # type: ignore[no-untyped-def]
    _, rules = fig1
    [cyc] = read_conllu_string("1\ta\ta\tPRON\t_\t_\t2\tnsubj\t_\t_\n2\tb\tb\tAUX\t_\t_\t1\taux\t_\t_\n\n")
    check = check_sentence(cyc, rules)
    assert check.error and not check.instances
    assert segment_score(check) == 1.0


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True, text=True)


def test_cli_score_json(data_dir: Path) -> None:
    res = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"),
                  "--rules", str(data_dir / "figure1_rules.yaml"), "--format", "json", "--mode", "paper")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["signature"].startswith("lambre:") and "parser:gold" in out["signature"]
    assert [s["score"] for s in out["sentences"]] == pytest.approx([1.0, 5 / 7])
    v = out["sentences"][1]["violations"][0]
    assert set(v) >= {"rule", "token", "head", "feature", "expected", "found", "blame"}
    assert set(v["token"]) == {"id", "form", "upos", "feats", "start", "end"}
    assert out["rules"]["agree.ADJ.NOUN.mod.Case"] == {"satisfied": 1, "violated": 1, "score": 0.5}


def test_cli_score_tsv_and_text(data_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.tsv"
    res = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"), "--rules",
                  str(data_dir / "figure1_rules.yaml"), "--format", "tsv", "--per-sentence", "-o", str(out),
                  "--mode", "paper")
    assert res.returncode == 0, res.stderr
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[2].startswith("S.1\t1.0000") and rows[3].startswith("S.2\t0.7143")
    res = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"), "--rules",
                  str(data_dir / "figure1_rules.yaml"), "--disable", "agree.ADJ.NOUN.mod.Case",
                  "--mode", "paper")
    assert "L'AMBRE = 0.9167" in res.stdout  # (1/2 + 5) / 6
    res = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"), "--rules",
                  str(data_dir / "figure1_rules.yaml"), "--mode", "paper", "--average", "micro",
                  "--format", "json")
    out = json.loads(res.stdout)
    assert out["signature"].endswith("|avg:micro|seg:conllu")
    rules = out["rules"].values()
    assert out["score"] == pytest.approx(sum(r["satisfied"] for r in rules)
                                         / sum(r["satisfied"] + r["violated"] for r in rules))
    res = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"),
                  "--mode", "paper", "--average", "mean")
    assert res.returncode == 2 and "--average" in res.stderr


def test_cli_score_with_shipped_rules_on_a_treebank(shared: Path) -> None:
    res = run_cli("score", "--lang", "de", "--conllu", str(shared / "treebanks/ud/de/de_gsd-ud-test.conllu"),
                  "--format", "json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    # gold trees of the language the rules came from are nearly well formed
    assert 0.9 < out["score"] <= 1.0
    assert len(out["sentences"]) == 977


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--lang", "xx"], "unknown language 'xx'"),
        (["--lang", "de", "--rules", "RULES_BAD"], "field 'type'"),
        (["--lang", "de", "--disable", "no.such.rule"], "no such rule"),
    ],
)
def test_cli_errors_are_one_line_exit_2(data_dir: Path, tmp_path: Path, args: list[str], needle: str) -> None:
    bad_rules = tmp_path / "bad.yaml"
    bad_rules.write_text("lang: de\nrules:\n  - {type: nope, dep: A, head: B, relation: r, feature: F}\n")
    args = [str(bad_rules) if a == "RULES_BAD" else a for a in args]
    out = tmp_path / "out.json"
    res = run_cli("score", *args, "--conllu", str(data_dir / "figure1.conllu"), "-o", str(out))
    assert res.returncode == 2
    assert needle in res.stderr and len(res.stderr.strip().splitlines()) == 1
    assert "Traceback" not in res.stderr
    assert not out.exists()


def test_cli_malformed_conllu_keeps_existing_output(tmp_path: Path) -> None:
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\tIch\tich\tPRON\t_\t_\t0\troot\t_\t_\n2\twerde\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    out.write_text("previous report\n", encoding="utf-8")
    res = run_cli("score", "--lang", "de", "--conllu", str(bad), "-o", str(out), "--force")
    assert res.returncode == 2
    assert f"{bad}:2:1:" in res.stderr
    assert out.read_text(encoding="utf-8") == "previous report\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []


def test_cli_score_precise_mode_proves_figure1_errors(data_dir: Path) -> None:
    """The default (precise) mode on Figure 1 with the shipped German rules: the lexicons prove
    "werden" (after "Ich") and "langen" (no article, so the strong ending: "lange Bücher", the
    declension rule the shipped rules measure); the correct sentence stays clean. With Figure 1's
    own seven rules, which have no declension rule, only "werden" is proven."""
    res = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"), "--format", "json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert "|mode:precise|" in out["signature"]
    s1, s2 = out["sentences"]
    assert s1["violations"] == []
    assert {v["blamed"]["form"] for v in s2["violations"]} == {"werden", "langen"}
    assert all(v["evidence"] == "proven" for v in s2["violations"])
    fixes = {v["blamed"]["form"]: v["suggestions"][0] for v in s2["violations"]}
    assert fixes == {"werden": "werde", "langen": "lange"}
    res = run_cli("score", "--lang", "de", "--conllu", str(data_dir / "figure1.conllu"),
                  "--rules", str(data_dir / "figure1_rules.yaml"), "--format", "json")
    s2 = json.loads(res.stdout)["sentences"][1]
    assert [v["blamed"]["form"] for v in s2["violations"]] == ["werden"]
