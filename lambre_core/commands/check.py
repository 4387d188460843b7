"""``lambre-core check FILE...``: the pre-commit / CI check for translation and documentation files.

Reads translation files (gettext PO, XLIFF 1.2/2.0, i18next JSON, Flutter ARB, Android
``strings.xml``, Java ``.properties``, YAML, Fluent, Qt ``.ts``, Apple ``.strings`` and
``.xcstrings``), plain text and Markdown; checks only the translated strings, placeholders
masked, with the workspace's ``.lambre.yaml`` applied. Reports as text
(``FILE:LINE:COL: SEVERITY: MESSAGE [RULE]``), JSON or SARIF 2.1.0. Exit status: 2 when a file
could not be read (the others are still checked and reported), else 1 when a finding is at least
as severe as ``--fail-on`` (default: error, which only violations the lexicons prove are), else 0.

Parses go through the parse cache (``--cache``/``--no-cache``, as for ``score``): an unchanged
string is never parsed again, and the parser model is loaded only when some string is not in
the cache, so a commit that touches one string re-parses that string alone.
"""

from __future__ import annotations

import argparse
import gc
import sys
from functools import cache
from pathlib import Path
from typing import Any

from ..check_cache import CheckCache
from ..config import LambreConfig, find_config, load_config
from ..document import SegmentCache
from ..errors import LambreError
from ..filecheck import FileReport, check_file
from ..limits import max_input_bytes
from ..messages import MESSAGE_LANGUAGES, SEVERITIES, severity_rank
from ..outputs import json_report, sarif_report, text_report
from ..parse_cache import ParseCache, model_key
from ..rules import RuleSet, default_rules, load_rules
from . import (
    add_force_argument,
    add_input_limit_argument,
    add_mode_argument,
    check_output,
    emit,
    precision_for,
)

FORMATS = {"text": text_report, "json": json_report, "sarif": sarif_report}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("check", help="check translation, text and Markdown files; exit 1 on "
                                     "findings (pre-commit, CI)")
    p.add_argument("files", nargs="+", help="files to check")
    p.add_argument("--lang", help="language of the files: beats a guess from a file's path "
                                  "(a file's own declaration and .lambre.yaml globs still win); "
                                  "without it, a file that names none is identified from its text")
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
    p.add_argument("--format", choices=sorted(FORMATS), default="text",
                   help="text (default), json, or sarif (SARIF 2.1.0 for code-scanning UIs)")
    p.add_argument("--output", "-o",
                   help="write the report here (atomically) instead of stdout; never one of the "
                        "checked files, and an existing file only with --force")
    add_force_argument(p)
    add_input_limit_argument(p)
    p.add_argument("--cache", metavar="DIR",
                   help="parse cache directory (default: $LAMBRE_CACHE_DIR or ~/.cache/lambre)")
    p.add_argument("--no-cache", action="store_true", help="parse everything again, store nothing")
    p.add_argument("--cache-stats", action="store_true",
                   help="say on stderr how many strings came from the parse cache and how many "
                        "were parsed")
    p.add_argument("--message-language", choices=MESSAGE_LANGUAGES, default="en",
                   help="language of the messages and their reasons (default: en)")
    p.add_argument("--include-fuzzy", action="store_true",
                   help="also check the fuzzy entries of PO files (unconfirmed translations, "
                        "which gettext does not use; skipped by default)")
    p.set_defaults(func=run)


class LazyParser:
    """A language's parser that loads its model on the first parse: a run whose strings are all
    in the parse cache never loads it. The model is resolved at once (a language without one
    fails here, as with ``load_parser``)."""

    def __init__(self, lang: str, models: str | None) -> None:
        from ..parse import resolve_models

        resolve_models(lang, models)
        self.lang = lang
        self._models = models
        self._parser: Any = None

    def parse_document(self, text: str) -> Any:
        """``Parser.parse_document``, loading the model first if need be."""
        if self._parser is None:
            from ..parse import load_parser

            self._parser = load_parser(self.lang, self._models)
        return self._parser.parse_document(text)

    @property
    def lexicon(self) -> Any:
        """The loaded model's lexicon; None before (``precision_for`` then reads the model's
        lexicon file without loading the model)."""
        return None if self._parser is None else self._parser.lexicon

    @property
    def loaded(self) -> bool:
        """Whether the model has been loaded."""
        return self._parser is not None


