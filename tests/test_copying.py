"""The fast copies of the converter (``sud.copy_word``, ``sud.with_words``) are what
``dataclasses.replace`` gives: a field added to ``Word`` or ``Sentence`` and forgotten there
fails here. Copies own their features and MISC; the input is never changed."""

from __future__ import annotations

from dataclasses import fields, replace

from lambre_core.doc import MultiwordToken, Sentence, Word
from lambre_core.sud import copy_word, copy_words, with_words


def _word() -> Word:
    # every field a value of its own, none the default
    values = {"id": 3, "form": "Hund", "lemma": "hund", "upos": "NOUN", "xpos": "NN",
              "feats": {"Case": "Nom"}, "head": 2, "deprel": "nsubj", "deps": "2:nsubj",
              "misc": {"SpaceAfter": "No"}, "start": 4, "end": 8}
    assert set(values) == {f.name for f in fields(Word)}, "a new Word field: add it here too"
    return Word(**values)  # type: ignore[arg-type]


def test_copy_word_equals_replace_and_owns_its_dicts() -> None:
    w = _word()
    c = copy_word(w, 1, "subj")
    assert c == replace(w, head=1, deprel="subj")
    assert c.feats is not w.feats and c.misc is not w.misc
    c.feats["Case"] = "Acc"
    assert w.feats == {"Case": "Nom"} and w.head == 2 and w.deprel == "nsubj"


def test_copy_words_gives_each_word_its_head_and_label() -> None:
    words = [_word(), replace(_word(), id=4, form="bellt", feats={}, misc={})]
    out = copy_words(words, [0, 4, 0], ["", "subj", "root"])  # index 0 unused, as in to_sud
    assert out == [replace(words[0], head=4, deprel="subj"), replace(words[1], head=0, deprel="root")]
    assert all(c.feats is not w.feats and c.misc is not w.misc for c, w in zip(out, words, strict=True))


def test_with_words_equals_replace_with_copied_metadata() -> None:
    s = Sentence([_word()], [MultiwordToken(3, 3, "Hund")], {"sent_id": "x"}, "f.conllu", 7)
    assert {f.name for f in fields(Sentence)} == {"words", "multiword", "metadata", "source", "line"}, \
        "a new Sentence field: with_words must pass it on"
    words = [copy_word(s.words[0], 0, "root")]
    out = with_words(s, words)
    assert out == replace(s, words=words)
    assert out.metadata is not s.metadata and out.multiword is s.multiword
