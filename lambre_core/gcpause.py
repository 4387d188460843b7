"""Pausing CPython's cyclic garbage collector while a bulk job builds many small objects.

Reading a treebank or checking a corpus allocates millions of words, dicts and results that
form no reference cycles (measured: none after reading, 24 objects after precise checking of
Russian GSD test). The collector still re-scans all of them every few hundred allocations:
that was half the time of checking and reading. Pausing it changes no result; what little
cyclic garbage a job leaves is collected once the collector runs again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Disable the cyclic collector for the ``with`` block; restore its state after (nests)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
