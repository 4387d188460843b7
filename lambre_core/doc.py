"""Plain data types for parsed text: one ``Sentence`` holds ``Word``s (syntactic words) and
``MultiwordToken``s (surface tokens spanning several words), as in CoNLL-U and Stanza's ``doc.py``."""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(slots=True)
class Word:
    """A syntactic word: one CoNLL-U line with an integer id.

    ``__slots__``: a corpus holds hundreds of thousands of words, and a word without an
    instance dict is half the memory and quicker to build and read (checking throughput)."""

    id: int
    form: str
    lemma: str = "_"
    upos: str = "_"
    xpos: str = "_"
    feats: dict[str, str] = field(default_factory=dict)
    head: int = 0
    deprel: str = "_"
    deps: str = "_"
    misc: dict[str, str] = field(default_factory=dict)
    #: character offsets into the sentence's source text, when known (end exclusive)
    start: int | None = None
    end: int | None = None

    def feat_values(self, name: str) -> frozenset[str]:
        """The values of feature ``name`` (``Case=Acc,Nom`` gives two); empty when absent."""
        value = self.feats.get(name)
        return frozenset(value.split(",")) if value else frozenset()


@dataclass
class MultiwordToken:
    """A surface token covering words ``first``..``last`` (e.g. a preposition fused with a
    definite article: two words)."""

    first: int
    last: int
    form: str
    misc: dict[str, str] = field(default_factory=dict)
    start: int | None = None
    end: int | None = None


@dataclass
class Sentence:
    """A sentence: its words (ids 1..n in order), multiword tokens, and comment metadata."""

    words: list[Word]
    multiword: list[MultiwordToken] = field(default_factory=list)
    metadata: dict[str, str] = field(default_factory=dict)
    #: where the sentence came from (file and 1-based line of its first line), for error messages
    source: str | None = None
    line: int | None = None

    @property
    def sent_id(self) -> str | None:
        return self.metadata.get("sent_id")

    @property
    def text(self) -> str:
        if "text" in self.metadata:
            return self.metadata["text"]
        return surface_text(self)

    def word(self, wid: int) -> Word:
        """The word with id ``wid`` (1-based)."""
        return self.words[wid - 1]

    def with_words(self, words: list[Word]) -> Sentence:
        """A copy of this sentence with other words (same tokens, metadata, source)."""
        return replace(self, words=words)


def surface_spans(sentence: Sentence) -> tuple[str, dict[int, tuple[int, int]]]:
    """The text rebuilt from forms and ``SpaceAfter=No`` (multiword tokens replace their words),
    with each word id's character span in it (a multiword token's words share its span)."""
    mwt_at = {m.first: m for m in sentence.multiword}
    parts: list[str] = []
    spans: dict[int, tuple[int, int]] = {}
    pos = 0
    i = 1
    n = len(sentence.words)
    while i <= n:
        if i in mwt_at:
            m = mwt_at[i]
            form, misc, ids = m.form, m.misc, range(m.first, m.last + 1)
            i = m.last + 1
        else:
            w = sentence.word(i)
            form, misc, ids = w.form, w.misc, range(i, i + 1)
            i += 1
        parts.append(form)
        spans.update((j, (pos, pos + len(form))) for j in ids)
        pos += len(form)
        if misc.get("SpaceAfter") != "No" and i <= n:
            parts.append(" ")
            pos += 1
    return "".join(parts), spans


def surface_text(sentence: Sentence) -> str:
    """Rebuild the text from forms and ``SpaceAfter=No`` (multiword tokens replace their words)."""
    return surface_spans(sentence)[0]


def word_span(sentence: Sentence, word: Word) -> tuple[int, int] | None:
    """Character span of a word in its sentence text: its own offsets, else those of the
    multiword token it belongs to; None when neither is known."""
    if word.start is not None and word.end is not None and word.end > word.start:
        return word.start, word.end
    for m in sentence.multiword:
        if m.first <= word.id <= m.last and m.start is not None and m.end is not None:
            return m.start, m.end
    return None


def shift_offsets(sent: Sentence, delta: int) -> None:
    """Move a sentence's character offsets (words and multiword tokens) by ``delta``."""
    for w in sent.words:
        if w.start is not None:
            w.start += delta
        if w.end is not None:
            w.end += delta
    for m in sent.multiword:
        if m.start is not None:
            m.start += delta
        if m.end is not None:
            m.end += delta
