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

from ..correlate import SAMPLES, correlate, match_system, outliers, read_scores
from ..errors import LambreError
from ..limits import check_json
from . import add_force_argument, check_output, emit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("correlate", help="Pearson/Spearman of system scores with human judgements")
    p.add_argument("reports", nargs="*", metavar="REPORT.json",
                   help="score --format json reports (default: the TSV's 'lambre' column)")
    p.add_argument("--scores", required=True, metavar="TSV",
                   help="human judgements: a TSV with the columns system and human")
    p.add_argument("--human-column", default="human",
                   help="the TSV's human score column (WMT's tables: z)")
    p.add_argument("--pair", help="the language pair whose rows to read, when the TSV has a "
                                  "'pair' column (WMT's tables: en-de, en-cs, ...)")
    p.add_argument("--rename", action="append", default=[], metavar="HUMAN=REPORT",
                   help="a system the human file names otherwise (Human-refA=ref.A); repeatable")
    p.add_argument("--skip-missing", action="store_true",
                   help="leave out systems of the human file that no report scores (named on "
                        "stderr) instead of failing")
    p.add_argument("--remove-outliers", action="store_true",
                   help="leave out systems whose human score is an outlier (more than 2.5 scaled "
                        "MADs from the median; Mathur et al. 2020), named in the output")
    p.add_argument("--bootstrap", type=int, default=SAMPLES, metavar="N",
                   help=f"bootstrap samples over systems for 95 %% intervals (default {SAMPLES}; "
                        "0: none)")
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


def _pairs(human: dict[str, float], metric: dict[str, float], where: str,
           skip_missing: bool = False) -> list[tuple[str, float, float]]:
    pairs: list[tuple[str, float, float]] = []
    missing = []
    for name, h in human.items():
        m = match_system(name, metric)
        if m is None:
            missing.append(name)
        else:
            pairs.append((name, m, h))
    if missing and skip_missing:
        print(f"lambre-core: note: {where}: no L'AMBRE score for {', '.join(missing)}; left out",
              file=sys.stderr)
    elif missing:
        raise LambreError(f"no L'AMBRE score for system(s): {', '.join(missing)} (report systems: "
                          f"{', '.join(sorted(metric))})", where)
    return pairs


def _ci(ci: tuple[float, float] | None) -> str:
    return f"[{ci[0]:+.3f}, {ci[1]:+.3f}] " if ci is not None else ""


def run(args: argparse.Namespace) -> int:
    check_output(args.output, [args.scores, *args.reports], args.force)
    table = read_scores(args.scores, args.human_column, pair=args.pair)
    human = dict(table.human)
    for spec in args.rename:
        old, sep, new = spec.partition("=")
        if not sep or old not in human:
            raise LambreError(f"--rename {spec!r}: expected HUMAN=REPORT with a system of the "
                              "human file", args.scores)
        human[new] = human.pop(old)
    removed = outliers(human) if args.remove_outliers else []
    for name in removed:
        del human[name]
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
        raise LambreError("the reports' signatures differ (other rules, mode, parser, weights, "
                          "disabled rules, average or segmentation): "
                          f"{listed}; pass --allow-mixed to correlate each anyway")
    rows = []
    for name, sig, metric in sources:
        pairs = _pairs(human, metric, name, args.skip_missing)
        c = correlate([m for _, m, _ in pairs], [h for _, _, h in pairs], args.bootstrap)
        rows.append((name, sig, pairs, c))
    if args.format == "json":
        out = json.dumps({"outliers_removed": removed, "bootstrap": args.bootstrap, "reports": [
            {"report": name, "signature": sig, "n": c.n, "pearson": c.pearson,
             "pearson_p": c.pearson_p, "pearson_ci": c.pearson_ci, "spearman": c.spearman,
             "spearman_p": c.spearman_p, "spearman_ci": c.spearman_ci, "kendall": c.kendall,
             "kendall_p": c.kendall_p, "kendall_ci": c.kendall_ci,
             "systems": [{"system": n, "lambre": m, "human": h} for n, m, h in pairs]}
            for name, sig, pairs, c in rows]}, indent=2) + "\n"
    elif len(rows) == 1:
        _, sig, pairs, c = rows[0]
        w = max(len(n) for n, _, _ in pairs)
        lines = [f"{'system':{w}}  L'AMBRE     human"]
        lines += [f"{n:{w}}  {m:.4f}  {h:8.4f}" for n, m, h in pairs]
        lines += ["", f"Pearson r    = {c.pearson:+.3f} {_ci(c.pearson_ci)}(p = {c.pearson_p:.3g}, "
                      f"n = {c.n})",
                  f"Spearman rho = {c.spearman:+.3f} {_ci(c.spearman_ci)}(p = {c.spearman_p:.3g}, "
                  f"n = {c.n})",
                  f"Kendall tau  = {c.kendall:+.3f} {_ci(c.kendall_ci)}(p = {c.kendall_p:.3g}, "
                  f"n = {c.n})"]
        if removed:
            lines.append(f"outliers left out (human score): {', '.join(removed)}")
        if sig:
            lines.append(sig)
        out = "\n".join(lines) + "\n"
    else:
        w = max(len(name) for name, *_ in rows)
        lines = [f"{'report':{w}}   n  Pearson r {'':17s} Spearman rho  Kendall tau  signature"]
        lines += [f"{name:{w}}  {c.n:2d}  {c.pearson:+9.3f} {_ci(c.pearson_ci):17s} "
                  f"{c.spearman:+12.3f}  {c.kendall:+11.3f}  {sig or ''}"
                  for name, sig, _, c in rows]
        if removed:
            lines.append(f"outliers left out (human score): {', '.join(removed)}")
        out = "\n".join(lines) + "\n"
    emit(out, args.output)
    sys.stdout.flush()
    return 0
