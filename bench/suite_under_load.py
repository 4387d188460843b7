"""The test suite beside a CPU hog: does it pass, and how long does it take, at a load of 8+?

Starts ``--hogs`` busy-loop processes (default: enough to keep the load average at ``--load``
with the suite's own workers), then runs the README's test command ``--runs`` times in a row,
and prints for each run its exit status, wall time and the load average seen while it ran
(sampled from ``/proc/loadavg`` every 5 s: minimum, median, maximum of the 1-minute figure).

    python bench/suite_under_load.py [--runs 3] [--load 8] [--hogs N] [-- pytest args]

Without pytest arguments the README's command is run: ``python -m pytest -q -n 2``. Linux only
(``/proc/loadavg``). The hogs are stopped however the runs end.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the README's test command
SUITE = [sys.executable, "-m", "pytest", "-q", "-n", "2"]


def _spin() -> None:
    """Burn one CPU until killed."""
    x = 0
    while True:
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF


def _load() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--load", type=float, default=8.0, help="load average to keep (default 8)")
    ap.add_argument("--hogs", type=int, default=None,
                    help="busy loops (default: --load minus the suite's 2 workers)")
    ap.add_argument("pytest_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    hogs = args.hogs if args.hogs is not None else max(1, round(args.load) - 2)
    extra = [a for a in args.pytest_args if a != "--"]
    cmd = [sys.executable, "-m", "pytest", *extra] if extra else SUITE
    procs = [mp.Process(target=_spin, daemon=True) for _ in range(hogs)]
    for p in procs:
        p.start()
    print(f"{hogs} busy loops on {os.cpu_count()} CPUs; command: {' '.join(cmd[1:])}", flush=True)
    failed = 0
    try:
        time.sleep(30)  # let the load average climb before the first run
        for i in range(1, args.runs + 1):
            samples: list[float] = []
            done = threading.Event()

            def sample(into: list[float] = samples, stop: threading.Event = done) -> None:
                while not stop.wait(5):
                    into.append(_load())

            t = threading.Thread(target=sample, daemon=True)
            t.start()
            t0 = time.monotonic()
            res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
            wall = time.monotonic() - t0
            done.set()
            t.join()
            tail = (res.stdout.strip().splitlines() or [""])[-1]
            lo, med, hi = (min(samples), statistics.median(samples), max(samples)) \
                if samples else (0.0, 0.0, 0.0)
            print(f"run {i}: exit {res.returncode}, {wall / 60:.1f} min, load average "
                  f"{lo:.1f} / {med:.1f} / {hi:.1f} (min / median / max): {tail}", flush=True)
            if res.returncode != 0:
                failed += 1
                print(res.stdout[-4000:], flush=True)
    finally:
        for p in procs:
            p.kill()
    print(f"{args.runs - failed} of {args.runs} runs passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
