"""Measure the UD -> SUD converter against an official SUD conversion of the same file.

Prints the share of words with

* the same head;
* the same head + relation: the SUD label without its ``@`` deep extension but with its ``:``
  subtype (``conj:coord``, ``comp:obl``, ``comp:obj`` count; ``subj@pass`` is read as ``subj``):
  the figure the rules see, and the one the converter is held to (>= 95 %);
* the same head + full label (with ``@`` extensions);
* the same head + base label, as measured before subtypes were produced (SUD 2.5 names:
  ``conj:coord`` read as ``conj``, ``conj:appos`` as ``appos``, ``@`` dropped);

then a per-label confusion table of the most frequent head + relation disagreements: for a
wrong head, the UD relation of the word and the official relation; for a wrong relation on the
right head, ours and the official one.

    python bench/sud_agreement.py [UD.conllu SUD.conllu] [--top N]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from lambre_core.conllu_io import read_conllu
from lambre_core.sud import base_relation, to_sud

SHARED = Path(__file__).resolve().parents[2] / "shared"
DEFAULT_UD = SHARED / "treebanks/ud/fr/fr_gsd-ud-test.conllu"
DEFAULT_SUD = SHARED / "treebanks/sud/fr/fr_gsd-sud-test.conllu"


def relation(label: str) -> str:
    """The relation as the rules read it: ``@`` extension dropped, ``:`` subtype kept."""
    return base_relation(label)


def _legacy(label: str) -> str:
    """The relation in SUD 2.5 names (the figure reported before subtypes were produced)."""
    base = base_relation(label)
    return {"conj:coord": "conj", "conj:appos": "appos"}.get(base, base)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", type=Path, help="UD file and its official SUD conversion")
    ap.add_argument("--top", type=int, default=20, help="rows of the confusion table")
    args = ap.parse_args(argv)
    if len(args.files) not in (0, 2):
        ap.error("give both files or neither")
    ud_path, sud_path = args.files if args.files else (DEFAULT_UD, DEFAULT_SUD)
    if not ud_path.is_file() or not sud_path.is_file():
        print(f"missing {ud_path} or {sud_path}", file=sys.stderr)
        return 2
    ud = read_conllu(ud_path)
    gold = {s.sent_id: s for s in read_conllu(sud_path)}
    total = same_head = same_full = same_rel = same_legacy = 0
    skipped = 0
    heads: Counter[tuple[str, str]] = Counter()
    labels: Counter[tuple[str, str]] = Counter()
    for sent in ud:
        ref = gold.get(sent.sent_id)
        if ref is None or len(ref.words) != len(sent.words):
            skipped += 1
            continue
        conv = to_sud(sent)
        for mine, theirs, orig in zip(conv.words, ref.words, sent.words, strict=True):
            total += 1
            if mine.head != theirs.head:
                heads[(orig.deprel, relation(theirs.deprel))] += 1
                continue
            same_head += 1
            same_full += mine.deprel == theirs.deprel
            same_legacy += _legacy(mine.deprel) == _legacy(theirs.deprel)
            if relation(mine.deprel) == relation(theirs.deprel):
                same_rel += 1
            else:
                labels[(relation(mine.deprel), relation(theirs.deprel))] += 1
    if not total:
        print("no sentence in common", file=sys.stderr)
        return 2
    print(f"tokens compared: {total} (sentences skipped: {skipped})")
    print(f"same head: {100 * same_head / total:.2f} %")
    print(f"same head + relation: {100 * same_rel / total:.2f} %")
    print(f"same head + label: {100 * same_full / total:.2f} %")
    print(f"same head + base label: {100 * same_legacy / total:.2f} %")
    print(f"disagreements on head + relation: {total - same_rel} "
          f"(wrong head {total - same_head}, wrong relation {same_head - same_rel})")
    rows = [("head", ud_rel, off, n) for (ud_rel, off), n in heads.items()]
    rows += [("rel", ours, off, n) for (ours, off), n in labels.items()]
    rows.sort(key=lambda r: (-r[3], r[0], r[1], r[2]))
    print("most frequent disagreements (head: UD relation of the word -> official relation; "
          "rel: ours -> official):")
    print(f"  {'count':>5s}  {'kind':4s}  {'UD / ours':18s} official")
    for kind, a, b, n in rows[: args.top]:
        print(f"  {n:5d}  {kind:4s}  {a:18s} {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
