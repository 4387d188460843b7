"""Silver training trees for a parser: raw text parsed by a stronger parser (a spaCy pipeline
trained on a larger treebank), its tags replaced by the shipped tagger's.

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
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from spacy_docs import spacy_docs

from lambre_core.conllu_io import atomic_write

#: a silver sentence: (form, head, deprel) per word, heads 1-based (0 = root)
Tree = list[tuple[str, int, str]]

#: words a shipped tokenizer splits into two syntactic words (multiword tokens) by language
_CONTRACTIONS = {
    "cs": re.compile(r"(?i)^(aby|kdyby)(ch|s|chom|ste)?$|^(ses|sis|oč|nač|zač|naň|proň|oň|zaň)$"),
}


def spacy_trees(paths: list[Path], model: str) -> Iterator[Tree]:
    """Every sentence of the text files (one segment a line) as the spaCy pipeline parses it."""
    for doc in spacy_docs(paths, model, "--parser"):
        for sent in doc.sents:
            toks = [t for t in sent if not t.is_space]
            index = {t.i: k + 1 for k, t in enumerate(toks)}
            if any(t.head.i not in index for t in toks):
                continue
            yield [(t.text, 0 if t.head.i == t.i else index[t.head.i],
                    "root" if t.head.i == t.i else t.dep_) for t in toks]


def keep(trees: Iterable[Tree], lang: str, min_words: int = 3,
         max_words: int = 60) -> Iterator[Tree]:
    """The trees a parser may learn from: length in range, one root, no contraction, no
    whitespace inside a word, each sentence once."""
    contraction = _CONTRACTIONS.get(lang)
    seen: set[tuple[str, ...]] = set()
    for tree in trees:
        forms = tuple(f for f, _, _ in tree)
        if not min_words <= len(tree) <= max_words or forms in seen:
            continue
        if sum(h == 0 for _, h, _ in tree) != 1 or any(not f or any(c.isspace() for c in f)
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", type=Path, nargs="+", help="text files, one segment a line")
    ap.add_argument("--lang", required=True)
    ap.add_argument("--parser", required=True, help="spacy:MODEL")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--limit", type=int, default=0, help="keep at most N sentences")
    args = ap.parse_args()
    if not args.parser.startswith("spacy:"):
        sys.exit(f"--parser: {args.parser!r} is not spacy:MODEL")
    model = args.parser.removeprefix("spacy:")
    trees = list(keep(spacy_trees(args.inputs, model), args.lang))
    if args.limit:
        trees = trees[:args.limit]
    source = f"{model} trees, {args.lang} shipped tags; " + " ".join(p.name for p in args.inputs)
    atomic_write(args.out, to_conllu(retag(trees, args.lang), source))
    print(f"{len(trees)} sentences, {sum(len(t) for t in trees)} words -> {args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
