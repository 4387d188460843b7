"""``lambre-core score``: L'AMBRE scores of CoNLL-U or plain text, per corpus, rule and sentence;
several files (one per system) are compared with paired bootstrap tests.

    lambre-core score --lang de --conllu parsed.conllu [--per-sentence] [--format json]
    lambre-core score --lang de essay.txt             # one sentence per line
    lambre-core score --lang de --ssplit essay.txt    # running text
    lambre-core score --lang de base.txt sysA.txt sysB.txt --jobs 2 --format html -o report.html

Text is parsed through the parse cache (re-scoring never re-parses) by the parse backend
``--device``/``--jobs``/``--cluster`` choose. A file that cannot be read is reported and skipped,
the others are scored, and the exit code is 2.
"""

from __future__ import annotations

import argparse
import functools
import sys
from typing import Any

from ..corpus import ScoreSettings, SystemResult, input_files, score_files
from ..doc import Sentence
from ..errors import LambreError
from ..files import decode_text, read_input
from ..intervals import DEFAULT_SAMPLES, DEFAULT_SEED
from ..limits import MAX_SENTENCE_CHARS, max_input_bytes
from ..parse import DEVICES
from ..parse_cache import ParseCache
from ..report import Signature, model_signature, render_json, render_text, render_tsv, signature_for
from ..rules import RuleSet, default_rules, load_rules
from ..score import AVERAGES, DEFAULT_AVERAGES, weights_from
from ..systems_report import (
    System,
    SystemsReport,
    render_systems_json,
    render_systems_text,
    render_systems_tsv,
)
from . import (
    add_force_argument,
    add_input_limit_argument,
    add_mode_argument,
    check_output,
    emit,
    precision_for,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="score well-formedness of CoNLL-U or text, one or many systems")
    p.add_argument("text", nargs="*", metavar="FILE",
                   help="plain text files ('-' for stdin), one per system, parsed with Stanza; "
                        "a name ending in .conllu is read as parsed CoNLL-U")
    p.add_argument("--lang", required=True, help="language code (rules/<lang>.yaml)")
    p.add_argument("--conllu", action="append", default=[], metavar="FILE",
                   help="an already parsed CoNLL-U file (repeatable)")
    p.add_argument("--rules", help="rule file (default: the shipped rules of --lang)")
    p.add_argument("--models", help="Stanza models directory (text input)")
    p.add_argument("--ssplit", action="store_true",
                   help="text is running text: split sentences (default: one sentence per line)")
    p.add_argument("--line-segments", action="store_true",
                   help="with --ssplit: every line is a segment of its own (MT output, one "
                        "segment a line): sentences are split inside lines, never across a line "
                        "break (a title without a full stop stays apart from the next line)")
    p.add_argument("--per-sentence", action="store_true", help="also report each sentence")
    p.add_argument("--format", choices=["text", "json", "tsv", "html"], default="text",
                   help="report format; html is one self-contained page with plots")
    p.add_argument("--disable", action="append", default=[], metavar="RULE_ID",
                   help="disable a rule (repeatable)")
    add_mode_argument(p)
    p.add_argument("--weight", action="append", default=[], metavar="RULE_ID=W",
                   help="weight of a rule in the scores (repeatable; default 1 or the file's)")
    p.add_argument("--average", choices=AVERAGES, default=None,
                   help="how the corpus score averages over rules: macro (the paper's: each rule "
                        "that occurs counts once) or micro (the share of all rule instances "
                        "that hold). Default: "
                        + ", ".join(f"{v} in {k} mode" for k, v in DEFAULT_AVERAGES.items())
                        + ". The signature records it")
    p.add_argument("-o", "--output", help="write the report here (atomically) instead of stdout")
    add_force_argument(p)
    add_input_limit_argument(p)
    p.add_argument("--limit", type=int, default=None, metavar="N",
                   help="score only the first N segments of each file (lines; with --ssplit the "
                        "sentences of the first N lines; CoNLL-U sentences)")
    p.add_argument("--rule-types", default=None, metavar="TYPES",
                   help="score only rules of these types, comma-separated: agree (agreement), as "
                        "(argument structure: case and verb form); the paper's r_agree and r_as. "
                        "The rules left out count as disabled in the signature")
    p.add_argument("--device", choices=DEVICES, default="auto",
                   help="where the parser runs: auto (default: the GPU when torch sees one), cpu, cuda")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="worker processes: parsers (each loads the model once; CPU threads are "
                        "shared out between them), then precise-mode checkers (forked, where the "
                        "system can). With --cluster: Ray actors (default: one per CPU)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="parse on a Ray cluster ('auto', 'HOST:PORT' or 'ray://HOST:PORT')")
    p.add_argument("--cache", metavar="DIR",
                   help="parse cache directory (default: $LAMBRE_CACHE_DIR or ~/.cache/lambre)")
    p.add_argument("--no-cache", action="store_true", help="parse everything again, store nothing")
    p.add_argument("--bootstrap", type=int, default=DEFAULT_SAMPLES, metavar="N",
                   help=f"bootstrap samples for 95%% intervals and paired tests "
                        f"(default {DEFAULT_SAMPLES}; 0: none)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="bootstrap seed")
    p.add_argument("--human", metavar="TSV",
                   help="human scores of the systems (the TSV `correlate` reads: `system` and a "
                        "score column): the HTML report shows each system's human score and "
                        "the correlation with L'AMBRE")
    p.add_argument("--human-column", default="human", metavar="NAME",
                   help="the column of --human to read (WMT's tables: z)")
    p.add_argument("--pair", help="the language pair whose rows of --human to read (en-de)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: only when stderr is a terminal)")
    p.set_defaults(func=run)


def _weights(ruleset: RuleSet, specs: list[str]) -> dict[str, float]:
    weights = weights_from(ruleset)
    for spec in specs:
        rid, sep, value = spec.rpartition("=")
        try:
            w = float(value)
        except ValueError:
            w = -1.0
        if not sep or w < 0:
            raise LambreError(f"--weight {spec!r}: expected RULE_ID=NUMBER (>= 0)")
        if rid not in weights:
            raise LambreError(f"--weight {spec!r}: no rule {rid!r} in {ruleset.path}")
        weights[rid] = w
    return weights


def read_text(path: str, max_bytes: int | None = None, max_line: int | None = None) -> str:
    """Read a UTF-8 text file (or stdin; a UTF-8 byte-order mark is dropped); other encodings,
    binary data, empty input, input over ``max_bytes`` (default: ``limits.max_input_bytes()``)
    and a line longer than ``max_line`` characters are errors with a location."""
    try:
        data = read_input(path, max_bytes)
    except FileNotFoundError:
        raise LambreError("no such file", path) from None
    except IsADirectoryError:
        raise LambreError("is a directory, not a text file", path) from None
    text = decode_text(data, path)
    if "\x00" in text:
        pos = text.index("\x00")
        line = text.count("\n", 0, pos) + 1
        raise LambreError("binary data (NUL byte), not text", path, line,
                          pos - (text.rfind("\n", 0, pos) + 1) + 1)
    if not text.strip():
        raise LambreError("empty input: nothing to score", path, 1, 1)
    if max_line is not None:
        for lineno, row in enumerate(text.splitlines(), start=1):
            if len(row) > max_line:
                raise LambreError(f"a line of {len(row):,} characters, over the {max_line:,} a "
                                  "sentence may have (split it, or pass --ssplit)", path, lineno, 1)
    return text


def parse_text(text: str, lang: str, models: str | None, ssplit: bool) -> tuple[list[Sentence], Any]:
    """Parse plain text with the language's Stanza pipeline; returns sentences and the parser."""
    from ..parse import load_parser  # Stanza is heavy: load it only for text input

    parser = load_parser(lang, models)
    if ssplit:
        sentences = parser.parse_document(text)
    else:
        lines = [(i, line) for i, line in enumerate(text.splitlines(), start=1) if line.strip()]
        sentences = parser.parse_sentences([line for _, line in lines])
        for (lineno, _), sent in zip(lines, sentences, strict=True):
            sent.metadata.setdefault("sent_id", f"line-{lineno}")
    return sentences, parser


def run(args: argparse.Namespace) -> int:
    inputs = input_files(args.text, args.conllu)
    if not inputs:
        raise LambreError("no input: give text files, or --conllu FILE")
    if sum(1 for f in inputs if f.path == "-") > 1:
        raise LambreError("stdin ('-') can be read only once")
    check_output(args.output, [f.path for f in inputs] + [args.rules], args.force)
    ruleset = load_rules(args.rules) if args.rules else default_rules(args.lang)
    if ruleset.lang != args.lang:
        print(f"lambre-core: warning: rule file {ruleset.path} is for '{ruleset.lang}', "
              f"not '{args.lang}'", file=sys.stderr)
    disabled = set(args.disable)
    unknown = disabled - set(ruleset.by_id)
    if unknown:
        raise LambreError(f"--disable: no such rule(s): {', '.join(sorted(unknown))}")
    if args.rule_types is not None:
        types = {t.strip() for t in args.rule_types.split(",") if t.strip()}
        if not types or types - {"agree", "as"}:
            raise LambreError(f"--rule-types {args.rule_types!r}: expected agree, as or both")
        disabled |= {r.id for r in ruleset.rules if r.type not in types}
    if args.limit is not None and args.limit < 1:
        raise LambreError(f"--limit {args.limit}: expected a positive number")
    weights = _weights(ruleset, args.weight)
    average = args.average or DEFAULT_AVERAGES[args.mode]
    if args.bootstrap < 0:
        raise LambreError(f"--bootstrap {args.bootstrap}: expected 0 or more samples")
    has_text = any(not f.conllu for f in inputs)
    settings = ScoreSettings(
        lang=args.lang, ruleset=ruleset, disabled=frozenset(disabled), weights=weights,
        average=average,
        precision=precision_for(args.mode, args.lang, None, args.models), models=args.models,
        ssplit=args.ssplit, line_segments=args.line_segments, device=args.device,
        jobs=args.jobs, cluster=args.cluster,
        cache=None if args.no_cache or not has_text else ParseCache(args.cache),
        progress=args.progress, per_sentence=args.per_sentence, limit=args.limit)
    if args.jobs < 1:
        raise LambreError(f"--jobs {args.jobs}: expected a positive number")
    reader = functools.partial(read_text, max_bytes=max_input_bytes(args.max_input_mb),
                               max_line=None if args.ssplit else MAX_SENTENCE_CHARS)
    results = score_files(inputs, settings, reader)
    if settings.cache is not None:
        for repair in settings.cache.repairs:
            print(f"lambre-core: warning: parse cache {settings.cache.path}: {repair}",
                  file=sys.stderr)
    for r in results:
        if r.report is not None and r.report.sentences and \
                len(r.report.skipped) == len(r.report.sentences):
            first = r.report.skipped[0]
            r.error = LambreError(f"nothing could be scored: all {len(r.report.sentences)} "
                                  f"sentence(s) skipped ({first.error})", r.input.path)
            r.report = None
    failed = {r.input.path: str(r.error) for r in results if r.error is not None}
    if len(results) == 1 and results[0].error is not None:
        raise results[0].error  # one input: its error is the one line to say
    for r in results:
        if r.error is not None:
            print(f"lambre-core: error: {r.error} (file skipped)", file=sys.stderr)
    ok = [r for r in results if r.report is not None]
    if ok:
        parser_name = model_signature(args.lang, args.models) if has_text else "gold"
        if has_text and any(f.conllu for f in inputs):
            parser_name += "+gold"
        segments = ("conllu" if not has_text else "lines" if not args.ssplit
                    else "ssplit-in-lines" if args.line_segments else "ssplit")
        sig = signature_for(ruleset, parser_name, args.mode, disabled, weights, average,
                            segments)
        emit(_render(args, sig, ok, weights, failed, len(inputs) > 1), args.output)
    if failed:
        names = ", ".join(failed)
        raise LambreError(f"{len(failed)} of {len(results)} file(s) failed: {names}")
    return 0


def _human_scores(args: argparse.Namespace, rep: Any) -> tuple[dict[str, float], Any]:
    """The human score of each reported system (by name or file stem) from ``--human``, and
    their correlation with L'AMBRE (None with fewer than three systems or no spread)."""
    if not getattr(args, "human", None):
        return {}, None
    from ..correlate import correlate, match_system, read_scores

    table = read_scores(args.human, args.human_column, pair=args.pair)
    metric = {s.name: s.report.score for s in rep.systems}
    human: dict[str, float] = {}
    for name, h in table.human.items():
        # (each human row names one reported system, by its name or file stem)
        m_name = next((s.name for s in rep.systems
                       if match_system(name, {s.name: s.report.score}) is not None), None)
        if m_name is not None:
            human[m_name] = h
    names = [n for n in metric if n in human]
    try:
        corr = correlate([metric[n] for n in names], [human[n] for n in names], args.bootstrap)
    except LambreError as exc:
        print(f"lambre-core: note: no correlation with the human scores: {exc}", file=sys.stderr)
        corr = None
    return human, corr


def _render(args: argparse.Namespace, sig: Signature, ok: list[SystemResult],
            weights: dict[str, float], failed: dict[str, str], several: bool) -> str:
    """The report: one file's (as before), or the comparison when several files were given
    (even when only one of them could be scored) or HTML is asked for."""
    compared = args.format == "html" or several
    reports = [r.report for r in ok if r.report is not None]
    if args.bootstrap or compared:  # (numpy is imported only here: a plain run does without it)
        from ..bootstrap import counts_of, paired_comparisons, system_intervals

        counts = [counts_of(rep, weights) for rep in reports]
    systems = [System(r.input.name, r.input.path, rep,
                      system_intervals(counts[k], args.bootstrap, args.seed) if args.bootstrap
                      else None, r.check_seconds)
               for k, (r, rep) in enumerate(zip(ok, reports, strict=True))]
    if compared:
        rep = SystemsReport(sig, systems,
                            paired_comparisons([s.name for s in systems], counts, args.bootstrap,
                                               args.seed),
                            failed, args.bootstrap, args.seed)
        if args.format == "html":
            from ..html_report import render_html

            return render_html(rep, *_human_scores(args, rep))
        if args.format == "json":
            return render_systems_json(rep, args.per_sentence)
        if args.format == "tsv":
            return render_systems_tsv(rep, args.per_sentence)
        return render_systems_text(rep)
    one = systems[0]
    if args.format == "json":
        return render_json(one.report, sig, one.intervals)
    if args.format == "tsv":
        return render_tsv(one.report, sig, args.per_sentence, one.intervals)
    return render_text(one.report, sig, args.per_sentence, one.intervals)
