"""The bootstrap's blocked matrix form against its definition: each resample is a list of ``n``
segments drawn with replacement, and its corpus score is the weighted macro-average over rules of
satisfied / total instances counted over the drawn segments."""

from __future__ import annotations

import numpy as np
import pytest

from lambre_core import bootstrap
from lambre_core.bootstrap import Counts, paired_comparisons, system_intervals


def _counts(seed: int, n: int = 60, rules: int = 7) -> Counts:
    """Random sparse (segment, rule) counts; some segments have none, one rule never applies."""
    rng = np.random.default_rng(seed)
    seg, rule, sat, tot = [], [], [], []
    for i in range(n):
        for r in rng.choice(rules - 1, size=int(rng.integers(0, 4)), replace=False):
            t = int(rng.integers(1, 5))
            seg.append(i)
            rule.append(int(r))
            tot.append(t)
            sat.append(int(rng.integers(0, t + 1)))
    return Counts(n, tuple(f"r{k}" for k in range(rules)), np.array(seg), np.array(rule),
                  np.array(sat, dtype=float), np.array(tot, dtype=float),
                  rng.uniform(0.5, 2.0, size=rules))


def _by_definition(c: Counts, drawn: np.ndarray) -> tuple[float, np.ndarray]:
    """Score and per-rule shares of one resample, summed segment by drawn segment."""
    r = len(c.rules)
    sat, tot = np.zeros(r), np.zeros(r)
    for s in drawn:
        here = c.seg == s
        np.add.at(sat, c.rule[here], c.sat[here])
        np.add.at(tot, c.rule[here], c.tot[here])
    has = tot > 0
    share = np.where(has, sat / np.where(has, tot, 1), 1.0)
    return float((c.weights[has] * share[has]).sum() / c.weights[has].sum()), share


@pytest.mark.parametrize("block, cells", [(128, 2_000_000), (3, 50)])
def test_intervals_match_the_definition(monkeypatch: pytest.MonkeyPatch, block: int, cells: int) -> None:
    # small blocks: several draw blocks and several segment blocks, with their edges inside
    monkeypatch.setattr(bootstrap, "_BLOCK", block)
    monkeypatch.setattr(bootstrap, "_CELLS", cells)
    c, samples, seed = _counts(1), 40, 7
    rng = np.random.default_rng(seed)
    scores, shares = [], []
    for _ in range(samples):
        score, share = _by_definition(c, rng.integers(0, c.n, size=c.n))
        scores.append(score)
        shares.append(share)
    iv = system_intervals(c, samples, seed)
    assert iv.score.low == pytest.approx(np.percentile(scores, 2.5))
    assert iv.score.high == pytest.approx(np.percentile(scores, 97.5))
    never = c.rules[-1]  # no instance anywhere: satisfied by convention in every resample
    assert iv.rules[never].low == iv.rules[never].high == 1.0
    for k, rid in enumerate(c.rules):
        col = [s[k] for s in shares]
        assert (iv.rules[rid].low, iv.rules[rid].high) == pytest.approx(
            (np.percentile(col, 2.5), np.percentile(col, 97.5)))


def test_paired_comparison_matches_the_definition(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "_BLOCK", 4)
    a, b = _counts(2), _counts(3)
    samples, seed = 30, 11
    rng = np.random.default_rng(seed)
    diffs = []
    for _ in range(samples):
        drawn = rng.integers(0, a.n, size=a.n)
        diffs.append(_by_definition(b, drawn)[0] - _by_definition(a, drawn)[0])
    every = np.arange(a.n)
    delta = _by_definition(b, every)[0] - _by_definition(a, every)[0]
    (cmp_,) = paired_comparisons(["a", "b"], [a, b], samples, seed)
    assert cmp_.delta == pytest.approx(delta)
    assert cmp_.interval is not None
    assert (cmp_.interval.low, cmp_.interval.high) == pytest.approx(
        (np.percentile(diffs, 2.5), np.percentile(diffs, 97.5)))
    d = np.array(diffs)
    expected_p = (1 + int((np.abs(d - d.mean()) >= abs(delta) - 1e-12).sum())) / (samples + 1)
    assert cmp_.p_value == pytest.approx(expected_p)


def test_percentiles_are_numpys_value_for_value() -> None:
    rng = np.random.default_rng(3)
    for n in [1, 2, 3, 7, 40, 41, 999, 1000]:
        for values in (rng.random((n, 4)), rng.integers(0, 4, size=(n, 4)) / 7):
            ours = bootstrap._percentiles(values)
            theirs = np.percentile(values, [2.5, 97.5], axis=0)
            assert np.array_equal(np.array(ours), theirs)  # exact, not approximate
            assert np.array_equal(np.array(bootstrap._percentiles(values[:, 0])), theirs[:, 0])
