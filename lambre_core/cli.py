"""The ``lambre-core`` command line: a thin layer over the engine's functions.

Each subcommand lives in ``lambre_core/commands/<name>.py`` and exposes ``register(subparsers)``;
user errors (``LambreError``) and failures of the file system (``OSError``) become one line on
stderr, ``lambre-core: error: PATH: what``, and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from . import __version__
from .errors import LambreError

#: subcommand modules under ``lambre_core.commands``, in the order ``--help`` lists them
COMMANDS = ["convert", "extract", "score", "check", "parse", "noise", "train", "eval_parser", "eval_gei",
            "eval_accept", "correlate"]

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="lambre-core",
        description="L'AMBRE: morphosyntactic well-formedness from dependency parses and rules.",
    )
    parser.add_argument("--version", action="version", version=f"lambre-core {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"lambre_core.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"lambre_core.commands.{name}":
                continue  # subcommand not built yet
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point: parse arguments, run the subcommand, map user and file errors to exit 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except LambreError as err:
        print(f"lambre-core: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("lambre-core: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as err:
        # an unreadable input, a directory where a file was expected, a read-only output
        # directory: one line naming the path, as for the project's own errors
        print(f"lambre-core: error: {os_error_line(err)}", file=sys.stderr)
        return EXIT_USAGE


def os_error_line(err: OSError) -> str:
    """``PATH: what`` for an ``OSError`` (``what`` alone when it names no path)."""
    what = err.strerror or str(err) or type(err).__name__
    what = what[:1].lower() + what[1:]
    paths = [str(p) for p in (err.filename, err.filename2) if p is not None]
    if not paths:
        return what
    if len(paths) == 2:
        return f"{paths[0]} -> {paths[1]}: {what}"
    return f"{paths[0]}: {what}"


if __name__ == "__main__":
    sys.exit(main())
