"""Bounds on what one input may cost: nesting depth, YAML alias expansion, input size.

Readers call these before building anything from a file, so a file nested 100,000 deep or a
YAML alias bomb (a few lines whose aliases expand to billions of nodes) is one clear error at
its line and column instead of a ``RecursionError`` traceback or a run that never ends. The
limits are far above what real rule files, configurations and localization catalogues need:
a Rails locale nests a dozen levels, uses a few aliases (``<<: *defaults``), and fits in a
few megabytes.
"""

from __future__ import annotations

import os
import re
from typing import Any

import yaml

from .errors import LambreError

#: the deepest nesting of mappings/sequences (YAML) or objects/arrays (JSON) read
MAX_DEPTH = 100
#: how many nodes the aliases of one YAML document may add when expanded
MAX_ALIAS_NODES = 100_000
#: default largest input file (``--max-input-mb`` or ``$LAMBRE_MAX_INPUT_MB`` raise it)
MAX_INPUT_MB = 20.0
#: the longest line read as one sentence (score without ``--ssplit``)
MAX_SENTENCE_CHARS = 100_000

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _where(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _mark(mark: Any) -> tuple[int | None, int | None]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (None, None)


def check_yaml(text: str, file: str, error: type[LambreError] = LambreError) -> None:
    """Raise ``error`` at the place where the YAML ``text`` nests deeper than ``MAX_DEPTH`` or
    where its aliases have added more than ``MAX_ALIAS_NODES`` nodes. Reads the event stream
    only (no recursion, nothing built); syntax errors are left to the loader that follows."""
    try:
        _scan_yaml(text, file, error, _YAML_LOADER)
    except yaml.YAMLError:
        # libyaml stops at its own nesting limit; Python's parser (no recursion either) goes on
        try:
            _scan_yaml(text, file, error, yaml.SafeLoader)
        except yaml.YAMLError:
            return  # the loader reports the syntax error with its own words and place


def _scan_yaml(text: str, file: str, error: type[LambreError], loader: type) -> None:
    stack: list[tuple[str | None, list[int]]] = []  # (anchor, [nodes so far]) per collection
    sizes: dict[str, int] = {}  # anchor -> nodes of its subtree, aliases expanded
    added = 0
    for ev in yaml.parse(text, Loader=loader):
        if isinstance(ev, yaml.CollectionStartEvent):
            stack.append((ev.anchor, [1]))
            if len(stack) > MAX_DEPTH:
                raise error(f"nested more than {MAX_DEPTH} levels deep; not read", file,
                            *_mark(ev.start_mark))
            continue
        anchor: str | None
        if isinstance(ev, yaml.CollectionEndEvent) and stack:
            anchor, (n,) = stack.pop()
        elif isinstance(ev, yaml.ScalarEvent):
            anchor, n = ev.anchor, 1
        elif isinstance(ev, yaml.AliasEvent):
            anchor, n = None, sizes.get(str(ev.anchor), 1)
            added += n
            if added > MAX_ALIAS_NODES:
                raise error(f"its aliases expand to more than {MAX_ALIAS_NODES:,} nodes "
                            "(an alias bomb?); not read", file,
                            *_mark(ev.start_mark))
        else:
            continue
        if anchor is not None:
            sizes[anchor] = n
        if stack:
            stack[-1][1][0] += n


def check_json(text: str, file: str, error: type[LambreError] = LambreError) -> None:
    """Raise ``error`` where JSON ``text`` nests deeper than ``MAX_DEPTH`` (Python's reader
    would raise ``RecursionError`` long before a real catalogue got there)."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        c = m.group(0)
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise error(f"nested more than {MAX_DEPTH} levels deep; not read", file,
                            *_where(text, m.start()))
        elif c in "]}":
            depth -= 1


def max_input_bytes(mb: float | None = None) -> int:
    """The largest input file read, in bytes: ``mb`` (an option), else
    ``$LAMBRE_MAX_INPUT_MB``, else ``MAX_INPUT_MB``."""
    if mb is None:
        env = os.environ.get("LAMBRE_MAX_INPUT_MB", "").strip()
        try:
            mb = float(env) if env else MAX_INPUT_MB
        except ValueError:
            raise LambreError(f"LAMBRE_MAX_INPUT_MB={env!r}: expected a number of megabytes") \
                from None
    if mb <= 0:
        raise LambreError(f"input limit {mb} MB: expected a positive number")
    return int(mb * 1_000_000)


def too_large(size: int, limit: int, file: str) -> LambreError:
    """The error for an input of ``size`` bytes over ``limit``."""
    return LambreError(f"{size / 1e6:,.1f} MB, over the input limit of {limit / 1e6:,.0f} MB "
                       "(raise it with --max-input-mb or $LAMBRE_MAX_INPUT_MB); not read", file)
