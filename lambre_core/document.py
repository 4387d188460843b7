"""Checking whole documents (plain text, Markdown, gettext .po) into findings placed at document
offsets: markup segments -> sentences (Stanza) -> SUD checks -> violations, with the workspace
``.lambre.yaml`` applied (disabled rules, ignored sentences, severities).

This is what ``lambre-core check`` (the pre-commit hook) runs; the language server runs the same
steps incrementally, sentence by sentence.
"""

from __future__ import annotations

import bisect
import functools
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import check_cache
from .check import PLACEHOLDER, SentenceCheck, Violation, ViolationFilter, check_sentence
from .check_cache import CheckCache
from .config import LambreConfig
from .doc import Sentence, shift_offsets, word_span
from .formats.genre import is_label
from .markup import Segment, segments
from .messages import message, reason, severity_name, severity_rank
from .parse_cache import CacheStats, ParseCache, cached_documents, text_key
from .rules import Rule, RuleSet, is_subject_rule
from .usage import document_checks


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
    #: why, in one line of plain words ("The verb agrees with its subject ...")
    reason: str = ""
    #: the string's key in a keyed catalogue (JSON path, Android name, properties key)
    key: str | None = None


@dataclass
class DocumentResult:
    """Findings of a document and the sentence checks behind them (for scoring)."""

    findings: list[Finding] = field(default_factory=list)
    checks: list[SentenceCheck] = field(default_factory=list)
    #: languages met in the document that have no model or rules, with the reason
    unavailable: dict[str, str] = field(default_factory=dict)


#: (language) -> (parser, rule set); raises ``LambreError`` when the language is unavailable
EngineLoader = Callable[[str], tuple[Any, RuleSet]]

#: how ``parse_segments`` parses a string, in parse cache keys
SEGMENT_UNIT = "segment"


