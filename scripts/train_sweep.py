"""Train tagger and parser variants side by side against a deadline; keep each language's best.

Made for a lent GPU (one card runs many small Stanza trainers at once; a machine is held for
minutes, so runs are bounded by wall-clock time, not a step count) and runnable on CPU the same
way. Input: the data ``lambre-core train`` prepares in its work folder (``data/pos-train.conllu``,
``pos-dev``, ``depparse-train``, ``depparse-dev``: noised copy included, lemma = form for the
parser), one folder per language under ``--data``.

Each run is one Stanza trainer (``lambre_core.train.tagger_parser_args``, the recipe
``lambre-core train`` uses, at a size from ``VARIANTS``) with a large step budget. Stanza saves
the model at every dev improvement and stops early when the dev score stalls, so the deadline
only cuts further steps. Per language and component the variant with the best dev score (tagger:
AllTags; parser: LAS) is stored in fp16 under ``OUT/<lang>/``; ``OUT/sweep.json`` records every
run's dev curve, steps and seconds (the model cards quote it).

    python scripts/train_sweep.py --data DIR --out OUT --work WORK --device cuda \\
        --deadline 450 --run de:tiny --run de:compact --run ru:compact-c3 ...
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lambre_core.train import COMPONENTS, half_precision, tagger_parser_args  # noqa: E402

#: variant -> (lambre_core.train size, extra trainer options)
VARIANTS: dict[str, tuple[str, list[str]]] = {
    "tiny": ("tiny", []),
    "compact": ("compact", []),
    # a word needs 3 training occurrences for an embedding of its own (every sentence is there
    # twice, clean and noised: so words of one sentence only are read by their characters and
    # the unknown-word vector): a smaller vocabulary, and rare words generalize
    "compact-c3": ("compact", ["--word_cutoff", "3"]),
}
STEP_LINE = re.compile(r"step (\d+): train_loss = [-\d.eE+na]+, dev_score = ([\d.]+)")


@dataclass
class Run:
    """One trainer: a language, a component, a variant, and what it reached."""

    lang: str
    comp: str
    variant: str
    curve: list[tuple[int, float]] = field(default_factory=list)
    seconds: float = 0.0
    stopped: str = ""  # "finished" (early stop or budget) or "deadline"

    @property
    def name(self) -> str:
        return f"{self.lang}-{self.comp}-{self.variant}"

    @property
    def best(self) -> float:
        return max((s for _, s in self.curve), default=-1.0)


def launch(run: Run, data: Path, work: Path, device: str, steps: int,
           threads: int = 1) -> subprocess.Popen[bytes]:
    """Start one Stanza trainer with ``threads`` CPU threads; its log goes to ``work/<run>.log``."""
    size, extra = VARIANTS[run.variant]
    d = data / run.lang
    save = work / run.name
    save.mkdir(parents=True, exist_ok=True)
    args = tagger_parser_args(run.comp, size, train=d / f"{run.comp}-train.conllu",
                              dev=d / f"{run.comp}-dev.conllu", pred=save / "dev.pred.conllu",
                              steps=steps, checkpoint_interval=1000)
    args += [*extra, "--lang", run.lang, "--shorthand", f"{run.lang}_lambre",
             "--save_dir", str(save), "--save_name", COMPONENTS[run.comp][1],
             "--device", device, "--seed", "1234"]
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), MKL_NUM_THREADS=str(threads))
    log = open(work / f"{run.name}.log", "wb")  # noqa: SIM115 - closed with the process
    return subprocess.Popen([sys.executable, "-m", COMPONENTS[run.comp][0], *args],
                            stdout=log, stderr=subprocess.STDOUT, env=env)


def read_curve(log: Path) -> list[tuple[int, float]]:
    """(step, dev score) at every evaluation the trainer logged."""
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    return [(int(m.group(1)), float(m.group(2))) for m in STEP_LINE.finditer(text)]


def card_section(report: dict[str, Any], lang: str, command: str) -> str:
    """The model card's account of one language's runs: what ran, how far, what was kept."""
    runs = [r for r in report["runs"] if r["lang"] == lang]
    lines = [f"Tagger (`pos.pt`) and parser (`depparse.pt`) from `scripts/train_sweep.py` on "
             f"{report['device']}, every run bounded by {report['deadline_s']:.0f} s of wall "
             "clock (all runs of all languages side by side on one card), each keeping its best "
             "dev score (tagger: AllTags F1, parser: LAS):", "", "```", command, "```", "",
             "| component | variant | best dev | at step | steps run | rising at the end | kept |",
             "|---|---|---|---|---|---|---|"]
    for r in runs:
        curve = r["curve"]
        at = max(curve, key=lambda c: c[1])[0] if curve else 0
        rising = "yes" if curve and at >= curve[-1][0] - 200 else "no"
        kept = "yes" if report["chosen"].get(f"{lang}-{r['comp']}") == r["variant"] else ""
        lines.append(f"| {r['comp']} | {r['variant']} | {100 * r['best']:.2f} | {at} | "
                     f"{r['steps']} | {rising} | {kept} |")
    lines += ["", "Variants: " + "; ".join(f"`{k}` = size `{v[0]}`" + (f" with `{' '.join(v[1])}`"
                                                                   if v[1] else "")
                                          for k, v in VARIANTS.items()) + " (sizes in "
              "`lambre_core/train.py`). A run still rising at the end was stopped by the "
              "deadline, not by its dev score: more steps would help."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--run", action="append", required=True, help="LANG:VARIANT (pos and depparse)")
    ap.add_argument("--components", default="pos,depparse")
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--deadline", type=float, default=450.0, help="seconds for every run")
    ap.add_argument("--steps", type=int, default=50000, help="step budget (rarely reached)")
    ap.add_argument("--threads", type=int, default=1,
                    help="CPU threads per run (runs side by side share the machine's cores)")
    a = ap.parse_args(argv)
    a.work.mkdir(parents=True, exist_ok=True)
    runs = []
    for spec in a.run:
        lang, variant = spec.split(":")
        if variant not in VARIANTS:
            ap.error(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
        runs += [Run(lang, comp, variant) for comp in a.components.split(",")]
    start = time.monotonic()
    procs = {r.name: launch(r, a.data, a.work, a.device, a.steps, a.threads) for r in runs}
    live = dict(procs)
    while live and time.monotonic() - start < a.deadline:
        time.sleep(2)
        for name, p in list(live.items()):
            if p.poll() is not None:
                next(r for r in runs if r.name == name).seconds = time.monotonic() - start
                del live[name]
    for p in live.values():
        p.terminate()  # the best model is already on disk
    for name, p in live.items():
        p.wait()
        next(r for r in runs if r.name == name).seconds = time.monotonic() - start
    for r in runs:
        r.curve = read_curve(a.work / f"{r.name}.log")
        r.stopped = "deadline" if r.name in live else "finished"
        if procs[r.name].returncode not in (0, None) and r.name not in live:
            r.stopped = f"failed ({procs[r.name].returncode})"
    chosen: dict[str, str] = {}
    for lang in dict.fromkeys(r.lang for r in runs):
        for comp in a.components.split(","):
            cands = [r for r in runs if r.lang == lang and r.comp == comp
                     and (a.work / r.name / COMPONENTS[comp][1]).exists()]
            if not cands:
                print(f"{lang} {comp}: no model", file=sys.stderr)
                continue
            best = max(cands, key=lambda r: r.best)
            half_precision(a.work / best.name / COMPONENTS[comp][1],
                           a.out / lang / COMPONENTS[comp][1])
            chosen[f"{lang}-{comp}"] = best.variant
    report = {"device": a.device, "deadline_s": a.deadline, "chosen": chosen,
              "runs": [asdict(r) | {"best": r.best, "steps": r.curve[-1][0] if r.curve else 0}
                       for r in runs]}
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "sweep.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    for r in runs:
        steps = r.curve[-1][0] if r.curve else 0
        print(f"{r.name:28s} best {r.best:.4f} steps {steps:6d} {r.seconds:6.0f} s {r.stopped}")
    print("chosen:", chosen)
    return 0 if len(chosen) == len({(r.lang, r.comp) for r in runs}) else 1


if __name__ == "__main__":
    sys.exit(main())
