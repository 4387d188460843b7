"""A self-contained HTML report (no scripts, no CDN): every plot is inline SVG drawn here.

Sections: the systems with their scores, checking time, 95 % intervals and paired tests (and a
plot of them); every rule by every system; per system, each rule's satisfaction with its
interval, a histogram of segment scores, and the worst segments with the blamed words
highlighted (hover for the message). Labels are never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .check import SentenceCheck
from .doc import word_span
from .intervals import Interval
from .messages import message
from .score import SentenceScore
from .systems_report import System, SystemsReport

#: rules shown per system (most instances first), worst segments listed, histogram bins
MAX_RULES = 40
WORST = 15
BINS = 20

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.5em}h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:1em 0}td,th{padding:.25em .7em;text-align:right;
border-bottom:1px solid #eee}td:first-child,th:first-child{text-align:left}
code{font-size:.9em;background:#f4f4f4;padding:.1em .3em}
mark{background:#ffb3b3;border-bottom:2px solid #c00;padding:0 .1em}
.sent{margin:.6em 0;line-height:1.6}.score{color:#666;font-variant-numeric:tabular-nums}
.viol{color:#555;font-size:.9em;margin-left:1.5em}.fail{color:#b00}
svg text{font-size:11px;font-family:system-ui,sans-serif}
"""


def _interval_bars(labels: Sequence[str], values: Sequence[float],
                   intervals: Sequence[Interval | None], notes: Sequence[str] = (),
                   lo: float | None = None) -> str:
    """Horizontal bars with interval whiskers on a [lo, 1] axis."""
    if not labels:
        return ""
    low = [iv.low for iv in intervals if iv is not None] + list(values)
    lo = min(lo if lo is not None else 1.0, min(low)) if low else 0.0
    lo = max(0.0, min(lo, 0.999) - 0.02)
    # room for every label and note as written (about 6.5 px a character at 11 px): nothing
    # clipped ("as.dep.NOUN.ADP.comp:obj.Case.Gen+Ins", "0.973  (12/345 violated)")
    notes_all = [notes[i] if i < len(notes) else f"{v:.4f}" for i, v in enumerate(values)]
    label_w = max(120, int(6.5 * max(len(lab) for lab in labels)) + 12)
    note_w = max(60, int(6.5 * max(len(n) for n in notes_all)) + 12)
    plot_w, row_h = 520, 18
    h = row_h * len(labels) + 30

    def x(v: float) -> float:
        return label_w + (v - lo) / (1.0 - lo) * plot_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_w + plot_w + note_w}" '
           f'height="{h}" role="img">']
    for k in range(6):
        v = lo + (1.0 - lo) * k / 5
        out.append(f'<line x1="{x(v):.1f}" y1="0" x2="{x(v):.1f}" y2="{h - 20}" stroke="#ddd"/>'
                   f'<text x="{x(v):.1f}" y="{h - 6}" text-anchor="middle">{v:.3f}</text>')
    for i, (lab, v) in enumerate(zip(labels, values, strict=True)):
        y = i * row_h + 2
        out.append(f'<text x="{label_w - 6}" y="{y + 12}" text-anchor="end">{escape(lab)}</text>')
        out.append(f'<rect x="{label_w}" y="{y + 2}" width="{max(0.0, x(v) - label_w):.1f}" '
                   f'height="{row_h - 6}" fill="#6f9fd8"><title>{escape(lab)}: {v:.4f}</title></rect>')
        iv = intervals[i] if i < len(intervals) else None
        if iv is not None:
            a, b = x(max(lo, iv.low)), x(min(1.0, iv.high))
            m = y + row_h / 2 - 1
            out.append(f'<path d="M{a:.1f},{m}H{b:.1f}M{a:.1f},{m - 4}V{m + 4}M{b:.1f},{m - 4}'
                       f'V{m + 4}" stroke="#123" fill="none"/>')
        out.append(f'<text x="{label_w + plot_w + 8}" y="{y + 12}">{escape(notes_all[i])}</text>')
    out.append("</svg>")
    return "".join(out)


