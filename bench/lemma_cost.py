"""What ``lemma.pt`` costs when parsing: the same held-out sentences parsed by the shipped model
and by a copy of it without ``lemma.pt``, alternately in one process: CPU and wall seconds per
run, and the seconds of each run spent lemmatizing (the batch before conversion and the per-word
calls), which the machine's load sways less than the totals.

    python bench/lemma_cost.py --lang de [--n 150] [--rounds 3]

The first round fills the lexicons' and the lemmatizer's caches (later rounds find them warm, as a
long-running server does); the parsers are warmed on 5
sentences first. On a shared machine compare the rounds side by side, not single numbers.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.conllu_io import read_conllu  # noqa: E402
from lambre_core.lemma_model import LEMMA_FILE  # noqa: E402
from lambre_core.parse import Parser, load_parser  # noqa: E402
from lambre_core.splits import SPLITS, shared_dir  # noqa: E402


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def held_out_texts(lang: str, n: int) -> list[str]:
    """Up to ``n`` raw test-split sentences of the language's model (empty without ../shared)."""
    split = json.loads((REPO / "models" / lang / "split.json").read_text(encoding="utf-8"))
    test = set(split["sent_ids"]["test"])
    out: list[str] = []
    for rule in SPLITS[lang].sources:
        path = shared_dir() / "treebanks" / "ud" / lang / rule.file
        if not path.is_file():
            continue
        stem = rule.file.removesuffix(".conllu")
        for i, s in enumerate(read_conllu(path)):
            if f"{stem}:{s.metadata.get('sent_id', str(i))}" in test and s.metadata.get("text"):
                out.append(s.metadata["text"])
    return out[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lang", default="de")
    ap.add_argument("--n", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    lang = args.lang
    if not (REPO / "models" / lang / LEMMA_FILE).is_file():
        print(f"models/{lang} has no {LEMMA_FILE}")
        return
    texts = held_out_texts(lang, args.n)
    if not texts:
        print(f"skipped: no held-out {lang} sentences under {shared_dir()}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(REPO / "models" / lang, Path(tmp) / lang,
                        ignore=shutil.ignore_patterns(LEMMA_FILE))
        parsers: dict[str, Parser] = {"without lemma.pt": load_parser(lang, tmp),
                                      "with lemma.pt": load_parser(lang)}
        for p in parsers.values():
            p.parse_sentences(texts[:5])
        spent = {k: _time_lemmas(p) for k, p in parsers.items()}
        runs: dict[str, list[tuple[float, float, float]]] = {k: [] for k in parsers}
        for _ in range(args.rounds):
            for name, p in parsers.items():
                c, t, lem = _cpu(), time.time(), spent[name][0]
                p.parse_sentences(texts)
                runs[name].append((_cpu() - c, time.time() - t, spent[name][0] - lem))
    print(f"{lang}: {len(texts)} held-out sentences per run, parse_sentences in one call")
    for name, rs in runs.items():
        print(f"  {name:<18} CPU s " + ", ".join(f"{c:5.1f}" for c, _, _ in rs)
              + "   wall s " + ", ".join(f"{w:5.1f}" for _, w, _ in rs)
              + "   of which lemmatizing s " + ", ".join(f"{x:5.2f}" for _, _, x in rs))


def _time_lemmas(parser: Parser) -> list[float]:
    """Wrap the parser's lemma step in a timer; returns the running total (one-item list)."""
    total = [0.0]
    inner = parser._lemma_of

    def lemma_of(doc: object = None) -> object:
        t = time.perf_counter()
        fn = inner(doc)
        total[0] += time.perf_counter() - t
        if fn is None:
            return None

        def timed(form: str, upos: str, feats: object) -> object:
            t0 = time.perf_counter()
            try:
                return fn(form, upos, feats)
            finally:
                total[0] += time.perf_counter() - t0
        return timed

    parser._lemma_of = lemma_of  # type: ignore[method-assign]
    return total


if __name__ == "__main__":
    main()
