"""Silver training data from a stronger pipeline (a spaCy pipeline trained on a larger
treebank): trees for the parser, its tags replaced by the shipped tagger's, or (``--for
tagger``) its tags for the tagger, mapped to the treebank's conventions.

The parser the project ships for a language with a small treebank (Czech: FicTree, fiction,
1,627 training sentences) misreads news and MT text; a pipeline trained on a larger treebank
(spaCy's ``cs_core_news_sm``, on the Prague Dependency Treebank) reads it better. Its trees
(heads and relations) teach the shipped parser that text. Its tags are not used: the parser
reads the shipped tagger's tags at run time, and the tagger's conventions (FicTree's) are the
ones the rules were extracted under, so every silver word gets the shipped tagger's UPOS and
features, exactly as the parser will see them.

A sentence is kept when it has 3 to 60 words, one root, no word the shipped tokenizer would
split into two (a contraction: "abych", "ses"), and it was not seen before. The tool needs
``pip install spacy cs-core-news-sm`` (not a dependency of the project); its output is data for
``lambre-core train --silver-parses FILE``:

    python scripts/silver_parses.py --lang cs --parser spacy:cs_core_news_sm \\
        ../shared/wmt22/en-cs/[A-Z]*.txt --out work/silver/cs-wmt22.conllu

With ``--for tagger`` every silver word keeps the stronger pipeline's UPOS and features instead,
for ``lambre-core train --silver-tags FILE`` (the tagger's data only). The larger treebank writes
some features its own way (Czech PDT: "-la" participles "Gender=Fem,Neut|Number=Plur,Sing" where
FicTree writes "Fem", "Sing"; no animacy on a masculine past participle, aspect on every verb).
Those conventions are learnt, not listed: the stronger pipeline tags the shipped model's own
train split (gold tokens), and a value it gives where the treebank systematically writes another
(at least ``MIN_COUNT`` times, ``SHARE`` of them) is rewritten so, as is a feature the treebank
adds to one of its feature bundles (``Conventions``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spacy_docs import spacy_docs

from lambre_core.conllu_io import atomic_write

#: a silver sentence: (form, head, deprel) per word, heads 1-based (0 = root)
Tree = list[tuple[str, int, str]]
#: a silver sentence with the stronger pipeline's tags: (form, head, deprel, UPOS, features)
Tagged = list[tuple[str, int, str, str, str]]
#: a convention needs this many words of the train split, ``SHARE`` of them one way
MIN_COUNT = 20
ADD_MIN_COUNT = 10
SHARE = 0.7

#: words a shipped tokenizer splits into two syntactic words (multiword tokens) by language
_CONTRACTIONS = {
    "cs": re.compile(r"(?i)^(aby|kdyby)(ch|s|chom|ste)?$|^(ses|sis|oč|nač|zač|naň|proň|oň|zaň)$"),
}


def spacy_tagged(paths: list[Path], model: str) -> Iterator[Tagged]:
    """Every sentence of the text files (one segment a line) as the spaCy pipeline parses and
    tags it."""
    for doc in spacy_docs(paths, model, "--parser"):
        for sent in doc.sents:
            toks = [t for t in sent if not t.is_space]
            index = {t.i: k + 1 for k, t in enumerate(toks)}
            if any(t.head.i not in index for t in toks):
                continue
            yield [(t.text, 0 if t.head.i == t.i else index[t.head.i],
                    "root" if t.head.i == t.i else t.dep_, t.pos_ or "X", str(t.morph) or "_")
                   for t in toks]


def spacy_trees(paths: list[Path], model: str) -> Iterator[Tree]:
    """Every sentence of the text files (one segment a line) as the spaCy pipeline parses it."""
    for tagged in spacy_tagged(paths, model):
        yield [(f, h, r) for f, h, r, _, _ in tagged]


def _feats(text: str) -> dict[str, str]:
    return dict(kv.split("=", 1) for kv in text.split("|") if "=" in kv)


@dataclass
class Conventions:
    """How the treebank writes what the stronger tagger writes its own way."""

    #: (UPOS, feature, the tagger's value) -> the treebank's value ("" = the treebank has none)
    change: dict[tuple[str, str, str], str] = field(default_factory=dict)
    #: (UPOS, the tagger's whole bundle, a feature it lacks) -> the value the treebank adds
    add: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def apply(self, upos: str, feats: str) -> str:
        """The tagger's features of a word of class ``upos`` as the treebank writes them."""
        have = _feats(feats)
        out = {f: self.change.get((upos, f, v), v) for f, v in have.items()}
        out.update({f: v for (u, b, f), v in self.add.items()
                    if u == upos and b == (feats or "_") and f not in have})
        return "|".join(f"{f}={v}" for f, v in sorted(out.items(), key=lambda x: x[0].lower())
                        if v) or "_"