@dataclass
class SegmentCache:
    """The parse cache ``check_segments`` reads and fills, so an unchanged string is never parsed
    again (the parser is not even asked for, when it is lazy)."""

    cache: ParseCache | None
    #: language -> the key of the model that parses it (``parse_cache.model_key``)
    model_key: Callable[[str], str]
    stats: CacheStats = field(default_factory=CacheStats)
    #: check results per string (``check_cache``): a string checked before is neither parsed nor
    #: checked again. Only for callers whose ``settings`` name all that changes a check besides
    #: the rules, the disabled rules and the code (the mode); no ``violation_filter``.
    checks: CheckCache | None = None
    settings: str = ""
    #: strings whose checks came from ``checks``, strings checked, why ``checks`` failed
    checks_cached: int = 0
    checked: int = 0
    checks_error: str | None = None


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
    message_language: str = "en",
) -> DocumentResult:
    """Check a whole document of markup ``kind`` in ``language`` (segments may switch language).

    ``violation_filter``, given a language's parser, returns the filter its checks use;
    ``precision``, given the parser, the precise checker's settings (None: paper mode).
    ``uncertain`` also reports the violations the precise checker could not prove (as hints)."""
    return check_segments(text, segments(text, kind, language), language, load, config,
                          disabled=disabled, hint_below=hint_below, min_severity=min_severity,
                          violation_filter=violation_filter, precision=precision,
                          uncertain=uncertain, message_language=message_language)


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
    cache: SegmentCache | None = None,
    message_language: str = "en",
) -> DocumentResult:
    """``check_document`` on segments already cut from ``text`` (translation files: one per
    string or per ICU branch). A finding on a masked placeholder is never reported, and the
    same finding from two branches of one string is reported once. With ``cache``, strings
    parsed before are taken from it and only the others are parsed. Messages are in
    ``message_language`` (``messages.MESSAGE_LANGUAGES``; English otherwise)."""
    from .errors import LambreError

    result = DocumentResult()
    off = disabled | frozenset(config.disabled_rules)
    limit = severity_rank(min_severity)
    seen: set[tuple[int, int, str]] = set()
    by_lang: dict[str, list[int]] = {}
    labels = [is_label(seg.source) for seg in segs]  # (decided once per string)
    for k, seg in enumerate(segs):
        by_lang.setdefault(seg.language or language, []).append(k)
    results = cache.checks if cache is not None and violation_filter is None else None
    #: segment -> (its sentences' text, their checks; None: an ignored sentence not checked)
    done: dict[int, list[tuple[str, SentenceCheck | None]]] = {}
    fresh: dict[str, bytes] = {}  # check cache key -> entry
    keys: dict[int, str] = {}  # segment -> check cache key
    parsers: dict[str, Any] = {}
    for lang, idx in by_lang.items():
        try:
            parser, ruleset = load(lang)
        except LambreError as exc:
            result.unavailable[lang] = str(exc)
            continue
        parsers[lang] = parser
        by_id = ruleset.by_id  # cached findings name their rules by id
        if results is not None and cache is not None:
            engine = check_cache.engine_key(ruleset.version, off, cache.settings)
            model = cache.model_key(lang)
            for k in idx:
                # (the placeholders' places change the checks, not the parse)
                keys[k] = check_cache.entry_key(
                    engine, text_key(lang, model, segs[k].text, SEGMENT_UNIT)
                    + (repr(segs[k].masked) if segs[k].masked else "")
                    + (" label" if labels[k] else ""))
            done.update(_cached_checks(results, idx, keys, cache, by_id))
        todo = [k for k in idx if k not in done]
        if not todo:
            continue  # every string's checks were cached: no parser, no lexicon
        texts = [segs[k].text for k in todo]
        try:
            if cache is None:
                sents = parse_segments(parser, texts)
            else:
                sents = cached_documents(texts, functools.partial(parse_segments, parser),
                                         cache.cache, lang, cache.model_key(lang), SEGMENT_UNIT,
                                         cache.stats)
        except LambreError as exc:  # a lazy parser's model failed to load
            result.unavailable[lang] = str(exc)
            continue
        keep = violation_filter(parser) if violation_filter is not None else None
        prec = precision(parser) if precision is not None else None
        # a label (an infinitive after its object for "Delete file") is checked as a phrase: no
        # subject rules
        as_label = off | frozenset(r.id for r in ruleset.rules if is_subject_rule(r))
        for k, sentences in zip(todo, sents, strict=True):
            again = (check_cache.load(fresh[keys[k]], by_id)
                     if results is not None and cache is not None and keys[k] in fresh else None)
            if again is not None and cache is not None:
                # the same string met again in this run: same parse, so the same checks
                done[k] = again
                cache.checks_cached += 1
                continue
            checks: list[tuple[str, SentenceCheck | None]] = []
            for sent in sentences:
                mark_placeholders(sent, segs[k])
                said = sentence_text(sent, segs[k].text)
                if results is None and config.is_ignored(said):
                    checks.append((said, None))  # not stored: the ignore list is per run
                    continue
                checks.append((said, check_sentence(
                    sent, ruleset, disabled=as_label if labels[k] else off,
                    violation_filter=keep, precision=prec)))
            done[k] = checks
            if results is not None and cache is not None:
                cache.checked += 1
                entry = check_cache.dump(checks)
                if entry is not None:
                    fresh[keys[k]] = entry
    if results is not None and cache is not None and fresh:
        try:
            results.put_many(fresh)
        except sqlite3.Error as exc:
            cache.checks_error = cache.checks_error or str(exc)
    if precision is not None:
        # readings that need the whole document (a writer's own gender for a rare noun); the
        # check cache keeps each string's own checks
        places = [(k, j, lang) for lang, idx in by_lang.items() if lang in parsers
                  for k in idx for j, (_, c) in enumerate(done.get(k, ())) if c is not None]
        final = document_checks([lang for _, _, lang in places],
                                 [c for k, j, _ in places if (c := done[k][j][1]) is not None],
                                 lambda lang: precision(parsers[lang]))
        for (k, j, _), read in zip(places, final, strict=True):
            done[k][j] = (done[k][j][0], read)
    for k, seg in enumerate(segs):
        for said, check in done.get(k, ()):
            if check is None or config.is_ignored(said):
                continue
            result.checks.append(check)
            shown = check.violations + (check.uncertain if uncertain else [])
            for v in shown:
                finding = _place(v, check.sentence, seg, text, said, config, hint_below,
                                 message_language)
                if finding is None or severity_rank(finding.severity) > limit:
                    continue
                key = (finding.start, finding.end, finding.rule_id)
                if key not in seen:
                    seen.add(key)
                    result.findings.append(finding)
    result.findings.sort(key=lambda f: (f.start, f.rule_id))
    return result