def _open_cache(args: argparse.Namespace) -> ParseCache | None:
    """The parse cache, or None (``--no-cache``, or one that cannot be opened: said on stderr,
    and the run goes on without it)."""
    if args.no_cache:
        return None
    try:
        return ParseCache(args.cache)
    except LambreError as exc:
        print(f"lambre-core: warning: {exc}; checking without it", file=sys.stderr)
        return None


def _open_check_cache(parses: ParseCache | None) -> CheckCache | None:
    """The check cache beside the parse cache (none without one; one that cannot be opened is
    said on stderr, and the run goes on without it)."""
    if parses is None:
        return None
    try:
        return CheckCache(parses.path.parent / "checks.sqlite")
    except LambreError as exc:
        print(f"lambre-core: warning: {exc}; checking without it", file=sys.stderr)
        return None


def _config(arg: str | None) -> LambreConfig:
    if arg:
        return load_config(arg)
    found = find_config(Path.cwd())
    return load_config(found) if found else LambreConfig()


#: young-generation threshold of the garbage collector during a check (CPython's default: 700)
GC_THRESHOLD = 100_000


def run(args: argparse.Namespace) -> int:
    # a check makes millions of small objects beside the model and lexicons, which the default
    # thresholds make the collector re-scan thousands of times (much of an edited re-run of
    # bench/check_catalogue.py); collecting less often changes no result
    old = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, old[1], old[2])
    try:
        return _run(args)
    finally:
        gc.set_threshold(*old)


def _run(args: argparse.Namespace) -> int:
    # never a checked file, the rules or the config; the last report only with --force
    check_output(args.output, [*args.files, args.rules, args.config], force=args.force)
    max_bytes = max_input_bytes(args.max_input_mb)
    config = _config(args.config)
    min_sev = args.min_severity or config.min_severity or "hint"

    # one parser and rule set per language for the whole run
    @cache
    def load(lang: str) -> tuple[Any, RuleSet]:
        ruleset = load_rules(args.rules) if args.rules else default_rules(lang)
        return LazyParser(lang, args.models), ruleset

    @cache
    def precise(parser: Any) -> Any:
        return precision_for(args.mode, parser.lang, parser, args.models)

    @cache
    def key(lang: str) -> str:
        return model_key(lang, args.models)

    parses = _open_cache(args)
    # check results per string beside the parses: an unchanged string is not even checked again
    segment_cache = SegmentCache(parses, key, checks=_open_check_cache(parses),
                                 settings=f"mode={args.mode}")
    reports: list[FileReport] = []
    for name in args.files:
        report = check_file(name, load, config, args.lang, include_fuzzy=args.include_fuzzy,
                            max_bytes=max_bytes,
                            disabled=frozenset(args.disable),
                            hint_below=args.hint_below, min_severity=min_sev, precision=precise,
                            uncertain=args.show_uncertain, cache=segment_cache,
                            message_language=args.message_language)
        for lang_missing, why in report.unavailable.items():
            print(f"lambre-core: warning: {name}: not checked in '{lang_missing}': {why}",
                  file=sys.stderr)
        if report.note:
            print(f"lambre-core: note: {name}: skipped ({report.note})", file=sys.stderr)
        if report.error is not None:
            print(f"lambre-core: error: {report.error}", file=sys.stderr)
        reports.append(report)
    stats = segment_cache.stats
    for table in [t for t in (parses, segment_cache.checks) if t is not None]:
        for repair in table.repairs:
            print(f"lambre-core: warning: {table.what} {table.path}: {repair}", file=sys.stderr)
    if stats.error is not None:
        print(f"lambre-core: warning: parse cache {parses.path if parses else ''} unusable "
              f"({stats.error}); checked without it", file=sys.stderr)
    if segment_cache.checks_error is not None and segment_cache.checks is not None:
        print(f"lambre-core: warning: check cache {segment_cache.checks.path} unusable "
              f"({segment_cache.checks_error}); checked without it", file=sys.stderr)
    if args.cache_stats:
        print(f"lambre-core: parse cache: {stats.cached} strings cached, {stats.parsed} parsed",
              file=sys.stderr)
        print(f"lambre-core: check cache: {segment_cache.checks_cached} strings cached, "
              f"{segment_cache.checked} checked", file=sys.stderr)
    emit(FORMATS[args.format](reports), args.output)
    if any(r.error is not None for r in reports):
        return 2
    fail_rank = severity_rank(args.fail_on)
    failed = any(severity_rank(f.severity) <= fail_rank for r in reports for f in r.findings)
    return 1 if failed else 0
