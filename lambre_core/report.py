"""Rendering score reports as JSON, TSV and text, with a reproducible signature (as sacrebleu's)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import __version__
from .check import Violation
from .doc import Word
from .intervals import Interval, SystemIntervals
from .messages import message
from .rules import RuleSet
from .score import CorpusReport


@dataclass(frozen=True)
class Signature:
    """What makes two scores comparable: engine version, language, rule file version, parser,
    mode, the rules turned off, the weights, and (precise mode) the lexicon packages."""

    lang: str
    rules: str
    parser: str
    version: str = __version__
    #: the checking mode: "precise" (analyses from the lexicons, proven violations only) or
    #: "paper" (the paper's method: the tagger's one analysis per word)
    mode: str = "precise"
    #: rules turned off (``--disable``): "none", or their number and a hash of their ids
    off: str = "none"
    #: "file" (the rule file's weights), or a hash of the weights in use
    weights: str = "file"
    #: the lexicon packages' versions and the language pack's own data files (precise mode
    #: reads them), hashed; "-" in paper mode
    lexicons: str = "-"
    #: how the corpus score averages over rules: "macro" or "micro" (``lambre_core.score``)
    average: str = "macro"
    #: how text was cut into sentences: "lines" (one a line), "ssplit" (running text),
    #: "ssplit-in-lines" (split inside each line), "conllu" (as parsed)
    segments: str = "lines"

    def __str__(self) -> str:
        return (f"lambre:{self.version}|lang:{self.lang}|rules:{self.rules}|parser:{self.parser}"
                f"|mode:{self.mode}|off:{self.off}|weights:{self.weights}|lex:{self.lexicons}"
                f"|avg:{self.average}|seg:{self.segments}")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def signature_for(ruleset: RuleSet, parser: str, mode: str = "precise",
                  disabled: Iterable[str] = (), weights: Mapping[str, float] | None = None,
                  average: str = "macro", segments: str = "lines") -> Signature:
    """The signature of scores made with ``ruleset``, ``parser``, the checking ``mode``, the
    ``disabled`` rules, the ``weights`` in use (None or the file's own: "file"), the corpus
    score's ``average`` over rules and how the text was cut into ``segments``."""
    off = sorted(set(disabled))
    own = {r.id: r.weight for r in ruleset.rules}
    changed = {k: v for k, v in (weights or {}).items() if own.get(k, 1.0) != v}
    return Signature(
        ruleset.lang, ruleset.version, parser, mode=mode,
        off=f"{len(off)}-{_digest(chr(31).join(off))}" if off else "none",
        weights=_digest(repr(sorted(changed.items()))) if changed else "file",
        lexicons=lexicon_versions(ruleset.lang) if mode == "precise" else "-", average=average,
        segments=segments)


def lexicon_versions(lang: str | None = None) -> str:
    """A short hash of the versions of the lexicon packages the precise checker reads and, with
    ``lang``, of that language pack's data files (its noun lists and tables change scores as a
    package's new version would, without a version of their own)."""
    from .check_cache import lexicon_package_versions
    from .languages import language
    from .parse_cache import file_digest

    parts = lexicon_package_versions()
    if lang is not None:
        parts += [f"{p.name}={file_digest(p).hex()}"
                  for p in sorted(language(lang).data_files()) if p.is_file()]
    return _digest(";".join(parts))


def parser_signature(parser: object) -> str:
    """A name for a loaded parser that changes when its model files change: where it came from
    (``project`` or ``stanza``), the model directory's name, and a hash of its ``*.pt`` files."""
    source = getattr(parser, "source", None)
    path = getattr(source, "path", None)
    if path is None:
        return str(getattr(parser, "name", "unknown"))
    return source_signature(getattr(source, "kind", "model"), Path(path))


def model_signature(lang: str, models: str | None = None) -> str:
    """``parser_signature`` of the model ``lang`` resolves to, without loading it."""
    from .parse import resolve_models

    source = resolve_models(lang, models)
    return source_signature(source.kind, source.path)


def source_signature(kind: str, path: Path) -> str:
    """The parser name for a model directory: kind, directory name, hash of its ``*.pt``."""
    h = hashlib.sha1()
    for f in sorted(Path(path).glob("*.pt")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return f"{kind}:{path.name}-{h.hexdigest()[:8]}"


def word_dict(w: Word) -> dict[str, Any]:
    """A word as the JSON report shows it."""
    return {"id": w.id, "form": w.form, "upos": w.upos, "feats": dict(w.feats),
            "start": w.start, "end": w.end}


def violation_dict(v: Violation) -> dict[str, Any]:
    """A violation as the JSON report shows it (``blame``: word ids, primary first)."""
    return {
        "rule": v.rule.id, "type": v.rule.type, "token": word_dict(v.dep), "head": word_dict(v.head),
        "relation": v.dep.deprel, "feature": v.feature, "expected": list(v.expected),
        "found": list(v.found), "blame": list(v.blame), "evidence": v.evidence,
        "blamed": word_dict(v.blamed), "suggestions": list(v.suggestions),
        "message": message(v),
    }


def report_dict(report: CorpusReport, signature: Signature) -> dict[str, Any]:
    """The whole report as a JSON-ready dict."""
    return {
        "signature": str(signature),
        "score": report.score,
        "sentences_scored": report.scored,
        "sentences_skipped": len(report.skipped),
        "rules": {rid: {"satisfied": t.satisfied, "violated": t.violated, "score": t.score}
                  for rid, t in report.rules.items()},
        "sentences": [
            {
                "id": s.id,
                "text": s.check.sentence.text,
                # a skipped sentence has no score (it is in no average either)
                "score": None if s.error is not None else s.score,
                "violations": [violation_dict(v) for v in s.check.violations],
                **({"error": s.check.error} if s.check.error else {}),
            }
            for s in report.sentences
        ],
    }


def intervals_dict(iv: SystemIntervals) -> dict[str, Any]:
    """Bootstrap intervals as JSON: ``[low, high]`` for the corpus score and each rule."""
    return {"score": [iv.score.low, iv.score.high],
            "rules": {rid: [i.low, i.high] for rid, i in iv.rules.items()}}


def render_json(report: CorpusReport, signature: Signature,
                intervals: SystemIntervals | None = None) -> str:
    """JSON text of the report (with ``intervals``: 95 % bootstrap intervals)."""
    d = report_dict(report, signature)
    if intervals is not None:
        d["intervals"] = intervals_dict(intervals)
    return json.dumps(d, ensure_ascii=False, indent=2) + "\n"


def _ci(iv: Interval | None) -> str:
    return f"[{iv.low:.4f}, {iv.high:.4f}]" if iv is not None else ""


def describe(v: Violation) -> str:
    """One line for a human: which word, which feature, what was expected (and, for a violation
    the precise checker proved, its learner message with the fix)."""
    if v.note:
        return f"{v.rule.id}: {v.note}"
    b, o = v.blamed, v.other
    return (f"{v.rule.id}: \"{b.form}\" has {v.feature}={'/'.join(v.found) or '?'}, expected "
            f"{'/'.join(v.expected)} (with \"{o.form}\")")


def render_tsv(report: CorpusReport, signature: Signature, per_sentence: bool,
               intervals: SystemIntervals | None = None) -> str:
    """TSV: one row per sentence (``--per-sentence``) or per rule, then the corpus row; with
    ``intervals``, rule and corpus rows end with the 95 % interval (low, high)."""
    def tail(iv: Interval | None) -> str:
        return f"\t{iv.low:.4f}\t{iv.high:.4f}" if iv is not None else ""

    rows: list[str] = [f"# {signature}"]
    if report.skipped:
        rows.append(f"# {_counted(report)}")
    if per_sentence:
        rows.append("id\tscore\tviolations\trules")
        for s in report.sentences:
            if s.error is not None:
                rows.append(f"{s.id}\tskipped\t0\t")
                continue
            rows.append(f"{s.id}\t{s.score:.4f}\t{len(s.check.violations)}\t"
                        + ",".join(sorted({v.rule.id for v in s.check.violations})))
    else:
        rows.append("rule\tsatisfied\tviolated\tscore" + ("\tlow\thigh" if intervals else ""))
        for rid, t in report.rules.items():
            rows.append(f"{rid}\t{t.satisfied}\t{t.violated}\t{t.score:.4f}"
                        + (tail(intervals.rules.get(rid)) if intervals else ""))
    rows.append(f"corpus\t{report.score:.4f}" + (tail(intervals.score) if intervals else ""))
    return "\n".join(rows) + "\n"


def _counted(report: CorpusReport) -> str:
    k = len(report.skipped)
    return f"{report.scored} sentences scored, {k} skipped" if k else f"{report.scored} sentences"


def render_text(report: CorpusReport, signature: Signature, per_sentence: bool,
                intervals: SystemIntervals | None = None) -> str:
    """A human-readable report: sentences (optional), rules, the corpus score and signature
    (with ``intervals``: each score's 95 % bootstrap interval)."""
    lines: list[str] = []
    if per_sentence:
        for s in report.sentences:
            if s.check.error:
                lines.append(f"{s.id}\tskipped: {s.check.error}")
                continue
            lines.append(f"{s.id}\t{s.score:.4f}\t{s.check.sentence.text}")
            for v in s.check.violations:
                lines.append(f"    {describe(v)}")
        lines.append("")
    width = max((len(r) for r in report.rules), default=4)
    lines.append(f"{'rule':{width}}  satisfied  violated   score" + ("  95% CI" if intervals else ""))
    for rid, t in report.rules.items():
        ci = "  " + _ci(intervals.rules.get(rid)) if intervals else ""
        lines.append(f"{rid:{width}}  {t.satisfied:9d}  {t.violated:8d}  {t.score:.4f}{ci}")
    n_inst = sum(t.total for t in report.rules.values())
    n_viol = sum(t.violated for t in report.rules.values())
    lines.append("")
    ci = f" {_ci(intervals.score)}" if intervals else ""
    lines.append(f"L'AMBRE = {report.score:.4f}{ci} ({_counted(report)}, "
                 f"{n_inst} rule instances, {n_viol} violations)")
    lines.append(str(signature))
    return "\n".join(lines) + "\n"
