"""``lambre-core correlate`` (Table 3: system scores against human judgements) and
``lambre-core eval-accept`` (Table 4: acceptability contrasts from an M2 file)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.accept import evaluate_contrasts, variants
from lambre_core.correlate import correlate
from lambre_core.errors import LambreError
from lambre_core.gei import read_m2

REPO = Path(__file__).resolve().parents[1]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True, text=True)


def test_correlation_values() -> None:
    c = correlate([1, 2, 3, 4, 5.5], [2, 1, 4, 3, 6])
    assert c.n == 5
    assert c.pearson == pytest.approx(0.8484, abs=1e-4) and c.spearman == pytest.approx(0.8)
    assert 0 < c.pearson_p < c.spearman_p < 1
    assert correlate([1, 2, 3], [30, 20, 10]).spearman == pytest.approx(-1.0)
    with pytest.raises(LambreError, match="at least 3 systems"):
        correlate([1, 2], [1, 2])


def test_correlate_cli_with_score_reports(tmp_path: Path, data_dir: Path) -> None:
    # three "systems": Figure 1's good sentence, its bad one, and both
    from lambre_core.conllu_io import read_conllu, to_conllu

    good, bad = read_conllu(data_dir / "figure1.conllu")
    for name, sents in (("good", [good]), ("bad", [bad]), ("both", [good, bad])):
        (tmp_path / f"{name}.conllu").write_text(to_conllu(sents), encoding="utf-8")
    report = tmp_path / "scores.json"
    res = run_cli("score", "--lang", "de", "--mode", "paper", "--format", "json", "-o", str(report),
                  *(str(tmp_path / f"{n}.conllu") for n in ("good", "bad", "both")), "--bootstrap", "0")
    assert res.returncode == 0, res.stderr
    human = tmp_path / "human.tsv"
    human.write_text("# system\thuman judgement\nsystem\thuman\ngood\t90\nbad\t40\nboth\t70\n", encoding="utf-8")
    res = run_cli("correlate", "--scores", str(human), str(report), "--format", "json")
    assert res.returncode == 0, res.stderr
    (out,) = json.loads(res.stdout)["reports"]
    assert [s["system"] for s in out["systems"]] == ["good", "bad", "both"]
    scores = json.loads(report.read_text(encoding="utf-8"))["systems"]
    assert [s["lambre"] for s in out["systems"]] == [s["score"] for s in scores]
    assert out["spearman"] == pytest.approx(1.0) and out["pearson"] > 0.9
    assert out["signature"] == json.loads(report.read_text(encoding="utf-8"))["signature"]
    text = run_cli("correlate", "--scores", str(human), str(report))
    assert "Pearson r    = +" in text.stdout and "Spearman rho = +1.000" in text.stdout
    # a second report made with a rule turned off: another signature, refused unless asked for,
    # then one row per report (never one report's systems overwriting the other's)
    other = tmp_path / "off.json"
    res = run_cli("score", "--lang", "de", "--mode", "paper", "--format", "json", "-o", str(other),
                  *(str(tmp_path / f"{n}.conllu") for n in ("good", "bad", "both")),
                  "--disable", "agree.DET.NOUN.det.Gender", "--bootstrap", "0")
    assert res.returncode == 0, res.stderr
    sig_on = json.loads(report.read_text(encoding="utf-8"))["signature"]
    sig_off = json.loads(other.read_text(encoding="utf-8"))["signature"]
    assert sig_on != sig_off and "off:none" in sig_on and "off:1-" in sig_off
    mixed = run_cli("correlate", "--scores", str(human), str(report), str(other))
    assert mixed.returncode == 2 and "--allow-mixed" in mixed.stderr
    both = run_cli("correlate", "--scores", str(human), str(report), str(other), "--allow-mixed",
                   "--format", "json")
    assert both.returncode == 0, both.stderr
    rows = json.loads(both.stdout)["reports"]
    assert [r["report"] for r in rows] == [str(report), str(other)]
    assert [r["signature"] for r in rows] == [sig_on, sig_off]


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("system\thuman\ngood\t90\nbad\tninety\nboth\t70\n", ":3:5: not a number: 'ninety'"),
        ("name\tscore\n", ":1:1: header needs the columns 'system' and 'human'"),
        ("system\thuman\ngood\t90\nmissing\t40\nboth\t70\n", "no L'AMBRE score for system(s): missing"),
    ],
)
def test_correlate_bad_input_is_one_line(tmp_path: Path, content: str, needle: str) -> None:
    human = tmp_path / "human.tsv"
    human.write_text(content, encoding="utf-8")
    report = tmp_path / "r.json"
    report.write_text(json.dumps({"systems": [{"name": "good.txt", "score": 0.9}, {"name": "bad.txt", "score": 0.5},
                                              {"name": "both.txt", "score": 0.7}]}), encoding="utf-8")
    res = run_cli("correlate", "--scores", str(human), str(report))
    assert res.returncode == 2 and needle in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


M2 = """S Die Kinder spielt im Garten .
A 2 3|||R:VERB:SVA|||spielen|||REQUIRED|||-NONE-|||0
A 4 5|||R:NOUN|||Park|||REQUIRED|||-NONE-|||0

