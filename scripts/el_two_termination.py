"""Write the Greek pack's list of two-termination adjectives: lemmas in -ος that the Greek model's
train split shows with a feminine form in -ος, -ο, -ου, -οι or -ους ("η κατάλληλος").

    python scripts/el_two_termination.py [--out lambre_core/languages/el/two_termination.txt]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.conllu_io import atomic_write, read_conllu  # noqa: E402
from lambre_core.languages.el.morph import _plain  # noqa: E402
from lambre_core.splits import shared_dir  # noqa: E402


def mine(shared: Path) -> list[str]:
    """Lemmas of the train split's feminine adjectives with a masculine-looking ending."""
    split = json.loads((REPO / "models" / "el" / "split.json").read_text(encoding="utf-8"))
    ids = set(split["sent_ids"]["train"])
    out: set[str] = set()
    for src in split["sources"]:
        stem = src["file"].removesuffix(".conllu")
        for s in read_conllu(shared / "treebanks" / "ud" / "el" / src["file"]):
            if f"{stem}:{s.sent_id}" not in ids:
                continue
            for w in s.words:
                if (w.upos == "ADJ" and w.feats.get("Gender") == "Fem"
                        and _plain(w.form).endswith(("ος", "ο", "ου", "οι", "ους"))
                        and _plain(w.lemma).endswith("ος")):
                    out.add(w.lemma.lower())
    return sorted(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(REPO / "lambre_core" / "languages" / "el"
                                         / "two_termination.txt"))
    args = ap.parse_args()
    lemmas = mine(shared_dir())
    atomic_write(Path(args.out), "# two-termination adjectives of the Greek train split "
                 "(scripts/el_two_termination.py)\n" + "".join(f"{x}\n" for x in lemmas))
    print(f"{len(lemmas)} lemmas -> {args.out}")


if __name__ == "__main__":
    main()
