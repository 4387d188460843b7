"""Do two checkouts check alike? Dump every rule instance, violation (rule id, sentence id,
blamed and other word, evidence, expected/found, suggestions), uncertain violation and score of
the German and Russian test treebanks, in paper and precise mode, and compare with a saved dump.

    python bench/check_identical.py --save /tmp/ref.jsonl           # before a change
    python bench/check_identical.py --against /tmp/ref.jsonl        # after it: exit 1 on a difference
    python bench/check_identical.py --against /tmp/ref.jsonl --jobs 2   # sharded checking too
    python bench/check_identical.py --against /tmp/ref.jsonl --jobs 2 --counts

``--counts`` scores with ``shard.score_sharded``, whose workers send back rule counts only:
every sentence's check is then redone on demand in this process, and its counts, violations
and error must agree with what the worker counted.

Speed-ups must keep results identical; this is the check. ``--modes paper`` skips the slower
precise mode. Run with ``PYTHONPATH`` pointing at the checkout to test.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lambre_core.check import SentenceCheck, Violation, check_sentences
from lambre_core.commands import precision_for
from lambre_core.conllu_io import read_conllu
from lambre_core.rules import default_rules
from lambre_core.score import rule_tallies, score_corpus

try:
    from lambre_core.shard import check_sharded
except ImportError:  # a checkout from before sharding: one process

    def check_sharded(sentences: Any, rules: Any, *, precision: Any = None,
                      jobs: int = 1) -> list[SentenceCheck]:
        return check_sentences(sentences, rules, precision=precision)

SHARED = Path(__file__).resolve().parents[2] / "shared"
#: the test treebanks of the two languages with lexicon-backed precise checking
FILES = {
    "de": ["de_gsd-ud-test.conllu", "de_pud-ud-test.conllu"],
    "ru": ["ru_gsd-ud-test.conllu", "ru_pud-ud-test.conllu", "ru_taiga-ud-test.conllu"],
}


def _violation(v: Violation) -> list[Any]:
    return [v.rule.id, v.dep.id, v.head.id, v.dep.feats, v.head.feats, v.blamed.id, v.other.id,
            list(v.blame), v.evidence, list(v.expected),
            list(v.found), list(v.suggestions), v.note]


def _sentence(c: SentenceCheck, score: float) -> dict[str, Any]:
    return {
        "id": c.sentence.sent_id, "error": c.error, "score": score,
        "tree": [[w.id, w.form, w.head, w.deprel, w.feats, w.misc, w.start, w.end]
                 for w in c.sentence.words],
        "meta": c.sentence.metadata,
        "instances": [[i.rule_id, i.dep, i.head, i.satisfied] for i in c.instances],
        "violations": [_violation(v) for v in c.violations],
        "uncertain": [_violation(v) for v in c.uncertain],
    }


def dump(shared: Path, modes: list[str], jobs: int, counts: bool = False) -> Iterator[dict[str, Any]]:
    """One record per sentence, then one per corpus (score and per-rule tallies)."""
    for lang, names in FILES.items():
        rules = default_rules(lang)
        for name in names:
            path = shared / "treebanks" / "ud" / lang / name
            sentences = read_conllu(path)
            for mode in modes:
                precision = precision_for(mode, lang)
                if counts:
                    from lambre_core.shard import score_sharded

                    report = score_sharded(sentences, rules, precision=precision, jobs=jobs)
                else:
                    report = score_corpus(check_sharded(sentences, rules, precision=precision,
                                                        jobs=jobs))
                for s in report.sentences:
                    if counts and (s.violations != len(s.check.violations)
                                   or s.error != s.check.error
                                   or s.tallies != rule_tallies(s.check)):
                        raise SystemExit(f"{name} {s.id}: the worker's counts differ from the "
                                         "check redone here")
                    yield {"file": name, "mode": mode, **_sentence(s.check, s.score)}
                yield {"file": name, "mode": mode, "corpus": report.score,
                       "rules": {k: [t.satisfied, t.violated] for k, t in report.rules.items()}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the dump here")
    group.add_argument("--against", type=Path, help="compare with this saved dump")
    ap.add_argument("--modes", default="paper,precise", help="comma-separated: paper, precise")
    ap.add_argument("--jobs", type=int, default=1, help="checking processes")
    ap.add_argument("--counts", action="store_true",
                    help="score with shard.score_sharded (counts from the workers)")
    ap.add_argument("--shared", type=Path, default=SHARED)
    args = ap.parse_args()
    if not (args.shared / "treebanks" / "ud").is_dir():
        print(f"no treebanks under {args.shared}", file=sys.stderr)
        return 2
    modes = [m for m in args.modes.split(",") if m]
    lines = [json.dumps(r, ensure_ascii=False, sort_keys=True)
             for r in dump(args.shared, modes, args.jobs, args.counts)]
    if args.save:
        args.save.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{len(lines)} records written to {args.save}")
        return 0
    saved = [ln for ln in args.against.read_text(encoding="utf-8").splitlines()
             if json.loads(ln)["mode"] in modes]
    for i, (a, b) in enumerate(zip(saved, lines, strict=False)):
        if a != b:
            print(f"record {i + 1} differs:\n saved: {a[:600]}\n now:   {b[:600]}")
            return 1
    if len(saved) != len(lines):
        print(f"{len(saved)} records saved, {len(lines)} now")
        return 1
    print(f"identical: {len(lines)} records ({', '.join(modes)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
