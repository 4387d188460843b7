"""Violation filters that trade recall for precision (plug into ``check_sentence(violation_filter=)``).

- ``confidence_filter(t)``: keep a violation only when the tagger was at least ``t`` sure of the
  feature bundles on both ends (``misc["Conf"]``, written by ``lambre_core.parse``).
- ``syncretism_filter(lexicon)``: drop a violation when a form on the arc is syncretic for the
  rule's feature, i.e. the lexicon says the form can also carry a value that would satisfy the
  rule (German ``werden`` is 1st and 3rd person plural; ``Bücher`` nominative, genitive or
  accusative). This does automatically what the paper's "Robust++" fixed by hand.
"""

from __future__ import annotations

from collections.abc import Callable

from .check import Violation
from .doc import Sentence, Word
from .lexicon import Lexicon

ViolationFilter = Callable[[Violation, Sentence], bool]


def _conf(w: Word) -> float:
    try:
        return float(w.misc.get("Conf", "1"))
    except ValueError:
        return 1.0


def confidence_filter(threshold: float) -> ViolationFilter:
    """Keep violations whose two ends both have feats confidence >= ``threshold``."""

    def keep(v: Violation, _sent: Sentence) -> bool:
        return min(_conf(v.dep), _conf(v.head)) >= threshold

    return keep


def _can_be(lex: Lexicon, w: Word, feature: str, values: set[str]) -> bool:
    if not values:
        return False
    return bool(lex.feature_values(w.form, w.upos, feature) & values)


def syncretism_filter(lexicon: Lexicon) -> ViolationFilter:
    """Drop violations the surface forms cannot prove (see the module docstring)."""

    def keep(v: Violation, _sent: Sentence) -> bool:
        f = v.feature
        if v.rule.type == "agree":
            # either end could carry a value of the other: the forms may well agree
            if _can_be(lexicon, v.dep, f, set(v.head.feat_values(f))):
                return False
            if _can_be(lexicon, v.head, f, set(v.dep.feat_values(f))):
                return False
            return True
        target = v.dep if v.rule.side == "dep" else v.head
        return not _can_be(lexicon, target, f, set(v.rule.allowed))

    return keep


def all_of(*filters: ViolationFilter | None) -> ViolationFilter | None:
    """A filter keeping what every given filter keeps (None when none is given)."""
    fs = [f for f in filters if f is not None]
    if not fs:
        return None

    def keep(v: Violation, s: Sentence) -> bool:
        return all(f(v, s) for f in fs)

    return keep
