"""List a language's lemmas of one inflection class from simplemma's word list: the lowercase
lemmas it lists with a form stem + ending for each given ending, the stem being the lemma less
the longest of ``--strip`` it ends with (German adjectives: -e, -en, -er on the lemma; German
verbs: -e and -t or -et on the infinitive less -en or -n). Nouns are written with a capital, so
neither list holds them. The list is shipped in the language's package, so that checking reads
a small file instead of the whole word list.

    python scripts/word_list_lemmas.py de e,en,er \\
        --out lambre_core/languages/de/adjectives_word_list.txt
    python scripts/word_list_lemmas.py de 'e,t|et' --strip en,n \\
        --out lambre_core/languages/de/verbs_word_list.txt
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
    ap.add_argument("endings", help="comma-separated endings every lemma is listed with on its "
                                    "stem ('t|et': either)")
    ap.add_argument("--strip", default="",
                    help="comma-separated endings of the lemma that are not its stem")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    endings = tuple(e for e in args.endings.split(",") if e)
    strip = tuple(e for e in args.strip.split(",") if e)
    lemmas = sorted(lemmas_with_endings(args.lang, endings, strip))
    if not lemmas:
        sys.exit(f"error: {PACKAGE} gave no {args.lang} lemma with the endings {endings}")
    from importlib.metadata import version

    on = f" on the lemma less {' or '.join('-' + c for c in strip)}" if strip else ""
    head = (f"# lowercase lemmas {PACKAGE} {version(PACKAGE)} lists with the forms in "
            f"{', '.join('-' + e.replace('|', ' or -') for e in endings)}{on} ({args.lang}; "
            f"scripts/word_list_lemmas.py); {len(lemmas)} lemmas")
    atomic_write(args.out, "\n".join([head, *lemmas]) + "\n")
    print(f"{args.out}: {len(lemmas)} lemmas")


if __name__ == "__main__":
    main()
