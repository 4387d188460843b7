"""How often the genders a pack reads off a word list (``genders_by_forms`` over simplemma's
forms: Czech ``_word_list_nouns``) agree with a treebank's: every common-noun lemma of the
language's treebanks that the word list classes, compared on Gender (and on Animacy where both
name one), with the disagreements listed.

    python bench/word_list_genders.py            # Czech, ../shared/treebanks/ud/cs/*.conllu
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lambre_core.conllu_io import read_conllu  # noqa: E402

TREEBANKS = Path(__file__).resolve().parents[2] / "shared" / "treebanks" / "ud"


def gold_genders(files: list[Path]) -> dict[str, collections.Counter[str]]:
    """lemma -> Counter of "Gender[,Animacy]" over the treebank's NOUN words."""
    out: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for path in files:
        for sent in read_conllu(path):
            for w in sent.words:
                if w.upos == "NOUN" and w.feats.get("Gender") and w.lemma:
                    g = w.feats["Gender"]
                    out[w.lemma.lower()][g + ("," + w.feats["Animacy"] if "Animacy" in w.feats
                                              else "")] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default="cs", choices=["cs"])
    ap.add_argument("--show", type=int, default=20, help="disagreements to print")
    args = ap.parse_args()
    from lambre_core.languages.cs.morph import _word_list_nouns

    files = sorted((TREEBANKS / args.lang).glob("*.conllu"))
    if not files:
        sys.exit(f"no treebank under {TREEBANKS / args.lang}")
    gold = gold_genders(files)
    listed = _word_list_nouns()
    both = [lemma for lemma in gold if lemma in listed]
    wrong, animacy_wrong = [], []
    for lemma in both:
        mine = {(g["Gender"], g.get("Animacy", "")) for g in listed[lemma][0]}
        seen = {tuple((k + ",").split(",")[:2]) for k in gold[lemma]}
        if not {g for g, _a in mine} & {g for g, _a in seen}:
            wrong.append((lemma, sorted(gold[lemma].items()), sorted(mine)))
        elif not any((g, a) in mine or not a or not any(x == g and y for x, y in mine)
                     for g, a in seen):
            animacy_wrong.append((lemma, sorted(gold[lemma].items()), sorted(mine)))
    print(f"{args.lang}: word list classes {len(listed)} noun lemmas; the treebanks have "
          f"{len(gold)}, {len(both)} of them in both")
    print(f"  gender agrees {len(both) - len(wrong)} / {len(both)} "
          f"({100 * (len(both) - len(wrong)) / max(1, len(both)):.1f} %), "
          f"animacy disagrees {len(animacy_wrong)}")
    for row in (wrong + animacy_wrong)[:args.show]:
        print("  ", *row)


if __name__ == "__main__":
    main()
