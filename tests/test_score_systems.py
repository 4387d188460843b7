"""``lambre-core score`` over several files (systems): comparison with paired bootstrap, every
report format, bad files skipped with exit 2, the parse cache, --jobs and --device."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.bootstrap import counts_of, paired_comparisons, system_intervals
from lambre_core.check import check_sentences
from lambre_core.conllu_io import read_conllu, to_conllu
from lambre_core.doc import Sentence
from lambre_core.rules import default_rules
from lambre_core.score import score_corpus

REPO = Path(__file__).resolve().parents[1]
N = 250
TEXT = ["Ich werde lange Bücher lesen.", "Ich werden langen Bücher lesen.", "Die Kinder spielt im Garten.",
        "Wir haben einen neuen Hund gekauft.", "Der Lehrer gibt den Schülern ein Buch.",
        "Er geht zum Bahnhof, weil es regnet.", "Das ist ein schönes Haus.", "Die Frau liest ein Buch."]


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})})


def _worse(sentences: list[Sentence]) -> list[Sentence]:
    """A copy where every second sentence's determiners get a wrong gender."""
    out = read_conllu_string_copy(sentences)
    flip = {"Masc": "Fem", "Fem": "Neut", "Neut": "Masc"}
    for i, s in enumerate(out):
        if i % 2:
            for w in s.words:
                if w.upos == "DET" and w.feats.get("Gender") in flip:
                    w.feats["Gender"] = flip[w.feats["Gender"]]
    return out


def read_conllu_string_copy(sentences: list[Sentence]) -> list[Sentence]:
    from lambre_core.conllu_io import read_conllu_string

    return read_conllu_string(to_conllu(sentences))


@pytest.fixture(scope="module")
def systems(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    src = REPO.parent / "shared" / "treebanks" / "ud" / "de" / "de_pud-ud-test.conllu"
    if not src.is_file():
        pytest.skip(f"shared treebank not found at {src}")
    d = tmp_path_factory.mktemp("systems")
    gold = read_conllu(src)[:N]
    (d / "gold.conllu").write_text(to_conllu(gold), encoding="utf-8")
    (d / "worse.conllu").write_text(to_conllu(_worse(gold)), encoding="utf-8")
    return d / "gold.conllu", d / "worse.conllu"


def test_two_systems_compared_with_paired_bootstrap(systems: tuple[Path, Path]) -> None:
    gold, worse = systems
    res = run_cli("score", "--lang", "de", "--mode", "paper", "--conllu", str(gold), "--conllu", str(worse),
                  "--format", "json", "--bootstrap", "300")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    a, b = out["systems"]
    assert (a["name"], b["name"]) == ("gold.conllu", "worse.conllu") and out["baseline"] == "gold.conllu"
    assert a["sentences_scored"] == b["sentences_scored"] == N
    assert b["score"] < a["score"]
    for s in (a, b):
        lo, hi = s["intervals"]["score"]
        assert lo <= s["score"] <= hi and hi - lo < 0.1
        gender = s["rules"]["agree.DET.NOUN.det.Gender"]
        glo, ghi = s["intervals"]["rules"]["agree.DET.NOUN.det.Gender"]
        assert glo <= gender["score"] <= ghi
    (cmp_,) = out["comparisons"]
    assert cmp_["system"] == "worse.conllu" and cmp_["delta"] == pytest.approx(b["score"] - a["score"])
    assert cmp_["p_value"] < 0.01  # a degraded copy is significantly worse
    assert cmp_["interval"][1] < 0
    assert "sentences" not in a  # per-sentence detail only on request


def test_paired_test_of_a_system_with_itself_finds_nothing() -> None:
    sents = read_conllu(REPO / "tests" / "data" / "figure1.conllu") * 20
    rep = score_corpus(check_sentences(sents, default_rules("de")))
    c = counts_of(rep)
    (same,) = paired_comparisons(["a", "b"], [c, c], samples=200)
    assert same.delta == 0 and same.p_value == 1.0
    iv = system_intervals(c, 200)
    assert iv.score.low <= rep.score <= iv.score.high
    # intervals are reproducible from the seed and differ across seeds
    assert system_intervals(c, 200, seed=1) == system_intervals(c, 200, seed=1)


def test_text_and_tsv_comparison_tables(systems: tuple[Path, Path]) -> None:
    gold, worse = systems
    res = run_cli("score", "--lang", "de", "--mode", "paper", str(gold), str(worse), "--bootstrap", "200")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0].split()[:6] == ["system", "sentences", "skipped", "check", "s", "L'AMBRE"]
    assert lines[1].startswith("gold.conllu") and "(baseline)" in lines[1]
    assert re.search(r"^worse\.conllu\s+250\s+0\s+\d+\.\d\s+0\.\d{4}\s+\[0\.\d{4}, 0\.\d{4}\]\s+-0\.\d{4}\s+0\.\d+ \*\*$", lines[2])
    # the rule-by-system table names each system in full
    header = next(x for x in lines if x.startswith("rule "))
    assert header.split()[1:] == ["gold.conllu", "worse.conllu"]
    assert lines[-1].startswith("lambre:") and "parser:gold|mode:paper|" in lines[-1]
    res = run_cli("score", "--lang", "de", "--mode", "paper", str(gold), str(worse), "--format", "tsv",
                  "--bootstrap", "200")
    rows = [r.split("\t") for r in res.stdout.splitlines()[1:]]
    assert rows[0] == ["system", "rule", "satisfied", "violated", "score", "low", "high", "delta", "p_value"]
    corpus = [r for r in rows if r[1] == "corpus"]
    assert [r[0] for r in corpus] == ["gold.conllu", "worse.conllu"]
    assert corpus[0][7] == "" and float(corpus[1][7]) < 0 and float(corpus[1][8]) < 0.01
    rules = [r for r in rows if r[0] == "worse.conllu" and r[1] == "agree.DET.NOUN.det.Gender"]
    assert len(rules) == 1 and float(rules[0][5]) <= float(rules[0][4]) <= float(rules[0][6])


