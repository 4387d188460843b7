"""``lambre-core eval-accept --lang de --m2 FILE``: acceptability contrasts (Table 4).

For each corrected sentence of a GEC corpus in M2 format: does L'AMBRE score the corrected
variant higher? Contrasts (src, tgt), (src, morph-corrected), (src, rest-corrected),
(morph-corrected, tgt), (rest-corrected, tgt); a tie counts as a miss, as in the paper.

    lambre-core eval-accept --lang de --m2 ../shared/gec/de/fm-dev.m2 --mode paper

Variants are parsed as given (pretokenized) through the parse cache.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ..accept import evaluate_contrasts
from ..check import check_sentences
from ..gei import DEFAULT_TYPES
from ..parse_cache import ParseCache, cached_parse, model_key
from ..report import model_signature, signature_for
from ..score import segment_score, weights_from
from . import add_mode_argument, emit, m2_input, precision_for


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("eval-accept", help="acceptability contrasts on an M2 file (Table 4)")
    p.add_argument("--lang", required=True)
    p.add_argument("--m2", required=True, help="M2 file (source tokens + edits)")
    p.add_argument("--models", help="parser model directory (default: resolution order)")
    p.add_argument("--rules", help="rule file (default: the shipped rules of --lang)")
    p.add_argument("--types", default=",".join(DEFAULT_TYPES),
                   help=f"morphological edit types, globs (default {','.join(DEFAULT_TYPES)})")
    add_mode_argument(p)
    p.add_argument("--limit", type=int, help="only the first N sentences")
    p.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    p.add_argument("--cache", metavar="DIR", help="parse cache directory")
    p.add_argument("--no-cache", action="store_true", help="parse everything again, store nothing")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("-o", "--output", help="write the result here (atomically)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    m2, ruleset, types = m2_input(args)
    weights = weights_from(ruleset)
    precision = precision_for(args.mode, args.lang, None, args.models)
    cache = None if args.no_cache else ParseCache(args.cache)
    model = model_key(args.lang, args.models)
    parser: Any = None

    def parse(texts: Sequence[str]) -> list[Any]:
        nonlocal parser
        if parser is None:
            from ..parse import load_parser

            parser = load_parser(args.lang, args.models, args.device)
        return list(parser.parse_pretokenized([t.split(" ") for t in texts]))

    def score(variants: list[list[str]]) -> list[float]:
        texts = [" ".join(v) for v in variants]
        sents = cached_parse(texts, parse, cache, args.lang, model, unit="pretokenized",
                             batch_size=200)
        checks = check_sentences(sents, ruleset, precision=precision)
        return [segment_score(c, weights) for c in checks]

    report = evaluate_contrasts(m2, score, types)
    sig = signature_for(ruleset, model_signature(args.lang, args.models), args.mode)
    if args.format == "json":
        out = json.dumps({"signature": str(sig), "sentences": report.sentences,
                          "corrected": report.corrected,
                          "contrasts": [{"contrast": c.name, "accuracy": c.accuracy, "pairs": c.pairs,
                                         "wins": c.wins, "ties": c.ties, "losses": c.losses}
                                        for c in report.contrasts]}, indent=2) + "\n"
    else:
        lines = [f"{report.corrected} corrected of {report.sentences} sentences in {args.m2}; "
                 f"morphological types {','.join(types)}",
                 f"{'contrast':34s} accuracy  pairs   wins   ties  losses"]
        for c in report.contrasts:
            lines.append(f"{c.name:34s} {c.accuracy:8.3f} {c.pairs:6d} {c.wins:6d} {c.ties:6d} "
                         f"{c.losses:7d}")
        lines += ["(accuracy: the corrected variant scores strictly higher; ties count as misses)",
                  str(sig)]
        out = "\n".join(lines) + "\n"
    emit(out, args.output)
    return 0