S Ich werden langen Bücher lesen .
A 1 2|||R:VERB:FORM|||werde|||REQUIRED|||-NONE-|||0
A 2 3|||R:ADJ:FORM|||lange|||REQUIRED|||-NONE-|||0

S Das ist gut .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
"""


def test_variants_split_morphological_and_other_edits(tmp_path: Path) -> None:
    m2 = tmp_path / "x.m2"
    m2.write_text(M2, encoding="utf-8")
    first, second, third = read_m2(m2)
    v = variants(first, types=("R:*:FORM", "R:MORPH", "R:VERB:SVA"))
    assert v["morph"] == "Die Kinder spielen im Garten .".split()
    assert v["rest"] == "Die Kinder spielt im Park .".split()
    assert v["tgt"] == "Die Kinder spielen im Park .".split()
    assert variants(second)["morph"] == variants(second)["tgt"] == "Ich werde lange Bücher lesen .".split()
    assert variants(second)["rest"] == variants(second)["src"]
    seen: list[list[str]] = []

    def score(token_lists: list[list[str]]) -> list[float]:
        seen.extend(token_lists)
        return [0.5 if "werden" in t or "spielt" in t else 1.0 for t in token_lists]

    rep = evaluate_contrasts([first, second, third], score)
    assert rep.corrected == 2  # the noop sentence has no contrast
    assert len(seen) == len({tuple(t) for t in seen})  # each distinct variant scored once
    by = {c.name: c for c in rep.contrasts}
    assert by["(src, tgt)"].wins == 2 and by["(src, tgt)"].accuracy == 1.0
    # default types: the first sentence has no morphological edit (morph == src), the second
    # only morphological ones (rest == src): each of those pairs is left out
    assert by["(src, rest-corrected)"].pairs == 1 and by["(src, rest-corrected)"].wins == 1
    assert by["(src, morph-corrected)"].pairs == 1 and by["(src, morph-corrected)"].wins == 1
    assert by["(morph-corrected, tgt)"].pairs == 1 and by["(rest-corrected, tgt)"].pairs == 1


@pytest.mark.slow
def test_eval_accept_cli_on_the_learner_corpus(shared: Path) -> None:
    res = run_cli("eval-accept", "--lang", "de", "--m2", str(shared / "gec/de/fm-dev.m2"), "--limit", "40",
                  "--mode", "paper", "--format", "json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["sentences"] == 40 and 0 < out["corrected"] <= 40
    names = [c["contrast"] for c in out["contrasts"]]
    assert names == ["(src, tgt)", "(src, morph-corrected)", "(src, rest-corrected)", "(morph-corrected, tgt)",
                     "(rest-corrected, tgt)"]
    for c in out["contrasts"]:
        assert c["wins"] + c["ties"] + c["losses"] == c["pairs"]
    assert out["contrasts"][0]["pairs"] == out["corrected"]
    assert out["contrasts"][0]["wins"] > out["contrasts"][0]["losses"]  # corrections help more than hurt


def test_eval_accept_bad_m2_is_one_line(tmp_path: Path) -> None:
    m2 = tmp_path / "bad.m2"
    m2.write_text("S Das ist gut .\nA x y|||R:NOUN|||z|||REQUIRED|||-NONE-|||0\n", encoding="utf-8")
    res = run_cli("eval-accept", "--lang", "de", "--m2", str(m2))
    assert res.returncode == 2 and f"{m2}:2:" in res.stderr and len(res.stderr.strip().splitlines()) == 1


def test_kendall_intervals_and_outliers() -> None:
    from lambre_core.correlate import outliers

    metric = [0.91, 0.93, 0.90, 0.95, 0.97, 0.92, 0.96, 0.94]
    human = [0.10, 0.30, 0.05, 0.50, 0.70, 0.20, 0.60, 0.40]
    c = correlate(metric, human)
    assert c.kendall == pytest.approx(1.0) and c.spearman == pytest.approx(1.0)
    assert c.pearson_ci is not None and c.pearson_ci[0] <= c.pearson <= c.pearson_ci[1] <= 1.0
    assert c.kendall_ci == pytest.approx((1.0, 1.0))
    assert correlate(metric, human) == c  # a fixed seed: the same intervals every run
    assert correlate(metric, human, samples=0).pearson_ci is None
    scores = {f"s{i}": v for i, v in enumerate([0.1, 0.12, 0.09, 0.11, 0.10, -2.0])}
    assert outliers(scores) == ["s5"]  # far below the others, as a broken system would be
    assert outliers({"a": 1.0, "b": 1.0, "c": 1.0}) == []


WMT = ("pair\tsystem\tz\traw\tannotations\n"
       "en-cs\tHuman-refA\t0.36\t85.4\t1572\nen-cs\tsysA\t0.28\t84.1\t1600\n"
       "en-cs\tsysB\t0.11\t81.8\t1601\nen-cs\tsysC\t-0.20\t70.0\t1500\n"
       "en-cs\tgone\t0.05\t75.0\t1400\nen-de\tsysA\t0.2\t80\t900\n")


def test_wmt_human_score_tables(tmp_path: Path) -> None:
    human = tmp_path / "human-scores.tsv"
    human.write_text(WMT, encoding="utf-8")
    report = tmp_path / "r.json"
    report.write_text(json.dumps({"signature": "s", "systems": [
        {"name": "ref.A.txt", "score": 0.96}, {"name": "sysA.txt", "score": 0.95},
        {"name": "sysB.txt", "score": 0.93}, {"name": "sysC.txt", "score": 0.90}]}),
        encoding="utf-8")
    res = run_cli("correlate", "--scores", str(human), "--human-column", "z", str(report))
    assert res.returncode == 2 and "--pair" in res.stderr  # two pairs in one table
    args = ["correlate", "--scores", str(human), "--human-column", "z", "--pair", "en-cs",
            str(report), "--format", "json"]
    res = run_cli(*args)
    assert res.returncode == 2 and "Human-refA" in res.stderr
    res = run_cli(*args, "--rename", "Human-refA=ref.A", "--skip-missing")
    assert res.returncode == 0, res.stderr
    assert "gone" in res.stderr  # left out, and said
    (out,) = json.loads(res.stdout)["reports"]
    assert [s["system"] for s in out["systems"]] == ["sysA", "sysB", "sysC", "ref.A"]
    assert out["n"] == 4 and out["kendall"] == pytest.approx(1.0)
    assert out["pearson_ci"] is not None and len(out["pearson_ci"]) == 2