def test_html_report_is_self_contained_with_plots_and_highlights(systems: tuple[Path, Path], tmp_path: Path) -> None:
    gold, worse = systems
    out = tmp_path / "report.html"
    res = run_cli("score", "--lang", "de", "--mode", "paper", str(gold), str(worse), "--format", "html",
                  "-o", str(out), "--bootstrap", "100")
    assert res.returncode == 0, res.stderr
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert "<script" not in html and "<link" not in html
    assert set(re.findall(r"https?://[^\s\"']+", html)) == {"http://www.w3.org/2000/svg"}
    # system comparison + per system: rule bars and histogram
    assert html.count("<svg") == 1 + 2 * 2
    import xml.etree.ElementTree as ET

    for svg in re.findall(r"<svg.*?</svg>", html, flags=re.S):
        assert ET.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg"  # well-formed plots
    assert "agree.DET.NOUN.det.Gender" in html
    # every rule by every system, and the checking time of each
    assert "<h2>Rules by system</h2>" in html and "<th>check s</th>" in html
    table = html.split("<h2>Rules by system</h2>")[1].split("</table>")[0]
    assert "<th>gold.conllu</th><th>worse.conllu</th>" in table
    assert table.count("<tr>") - 1 == len(set(re.findall(r"<code>([^<]+)</code>", table)))
    # plot labels in full: no rule id cut ("as.dep.NOUN.ADP.comp:obj.Case.Gen+Ins")
    rule_ids = set(re.findall(r"<code>([^<]+)</code>", table))
    labels = [lab for lab in re.findall(r'text-anchor="end">([^<]+)</text>', html)
              if not lab.isdigit()]  # (the histogram's counts)
    assert labels and all(lab in rule_ids | {"gold.conllu", "worse.conllu"} for lab in labels)
    # worst sentences with the blamed determiner highlighted
    marks = re.findall(r'<mark title="([^"]*)">([^<]*)</mark>', html)
    assert marks and any(form in {"der", "die", "das", "Der", "Die", "Das", "den", "dem", "des"} for _, form in marks)


