"""Findings with the lexicon lemmas and with the trained lemmatizer, on the same parses.

    python bench/lemma_findings.py                               # parses fm-dev (about 3 min)
    python bench/lemma_findings.py --cache /tmp/fm               # keep/reuse the parses there

Falko-MERLIN German dev (``../shared/gec/de/fm-dev.m2``) is parsed once per side (the learner
source and the corrected side, as ``bench/precision.py`` does); every word is then given its
lemma twice, by the lexicon lemmatizer alone and by what the parser now ships (lexicons first,
``models/de/lemma.pt`` for the rest), and both are checked in the default precise mode: the
share of corrected (clean) sentences flagged and token-level error identification on the source
side. The parses are the same for both rows, so any difference is the lemmas' doing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.check import check_sentences  # noqa: E402
from lambre_core.commands import precision_for  # noqa: E402
from lambre_core.conllu_io import read_conllu, to_conllu  # noqa: E402
from lambre_core.doc import Sentence  # noqa: E402
from lambre_core.gei import corrected_tokens, read_m2, score_gei  # noqa: E402
from lambre_core.lemma_model import load_lemma_model  # noqa: E402
from lambre_core.lemmatize import LemmaOf, lemmatizer, with_model  # noqa: E402
from lambre_core.parse import load_parser  # noqa: E402
from lambre_core.rules import default_rules  # noqa: E402
from lambre_core.splits import shared_dir  # noqa: E402


def relemmatize(sents: list[Sentence], lemma_of: LemmaOf) -> int:
    """Set every word's lemma (the form where nothing knows it); return how many changed."""
    changed = 0
    prepare = getattr(lemma_of, "prepare", None)
    if prepare is not None:  # the model's words in one batch, as the parser does
        prepare((w.form, w.upos, w.feats) for s in sents for w in s.words)
    for s in sents:
        for w in s.words:
            new = lemma_of(w.form, w.upos, w.feats) or w.form
            changed += new != w.lemma
            w.lemma = new
    return changed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", type=Path, help="directory for the parses (reused when there)")
    ap.add_argument("--limit", type=int, help="at most N sentences")
    args = ap.parse_args()
    m2_path = shared_dir() / "gec" / "de" / "fm-dev.m2"
    if not m2_path.is_file():
        print(f"skipped: {m2_path} not found")
        return
    m2 = read_m2(m2_path)[: args.limit] if args.limit else read_m2(m2_path)
    parser = load_parser("de")
    t = time.time()
    sides = {}
    for side, toks in (("src", [s.tokens for s in m2]), ("fix", [corrected_tokens(s) for s in m2])):
        path = args.cache / f"fm-{side}-{len(m2)}.conllu" if args.cache else None
        if path is not None and path.is_file():
            sides[side] = read_conllu(path)
        else:
            sides[side] = parser.parse_pretokenized(toks)
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(to_conllu(sides[side]), encoding="utf-8")
    print(f"fm-dev: {len(m2)} sentences, parsed (or read) in {time.time() - t:.0f} s")
    lex = lemmatizer("de", parser.lexicon)
    model = load_lemma_model(REPO / "models" / "de")
    rows: dict[str, LemmaOf] = {"lexicon lemmas": lex}
    if model is not None:
        rows["with lemma.pt"] = with_model("de", lex, model)
    rules = default_rules("de")
    prec = precision_for("precise", "de", parser)
    for name, lemma_of in rows.items():
        changed = sum(relemmatize(sents, lemma_of) for sents in sides.values())
        cf = check_sentences(sides["fix"], rules, precision=prec)
        flagged = [c for c in cf if c.violations]
        res = score_gei(m2, check_sentences(sides["src"], rules, precision=prec))
        gei = "  ".join(f"{g}: P {c.precision * 100:5.1f} R {c.recall * 100:5.1f}"
                        for g, c in res.items())
        print(f"  {name:<20} corrected flagged {len(flagged):>4}/{len(cf)} = "
              f"{100 * len(flagged) / max(len(cf), 1):4.1f} %   {gei}   "
              f"({changed} lemmas differ from the row above or the parse)")
        top = Counter(v.rule.id for c in flagged for v in c.violations).most_common(5)
        print(f"  {'':<20} top rules on clean text: {top}")


if __name__ == "__main__":
    main()
