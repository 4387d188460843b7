"""Reports comparing systems (one scored file each): text, JSON and TSV.

The first file is the baseline; every other system is compared with it by paired bootstrap
(``lambre_core.bootstrap``), as sacrebleu compares BLEU scores.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .intervals import Comparison, Interval, SystemIntervals
from .report import Signature, intervals_dict, report_dict
from .score import CorpusReport


@dataclass
class System:
    """One scored system: its name, file, report and bootstrap intervals."""

    name: str
    path: str
    report: CorpusReport
    intervals: SystemIntervals | None = None
    #: seconds spent checking it (None: not measured)
    check_seconds: float | None = None


@dataclass
class SystemsReport:
    """Systems scored with the same rules and parser, their comparison, and the files that
    failed (name -> one-line error)."""

    signature: Signature
    systems: list[System]
    comparisons: list[Comparison] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    samples: int = 0
    seed: int = 0

    def comparison(self, name: str) -> Comparison | None:
        """The comparison of system ``name`` with the baseline (None for the baseline)."""
        return next((c for c in self.comparisons if c.system == name), None)


def _pair(iv: Interval | None) -> list[float] | None:
    return [iv.low, iv.high] if iv is not None else None


def systems_dict(rep: SystemsReport, per_sentence: bool) -> dict[str, Any]:
    """The comparison as a JSON-ready dict."""
    systems = []
    for s in rep.systems:
        d = report_dict(s.report, rep.signature)
        d.pop("signature")
        if not per_sentence:
            d.pop("sentences")
        entry: dict[str, Any] = {"name": s.name, "file": s.path,
                                 **d}
        if s.intervals is not None:
            entry["intervals"] = intervals_dict(s.intervals)
        systems.append(entry)
    return {
        "signature": str(rep.signature),
        "bootstrap": {"samples": rep.samples, "seed": rep.seed},
        "baseline": rep.systems[0].name if rep.systems else None,
        "systems": systems,
        "comparisons": [{"system": c.system, "baseline": c.baseline, "delta": c.delta,
                         "interval": _pair(c.interval), "p_value": c.p_value}
                        for c in rep.comparisons],
        "failed": [{"file": f, "error": e} for f, e in rep.failed.items()],
    }


def render_systems_json(rep: SystemsReport, per_sentence: bool) -> str:
    """JSON text of the comparison."""
    return json.dumps(systems_dict(rep, per_sentence), ensure_ascii=False, indent=2) + "\n"


def _num(x: float | None, fmt: str = ".4f") -> str:
    return "" if x is None else format(x, fmt)


def render_systems_tsv(rep: SystemsReport, per_sentence: bool) -> str:
    """Long-format TSV: one row per system and rule (rule ``corpus`` for the system score, with
    the difference from the baseline and its p-value), or per system and sentence."""
    rows = [f"# {rep.signature}"]
    if per_sentence:
        rows.append("system\tid\tscore\tviolations\trules")
        for s in rep.systems:
            for sent in s.report.sentences:
                if sent.error is not None:
                    rows.append(f"{s.name}\t{sent.id}\tskipped\t0\t")
                    continue
                rows.append(f"{s.name}\t{sent.id}\t{sent.score:.4f}\t{len(sent.check.violations)}\t"
                            + ",".join(sorted({v.rule.id for v in sent.check.violations})))
        return "\n".join(rows) + "\n"
    rows += [f"# {s.name}: {len(s.report.skipped)} sentences skipped" for s in rep.systems
             if s.report.skipped]
    rows.append("system\trule\tsatisfied\tviolated\tscore\tlow\thigh\tdelta\tp_value")
    for s in rep.systems:
        iv = s.intervals
        sat = sum(t.satisfied for t in s.report.rules.values())
        vio = sum(t.violated for t in s.report.rules.values())
        c = rep.comparison(s.name)
        rows.append(f"{s.name}\tcorpus\t{sat}\t{vio}\t{s.report.score:.4f}\t"
                    f"{_num(iv.score.low if iv else None)}\t{_num(iv.score.high if iv else None)}\t"
                    f"{_num(c.delta if c else None)}\t{_num(c.p_value if c else None)}")
        for rid, t in s.report.rules.items():
            r_iv = iv.rules.get(rid) if iv else None
            rows.append(f"{s.name}\t{rid}\t{t.satisfied}\t{t.violated}\t{t.score:.4f}\t"
                        f"{_num(r_iv.low if r_iv else None)}\t{_num(r_iv.high if r_iv else None)}\t\t")
    return "\n".join(rows) + "\n"


def _stars(p: float | None) -> str:
    if p is None:
        return ""
    return "**" if p < 0.01 else "*" if p < 0.05 else ""


def render_systems_text(rep: SystemsReport) -> str:
    """The comparison table (score, interval, difference from the baseline, p-value), then each
    rule's satisfaction per system, rules with the most instances first."""
    width = max([len(s.name) for s in rep.systems] + [6])
    lines = [f"{'system':{width}}  sentences  skipped  check s  L'AMBRE  95% CI              "
             "delta     p-value"]
    for i, s in enumerate(rep.systems):
        iv = s.intervals
        ci = f"[{iv.score.low:.4f}, {iv.score.high:.4f}]" if iv else ""
        c = rep.comparison(s.name)
        if i == 0:
            tail = "(baseline)"
        elif c is None:
            tail = ""
        elif c.p_value is None:
            tail = f"{c.delta:+.4f}  (unpaired: other segment count)"
        else:
            tail = f"{c.delta:+.4f}  {c.p_value:.4f} {_stars(c.p_value)}"
        secs = f"{s.check_seconds:7.1f}" if s.check_seconds is not None else f"{'':7}"
        lines.append(f"{s.name:{width}}  {s.report.scored:9d}  {len(s.report.skipped):7d}  "
                     f"{secs}  {s.report.score:.4f}  "
                     f"{ci:18s}  {tail}")
    if rep.samples:
        lines.append(f"(95% CI: bootstrap over sentences, {rep.samples} samples, seed {rep.seed}; "
                     "p: paired bootstrap against the baseline; * p<0.05, ** p<0.01)")
    totals: dict[str, int] = {}
    for s in rep.systems:
        for rid, t in s.report.rules.items():
            totals[rid] = totals.get(rid, 0) + t.total
    if totals:
        rwidth = max(len(r) for r in totals)
        # each system's column as wide as its name (names are never cut)
        cols = [max(14, len(s.name)) for s in rep.systems]
        lines += ["", f"{'rule':{rwidth}}  " + "  ".join(
            f"{s.name:>{w}}" for s, w in zip(rep.systems, cols, strict=True))]
        for rid in sorted(totals, key=lambda r: (-totals[r], r)):
            cells = []
            for s in rep.systems:
                tally = s.report.rules.get(rid)
                cells.append(f"{tally.score:.3f} ({tally.total:5d})" if tally else "")
            lines.append(f"{rid:{rwidth}}  " + "  ".join(
                f"{c:>{w}}" for c, w in zip(cells, cols, strict=True)))
    for f, e in rep.failed.items():
        lines.append(f"FAILED {f}: {e}")
    lines += ["", str(rep.signature)]
    return "\n".join(lines) + "\n"