def _histogram(scores: Sequence[float]) -> str:
    """Segment scores in ``BINS`` bins over [0, 1]."""
    counts = [0] * BINS
    for s in scores:
        counts[min(BINS - 1, int(s * BINS))] += 1
    top = max(counts) or 1
    bw, ph = 30, 160
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{bw * BINS + 60}" height="{ph + 40}" '
           f'role="img">']
    for i, c in enumerate(counts):
        bh = c / top * ph
        out.append(f'<rect x="{40 + i * bw}" y="{ph - bh + 5:.1f}" width="{bw - 2}" height="{bh:.1f}" '
                   f'fill="#8bbf7a"><title>{i / BINS:.2f}-{(i + 1) / BINS:.2f}: {c}</title></rect>')
    for k in range(0, BINS + 1, 4):
        out.append(f'<text x="{40 + k * bw}" y="{ph + 20}" text-anchor="middle">{k / BINS:.1f}</text>')
    out.append(f'<text x="35" y="14" text-anchor="end">{top}</text>'
               f'<text x="35" y="{ph + 5}" text-anchor="end">0</text></svg>')
    return "".join(out)


def highlighted(check: SentenceCheck) -> str:
    """The segment's text as HTML, each blamed word in ``<mark>`` with its messages as title."""
    sent = check.sentence
    text = sent.text
    base = int(sent.metadata.get("start_char", "0") or 0)
    notes: dict[tuple[int, int], list[str]] = {}
    for v in check.violations:
        span = word_span(sent, v.blamed)
        if span is None:
            continue
        a, b = span[0] - base, span[1] - base
        if 0 <= a < b <= len(text):
            notes.setdefault((a, b), []).append(message(v))
    out, pos = [], 0
    for (a, b), msgs in sorted(notes.items()):
        if a < pos:
            continue  # overlapping spans (words of one contraction): mark the first
        out.append(escape(text[pos:a]))
        out.append(f'<mark title="{escape("; ".join(msgs))}">{escape(text[a:b])}</mark>')
        pos = b
    out.append(escape(text[pos:]))
    return "".join(out)


def _worst(sentences: Sequence[SentenceScore]) -> list[SentenceScore]:
    bad = [s for s in sentences if s.violations and s.error is None]
    return sorted(bad, key=lambda s: (s.score, -s.violations, s.index))[:WORST]


def _system_section(s: System) -> str:
    rep = s.report
    rules = sorted(rep.rules.items(), key=lambda kv: (-kv[1].total, kv[0]))[:MAX_RULES]
    ivs = [s.intervals.rules.get(r) if s.intervals else None for r, _ in rules]
    notes = [f"{t.score:.3f}  ({t.violated}/{t.total} violated)" for _, t in rules]
    parts = [f"<h2>{escape(s.name)}</h2>",
             f"<p>File <code>{escape(s.path)}</code>: L'AMBRE <b>{rep.score:.4f}</b> over "
             f"{rep.scored} segments"
             + (f" ({len(rep.skipped)} skipped: broken trees)" if rep.skipped else "") + ".</p>",
             f"<h3>Rules (the {len(rules)} with most instances; bars: satisfaction, whiskers: 95 % "
             "interval)</h3>",
             _interval_bars([r for r, _ in rules], [t.score for _, t in rules], ivs, notes),
             "<h3>Segment scores</h3>",
             _histogram([x.score for x in rep.sentences if x.error is None])]
    worst = _worst(rep.sentences)
    if worst:
        parts.append(f"<h3>Worst segments ({len(worst)})</h3>")
        for w in worst:
            viol = "".join(f'<div class="viol">{escape(w2)}</div>'
                           for w2 in sorted({message(v) + f" [{v.rule.id}]" for v in w.check.violations}))
            parts.append(f'<div class="sent"><span class="score">{escape(w.id)} '
                         f'{w.score:.3f}</span> {highlighted(w.check)}{viol}</div>')
    return "\n".join(parts)


