"""How complete and how narrow a language pack's analyses are, on treebank words they were not
built from (the held-out test split of the model's split): for each word class, the share of
words whose gold features are among the analyses (coverage; the goal is >= 99 %), and the
average number of analyses per word against the number of distinct feature bundles the
treebank itself shows for the same form (ambiguity; the goal is <= 1.5x), both over the
features the analyses name. The treebank's count is taken two ways: per form (the bundles it
shows that very form with: few, since most forms occur once or twice) and per form class (the
bundles it shows all the words of that class with that the analyses treat alike, e.g. every
hard adjective in -é). A word the pack's ``known_in_context`` does not trust where it stands (in
the gold tree) counts as not analysed: the checker proves nothing from it.

    python bench/calibrate_analyses.py cs
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lambre_core.analyses import analyzer_for  # noqa: E402
from lambre_core.conllu_io import read_conllu  # noqa: E402
from lambre_core.languages import language  # noqa: E402
from lambre_core.splits import SPLITS, carve  # noqa: E402


def _matches(bundle: dict[str, str], gold: dict[str, str]) -> bool:
    return all(k in gold and set(v.split(",")) & set(gold[k].split(",")) for k, v in bundle.items())


def _project(feats: dict[str, str], keys: frozenset[str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v) for k, v in feats.items() if k in keys))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lang")
    ap.add_argument("--show", type=int, default=5, help="misses to print per class")
    ap.add_argument("--no-lemma", action="store_true",
                    help="give the analyzer no lemma (as when the lemmatizer does not know "
                         "the word): what the form alone allows")
    args = ap.parse_args()
    analyze, name = analyzer_for(args.lang)
    if analyze is None:
        sys.exit(f"{args.lang}: no analyzer ({name})")
    with tempfile.TemporaryDirectory() as tmp:
        carved = carve(SPLITS[args.lang], Path(tmp))
        tokens = []
        trusted = language(args.lang).known_in_context
        for path in (carved.train, carved.dev, carved.test):
            for sent in read_conllu(path):
                for w in sent.words:
                    if trusted is not None and not trusted(sent, w):
                        continue
                    tokens.append((path.stem, w.form, w.upos, w.lemma, dict(w.feats)))
    # the treebank's own bundles per (form, class), every split
    seen: dict[tuple[str, str], list[dict[str, str]]] = collections.defaultdict(list)
    for _part, form, upos, _lemma, feats in tokens:
        seen[(form.lower(), upos)].append(feats)
    # words, analysed, covered, analyses, treebank per form, per form class
    rows = collections.defaultdict(lambda: [0, 0, 0, 0.0, 0.0, 0.0])
    by_class: dict[tuple[str, frozenset[tuple[tuple[str, str], ...]]],
                   set[tuple[tuple[str, str], ...]]] = collections.defaultdict(set)
    keyed = []
    for part, form, upos, lemma, feats in tokens:
        got = analyze(form, upos, None if args.no_lemma else lemma)
        if not got:
            continue
        keys = frozenset(k for b in got for k in b)
        cls = (upos, frozenset(_project(b, keys) for b in got))
        by_class[cls].add(_project(feats, keys))
        if part == "test":
            keyed.append((form, upos, lemma, feats, got, keys, cls))
    misses: dict[str, list[str]] = collections.defaultdict(list)
    for form, upos, lemma, feats, got, keys, cls in keyed:
        r = rows[upos]
        r[1] += 1
        if any(_matches(b, feats) for b in got):
            r[2] += 1
        elif len(misses[upos]) < args.show:
            misses[upos].append(f"{form} ({lemma}) gold {feats} got {got[:4]}")
        r[3] += len(cls[1])
        r[4] += len({_project(f, keys) for f in seen[(form.lower(), upos)]})
        r[5] += len(by_class[cls])
    for part, _form, upos, _lemma, _feats in tokens:
        if part == "test":
            rows[upos][0] += 1
    print(f"{args.lang}: {name} on the test split (gold tokens, "
          f"{'no lemmas' if args.no_lemma else 'gold lemmas'})")
    print(f"{'class':6} {'words':>6} {'analysed':>8} {'covered':>8} {'analyses/word':>13} "
          f"{'treebank: per form':>18} {'ratio':>6} {'per form class':>14} {'ratio':>6}")
    total = [0, 0, 0]
    for upos, (n, a, c, k, tb, tc) in sorted(rows.items(), key=lambda x: -x[1][1]):
        if not a:
            continue
        total = [total[0] + n, total[1] + a, total[2] + c]
        print(f"{upos:6} {n:6} {a:8} {100 * c / a:7.2f}% {k / a:13.2f} {tb / a:18.2f} "
              f"{k / tb:6.2f} {tc / a:14.2f} {k / tc:6.2f}")
    print(f"all    {total[0]:6} {total[1]:8} {100 * total[2] / max(total[1], 1):7.2f}%")
    for upos, lines in misses.items():
        for line in lines:
            print(f"  miss {upos}: {line}")


if __name__ == "__main__":
    main()