def learn_conventions(pairs: Iterable[tuple[str, str, str, str]]) -> Conventions:
    """Conventions from words both tagged: (tagger UPOS, tagger features, gold UPOS, gold
    features). Only words of the same class count; a value is rewritten where the treebank
    writes one other value (or none) for at least ``SHARE`` of ``MIN_COUNT`` or more words."""
    change: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    add: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    features: set[str] = set()
    words: list[tuple[str, str, dict[str, str], dict[str, str]]] = []
    for upos, feats, gupos, gfeats in pairs:
        if upos != gupos:
            continue
        mine, gold = _feats(feats), _feats(gfeats)
        for f, v in mine.items():
            change[(upos, f, v)][gold.get(f, "")] += 1
        features |= gold.keys()
        words.append((upos, feats or "_", mine, gold))
    for upos, bundle, mine, gold in words:
        for f in features - mine.keys():
            add[(upos, bundle, f)][gold.get(f, "")] += 1
    conv = Conventions()
    for key, counts in change.items():
        value, k = counts.most_common(1)[0]
        n = sum(counts.values())
        if value != key[2] and n >= MIN_COUNT and k >= SHARE * n:
            conv.change[key] = value
    for key, counts in add.items():
        value, k = counts.most_common(1)[0]
        n = sum(counts.values())
        if value and n >= ADD_MIN_COUNT and k >= SHARE * n:
            conv.add[key] = value
    return conv


def train_split_pairs(lang: str, model: str) -> Iterator[tuple[str, str, str, str]]:
    """(tagger UPOS, tagger features, gold UPOS, gold features) of every word of the shipped
    model's train split, the spaCy pipeline tagging the gold tokens."""
    import spacy
    from spacy.tokens import Doc

    from lambre_core.splits import split_sentences

    nlp = spacy.load(model, exclude=["ner", "parser"])
    sents = split_sentences(lang, "train")
    docs = (Doc(nlp.vocab, words=[w.form for w in s.words]) for s in sents)
    for doc, sent in zip(nlp.pipe(docs, batch_size=64), sents, strict=True):
        for tok, w in zip(doc, sent.words, strict=True):
            gold = "|".join(f"{k}={v}" for k, v in sorted(w.feats.items())) or "_"
            yield tok.pos_, str(tok.morph) or "_", w.upos, gold


def keep(trees: Iterable[Sequence[tuple[Any, ...]]], lang: str, min_words: int = 3,
         max_words: int = 60) -> Iterator[Any]:
    """The trees a parser may learn from: length in range, one root, no contraction, no
    whitespace inside a word, each sentence once."""
    contraction = _CONTRACTIONS.get(lang)
    seen: set[tuple[str, ...]] = set()
    for tree in trees:
        forms = tuple(w[0] for w in tree)
        if not min_words <= len(tree) <= max_words or forms in seen:
            continue
        if sum(w[1] == 0 for w in tree) != 1 or any(not f or any(c.isspace() for c in f)
                                                    for f in forms):
            continue
        if contraction is not None and any(contraction.match(f) for f in forms):
            continue
        seen.add(forms)
        yield tree


