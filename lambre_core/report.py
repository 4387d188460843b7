"""Rendering score reports as JSON, TSV and text, with a reproducible signature (as sacrebleu's)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import __version__
from .check import Violation
from .doc import Word
from .messages import message
from .rules import RuleSet
from .score import CorpusReport


@dataclass(frozen=True)
class Signature:
    """What makes two scores comparable: engine version, language, rule file version, parser."""

    lang: str
    rules: str
    parser: str
    version: str = __version__
    #: the checking mode: "precise" (analyses from the lexicons, proven violations only) or
    #: "paper" (the paper's method: the tagger's one analysis per word)
    mode: str = "precise"

    def __str__(self) -> str:
        return (f"lambre:{self.version}|lang:{self.lang}|rules:{self.rules}|parser:{self.parser}"
                f"|mode:{self.mode}")


def signature_for(ruleset: RuleSet, parser: str, mode: str = "precise") -> Signature:
    """The signature of scores made with ``ruleset``, ``parser`` and the checking ``mode``."""
    return Signature(ruleset.lang, ruleset.version, parser, mode=mode)


def parser_signature(parser: object) -> str:
    """A name for a loaded parser that changes when its model files change: where it came from
    (``project`` or ``stanza``), the model directory's name, and a hash of its ``*.pt`` files."""
    source = getattr(parser, "source", None)
    path = getattr(source, "path", None)
    if path is None:
        return str(getattr(parser, "name", "unknown"))
    h = hashlib.sha1()
    for f in sorted(Path(path).glob("*.pt")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return f"{getattr(source, 'kind', 'model')}:{Path(path).name}-{h.hexdigest()[:8]}"


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
        "rules": {rid: {"satisfied": t.satisfied, "violated": t.violated, "score": t.score}
                  for rid, t in report.rules.items()},
        "sentences": [
            {
                "id": s.id,
                "text": s.check.sentence.text,
                "score": s.score,
                "violations": [violation_dict(v) for v in s.check.violations],
                **({"error": s.check.error} if s.check.error else {}),
            }
            for s in report.sentences
        ],
    }


def render_json(report: CorpusReport, signature: Signature) -> str:
    """JSON text of the report."""
    return json.dumps(report_dict(report, signature), ensure_ascii=False, indent=2) + "\n"


def describe(v: Violation) -> str:
    """One line for a human: which word, which feature, what was expected (and, for a violation
    the precise checker proved, its learner message with the fix)."""
    if v.note:
        return f"{v.rule.id}: {v.note}"
    b, o = v.blamed, v.other
    return (f"{v.rule.id}: \"{b.form}\" has {v.feature}={'/'.join(v.found) or '?'}, expected "
            f"{'/'.join(v.expected)} (with \"{o.form}\")")


def render_tsv(report: CorpusReport, signature: Signature, per_sentence: bool) -> str:
    """TSV: one row per sentence (``--per-sentence``) or per rule, then the corpus row."""
    rows: list[str] = [f"# {signature}"]
    if per_sentence:
        rows.append("id\tscore\tviolations\trules")
        for s in report.sentences:
            rows.append(f"{s.id}\t{s.score:.4f}\t{len(s.check.violations)}\t"
                        + ",".join(sorted({v.rule.id for v in s.check.violations})))
    else:
        rows.append("rule\tsatisfied\tviolated\tscore")
        for rid, t in report.rules.items():
            rows.append(f"{rid}\t{t.satisfied}\t{t.violated}\t{t.score:.4f}")
    rows.append(f"corpus\t{report.score:.4f}")
    return "\n".join(rows) + "\n"


def render_text(report: CorpusReport, signature: Signature, per_sentence: bool) -> str:
    """A human-readable report: sentences (optional), rules, the corpus score and signature."""
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
    lines.append(f"{'rule':{width}}  satisfied  violated   score")
    for rid, t in report.rules.items():
        lines.append(f"{rid:{width}}  {t.satisfied:9d}  {t.violated:8d}  {t.score:.4f}")
    n_inst = sum(t.total for t in report.rules.values())
    n_viol = sum(t.violated for t in report.rules.values())
    lines.append("")
    lines.append(f"L'AMBRE = {report.score:.4f} ({len(report.sentences)} sentences, "
                 f"{n_inst} rule instances, {n_viol} violations)")
    lines.append(str(signature))
    return "\n".join(lines) + "\n"
