"""Measure the UD -> SUD converter against an official SUD conversion of the same file.

Prints the share of tokens with the same head, the same head + label, and the same head + base
label (no ``@`` extension, ``conj:coord`` read as ``conj``), plus the most frequent disagreements.

    python bench/sud_agreement.py [UD.conllu SUD.conllu]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from lambre_core.conllu_io import read_conllu
from lambre_core.sud import base_relation, to_sud

SHARED = Path(__file__).resolve().parents[2] / "shared"
DEFAULT_UD = SHARED / "treebanks/ud/fr/fr_gsd-ud-test.conllu"
DEFAULT_SUD = SHARED / "treebanks/sud/fr/fr_gsd-sud-test.conllu"


def _norm(label: str) -> str:
    """Compare relations as the rules read them: base relation, SUD 2.5 names."""
    base = base_relation(label)
    # newer SUD releases split conj into conj:coord and conj:appos (appos in SUD 2.5)
    return {"conj:coord": "conj", "conj:appos": "appos"}.get(base, base)


def main(argv: list[str]) -> int:
    ud_path, sud_path = (Path(argv[0]), Path(argv[1])) if len(argv) == 2 else (DEFAULT_UD, DEFAULT_SUD)
    ud = read_conllu(ud_path)
    gold = {s.sent_id: s for s in read_conllu(sud_path)}
    total = same_head = same_label = same_base = 0
    confusions: Counter[tuple[str, str, str]] = Counter()
    for sent in ud:
        ref = gold.get(sent.sent_id)
        if ref is None or len(ref.words) != len(sent.words):
            continue
        conv = to_sud(sent)
        for mine, theirs in zip(conv.words, ref.words, strict=True):
            total += 1
            if mine.head == theirs.head:
                same_head += 1
                same_label += mine.deprel == theirs.deprel
                same_base += _norm(mine.deprel) == _norm(theirs.deprel)
                if _norm(mine.deprel) != _norm(theirs.deprel):
                    confusions[("label", mine.deprel, theirs.deprel)] += 1
            else:
                ud_rel = sent.word(mine.id).deprel
                confusions[("head", ud_rel, theirs.deprel)] += 1
    print(f"tokens compared: {total}")
    print(f"same head: {100 * same_head / total:.2f} %")
    print(f"same head + label: {100 * same_label / total:.2f} %")
    print(f"same head + base label: {100 * same_base / total:.2f} %")
    print("most frequent differences (kind, ours-or-UD, official):")
    for (kind, a, b), n in confusions.most_common(15):
        print(f"  {n:5d}  {kind:5s} {a:15s} {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