def test_a_bad_file_is_skipped_the_others_scored_exit_2(systems: tuple[Path, Path], tmp_path: Path) -> None:
    gold, _ = systems
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\tIch\tich\tPRON\t_\t_\t0\troot\t_\t_\n2\twerde\n", encoding="utf-8")
    missing = tmp_path / "missing.txt"
    out = tmp_path / "out.json"
    res = run_cli("score", "--lang", "de", "--mode", "paper", str(gold), str(bad), str(missing),
                  "--format", "json", "-o", str(out))
    assert res.returncode == 2
    assert f"{bad}:2:1:" in res.stderr and f"{missing}: no such file" in res.stderr
    assert "Traceback" not in res.stderr
    assert res.stderr.strip().splitlines()[-1].endswith(f"2 of 3 file(s) failed: {bad}, {missing}")
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [s["name"] for s in report["systems"]] == ["gold.conllu"]
    assert {f["file"] for f in report["failed"]} == {str(bad), str(missing)}
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []


@pytest.mark.slow
def test_text_systems_parse_once_in_parallel_then_come_from_the_cache(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("\n".join(TEXT[:6]) + "\n", encoding="utf-8")
    b.write_text("\n\n".join(TEXT[2:]) + "\n", encoding="utf-8")  # blank lines are no segments
    cache = tmp_path / "cache"
    one = run_cli("score", "--lang", "de", str(a), str(b), "--format", "json", "--cache", str(cache),
                  "--jobs", "2", "--device", "auto", "--per-sentence")
    assert one.returncode == 0, one.stderr
    assert "sent/s" not in one.stderr  # no progress bar when stderr is not a terminal
    from lambre_core.parse_cache import ParseCache

    assert len(ParseCache(cache)) == len(set(TEXT))  # segments both systems share parsed once
    out = json.loads(one.stdout)
    assert [s["id"] for s in out["systems"][1]["sentences"]] == [f"line-{i}" for i in range(1, 12, 2)]
    # without Stanza importable a cache miss would fail: the cached re-score must not parse
    fake = tmp_path / "nostanza"
    (fake / "stanza").mkdir(parents=True)
    (fake / "stanza" / "__init__.py").write_text("raise ImportError('stanza must not be used')\n")
    two = run_cli("score", "--lang", "de", str(a), str(b), "--format", "json", "--cache", str(cache),
                  "--per-sentence", "--progress",
                  env={"PYTHONPATH": os.pathsep.join([str(fake), str(REPO), os.environ.get("PYTHONPATH", "")])})
    assert two.returncode == 0, two.stderr
    assert json.loads(two.stdout) == out  # same parses, same scores, same intervals
    assert "sent/s" in two.stderr  # --progress forces the bar
    three = run_cli("score", "--lang", "de", str(a), "--format", "json", "--cache", str(cache), "--mode", "paper",
                    env={"PYTHONPATH": os.pathsep.join([str(fake), str(REPO), os.environ.get("PYTHONPATH", "")])})
    assert three.returncode == 0, three.stderr  # other settings: still no parsing


@pytest.mark.slow
def test_jobs_and_one_process_give_identical_reports(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    a.write_text("\n".join(TEXT * 3) + "\n", encoding="utf-8")
    outs = []
    for jobs in ("1", "2"):
        res = run_cli("score", "--lang", "de", str(a), "--format", "json", "--no-cache", "--jobs", jobs,
                      "--device", "cpu", "--ssplit")
        assert res.returncode == 0, res.stderr
        outs.append(json.loads(res.stdout))
    assert outs[0] == outs[1]
    assert len(outs[0]["sentences"]) == len(TEXT) * 3


def test_bad_options_are_one_line_errors(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    a.write_text(TEXT[0] + "\n", encoding="utf-8")
    for args, needle in ((["--jobs", "0"], "--jobs 0"), (["--bootstrap", "-1"], "--bootstrap -1"), ([], "")):
        argv = ["score", "--lang", "de", *args] + ([str(a)] if args else [])
        res = run_cli(*argv)
        assert res.returncode == 2 and "Traceback" not in res.stderr
        assert needle in res.stderr and len(res.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_an_interrupted_run_keeps_its_parsed_batches_and_resumes(tmp_path: Path) -> None:
    import signal
    import time

    from lambre_core.parse_cache import ParseCache

    src = REPO.parent / "shared" / "treebanks" / "ud" / "de" / "de_pud-ud-test.conllu"
    if not src.is_file():
        pytest.skip(f"shared treebank not found at {src}")
    # about 8 parse batches (one per 15,000 characters): the Ctrl-C lands while most are to come
    lines = [s.text for s in read_conllu(src)[:1000]]
    a = tmp_path / "a.txt"
    a.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cache = tmp_path / "cache"
    argv = [sys.executable, "-m", "lambre_core.cli", "score", "--lang", "de", str(a), "--cache", str(cache),
            "--mode", "paper", "--format", "json", "--device", "cpu", "--bootstrap", "0"]
    # the default Ctrl-C handling even where this test runs in a background job (which starts
    # with SIGINT ignored, and Python then installs no KeyboardInterrupt handler)
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 300
    stored = 0
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.5)
        if (cache / "parses.sqlite").exists():
            stored = len(ParseCache(cache))
            if stored:
                break
    if proc.poll() is not None:
        pytest.skip("the run finished before it could be interrupted")
    proc.send_signal(signal.SIGINT)  # Ctrl-C after the first batch is stored
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "interrupted" in err
    kept = len(ParseCache(cache))
    assert 0 < stored <= kept < len(set(lines))  # some batches kept, not all parsed
    done = run_cli(*argv[3:])
    assert done.returncode == 0, done.stderr
    assert len(ParseCache(cache)) == len(set(lines))
    fresh = run_cli("score", "--lang", "de", str(a), "--no-cache", "--mode", "paper", "--format", "json",
                    "--device", "cpu", "--bootstrap", "0")
    assert json.loads(done.stdout) == json.loads(fresh.stdout)


def test_html_report_gives_human_scores_and_their_correlation(systems: tuple[Path, Path],
                                                              tmp_path: Path) -> None:
    gold, worse = systems
    # a third system between the two: half of the worse one's sentences
    from lambre_core.conllu_io import read_conllu as read

    g, w = read(gold), read(worse)
    mid = tmp_path / "mid.conllu"
    mid.write_text(to_conllu(g[: len(g) // 2] + w[len(w) // 2:]), encoding="utf-8")
    human = tmp_path / "human.tsv"
    human.write_text("system\tz\ngold\t0.5\nmid\t0.1\nworse\t-0.4\n", encoding="utf-8")
    out = tmp_path / "report.html"
    res = run_cli("score", "--lang", "de", "--mode", "paper", str(gold), str(mid), str(worse),
                  "--format", "html", "-o", str(out), "--bootstrap", "50",
                  "--human", str(human), "--human-column", "z")
    assert res.returncode == 0, res.stderr
    html = out.read_text(encoding="utf-8")
    table = html.split("<h2>Systems</h2>")[1].split("</table>")[0]
    assert "<th>human</th>" in table
    for name, z in (("gold", "0.5000"), ("mid", "0.1000"), ("worse", "-0.4000")):
        row = next(r for r in table.split("<tr>") if f"<td>{name}" in r)
        assert f"<td>{z}</td>" in row, row
    # the worse system scores lower and has the lower human score: a positive correlation
    m = re.search(r"Correlation with the human scores over 3 systems: Pearson r ([+-][0-9.]+)",
                  html)
    assert m and float(m.group(1)) > 0, html[:2000]
    # without --human the report has no such column
    res = run_cli("score", "--lang", "de", "--mode", "paper", str(gold), str(worse),
                  "--format", "html", "-o", str(tmp_path / "plain.html"), "--bootstrap", "0")
    assert res.returncode == 0 and "<th>human</th>" not in (tmp_path / "plain.html").read_text()