def mark_placeholders(sent: Sentence, seg: Segment) -> None:
    """Mark the words standing for a masked placeholder of ``seg`` (``check.PLACEHOLDER``) but
    the numbers of a plural form, which still count ("%d" before a plural noun): a number
    whose form says nothing of it (a Qt numerus form, a string that is no plural form) may be
    any, and counts nothing."""
    if not seg.masked:
        return
    for w in sent.words:
        span = word_span(sent, w)
        if span is not None and seg.is_masked(*span) \
                and (not w.form.isdigit() or seg.count is None):
            w.misc[PLACEHOLDER] = "Yes"


def _cached_checks(results: CheckCache, idx: list[int], keys: dict[int, str],
                   cache: SegmentCache, rules: dict[str, Rule]
                   ) -> dict[int, list[tuple[str, SentenceCheck | None]]]:
    """The checks the check cache holds for segments ``idx`` (none when it cannot be read)."""
    try:
        stored = results.get_many(keys[k] for k in idx)
    except sqlite3.Error as exc:
        cache.checks_error = cache.checks_error or str(exc)
        return {}
    out: dict[int, list[tuple[str, SentenceCheck | None]]] = {}
    for k in idx:
        entry = stored.get(keys[k])
        got = check_cache.load(entry, rules) if entry is not None else None
        if got is not None:  # fresh objects per segment: a repeated string gets its own copy
            out[k] = list(got)
            cache.checks_cached += 1
    return out


#: characters of segments parsed in one Stanza call (under ``parse.MAX_DOC_CHARS``, so no block
#: is cut inside a sentence)
BATCH_CHARS = 15000


def parse_segments(parser: Any, texts: list[str]) -> list[list[Sentence]]:
    """The sentences of each text, offsets relative to it. Short texts (translation strings) are
    parsed together, each its own paragraph (a blank line apart, and sentences never cross
    paragraphs): Stanza runs once per batch, not once or twice per string."""
    out: list[list[Sentence]] = [[] for _ in texts]
    batch: list[int] = []
    size = 0

    def flush() -> None:
        if len(batch) == 1:
            out[batch[0]] = parser.parse_document(texts[batch[0]])
        if len(batch) <= 1:
            return
        starts: list[int] = []
        pos = 0
        for i in batch:
            starts.append(pos)
            pos += len(texts[i]) + 2
        redo: set[int] = set()
        for sent in parser.parse_document("\n\n".join(texts[i] for i in batch)):
            spans = [sp for w in sent.words if (sp := word_span(sent, w)) is not None]
            if not spans:
                continue
            a, b = min(x for x, _ in spans), max(y for _, y in spans)
            k = bisect.bisect_right(starts, a) - 1
            i = batch[k]
            if b > starts[k] + len(texts[i]):
                # a sentence across two strings: parse each of them alone
                redo.update({i, batch[bisect.bisect_right(starts, b - 1) - 1]})
                continue
            shift_offsets(sent, -starts[k])
            sent.metadata["start_char"] = str(a - starts[k])
            out[i].append(sent)
        for i in redo:
            out[i] = parser.parse_document(texts[i])

    for i, t in enumerate(texts):
        if batch and size + len(t) + 2 > BATCH_CHARS:
            flush()
            batch, size = [], 0
        batch.append(i)
        size += len(t) + 2
    flush()
    return out



def _place(v: Violation, sent: Sentence, seg: Segment, text: str, said: str,
           config: LambreConfig, hint_below: float, lang: str = "en") -> Finding | None:
    span = word_span(sent, v.blamed)
    if span is None or span[1] > len(seg.text) or seg.is_masked(*span):
        return None
    start, end = seg.doc_span(*span)
    severity = config.severity_for(v.rule.id) or severity_name(v, hint_below)
    if severity == "off":
        return None
    line, col = _line_col(text, start)
    return Finding(start, end, line, col, severity, v.rule.id, message(v, lang), said, v,
                   reason(v, lang), seg.key)
