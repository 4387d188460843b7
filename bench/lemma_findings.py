"""Findings with the lexicon lemmas and with the trained lemmatizer, on the same parses.

    python bench/lemma_findings.py                               # parses fm-dev (about 3 min)
    python bench/lemma_findings.py --cache /tmp/fm               # keep/reuse the parses there
    python bench/lemma_findings.py --sets el-test,tr-test,cs-test

``fm``: Falko-MERLIN German dev (``../shared/gec/de/fm-dev.m2``) is parsed once per side (the
learner source and the corrected side, as ``bench/precision.py`` does); every word is then given
its lemma twice, by the lexicon lemmatizer alone and by what the parser now ships (lexicons first,
``models/de/lemma.pt`` for the rest), and both are checked in the default precise mode: the
share of corrected (clean) sentences flagged and token-level error identification on the source
side. ``<lang>-test``: the held-out test sentences of ``models/<lang>`` (its ``split.json``),
parsed from raw text, lemmatized both ways and checked in both modes (the paper's and the precise
default): the sentences flagged (all clean text). The parses are the same for both rows, so any
difference is the lemmas' doing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lemma_accuracy import held_out  # noqa: E402  (bench/ is the script's directory)

from lambre_core.check import check_sentences  # noqa: E402
from lambre_core.commands import precision_for  # noqa: E402
from lambre_core.conllu_io import read_conllu, to_conllu  # noqa: E402
from lambre_core.doc import Sentence  # noqa: E402
from lambre_core.gei import corrected_tokens, read_m2, score_gei  # noqa: E402
from lambre_core.lemma_model import load_lemma_model  # noqa: E402
from lambre_core.lemmatize import LemmaOf, lemmatizer, with_model  # noqa: E402
from lambre_core.parse import Parser, load_parser  # noqa: E402
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


def lemmatizers(lang: str, parser: Parser) -> dict[str, LemmaOf]:
    """The two rows: the lexicon lemmas alone, and with the model's ``lemma.pt`` (when it has
    one)."""
    lex = lemmatizer(lang, parser.lexicon)
    model = load_lemma_model(REPO / "models" / lang)
    rows: dict[str, LemmaOf] = {"lexicon lemmas": lex}
    if model is not None:
        rows["with lemma.pt"] = with_model(lang, lex, model)
    return rows


def run_fm(cache: Path | None, limit: int | None) -> None:
    m2_path = shared_dir() / "gec" / "de" / "fm-dev.m2"
    if not m2_path.is_file():
        print(f"fm: skipped, {m2_path} not found")
        return
    m2 = read_m2(m2_path)[:limit] if limit else read_m2(m2_path)
    parser = load_parser("de")
    t = time.time()
    sides = {}
    for side, toks in (("src", [s.tokens for s in m2]), ("fix", [corrected_tokens(s) for s in m2])):
        path = cache / f"fm-{side}-{len(m2)}.conllu" if cache else None
        if path is not None and path.is_file():
            sides[side] = read_conllu(path)
        else:
            sides[side] = parser.parse_pretokenized(toks)
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(to_conllu(sides[side]), encoding="utf-8")
    print(f"fm-dev: {len(m2)} sentences, parsed (or read) in {time.time() - t:.0f} s")
    rules = default_rules("de")
    prec = precision_for("precise", "de", parser)
    for name, lemma_of in lemmatizers("de", parser).items():
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


def run_test(lang: str, cache: Path | None, limit: int | None) -> None:
    """The held-out test sentences of ``models/<lang>``, from raw text, flagged both ways."""
    got = held_out(lang)
    if isinstance(got, str):
        print(f"{lang}-test: skipped, {got}")
        return
    texts = [s.text for s in got[0]][:limit] if limit else [s.text for s in got[0]]
    parser = load_parser(lang)
    t = time.time()
    path = cache / f"{lang}-test-{len(texts)}.conllu" if cache else None
    if path is not None and path.is_file():
        sents = read_conllu(path)
    else:
        sents = parser.parse_sentences(texts)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(to_conllu(sents), encoding="utf-8")
    print(f"{lang}-test: {len(texts)} held-out sentences of models/{lang}, parsed (or read) from "
          f"raw text in {time.time() - t:.0f} s")
    rules = default_rules(lang)
    for name, lemma_of in lemmatizers(lang, parser).items():
        changed = relemmatize(sents, lemma_of)
        for mode in ("paper", "precise"):
            checks = check_sentences(sents, rules, precision=precision_for(mode, lang, parser))
            flagged = [c for c in checks if c.violations]
            flags = Counter(v.rule.id for c in checks for v in c.violations)
            print(f"  {name:<20} {mode:<8} flagged {len(flagged):>4}/{len(checks)} = "
                  f"{100 * len(flagged) / max(len(checks), 1):5.1f} %   flags "
                  f"{sum(flags.values()):>5}   ({changed} lemmas differ from the row above or "
                  "the parse)")
            if mode == "precise" and flags:
                print(f"  {'':<20} top rules: {flags.most_common(5)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default="fm",
                    help="fm and/or <lang>-test (comma-separated), e.g. el-test,tr-test,cs-test")
    ap.add_argument("--cache", type=Path, help="directory for the parses (reused when there)")
    ap.add_argument("--limit", type=int, help="at most N sentences")
    args = ap.parse_args()
    for name in args.sets.split(","):
        if name == "fm":
            run_fm(args.cache, args.limit)
        elif name.endswith("-test"):
            run_test(name.removesuffix("-test"), args.cache, args.limit)
        else:
            ap.error(f"unknown set {name!r}")


if __name__ == "__main__":
    main()
