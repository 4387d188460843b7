"""Mine a language's word lists (``lambre_core.mined``: fixed expressions, determiners that
stand alone, transitive verbs) from its model's training split and write them into the language's pack
(``lambre_core/languages/<lang>/<list>.tsv``; a list with no entry is not written). Only the
training sentences are read (``models/<lang>/split.json``): the dev and test text stays unseen,
as the gauntlet reads it.

    python scripts/mine_treebank_lists.py ru de cs el tr uk
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lambre_core import mined  # noqa: E402
from lambre_core.splits import split_sentences  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("langs", nargs="+")
    args = ap.parse_args()
    for lang in args.langs:
        sentences = split_sentences(lang, "train")
        files = [src["file"] for src in json.loads(
            (ROOT / "models" / lang / "split.json").read_text(encoding="utf-8"))["sources"]]
        if not sentences:
            sys.exit(f"error: no training sentence of {lang} found (models/{lang}/split.json)")
        for name, found, what in (
                (mined.FIXED, mined.mine_fixed(sentences),
                 f"joined by 'fixed' >= {mined.FIXED_MIN} times and in >= "
                 f"{mined.FIXED_SHARE:.0%} of their occurrences"),
                (mined.STANDALONE, mined.mine_standalone(sentences),
                 f"determiner forms that stand alone as arguments >= {mined.STANDALONE_MIN} "
                 f"times and in >= {mined.STANDALONE_SHARE:.0%} of their uses"),
                (mined.TRANSITIVE, mined.mine_transitive(sentences),
                 f"verb lemmas with an object >= {mined.TRANSITIVE_MIN} times and in >= "
                 f"{mined.TRANSITIVE_SHARE:.0%} of their uses")):
            target = mined.path(lang, name)
            if not found:
                print(f"{lang}: no {name.replace('_', ' ')}: nothing written")
                continue
            mined.write(found, target, f"{name.replace('_', ' ')} of {lang}, mined by "
                        f"scripts/mine_treebank_lists.py from the {len(sentences)} training "
                        f"sentences of {', '.join(files)}: {what}")
            print(f"{lang}: {len(found)} {name.replace('_', ' ')} from {len(sentences)} "
                  f"sentences -> {target.relative_to(ROOT)}")

if __name__ == "__main__":
    main()
