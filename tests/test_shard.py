"""Checking and scoring in several processes (``lambre_core.shard``) gives what one process
gives: the same converted trees, rule instances, violations (pointing at the same sentence's
words) and scores, in paper and precise mode, with broken trees kept in place; scores sent back
as counts, with checks redone on demand, equal one process's; and ``score --jobs 2`` on CoNLL-U
writes the same report as ``--jobs 1`` (whole checks, or counts)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.check import check_sentences
from lambre_core.commands import precision_for
from lambre_core.conllu_io import read_conllu, read_conllu_string, to_conllu
from lambre_core.doc import Sentence
from lambre_core.rules import default_rules
from lambre_core.score import CorpusReport, rule_tallies, score_corpus
from lambre_core.shard import can_shard, check_sharded, score_sharded

pytestmark = pytest.mark.skipif(not can_shard(), reason="this platform cannot fork workers")

BROKEN = """# sent_id = broken-no-root
# text = Der Hund bellt
1\tDer\tder\tDET\t_\tCase=Nom|Gender=Masc|Number=Sing\t2\tdet\t_\t_
2\tHund\tHund\tNOUN\t_\tCase=Nom|Gender=Masc|Number=Sing\t3\tnsubj\t_\t_
3\tbellt\tbellen\tVERB\t_\tNumber=Sing|Person=3\t2\troot\t_\t_

"""


def _corpus(shared: Path, n: int) -> list[Sentence]:
    sents = read_conllu(shared / "treebanks" / "ud" / "de" / "de_pud-ud-test.conllu")[:n]
    broken = read_conllu_string(BROKEN)
    return sents[:7] + broken + sents[7:]  # a broken tree inside the first shard


@pytest.mark.parametrize("mode", ["paper", "precise"])
def test_sharded_checks_equal_one_process(shared: Path, mode: str) -> None:
    sents = _corpus(shared, 120 if mode == "precise" else 400)
    rules = default_rules("de")
    precision = precision_for(mode, "de")
    one = check_sentences(sents, rules, precision=precision)
    done: list[int] = []
    many = check_sharded(sents, rules, precision=precision, jobs=2, chunk=16, on_done=done.append)
    assert sum(done) == len(sents) and len(done) > 2  # really sharded, progress reported
    assert many == one  # dataclass equality: trees, instances, violations, errors
    assert many[7].error == "sentence has no root"
    assert sum(len(c.violations) + len(c.uncertain) for c in many) > 0  # something to compare
    if mode == "paper":  # (the precise checker's violations carry copies with chosen features)
        for c in many:
            # a violation's words are its sentence's own words, as in one process
            assert all(v.dep is c.sentence.word(v.dep.id) and v.head is c.sentence.word(v.head.id)
                       for v in c.violations)
    assert score_corpus(many).score == score_corpus(one).score


def _same_report(many: CorpusReport, one: CorpusReport) -> None:
    assert many.score == one.score and many.rules == one.rules
    assert len(many.sentences) == len(one.sentences)
    for m, o in zip(many.sentences, one.sentences, strict=True):
        assert (m.index, m.id, m.score, m.violations, m.error) == (o.index, o.id, o.score, o.violations,
                                                                 o.error)
        assert list(m.tallies.items()) == list(o.tallies.items())  # same order: same sums


@pytest.mark.parametrize("mode", ["paper", "precise"])
def test_sharded_scores_equal_one_process(shared: Path, mode: str) -> None:
    sents = _corpus(shared, 120 if mode == "precise" else 400)
    rules = default_rules("de")
    precision = precision_for(mode, "de")
    one = score_corpus(check_sentences(sents, rules, precision=precision))
    done: list[int] = []
    many = score_sharded(sents, rules, precision=precision, jobs=2, chunk=16, on_done=done.append)
    assert sum(done) == len(sents) and len(done) > 2
    # sentences come back as counts: their checks are not there until asked for
    redone = [s for s in many.sentences if s._check is None]
    assert len(redone) == len(sents)
    assert many.sentences[7].error == "sentence has no root" and many.skipped == [many.sentences[7]]
    _same_report(many, one)
    assert any(s.violations or s.check.uncertain for s in redone)  # something to compare
    for m, o in zip(many.sentences, one.sentences, strict=True):
        assert m.check == o.check  # redone on demand, the same check
        assert m.violations == len(m.check.violations) and m.tallies == rule_tallies(m.check)


def test_small_input_and_one_job_stay_in_process(shared: Path) -> None:
    sents = _corpus(shared, 20)
    rules = default_rules("de")
    calls: list[int] = []
    assert check_sharded(sents, rules, jobs=2, on_done=calls.append) == check_sentences(sents, rules)
    assert calls == [len(sents)]  # fewer than two chunks: one call, no workers
    assert check_sharded(sents, rules, jobs=1, chunk=2) == check_sentences(sents, rules)
    calls.clear()
    report = score_sharded(sents, rules, jobs=2, on_done=calls.append)
    assert calls == [len(sents)] and all(s._check is not None for s in report.sentences)
    _same_report(report, score_corpus(check_sentences(sents, rules)))


def _score_jobs(shared: Path, tmp_path: Path, *args: str) -> list[str]:
    """``score`` on 450 PUD sentences (more than two chunks) with ``--jobs`` 1 and 2: stdout."""
    gold = tmp_path / "pud450.conllu"
    gold.write_text(to_conllu(read_conllu(shared / "treebanks" / "ud" / "de" / "de_pud-ud-test.conllu")[:450]),
                    encoding="utf-8")
    outs = []
    for jobs in ("1", "2"):
        res = subprocess.run(
            [sys.executable, "-m", "lambre_core.cli", "score", "--lang", "de", "--conllu", str(gold),
             "--bootstrap", "50", "--jobs", jobs, *args], capture_output=True, text=True,
            env={**os.environ})
        assert res.returncode == 0, res.stderr
        outs.append(res.stdout)
    return outs


def test_score_jobs_two_equals_one_on_conllu(shared: Path, tmp_path: Path) -> None:
    # every sentence's findings: precise checks come back whole from the workers
    outs = [json.loads(o) for o in _score_jobs(shared, tmp_path, "--mode", "precise", "--format",
                                               "json", "--per-sentence")]
    assert outs[0] == outs[1]
    assert len(outs[0]["sentences"]) == 450


@pytest.mark.parametrize("fmt", ["json", "html"])
def test_score_jobs_two_sends_counts_and_reports_alike(shared: Path, tmp_path: Path, fmt: str) -> None:
    # without --per-sentence the workers send counts; the HTML report's worst sentences are
    # checked again in the parent process, and must show what one process shows
    outs = _score_jobs(shared, tmp_path, "--mode", "paper", "--format", fmt)
    # (the checking time is the one cell that may differ between two runs)
    outs = [re.sub(r'<td class="secs">[^<]*</td>', "", o) for o in outs]
    assert outs[0] == outs[1]
    if fmt == "html":
        assert outs[0].count("<mark") >= 5  # worst sentences with their blamed words
    else:
        assert json.loads(outs[0])["rules"]
