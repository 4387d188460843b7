"""``lambre-core eval-parser --lang L --models DIR [DIR...]``: Figure 4 of the paper.

LAS, UFeats and per-feature accuracy of each parser on the clean held-out split and on its
noised copy (all words, and the altered words only). The held-out split is the recorded test
split (``--split default``) or a given ``--test`` file.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from ..conllu_io import read_conllu
from ..errors import LambreError
from ..evaluate import RULE_FEATURES, evaluate_parser
from ..lexicon import build_lexicon
from ..noise import noise_corpus
from ..parse import lexicon_constraint, load_parser
from ..splits import SPLITS, carve
from . import to_model_cards


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("eval-parser", help="parser accuracy on clean and noised held-out data")
    p.add_argument("--lang", required=True)
    p.add_argument("--models", nargs="+", required=True,
                   help="model directories to compare (e.g. models/de-original models/de)")
    p.add_argument("--names", help="comma-separated names for the model directories")
    p.add_argument("--test", type=Path, help="held-out CoNLL-U (default: the recorded split)")
    p.add_argument("--train", type=Path,
                   help="training file whose forms feed the noise lexicon (default: the split's)")
    p.add_argument("--limit", type=int, help="only the first N test sentences")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("--card", action="store_true",
                   help="also record the table in each model's card (README.md)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    test, train = args.test, args.train
    tmp = None
    if test is None:
        if args.lang not in SPLITS:
            raise LambreError(f"no recorded split for '{args.lang}': pass --test")
        tmp = tempfile.TemporaryDirectory(prefix="lambre-eval-")
        carved = carve(SPLITS[args.lang], Path(tmp.name))
        test, train = carved.test, train or carved.train
    if not test.is_file():
        raise LambreError("no such file", file=str(test))
    clean = read_conllu(test)
    if args.limit:
        clean = clean[: args.limit]
    lex = build_lexicon(args.lang, [f for f in (train, test) if f is not None])
    noised, rep = noise_corpus(clean, lex, seed=args.seed)
    names = args.names.split(",") if args.names else [Path(m).name for m in args.models]
    if len(names) != len(args.models):
        raise LambreError("--names must name every --models directory")
    result: dict[str, object] = {"test": str(test), "sentences": len(clean),
                                 "noised_sentences": rep.noised}
    for name, mdir in zip(names, args.models, strict=True):
        parser = load_parser(args.lang, mdir)
        result[name] = evaluate_parser(parser, clean, noised)
    if tmp is not None:
        tmp.cleanup()
    if args.format == "json":
        print(json.dumps(result, indent=1))
        return 0
    lines = [f"{result['sentences']} held-out sentences, {rep.noised} noised"
             f"{'' if lexicon_constraint() else ' (lexicon constraint off)'}"]
    head = f"{'parser':<14}{'set':<16}{'words':>6}{'UPOS':>7}{'UFeats':>7}{'UAS':>7}{'LAS':>7}"
    lines.append(head + "".join(f"{f:>9}" for f in RULE_FEATURES))
    for name in names:
        res = result[name]
        assert isinstance(res, dict)
        for part in ("clean", "noised", "noised_altered"):
            r = res[part]
            feats = "".join(f"{r['features'][f]:>9.1f}" if f in r["features"] else f"{'-':>9}"
                            for f in RULE_FEATURES)
            lines.append(f"{name:<14}{part:<16}{r['words']:>6}{r['UPOS']:>7.1f}{r['UFeats']:>7.1f}"
                         f"{r['UAS']:>7.1f}{r['LAS']:>7.1f}{feats}")
    report = "\n".join(lines) + "\n"
    sys.stdout.write(report)
    if args.card:
        title = "Held-out evaluation (Figure 4)"
        if not lexicon_constraint():
            title += ", lexicon constraint off"
        to_model_cards(args.models, title, report)
    return 0
