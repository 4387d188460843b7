"""Rule-check throughput: sentences/s of SUD conversion + checking + scoring over every shared
treebank, with each language's shipped rules (parsing excluded: gold trees).

    python bench/check_throughput.py [--repeat 3] [--cpu-time]

``--cpu-time`` measures this process's CPU time instead of wall time: on a machine other
processes share, it is the steadier figure (sentences per CPU-second of one core). To compare
two checkouts, run this script with ``PYTHONPATH`` pointing at each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from lambre_core.check import check_sentences
from lambre_core.conllu_io import read_conllu
from lambre_core.rules import available_languages, default_rules
from lambre_core.score import score_corpus

SHARED = Path(__file__).resolve().parents[2] / "shared"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3, help="timed runs; the best is reported")
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--cpu-time", action="store_true", help="CPU time of this process, not wall time")
    args = ap.parse_args()
    clock = time.process_time if args.cpu_time else time.perf_counter
    ud = args.shared / "treebanks" / "ud"
    if not ud.is_dir():
        print(f"no treebanks at {ud}", file=sys.stderr)
        return 2
    total_sents = 0
    total_best = 0.0
    import lambre_core

    print(f"lambre_core from {Path(lambre_core.__file__).parent}; "
          f"{'CPU' if args.cpu_time else 'wall'} time, best of {args.repeat}")
    print(f"{'lang':4s} {'sentences':>9s} {'instances':>9s} {'best s':>8s} {'sent/s':>9s} {'score':>7s}")
    for lang in available_languages():
        files = sorted((ud / lang).glob("*.conllu"))
        if not files:
            continue
        sentences = [s for f in files for s in read_conllu(f)]
        rules = default_rules(lang)
        best = float("inf")
        for _ in range(args.repeat):
            t0 = clock()
            report = score_corpus(check_sentences(sentences, rules))
            best = min(best, clock() - t0)
        n_inst = sum(t.total for t in report.rules.values())
        print(f"{lang:4s} {len(sentences):9d} {n_inst:9d} {best:8.3f} {len(sentences) / best:9.0f} "
              f"{report.score:7.4f}")
        total_sents += len(sentences)
        total_best += best
    print(f"all  {total_sents:9d} {'':9s} {total_best:8.3f} {total_sents / total_best:9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
