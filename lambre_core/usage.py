"""A writer's own usage across a document: evidence that no single sentence holds.

A noun the model's treebank never saw, used in three or more sentences of a document, each time
with a determiner or adjective that shows one gender, and never with one that shows only the
dictionary's gender for that spelling, is of that gender in this text: it is another word than
the dictionary's (a name: a gallery called by a surname, which a German dictionary lists as a
rare masculine noun) or a variant the dictionary lacks (a loanword's second gender). A proven
agreement failure between such a noun and its attribute that this gender removes is then
uncertain.

A slip is not usage: a noun shown in that gender in fewer sentences, or a document that also
uses the dictionary's gender, keeps its findings. A word the treebank has is left alone, since
learners' gender errors are on common words and a learner may repeat one. Language-independent:
the genders come from the analyses of the language's lexicons.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from .analyses import WordAnalyses, word_analyses
from .check import SentenceCheck, Violation, demoted
from .doc import Word
from .sud import base_relation

#: the attributes whose form shows their noun's gender, and the relations they have
_ATTRIBUTES = frozenset({"DET", "ADJ"})
_ATTRIBUTE_RELATIONS = frozenset({"det", "mod"})
_NOUNS = frozenset({"NOUN", "PROPN"})
#: sentences in which a document must show a gender before it counts as the writer's: two can
#: be one learner's slip made twice (Falko-MERLIN dev has two such pairs, a masculine noun
#: with a neuter article twice in one essay)
MIN_SENTENCES = 3
#: the agreement features a noun's other gender can satisfy (a feminine article before a noun
#: the dictionary has as masculine fails in number: the article is then read as a plural)
_GENDER_FIXES = frozenset({"Gender", "Number", "Case"})


def _relation(w: Word) -> str:
    return base_relation(w.deprel).split("@")[0].split(":")[0]


def _seen_in_treebank(noun: Word, lexicon: Any) -> bool:
    index = getattr(lexicon, "index", None)
    if index is None:
        return True  # no treebank lexicon to ask: assume the word is a common one
    return any(u in _NOUNS for (_lemma, u, _b) in index.get(noun.form.lower(), ())) \
        or any((noun.lemma, u) in lexicon.paradigms for u in _NOUNS)


def _shown(lang: str, attr: Word, noun: Word, lexicon: Any,
           noun_analyses: WordAnalyses | None = None) -> frozenset[str]:
    """The genders ``attr``'s form allows beside ``noun``: in a case and number the noun's form
    has, the tagger's case of the noun where the attribute has a reading in it (after a
    preposition the tagger mostly knows the case; a wrong guess leaves no reading).
    ``noun_analyses``: the noun's, when the caller has them."""
    na = noun_analyses if noun_analyses is not None else word_analyses(lang, noun, lexicon)
    cells = {(o.get("Case"), o.get("Number")) for o in na.options}
    fits = [o for o in word_analyses(lang, attr, lexicon).options
            if "Gender" in o and any(n in (None, o.get("Number"))
                                     and c in (None, o.get("Case")) for c, n in cells)]
    tagged = [o for o in fits if o.get("Case") in (None, noun.feats.get("Case"))]
    return frozenset(o["Gender"] for o in tagged or fits)


def _dictionary(a: WordAnalyses) -> frozenset[str]:
    """The genders a noun's analyses give it (none when no lexicon knows it)."""
    return frozenset(o["Gender"] for o in a.options if "Gender" in o) if a.known else frozenset()


def _candidate(v: Violation) -> bool:
    return (v.rule.type == "agree" and v.rule.feature in _GENDER_FIXES
            and v.dep.upos in _ATTRIBUTES and v.head.upos in _NOUNS
            and _relation(v.dep) in _ATTRIBUTE_RELATIONS)


def worth_asking(checks: Sequence[SentenceCheck]) -> bool:
    """Whether ``checks`` hold a finding ``writers_genders`` may answer (cheap: no lexicon)."""
    return any(_candidate(v) for c in checks for v in c.violations)


