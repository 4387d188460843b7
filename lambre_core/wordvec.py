"""Word vectors trained here from raw text, stored as a Stanza pretrain file (``pretrain.pt``).

The treebanks are small: a tagger or parser that meets a word only in the vectors still knows
its neighbours. The vectors are gensim's word2vec (skip-gram) over text no benchmark evaluates:
the treebank's train split and, where ``../shared/wmt22`` has them, the WMT22 *system outputs*
into the language. Never the WMT22 references (the real-text gauntlet), WMT23 (the correlation
study) or any dev or test split. ``training_sources`` names exactly what was read, for the model
card. Stanza looks words up in lower case; so are they trained.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .conllu_io import read_conllu
from .errors import LambreError

PRETRAIN_FILE = "pretrain.pt"
#: a word, keeping inner hyphens and apostrophes ("well-known", "don't"), or one symbol
_TOKEN = re.compile(r"\w+(?:[-'’]\w+)*|[^\w\s]")


@dataclass
class VectorText:
    """The sentences to train on and where they came from."""

    sentences: list[list[str]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens of a line of raw text."""
    return [t.lower() for t in _TOKEN.findall(text)]


def system_outputs(shared: Path, lang: str) -> list[Path]:
    """The WMT22 system outputs into ``lang`` (never a reference, never the English source)."""
    folder = shared / "wmt22" / f"en-{lang}"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.txt")
                  if not p.name.startswith(("ref", "src")))


def training_text(lang: str, train: Path, shared: Path | None) -> VectorText:
    """The train split's forms plus the WMT22 system outputs into ``lang`` (when present)."""
    out = VectorText()
    for s in read_conllu(train):
        out.sentences.append([w.form.lower() for w in s.words])
    out.sources.append(f"{train.name} (train split, {len(out.sentences)} sentences)")
    for f in system_outputs(shared, lang) if shared is not None else []:
        lines = [tokens(x) for x in f.read_text(encoding="utf-8").splitlines() if x.strip()]
        out.sentences += lines
        out.sources.append(f"wmt22/en-{lang}/{f.name} ({len(lines)} segments)")
    return out


def _vec_lines(words: Iterable[str], vectors: object, dim: int) -> Iterator[str]:
    for w in words:
        # Stanza's text reader splits on spaces: a word with one is left out
        if " " in w:
            continue
        vec = vectors[w]  # type: ignore[index]
        yield w + " " + " ".join(f"{x:.5f}" for x in vec) + "\n"


def train_vectors(text: VectorText, out: Path, *, dim: int = 50, min_count: int = 3,
                  max_vocab: int = 30_000, epochs: int = 5, seed: int = 1,
                  workers: int = 1) -> Path:
    """Train skip-gram vectors on ``text`` and write Stanza's ``pretrain.pt`` to ``out`` (its
    vocabulary: the ``max_vocab`` most frequent words seen ``min_count`` times; 30,000 words of
    50 dimensions are 6 MB: Stanza feeds the matrix to the network as stored, so it stays
    single-precision). Needs gensim (``pip install 'lambre[train]'``)."""
    try:
        from gensim.models import Word2Vec
    except ImportError as exc:
        raise LambreError("training word vectors needs gensim: pip install 'lambre[train]'") \
            from exc
    from stanza.models.common.pretrain import Pretrain

    if not text.sentences:
        raise LambreError("no text to train word vectors on")
    model = Word2Vec(sentences=text.sentences, vector_size=dim, window=5, min_count=min_count,
                     sg=1, epochs=epochs, seed=seed, workers=workers,
                     max_final_vocab=max_vocab)
    words = list(model.wv.index_to_key)  # most frequent first
    out.parent.mkdir(parents=True, exist_ok=True)
    vec = out.with_suffix(".vec")
    with open(vec, "w", encoding="utf-8") as fh:
        fh.write(f"{len(words)} {dim}\n")
        fh.writelines(_vec_lines(words, model.wv, dim))
    tmp = out.with_name(out.name + ".tmp.pt")
    Pretrain(str(tmp), str(vec), max_vocab=max_vocab).load()  # Stanza writes its own format
    tmp.replace(out)
    vec.unlink()
    return out
