"""``lambre-core extract --lang L TREEBANK.conllu... -o rules/L.yaml``: rules from treebanks."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from ..errors import TreeError
from ..extract import ExtractOptions, extract_from_files
from ..rules import save_rules
from . import add_force_argument, check_output


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    d = ExtractOptions()
    p = sub.add_parser("extract", help="extract agreement and assignment rules from UD treebanks")
    p.add_argument("treebanks", nargs="+", type=Path, help="UD CoNLL-U files")
    p.add_argument("--lang", required=True, help="language code written in the rule file")
    p.add_argument("-o", "--output", required=True, type=Path, help="rule file to write (YAML)")
    add_force_argument(p)
    p.add_argument("--min-count", type=int, default=d.min_count,
                   help=f"minimum instances of a rule (default {d.min_count})")
    p.add_argument("--agree-threshold", type=float, default=d.agree_threshold,
                   help=f"minimum agreement share (default {d.agree_threshold})")
    p.add_argument("--agree-coverage", type=float, default=d.agree_coverage,
                   help=f"keep the most frequent agreement rules covering this share of "
                        f"instances (default {d.agree_coverage})")
    p.add_argument("--kl-threshold", type=float, default=d.kl_threshold,
                   help=f"minimum KL(local||global) for assignment rules (default {d.kl_threshold})")
    p.add_argument("--allowed-coverage", type=float, default=d.allowed_coverage,
                   help=f"allowed values cover this share of the local distribution "
                        f"(default {d.allowed_coverage})")
    p.add_argument("--agree-features", default=",".join(d.agree_features))
    p.add_argument("--as-features", default=",".join(d.as_features))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    check_output(args.output, args.treebanks, args.force)
    options = ExtractOptions(
        min_count=args.min_count,
        agree_threshold=args.agree_threshold,
        agree_coverage=args.agree_coverage,
        kl_threshold=args.kl_threshold,
        allowed_coverage=args.allowed_coverage,
        agree_features=tuple(f for f in args.agree_features.split(",") if f),
        as_features=tuple(f for f in args.as_features.split(",") if f),
    )
    def skipped(problem: TreeError) -> None:
        print(f"lambre-core: warning: {problem}; sentence skipped", file=sys.stderr)

    ruleset = extract_from_files(list(args.treebanks), args.lang, options, on_skip=skipped)
    cmd = " ".join(["lambre-core extract", "--lang", args.lang,
                    *[p.name for p in args.treebanks], "-o", str(args.output)])
    header = (f"# L'AMBRE rules for '{args.lang}', extracted by: {cmd}\n"
              "# Edit freely: set 'enabled: false', add 'except_lemmas'/'except_forms', add rules.\n")
    save_rules(ruleset, args.output, header)
    counts = Counter(r.type for r in ruleset.rules)
    print(f"{args.lang}: {counts['agree']} agreement rules, {counts['as']} assignment rules "
          f"-> {args.output}", file=sys.stderr)
    return 0
