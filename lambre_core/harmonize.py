"""Agreement inside a noun phrase, restored after parsing.

The tagger predicts each word's features on its own, so a determiner and its noun can come out
in different genders where the forms allow one reading (a dative article tagged masculine
before a neuter noun).
For each noun and the determiners and adjectives the parse attached to it, the lexicon's
analyses of each word (the ones the tagger is held to) are searched for one choice on which all
of them agree in Case, Number and Gender; of those, the choice that keeps most of the tagger's
values gives each word its gender. Case and number stay the tagger's: they are the writer's,
and a reading chosen for them here moved the checker's explanation of an error from the phrase
to its governor (a feminine singular article before a plural noun read as a genitive plural;
Falko-MERLIN precision 77.4 -> 75.3). Where no agreeing choice exists (a writer's error, a word the
lexicon does not know in full) nothing changes, so the checker still sees the tagger's reading;
a word the lexicon does not know in full (an adjective outside German's closed classes, a
name) keeps its values and constrains nothing. Only values a word already carries are changed:
a feature is never added or dropped, but for animacy where the language's attributes take their
noun's (``Language.animacy_agreement``: an East Slavic plural accusative attribute of an
inanimate noun is inanimate), and only into a reading the attribute's form has.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .doc import Sentence, Word
from .languages import language

#: the features a noun phrase agrees in
AGREEING = ("Case", "Number", "Gender")
#: the features whose values are changed: gender only (a noun's gender is its lemma's; a
#: phrase's case and number are the writer's, and a reading chosen for them here would move the
#: checker's explanation of an error from the phrase to its governor)
_CHANGED = ("Gender",)
#: relations (UD, before ":") that attach an agreeing attribute to its noun
_ATTRIBUTE_RELATIONS = frozenset({"det", "amod"})
#: more joint choices than this in one phrase: left as tagged (a long coordination)
_MAX_CHOICES = 5000


def _choices(word: Word, lexicon: Any) -> list[dict[str, str]]:
    """The word's possible (Case, Number, Gender) values by the lexicon (none: it does not
    know the word in full)."""
    got: list[dict[str, str]] = []
    # (sorted: a set's order changes with the hash seed, and the first of equally good
    # choices wins, so the result would change from process to process)
    for bundle in sorted(lexicon.constraint_analyses(word.form, word.upos)):
        b = {f: v for f, v in bundle if f in AGREEING}
        if b and b not in got:
            got.append(b)
    return got


def _own(word: Word) -> dict[str, str]:
    return {f: word.feats[f] for f in AGREEING if f in word.feats}


def _agree(a: dict[str, str], b: dict[str, str]) -> bool:
    return all(a[f] == b[f] for f in AGREEING if f in a and f in b)


def _kept(word: Word, choice: dict[str, str]) -> int:
    return sum(1 for f in AGREEING if f in word.feats and word.feats[f] == choice.get(f))


def harmonize(sentence: Sentence, lexicon: Any) -> int:
    """Make each noun phrase of ``sentence`` agree where its words' analyses allow (in place);
    returns how many words changed."""
    by_head: dict[int, list[Word]] = {}
    for w in sentence.words:
        if w.upos in ("DET", "ADJ") and w.deprel.split(":")[0] in _ATTRIBUTE_RELATIONS:
            by_head.setdefault(w.head, []).append(w)
    changed = 0
    for head, attrs in by_head.items():
        if not head:
            continue
        noun = sentence.word(head)
        if noun.upos not in ("NOUN", "PROPN"):
            continue
        if all(_agree(_own(w), _own(noun)) for w in attrs):
            continue  # (already one reading)
        # (a word the lexicon does not know in full stays out: its values are the tagger's
        # guess, neither to change nor to follow)
        known = [(w, c) for w in (noun, *attrs) for c in [_choices(w, lexicon)] if c]
        if len(known) < 2 or known[0][0] is not noun:
            continue
        group = [w for w, _ in known]
        options = [c for _, c in known]
        if math.prod(len(o) for o in options) > _MAX_CHOICES:
            continue
        best: Sequence[dict[str, str]] | None = None
        best_kept = -1
        for combo in itertools.product(*options):
            if not all(_agree(combo[0], c) for c in combo[1:]):
                continue
            kept = sum(_kept(w, c) for w, c in zip(group, combo, strict=True))
            if kept > best_kept:
                best, best_kept = combo, kept
        if best is None:
            continue
        for w, c, opts in zip(group, best, options, strict=True):
            new = {f: c[f] for f in _CHANGED if f in w.feats and f in c and w.feats[f] != c[f]}
            # (only into a reading the word has with its own case and number: an article
            # tagged a feminine dative does not become a masculine dative)
            if new and {**_own(w), **new} in opts:
                w.feats.update(new)
                changed += 1
    agrees = language(lexicon.lang).animacy_agreement
    if agrees is not None:
        changed += _animacy(sentence, by_head, lexicon, agrees)
    return changed


def _animacy(sentence: Sentence, by_head: dict[int, list[Word]], lexicon: Any,
             agrees: Callable[[Mapping[str, str]], bool]) -> int:
    """Give each attribute whose case and number show animacy (``Language.animacy_agreement``)
    its noun's animacy, where the lexicon has that reading of the attribute's form (a plural
    accusative that is also the nominative is inanimate; a masculine one that is also the
    genitive has no inanimate reading, so a writer's error stays visible)."""
    changed = 0
    for head, attrs in by_head.items():
        noun = sentence.word(head) if head else None
        if noun is None or noun.upos not in ("NOUN", "PROPN") or "Animacy" not in noun.feats:
            continue
        animacy = noun.feats["Animacy"]
        for w in attrs:
            if w.feats.get("Animacy") == animacy or not agrees(w.feats):
                continue
            if "Animacy" not in (lexicon.class_features(w.upos) or ()):
                continue  # (the treebank writes no animacy on this class)
            readings = [dict(b) for b in lexicon.constraint_analyses(w.form, w.upos)]
            if any(b.get("Animacy") == animacy and all(
                    b[f] == w.feats.get(f) for f in AGREEING if f in b) for b in readings):
                w.feats["Animacy"] = animacy
                changed += 1
    return changed

