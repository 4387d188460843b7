"""Rule-check throughput: sentences/s of SUD conversion + checking + scoring over every shared
treebank, with each language's shipped rules (parsing excluded: gold trees).

    python bench/check_throughput.py [--repeat 3]
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
    args = ap.parse_args()
    ud = args.shared / "treebanks" / "ud"
    if not ud.is_dir():
        print(f"no treebanks at {ud}", file=sys.stderr)
        return 2
    total_sents = 0
    total_best = 0.0
    print(f"{'lang':4s} {'sentences':>9s} {'instances':>9s} {'best s':>8s} {'sent/s':>9s} {'score':>7s}")
    for lang in available_languages():
        files = sorted((ud / lang).glob("*.conllu"))
        if not files:
            continue
        sentences = [s for f in files for s in read_conllu(f)]
        rules = default_rules(lang)
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            report = score_corpus(check_sentences(sentences, rules))
            best = min(best, time.perf_counter() - t0)
        n_inst = sum(t.total for t in report.rules.values())
        print(f"{lang:4s} {len(sentences):9d} {n_inst:9d} {best:8.3f} {len(sentences) / best:9.0f} "
              f"{report.score:7.4f}")
        total_sents += len(sentences)
        total_best += best
    print(f"all  {total_sents:9d} {'':9s} {total_best:8.3f} {total_sents / total_best:9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
