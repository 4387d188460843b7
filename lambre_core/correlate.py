"""Correlation of system-level L'AMBRE scores with human judgements (the paper's Table 3).

Pearson's r and Spearman's rho with their two-sided p-values, from ``scipy.stats``.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .errors import LambreError


@dataclass(frozen=True)
class Correlation:
    """Pearson and Spearman correlation of two score lists, with p-values."""

    n: int
    pearson: float
    pearson_p: float
    spearman: float
    spearman_p: float


def correlate(metric: Sequence[float], human: Sequence[float]) -> Correlation:
    """Pearson and Spearman correlation of ``metric`` with ``human`` (same systems, same order)."""
    if len(metric) != len(human):
        raise LambreError(f"{len(metric)} metric scores but {len(human)} human scores")
    n = len(metric)
    if n < 3:
        raise LambreError(f"correlation needs at least 3 systems, got {n}")
    from scipy import stats

    x, y = np.asarray(metric, dtype=float), np.asarray(human, dtype=float)
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        raise LambreError("all systems have the same score: no correlation is defined")
    pr = stats.pearsonr(x, y)
    sr = stats.spearmanr(x, y)
    return Correlation(n, float(pr.statistic), float(pr.pvalue), float(sr.statistic),
                       float(sr.pvalue))


@dataclass(frozen=True)
class HumanScores:
    """Systems' human scores and, when the file has them, their metric scores."""

    human: dict[str, float]
    metric: dict[str, float]


def read_scores(path: str | Path, human_col: str = "human", metric_col: str = "lambre") -> HumanScores:
    """A TSV with a header: ``system``, a human score column and, optionally, a metric column.
    Lines starting with ``#`` are comments. Errors name the file, line and column."""
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
    human: dict[str, float] = {}
    metric: dict[str, float] = {}
    for lineno, r in rows[1:]:
        if len(r) != len(cols):
            raise LambreError(f"expected {len(cols)} tab-separated fields, found {len(r)}",
                              name, lineno, 1)
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
