"""Parser load time, speed (sentences/s) and model sizes on this machine.

    python bench/parse_speed.py --lang de [--models DIR] [--n 300] [--threads 2]

Reads held-out sentences of the recorded split from ../shared (falls back to a built-in
sample) and prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FALLBACK = [
    "Der Hund läuft schnell über die Straße.",
    "Ich habe gestern zwei Bücher im Laden gekauft.",
    "Die Kinder spielen zum ersten Mal im Garten.",
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lang", default="de")
    ap.add_argument("--models")
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    os.environ["LAMBRE_THREADS"] = str(a.threads)

    from lambre_core.conllu_io import read_conllu
    from lambre_core.parse import load_parser, model_files
    from lambre_core.splits import SPLITS, carve, shared_dir

    texts = FALLBACK * (a.n // len(FALLBACK) + 1)
    if a.lang in SPLITS and (shared_dir() / "treebanks").is_dir():
        with tempfile.TemporaryDirectory() as tmp:
            carved = carve(SPLITS[a.lang], Path(tmp))
            texts = [s.text for s in read_conllu(carved.test)]
    texts = texts[: a.n]
    sizes = model_files(a.lang, a.models)
    t0 = time.perf_counter()
    parser = load_parser(a.lang, a.models)
    load_s = time.perf_counter() - t0
    parser.parse_sentences(texts[:5])  # warm-up
    t0 = time.perf_counter()
    out = parser.parse_sentences(texts)
    sent_s = time.perf_counter() - t0
    words = sum(len(s.words) for s in out)
    t0 = time.perf_counter()
    doc = parser.parse_document(" ".join(texts))
    doc_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    one = [parser.parse_sentences([t]) for t in texts[:50]]
    one_s = time.perf_counter() - t0
    print(f"lang {a.lang}, models {parser.source.path}, torch threads {a.threads}")
    print("model files: " + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sizes.items()))
    print(f"total model size: {sum(sizes.values()) / 1e6:.2f} MB")
    print(f"load time: {load_s:.2f} s")
    print(f"parse_sentences: {len(texts)} sentences, {words} words in {sent_s:.2f} s = "
          f"{len(texts) / sent_s:.1f} sentences/s, {words / sent_s:.0f} words/s")
    print(f"parse_document: {len(doc)} sentences in {doc_s:.2f} s = {len(doc) / doc_s:.1f} "
          f"sentences/s")
    print(f"one sentence per call (server-like): {len(one)} calls in {one_s:.2f} s = "
          f"{1000 * one_s / len(one):.1f} ms/sentence")
    return 0


if __name__ == "__main__":
    sys.exit(main())
