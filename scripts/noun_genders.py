"""Write a language pack's noun-gender list from the train split of its model's treebank:
every common-noun lemma seen there with its gender (and, for masculines, animacy; a lemma seen
with several keeps all of them) and the numbers it was seen in (a plurale tantum only in the
plural). The test split is left out, so that
``bench/calibrate_analyses.py`` measures the list on words it was not built from.

    python scripts/noun_genders.py cs lambre_core/languages/cs/noun_genders.tsv
"""

from __future__ import annotations

import argparse
import collections
import tempfile
from pathlib import Path

import conllu

from lambre_core.conllu_io import atomic_write
from lambre_core.splits import SPLITS, carve


def genders(train: Path) -> tuple[dict[str, collections.Counter[str]], dict[str, set[str]]]:
    """lemma -> Counter of "Gender" or "Masc/Anim" over its noun tokens, and lemma -> the
    numbers they show."""
    out: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    numbers: dict[str, set[str]] = collections.defaultdict(set)
    with train.open(encoding="utf-8") as f:
        for sentence in conllu.parse_incr(f):
            for tok in sentence:
                feats = tok["feats"] or {}
                if tok["upos"] != "NOUN" or "Gender" not in feats or not tok["lemma"]:
                    continue
                g = feats["Gender"]
                if g == "Masc" and feats.get("Animacy"):
                    g += "/" + feats["Animacy"]
                out[tok["lemma"].lower()][g] += 1
                if feats.get("Number"):
                    numbers[tok["lemma"].lower()].add(feats["Number"])
    return out, numbers


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("split", choices=sorted(SPLITS))
    ap.add_argument("out", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        carved = carve(SPLITS[args.split], Path(tmp))
        table, numbers = genders(carved.train)
    lines = [f"# noun lemma -> gender(s) -> numbers seen, from the train split of {args.split} "
             f"(scripts/noun_genders.py); {len(table)} lemmas"]
    for lemma in sorted(table):
        lines.append(f"{lemma}\t{','.join(sorted(table[lemma]))}\t"
                     f"{','.join(sorted(numbers[lemma])) or '-'}")
    atomic_write(args.out, "\n".join(lines) + "\n")
    print(f"{len(table)} lemmas -> {args.out}")


if __name__ == "__main__":
    main()
