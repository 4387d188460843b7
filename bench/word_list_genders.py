"""How often the genders a pack reads off a word list (``genders_by_forms`` over simplemma's
forms: Czech ``_word_list_nouns``) agree with a treebank's: every common-noun lemma of the
language's treebanks that the word list classes, compared on Gender (and on Animacy where both
name one), with the disagreements listed.

    python bench/word_list_genders.py            # Czech, ../shared/treebanks/ud/cs/*.conllu
    python bench/word_list_genders.py --cost     # what the list costs a process: time, memory
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


def _first_analysis(trace: bool) -> None:
    import time
    import tracemalloc

    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    from lambre_core.languages import word_list
    from lambre_core.languages.cs import morph

    word_list.lemma_of("cs", "žena")
    table = tracemalloc.get_traced_memory()[0]
    morph.noun("ženu", "žena")
    seconds = time.perf_counter() - start
    kept, peak = tracemalloc.get_traced_memory()
    mb = 2 ** 20
    print(f"memory kept {kept / mb:.0f} MB (the word list's table {table / mb:.0f} MB), at peak "
          f"{peak / mb:.0f} MB" if trace else f"first noun analysis {seconds:.1f} s")


def cost() -> None:
    """The first Czech noun analysis of a process (the word list read, its lemmas classed, the
    noun index built): its seconds in one fresh process, the Python memory it keeps and at peak
    (``tracemalloc``, which slows it) in another."""
    import subprocess

    for trace in (False, True):
        subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                        "from bench.word_list_genders import _first_analysis; "
                        f"_first_analysis({trace})", str(Path(__file__).resolve().parents[1])],
                       check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default="cs", choices=["cs"])
    ap.add_argument("--show", type=int, default=20, help="disagreements to print")
    ap.add_argument("--cost", action="store_true",
                    help="only time the first noun analysis and trace the memory it keeps")
    args = ap.parse_args()
    if args.cost:
        cost()
        return
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
