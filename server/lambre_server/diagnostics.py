"""Violations -> LSP diagnostics: range on the blamed token, related information on the other end
of the arc, a message a learner understands, and a severity from rule reliability and parser
confidence (the words and severities come from ``lambre_core.messages``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from lambre_core.check import Violation
from lambre_core.doc import Sentence, word_span
from lambre_core.markup import Segment

# the learner-facing words are shared with `lambre-core check`, so editor and CI read the same
from lambre_core.messages import (  # noqa: F401  (re-exported for the server's modules)
    confidence,
    message,
    reason,
    related_text,
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


@dataclass(frozen=True)
class Template:
    """What a violation publishes, in sentence coordinates: computed once per sentence check
    (cached by the server), then placed at the sentence's current position on every publish."""

    violation: Violation
    #: severity from reliability x confidence (before ``.lambre.yaml`` overrides)
    severity: str
    blamed: tuple[int, int]
    other: tuple[int, int] | None
    message: str
    related_message: str


def templates(sent: Sentence, violations: list[Violation], text_len: int,
              hint_below: float, lang: str = "en") -> list[Template]:
    """Templates for a sentence's violations (those whose blamed word has a span), their
    messages and reasons in ``lang``."""
    out = []
    for v in violations:
        span = word_span(sent, v.blamed)
        if span is None or span[1] > text_len:
            continue
        other = word_span(sent, v.other)
        if other is not None and other[1] > text_len:
            other = None
        related = related_text(v, lang)
        said = message(v, lang)
        why = reason(v, lang)
        out.append(Template(v, severity_name(v, hint_below), span, other,
                            f"{said} {why}" if why else said, related))
    return out


def violation_data(v: Violation, sentence_text: str) -> dict[str, Any]:
    """What the quick fix needs to know about a violation (looked up when asked, not sent)."""
    return {
        "ruleId": v.rule.id,
        "form": v.blamed.form,
        "lemma": v.blamed.lemma,
        "upos": v.blamed.upos,
        "feats": dict(v.blamed.feats),
        "feature": v.feature,
        "ruleType": v.rule.type,
        "otherFeats": dict(v.other.feats),
        "expected": list(v.expected),
        "sentence": sentence_text,
        "suggestions": list(v.suggestions),
    }


def render(t: Template, seg: Segment, base: int, index: LineIndex, uri: str,
           severity: str) -> dict[str, Any]:
    """The JSON of the LSP diagnostic for ``t`` in a sentence that starts at character ``base``
    of segment ``seg`` (plain dicts: building lsprotocol objects for thousands of diagnostics
    on every keystroke costs more than the parse)."""
    a, b = seg.doc_span(base + t.blamed[0], base + t.blamed[1])
    diag: dict[str, Any] = {
        "range": index.range_json(a, b),
        "message": t.message,
        "severity": int(_SEVERITY[severity]),
        "code": t.violation.rule.id,
        "source": SOURCE,
        # "token": the surface text the range covers (a multiword token for "zum" = zu + dem)
        "data": {"ruleId": t.violation.rule.id, "form": t.violation.blamed.form,
                 "token": index.text[a:b]},
    }
    if t.other is not None:
        oa, ob = seg.doc_span(base + t.other[0], base + t.other[1])
        diag["relatedInformation"] = [{
            "location": {"uri": uri, "range": index.range_json(oa, ob)},
            "message": t.related_message,
        }]
    return diag
