"""How the corpus score should average over rules (``lambre-core score --average``), chosen
without human scores: the average that makes system scores most *reliable*, i.e. two halves of
the test set rank the systems alike (split-half correlation over systems, Spearman-Brown
corrected; with a dozen systems a rough figure), and resampling the test set moves each score
little beside how far apart the systems are (bootstrap reliability: 1 - the mean over systems of
their score's variance under resampled lines, over the variance of the systems' scores).

    python bench/score_average.py                      # WMT22 en-cs/de/ru, WMT23 en-ru
    python bench/score_average.py --sets wmt23:cs,wmt23:de --human   # with the human scores

The paper's macro-average counts every rule that occurs once, however often it occurs: a rule
seen once in a system's output weighs as much as one seen a thousand times, and one violation of
it moves the score a hundred times more. The candidates: the macro-average, the macro-average
with each rule's share smoothed by N satisfied instances (``(satisfied + N) / (total + N)``,
the rows 1 ... 1000), and the micro-average (the share of all instances that hold). The sets
used to choose have no human scores (WMT22, and WMT23's Russian); ``--human`` prints, for the
sets that have them, the correlation with the human z-scores, to see the choice from outside.

Every system of a set is parsed (through the parse cache) and checked once, in the precise mode,
with ``--ssplit --line-segments``; the averages are then taken of the same rule counts. The
halves are the even and the odd lines (segments), the same for every system.
"""

from __future__ import annotations

import argparse
import bisect
import csv
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.stats import pearsonr, spearmanr

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.commands import precision_for  # noqa: E402
from lambre_core.corpus import InputFile, ScoreSettings, score_files  # noqa: E402
from lambre_core.parse_cache import ParseCache  # noqa: E402
from lambre_core.rules import default_rules  # noqa: E402
from lambre_core.score import CorpusReport  # noqa: E402

SHARED = REPO.parent / "shared"
#: the averages compared: the macro-average smoothed by N satisfied instances (0: the paper's),
#: and the micro-average
PRIORS: tuple[float | str, ...] = (0, 1, 3, 10, 30, 100, 300, 1000, "micro")
#: bootstrap resamples of the lines, and their seed
DRAWS = 200
SEED = 12345


def _pearson_r(x: list[float], y: list[float]) -> float:
    return float(pearsonr(x, y).statistic)


def _lines_of(path: str, report: CorpusReport) -> list[int]:
    """The line (segment) each sentence of ``report`` starts on: halves are made of whole
    segments, the same ones for every system, however each system's text splits into
    sentences (split by the sentences' places, one flag would fall in one half for one system
    and in the other for the next)."""
    text = Path(path).read_text(encoding="utf-8")
    breaks = [i for i, ch in enumerate(text) if ch == "\n"]
    return [bisect.bisect_left(breaks, int(s.sentence.metadata.get("start_char", 0)))
            for s in report.sentences]


@dataclass
class _Tables:
    """Each system's satisfied and total instances per line (segment) and rule."""

    lines: int
    sat: list[np.ndarray]
    tot: list[np.ndarray]


def _tables(systems: list[tuple[str, CorpusReport, list[int]]]) -> _Tables:
    rules = sorted({rid for _, rep, _ in systems for rid in rep.rules})
    col = {rid: i for i, rid in enumerate(rules)}
    n = max(max(lines, default=0) for _, _, lines in systems) + 1
    sat, tot = [], []
    for _, rep, lines in systems:
        s, t = np.zeros((n, len(rules))), np.zeros((n, len(rules)))
        for sent, line in zip(rep.sentences, lines, strict=True):
            if sent.error is None:
                for rid, x in sent.tallies.items():
                    s[line, col[rid]] += x.satisfied
                    t[line, col[rid]] += x.satisfied + x.violated
        sat.append(s)
        tot.append(t)
    return _Tables(n, sat, tot)


def _scores(tables: _Tables, k: int, weights: np.ndarray, prior: float | str) -> np.ndarray:
    """System ``k``'s corpus score under each row of line ``weights`` (``score_of``'s
    definition, on the weighted counts; ``"micro"``: the share of all instances satisfied)."""
    sat, tot = weights @ tables.sat[k], weights @ tables.tot[k]
    if prior == "micro":
        t = tot.sum(axis=1)
        return np.divide(sat.sum(axis=1), t, out=np.ones(len(t)), where=t > 0)
    assert isinstance(prior, (int, float))
    has = tot > 0
    share = np.divide(sat + prior, tot + prior, out=np.ones_like(sat), where=has)
    n = has.sum(axis=1)
    return np.divide((share * has).sum(axis=1), n, out=np.ones(len(n)), where=n > 0)


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
    ap.add_argument("--limit", type=int, default=None,
                    help="first N lines of each file (default: all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--human", action="store_true", help="also correlate with WMT23 z-scores")
    a = ap.parse_args(argv)
    rows: dict[str, list[tuple[float, float]]] = {}
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
        tables = _tables(systems)
        draws = np.random.default_rng(SEED).integers(0, tables.lines, (DRAWS, tables.lines))
        weights = np.stack([np.bincount(d, minlength=tables.lines) for d in draws]).astype(float)
        parity = np.arange(tables.lines) % 2
        halves = np.stack([parity == 0, parity == 1]).astype(float)
        viol = [tables.tot[k] - tables.sat[k] for k in range(len(systems))]
        counts = [halves @ v.sum(axis=1) for v in viol]
        print(f"  split-half r of the violation counts: "
              f"{_pearson_r([c[0] for c in counts], [c[1] for c in counts]):+.3f}")
        print("  macro+N  split-half r  reliability  bootstrap reliability"
              + ("  r with human  rho" if human else ""))
        for prior in PRIORS:
            whole = {name: float(_scores(tables, k, np.ones((1, tables.lines)), prior)[0])
                     for k, (name, _, _) in enumerate(systems)}
            half = [_scores(tables, k, halves, prior) for k in range(len(systems))]
            r = _pearson_r([h[0] for h in half], [h[1] for h in half])
            rel = 2 * r / (1 + r) if r > -1 else float("nan")
            boot = np.stack([_scores(tables, k, weights, prior) for k in range(len(systems))])
            noise = float(boot.var(axis=1, ddof=1).mean())
            spread = statistics.variance(whole.values())
            brel = 1 - noise / spread if spread else float("nan")
            rows.setdefault(str(prior), []).append((rel, brel))
            out = f"  {prior!s:>7s}  {r:+12.3f}  {rel:+11.3f}  {brel:+21.3f}"
            if human:
                names = [n for n in whole if n in human]
                x, y = [whole[n] for n in names], [human[n] for n in names]
                out += f"  {_pearson_r(x, y):+12.3f}  {float(spearmanr(x, y).statistic):+.3f}"
            print(out)
    print("\nmean over the sets:     split-half   bootstrap reliability")
    for key, rels in rows.items():
        name = "micro" if key == "micro" else f"macro+{key}"
        print(f"  {name:>10s}  {statistics.fmean(r for r, _ in rels):+20.3f}"
              f"  {statistics.fmean(b for _, b in rels):+21.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
