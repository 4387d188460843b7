"""``lambre-core check FILE...``: the pre-commit check for translation and documentation files.

Checks plain text, Markdown and gettext ``.po`` files (translations only) with the workspace's
``.lambre.yaml`` applied, prints one line per finding, ``FILE:LINE:COL: SEVERITY: MESSAGE [RULE]``,
and exits 1 when a finding is at least as severe as ``--fail-on`` (default: error, which only
violations the lexicons prove are).
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from ..config import LambreConfig, find_config, load_config
from ..document import check_document
from ..errors import LambreError
from ..markup import kind_for
from ..messages import SEVERITIES, severity_rank
from ..rules import RuleSet, default_rules, load_rules
from . import add_mode_argument, precision_for
from .score import read_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("check", help="check text/Markdown/.po files; exit 1 on findings (pre-commit)")
    p.add_argument("files", nargs="+", help="files to check")
    p.add_argument("--lang", help="language of files the config does not assign one")
    p.add_argument("--config", help="workspace config (default: .lambre.yaml found upwards from here)")
    p.add_argument("--models", help="Stanza models directory")
    p.add_argument("--rules", help="rule file (default: the shipped rules of each language)")
    p.add_argument("--disable", action="append", default=[], metavar="RULE_ID")
    p.add_argument("--min-severity", choices=SEVERITIES, default=None,
                   help="hide findings below this (default: the config's, else hint)")
    p.add_argument("--fail-on", choices=SEVERITIES, default="error",
                   help="exit 1 when a finding is at least this severe (default: error, i.e. "
                        "only errors the lexicons prove)")
    p.add_argument("--hint-below", type=float, default=0.5,
                   help="reliability x confidence under which a finding is only a hint")
    add_mode_argument(p)
    p.add_argument("--show-uncertain", action="store_true",
                   help="precise mode: also report violations the lexicons cannot prove, as hints")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)


def _config(arg: str | None) -> LambreConfig:
    if arg:
        return load_config(arg)
    found = find_config(Path.cwd())
    return load_config(found) if found else LambreConfig()


def run(args: argparse.Namespace) -> int:
    config = _config(args.config)
    min_sev = args.min_severity or config.min_severity or "hint"

    @cache
    def load(lang: str) -> tuple[Any, RuleSet]:
        from ..parse import load_parser

        ruleset = load_rules(args.rules) if args.rules else default_rules(lang)
        return load_parser(lang, args.models), ruleset

    def precise(parser: Any) -> Any:
        return precision_for(args.mode, parser.lang, parser, args.models)

    fail_rank = severity_rank(args.fail_on)
    failed = False
    report: list[dict[str, Any]] = []
    for name in args.files:
        lang = config.language_for(Path(name).resolve()) or args.lang
        if not lang:
            raise LambreError("no language: pass --lang or set 'language' in .lambre.yaml", name)
        text = read_text(name)
        result = check_document(text, kind_for(name), lang, load, config,
                                disabled=frozenset(args.disable), hint_below=args.hint_below,
                                min_severity=min_sev, precision=precise,
                                uncertain=args.show_uncertain)
        for lang_missing, why in result.unavailable.items():
            print(f"lambre-core: warning: {name}: not checked in '{lang_missing}': {why}",
                  file=sys.stderr)
        if lang in result.unavailable and not result.checks:
            raise LambreError(result.unavailable[lang], name)
        for f in result.findings:
            failed |= severity_rank(f.severity) <= fail_rank
            if args.format == "text":
                print(f"{name}:{f.line}:{f.column}: {f.severity}: {f.message} [{f.rule_id}]")
            else:
                report.append({"file": name, "line": f.line, "column": f.column, "start": f.start,
                               "end": f.end, "severity": f.severity, "rule": f.rule_id,
                               "message": f.message, "sentence": f.sentence})
    if args.format == "json":
        print(json.dumps(report, ensure_ascii=False, indent=2))
    return 1 if failed else 0
