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
from . import add_force_argument, check_output, emit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("correlate", help="Pearson/Spearman of system scores with human judgements")
    p.add_argument("reports", nargs="*", metavar="REPORT.json",
                   help="score --format json reports (default: the TSV's 'lambre' column)")
    p.add_argument("--scores", required=True, metavar="TSV",
                   help="human judgements: a TSV with the columns system and human")
    p.add_argument("--human-column", default="human", help="the TSV's human score column")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("--allow-mixed", action="store_true",
                   help="correlate reports whose signatures differ (one row per report); "
                        "without it such reports are refused")
    p.add_argument("-o", "--output", help="write the result here (atomically)")
    add_force_argument(p)
    p.set_defaults(func=run)


def _report_scores(path: str) -> tuple[str | None, dict[str, float]]:
    """A report's signature and its score per system."""
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
    sig = data.get("signature") if isinstance(data, dict) else None
    sig = sig if isinstance(sig, str) else None
    if isinstance(data, dict) and isinstance(data.get("systems"), list):
        scores: dict[str, float] = {}
        for sys_ in data["systems"]:
            name = str(sys_["name"])
            if name in scores:
                raise LambreError(f"system {name!r} appears twice in the report", path)
            scores[name] = float(sys_["score"])
        return sig, scores
    if isinstance(data, dict) and isinstance(data.get("score"), int | float):
        return sig, {Path(path).stem: float(data["score"])}
    raise LambreError("not a score report (no 'score' or 'systems')", path)


def _match(name: str, metric: dict[str, float]) -> float | None:
    if name in metric:
        return metric[name]
    hits = [v for k, v in metric.items() if Path(k).stem == name or Path(name).stem == k]
    return hits[0] if len(hits) == 1 else None


def _pairs(human: dict[str, float], metric: dict[str, float],
           where: str) -> list[tuple[str, float, float]]:
    pairs: list[tuple[str, float, float]] = []
    missing = []
    for name, h in human.items():
        m = _match(name, metric)
        if m is None:
            missing.append(name)
        else:
            pairs.append((name, m, h))
    if missing:
        raise LambreError(f"no L'AMBRE score for system(s): {', '.join(missing)} (report systems: "
                          f"{', '.join(sorted(metric))})", where)
    return pairs


def run(args: argparse.Namespace) -> int:
    check_output(args.output, [args.scores, *args.reports], args.force)
    table = read_scores(args.scores, args.human_column)
    sources: list[tuple[str, str | None, dict[str, float]]] = []  # (name, signature, scores)
    if args.reports:
        for r in args.reports:
            sig, scores = _report_scores(r)
            sources.append((r, sig, scores))
    elif table.metric:
        sources.append((args.scores, None, dict(table.metric)))
    if not sources:
        raise LambreError("no L'AMBRE scores: give score reports, or a 'lambre' column", args.scores)
    sigs = {sig for _, sig, _ in sources}
    if len(sigs) > 1 and not args.allow_mixed:
        listed = "; ".join(f"{name}: {sig or 'none'}" for name, sig, _ in sources)
        raise LambreError("the reports' signatures differ (other rules, mode, parser, weights or "
                          f"disabled rules): {listed}; pass --allow-mixed to correlate each anyway")
    rows = []
    for name, sig, metric in sources:
        pairs = _pairs(table.human, metric, name)
        c = correlate([m for _, m, _ in pairs], [h for _, _, h in pairs])
        rows.append((name, sig, pairs, c))
    if args.format == "json":
        out = json.dumps({"reports": [
            {"report": name, "signature": sig, "n": c.n, "pearson": c.pearson,
             "pearson_p": c.pearson_p, "spearman": c.spearman, "spearman_p": c.spearman_p,
             "systems": [{"system": n, "lambre": m, "human": h} for n, m, h in pairs]}
            for name, sig, pairs, c in rows]}, indent=2) + "\n"
    elif len(rows) == 1:
        _, sig, pairs, c = rows[0]
        w = max(len(n) for n, _, _ in pairs)
        lines = [f"{'system':{w}}  L'AMBRE     human"]
        lines += [f"{n:{w}}  {m:.4f}  {h:8.4f}" for n, m, h in pairs]
        lines += ["", f"Pearson r    = {c.pearson:+.3f} (p = {c.pearson_p:.3g}, n = {c.n})",
                  f"Spearman rho = {c.spearman:+.3f} (p = {c.spearman_p:.3g}, n = {c.n})"]
        if sig:
            lines.append(sig)
        out = "\n".join(lines) + "\n"
    else:
        w = max(len(name) for name, *_ in rows)
        lines = [f"{'report':{w}}   n  Pearson r  Spearman rho  signature"]
        lines += [f"{name:{w}}  {c.n:2d}  {c.pearson:+9.3f}  {c.spearman:+12.3f}  {sig or ''}"
                  for name, sig, _, c in rows]
        out = "\n".join(lines) + "\n"
    emit(out, args.output)
    sys.stdout.flush()
    return 0
