"""Violations -> LSP diagnostics: range on the blamed token, related information on the other end
of the arc, a message a learner understands, and a severity from rule reliability and parser
confidence (the words and severities come from ``lambre_core.messages``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from lambre_core.check import Violation
from lambre_core.doc import Sentence, Word
from lambre_core.markup import Segment

# the learner-facing words are shared with `lambre-core check`, so editor and CI read the same
from lambre_core.messages import (  # noqa: F401  (re-exported for the server's modules)
    confidence,
    message,
    role,
    severity_name,
    severity_rank,
)

from .positions import LineIndex

SOURCE = "lambre"

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


def _vals(word: Word, feature: str) -> str:
    v = word.feats.get(feature)
    return f"{feature}={v}" if v else f"no {feature}"


def word_span(sent: Sentence, word: Word) -> tuple[int, int] | None:
    """Character span of a word in its sentence text: its own offsets, else the multiword
    token it belongs to."""
    if word.start is not None and word.end is not None and word.end > word.start:
        return word.start, word.end
    for m in sent.multiword:
        if m.first <= word.id <= m.last and m.start is not None and m.end is not None:
            return m.start, m.end
    return None


@dataclass(frozen=True)
class Placed:
    """A violation placed in the document: blamed and other spans as document offsets."""

    violation: Violation
    blamed: tuple[int, int]
    other: tuple[int, int] | None
    severity: str


def place(v: Violation, sent: Sentence, seg: Segment, hint_below: float) -> Placed | None:
    """Map a violation's token spans through the sentence's segment map to document offsets."""
    span = word_span(sent, v.blamed)
    if span is None or span[1] > len(seg.text):
        return None
    other = word_span(sent, v.other)
    other_doc = seg.doc_span(*other) if other is not None and other[1] <= len(seg.text) else None
    return Placed(v, seg.doc_span(*span), other_doc, severity_name(v, hint_below))


def to_diagnostic(p: Placed, index: LineIndex, uri: str, sentence_text: str,
                  severity: str) -> types.Diagnostic:
    """The LSP diagnostic for a placed violation."""
    v = p.violation
    token = index.text[p.blamed[0] : p.blamed[1]]
    related = None
    if p.other is not None:
        other = v.other
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=index.range(*p.other)),
            message=f'"{other.form}" ({_vals(other, v.feature)}), '
                    f'the {"head" if other is v.head else role(v.dep.deprel)} of this arc',
        )]
    data: dict[str, Any] = {
        "ruleId": v.rule.id,
        "form": v.blamed.form,
        # the surface token the range covers (a multiword token for "zum" = zu + dem)
        "token": token,
        "lemma": v.blamed.lemma,
        "upos": v.blamed.upos,
        "feats": dict(v.blamed.feats),
        "feature": v.feature,
        "ruleType": v.rule.type,
        "otherFeats": dict(v.other.feats),
        "expected": list(v.expected),
        "sentence": sentence_text,
    }
    return types.Diagnostic(
        range=index.range(*p.blamed),
        message=message(v),
        severity=_SEVERITY[severity],
        code=v.rule.id,
        source=SOURCE,
        related_information=related,
        data=data,
    )
