"""Robust to the parse: a violation is proven only if it holds under every plausible parse.

The parser records, for each word, the other heads and relations it scored nearly as well as
its choice (``misc["Alt"]``, see ``parse._patch_depparse``), and the tagger the other word
classes (``misc["AltUPOS"]``: an adjective that may be a noun, a quantifier that may be a
determiner or an adverb). Each of them that is plausible (probability at least ``plausible``) and keeps the
sentence a tree gives an alternative parse: the best one with that one arc or class changed.
The sentence is checked again on each; a proven violation whose blamed word is not blamed in
some alternative check (where the changed word satisfies a rule of its new place) rests on the
parser's choice, so it becomes uncertain. Language-independent: nothing here knows a word.

CoNLL-U input carries no alternatives and is taken as given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from .check import SentenceCheck, demoted
from .conllu_io import tree_error
from .doc import Sentence, Word
from .rules import is_subject_rule

#: the probability from which another arc of a word counts as a plausible parse (measured on
#: the real-text gauntlet and Falko-MERLIN dev: ``bench/realtext.py``, ``bench/precision.py``)
PLAUSIBLE = 0.2
#: the word classes a modifier relation admits (UD): another class of a word keeps its
#: relation, so it must be one the relation allows (a noun as "amod" is no reading)
_RELATION_CLASSES = {"amod": frozenset({"ADJ", "VERB", "DET", "NUM"}),
                     "det": frozenset({"DET", "PRON", "NUM"}),
                     "nummod": frozenset({"NUM"}), "case": frozenset({"ADP"}),
                     "advmod": frozenset({"ADV", "ADJ", "PART"})}
#: relations a head has at most one of (UD's core arguments), by slot: a nominal and a clausal
#: subject fill the same one
_ONE_PER_HEAD = {"nsubj": "subj", "csubj": "subj", "obj": "obj", "iobj": "iobj", "expl": "expl"}
#: at most this many alternative trees are checked per sentence, most probable first
MAX_TREES = 8


def read_alternatives(value: str) -> list[tuple[int, str, float]]:
    """``misc["Alt"]`` as (head, relation, probability) triples; malformed parts are skipped
    (a hand-edited or foreign CoNLL-U file proves nothing either way)."""
    out = []
    for part in value.split(","):
        bits = part.split("/")
        if len(bits) == 3:
            try:
                out.append((int(bits[0]), bits[1], float(bits[2])))
            except ValueError:
                continue
    return out


def read_classes(value: str) -> list[tuple[str, float]]:
    """``misc["AltUPOS"]`` as (word class, probability) pairs; malformed parts are skipped."""
    out = []
    for part in value.split(","):
        name, _, p = part.partition("/")
        try:
            out.append((name, float(p)))
        except ValueError:
            continue
    return out


def shift_alternatives(value: str, off: int) -> str:
    """``misc["Alt"]`` with every head but the root moved by ``off`` word ids."""
    return ",".join(f"{h + off if h else 0}/{r}/{p:.2f}" for h, r, p in read_alternatives(value))


def alternative_trees(sentence: Sentence, plausible: float = PLAUSIBLE,
                      limit: int = MAX_TREES,
                      class_ok: Callable[[Word, str], bool] | None = None,
                      near: set[int] | None = None) -> Iterator[tuple[int, Sentence]]:
    """The sentence with one word's arc or class replaced by a plausible alternative, most
    probable first, with that word's id; alternatives that would break the tree (a cycle, a
    second root) are skipped."""
    # (probability, word index, head, relation, word class): one change each
    options: list[tuple[float, int, int, str, str]] = []
    for i, w in enumerate(sentence.words):
        if near is not None and w.id not in near:
            continue
        alt = w.misc.get("Alt")
        if alt:
            options += [(p, i, head, rel, w.upos) for head, rel, p in read_alternatives(alt)
                        if p >= plausible and (head, rel) != (w.head, w.deprel)]
        classes = w.misc.get("AltUPOS")
        if classes:
            fits = _RELATION_CLASSES.get(w.deprel.split(":")[0])
            options += [(p, i, w.head, w.deprel, upos) for upos, p in read_classes(classes)
                        if p >= plausible and upos != w.upos
                        and (fits is None or upos in fits)
                        and (class_ok is None or class_ok(w, upos))]
    options.sort(key=lambda x: -x[0])
    made = 0
    for _p, i, head, rel, upos in options:
        if made >= limit:
            return
        words = list(sentence.words)
        words[i] = replace(words[i], head=head, deprel=rel, upos=upos)
        if rel.split(":")[0] == "conj":
            # a conjunct takes the conjunction before it along (in "A and B" the "and" goes
            # with B when B becomes the conjunct of A)
            lo, hi = sorted((head, words[i].id))
            for k in range(lo, hi - 1):
                if words[k].deprel.split(":")[0] == "cc" and words[k].head != words[i].id:
                    words[k] = replace(words[k], head=words[i].id)
        if head == 0 and any(w.head == 0 for k, w in enumerate(words) if k != i):
            continue
        slot = _ONE_PER_HEAD.get(rel.split(":")[0])
        if slot is not None and any(
                w.head == head and _ONE_PER_HEAD.get(w.deprel.split(":")[0]) == slot
                for k, w in enumerate(words) if k != i):
            # a second subject or object of one verb is no reading of the sentence (an
            # infinitive as the clausal subject of a modal that has its subject)
            continue
        tree = Sentence(words, sentence.multiword, sentence.metadata)
        if tree_error(tree) is not None:
            continue
        made += 1
        yield words[i].id, tree


def robust_to_parse(sentence: Sentence, result: SentenceCheck,
                    recheck: Callable[[Sentence], SentenceCheck],
                    plausible: float = PLAUSIBLE,
                    class_ok: Callable[[Word, str], bool] | None = None,
                    known: Callable[[Word], bool] | None = None,
                    reading: Callable[[Word, Word], bool] | None = None) -> SentenceCheck:
    """``result`` (the check of ``sentence``'s best parse) with every proven violation that some
    plausible alternative parse does not support moved to ``uncertain`` (and its rule instance
    counted as satisfied). ``recheck`` checks a UD sentence the same way ``result`` was made;
    ``class_ok(word, upos)`` says whether a word may have another class at all (its lexicon),
    ``known(word)`` whether a lexicon knows the word (a new head must be known);
    ``reading(old, new)`` whether a word's change is a reading of the sentence at all (the
    language's knowledge: a relative pronoun that fails its verb is no object)."""
    if not result.violations:
        return result
    standing = list(result.violations)
    # only words on or next to a violation's arc can move it (their own arc or their class),
    # and a word the parser nearly made a conjunct of a subject (a subject's number is its
    # conjuncts': "The plot of the game, the ideas and questions ... seem", the conjuncts hung
    # on "game", a genitive that is also a nominative plural)
    ends = {x for v in standing for x in (v.dep.id, v.head.id, v.blamed.id)}
    subjects = {v.dep.id for v in standing if is_subject_rule(v.rule)}
    near = ends | {w.id for w in sentence.words if w.head in ends} \
        | {w.head for w in sentence.words if w.id in ends} \
        | {w.id for w in sentence.words
           if any(h in subjects and r.split(":")[0] == "conj" and p >= plausible
                  for h, r, p in read_alternatives(w.misc.get("Alt", "")))}
    for changed, alt in alternative_trees(sentence, plausible, class_ok=class_ok, near=near):
        again = recheck(alt)
        if again.error is not None:
            continue
        # (an uncertain failure counts as satisfied in the instances: ask the violations)
        own = [i for i in again.instances if i.dep == changed]
        word = next(w for w in alt.words if w.id == changed)
        if known is not None and word.head and not known(alt.words[word.head - 1]):
            continue  # a fit with a word no lexicon knows is the tagger's guess, not the forms
        if reading is not None and not reading(sentence.words[changed - 1], word):
            continue
        if not own or any(v.dep.id == changed for v in (*again.violations, *again.uncertain)):
            # the changed word must fit its new place: some rule applies on its new arc and
            # every one holds. An arc where no rule applies (an article as a modifier of
            # anything) would explain every error away, and one where a rule fails (an
            # accusative noun phrase as the subject of a first-person verb) is no better a
            # reading than the one it replaces
            continue
        # a word still on a failing arc is still in trouble, whichever word is blamed there
        # (a determiner and noun with no case in common fail whether the quantifier before
        # them or the determiner itself is taken as the noun's determiner)
        troubled = {x for v in again.violations for x in (v.blamed.id, v.dep.id, v.head.id)}
        standing = [v for v in standing if v.blamed.id in troubled]
        if not standing:
            break
    kept = {id(v) for v in standing}
    return demoted(result, lambda v: id(v) not in kept)
