"""The ``lambre-core`` command line: a thin layer over the engine's functions.

Each subcommand lives in ``lambre_core/commands/<name>.py`` and exposes ``register(subparsers)``;
user errors (``LambreError``) and failures of the file system (``OSError``) become one line on
stderr, ``lambre-core: error: PATH: what``, and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

from . import __version__
from .errors import LambreError

#: subcommand modules under ``lambre_core.commands``, in the order ``--help`` lists them
COMMANDS = ["convert", "extract", "score", "check", "parse", "noise", "train", "eval_parser", "eval_gei",
            "eval_accept", "correlate"]

EXIT_USAGE = 2


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered, or only the subcommand
    ``only`` (a name of ``COMMANDS``): importing the others costs a run a tenth of a second."""
    parser = argparse.ArgumentParser(
        prog="lambre-core",
        description="L'AMBRE: morphosyntactic well-formedness from dependency parses and rules.",
    )
    parser.add_argument("--version", action="version", version=f"lambre-core {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in [only] if only is not None else COMMANDS:
        try:
            module = importlib.import_module(f"lambre_core.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"lambre_core.commands.{name}":
                continue  # subcommand not built yet
            raise
        module.register(sub)
    return parser


def _named_command(argv: list[str]) -> str | None:
    """The module of the subcommand ``argv`` names, when it is one of ``COMMANDS`` (the first
    argument that is not an option: the top level has no option taking a value)."""
    first = next((a for a in argv if not a.startswith("-")), None)
    name = first.replace("-", "_") if first is not None else None
    return name if name in COMMANDS else None


def main(argv: list[str] | None = None) -> int:
    """Entry point: parse arguments, run the subcommand, map user and file errors to exit 2."""
    argv = sys.argv[1:] if argv is None else argv
    # only the named subcommand's module is imported; a typo or no command gets them all, for
    # argparse's list of choices
    parser = build_parser(_named_command(argv))
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


def entry() -> None:
    """The ``lambre-core`` executable: ``main``, then exit.

    Before the interpreter shuts down, the objects left (models, lexicons: some 400,000) are
    moved out of the garbage collector's reach, which otherwise scans them again and again while
    tearing down: half a second of every ``check`` that parsed something. Exit handlers still
    run and objects without cycles are still freed; the rest is left to the operating system,
    as at any exit (the caches commit and close their files after each write, so nothing is
    lost).

    numpy's BLAS runs on one thread unless ``OPENBLAS_NUM_THREADS`` says otherwise: its only
    products here (the bootstrap's) are small, and its extra threads spin after each one, a
    fifth of ``score``'s CPU time on 2,776 sentences for no wall time gained (torch, which
    parses, has thread pools of its own)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    status = main()
    gc.freeze()
    sys.exit(status)


if __name__ == "__main__":
    entry()
