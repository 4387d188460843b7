"""The judgement suites (tests/data/{de,ru}/judgements.tsv) through the shipped models and rules in
the default (precise) mode: no diagnostic on a correct sentence, the marked token blamed on an
erroneous one. Cases the checker still gets wrong stay in the files with a ``gap`` reason; they
are reported, not asserted (and a gap that now passes is reported too, so it can be cleared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.commands import precision_for
from lambre_core.judge import Outcome, judge, read_judgements, summarize
from lambre_core.parse import load_parser
from lambre_core.rules import default_rules

DATA = Path(__file__).resolve().parent / "data"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["de", "ru"])
def outcomes(request: pytest.FixtureRequest) -> list[Outcome]:
    lang = request.param
    parser = load_parser(lang)
    items = read_judgements(DATA / lang / "judgements.tsv")
    return judge(items, parser, default_rules(lang), precision=precision_for("precise", lang, parser))


def _show(o: Outcome) -> str:
    j = o.judgement
    return f"{j.id} ({j.label} {j.token}): {j.sentence} -> blamed {o.blamed}: {o.messages}"


def test_suite_size_and_coverage(outcomes: list[Outcome]) -> None:
    s = summarize(outcomes)
    lang = outcomes[0].judgement.id.split("-")[0]
    assert s.correct + s.errors >= (200 if lang == "de" else 100)
    assert s.correct >= 60 and s.errors >= 50


def test_no_diagnostic_on_correct_sentences(outcomes: list[Outcome]) -> None:
    flagged = [_show(o) for o in outcomes
               if o.judgement.label == "ok" and not o.judgement.gap and o.blamed]
    assert not flagged, "\n".join(flagged)


def test_errors_blamed_on_the_marked_token(outcomes: list[Outcome]) -> None:
    wrong = [_show(o) for o in outcomes
             if o.judgement.label == "error" and not o.judgement.gap and not o.passed]
    assert not wrong, "\n".join(wrong)


def test_known_gaps_are_reported(outcomes: list[Outcome], capsys: pytest.CaptureFixture[str]) -> None:
    gaps = [o for o in outcomes if o.judgement.gap]
    cleared = [o.judgement.id for o in gaps if o.passed]
    s = summarize(outcomes)
    with capsys.disabled():
        print(f"\n{outcomes[0].judgement.id[:2]}: correct flagged {s.correct_flagged}/{s.correct}, "
              f"errors blamed {s.errors_blamed}/{s.errors}, known gaps {len(gaps)}"
              + (f", gaps now passing: {', '.join(cleared)}" if cleared else ""))
    # every gap says why
    assert all(len(o.judgement.gap) > 10 for o in gaps)
