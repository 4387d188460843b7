"""``lambre-core correlate --scores human.tsv [REPORT.json ...]``: system-level correlation of
L'AMBRE with human judgements (Pearson and Spearman, the paper's Table 3).

``human.tsv`` has a header with the columns ``system`` and ``human`` (another name with
``--human-column``); the L'AMBRE scores come from ``score --format json`` reports (a multi-file
report gives one score per system, named after its file; a one-file report is named after the
report's own file), or from a ``lambre`` column of the same TSV. A system name matches with or
without its file extension (``sysA`` matches ``sysA.txt``).

    lambre-core score --lang de sysA.txt sysB.txt sysC.txt --format json -o scores.json
    lambre-core correlate --scores human.tsv scores.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..correlate import correlate, read_scores
from ..errors import LambreError
from ..limits import check_json
from . import emit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("correlate", help="Pearson/Spearman of system scores with human judgements")
    p.add_argument("reports", nargs="*", metavar="REPORT.json",
                   help="score --format json reports (default: the TSV's 'lambre' column)")
    p.add_argument("--scores", required=True, metavar="TSV",
                   help="human judgements: a TSV with the columns system and human")
    p.add_argument("--human-column", default="human", help="the TSV's human score column")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("-o", "--output", help="write the result here (atomically)")
    p.set_defaults(func=run)


def _report_scores(path: str) -> dict[str, float]:
    try:
        text = Path(path).read_text(encoding="utf-8")
        check_json(text, path)
        data = json.loads(text)
    except OSError as exc:
        raise LambreError(f"cannot read: {exc.strerror}", path) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        col = getattr(exc, "colno", None)
        raise LambreError(f"not a JSON report: {getattr(exc, 'msg', exc)}", path, line, col) from None
    if isinstance(data, dict) and isinstance(data.get("systems"), list):
        return {str(s["name"]): float(s["score"]) for s in data["systems"]}
    if isinstance(data, dict) and isinstance(data.get("score"), int | float):
        return {Path(path).stem: float(data["score"])}
    raise LambreError("not a score report (no 'score' or 'systems')", path)


def _match(name: str, metric: dict[str, float]) -> float | None:
    if name in metric:
        return metric[name]
    hits = [v for k, v in metric.items() if Path(k).stem == name or Path(name).stem == k]
    return hits[0] if len(hits) == 1 else None


def run(args: argparse.Namespace) -> int:
    table = read_scores(args.scores, args.human_column)
    metric: dict[str, float] = dict(table.metric)
    for r in args.reports:
        metric.update(_report_scores(r))
    if not metric:
        raise LambreError("no L'AMBRE scores: give score reports, or a 'lambre' column", args.scores)
    pairs: list[tuple[str, float, float]] = []
    missing = []
    for name, h in table.human.items():
        m = _match(name, metric)
        if m is None:
            missing.append(name)
        else:
            pairs.append((name, m, h))
    if missing:
        raise LambreError(f"no L'AMBRE score for system(s): {', '.join(missing)} (report systems: "
                          f"{', '.join(sorted(metric))})", args.scores)
    c = correlate([m for _, m, _ in pairs], [h for _, _, h in pairs])
    if args.format == "json":
        out = json.dumps({"systems": [{"system": n, "lambre": m, "human": h} for n, m, h in pairs],
                          "n": c.n, "pearson": c.pearson, "pearson_p": c.pearson_p,
                          "spearman": c.spearman, "spearman_p": c.spearman_p}, indent=2) + "\n"
    else:
        w = max(len(n) for n, _, _ in pairs)
        lines = [f"{'system':{w}}  L'AMBRE     human"]
        lines += [f"{n:{w}}  {m:.4f}  {h:8.4f}" for n, m, h in pairs]
        lines += ["", f"Pearson r    = {c.pearson:+.3f} (p = {c.pearson_p:.3g}, n = {c.n})",
                  f"Spearman rho = {c.spearman:+.3f} (p = {c.spearman_p:.3g}, n = {c.n})"]
        out = "\n".join(lines) + "\n"
    emit(out, args.output)
    sys.stdout.flush()
    return 0
