"""Subcommands of ``lambre-core``: one module each, exposing ``register(subparsers)``."""

from __future__ import annotations

import argparse
import os
import shlex
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..conllu_io import atomic_write, special_kind
from ..errors import LambreError
from ..gei import M2Sentence, read_m2
from ..rules import RuleSet, default_rules, load_rules


def emit(text: str, output: str | None) -> None:
    """Write a command's result to ``output`` atomically (a device or FIFO in place), or to
    stdout when none or ``-`` is given."""
    if output and output != "-":
        atomic_write(output, text)
    else:
        sys.stdout.write(text)


def add_force_argument(p: argparse.ArgumentParser) -> None:
    """``--force``: let ``-o`` replace a file that exists (never one of the command's inputs)."""
    p.add_argument("--force", action="store_true",
                   help="replace the output file if it exists (without it an existing output is "
                        "an error; an output that is one of the inputs is always refused)")


def add_input_limit_argument(p: argparse.ArgumentParser) -> None:
    """``--max-input-mb``: the largest input file read (a larger one is an error, not read)."""
    p.add_argument("--max-input-mb", type=float, default=None, metavar="MB",
                   help="refuse input files larger than this (default: $LAMBRE_MAX_INPUT_MB or "
                        "20); a line read as one sentence may have 100,000 characters")


def _same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)  # hard links and symbolic links included
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def _is_stdin(path: str | Path) -> bool:
    """Whether ``path`` is the file this process reads on stdin (``< file``)."""
    try:
        a, b = os.fstat(sys.stdin.fileno()), os.stat(path)
    except (OSError, ValueError, AttributeError):  # no stdin, or a replaced sys.stdin
        return False
    return stat.S_ISREG(a.st_mode) and (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def check_output(output: str | Path | None, inputs: Iterable[str | Path | None],
                 force: bool, option: str = "--output") -> None:
    """Refuse, before any work is done, an output that is one of ``inputs`` (``-`` is stdin:
    the file redirected there counts), a directory, a socket, or an existing regular file
    without ``force`` (a ``LambreError`` naming it). A device or FIFO is written in place
    (``atomic_write``), so it needs no ``force``."""
    if output is None or str(output) == "-":
        return
    for inp in inputs:
        if inp is None:
            continue
        if str(inp) == "-":
            if _is_stdin(output):
                raise LambreError(f"{option} is the file read on stdin; not overwriting an input",
                                  str(output))
        elif _same_file(output, inp):
            raise LambreError(f"{option} is the input file {str(inp)!r}; not overwriting an input",
                              str(output))
    if os.path.isdir(output):
        raise LambreError(f"{option} is a directory; give a file name", str(output))
    kind = special_kind(output)  # what atomic_write will do with it
    if kind == "socket":
        raise LambreError(f"{option} is a socket; not writing to it", str(output))
    if kind is None and os.path.lexists(output) and not force:
        raise LambreError(f"{option} exists; pass --force to replace it", str(output))


def m2_input(args: argparse.Namespace) -> tuple[list[M2Sentence], RuleSet, tuple[str, ...]]:
    """The M2 sentences (``--m2``, at most ``--limit``), the rule set (``--rules`` or the
    language's) and the gold error types (``--types``) of an M2 evaluation command."""
    m2 = read_m2(args.m2)
    if args.limit:
        m2 = m2[: args.limit]
    if not m2:
        raise LambreError("no sentences in the M2 file", file=str(args.m2))
    ruleset = load_rules(args.rules) if args.rules else default_rules(args.lang)
    types = tuple(t.strip() for t in args.types.split(",") if t.strip())
    return m2, ruleset, types


def to_model_cards(model_dirs: Iterable[str | Path], title: str, report: str) -> None:
    """Record an evaluation report, with the command that produced it, in each model's card.

    The section is replaced on a rerun, so a card always shows the latest measurement."""
    from ..train import append_card_section

    env = "".join(f"{k}={os.environ[k]} " for k in ("LAMBRE_LEXICON_CONSTRAINT",) if k in os.environ)
    argv = [a for a in sys.argv[1:] if a != "--card"]
    body = (f"```\n{report.rstrip()}\n```\n\nCommand:\n\n```\n{env}lambre-core "
            f"{' '.join(shlex.quote(a) for a in argv)}\n```\n")
    for d in model_dirs:
        append_card_section(Path(d), title, body)


MODES = ("precise", "paper")


def add_mode_argument(p: argparse.ArgumentParser) -> None:
    """``--mode precise|paper`` (and the older ``--precise``, now the default)."""
    p.add_argument("--mode", choices=MODES, default="precise",
                   help="precise (default): every analysis the lexicons allow, rules checked "
                        "jointly, only proven violations count; paper: the paper's method, the "
                        "tagger's one analysis per word (for comparison with published numbers). "
                        "The signature records the mode")
    p.add_argument("--precise", action="store_const", const="precise", dest="mode",
                   help=argparse.SUPPRESS)


def precision_for(mode: str, lang: str, parser: Any = None, models: str | None = None) -> Any:
    """The precise checker's settings for ``lang`` (None in paper mode): the parser's lexicon,
    else the shipped model's, else none (field lexicons alone)."""
    if mode == "paper":
        return None
    from ..evidence import Precision
    from ..parse import model_lexicon

    lexicon = getattr(parser, "lexicon", None) if parser is not None else None
    if lexicon is None:
        lexicon = model_lexicon(lang, models)
    return Precision(lang, lexicon)
