"""Violation filters that trade recall for precision (plug into ``check_sentence(violation_filter=)``).

- ``confidence_filter(t)``: keep a violation only when the tagger was at least ``t`` sure of the
  rule's feature on both ends (``misc["FConf"]``/``misc["Conf"]``, written by
  ``lambre_core.parse``).
- ``uncertain_blame_filter(t)``: keep a violation only when the tagger was at most ``t`` sure of
  the blamed token's value (measured to help more than the above with small taggers).
- ``syncretism_filter(lexicon)``: drop a violation when a form on the arc is syncretic for the
  rule's feature, i.e. the lexicon says the form can also carry a value that would satisfy the
  rule (a German auxiliary's plural form is 1st and 3rd person alike; a plural noun without a
  dative ending is nominative, genitive or accusative). This does automatically what the
  paper's "Robust++" fixed by hand.
"""

from __future__ import annotations

from collections.abc import Callable

from .check import Violation
from .doc import Sentence, Word
from .lexicon import Lexicon

ViolationFilter = Callable[[Violation, Sentence], bool]


def feature_conf(w: Word, feature: str) -> float:
    """The tagger's probability of ``w``'s value of ``feature`` (``misc["FConf"]``), else of its
    whole bundle (``misc["Conf"]``), else 1 (a parse without confidences is trusted)."""
    for part in w.misc.get("FConf", "").split(","):
        k, _, v = part.partition(":")
        if k == feature:
            try:
                return float(v)
            except ValueError:
                break
    try:
        return float(w.misc.get("Conf", "1"))
    except ValueError:
        return 1.0


def confidence_filter(threshold: float) -> ViolationFilter:
    """Keep violations where the tagger is at least ``threshold`` sure of the rule's feature on
    both ends of the arc."""

    def keep(v: Violation, _sent: Sentence) -> bool:
        return min(feature_conf(v.dep, v.feature), feature_conf(v.head, v.feature)) >= threshold

    return keep


#: features held fixed when asking whether a form could carry another value of one feature
_CONTEXT = ("Case", "Gender", "Number", "Person")


def uncertain_blame_filter(threshold: float) -> ViolationFilter:
    """Keep violations where the tagger is at most ``threshold`` sure of the blamed token's value.

    Measured on Falko-MERLIN with the project's small taggers, this is the direction that helps:
    a learner's wrong form does not fit its context, so the tagger hesitates on it, while a
    confidently tagged mismatch is more often a parser error (see the model card)."""

    def keep(v: Violation, _sent: Sentence) -> bool:
        return feature_conf(v.blamed, v.feature) <= threshold

    return keep


def _can_be(lex: Lexicon, w: Word, feature: str, values: set[str]) -> bool:
    """Could ``w``'s form carry one of ``values`` for ``feature`` while keeping the rest of its
    predicted bundle? (an auxiliary's 3rd plural can be 1st plural; the masculine nominative
    definite article cannot be feminine nominative.)"""
    if not values:
        return False
    for b in lex.analyses(w.form, w.upos):
        a = dict(b)
        if not set(a.get(feature, "").split(",")) & values:
            continue
        if all(a[g] == w.feats[g] for g in _CONTEXT
               if g != feature and g in a and g in w.feats):
            return True
    return False


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


#: the blamed-token confidence above which a violation is taken for a tagging error (measured on
#: Falko-MERLIN dev with the shipped German model: see models/de/README.md, Table 2)
PRECISE_BLAME_MAX_CONF = 0.7


def precise_filter(lexicon: Lexicon | None) -> ViolationFilter:
    """The filters that raised precision on learner text, together: syncretic forms (when a
    lexicon is at hand) and confidently tagged blamed tokens."""
    combined = all_of(syncretism_filter(lexicon) if lexicon is not None else None,
                      uncertain_blame_filter(PRECISE_BLAME_MAX_CONF))
    assert combined is not None
    return combined
