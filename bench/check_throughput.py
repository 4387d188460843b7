"""Rule-check throughput: sentences/s of SUD conversion + checking + scoring over every shared
treebank, with each language's shipped rules (parsing excluded: gold trees).

    python bench/check_throughput.py [--repeat 3] [--mode paper|precise] [--jobs N] [--read]

Each language is timed ``--repeat`` times and the best run is kept. Two figures per run: wall
time, and CPU time (this process and its worker processes, user + system). On a machine other
processes share, CPU time is the steadier figure: sentences per CPU-second is what one core
does, wall time also counts waiting for a core. ``--jobs N`` checks in N processes (this one
and N - 1 forked workers, ``lambre_core.shard``); its CPU time is all of theirs together, so
with N free cores the wall time comes near CPU time / N. ``--read`` includes reading the
CoNLL-U files in the timing (what ``lambre-core score --conllu`` does). ``--cpu-time`` (older
option) ranks runs by CPU time instead of wall time. To compare two checkouts, run this script
with ``PYTHONPATH`` pointing at each (``--jobs`` needs a checkout that has ``lambre_core.shard``).

``--jobs N`` scores with ``shard.score_sharded``: workers (and this process) keep rule counts
only, and a report re-checks the few sentences it shows.

Measured on a 2-core machine at rest (load average about 1, best of 5 by wall time): paper
mode, one process, 12,749 sentences/s (1.58 s for the 20,109 sentences); ``--jobs 2`` 20,257
sentences/s wall (0.99 s, 1.76 CPU-seconds in all); with reading (``--read``, best of 3) 7,611
in one process and 10,203 with ``--jobs 2``. Precise mode (``--mode precise --repeat 1 --langs
de,ru``): 597 sentences/s in one process, 1,103 with ``--jobs 2``.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from lambre_core.check import check_sentences
from lambre_core.commands import precision_for
from lambre_core.conllu_io import read_conllu
from lambre_core.rules import available_languages, default_rules
from lambre_core.score import score_corpus

SHARED = Path(__file__).resolve().parents[2] / "shared"


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)  # workers, once they have exited
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="timed runs; the best is reported")
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--mode", choices=["paper", "precise"], default="paper")
    ap.add_argument("--jobs", type=int, default=1, help="checking processes (lambre_core.shard)")
    ap.add_argument("--read", action="store_true", help="include reading the CoNLL-U files")
    ap.add_argument("--langs", help="comma-separated languages (default: all with rules)")
    ap.add_argument("--cpu-time", action="store_true", help="keep the run with the least CPU time")
    args = ap.parse_args()
    ud = args.shared / "treebanks" / "ud"
    if not ud.is_dir():
        print(f"no treebanks at {ud}", file=sys.stderr)
        return 2
    def scored(sentences: Any, rules: Any, precision: Any = None) -> Any:
        return score_corpus(check_sentences(sentences, rules, precision=precision))

    if args.jobs > 1:
        try:  # workers send rule counts back; a check is redone only when a report shows it
            from lambre_core.shard import score_sharded

            def scored(sentences: Any, rules: Any, precision: Any = None) -> Any:
                return score_sharded(sentences, rules, precision=precision, jobs=args.jobs)
        except ImportError:  # an older checkout: workers send whole checks back
            from lambre_core.shard import check_sharded

            def scored(sentences: Any, rules: Any, precision: Any = None) -> Any:
                return score_corpus(check_sharded(sentences, rules, precision=precision,
                                                  jobs=args.jobs))

    import lambre_core

    langs = args.langs.split(",") if args.langs else available_languages()
    print(f"lambre_core from {Path(lambre_core.__file__).parent}; mode {args.mode}, "
          f"jobs {args.jobs}, {'reading included' if args.read else 'reading excluded'}; "
          f"best of {args.repeat} by {'CPU' if args.cpu_time else 'wall'} time; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"{'lang':4s} {'sentences':>9s} {'instances':>9s} {'wall s':>7s} {'sent/s':>7s} "
          f"{'CPU s':>7s} {'sent/CPU-s':>10s} {'score':>7s}")
    tot_n, tot_wall, tot_cpu = 0, 0.0, 0.0
    for lang in langs:
        files = sorted((ud / lang).glob("*.conllu"))
        if not files:
            continue
        loaded = [s for f in files for s in read_conllu(f)]
        rules = default_rules(lang)
        precision = precision_for(args.mode, lang)  # None in paper mode
        best: tuple[float, float] | None = None
        for _ in range(args.repeat):
            w0, c0 = time.perf_counter(), _cpu()
            sentences = [s for f in files for s in read_conllu(f)] if args.read else loaded
            report = scored(sentences, rules, precision=precision)
            run = (time.perf_counter() - w0, _cpu() - c0)
            rank = 1 if args.cpu_time else 0
            if best is None or run[rank] < best[rank]:
                best = run
        assert best is not None
        n_inst = sum(t.total for t in report.rules.values())
        n = len(loaded)
        print(f"{lang:4s} {n:9d} {n_inst:9d} {best[0]:7.3f} {n / best[0]:7.0f} {best[1]:7.3f} "
              f"{n / best[1]:10.0f} {report.score:7.4f}")
        tot_n, tot_wall, tot_cpu = tot_n + n, tot_wall + best[0], tot_cpu + best[1]
    print(f"all  {tot_n:9d} {'':9s} {tot_wall:7.3f} {tot_n / tot_wall:7.0f} {tot_cpu:7.3f} "
          f"{tot_n / tot_cpu:10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
