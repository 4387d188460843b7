"""``lambre-core noise --lang L IN.conllu... -o OUT.conllu``: morphological noise (§4.1)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..conllu_io import atomic_write, read_conllu, to_conllu
from ..errors import LambreError
from ..lexicon import build_lexicon
from ..noise import NOISE_FEATURES, noise_corpus
from . import add_force_argument, check_output


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("noise", help="replace one token per sentence by another inflection")
    p.add_argument("inputs", nargs="+", type=Path, help="UD CoNLL-U files to noise")
    p.add_argument("--lang", required=True, help="language code (selects the PyPI lexicon)")
    p.add_argument("-o", "--output", required=True, type=Path, help="CoNLL-U file to write")
    add_force_argument(p)
    p.add_argument("--lexicon-from", nargs="*", type=Path, default=None,
                   help="treebanks to harvest the lexicon from (default: the inputs)")
    p.add_argument("--unimorph", type=Path, help="UniMorph TSV (lemma, form, features) to add")
    p.add_argument("--no-external", action="store_true",
                   help="do not widen with german-nouns / pymorphy3")
    p.add_argument("--features", default=",".join(NOISE_FEATURES),
                   help=f"features noise may change (default {','.join(NOISE_FEATURES)})")
    p.add_argument("--keep-unchanged", action="store_true",
                   help="also copy sentences that could not be noised")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for f in args.inputs:
        if not f.is_file():
            raise LambreError("no such file", file=str(f))
    check_output(args.output, [*args.inputs, *(args.lexicon_from or []), args.unimorph],
                 args.force)
    sources = args.lexicon_from if args.lexicon_from else args.inputs
    lex = build_lexicon(args.lang, sources, unimorph=args.unimorph,
                        external=not args.no_external)
    sents = [s for f in args.inputs for s in read_conllu(f)]
    if not sents:
        raise LambreError("no sentences in the input", file=str(args.inputs[0]))
    feats = tuple(x.strip() for x in args.features.split(",") if x.strip())
    out, rep = noise_corpus(sents, lex, seed=args.seed, features=feats,
                            keep_unchanged=args.keep_unchanged)
    atomic_write(args.output, to_conllu(out))
    per = ", ".join(f"{k} {v}" for k, v in sorted(rep.by_feature.items()))
    print(f"noised {rep.noised} of {rep.sentences} sentences ({100 * rep.share:.1f} %): {per}",
          file=sys.stderr)
    return 0