def retag(trees: list[Tree], lang: str, batch: int = 500) -> Iterator[tuple[Tree, list[tuple[str, str]]]]:
    """Each tree with the shipped tagger's (UPOS, features) for its words."""
    import stanza

    from lambre_core.parse import MODEL_FILES, pretrain_path, resolve_models

    d = resolve_models(lang).path
    pipe = stanza.Pipeline(lang=lang, dir=str(d), processors="tokenize,pos",
                           tokenize_pretokenized=True, download_method=None,
                           tokenize_model_path=str(d / MODEL_FILES["tokenize"]),
                           pos_model_path=str(d / MODEL_FILES["pos"]),
                           pos_pretrain_path=pretrain_path(d),
                           logging_level="ERROR", use_gpu=False)
    for i in range(0, len(trees), batch):
        part = trees[i:i + batch]
        doc = pipe([[f for f, _, _ in t] for t in part])
        for tree, sent in zip(part, doc.sentences, strict=True):
            yield tree, [(w.upos, w.feats or "_") for w in sent.words]


def to_conllu(tagged: Iterable[tuple[Tree, list[tuple[str, str]]]], source: str) -> str:
    """CoNLL-U text: the stronger parser's heads and relations, the shipped tagger's tags,
    lemma = form (the parser is trained that way)."""
    out: list[str] = []
    for n, (tree, tags) in enumerate(tagged, 1):
        out.append(f"# sent_id = silver-{n}\n# source = {source}\n")
        out.append("# text = " + " ".join(f for f, _, _ in tree) + "\n")
        for k, ((form, head, rel), (upos, feats)) in enumerate(zip(tree, tags, strict=True), 1):
            out.append(f"{k}\t{form}\t{form}\t{upos}\t_\t{feats}\t{head}\t{rel}\t_\t_\n")
        out.append("\n")
    return "".join(out)


def tagged_conllu(sents: Iterable[Tagged], conv: Conventions, source: str) -> str:
    """CoNLL-U text for the tagger: the stronger pipeline's trees and tags, its features as the
    treebank writes them, lemma = form (the tagger reads no lemma)."""
    out: list[str] = []
    for n, sent in enumerate(sents, 1):
        out.append(f"# sent_id = silver-tags-{n}\n# source = {source}\n")
        out.append("# text = " + " ".join(w[0] for w in sent) + "\n")
        for k, (form, head, rel, upos, feats) in enumerate(sent, 1):
            out.append(f"{k}\t{form}\t{form}\t{upos}\t_\t{conv.apply(upos, feats)}\t{head}\t"
                       f"{rel}\t_\t_\n")
        out.append("\n")
    return "".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", type=Path, nargs="+", help="text files, one segment a line")
    ap.add_argument("--lang", required=True)
    ap.add_argument("--parser", required=True, help="spacy:MODEL")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--limit", type=int, default=0, help="keep at most N sentences")
    ap.add_argument("--for", dest="target", choices=("parser", "tagger"), default="parser",
                    help="parser (default): the stronger parser's trees, the shipped tagger's "
                         "tags; tagger: its tags too, in the treebank's conventions")
    args = ap.parse_args()
    if not args.parser.startswith("spacy:"):
        sys.exit(f"--parser: {args.parser!r} is not spacy:MODEL")
    model = args.parser.removeprefix("spacy:")
    names = " ".join(p.name for p in args.inputs)
    if args.target == "tagger":
        conv = learn_conventions(train_split_pairs(args.lang, model))
        for key, value in sorted({**conv.change, **conv.add}.items()):
            print(f"convention {key} -> {value or '(none)'}", file=sys.stderr)
        sents: list[Any] = list(keep(spacy_tagged(args.inputs, model), args.lang))
        sents = sents[:args.limit or None]
        text = tagged_conllu(sents, conv, f"{model} trees and tags in the {args.lang} "
                                          f"treebank's conventions; {names}")
    else:
        sents = list(keep(spacy_trees(args.inputs, model), args.lang))[:args.limit or None]
        text = to_conllu(retag(sents, args.lang), f"{model} trees, {args.lang} shipped tags; "
                                                  f"{names}")
    atomic_write(args.out, text)
    print(f"{len(sents)} sentences, {sum(len(t) for t in sents)} words -> {args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
