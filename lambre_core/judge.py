"""Judgement suites: hand-written sentences, each correct or with one marked error, and how the
checker does on them (no diagnostic on a correct sentence; the marked token blamed on a wrong one).

A suite is a TSV file (``tests/data/<lang>/judgements.tsv``) with the columns
``id sentence label token feature category note`` and an optional ``gap`` column: a case the
checker still gets wrong, with the reason. Lines starting with ``#`` are comments.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .check import SentenceCheck, check_sentence
from .doc import word_span
from .errors import LambreError
from .rules import RuleSet

_PUNCT = ".,;:!?\"„“‚‘’«»()—"


@dataclass(frozen=True)
class Judgement:
    """One sentence of a suite."""

    id: str
    sentence: str
    label: str  # "ok" | "error"
    token: str = ""
    feature: str = ""
    category: str = ""
    note: str = ""
    gap: str = ""


@dataclass
class Outcome:
    """What the checker did on one sentence: the tokens it blamed (primary blame of each
    finding) and whether that is the right verdict."""

    judgement: Judgement
    blamed: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    #: the fix offered with each finding ("" when none), in the order of ``blamed``
    fixes: list[str] = field(default_factory=list)

    @property
    def expected_fix(self) -> str:
        """The correction the suite's note gives (the form after "->"); "" when none."""
        head = self.judgement.note.split(";")[0]
        if self.judgement.label != "error" or "->" not in head:
            return ""
        return head.split("->", 1)[1].strip().split(" (")[0].strip()

    @property
    def passed(self) -> bool:
        if self.judgement.label == "ok":
            return not self.blamed
        return bool(self.blamed) and set(self.blamed) == {self.judgement.token}


def read_judgements(path: str | os.PathLike[str]) -> list[Judgement]:
    """Read a suite; a malformed line raises ``LambreError`` with file and line."""
    out: list[Judgement] = []
    with open(path, encoding="utf-8", newline="") as fh:
        rows = csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
        header: list[str] | None = None
        for n, row in enumerate(rows, 1):
            if not row or not "".join(row).strip() or row[0].startswith("#"):
                continue
            if header is None:
                header = row
                continue
            rec = dict(zip(header, row, strict=False))
            label = rec.get("label", "")
            if label not in ("ok", "error") or not rec.get("sentence"):
                raise LambreError(f"bad judgement line (label {label!r})", str(path), n, 1)
            j = Judgement(rec.get("id", f"line-{n}"), rec["sentence"], label,
                          rec.get("token", ""), rec.get("feature", ""), rec.get("category", ""),
                          rec.get("note", ""), rec.get("gap", ""))
            if label == "error" and _tokens(j.sentence).count(j.token) != 1:
                raise LambreError(f"{j.id}: token {j.token!r} must occur exactly once",
                                  str(path), n, 1)
            out.append(j)
    return out


def _tokens(sentence: str) -> list[str]:
    return [t.strip(_PUNCT) for t in sentence.split()]


def _surface(sentence: str, start: int, end: int) -> str:
    """The whitespace token around a span (a blamed word inside a contraction is the whole
    contraction)."""
    a = sentence.rfind(" ", 0, start) + 1
    b = sentence.find(" ", end)
    return sentence[a: b if b >= 0 else len(sentence)].strip(_PUNCT)


def judge(items: Sequence[Judgement], parser: Any, ruleset: RuleSet, *,
          precision: Any | None = None, violation_filter: Any | None = None) -> list[Outcome]:
    """Parse and check every sentence; the outcomes in the same order."""
    from .messages import message

    sents = parser.parse_sentences([j.sentence for j in items])
    out = []
    for j, sent in zip(items, sents, strict=True):
        check: SentenceCheck = check_sentence(sent, ruleset, precision=precision,
                                              violation_filter=violation_filter)
        o = Outcome(j)
        for v in check.violations:
            span = word_span(check.sentence, v.blamed)
            o.blamed.append(_surface(j.sentence, *span) if span else v.blamed.form)
            o.messages.append(f"{v.rule.id}: {message(v)}")
            o.fixes.append(_fix_as_written(v))
        out.append(o)
    return out


def _fix_as_written(v: Any) -> str:
    """The fix a finding offers, as its message shows it (a contraction's fix in full)."""
    args = dict(getattr(v, "message_args", ()))
    return args.get("fix", v.suggestions[0] if v.suggestions else "")


@dataclass(frozen=True)
class Summary:
    correct: int
    correct_flagged: int
    errors: int
    errors_blamed: int
    errors_found: int

    @property
    def flagged_rate(self) -> float:
        return self.correct_flagged / self.correct if self.correct else 0.0

    @property
    def blamed_rate(self) -> float:
        return self.errors_blamed / self.errors if self.errors else 0.0


def summarize(outcomes: Iterable[Outcome]) -> Summary:
    """Correct sentences flagged; errors found; errors blamed on exactly the marked token."""
    outs = list(outcomes)
    ok = [o for o in outs if o.judgement.label == "ok"]
    bad = [o for o in outs if o.judgement.label == "error"]
    return Summary(len(ok), sum(1 for o in ok if o.blamed), len(bad),
                   sum(1 for o in bad if o.passed), sum(1 for o in bad if o.blamed))
