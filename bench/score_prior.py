"""How much prior the corpus score needs (``lambre-core score --prior``), chosen without human
scores: the prior that makes system scores most *reliable*, i.e. two halves of the same test set
rank the systems alike (split-half correlation over systems, Spearman-Brown corrected).

    python bench/score_prior.py                       # WMT22 en-cs/de/ru, WMT23 en-ru; 600 lines
    python bench/score_prior.py --sets wmt23:cs,wmt23:de --human   # with the human scores

Without a prior a rule seen once in a system's output weighs as much as one seen a thousand
times (the paper's macro-average), and one violation of it moves the score a hundred times more:
system scores then follow which rare rule happened to fire, not how well-formed the output is.
A prior of N adds N satisfied instances to every rule's share. The sets used to choose it here
have no human scores (WMT22, and WMT23's Russian); ``--human`` prints, for the sets that have
them, the correlation with the human z-scores at each prior, to see the choice from outside.

Every system of a set is parsed (through the parse cache) and checked once, in the precise mode;
the priors are then applied to the same rule counts. The halves are the even and the odd lines
(segments), the same for every system.
"""

from __future__ import annotations

import argparse
import bisect
import csv
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.commands import precision_for  # noqa: E402
from lambre_core.corpus import InputFile, ScoreSettings, score_files  # noqa: E402
from lambre_core.parse_cache import ParseCache  # noqa: E402
from lambre_core.rules import default_rules  # noqa: E402
from lambre_core.score import CorpusReport, RuleTally, score_of  # noqa: E402

SHARED = REPO.parent / "shared"
PRIORS = (0, 1, 3, 10, 30, 100, 300, 1000)


def _pearson(x: list[float], y: list[float]) -> float:
    mx, my = statistics.fmean(x), statistics.fmean(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sx = sum((a - mx) ** 2 for a in x) ** 0.5
    sy = sum((b - my) ** 2 for b in y) ** 0.5
    return sxy / (sx * sy) if sx and sy else float("nan")


def _totals(tallies: list[dict[str, RuleTally]]) -> dict[str, RuleTally]:
    out: dict[str, RuleTally] = {}
    for t in tallies:
        for rid, x in t.items():
            agg = out.setdefault(rid, RuleTally())
            agg.satisfied += x.satisfied
            agg.violated += x.violated
    return out


def _lines_of(path: str, report: CorpusReport) -> list[int]:
    """The line (segment) each sentence of ``report`` starts on: halves are made of whole
    segments, the same ones for every system, however each system's text splits into
    sentences (split by the sentences' places, one flag would fall in one half for one system
    and in the other for the next)."""
    text = Path(path).read_text(encoding="utf-8")
    breaks = [i for i, ch in enumerate(text) if ch == "\n"]
    return [bisect.bisect_left(breaks, int(s.sentence.metadata.get("start_char", 0)))
            for s in report.sentences]


def _human(pair: str) -> dict[str, float]:
    path = SHARED / "wmt23" / "human-scores.tsv"
    out: dict[str, float] = {}
    if path.is_file():
        for row in csv.reader(path.open(encoding="utf-8"), delimiter="\t"):
            if row and row[0] == pair:
                try:
                    out["ref.A" if row[1] == "Human-refA" else row[1]] = float(row[2])
                except ValueError:
                    pass  # the header
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="wmt22:cs,wmt22:de,wmt22:ru,wmt23:ru",
                    help="YEAR:LANG pairs from ../shared/wmtYY/en-LANG/")
    ap.add_argument("--limit", type=int, default=600, help="first N lines of each file")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--human", action="store_true", help="also correlate with WMT23 z-scores")
    a = ap.parse_args(argv)
    rows: dict[str, list[float]] = {}
    for spec in a.sets.split(","):
        year, lang = spec.split(":")
        folder = SHARED / year / f"en-{lang}"
        if not folder.is_dir():
            print(f"skipped {spec}: no {folder}")
            continue
        files = sorted(p for p in folder.glob("*.txt") if p.name != "src.en.txt")
        settings = ScoreSettings(lang=lang, ruleset=default_rules(lang),
                                 precision=precision_for("precise", lang), ssplit=True,
                                 line_segments=True,
                                 jobs=a.jobs, cache=ParseCache(None), progress=False,
                                 limit=a.limit)
        results = score_files([InputFile(str(f), False, f.stem) for f in files], settings,
                              lambda p: Path(p).read_text(encoding="utf-8"))
        systems = [(r.input.name, r.report, _lines_of(r.input.path, r.report))
                   for r in results if r.report is not None]
        human = _human(f"en-{lang}") if a.human and year == "wmt23" else {}
        print(f"\n{year} en-{lang}: {len(systems)} systems, "
              f"{statistics.median(len(rep.sentences) for _, rep, _ in systems):.0f} sentences each"
              + (f", {sum(1 for n, _, _ in systems if n in human)} with human scores"
                 if human else ""))
        print("  prior  split-half r  reliability" + ("  r with human  rho" if human else ""))
        for prior in PRIORS:
            halves = [[], []]  # type: list[list[float]]
            whole: dict[str, float] = {}
            for name, rep, lines in systems:
                for k in (0, 1):
                    half = [s.tallies for s, line in zip(rep.sentences, lines, strict=True)
                            if s.error is None and line % 2 == k]
                    halves[k].append(score_of(_totals(half), None, prior))
                whole[name] = score_of(rep.rules, None, prior)
            r = _pearson(*halves)
            rel = 2 * r / (1 + r) if r > -1 else float("nan")
            rows.setdefault(str(prior), []).append(rel)
            out = f"  {prior:5g}  {r:+12.3f}  {rel:+11.3f}"
            if human:
                names = [n for n in whole if n in human]
                x, y = [whole[n] for n in names], [human[n] for n in names]
                from scipy.stats import spearmanr

                out += f"  {_pearson(x, y):+12.3f}  {float(spearmanr(x, y).statistic):+.3f}"
            print(out)
    print("\nmean reliability over the sets:")
    for key, rels in rows.items():
        print(f"  prior {key:>5s}: {statistics.fmean(rels):+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
