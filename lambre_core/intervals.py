"""What the bootstrap (``lambre_core.bootstrap``) gives reports: intervals and comparisons, as
plain data. Apart from the bootstrap itself so that reports, and runs that ask for no
intervals (``score --bootstrap 0``), do not import numpy (a sixth of such a run's time)."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_SAMPLES = 1000
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class Interval:
    """A 95 % percentile interval of a bootstrapped statistic."""

    low: float
    high: float


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
