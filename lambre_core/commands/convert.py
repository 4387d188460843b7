"""``lambre-core convert --to sud FILE.conllu``: UD -> SUD, CoNLL-U on stdout."""

from __future__ import annotations

import argparse
import sys

from ..conllu_io import read_conllu, to_conllu, tree_error
from ..sud import to_sud
from . import add_force_argument, check_output, emit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("convert", help="convert UD CoNLL-U to SUD")
    p.add_argument("file", help="UD CoNLL-U file ('-' for stdin)")
    p.add_argument("--to", choices=["sud"], default="sud", help="target annotation (default: sud)")
    p.add_argument("-o", "--output", help="write here instead of stdout (atomically)")
    add_force_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    check_output(args.output, [args.file], args.force)
    out = []
    for sent in read_conllu(args.file):
        problem = tree_error(sent)
        if problem is not None:
            # a broken tree is reported and passed through unconverted, not fatal
            print(f"lambre-core: warning: {problem}; left unconverted", file=sys.stderr)
            out.append(sent)
        else:
            out.append(to_sud(sent))
    text = to_conllu(out)
    emit(text, args.output)
    return 0
