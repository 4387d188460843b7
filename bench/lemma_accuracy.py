"""Lemma accuracy on the held-out test split: the lexicon lemmatizer, the trained Stanza model
(``models/<lang>/lemma.pt``) and their combinations.

    python bench/lemma_accuracy.py                    # de and ru, gold UPOS and features
    python bench/lemma_accuracy.py --tags parser      # the shipped tagger's UPOS and features

The test sentences are the ``test`` part of ``models/<lang>/split.json`` (the model never
trained on them), read from ``../shared/treebanks/ud/<lang>/``; a language whose treebanks or
model are missing is skipped with the reason. Accuracy is exact string match with the gold
lemma over every syntactic word, then per gold UPOS class, and over the words whose form the
train split never had (``unseen``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lambre_core.conllu_io import read_conllu  # noqa: E402
from lambre_core.doc import Sentence  # noqa: E402
from lambre_core.lemma_model import LemmaModel, load_lemma_model  # noqa: E402
from lambre_core.lemmatize import LemmaOf, lemmatizer, with_model  # noqa: E402
from lambre_core.parse import load_parser, model_lexicon  # noqa: E402
from lambre_core.splits import SPLITS, shared_dir  # noqa: E402

CLASSES = (("VERB/AUX", ("VERB", "AUX")), ("NOUN", ("NOUN",)), ("ADJ", ("ADJ",)))

Lemmatize = Callable[[str, str, Mapping[str, str]], str]


def held_out(lang: str) -> tuple[list[Sentence], set[str]] | str:
    """The test sentences of the language's model and the forms of its train sentences (or
    why they cannot be had)."""
    split_path = REPO / "models" / lang / "split.json"
    if not split_path.is_file():
        return f"no {split_path.relative_to(REPO)}"
    split = json.loads(split_path.read_text(encoding="utf-8"))
    test_ids, train_ids = set(split["sent_ids"]["test"]), set(split["sent_ids"]["train"])
    tb = shared_dir() / "treebanks" / "ud" / lang
    test: list[Sentence] = []
    train_forms: set[str] = set()
    for rule in SPLITS[lang].sources:
        path = tb / rule.file
        if not path.is_file():
            return f"{path} not found"
        stem = rule.file.removesuffix(".conllu")
        for i, s in enumerate(read_conllu(path)):
            sid = f"{stem}:{s.metadata.get('sent_id', str(i))}"
            if sid in test_ids:
                test.append(s)
            elif sid in train_ids:
                train_forms.update(w.form.lower() for w in s.words)
    return test, train_forms


def tagged_by_parser(lang: str, sents: list[Sentence]) -> list[Sentence]:
    """The gold words re-tagged by the shipped tagger (gold tokens, gold lemmas kept)."""
    parser = load_parser(lang)
    parsed = parser.parse_pretokenized([[w.form for w in s.words] for s in sents],
                                       expand_mwt=False)
    out = []
    for gold, pred in zip(sents, parsed, strict=True):
        words = []
        for g, p in zip(gold.words, pred.words, strict=True):
            words.append(type(g)(g.id, g.form, g.lemma, g.upos, g.xpos, p.feats, misc={"PUPOS": p.upos}))
        out.append(Sentence(words=words))
    return out


def strategies(lang: str, model: LemmaModel | None) -> dict[str, Lemmatize]:
    """The lemmatizers compared (a missing lemma keeps the form, as the parser does)."""
    lex: LemmaOf = lemmatizer(lang, model_lexicon(lang))
    out: dict[str, Lemmatize] = {"lexicon (no lemma.pt)": lambda f, u, fe: lex(f, u, fe) or f}
    if model is None:
        return out
    out["model alone"] = lambda f, u, fe: model.lemma(f, u)
    out["lexicon, then model"] = lambda f, u, fe: lex(f, u, fe) or model.lemma(f, u)

    def dict_first(f: str, u: str, fe: Mapping[str, str]) -> str:
        return model.dictionary_lemma(f, u) or lex(f, u, fe) or model.lemma(f, u)

    out["model dict, lexicon, model"] = dict_first
    shipped = with_model(lang, lex, model)
    out["shipped (with_model)"] = lambda f, u, fe: shipped(f, u, fe) or f
    return out


def evaluate(lang: str, tags: str) -> None:
    got = held_out(lang)
    if isinstance(got, str):
        print(f"{lang}: skipped, {got}")
        return
    sents, train_forms = got
    model = load_lemma_model(REPO / "models" / lang)
    if model is None:
        print(f"{lang}: no models/{lang}/lemma.pt; the lexicon lemmatizer alone")
    t = time.time()
    if tags == "parser":
        sents = tagged_by_parser(lang, sents)
    words = [w for s in sents for w in s.words if w.lemma not in ("_", "")]
    upos_in = [w.misc.get("PUPOS", w.upos) for w in words]
    if model is not None:
        model.lemmas([(w.form, u) for w, u in zip(words, upos_in, strict=True)])  # batch warm-up
    groups: dict[str, list[int]] = {"all": list(range(len(words)))}
    for name, members in CLASSES:
        groups[name] = [i for i, w in enumerate(words) if w.upos in members]
    groups["unseen"] = [i for i, w in enumerate(words) if w.form.lower() not in train_forms]
    print(f"{lang}: {len(sents)} held-out test sentences, {len(words)} words, "
          f"{tags} UPOS and features")
    head = f"  {'lemmatizer':<28}" + "".join(f"{g:>10}" for g in groups)
    print(head)
    print(f"  {'(words)':<28}" + "".join(f"{len(ix):>10}" for ix in groups.values()))
    for name, fn in strategies(lang, model).items():
        ok = [fn(w.form, u, w.feats) == w.lemma for w, u in zip(words, upos_in, strict=True)]
        cells = "".join(f"{100 * sum(ok[i] for i in ix) / max(len(ix), 1):>10.1f}"
                        for ix in groups.values())
        print(f"  {name:<28}{cells}")
    print(f"  ({time.time() - t:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--langs", default="de,ru")
    ap.add_argument("--tags", choices=("gold", "parser"), default="gold",
                    help="the UPOS and features the lemmatizers read: the treebank's (gold) or "
                         "the shipped tagger's on the gold tokens (parser)")
    args = ap.parse_args()
    for lang in args.langs.split(","):
        evaluate(lang, args.tags)


if __name__ == "__main__":
    main()
