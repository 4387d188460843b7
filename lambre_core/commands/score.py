"""``lambre-core score``: L'AMBRE scores of CoNLL-U or plain text, per corpus, rule and sentence.

    lambre-core score --lang de --conllu parsed.conllu [--per-sentence] [--format json]
    lambre-core score --lang de essay.txt             # one sentence per line
    lambre-core score --lang de --ssplit essay.txt    # running text
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..check import check_sentences
from ..conllu_io import read_conllu
from ..doc import Sentence
from ..errors import LambreError
from ..files import decode_text
from ..report import parser_signature, render_json, render_text, render_tsv, signature_for
from ..rules import RuleSet, default_rules, load_rules
from ..score import score_corpus, weights_from
from . import add_force_argument, add_mode_argument, check_output, emit, precision_for


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="score well-formedness of CoNLL-U or text")
    p.add_argument("text", nargs="?", help="plain text file ('-' for stdin), parsed with Stanza")
    p.add_argument("--lang", required=True, help="language code (rules/<lang>.yaml)")
    p.add_argument("--conllu", help="score an already parsed CoNLL-U file instead of text")
    p.add_argument("--rules", help="rule file (default: the shipped rules of --lang)")
    p.add_argument("--models", help="Stanza models directory (text input)")
    p.add_argument("--ssplit", action="store_true",
                   help="text is running text: split sentences (default: one sentence per line)")
    p.add_argument("--per-sentence", action="store_true", help="also report each sentence")
    p.add_argument("--format", choices=["text", "json", "tsv"], default="text")
    p.add_argument("--disable", action="append", default=[], metavar="RULE_ID",
                   help="disable a rule (repeatable)")
    add_mode_argument(p)
    p.add_argument("--weight", action="append", default=[], metavar="RULE_ID=W",
                   help="weight of a rule in the scores (repeatable; default 1 or the file's)")
    p.add_argument("-o", "--output", help="write the report here (atomically) instead of stdout")
    add_force_argument(p)
    p.set_defaults(func=run)


def _weights(ruleset: RuleSet, specs: list[str]) -> dict[str, float]:
    weights = weights_from(ruleset)
    for spec in specs:
        rid, sep, value = spec.rpartition("=")
        try:
            w = float(value)
        except ValueError:
            w = -1.0
        if not sep or w < 0:
            raise LambreError(f"--weight {spec!r}: expected RULE_ID=NUMBER (>= 0)")
        if rid not in weights:
            raise LambreError(f"--weight {spec!r}: no rule {rid!r} in {ruleset.path}")
        weights[rid] = w
    return weights


def read_text(path: str) -> str:
    """Read a UTF-8 text file (or stdin; a UTF-8 byte-order mark is dropped); other encodings,
    binary data and empty input are errors with a location."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except FileNotFoundError:
        raise LambreError("no such file", path) from None
    except IsADirectoryError:
        raise LambreError("is a directory, not a text file", path) from None
    text = decode_text(data, path)
    if "\x00" in text:
        pos = text.index("\x00")
        line = text.count("\n", 0, pos) + 1
        raise LambreError("binary data (NUL byte), not text", path, line,
                          pos - (text.rfind("\n", 0, pos) + 1) + 1)
    if not text.strip():
        raise LambreError("empty input: nothing to score", path, 1, 1)
    return text


def parse_text(text: str, lang: str, models: str | None, ssplit: bool) -> tuple[list[Sentence], Any]:
    """Parse plain text with the language's Stanza pipeline; returns sentences and the parser."""
    from ..parse import load_parser  # Stanza is heavy: load it only for text input

    parser = load_parser(lang, models)
    if ssplit:
        sentences = parser.parse_document(text)
    else:
        lines = [(i, line) for i, line in enumerate(text.splitlines(), start=1) if line.strip()]
        sentences = parser.parse_sentences([line for _, line in lines])
        for (lineno, _), sent in zip(lines, sentences, strict=True):
            sent.metadata.setdefault("sent_id", f"line-{lineno}")
    return sentences, parser


def run(args: argparse.Namespace) -> int:
    if bool(args.conllu) == bool(args.text):
        raise LambreError("give exactly one input: a text file, or --conllu FILE")
    check_output(args.output, [args.text, args.conllu, args.rules], args.force)
    ruleset = load_rules(args.rules) if args.rules else default_rules(args.lang)
    if ruleset.lang != args.lang:
        print(f"lambre-core: warning: rule file {ruleset.path} is for '{ruleset.lang}', "
              f"not '{args.lang}'", file=sys.stderr)
    disabled = set(args.disable)
    unknown = disabled - set(ruleset.by_id)
    if unknown:
        raise LambreError(f"--disable: no such rule(s): {', '.join(sorted(unknown))}")
    weights = _weights(ruleset, args.weight)
    parser: Any = None
    if args.conllu:
        sentences = read_conllu(args.conllu)
        parser_name = "gold"
    else:
        sentences, parser = parse_text(read_text(args.text), args.lang, args.models, args.ssplit)
        parser_name = parser_signature(parser)
    precision = precision_for(args.mode, args.lang, parser, args.models)
    checks = check_sentences(sentences, ruleset, disabled=disabled, precision=precision)
    for c in checks:
        if c.error:
            where = f"{c.sentence.source}:{c.sentence.line}" if c.sentence.line else "input"
            print(f"lambre-core: warning: {where}: sentence {c.sentence.sent_id or ''} skipped: "
                  f"{c.error}", file=sys.stderr)
    report = score_corpus(checks, weights)
    sig = signature_for(ruleset, parser_name, args.mode)
    if args.format == "json":
        out = render_json(report, sig)
    elif args.format == "tsv":
        out = render_tsv(report, sig, args.per_sentence)
    else:
        out = render_text(report, sig, args.per_sentence)
    emit(out, args.output)
    return 0
