"""Grammar error identification on an M2 file (Table 2 of the paper, Algorithm 1 of A.3).

The M2 source sentences are parsed as given (pretokenized), checked against the rules, and token
detections are scored against the gold morphological errors:

- ``E(t)``: neighbours of token ``t`` (head and dependents) across a failing arc; ``H(t) = E(t) != {}``;
- ``H(t)`` and gold ``G(t)``: tp += 1; ``H(t)`` and not ``G(t)``: fp += 0.5 for every ``t*`` in
  ``E(t)`` with not ``G(t*)``; ``G(t)`` and not ``H(t)``: fn += 1.

Tokens are the M2 tokens: words of a multiword token (a preposition fused with an article) count
as their token. Scores are given for agreement rules, assignment rules and both.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .check import SentenceCheck
from .doc import Sentence
from .errors import LambreError
from .files import open_text

#: default gold error types: ERRANT's ``R:<POS>:FORM`` and ``R:MORPH``
DEFAULT_TYPES = ("R:*:FORM", "R:MORPH")


@dataclass
class Edit:
    start: int
    end: int
    type: str
    correction: str
    annotator: str


@dataclass
class M2Sentence:
    tokens: list[str]
    edits: list[Edit] = field(default_factory=list)
    line: int = 0


def read_m2(path: str | os.PathLike[str]) -> list[M2Sentence]:
    """Read an M2 file; malformed lines raise ``LambreError`` with file and line."""
    out: list[M2Sentence] = []
    cur: M2Sentence | None = None
    try:
        fh = open_text(path)
    except OSError as exc:
        raise LambreError(f"cannot read M2 file: {exc.strerror}", file=str(path)) from exc
    with fh:
        for n, raw in enumerate(fh, 1):
            line = raw.rstrip("\n")
            if not line.strip():
                cur = None
                continue
            if line.startswith("S "):
                cur = M2Sentence(line[2:].split(), line=n)
                out.append(cur)
            elif line.startswith("A "):
                if cur is None:
                    raise LambreError("edit line before any source line", str(path), n, 1)
                parts = line[2:].split("|||")
                span = parts[0].split()
                if len(parts) < 6 or len(span) != 2:
                    raise LambreError("malformed edit line (want 'A start end|||type|||...')",
                                      str(path), n, 1)
                try:
                    a, b = int(span[0]), int(span[1])
                except ValueError as exc:
                    raise LambreError("edit span is not two integers", str(path), n, 3) from exc
                cur.edits.append(Edit(a, b, parts[1], parts[2], parts[5]))
            elif line.startswith("S"):
                cur = M2Sentence([], line=n)
                out.append(cur)
            else:
                raise LambreError("line is neither 'S ...' nor 'A ...'", str(path), n, 1)
    return out


def gold_errors(sent: M2Sentence, types: Sequence[str] = DEFAULT_TYPES,
                annotator: str | None = "0") -> set[int]:
    """Indices of source tokens inside an edit whose type matches one of ``types`` (globs)."""
    out: set[int] = set()
    for e in sent.edits:
        if annotator is not None and e.annotator != annotator:
            continue
        if e.start < 0 or not any(fnmatch.fnmatchcase(e.type, t) for t in types):
            continue
        out.update(range(e.start, max(e.end, e.start + 1)))
    return out


def corrected_tokens(sent: M2Sentence, annotator: str = "0") -> list[str]:
    """The source tokens with one annotator's edits applied (the corrected sentence)."""
    toks = list(sent.tokens)
    edits = [e for e in sent.edits if e.annotator == annotator and e.start >= 0
             and e.type not in ("noop", "UNK")]
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        toks[e.start:e.end] = e.correction.split() if e.correction not in ("-NONE-", "") else []
    return toks


def word_to_token(sentence: Sentence) -> dict[int, int]:
    """Word id -> 0-based surface token index (words of a multiword token share one)."""
    mwt = {m.first: m for m in sentence.multiword}
    out: dict[int, int] = {}
    tok = 0
    i = 1
    n = len(sentence.words)
    while i <= n:
        m = mwt.get(i)
        if m is not None:
            for j in range(m.first, m.last + 1):
                out[j] = tok
            i = m.last + 1
        else:
            out[i] = tok
            i += 1
        tok += 1
    return out


@dataclass
class Counts:
    tp: float = 0.0
    fp: float = 0.0
    fn: float = 0.0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    def as_dict(self) -> dict[str, float]:
        return {"precision": round(100 * self.precision, 2), "recall": round(100 * self.recall, 2),
                "tp": self.tp, "fp": self.fp, "fn": self.fn}


#: which words of a violation count as detected: ``arc``, the words of the violated arc and a
#: determiner blamed off it (the paper's Algorithm 1: either end may be the one to correct,
#: a determiner and noun with no case in common: fix the determiner or the noun; a governed
#: noun that already has the case is not blamed, only its determiner and governor); ``blamed``,
#: only the word the checker blames first
#: (stricter: it also measures the blame)
ENDS = ("arc", "blamed")


def token_detections(check: SentenceCheck, types: Iterable[str],
                     ends: str = "arc") -> dict[int, set[int]]:
    """Token-level ``E(t)`` from the violations of rules of the given types: each detected token
    with the other words of its violations (see ``ENDS``)."""
    wanted = set(types)
    w2t = word_to_token(check.sentence)
    out: dict[int, set[int]] = {}
    for v in check.violations:
        if v.rule.type not in wanted:
            continue
        words = (v.dep.id, v.head.id) if v.evidence == "tagger" else v.blame
        toks = [t for t in (w2t.get(i) for i in words) if t is not None]
        if len(toks) < 2:
            continue
        for a in (toks if ends == "arc" or v.evidence == "tagger" else toks[:1]):
            out.setdefault(a, set()).update(t for t in toks if t != a)
    return out


def score_sentence(counts: Counts, n_tokens: int, detections: dict[int, set[int]],
                   gold: set[int]) -> None:
    """Algorithm 1 for one sentence, added into ``counts``."""
    for t in range(n_tokens):
        e = detections.get(t, set())
        if e:
            if t in gold:
                counts.tp += 1
            else:
                for other in e:
                    if other != t and other not in gold:
                        counts.fp += 0.5
        elif t in gold:
            counts.fn += 1


GROUPS = {"all": ("agree", "as"), "agree": ("agree",), "as": ("as",)}


def score_gei(m2: Sequence[M2Sentence], checks: Sequence[SentenceCheck],
              types: Sequence[str] = DEFAULT_TYPES, ends: str = "arc") -> dict[str, Counts]:
    """Precision/recall counts for all rules, agreement rules and assignment rules (``ends``:
    which words of a violation are detected, see ``ENDS``)."""
    result = {g: Counts() for g in GROUPS}
    for src, chk in zip(m2, checks, strict=True):
        gold = gold_errors(src, types)
        for g, kinds in GROUPS.items():
            score_sentence(result[g], len(src.tokens), token_detections(chk, kinds, ends), gold)
    return result