#: a sentence's attribute arcs onto nouns: (attribute index, noun index, the noun's lemma key)
Arcs = tuple[tuple[int, int, str], ...]
#: what a caller that checks one document again and again (the editor) keeps between calls: each
#: sentence check's arcs, by the check's identity (the check kept with them, so the identity
#: stays its own)
Memo = dict[int, tuple[SentenceCheck, Arcs]]


def _arcs(check: SentenceCheck) -> Arcs:
    words = check.sentence.words
    out = []
    for i, attr in enumerate(words):
        if attr.upos not in _ATTRIBUTES or not attr.head:
            continue
        noun = words[attr.head - 1]
        if noun.upos in _NOUNS and _relation(attr) in _ATTRIBUTE_RELATIONS:
            out.append((i, attr.head - 1, noun.lemma.casefold()))
    return tuple(out)


def writers_genders(checks: Sequence[SentenceCheck], lang: str, lexicon: Any,
                    memo: Memo | None = None) -> list[SentenceCheck]:
    """``checks`` (one document's sentences) with the agreement failures that the writer's
    consistent gender for a noun removes made uncertain (see the module docstring). ``memo``
    keeps each check's arcs for the next call (it is left holding the current checks only)."""
    keys = {v.head.lemma.casefold() for c in checks for v in c.violations if _candidate(v)
            and not _seen_in_treebank(v.head, lexicon)}
    if not keys:
        return list(checks)
    # noun lemma -> gender -> sentences showing it and no dictionary gender; lemmas some
    # attribute shows in a dictionary gender only
    variant: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
    standard: set[str] = set()
    kept: Memo = {}
    for k, c in enumerate(checks):
        got = memo.get(id(c)) if memo is not None else None
        arcs = got[1] if got is not None and got[0] is c else _arcs(c)
        kept[id(c)] = (c, arcs)
        words = c.sentence.words
        for a, n, key in arcs:
            if key not in keys:
                continue
            na = word_analyses(lang, words[n], lexicon)
            shown = _shown(lang, words[a], words[n], lexicon, na)
            own = _dictionary(na)
            if not shown or not own:
                continue
            if shown <= own:
                standard.add(key)
            elif not shown & own:
                for g in shown:
                    variant[key][g].add(k)
    if memo is not None:
        memo.clear()
        memo.update(kept)
    usage = {key: {g for g, at in by.items() if len(at) >= MIN_SENTENCES}
             for key, by in variant.items() if key not in standard}

    def doubtful(v: Violation) -> bool:
        if not _candidate(v):
            return False
        genders = usage.get(v.head.lemma.casefold(), set())
        return bool(genders) and bool(_shown(lang, v.dep, v.head, lexicon) & genders)

    return [demoted(c, doubtful) if c.violations else c for c in checks]


def document_checks(langs: Sequence[str], checks: Sequence[SentenceCheck],
                    precision: Callable[[str], Any],
                    memo: dict[str, Memo] | None = None) -> list[SentenceCheck]:
    """A document's sentence checks (each sentence's language in ``langs``) after the readings
    that need the whole document, language by language. ``precision(lang)`` gives the precise
    checker's settings (``evidence.Precision``), or None for the paper's method, which reads one
    sentence at a time; it is asked only when some finding is of a kind these readings answer
    (the lexicon is read then). ``memo`` (by language): what a caller that checks the same
    document again keeps between calls (see ``writers_genders``)."""
    out = list(checks)
    by_lang: dict[str, list[int]] = defaultdict(list)
    for i, lang in enumerate(langs):
        by_lang[lang].append(i)
    for lang, idx in by_lang.items():
        mine = [out[i] for i in idx]
        if not worth_asking(mine):
            continue
        prec = precision(lang)
        if prec is None:
            continue
        lang_memo = memo.setdefault(lang, {}) if memo is not None else None
        for i, new in zip(idx, writers_genders(mine, lang, prec.lexicon, lang_memo),
                          strict=True):
            out[i] = new
    return out
