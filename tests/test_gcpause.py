"""Pausing the cyclic collector (``lambre_core.gcpause``): the collector's state comes back as
it was, nested pauses leave it off until the outermost ends, objects made in a paused block are
not left in the youngest generation (where the next allocation would scan them all), and a
paused block inside ``objects_frozen`` leaves the frozen objects frozen."""

from __future__ import annotations

import gc

from lambre_core.gcpause import collector_paused, objects_frozen


class _Node:
    """A tracked object of a type of its own, to find among the collector's objects."""


def _in_generation(obj: object, generation: int) -> bool:
    return any(o is obj for o in gc.get_objects(generation=generation))


def test_state_restored_and_nesting() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block does not turn it back on
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # off before, off after
    finally:
        gc.enable()


def test_objects_of_a_paused_block_leave_the_youngest_generation() -> None:
    with collector_paused():
        made = [_Node() for _ in range(1000)]
        assert _in_generation(made[0], 0)
    assert not _in_generation(made[0], 0) and _in_generation(made[0], 2)
    assert gc.get_freeze_count() == 0  # moved through the permanent generation, not left there


def test_frozen_objects_stay_frozen_through_a_paused_block() -> None:
    before = _Node()
    with objects_frozen():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with collector_paused():
            made = _Node()
        assert gc.get_freeze_count() == frozen  # not thawed by the paused block
        assert _in_generation(made, 0)  # left young: the collector scans it as usual
    assert gc.get_freeze_count() == 0 and _in_generation(before, 2)


def test_keep_for_life_freezes_for_good_and_frees_young_cycles() -> None:
    """In its own process (the state is the process's for good): what is alive goes to the
    permanent generation, young reference cycles are collected first, paused blocks and
    ``objects_frozen`` no longer thaw, and a kept object is still freed by its references."""
    import subprocess
    import sys

    code = """
import gc, weakref
from lambre_core.gcpause import collector_paused, keep_for_life, objects_frozen

class Node: pass

kept = [Node() for _ in range(100)]
cycle = Node(); cycle.me = cycle; dead = weakref.ref(cycle); del cycle
keep_for_life()
print(dead() is None, gc.get_freeze_count() > 100)
frozen = gc.get_freeze_count()
with collector_paused():
    made = Node()
with objects_frozen():
    pass
print(gc.get_freeze_count() >= frozen, gc.isenabled())
probe = weakref.ref(kept[0]); del kept
print(probe() is None)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout.split()
    assert out == ["True", "True", "True", "True", "True"]
