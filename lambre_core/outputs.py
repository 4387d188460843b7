"""Reports of ``lambre-core check`` for people and CI: text lines, JSON, SARIF 2.1.0."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .filecheck import FileReport

SARIF_SCHEMA = ("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                "sarif-schema-2.1.0.json")
#: our severities as SARIF result levels
SARIF_LEVEL = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}


def text_report(reports: Sequence[FileReport]) -> str:
    """``path:line:col: severity: message reason [rule]``, one line per finding."""
    return "".join(f"{r.path}:{f.line}:{f.column}: {f.severity}: {_said(f)} [{f.rule_id}]\n"
                   for r in reports for f in r.findings)


def _said(f: Any) -> str:
    """A finding's message and its one-line reason."""
    return f"{f.message} {f.reason}" if f.reason else f.message


def json_report(reports: Sequence[FileReport]) -> str:
    """A JSON list of findings (file, line, column, document offsets, severity, rule, message)."""
    rows = [{"file": r.path, "line": f.line, "column": f.column, "end_line": e[0],
             "end_column": e[1], "start": f.start, "end": f.end, "severity": f.severity,
             "rule": f.rule_id, "message": f.message, "reason": f.reason,
             "sentence": f.sentence, "format": r.format,
             "language": r.language, **({"key": f.key} if f.key is not None else {})}
            for r in reports for f, e in zip(r.findings, r.ends, strict=True)]
    return json.dumps(rows, ensure_ascii=False, indent=2) + "\n"


def _uri(path: str) -> str:
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            return p.resolve().as_uri()
    return p.as_posix()


def rule_description(rule_id: str) -> str:
    """A rule id in words: ``agree.DET.NOUN.det.Gender`` -> "Gender agreement of DET with its
    NOUN head (det)"; ``as.dep.DET.VERB.comp:obj.Case`` -> "Case of DET under a VERB head
    (comp:obj)"."""
    parts = rule_id.split(".")
    if parts[0] == "agree" and len(parts) == 5:
        _, dep, head, rel, feat = parts
        return f"{feat} agreement of {dep} with its {head} head ({rel})"
    if parts[0] == "as" and len(parts) == 6:
        _, side, dep, head, rel, feat = parts
        who = dep if side == "dep" else head
        return f"{feat} of {who} in a {dep} -> {head} relation ({rel})"
    return f"morphosyntactic rule {rule_id}"


def sarif_log(reports: Sequence[FileReport]) -> dict[str, Any]:
    """A SARIF 2.1.0 log of one run: findings as results, bad files as tool notifications.
    Columns count Unicode code points (``columnKind``)."""
    rule_ids = sorted({f.rule_id for r in reports for f in r.findings})
    index = {rid: k for k, rid in enumerate(rule_ids)}
    results: list[dict[str, Any]] = []
    for r in reports:
        for f, (end_line, end_col) in zip(r.findings, r.ends, strict=True):
            results.append({
                "ruleId": f.rule_id,
                "ruleIndex": index[f.rule_id],
                "level": SARIF_LEVEL.get(f.severity, "note"),
                "message": {"text": _said(f)},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": _uri(r.path)},
                    "region": {"startLine": f.line, "startColumn": f.column,
                               "endLine": end_line, "endColumn": end_col},
                }}],
                "properties": {"severity": f.severity, "sentence": f.sentence,
                               **({"key": f.key} if f.key is not None else {})},
            })
    notes = [{"level": "error", "message": {"text": str(r.error)},
              "locations": [{"physicalLocation": {
                  "artifactLocation": {"uri": _uri(r.path)},
                  "region": {"startLine": r.error.line or 1, "startColumn": r.error.column or 1},
              }}]}
             for r in reports if r.error is not None]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "lambre",
                "version": __version__,
                "rules": [{"id": rid, "name": rid,
                           "shortDescription": {"text": rule_description(rid)}}
                          for rid in rule_ids],
            }},
            "columnKind": "unicodeCodePoints",
            "invocations": [{"executionSuccessful": not notes,
                             "toolExecutionNotifications": notes}],
            "results": results,
        }],
    }


def sarif_report(reports: Sequence[FileReport]) -> str:
    """The SARIF log as JSON text."""
    return json.dumps(sarif_log(reports), ensure_ascii=False, indent=2) + "\n"
