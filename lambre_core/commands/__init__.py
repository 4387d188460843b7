"""Subcommands of ``lambre-core``: one module each, exposing ``register(subparsers)``."""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path

from ..conllu_io import atomic_write


def emit(text: str, output: str | None) -> None:
    """Write a command's result to ``output`` atomically, or to stdout when none is given."""
    if output:
        atomic_write(output, text)
    else:
        sys.stdout.write(text)


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
