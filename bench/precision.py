"""Precision benchmark: false alarms on clean text, error identification on learner text, and the
judgement suites, for the paper's method (baseline, printed first) and the precise default.

    python bench/precision.py                      # everything (about 4 minutes on 2 cores)
    python bench/precision.py --sets fm,judge --show 5

Sets (``../shared`` beside the repo; a set whose data is missing is skipped with the reason):
- ``fm``: Falko-MERLIN German dev: the corrected side (annotator 0's edits applied; every
  sentence counts as clean) for the flag rate, the source side for token-level error
  identification (Algorithm 1, gold ``R:*:FORM`` and ``R:MORPH``: both ends of a violated arc
  count, as in the paper; for the precise checker also only the word it blames first);
- ``de-test``: the German model's held-out test sentences (GSD test, even half), parsed from raw
  text; ``de-pud``: the German PUD sentences the model did not train on (its dev fifth);
- ``ru-test``: the Russian model's held-out GSD test sentences, from raw text;
- ``judge``: every judgement suite, ``tests/data/<lang>/judgements.tsv``.

A sentence is *flagged* when it gets at least one reported violation (paper: any violation;
precise: a proven one, what the editor and ``lambre-core check`` show by default).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.check import SentenceCheck, check_sentences  # noqa: E402
from lambre_core.commands import precision_for  # noqa: E402
from lambre_core.conllu_io import read_conllu  # noqa: E402
from lambre_core.gei import corrected_tokens, read_m2, score_gei  # noqa: E402
from lambre_core.judge import judge, read_judgements, summarize  # noqa: E402
from lambre_core.messages import message  # noqa: E402
from lambre_core.parse import load_parser  # noqa: E402
from lambre_core.rules import default_rules  # noqa: E402
from lambre_core.splits import shared_dir  # noqa: E402

MODES = ("paper", "precise")
#: ``--plausible``: the parse alternatives' threshold of the precise checker (None: its own)
PLAUSIBLE: list[float | None] = [None]


def _precision(mode: str, lang: str, parser: Any) -> Any:
    """The checker's settings for ``mode``, with ``--plausible`` applied (above 1: the best parse
    only)."""
    prec = precision_for(mode, lang, parser)
    if prec is None or PLAUSIBLE[0] is None:
        return prec
    return replace(prec, plausible=None if PLAUSIBLE[0] > 1 else PLAUSIBLE[0])


def _flag_report(name: str, checks_by_mode: dict[str, list[SentenceCheck]], show: int) -> None:
    for mode, checks in checks_by_mode.items():
        n = len(checks)
        flagged = [c for c in checks if c.violations]
        per_rule = Counter(v.rule.id for c in checks for v in c.violations)
        flags = sum(per_rule.values())
        rate = 100 * len(flagged) / max(n, 1)
        print(f"  {name:<28} {mode:<8} flagged {len(flagged):>5}/{n:<5} = {rate:5.1f} %"
              f"   flags per 100 sentences {100 * flags / max(n, 1):6.1f}")
        if mode == "precise" and per_rule:
            top = ", ".join(f"{r} {k}" for r, k in per_rule.most_common(5))
            print(f"  {'':<28} {'':<8} top rules: {top}")
        if mode == "precise" and show:
            for c in flagged[:show]:
                print(f"      | {c.sentence.text}")
                for v in c.violations:
                    print(f"      |   {v.blamed.form}: {message(v)} [{v.rule.id}]")


def _texts(conllu: Path, ids: set[str] | None, stem: str) -> list[str]:
    out = []
    for s in read_conllu(conllu):
        if ids is None or f"{stem}:{s.sent_id}" in ids:
            out.append(s.text)
    return out


def run_fm(shared: Path, limit: int | None, show: int) -> None:
    m2_path = shared / "gec" / "de" / "fm-dev.m2"
    if not m2_path.is_file():
        print(f"fm: skipped, {m2_path} not found")
        return
    m2 = read_m2(m2_path)[:limit] if limit else read_m2(m2_path)
    parser = load_parser("de")
    rules = default_rules("de")
    t = time.time()
    src = parser.parse_pretokenized([s.tokens for s in m2])
    fixed = parser.parse_pretokenized([corrected_tokens(s) for s in m2])
    print(f"fm: {len(m2)} sentences of {m2_path.name} parsed twice in {time.time() - t:.0f} s")
    by_mode = {}
    for mode in MODES:
        prec = _precision(mode, "de", parser)
        by_mode[mode] = check_sentences(fixed, rules, precision=prec)
    _flag_report("fm-dev corrected side", by_mode, show)
    for mode in MODES:
        prec = _precision(mode, "de", parser)
        checks = check_sentences(src, rules, precision=prec)
        # the paper's Algorithm 1 (both ends of a violated arc), then, for the precise checker,
        # only the word it blames first (which also measures the blame)
        for ends in ("arc", "blamed") if mode == "precise" else ("arc",):
            res = score_gei(m2, checks, ends=ends)
            cells = "  ".join(f"{g}: P {c.precision * 100:5.1f} R {c.recall * 100:5.1f}"
                              for g, c in res.items())
            label = mode if ends == "arc" else f"{mode}, blamed word only"
            print(f"  {'fm-dev error identification':<28} {label:<8} {cells}")
        if mode == "precise":
            # how many "false" detections touch an annotated edit of another type (a misspelt
            # inflection "Kulture" -> "Kulturen" is R:SPELL, a wrong preposition R:ADP): the
            # paper's types undercount what the checker finds
            anyt = score_gei(m2, checks, types=("*",))["all"]
            print(f"  {'fm-dev error identification':<28} {mode}, an edit of any type counts: "
                  f"P {anyt.precision * 100:5.1f}")
            n, other, kinds = _unmatched(m2, checks)
            top = ", ".join(f"{k} {c}" for k, c in kinds.most_common(6))
            print(f"  {'fm-dev error identification':<28} {mode}: {n} findings touch no edit of "
                  f"the paper's types; {other} of them touch an edit of another type ({top})")
            right, offered, flagged = _fix_accuracy(m2, checks)
            print(f"  {'fm-dev fixes':<28} {mode:<8} of {flagged} errors flagged on their "
                  f"one-token edit, {offered} get a fix; it is the annotators' correction for "
                  f"{right} ({100 * right / max(flagged, 1):.1f} % of the flagged, "
                  f"{100 * right / max(offered, 1):.1f} % of the fixes offered)")


def _unmatched(m2: list, checks: list) -> tuple[int, int, Counter[str]]:
    """(findings none of whose words is inside a gold edit of the paper's types, how many of
    those touch an annotator-0 edit of another type, those edits' types)."""
    from lambre_core.gei import DEFAULT_TYPES, gold_errors, word_to_token

    n = other = 0
    kinds: Counter[str] = Counter()
    for sent, check in zip(m2, checks, strict=True):
        gold = gold_errors(sent, DEFAULT_TYPES)
        to_tok = word_to_token(check.sentence)
        for v in check.violations:
            toks = {t for t in (to_tok.get(i) for i in v.blame) if t is not None}
            if toks & gold:
                continue
            n += 1
            near = [e.type for e in sent.edits if e.annotator == "0"
                    and toks & set(range(e.start, max(e.end, e.start + 1)))]
            other += bool(near)
            kinds.update(near)
    return n, other, kinds


def _fix_accuracy(m2: list, checks: list) -> tuple[int, int, int]:
    """(fixes equal to the annotators' correction, fixes offered, errors flagged): over gold
    one-token edits of the annotator 0 whose token the checker blames first."""
    from lambre_core.gei import word_to_token

    right = offered = flagged = 0
    for sent, check in zip(m2, checks, strict=True):
        edits = {e.start: e for e in sent.edits
                 if e.annotator == "0" and e.end == e.start + 1 and e.correction
                 and " " not in e.correction}
        to_tok = word_to_token(check.sentence)
        seen: set[int] = set()
        for v in check.violations:
            tok = to_tok.get(v.blamed.id)
            if tok is None or tok not in edits or tok in seen:
                continue
            seen.add(tok)
            flagged += 1
            fix = dict(v.message_args).get("fix", v.suggestions[0] if v.suggestions else "")
            if fix:
                offered += 1
                right += fix.lower() == edits[tok].correction.lower()
    return right, offered, flagged


def run_clean(name: str, lang: str, conllu: Path, stem: str, part: str, limit: int | None,
              show: int) -> None:
    if not conllu.is_file():
        print(f"{name}: skipped, {conllu} not found")
        return
    split = json.loads((REPO / "models" / lang / "split.json").read_text(encoding="utf-8"))
    ids = set(split["sent_ids"][part])
    texts = _texts(conllu, ids, stem)[:limit] if limit else _texts(conllu, ids, stem)
    parser = load_parser(lang)
    rules = default_rules(lang)
    t = time.time()
    sents = parser.parse_sentences(texts)
    print(f"{name}: {len(texts)} held-out sentences ({part} split of models/{lang}) of "
          f"{conllu.name}, parsed from raw text in {time.time() - t:.0f} s")
    by_mode = {m: check_sentences(sents, rules, precision=_precision(m, lang, parser))
               for m in MODES}
    _flag_report(f"{name} (clean)", by_mode, show)


def run_judge(show: int, langs: set[str] | None = None) -> None:
    for path in sorted((REPO / "tests" / "data").glob("*/judgements.tsv")):
        lang = path.parent.name
        if langs and lang not in langs:
            continue
        items = read_judgements(path)
        parser = load_parser(lang)
        rules = default_rules(lang)
        for mode in MODES:
            outs = judge(items, parser, rules, precision=_precision(mode, lang, parser))
            s = summarize(outs)
            print(f"  judgements {lang:<17} {mode:<8} correct flagged {s.correct_flagged:>3}/{s.correct:<3}"
                  f" = {100 * s.flagged_rate:5.1f} %   errors found {s.errors_found:>3}/{s.errors:<3}"
                  f"   blamed on the marked token {s.errors_blamed:>3}/{s.errors:<3} = "
                  f"{100 * s.blamed_rate:5.1f} %")
            if mode == "precise" and show:
                for o in outs:
                    if not o.passed and not o.judgement.gap:
                        j = o.judgement
                        print(f"      | {j.id} {j.label} {j.token or ''}: {j.sentence}")
                        for m in o.messages:
                            print(f"      |   {m}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default="fm,de-test,de-pud,ru-test,judge")
    ap.add_argument("--limit", type=int, help="at most N sentences per set")
    ap.add_argument("--show", type=int, default=0,
                    help="print N flagged clean sentences per set (and failed judgements)")
    ap.add_argument("--langs", default="",
                    help="with judge: only these languages' suites (comma-separated)")
    ap.add_argument("--plausible", type=float,
                    help="the precise checker's threshold for the parser's alternative parses "
                         "(default: its own; above 1: the best parse only)")
    args = ap.parse_args()
    PLAUSIBLE[0] = args.plausible
    sets = set(args.sets.split(","))
    shared = shared_dir()
    print("Flagged clean sentences and error identification; baseline (paper) first.\n")
    if "fm" in sets:
        run_fm(shared, args.limit, args.show)
    ud = shared / "treebanks" / "ud"
    if "de-test" in sets:
        run_clean("de-test", "de", ud / "de" / "de_gsd-ud-test.conllu", "de_gsd-ud-test", "test",
                  args.limit, args.show)
    if "de-pud" in sets:
        run_clean("de-pud", "de", ud / "de" / "de_pud-ud-test.conllu", "de_pud-ud-test", "dev",
                  args.limit, args.show)
    if "ru-test" in sets:
        run_clean("ru-test", "ru", ud / "ru" / "ru_gsd-ud-test.conllu", "ru_gsd-ud-test", "test",
                  args.limit, args.show)
    if "judge" in sets:
        print("judgement suites (tests/data/<lang>/judgements.tsv)")
        run_judge(args.show, set(filter(None, args.langs.split(","))))


if __name__ == "__main__":
    main()
