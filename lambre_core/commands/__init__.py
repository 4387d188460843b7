"""Subcommands of ``lambre-core``: one module each, exposing ``register(subparsers)``."""

from __future__ import annotations

import sys

from ..conllu_io import atomic_write


def emit(text: str, output: str | None) -> None:
    """Write a command's result to ``output`` atomically, or to stdout when none is given."""
    if output:
        atomic_write(output, text)
    else:
        sys.stdout.write(text)
