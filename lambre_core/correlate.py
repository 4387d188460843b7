"""Correlation of system-level L'AMBRE scores with human judgements (the paper's Table 3).

Pearson's r, Spearman's rho and Kendall's tau with their two-sided p-values (``scipy.stats``),
each with a 95 % bootstrap interval over systems (resampled with replacement, fixed seed);
outliers among the human scores can be removed as Mathur et al. (2020) did: a system whose
score lies more than 2.5 scaled median absolute deviations (1.4826 x MAD) from the median.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .errors import LambreError

#: bootstrap samples over systems for the intervals, and the seed (reproducible figures)
SAMPLES = 1000
SEED = 12345
#: Mathur et al. (2020): an outlier is more than this many scaled MADs from the median
OUTLIER_MADS = 2.5


@dataclass(frozen=True)
class Correlation:
    """Pearson, Spearman and Kendall correlation of two score lists, with p-values and 95 %
    bootstrap intervals over systems (None when there were too few systems to resample)."""

    n: int
    pearson: float
    pearson_p: float
    spearman: float
    spearman_p: float
    kendall: float = float("nan")
    kendall_p: float = float("nan")
    pearson_ci: tuple[float, float] | None = None
    spearman_ci: tuple[float, float] | None = None
    kendall_ci: tuple[float, float] | None = None


def _coefficients(x: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
    from scipy import stats

    return (float(stats.pearsonr(x, y).statistic), float(stats.spearmanr(x, y).statistic),
            float(stats.kendalltau(x, y).statistic))


def match_system(name: str, metric: dict[str, float]) -> float | None:
    """The metric score of the system a human-score table calls ``name``: the same name, or
    the same file stem ("sysA" for "sysA.txt"); None when none or several match."""
    if name in metric:
        return metric[name]
    hits = [v for k, v in metric.items() if Path(k).stem == name or Path(name).stem == k]
    return hits[0] if len(hits) == 1 else None


def correlate(metric: Sequence[float], human: Sequence[float], samples: int = SAMPLES,
              seed: int = SEED) -> Correlation:
    """Pearson, Spearman and Kendall correlation of ``metric`` with ``human`` (same systems, same
    order), with ``samples`` bootstrap resamples of the systems for 95 % intervals (0: none)."""
    if len(metric) != len(human):
        raise LambreError(f"{len(metric)} metric scores but {len(human)} human scores")
    n = len(metric)
    if n < 3:
        raise LambreError(f"correlation needs at least 3 systems, got {n}")
    from scipy import stats

    x, y = np.asarray(metric, dtype=float), np.asarray(human, dtype=float)
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        raise LambreError("all systems have the same score: no correlation is defined")
    pr, sr, kt = stats.pearsonr(x, y), stats.spearmanr(x, y), stats.kendalltau(x, y)
    cis: list[tuple[float, float] | None] = [None, None, None]
    if samples > 0:
        rng = np.random.default_rng(seed)
        got: list[tuple[float, float, float]] = []
        for _ in range(samples):
            idx = rng.integers(0, n, n)
            if np.ptp(x[idx]) == 0 or np.ptp(y[idx]) == 0:
                continue  # a resample of one repeated system has no correlation
            got.append(_coefficients(x[idx], y[idx]))
        if got:
            arr = np.asarray(got)
            cis = [(float(np.nanpercentile(arr[:, k], 2.5)),
                    float(np.nanpercentile(arr[:, k], 97.5))) for k in range(3)]
    return Correlation(n, float(pr.statistic), float(pr.pvalue), float(sr.statistic),
                       float(sr.pvalue), float(kt.statistic), float(kt.pvalue), *cis)


def outliers(human: dict[str, float], mads: float = OUTLIER_MADS) -> list[str]:
    """Systems whose human score is more than ``mads`` scaled median absolute deviations from
    the median (Mathur et al., 2020), in the order given."""
    values = np.asarray(list(human.values()), dtype=float)
    med = float(np.median(values))
    mad = 1.4826 * float(np.median(np.abs(values - med)))
    if mad == 0:
        return []
    return [name for name, v in human.items() if abs(v - med) / mad > mads]


@dataclass(frozen=True)
class HumanScores:
    """Systems' human scores and, when the file has them, their metric scores."""

    human: dict[str, float]
    metric: dict[str, float]


def read_scores(path: str | Path, human_col: str = "human", metric_col: str = "lambre",
                pair: str | None = None) -> HumanScores:
    """A TSV with a header: ``system``, a human score column and, optionally, a metric column
    and a ``pair`` column (WMT's tables list several language pairs: ``pair`` picks one's rows;
    required when the file has more than one). Lines starting with ``#`` are comments. Errors
    name the file, line and column."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LambreError(f"cannot read: {exc.strerror}", name) from None
    except UnicodeDecodeError:
        raise LambreError("not UTF-8 text", name) from None
    rows = [(i, r) for i, r in enumerate(csv.reader(text.splitlines(), delimiter="\t"), start=1)
            if r and not r[0].startswith("#")]
    if not rows:
        raise LambreError("no header line (want: system, human[, lambre])", name, 1, 1)
    hline, header = rows[0]
    cols = [h.strip() for h in header]
    if "system" not in cols or human_col not in cols:
        raise LambreError(f"header needs the columns 'system' and '{human_col}', has "
                          f"{', '.join(cols)}", name, hline, 1)
    si, hi = cols.index("system"), cols.index(human_col)
    mi = cols.index(metric_col) if metric_col in cols else None
    pi = cols.index("pair") if "pair" in cols else None
    if pi is not None:
        pairs = sorted({r[pi].strip() for _, r in rows[1:] if len(r) > pi})
        if pair is None and len(pairs) > 1:
            raise LambreError(f"the file lists several language pairs ({', '.join(pairs)}): "
                              "choose one with --pair", name, hline, 1)
        if pair is not None and pair not in pairs:
            raise LambreError(f"no rows for pair {pair!r} (the file has {', '.join(pairs)})",
                              name, hline, 1)
    elif pair is not None:
        raise LambreError("--pair given, but the file has no 'pair' column", name, hline, 1)
    human: dict[str, float] = {}
    metric: dict[str, float] = {}
    for lineno, r in rows[1:]:
        if len(r) != len(cols):
            raise LambreError(f"expected {len(cols)} tab-separated fields, found {len(r)}",
                              name, lineno, 1)
        if pi is not None and pair is not None and r[pi].strip() != pair:
            continue
        sysname = r[si].strip()
        if sysname in human:
            raise LambreError(f"system {sysname!r} listed twice", name, lineno, 1)
        for idx, store in ((hi, human), (mi, metric)):
            if idx is None:
                continue
            try:
                store[sysname] = float(r[idx])
            except ValueError:
                col = sum(len(x) + 1 for x in r[:idx]) + 1
                raise LambreError(f"not a number: {r[idx]!r}", name, lineno, col) from None
    return HumanScores(human, metric)
