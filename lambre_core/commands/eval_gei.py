"""``lambre-core eval-gei --lang de --m2 FILE [--models DIR]``: Table 2 (Algorithm 1).

Parses the M2 source sentences as given (pretokenized), checks them against the rules and scores
token-level detection of the gold morphological errors. ``--steps`` also reports the effect of
each precision step: the tagger-confidence filter, the lexicon syncretism filter, and both.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..check import check_sentences
from ..conllu_io import atomic_write, read_conllu, to_conllu
from ..errors import LambreError
from ..filters import (
    PRECISE_BLAME_MAX_CONF,
    ViolationFilter,
    all_of,
    confidence_filter,
    syncretism_filter,
    uncertain_blame_filter,
)
from ..gei import DEFAULT_TYPES, ENDS, score_gei
from ..lexicon import Lexicon
from . import add_mode_argument, m2_input, precision_for, to_model_cards


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("eval-gei", help="grammar error identification on an M2 file (Table 2)")
    p.add_argument("--lang", required=True)
    p.add_argument("--m2", required=True, type=Path, help="M2 file (source tokens + edits)")
    p.add_argument("--models", help="parser model directory (default: resolution order)")
    p.add_argument("--rules", help="rule file (default: the shipped rules of --lang)")
    p.add_argument("--types", default=",".join(DEFAULT_TYPES),
                   help=f"gold error types, globs (default {','.join(DEFAULT_TYPES)})")
    p.add_argument("--conf", default="0",
                   help="drop violations where either end's feats confidence is below this "
                   "(with --steps: a comma-separated list of thresholds to compare)")
    p.add_argument("--blamed-max-conf", type=float, default=None,
                   help="keep violations whose blamed token's feature confidence is at most "
                   "this (the tagger hesitates on a wrong form)")
    p.add_argument("--syncretism", action="store_true",
                   help="drop violations a syncretic form cannot prove (lexicon)")
    p.add_argument("--lexicon-from", nargs="*", type=Path, default=None,
                   help="treebanks for the syncretism lexicon (default: the shared treebanks)")
    p.add_argument("--steps", action="store_true",
                   help="report plain, each confidence threshold, syncretism, and both "
                   "(thresholds from --conf, default 0.3,0.5,0.7)")
    p.add_argument("--ends", choices=ENDS, default="arc",
                   help="words of a violation that count as detected: 'arc' (default), both ends of "
                   "the violated arc, the paper's Algorithm 1; 'blamed', only the word the checker "
                   "blames first (the text report prints both)")
    add_mode_argument(p)
    p.add_argument("--limit", type=int, help="only the first N sentences")
    p.add_argument("--parsed", type=Path,
                   help="CoNLL-U cache of the parse: read if it exists, else written")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("--card", action="store_true",
                   help="also record the text report in the model's card (README.md; needs --models)")
    p.set_defaults(func=run)


def _lexicon(lang: str, files: list[Path] | None) -> Lexicon:
    from ..lexicon import build_lexicon
    from ..splits import shared_dir

    if files is None:
        tb = shared_dir() / "treebanks" / "ud" / lang
        files = sorted(tb.glob("*.conllu")) if tb.is_dir() else []
        files = [f for f in files if _feature_share(f) >= MIN_FEATURE_SHARE]
    return build_lexicon(lang, files)


#: a treebank whose words carry features this rarely is left out of the lexicon (German LIT:
#: 31 % of its words; every other shared treebank 55 % or more)
MIN_FEATURE_SHARE = 0.45


def _feature_share(path: Path, lines: int = 3000) -> float:
    """The share of words with morphological features among a treebank file's first lines."""
    words = with_feats = 0
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if n >= lines:
                break
            cols = line.split("\t")
            if len(cols) == 10 and not line.startswith("#"):
                words += 1
                with_feats += cols[5] not in ("_", "")
    return with_feats / words if words else 0.0


