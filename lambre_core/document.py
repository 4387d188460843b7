"""Checking whole documents (plain text, Markdown, gettext .po) into findings placed at document
offsets: markup segments -> sentences (Stanza) -> SUD checks -> violations, with the workspace
``.lambre.yaml`` applied (disabled rules, ignored sentences, severities).

This is what ``lambre-core check`` (the pre-commit hook) runs; the language server runs the same
steps incrementally, sentence by sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .check import SentenceCheck, Violation, ViolationFilter, check_sentence
from .config import LambreConfig
from .doc import Sentence, word_span
from .markup import Segment, segments
from .messages import message, severity_name, severity_rank
from .rules import RuleSet


@dataclass(frozen=True)
class Finding:
    """A violation placed in a document."""

    start: int  # document offsets of the blamed word (end exclusive)
    end: int
    line: int  # 1-based line and column (in characters) of ``start``
    column: int
    severity: str
    rule_id: str
    message: str
    sentence: str
    violation: Violation


@dataclass
class DocumentResult:
    """Findings of a document and the sentence checks behind them (for scoring)."""

    findings: list[Finding] = field(default_factory=list)
    checks: list[SentenceCheck] = field(default_factory=list)
    #: languages met in the document that have no model or rules, with the reason
    unavailable: dict[str, str] = field(default_factory=dict)


#: (language) -> (parser, rule set); raises ``LambreError`` when the language is unavailable
EngineLoader = Callable[[str], tuple[Any, RuleSet]]


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def sentence_text(sent: Sentence, seg_text: str) -> str:
    """The text a sentence covers in its segment (falls back to its metadata)."""
    spans = [s for w in sent.words if (s := word_span(sent, w)) is not None]
    if spans:
        return seg_text[min(a for a, _ in spans): max(b for _, b in spans)]
    return sent.text


def check_document(
    text: str,
    kind: str,
    language: str,
    load: EngineLoader,
    config: LambreConfig,
    *,
    disabled: frozenset[str] = frozenset(),
    hint_below: float = 0.5,
    min_severity: str = "hint",
    violation_filter: Callable[[Any], ViolationFilter | None] | None = None,
    precision: Callable[[Any], Any] | None = None,
    uncertain: bool = False,
) -> DocumentResult:
    """Check a whole document of markup ``kind`` in ``language`` (segments may switch language).

    ``violation_filter``, given a language's parser, returns the filter its checks use;
    ``precision``, given the parser, the precise checker's settings (None: paper mode).
    ``uncertain`` also reports the violations the precise checker could not prove (as hints)."""
    return check_segments(text, segments(text, kind, language), language, load, config,
                          disabled=disabled, hint_below=hint_below, min_severity=min_severity,
                          violation_filter=violation_filter, precision=precision,
                          uncertain=uncertain)


def check_segments(
    text: str,
    segs: list[Segment],
    language: str,
    load: EngineLoader,
    config: LambreConfig,
    *,
    disabled: frozenset[str] = frozenset(),
    hint_below: float = 0.5,
    min_severity: str = "hint",
    violation_filter: Callable[[Any], ViolationFilter | None] | None = None,
    precision: Callable[[Any], Any] | None = None,
    uncertain: bool = False,
) -> DocumentResult:
    """``check_document`` on segments already cut from ``text`` (translation files: one per
    string or per ICU branch). A finding on a masked placeholder is never reported, and the
    same finding from two branches of one string is reported once."""
    from .errors import LambreError

    result = DocumentResult()
    off = disabled | frozenset(config.disabled_rules)
    limit = severity_rank(min_severity)
    seen: set[tuple[int, int, str]] = set()
    for seg in segs:
        lang = seg.language or language
        if lang in result.unavailable:
            continue
        try:
            parser, ruleset = load(lang)
        except LambreError as exc:
            result.unavailable[lang] = str(exc)
            continue
        keep = violation_filter(parser) if violation_filter is not None else None
        prec = precision(parser) if precision is not None else None
        for sent in parser.parse_document(seg.text):
            said = sentence_text(sent, seg.text)
            if config.is_ignored(said):
                continue
            check = check_sentence(sent, ruleset, disabled=off, violation_filter=keep,
                                   precision=prec)
            result.checks.append(check)
            shown = check.violations + (check.uncertain if uncertain else [])
            for v in shown:
                finding = _place(v, check.sentence, seg, text, said, config, hint_below)
                if finding is None or severity_rank(finding.severity) > limit:
                    continue
                key = (finding.start, finding.end, finding.rule_id)
                if key not in seen:
                    seen.add(key)
                    result.findings.append(finding)
    result.findings.sort(key=lambda f: (f.start, f.rule_id))
    return result


def _place(v: Violation, sent: Sentence, seg: Segment, text: str, said: str,
           config: LambreConfig, hint_below: float) -> Finding | None:
    span = word_span(sent, v.blamed)
    if span is None or span[1] > len(seg.text) or seg.is_masked(*span):
        return None
    start, end = seg.doc_span(*span)
    severity = config.severity_for(v.rule.id) or severity_name(v, hint_below)
    if severity == "off":
        return None
    line, col = _line_col(text, start)
    return Finding(start, end, line, col, severity, v.rule.id, message(v), said, v)
