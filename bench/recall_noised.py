"""Recall on errors nobody chose: each language's held-out test sentences with one word inflected
wrongly, what the default checker (precise mode, from raw text) finds.

    python bench/recall_noised.py [--langs de,ru,cs,el,tr,uk] [--limit N] [--seed 7] [--show K]

Each held-out test sentence (``models/<lang>/split.json``) gets at most one word replaced by
another form of its lemma that differs in one feature (``lambre_core.noise``, the noise of the
robust parsers' training, from the treebank's own forms: train and test split). Not every such
change is an error ("Kinder" for "Kind" as an object is fine), so a change counts only when it
**breaks a rule on the gold tree**: the noised gold tree (the new form with its new features,
checked with the paper's method) violates a rule on an arc of the changed word that the clean
gold tree satisfies. Those sentences are then parsed from their raw text and checked as a user's
would be, and the script prints, per language:

- ``breaking``: noised sentences whose change breaks a rule on the gold tree;
- ``flagged``: of those, the share the checker flags at all (recall by sentence);
- ``on the word``: the share flagged on the changed word itself (the blame);
- ``clean flagged``: the same sentences unchanged, flagged (false alarms on their clean side).

The noise is deterministic for a seed; the figures move with the models, the rules and the
checker, and are a lower bound on how much a language can find, not its recall on real writers'
errors (the gold trees' features are the treebank's, and a tagger never sees a gold tree).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.check import check_sentences  # noqa: E402
from lambre_core.commands import precision_for  # noqa: E402
from lambre_core.doc import Sentence, surface_spans, word_span  # noqa: E402
from lambre_core.lexicon import Lexicon  # noqa: E402
from lambre_core.noise import noise_corpus  # noqa: E402
from lambre_core.parse import load_parser  # noqa: E402
from lambre_core.rules import default_rules  # noqa: E402
from lambre_core.splits import shared_dir, split_sentences  # noqa: E402

LANGS = ("de", "ru", "cs", "el", "tr", "uk")


def _arcs(check: object, wid: int) -> set[tuple[str, int, int]]:
    return {(v.rule.id, v.dep.id, v.head.id) for v in check.violations  # type: ignore[attr-defined]
            if wid in (v.dep.id, v.head.id)}


def run(lang: str, limit: int | None, seed: int, show: int) -> None:
    treebanks = shared_dir() / "treebanks" / "ud" / lang
    record = REPO / "models" / lang / "split.json"
    try:
        test = split_sentences(lang, "test", record, treebanks)
        train = split_sentences(lang, "train", record, treebanks)
    except FileNotFoundError as err:
        print(f"{lang}: skipped ({err})")
        return
    test = test[:limit] if limit else test
    lex = Lexicon(lang)
    lex.add_sentences(train)
    lex.add_sentences(test)
    noised, _ = noise_corpus(test, lex, seed=seed, keep_unchanged=True)
    rules = default_rules(lang)
    gold_clean = check_sentences(test, rules)
    gold_noised = check_sentences(noised, rules)
    breaking: list[tuple[Sentence, Sentence, int, str]] = []
    for clean, noisy, gc, gn in zip(test, noised, gold_clean, gold_noised, strict=True):
        changed = [w for w in noisy.words if "Noise" in w.misc]
        if not changed:
            continue
        wid = changed[0].id
        broken = _arcs(gn, wid) - _arcs(gc, wid)
        if broken:
            rule = sorted(broken)[0][0]
            breaking.append((clean, noisy, wid, f"{changed[0].misc['Noise']} {rule}"))
    parser = load_parser(lang)
    precision = precision_for("precise", lang, parser)
    started = time.time()
    texts = [n.text for _, n, _, _ in breaking] + [c.text for c, _, _, _ in breaking]
    parsed = parser.parse_sentences(texts)
    checks = check_sentences(parsed, rules, precision=precision)
    k = len(breaking)
    flagged = on_word = clean_flagged = 0
    by_feature: Counter[str] = Counter()
    found_by_feature: Counter[str] = Counter()
    missed: list[str] = []
    for (_clean, noisy, wid, what), chk, cchk in zip(breaking, checks[:k], checks[k:],
                                                    strict=True):
        feat = what.split(":", 1)[0]  # (what: "Feature:Old>New rule-id")
        by_feature[feat] += 1
        clean_flagged += bool(cchk.violations)
        if cchk.violations and show:
            print(f"    clean side flagged: {[v.blamed.form for v in cchk.violations]} "
                  f"{cchk.sentence.text[:110]}")
        if not chk.violations:
            if len(missed) < show:
                missed.append(f"    {what:<60} {noisy.word(wid).form:<14} {noisy.text[:90]}")
            continue
        flagged += 1
        start, end = surface_spans(noisy)[1][wid]
        spans = [word_span(chk.sentence, v.blamed) for v in chk.violations]
        if any(s is not None and s[0] < end and start < s[1] for s in spans):
            on_word += 1
            found_by_feature[feat] += 1

    def pct(a: int) -> str:
        return f"{a:4d} ({100 * a / max(k, 1):5.1f} %)"

    n_noised = sum(1 for n in noised if any("Noise" in w.misc for w in n.words))
    print(f"{lang}  test {len(test):5d}  noised {n_noised:5d}"
          f"  breaking {k:5d}  flagged {pct(flagged)}  on the word {pct(on_word)}"
          f"  clean flagged {pct(clean_flagged)}   [{time.time() - started:.0f} s]")
    print("    on the word by feature: " + ", ".join(
        f"{f} {found_by_feature[f]}/{n}" for f, n in by_feature.most_common()))
    if missed:
        print("    missed:")
        print("\n".join(missed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--limit", type=int, help="only the first N test sentences of each language")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", type=int, default=0, help="print up to K missed sentences")
    args = ap.parse_args()
    for lang in args.langs.split(","):
        run(lang.strip(), args.limit, args.seed, args.show)


if __name__ == "__main__":
    main()
