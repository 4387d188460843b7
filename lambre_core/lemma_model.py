"""Stanza's trained lemmatizer (``lemma.pt``), run on parsed words, and its lexicon dictionary.

The model is Stanza's own (``stanza.models.lemmatizer``: a dictionary of (form, UPOS) -> lemma
pairs in front of a character seq2seq with an edit classifier), trained by ``lambre-core train``
on the treebank's train split. Its dictionary is widened with the field lexicons' pairs
(``lexicon_dictionary``): a lemmatizer for text must know the forms the small treebank never
showed it. It runs *after* the parser, on the words the parser tagged: the project's parsers
were trained on lemma = form (they embed lemmas), so the pipeline itself keeps Stanza's identity
lemmatizer and the parser never sees these lemmas.
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

LEMMA_FILE = "lemma.pt"

#: German auxiliaries (their forms are AUX as well as VERB in the treebanks)
#: cached (form, UPOS) -> lemma pairs per model; bounded so a long-running server stays small
_CACHE_LIMIT = 200_000
#: words handed to the seq2seq at once
_BATCH = 1000

Triple = tuple[str, str, str]


class LemmaModel:
    """A trained Stanza lemmatizer loaded from ``lemma.pt``; lemmas of (form, UPOS) pairs."""

    def __init__(self, path: str | os.PathLike[str], device: str = "cpu") -> None:
        from stanza.models.lemma.trainer import Trainer

        self.path = Path(path)
        from .parse import no_optimizers

        with no_optimizers():
            self._trainer = Trainer(model_file=str(self.path), device=device)
        self._cache: dict[tuple[str, str], str] = {}
        self._lock = threading.Lock()  # the language server parses from several threads

    def dictionary_lemma(self, form: str, upos: str) -> str | None:
        """The lemma the model's dictionary (the treebank's most frequent, then the lexicons')
        has for the pair: the form as written, then in lower case outside nouns and names
        (a sentence's first word); None when it has none."""
        tr = self._trainer
        for f in (form, form.lower()) if upos not in ("NOUN", "PROPN") else (form,):
            if tr.skip_seq2seq([(f, upos)])[0]:
                lemma: str = tr.predict_dict([(f, upos)])[0]
                return lemma
        return None

    def lemmas(self, pairs: Sequence[tuple[str, str]]) -> list[str]:
        """The lemma of each (form, UPOS): the dictionary's (the form as written, then in lower
        case outside nouns and names), else the seq2seq's; cached per pair."""
        with self._lock:
            return self._lemmas(pairs)

    def _lemmas(self, pairs: Sequence[tuple[str, str]]) -> list[str]:
        todo: list[tuple[str, str]] = []
        for p in dict.fromkeys(pairs):
            if p in self._cache:
                continue
            hit = self.dictionary_lemma(*p)
            if hit is not None:
                self._remember(p, hit)
            else:
                todo.append(p)
        for i in range(0, len(todo), _BATCH):
            chunk = todo[i:i + _BATCH]
            for p, lemma in zip(chunk, self._seq2seq(chunk), strict=True):
                self._remember(p, lemma)
        return [self._cache.get(p) or self._seq2seq([p])[0] for p in pairs]

    def lemma(self, form: str, upos: str) -> str:
        """The lemma of one word (see ``lemmas``)."""
        return self.lemmas([(form, upos)])[0]

    def _remember(self, pair: tuple[str, str], lemma: str) -> None:
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()  # rare; a cold cache only costs time
        self._cache[pair] = lemma

    def _seq2seq(self, pairs: Sequence[tuple[str, str]]) -> list[str]:
        import torch
        from stanza.models.common.doc import Document
        from stanza.models.lemma.data import DataLoader

        tr = self._trainer
        doc = Document([[{"id": 1, "text": f, "upos": u}] for f, u in pairs])
        batch = DataLoader(doc, _BATCH, tr.args, vocab=tr.vocab, evaluation=True,
                           expand_unk_vocab=True)
        preds: list[str] = []
        edits: list[int] = []
        with torch.no_grad():
            for b in batch:
                ps, es = tr.predict(b, 1, batch.vocab)
                preds += ps
                if es is not None:
                    edits += es
        out: list[str] = tr.postprocess([f for f, _ in pairs], preds, edits=edits or None)
        return [lem or f for lem, (f, _) in zip(out, pairs, strict=True)]


def load_lemma_model(model_dir: Path, device: str = "cpu") -> LemmaModel | None:
    """The lemmatizer of a project model directory (None when it has no ``lemma.pt``: older
    model directories parse as before, with the lexicon lemmas alone)."""
    path = model_dir / LEMMA_FILE
    return LemmaModel(path, device) if path.is_file() else None


# -- the dictionary from the lexicons ----------------------------------------------------------


def lexicon_dictionary(lang: str, train_lemmas: Iterable[tuple[str, str]] = ()) -> list[Triple]:
    """(form, UPOS, lemma) triples from the field lexicons for the lemmatizer's dictionary.

    German: every form of the verbs the conjugator knows (the common verbs and the treebank's,
    ``ablaut`` through ``morph_de``) and the inflected forms of the ``german-nouns`` nouns.
    Russian: pymorphy3's paradigms of the lemmas the treebank's train split has
    (``train_lemmas``: the (lemma, UPOS) of its words); all of pymorphy3 would be hundreds of MB,
    and at run time the lexicon lemmatizer asks pymorphy3 itself. Czech, Greek, Turkish: the
    one-word forms ``ablaut`` conjugates for the train split's VERB and AUX lemmas
    (``ablaut_verbs``). Other languages: none."""
    from .languages import language

    pack = language(lang)
    if pack.lemma_dictionary is not None:
        return list(pack.lemma_dictionary(train_lemmas))
    if pack.ablaut_forms:
        return ablaut_verbs(lang, train_lemmas)
    return []


def ablaut_verbs(lang: str, train_lemmas: Iterable[tuple[str, str]]) -> list[Triple]:
    """(form, UPOS, lemma) for every one-word form ``ablaut`` conjugates of the VERB and AUX
    lemmas in ``train_lemmas`` (the (lemma, UPOS) of each training word, repeats counting), under
    the lemma the treebank writes (Turkish: the stem, not the infinitive). A form in two
    paradigms goes to the verb the train split has more often; a form that is itself one of
    those verbs' lemmas is left to that verb (a Turkish verb stem that is also the plural
    imperative of a shorter verb keeps its own lemma). Lemmas ``ablaut`` refuses (Greek
    deponents and particles) are skipped."""
    import ablaut

    from .languages import language

    pack = language(lang)
    counts = Counter((lem, upos) for lem, upos in train_lemmas
                     if upos in ("VERB", "AUX") and lem.isalpha() and lem[:1].islower())
    verb_lemmas = {lem for lem, _ in counts}
    out: dict[tuple[str, str], str] = {}
    for (lemma, upos), _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        infinitive = pack.ablaut_infinitive(lemma) if pack.ablaut_infinitive else lemma
        if infinitive is None:
            continue
        try:
            conj = ablaut.conjugate(infinitive, lang=lang)
        except ValueError:  # "not a Greek verb": ablaut conjugates only what it recognises
            continue
        for form in _ablaut_forms(pack.ablaut_forms, pack.negation_prefix
                                  if lemma not in pack.irregular_negation else "", conj):
            if form != lemma and form not in verb_lemmas:
                out.setdefault((form, upos), lemma)
    return [(f, u, lem) for (f, u), lem in sorted(out.items())]


def _ablaut_forms(attrs: Sequence[str], negation: str, conj: Any) -> Iterator[str]:
    """The one-word forms of a conjugation. ablaut's tables hold gaps (None, "—"), elided forms
    (an apostrophe for the lost vowel) and footnote marks (a digit after the form): only purely
    alphabetic forms count. A language that writes its negation as a prefix of every form gets
    the negated forms too."""
    for attr in attrs:
        value = getattr(conj, attr, None)
        for form in [value] if isinstance(value, str) else (value or ()):
            if not isinstance(form, str) or not form.isalpha():
                continue
            yield form
            if negation:
                yield negation + form


def add_dictionary(model: Path, triples: Sequence[Triple], dst: Path,
                   known: Iterable[tuple[str, str]] = ()) -> int:
    """Write ``dst``: the lemmatizer ``model`` with ``triples`` added to its dictionary by
    Stanza's own ``train_dict``. The (form, UPOS) pairs of the treebank (``known``) keep the
    treebank's lemma, and so does a form's UPOS-independent entry. Returns how many pairs were
    added."""
    from stanza.models.lemma.trainer import Trainer

    tr: Any = Trainer(model_file=str(model), device="cpu")
    seen = set(known)
    new = [t for t in triples if (t[0], t[1]) not in seen]
    # train_dict keeps a form's existing UPOS-independent entry (the treebank's)
    tr.train_dict(new)
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    tr.save(str(tmp))
    os.replace(tmp, dst)
    return len(new)
