"""Write the Greek pack's two word lists, mined from the Greek model's train split:

- ``two_termination.txt``: adjective lemmas in -ος shown with a feminine form in -ος, -ο, -ου,
  -οι or -ους ("η κατάλληλος");
- ``declining_neuters.txt``: neuter noun lemmas in -ι or -ο shown in the plural with a form of
  their own ("παιδί": "παιδιά"), so that their singular is singular only (a loan in -ι or -ο is
  indeclinable: "τα ταξί").

    python scripts/el_lists.py [--out-dir lambre_core/languages/el]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.conllu_io import atomic_write  # noqa: E402
from lambre_core.doc import Word  # noqa: E402
from lambre_core.languages.el.spelling import plain as _plain  # noqa: E402
from lambre_core.splits import shared_dir, split_sentences  # noqa: E402


def _train_words(shared: Path) -> Iterator[Word]:
    for s in split_sentences("el", "train", REPO / "models" / "el" / "split.json",
                             shared / "treebanks" / "ud" / "el"):
        yield from s.words


def mine(shared: Path) -> tuple[list[str], list[str]]:
    """(two-termination adjective lemmas, declining neuter lemmas in -ι/-ο)."""
    two: set[str] = set()
    declining: set[str] = set()
    for w in _train_words(shared):
        lemma = w.lemma.lower()
        if (w.upos == "ADJ" and w.feats.get("Gender") == "Fem"
                and _plain(w.form).endswith(("ος", "ο", "ου", "οι", "ους"))
                and _plain(lemma).endswith("ος")):
            two.add(lemma)
        if (w.upos == "NOUN" and w.feats.get("Gender") == "Neut"
                and w.feats.get("Number") == "Plur" and _plain(lemma).endswith(("ι", "ο"))
                and _plain(w.form) != _plain(lemma)):
            declining.add(lemma)
    return sorted(two), sorted(declining)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out-dir", default=str(REPO / "lambre_core" / "languages" / "el"))
    args = ap.parse_args()
    two, declining = mine(shared_dir())
    out = Path(args.out_dir)
    for name, what, lemmas in (("two_termination.txt", "two-termination adjectives", two),
                               ("declining_neuters.txt", "neuters in -ι/-ο with a plural form",
                                declining)):
        atomic_write(out / name, f"# {what} of the Greek train split (scripts/el_lists.py)\n"
                     + "".join(f"{x}\n" for x in lemmas))
        print(f"{len(lemmas)} lemmas -> {out / name}")


if __name__ == "__main__":
    main()
