"""``lambre-core parse --lang L FILE``: text -> UD CoNLL-U with character offsets.

One sentence per line by default; ``--ssplit`` for running text; ``--pretokenized`` for
whitespace-separated tokens, one sentence per line.
"""

from __future__ import annotations

import argparse

from ..conllu_io import to_conllu
from ..doc import Sentence
from ..parse import load_parser
from . import add_force_argument, check_output, emit
from .score import read_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("parse", help="parse text with the Stanza models into UD CoNLL-U")
    p.add_argument("text", help="UTF-8 text file ('-' for stdin)")
    p.add_argument("--lang", required=True)
    p.add_argument("--models", help="model directory (default: resolution order)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--ssplit", action="store_true", help="running text: split sentences")
    mode.add_argument("--pretokenized", action="store_true",
                      help="one sentence per line, tokens separated by spaces")
    p.add_argument("-o", "--output", help="write here (atomically) instead of stdout")
    add_force_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    check_output(args.output, [args.text], args.force)
    text = read_text(args.text)
    parser = load_parser(args.lang, args.models)
    sents: list[Sentence]
    if args.ssplit:
        sents = parser.parse_document(text)
    else:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if args.pretokenized:
            sents = parser.parse_pretokenized([ln.split() for ln in lines])
        else:
            sents = []
            for i in range(0, len(lines), 256):
                sents += parser.parse_sentences(lines[i:i + 256])
    for i, s in enumerate(sents, 1):
        s.metadata = {"sent_id": str(i), **s.metadata}
        for w in s.words:
            if w.start is not None and w.end is not None:
                w.misc = {**w.misc, "start_char": str(w.start), "end_char": str(w.end)}
    out = to_conllu(sents)
    emit(out, args.output)
    return 0
