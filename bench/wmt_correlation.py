"""The paper's Table 3 protocol on WMT23: system-level correlation of L'AMBRE with the official
human scores (DA+SQM z), per language and checking mode, and where the human reference ranks.

    python bench/wmt_correlation.py                        # German and Czech, both modes
    python bench/wmt_correlation.py --langs cs --modes precise --limit 300 --jobs 2

Data: ``../shared/wmt23/en-<lang>/`` (one text file per system, one segment per line; the
reference is ``ref.A.txt``) and ``../shared/wmt23/human-scores.tsv`` (the reference is
``Human-refA`` there). Every system is scored with ``lambre-core score`` (sentences split
inside each line with ``--ssplit --line-segments``: German segments are paragraphs, and a
title line without a full stop is no part of the next line's sentence), then ``lambre-core
correlate`` gives Pearson, Spearman and Kendall with 95 % bootstrap intervals over systems, once with every
system and once with outliers removed (Mathur et al., 2020). Systems the human table does not
name are left out (the WMT README says which and why). Everything runs through the public
commands, so each number here can be had by hand; the parse cache makes a rerun fast.

For the reference, the script also prints what may explain its rank: mean sentences per
segment, words per sentence, the share of sentences with a violation and the share of skipped
(broken) parses, beside the systems' medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WMT = REPO.parent / "shared" / "wmt23"
#: the paper's Table 3 (WMT19, Pearson r with human scores) for the languages we score
PAPER = {"de": 0.16, "cs": 0.80, "ru": 0.57}


def lambre(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True,
                          text=True, cwd=REPO)


def score(lang: str, mode: str, files: list[Path], out: Path, limit: int | None,
          jobs: int) -> dict:  # type: ignore[type-arg]
    args = ["score", "--lang", lang, "--mode", mode, "--ssplit", "--line-segments",
            "--format", "json",
            "--per-sentence", "--bootstrap", "0", "--jobs", str(jobs), "--force", "-o", str(out),
            *map(str, files)]
    if limit:
        args += ["--limit", str(limit)]
    res = lambre(*args)
    if res.returncode != 0:
        sys.exit(f"score failed ({lang}, {mode}): {res.stderr.strip()[-2000:]}")
    return json.loads(out.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def correlations(lang: str, report: Path, outliers: bool) -> dict | None:  # type: ignore[type-arg]
    args = ["correlate", "--scores", str(WMT / "human-scores.tsv"), "--human-column", "z",
            "--pair", f"en-{lang}", "--rename", "Human-refA=ref.A", "--skip-missing",
            "--format", "json", str(report)]
    if outliers:
        args.append("--remove-outliers")
    res = lambre(*args)
    if res.returncode != 0:  # e.g. every system scored the same on a small --limit
        print(f"  correlate: {res.stderr.strip().splitlines()[-1]}")
        return None
    return json.loads(res.stdout)  # type: ignore[no-any-return]


def profile(system: dict) -> tuple[float, float, float, float]:  # type: ignore[type-arg]
    """(sentences, words per sentence, share with a violation, share skipped) of a system."""
    sents = system["sentences"]
    scored = [s for s in sents if s["score"] is not None]
    words = [len(s["text"].split()) for s in sents]
    return (len(sents), statistics.mean(words) if words else 0.0,
            sum(1 for s in scored if s["violations"]) / max(len(scored), 1),
            (len(sents) - len(scored)) / max(len(sents), 1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--langs", default="de,cs", help="languages with human scores (de, cs)")
    ap.add_argument("--modes", default="precise,paper")
    ap.add_argument("--limit", type=int, default=None, help="first N segments of each system")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    if not (WMT / "human-scores.tsv").is_file():
        print(f"skipped: no WMT23 data at {WMT}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        for lang in a.langs.split(","):
            files = sorted(p for p in (WMT / f"en-{lang}").glob("*.txt") if p.name != "src.en.txt")
            for mode in a.modes.split(","):
                out = Path(tmp) / f"{lang}-{mode}.json"
                rep = score(lang, mode, files, out, a.limit, a.jobs)
                print(f"\n{lang} ({mode}, {len(files)} systems incl. the reference"
                      + (f", first {a.limit} segments each" if a.limit else "") + f"): "
                      f"{rep['signature']}")
                for outliers in (False, True):
                    c = correlations(lang, out, outliers)
                    if c is None:
                        continue
                    (r,) = c["reports"]
                    ci = r["pearson_ci"] or [float("nan")] * 2
                    print(f"  {'outliers out' if outliers else 'all systems ':12s}  n={r['n']:2d}  "
                          f"r={r['pearson']:+.3f} [{ci[0]:+.3f}, {ci[1]:+.3f}]  "
                          f"rho={r['spearman']:+.3f}  tau={r['kendall']:+.3f}"
                          + (f"  removed: {', '.join(c['outliers_removed'])}"
                             if c["outliers_removed"] else "")
                          + f"   (paper, WMT19: r={PAPER.get(lang, float('nan')):+.2f})")
                systems = sorted(rep["systems"], key=lambda s: -s["score"])
                names = [s["name"] for s in systems]
                ref = next(s for s in systems if s["name"].startswith("ref."))
                print(f"  reference rank by L'AMBRE: {names.index(ref['name']) + 1} of "
                      f"{len(names)} (score {ref['score']:.4f}; best {systems[0]['score']:.4f}, "
                      f"worst {systems[-1]['score']:.4f})")
                others = [profile(s) for s in systems if s is not ref]
                med = [statistics.median(x[k] for x in others) for k in range(4)]
                mine = profile(ref)
                print(f"  reference vs median system: sentences {mine[0]:.0f} vs {med[0]:.0f}, "
                      f"words/sentence {mine[1]:.1f} vs {med[1]:.1f}, sentences with a violation "
                      f"{mine[2]:.1%} vs {med[2]:.1%}, skipped {mine[3]:.1%} vs {med[3]:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
