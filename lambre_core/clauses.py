"""Subject-verb agreement proven clause by clause, whatever the parser's arcs say: the
language-free part. A language pack that has a clause checker (``Language.subject_failures``,
German's and Russian's in ``lambre_core/languages/<code>/clauses.py``) finds the finite verbs
that no possible subject of their clause agrees with; this module holds what they share: the
finding (:class:`SubjectFailure`), the clause stretches between punctuation marks, and the
words a label's verb leaves outside its clause (:func:`bracketed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .analyses import WordAnalyses
from .doc import Sentence, Word
from .joint import Feats
from .languages import language


@dataclass(frozen=True)
class SubjectFailure:
    """A finite verb that agrees with no possible subject of its clause."""

    verb: int
    #: the word named as the subject in the message (head of the chosen noun phrase)
    subject: int
    #: the subject's person and number (a coordination: plural)
    subject_feats: Mapping[str, str]
    #: the verb's reading closest to agreeing, and the features it gets wrong
    verb_feats: Mapping[str, str]
    features: tuple[str, ...]
    #: the conjuncts when the subject is an and-coordination
    conjuncts: tuple[int, ...] = ()
    #: the predicate's part of speech when the tagger got it wrong (a short adjective tagged
    #: NOUN: ADJ)
    verb_upos: str = ""


def subject_failures(sud: Sentence, analyses: Mapping[int, WordAnalyses],
                     lexicon: object | None, lang: str) -> list[SubjectFailure]:
    """The finite verbs of a sentence that no possible subject of their clause agrees with, by
    the language pack's clause checker (none without one)."""
    check = language(lang).subject_failures
    return [] if check is None else check(sud, analyses, lexicon)


#: quotation marks: inside a clause (a quoted adverb in a subordinate clause), no boundary
QUOTES = frozenset('"„“”‚‘’«»')
#: boundaries after which a new clause starts for sure (a sentence end, a colon, a semicolon)
CLAUSE_START = frozenset(".!?:;")
def clause_spans(sud: Sentence) -> list[tuple[int, int]]:
    """A sentence's stretches between punctuation marks (quotation marks excepted)."""
    out: list[tuple[int, int]] = []
    start = None
    for w in sud.words:
        if w.upos == "PUNCT" and w.form in QUOTES:
            continue
        if w.upos == "PUNCT":
            if start is not None:
                out.append((start, w.id - 1))
                start = None
        elif start is None:
            start = w.id
    if start is not None:
        out.append((start, len(sud.words)))
    return out


def finite_readings(w: Word, analyses: Mapping[int, WordAnalyses]) -> list[Feats]:
    """A word's finite readings."""
    return [o for o in analyses[w.id].options if o.get("VerbForm") == "Fin"]


def bracketed(sud: Sentence, lo: int, hi: int) -> set[int]:
    """The ids of words ``lo``..``hi`` that may follow a label's verb and say nothing of its
    clause: inside brackets opened there, the brackets included (an aside or a key: a
    bracketed prepositional phrase after an infinitive label, "[Esc]"), and a preposition whose
    object is a placeholder or lies outside the string, with the placeholder (a label ending in a
    stranded preposition, or a preposition before "{time}")."""
    from .check import PLACEHOLDER, stranded

    out: set[int] = set()
    depth = 0
    for i in range(lo, hi + 1):
        w = sud.word(i)
        if w.form in ("(", "["):
            depth += 1
        if depth or PLACEHOLDER in w.misc or (w.upos == "ADP" and stranded(sud.words, w)):
            out.add(i)
        if w.form in (")", "]"):
            depth = max(depth - 1, 0)
    return out