def _rule_table(rep: SystemsReport) -> str:
    """Every rule by every system: satisfaction and instances, rules with most instances first,
    the lowest satisfaction of each row in bold."""
    totals: dict[str, int] = {}
    for s in rep.systems:
        for rid, tally in s.report.rules.items():
            totals[rid] = totals.get(rid, 0) + tally.total
    if not totals:
        return ""
    head = "".join(f"<th>{escape(s.name)}</th>" for s in rep.systems)
    rows = []
    for rid in sorted(totals, key=lambda r: (-totals[r], r)):
        tallies = [s.report.rules.get(rid) for s in rep.systems]
        low = min((t.score for t in tallies if t is not None), default=None)
        cells = []
        for t in tallies:
            if t is None:
                cells.append("<td></td>")
                continue
            val = f"{t.score:.3f} <span class=\"score\">({t.total:,})</span>"
            cells.append(f"<td><b>{val}</b></td>" if t.score == low and len(rep.systems) > 1
                         else f"<td>{val}</td>")
        rows.append(f"<tr><td><code>{escape(rid)}</code></td>{''.join(cells)}</tr>")
    return ("<h2>Rules by system</h2><p>Each rule's satisfaction in each system (instances in "
            "brackets), the lowest of a row in bold.</p>"
            f"<table><tr><th>rule</th>{head}</tr>{''.join(rows)}</table>")


def _correlation_line(c: Any) -> str:
    def ci(x: tuple[float, float] | None) -> str:
        return f" [{x[0]:+.3f}, {x[1]:+.3f}]" if x is not None else ""

    return (f"<p>Correlation with the human scores over {c.n} systems: Pearson r "
            f"{c.pearson:+.3f}{ci(c.pearson_ci)}, Spearman rho {c.spearman:+.3f}"
            f"{ci(c.spearman_ci)}, Kendall tau {c.kendall:+.3f}{ci(c.kendall_ci)} (95 % "
            "bootstrap intervals over systems).</p>")


def render_html(rep: SystemsReport, human: dict[str, float] | None = None,
                correlation: Any = None) -> str:
    """The whole report as one HTML document; with ``human`` (system -> human score) a column of
    them, and the ``correlation`` (``lambre_core.correlate.Correlation``) below the table."""
    human = human or {}
    rows = []
    for i, s in enumerate(rep.systems):
        iv = s.intervals.score if s.intervals else None
        c = rep.comparison(s.name)
        delta = "baseline" if i == 0 else (f"{c.delta:+.4f}" if c else "")
        p = "" if c is None or c.p_value is None else f"{c.p_value:.4f}"
        secs = f"{s.check_seconds:.1f}" if s.check_seconds is not None else ""
        rows.append(f"<tr><td>{escape(s.name)}</td><td>{s.report.scored}</td>"
                    f"<td>{len(s.report.skipped)}</td><td class=\"secs\">{secs}</td>"
                    f"<td>{s.report.score:.4f}</td>"
                    f"<td>{f'[{iv.low:.4f}, {iv.high:.4f}]' if iv else ''}</td>"
                    f"<td>{delta}</td><td>{p}</td>"
                    + (f"<td>{human[s.name]:.4f}</td>" if s.name in human else
                       "<td></td>" if human else "") + "</tr>")
    failed = "".join(f'<p class="fail">Failed: <code>{escape(f)}</code>: {escape(e)}</p>'
                     for f, e in rep.failed.items())
    boot = (f"<p>Intervals: bootstrap over segments, {rep.samples} samples, seed {rep.seed}; "
            "p-value: paired bootstrap against the first system.</p>" if rep.samples else "")
    plot = _interval_bars([s.name for s in rep.systems], [s.report.score for s in rep.systems],
                          [s.intervals.score if s.intervals else None for s in rep.systems])
    body = "\n".join([
        "<h1>L'AMBRE report</h1>",
        f"<p><code>{escape(str(rep.signature))}</code></p>", boot, failed,
        "<h2>Systems</h2>",
        "<table><tr><th>system</th><th>segments</th><th>skipped</th><th>check s</th>"
        "<th>L'AMBRE</th><th>95 % CI</th><th>delta</th><th>p</th>"
        + ("<th>human</th>" if human else "") + "</tr>" + "".join(rows) + "</table>",
        _correlation_line(correlation) if correlation is not None else "",
        plot,
        _rule_table(rep),
        *[_system_section(s) for s in rep.systems],
    ])
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>L'AMBRE report</title><style>{_CSS}</style></head><body>\n{body}\n"
            "</body></html>\n")
