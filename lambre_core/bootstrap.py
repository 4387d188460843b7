"""Bootstrap confidence intervals for L'AMBRE scores, and paired bootstrap tests between systems.

Resampling unit: the segment (sentence), as sacrebleu does for BLEU. A corpus score is a function
of per-rule satisfied/total counts, which add over segments, so one resample is a reweighting of
each segment's counts: cheap, exact, and the same code for the corpus score and each rule's
satisfaction.

Paired test (systems scored on the same segments, in the same order): every resample draws the
same segments for all systems; the p-value of "system differs from the baseline" is the two-sided
bootstrap test of Efron & Tibshirani (1993, §16.4): the share of resampled differences, shifted
to mean zero (the null hypothesis), at least as far from zero as the observed difference.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .score import CorpusReport

DEFAULT_SAMPLES = 1000
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class Interval:
    """A 95 % percentile interval of a bootstrapped statistic."""

    low: float
    high: float


@dataclass(frozen=True)
class Counts:
    """One system's rule counts as sparse (segment, rule) entries."""

    n: int
    rules: tuple[str, ...]
    seg: np.ndarray
    rule: np.ndarray
    sat: np.ndarray
    tot: np.ndarray
    weights: np.ndarray


@dataclass(frozen=True)
class SystemIntervals:
    """Intervals of one system: its corpus score and each rule's satisfaction."""

    score: Interval
    rules: dict[str, Interval]


@dataclass(frozen=True)
class Comparison:
    """A system against the baseline: score difference, its interval and p-value (None when the
    systems do not score the same number of segments: no pairing is possible)."""

    system: str
    baseline: str
    delta: float
    interval: Interval | None
    p_value: float | None


def counts_of(report: CorpusReport, weights: Mapping[str, float] | None = None) -> Counts:
    """The per-segment rule counts behind ``report`` (broken, skipped segments count nothing)."""
    rules = tuple(report.rules)
    rindex = {r: i for i, r in enumerate(rules)}
    seg, rule, sat, tot = [], [], [], []
    for i, s in enumerate(report.sentences):
        for rid, t in s.tallies.items():
            if t.total:
                seg.append(i)
                rule.append(rindex[rid])
                sat.append(t.satisfied)
                tot.append(t.total)
    w = np.array([weights.get(r, 1.0) if weights else 1.0 for r in rules], dtype=float)
    return Counts(len(report.sentences), rules, np.array(seg, dtype=np.int64),
                  np.array(rule, dtype=np.int64), np.array(sat, dtype=float),
                  np.array(tot, dtype=float), w)


def _stats(c: Counts, seg_weight: np.ndarray) -> tuple[float, np.ndarray]:
    """Corpus score and per-rule satisfaction with each segment counted ``seg_weight`` times."""
    r = len(c.rules)
    w = seg_weight[c.seg]
    sat = np.bincount(c.rule, weights=w * c.sat, minlength=r)
    tot = np.bincount(c.rule, weights=w * c.tot, minlength=r)
    has = tot > 0
    share = np.divide(sat, tot, out=np.ones(r), where=has)
    den = c.weights[has].sum()
    score = float((c.weights[has] * share[has]).sum() / den) if den > 0 else 1.0
    return score, share


def _draws(n: int, samples: int, seed: int) -> Iterator[np.ndarray]:
    """``samples`` resamples of ``n`` segments, each as a count per segment; the same seed gives
    the same resamples (that is what pairs systems), one at a time to keep memory at O(n)."""
    rng = np.random.default_rng(seed)
    for _ in range(samples):
        yield np.bincount(rng.integers(0, n, size=n), minlength=n).astype(np.float64)


def _interval(values: np.ndarray) -> Interval:
    lo, hi = np.percentile(values, [2.5, 97.5])
    return Interval(float(lo), float(hi))


def system_intervals(c: Counts, samples: int = DEFAULT_SAMPLES,
                     seed: int = DEFAULT_SEED) -> SystemIntervals:
    """95 % intervals of the corpus score and every rule's satisfaction."""
    if c.n == 0 or samples <= 0:
        return SystemIntervals(Interval(float("nan"), float("nan")), {})
    scores = np.empty(samples)
    shares = np.empty((samples, len(c.rules)))
    for b, w in enumerate(_draws(c.n, samples, seed)):
        scores[b], shares[b] = _stats(c, w)
    rules = {rid: _interval(shares[:, i]) for i, rid in enumerate(c.rules)}
    return SystemIntervals(_interval(scores), rules)


def paired_comparisons(names: Sequence[str], counts: Sequence[Counts],
                       samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED) -> list[Comparison]:
    """Every system against the first (the baseline), with paired resampling where possible."""
    if len(counts) < 2:
        return []
    base = counts[0]
    base_score = _stats(base, np.ones(base.n))[0]
    out: list[Comparison] = []
    paired = samples > 0 and all(c.n == base.n for c in counts) and base.n > 0
    base_samples = np.array([_stats(base, w)[0] for w in _draws(base.n, samples, seed)]) \
        if paired else None
    for name, c in zip(names[1:], counts[1:], strict=True):
        delta = _stats(c, np.ones(c.n))[0] - base_score
        if base_samples is None:
            out.append(Comparison(name, names[0], delta, None, None))
            continue
        diffs = np.array([_stats(c, w)[0] for w in _draws(c.n, samples, seed)]) - base_samples
        extreme = np.abs(diffs - diffs.mean()) >= abs(delta) - 1e-12
        p = (1 + int(extreme.sum())) / (samples + 1)
        out.append(Comparison(name, names[0], delta, _interval(diffs), p))
    return out
