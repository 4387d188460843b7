"""List a language's adjective lemmas from simplemma's word list: the lowercase lemmas it lists
with every one of the given endings (German adjectives: -e, -en, -er; nouns are written with a
capital and verbs listed under their infinitive, so neither qualifies). The list is shipped in
the language's package, so that checking reads a small file instead of the whole word list.

    python scripts/word_list_adjectives.py de e,en,er \\
        --out lambre_core/languages/de/adjectives_word_list.txt
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lambre_core.conllu_io import atomic_write  # noqa: E402
from lambre_core.languages.word_list import PACKAGE, lemmas_with_endings  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lang")
    ap.add_argument("endings", help="comma-separated endings every lemma is listed with")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    endings = tuple(e for e in args.endings.split(",") if e)
    lemmas = sorted(lemmas_with_endings(args.lang, endings))
    if not lemmas:
        sys.exit(f"error: {PACKAGE} gave no {args.lang} lemma with the endings {endings}")
    from importlib.metadata import version

    head = (f"# lowercase lemmas {PACKAGE} {version(PACKAGE)} lists with the forms in "
            f"{', '.join('-' + e for e in endings)} ({args.lang}; scripts/word_list_adjectives.py); "
            f"{len(lemmas)} lemmas")
    atomic_write(args.out, "\n".join([head, *lemmas]) + "\n")
    print(f"{args.out}: {len(lemmas)} lemmas")


if __name__ == "__main__":
    main()
