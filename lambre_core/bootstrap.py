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

from .intervals import DEFAULT_SAMPLES, DEFAULT_SEED, Comparison, Interval, SystemIntervals
from .score import CorpusReport

__all__ = ["DEFAULT_SAMPLES", "DEFAULT_SEED", "Comparison", "Counts", "Interval", "SystemIntervals",
           "counts_of", "paired_comparisons", "system_intervals"]


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
    #: how the corpus score averages over rules (``CorpusReport.average``)
    average: str = "macro"


def counts_of(report: CorpusReport, weights: Mapping[str, float] | None = None) -> Counts:
    """The per-segment rule counts behind ``report`` (broken, skipped segments count nothing),
    with its average."""
    rules = tuple(report.rules)
    rindex = {r: i for i, r in enumerate(rules)}
    rows = np.array([(i, rindex[rid], t.satisfied, t.satisfied + t.violated)
                     for i, s in enumerate(report.sentences) for rid, t in s.tallies.items()
                     if t.satisfied or t.violated], dtype=np.int64).reshape(-1, 4)
    w = np.array([weights.get(r, 1.0) if weights else 1.0 for r in rules], dtype=float)
    return Counts(len(report.sentences), rules, rows[:, 0], rows[:, 1],
                  rows[:, 2].astype(float), rows[:, 3].astype(float), w, report.average)


def _stats(c: Counts, seg_weight: np.ndarray) -> tuple[float, np.ndarray]:
    """Corpus score and per-rule satisfaction with each segment counted ``seg_weight`` times."""
    scores, shares = _scored(c, _rule_counts(_blocks(c), seg_weight[None, :], len(c.rules)))
    return float(scores[0]), shares[0]


