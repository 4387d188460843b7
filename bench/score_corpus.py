"""Corpus-scale scoring on this machine: text parsing speed with 1 and 2 worker processes (and on
the GPU when torch sees one), each worker's peak memory, cold and cached (re-)score time, and
rule checking alone in paper and precise mode.

    python bench/score_corpus.py [--lang de] [--n 400] [--jobs 1,2] [--check-n 300]

Input: the first N sentences of the language's PUD test file in ../shared (as plain text, one
per line), falling back to a built-in sample. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lambre_core.check import check_sentences  # noqa: E402
from lambre_core.commands import precision_for  # noqa: E402
from lambre_core.commands.score import read_text  # noqa: E402
from lambre_core.conllu_io import read_conllu  # noqa: E402
from lambre_core.corpus import ScoreSettings, input_files, score_files  # noqa: E402
from lambre_core.parse_cache import ParseCache, batches  # noqa: E402
from lambre_core.parse_pool import ParserSpec, ProcessBackend, open_backend  # noqa: E402
from lambre_core.rules import default_rules  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared"
FALLBACK = ["Der Hund läuft schnell über die Straße.", "Ich habe gestern zwei Bücher gekauft.",
            "Die Kinder spielen zum ersten Mal im Garten."]


def _texts(lang: str, n: int) -> list[str]:
    files = sorted((SHARED / "treebanks" / "ud" / lang).glob("*pud*.conllu"))
    if files:
        return [s.text for s in read_conllu(files[0])][:n]
    return (FALLBACK * (n // len(FALLBACK) + 1))[:n]


def _worker_rss_mb(_: int = 0) -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def parse_speed(lang: str, texts: list[str], jobs: int, device: str, threads: int | None = None) -> None:
    spec = ParserSpec(lang, None, device, threads)
    t0 = time.perf_counter()
    backend = open_backend(spec, jobs)
    load_s = time.perf_counter() - t0
    try:
        # warm-up: one small batch per worker
        list(backend.map_parse([texts[:8]] * backend.workers))
        t0 = time.perf_counter()
        n = sum(len(b) for b in backend.map_parse(list(batches(texts, 64))))
        secs = time.perf_counter() - t0
        if isinstance(backend, ProcessBackend):
            rss = [f"{r:.0f}" for r in backend._pool.map(_worker_rss_mb, range(jobs))]
        else:
            rss = [f"{_worker_rss_mb():.0f}"]
    finally:
        backend.close()
    t = f"x{threads or (os.cpu_count() or 1) // jobs} threads"
    print(f"parse  device {device:4s} jobs {jobs} {t}: {n} sentences in {secs:6.2f} s = "
          f"{n / secs:6.1f} sentences/s (start {load_s:.1f} s; peak RSS per worker MB: "
          f"{', '.join(rss)})")


def rescore(lang: str, texts: list[str], jobs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "system.txt"
        f.write_text("\n".join(texts) + "\n", encoding="utf-8")
        cache = ParseCache(Path(tmp) / "cache")
        ruleset = default_rules(lang)
        for mode in ("paper", "precise"):
            settings = ScoreSettings(lang=lang, ruleset=ruleset, cache=cache, jobs=jobs,
                                     device="cpu", progress=False,
                                     precision=precision_for(mode, lang))
            for run in ("cold", "cached"):
                if run == "cold" and mode == "precise":
                    continue  # the parse is cached by now
                t0 = time.perf_counter()
                (res,) = score_files(input_files([str(f)], []), settings, read_text)
                secs = time.perf_counter() - t0
                assert res.report is not None
                print(f"score  {run:6s} mode {mode:7s} jobs {jobs}: {len(texts)} sentences in "
                      f"{secs:6.2f} s (L'AMBRE {res.report.score:.4f})")


def check_speed(lang: str, n: int) -> None:
    files = sorted((SHARED / "treebanks" / "ud" / lang).glob("*.conllu"))
    if not files:
        return
    sents = read_conllu(files[0])[:n]
    ruleset = default_rules(lang)
    for mode in ("paper", "precise"):
        precision = precision_for(mode, lang)
        check_sentences(sents[:20], ruleset, precision=precision)  # lexicons loaded
        t0 = time.perf_counter()
        check_sentences(sents, ruleset, precision=precision)
        secs = time.perf_counter() - t0
        print(f"check  mode {mode:7s}: {len(sents)} gold sentences of {files[0].name} in "
              f"{secs:6.2f} s = {len(sents) / secs:7.0f} sentences/s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lang", default="de")
    ap.add_argument("--n", type=int, default=400, help="sentences to parse")
    ap.add_argument("--jobs", default="1,2", help="worker counts to compare")
    ap.add_argument("--check-n", type=int, default=300, help="sentences for the checking speed")
    args = ap.parse_args()
    texts = _texts(args.lang, args.n)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"lang {args.lang}, {len(texts)} sentences, {os.cpu_count()} CPU cores, load average {load} "
          "(other processes share the cores: compare runs at similar load)")
    import torch

    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    for device in devices:
        for jobs in (int(j) for j in args.jobs.split(",")):
            if device == "cuda" and jobs > 1:
                continue
            parse_speed(args.lang, texts, jobs, device)
            if device == "cpu" and jobs == 1 and (os.cpu_count() or 1) > 1:
                # one process, one thread: on a busy machine extra torch threads can slow it down
                parse_speed(args.lang, texts, 1, device, threads=1)
    if "cuda" not in devices:
        print("parse  device cuda: no GPU visible to torch here")
    rescore(args.lang, texts, max(int(j) for j in args.jobs.split(",")))
    check_speed(args.lang, args.check_n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
