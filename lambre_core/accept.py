"""Acceptability contrasts from a GEC corpus (the paper's Table 4, appendix A.4).

Each M2 sentence gives four variants: the source, the source with only its morphological edits
applied ("morph-corrected"), with only the other edits ("rest-corrected"), and the target (all
edits). A contrast ``(a, b)`` asks whether L'AMBRE scores ``b`` higher than ``a``; its accuracy is
the share of sentences, among those where ``a`` and ``b`` differ, where it does (a tie is a
miss, as in the paper).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .gei import DEFAULT_TYPES, Edit, M2Sentence

VARIANTS = ("src", "morph", "rest", "tgt")
#: the paper's five contrasts, (worse, better)
CONTRASTS = (("src", "tgt"), ("src", "morph"), ("src", "rest"), ("morph", "tgt"), ("rest", "tgt"))
VARIANT_NAMES = {"src": "src", "morph": "morph-corrected", "rest": "rest-corrected", "tgt": "tgt"}


def _apply(tokens: Sequence[str], edits: Sequence[Edit]) -> list[str]:
    out = list(tokens)
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        out[e.start:e.end] = e.correction.split() if e.correction not in ("-NONE-", "") else []
    return out


def variants(sent: M2Sentence, types: Sequence[str] = DEFAULT_TYPES,
             annotator: str = "0") -> dict[str, list[str]]:
    """The four variants of one M2 sentence (edits of ``annotator``; ``types`` are the
    morphological edit types, globs)."""
    edits = [e for e in sent.edits if e.annotator == annotator and e.start >= 0
             and e.type not in ("noop", "UNK")]
    morph = [e for e in edits if any(fnmatch.fnmatchcase(e.type, t) for t in types)]
    rest = [e for e in edits if e not in morph]
    return {"src": list(sent.tokens), "morph": _apply(sent.tokens, morph),
            "rest": _apply(sent.tokens, rest), "tgt": _apply(sent.tokens, edits)}


@dataclass
class ContrastResult:
    """How often the better variant scored higher, tied, or lower."""

    better: str
    worse: str
    wins: int = 0
    ties: int = 0
    losses: int = 0

    @property
    def pairs(self) -> int:
        return self.wins + self.ties + self.losses

    @property
    def accuracy(self) -> float:
        return self.wins / self.pairs if self.pairs else float("nan")

    @property
    def name(self) -> str:
        return f"({VARIANT_NAMES[self.worse]}, {VARIANT_NAMES[self.better]})"


@dataclass
class AcceptReport:
    """Accuracy per contrast over the sentences an M2 file corrects."""

    sentences: int
    corrected: int
    contrasts: list[ContrastResult] = field(default_factory=list)


def evaluate_contrasts(m2: Sequence[M2Sentence], score: Callable[[list[list[str]]], list[float]],
                       types: Sequence[str] = DEFAULT_TYPES) -> AcceptReport:
    """Score every distinct variant once (``score`` maps token lists to segment scores) and
    count each contrast."""
    per_sent = [variants(s, types) for s in m2]
    per_sent = [v for v in per_sent if v["src"] != v["tgt"]]
    distinct: dict[tuple[str, ...], int] = {}
    for v in per_sent:
        for toks in v.values():
            distinct.setdefault(tuple(toks), len(distinct))
    scores = score([list(t) for t in distinct])
    report = AcceptReport(len(m2), len(per_sent), [ContrastResult(b, a) for a, b in CONTRASTS])
    for v in per_sent:
        for c in report.contrasts:
            worse, better = v[c.worse], v[c.better]
            if worse == better:
                continue
            sw, sb = scores[distinct[tuple(worse)]], scores[distinct[tuple(better)]]
            if sb > sw:
                c.wins += 1
            elif sb == sw:
                c.ties += 1
            else:
                c.losses += 1
    return report