def _draws(n: int, samples: int, seed: int) -> Iterator[np.ndarray]:
    """``samples`` resamples of ``n`` segments, each as a count per segment; the same seed gives
    the same resamples (that is what pairs systems). They come as the rows of arrays of at most
    ``_CELLS`` counts, which keeps memory at O(n); drawing a block at once draws the same
    numbers as drawing its rows one by one."""
    rng = np.random.default_rng(seed)
    block = max(1, min(_BLOCK, _CELLS // max(n, 1)))
    for first in range(0, samples, block):
        rows = min(block, samples - first)
        drawn = rng.integers(0, n, size=(rows, n)) + (np.arange(rows) * n)[:, None]
        yield np.bincount(drawn.ravel(), minlength=rows * n).reshape(rows, n).astype(np.float64)


#: resamples scored together (one matrix product each): bounds memory at _BLOCK x n counts
_BLOCK = 32
#: cells of the dense segment x rule block multiplied at once (4 MB of float64)
_CELLS = 500_000


def _blocks(c: Counts) -> list[tuple[int, np.ndarray]]:
    """The segment x rule counts as dense blocks of consecutive segments: (first segment,
    block), the block's columns the satisfied (``[:R]``) and total (``[R:]``) instances."""
    r = len(c.rules)
    order = np.argsort(c.seg, kind="stable")
    seg, rule, sat, tot = c.seg[order], c.rule[order], c.sat[order], c.tot[order]
    step = max(1, _CELLS // (2 * r)) if r else c.n
    out = []
    for a in range(0, c.n, step):
        lo, hi = np.searchsorted(seg, [a, a + step])
        if lo == hi:
            continue
        rows = min(step, c.n - a)
        cell = (seg[lo:hi] - a) * (2 * r) + rule[lo:hi]
        dense = (np.bincount(cell, weights=sat[lo:hi], minlength=rows * 2 * r)
                 + np.bincount(cell + r, weights=tot[lo:hi], minlength=rows * 2 * r))
        out.append((a, dense.reshape(rows, 2 * r)))
    return out


def _rule_counts(blocks: list[tuple[int, np.ndarray]], seg_weight: np.ndarray, r: int) -> np.ndarray:
    """Satisfied and total instances of every rule (columns ``[:R]`` and ``[R:]``) under each
    row of ``seg_weight`` (resamples x segments): a matrix product of the resamples with the
    ``_blocks``. Counts are integers, so the sums are exact whatever their order, as one
    ``bincount`` per resample gives them (and one product costs what a few ``bincount`` calls
    cost in interpreter time alone)."""
    out = np.zeros((seg_weight.shape[0], 2 * r))
    for a, dense in blocks:
        out += seg_weight[:, a:a + dense.shape[0]] @ dense
    return out


def _scored(c: Counts, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Corpus scores and per-rule satisfaction, one row per row of ``_rule_counts``."""
    r = len(c.rules)
    sat, tot = counts[:, :r], counts[:, r:]
    has = tot > 0
    share = np.divide(sat, tot, out=np.ones_like(sat), where=has)
    if c.average == "micro":  # the share of all weighted instances
        den = (c.weights * tot).sum(axis=1)
        num = (c.weights * sat).sum(axis=1)
    else:
        den = (c.weights * has).sum(axis=1)
        num = (c.weights * share * has).sum(axis=1)
    scores = np.divide(num, den, out=np.ones_like(num), where=den > 0)
    return scores, share


def _resampled(systems: Sequence[Counts], samples: int,
               seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Corpus scores and per-rule satisfaction (rows: resamples) of each system, all of the
    same segments, under the same resamples (drawn once for all)."""
    blocks = [_blocks(c) for c in systems]
    parts: list[list[tuple[np.ndarray, np.ndarray]]] = [[] for _ in systems]
    for w in _draws(systems[0].n, samples, seed):
        for c, b, part in zip(systems, blocks, parts, strict=True):
            part.append(_scored(c, _rule_counts(b, w, len(c.rules))))
    return [(np.concatenate([p[0] for p in part]), np.concatenate([p[1] for p in part]))
            for part in parts]


def _percentiles(values: np.ndarray, qs: Sequence[float] = (2.5, 97.5)) -> list[np.ndarray]:
    """``np.percentile(values, qs, axis=0)`` (its default, linear interpolation), value for
    value: the same arithmetic, without the import of ``numpy.ma`` that the numpy function
    makes on first use (7 ms, a seventieth of scoring 2,776 sentences)."""
    v = np.sort(values, axis=0)
    n = v.shape[0]
    out = []
    for q in qs:
        virtual = (n - 1) * (q / 100)
        below = float(np.floor(virtual))
        gamma = virtual - below
        if virtual >= n - 1:
            a = b = v[-1]
        else:
            a, b = v[int(below)], v[int(below) + 1]
        diff = b - a
        # numpy's _lerp: from the nearer end, so that gamma 1 gives b exactly
        out.append(a + diff * gamma if gamma < 0.5 else b - diff * (1 - gamma))
    return out


def _interval(values: np.ndarray) -> Interval:
    lo, hi = _percentiles(values)
    return Interval(float(lo), float(hi))


def system_intervals(c: Counts, samples: int = DEFAULT_SAMPLES,
                     seed: int = DEFAULT_SEED) -> SystemIntervals:
    """95 % intervals of the corpus score and every rule's satisfaction."""
    if c.n == 0 or samples <= 0:
        return SystemIntervals(Interval(float("nan"), float("nan")), {})
    ((scores, shares),) = _resampled([c], samples, seed)
    rules: dict[str, Interval] = {}
    if c.rules:
        lows, highs = _percentiles(shares)
        rules = {rid: Interval(float(lo), float(hi))
                 for rid, lo, hi in zip(c.rules, lows, highs, strict=True)}
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
    resampled = [scores for scores, _ in _resampled(counts, samples, seed)] if paired else None
    for k, (name, c) in enumerate(zip(names[1:], counts[1:], strict=True), start=1):
        delta = _stats(c, np.ones(c.n))[0] - base_score
        if resampled is None:
            out.append(Comparison(name, names[0], delta, None, None))
            continue
        diffs = resampled[k] - resampled[0]
        extreme = np.abs(diffs - diffs.mean()) >= abs(delta) - 1e-12
        p = (1 + int(extreme.sum())) / (samples + 1)
        out.append(Comparison(name, names[0], delta, _interval(diffs), p))
    return out