def run(args: argparse.Namespace) -> int:
    if args.card and not args.models:
        raise LambreError("--card needs --models DIR (the model whose card to write)")
    m2, ruleset, types = m2_input(args)
    if args.parsed and args.parsed.is_file():
        parsed = read_conllu(args.parsed)
        if len(parsed) != len(m2):
            raise LambreError(f"parse cache has {len(parsed)} sentences, M2 {len(m2)}",
                              file=str(args.parsed))
    else:
        from ..parse import load_parser

        parser = load_parser(args.lang, args.models)
        parsed = []
        batch = 200
        for i in range(0, len(m2), batch):
            parsed += parser.parse_pretokenized([s.tokens for s in m2[i:i + batch]])
        if args.parsed:
            atomic_write(args.parsed, to_conllu(parsed))
    runs: dict[str, dict[str, dict[str, float]]] = {}
    try:
        thresholds = [float(x) for x in str(args.conf).split(",") if x.strip()]
    except ValueError:
        raise LambreError(f"--conf {args.conf!r}: expected numbers like 0.5 or 0.3,0.5") from None
    lex = _lexicon(args.lang, args.lexicon_from) if (args.syncretism or args.steps) else None
    configs: list[tuple[str, ViolationFilter | None]] = []
    precision = precision_for(args.mode, args.lang, None, args.models)
    filtered = args.steps or args.syncretism or thresholds and thresholds[0] > 0 \
        or args.blamed_max_conf is not None
    if filtered:
        precision = None  # the filters are steps of the paper's method
    if args.steps:
        assert lex is not None
        ts = [t for t in thresholds if t > 0] or [0.3, 0.5, 0.7]
        configs = [("plain", None)]
        configs += [(f"conf>={t}", confidence_filter(t)) for t in ts]
        bt = args.blamed_max_conf if args.blamed_max_conf is not None else PRECISE_BLAME_MAX_CONF
        configs += [(f"blamed<={bt}", uncertain_blame_filter(bt))]
        configs += [("syncretism", syncretism_filter(lex))]
        configs += [(f"conf>={t}+syncretism", all_of(confidence_filter(t), syncretism_filter(lex)))
                    for t in ts]
        # the precision/recall curve of the --precise combination
        bts = [bt] if args.blamed_max_conf is not None else sorted({0.5, 0.6, bt})
        configs += [(f"syncretism+blamed<={b}",
                     all_of(syncretism_filter(lex), uncertain_blame_filter(b))) for b in bts]
    else:
        t = thresholds[0] if thresholds else 0.0
        flt = all_of(confidence_filter(t) if t > 0 else None,
                     syncretism_filter(lex) if lex is not None else None,
                     uncertain_blame_filter(args.blamed_max_conf)
                     if args.blamed_max_conf is not None else None)
        configs = [("result", flt)]
    for name, flt in configs:
        checks = check_sentences(parsed, ruleset, violation_filter=flt, precision=precision)
        runs[name] = {k: c.as_dict() for k, c in score_gei(m2, checks, types, args.ends).items()}
        if not args.steps and args.format == "text":
            other = "blamed" if args.ends == "arc" else "arc"
            runs[f"{name} ({other})"] = {k: c.as_dict() for k, c
                                         in score_gei(m2, checks, types, other).items()}
    if args.steps:
        prec = precision_for("precise", args.lang, None, args.models)
        checks = check_sentences(parsed, ruleset, precision=prec)
        runs["precise (default)"] = {k: c.as_dict()
                                     for k, c in score_gei(m2, checks, types, args.ends).items()}
    if args.format == "json":
        out = runs["result"] if not args.steps else runs
        print(json.dumps(out, indent=1))
    else:
        mode = "steps of the paper's method" if filtered else f"mode {args.mode}"
        lines = [f"{len(m2)} sentences of {args.m2.name}, gold types {','.join(types)}, "
                 f"rules {os.path.relpath(ruleset.path) if ruleset.path else 'given'}, {mode}"]
        for name, res in runs.items():
            cells = "  ".join(f"{g}: P {r['precision']:.1f} R {r['recall']:.1f} "
                              f"(tp {r['tp']:g} fp {r['fp']:g} fn {r['fn']:g})"
                              for g, r in res.items())
            lines.append(f"{name:<24} {cells}")
        report = "\n".join(lines) + "\n"
        sys.stdout.write(report)
        if args.card:
            to_model_cards([args.models], "Grammar error identification (Table 2)", report)
    sys.stdout.flush()
    return 0
