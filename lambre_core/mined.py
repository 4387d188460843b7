"""Word lists mined from each model's training split, for the precise mode (``evidence.py``):
what a treebank's annotators knew about words that a parser, reading new text, often does not.

- **Fixed expressions**: word sequences the treebank joins into one syntactic word (UD
  ``fixed``: a multiword conjunction "that is", a question "what kind of", a compound preposition
  "in the course of"). A word inside one has no morphosyntactic role of its own: the verb "is" of
  "that is" is no auxiliary of the next clause's verb, the preposition of "what kind of" governs
  no case. So a rule failing on an arc that touches one is only as sure as the parser's reading
  of the expression as free words. A sequence counts where the treebank joins it in at least
  half of its contiguous occurrences, and at least twice.
- **Determiners that stand alone**: forms the treebank tags as determiners or pronouns and,
  outside a preposition's phrase, uses as arguments of their own (subject, object, oblique) in
  at least half of their uses there, and at least three times ("everyone" in the dative: "wish
  everyone a happy Thursday"). Such a form before a noun it cannot agree with in case is more
  likely an argument than the noun's wrong determiner.

- **Transitive verbs**: verb lemmas the treebank shows with an object of their own at least
  twice and in at least a tenth of their uses. In a language that drops subjects, a relative
  pronoun "subject" that can be accusative, under such a verb, may be its object, the subject
  left out ("I found the ones [that I] wanted").

Mined, not listed. Each pack's lists live in its folder (``languages/<lang>/<name>.tsv``,
written by ``scripts/mine_treebank_lists.py``); the parse does not read them, the checker does.
"""

from __future__ import annotations

import csv
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .doc import Sentence

#: the lists, by file name (in each pack's folder)
FIXED = "fixed_expressions"
STANDALONE = "standalone_determiners"
TRANSITIVE = "transitive_verbs"
#: a fixed sequence: joined by ``fixed`` at least this often, in at least this share of the
#: places it occurs
FIXED_MIN, FIXED_SHARE = 2, 0.5
#: a determiner standing alone: at least this often, in at least this share of its uses
STANDALONE_MIN, STANDALONE_SHARE = 3, 0.5
#: a transitive verb: with an object at least this often, in at least this share of its uses
TRANSITIVE_MIN, TRANSITIVE_SHARE = 2, 0.1
#: the relations (UD, before ":") of a word that is an argument of its own
_ARGUMENT_RELATIONS = frozenset({"nsubj", "obj", "iobj", "obl", "nmod"})


@dataclass(frozen=True)
class Entry:
    """A mined entry: its words (lower case, space-separated for an expression), how often
    the treebank shows the property and how often the words occur in it at all."""

    words: str
    count: int
    seen: int


def _joined(sentence: Sentence) -> Iterable[tuple[str, ...]]:
    """The word sequences a tree joins by ``fixed``: a head and its fixed dependents, where
    they stand together."""
    parts: dict[int, list[int]] = defaultdict(list)
    for w in sentence.words:
        if w.deprel.split(":")[0] == "fixed" and w.head:
            parts[w.head].append(w.id)
    for head, deps in parts.items():
        ids = sorted([head, *deps])
        if ids == list(range(ids[0], ids[-1] + 1)):
            yield tuple(sentence.word(i).form.lower() for i in ids)


def mine_fixed(sentences: Collection[Sentence], least: int = FIXED_MIN,
               share: float = FIXED_SHARE) -> list[Entry]:
    """The fixed expressions of a treebank: sequences joined by ``fixed`` at least ``least``
    times and in at least ``share`` of the places they occur."""
    joined: Counter[tuple[str, ...]] = Counter()
    for s in sentences:
        joined.update(_joined(s))
    by_first: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for seq in joined:
        by_first[seq[0]].add(seq)
    seen: Counter[tuple[str, ...]] = Counter()
    for s in sentences:
        forms = [w.form.lower() for w in s.words]
        for i, form in enumerate(forms):
            for seq in by_first.get(form, ()):
                if tuple(forms[i:i + len(seq)]) == seq:
                    seen[seq] += 1
    return _kept({" ".join(seq): (n, max(seen[seq], n)) for seq, n in joined.items()},
                 least, share)


def mine_standalone(sentences: Collection[Sentence], least: int = STANDALONE_MIN,
                    share: float = STANDALONE_SHARE) -> list[Entry]:
    """The determiner forms of a treebank that, outside a preposition's phrase, stand alone as
    arguments at least ``least`` times and in at least ``share`` of their uses there (as a
    determiner or a pronoun)."""
    alone: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    determiner: set[str] = set()
    for s in sentences:
        # (a preposition's object does not stand alone: "in it" is no argument of its own)
        governed = {w.head for w in s.words if w.deprel.split(":")[0] == "case"}
        for w in s.words:
            rel = w.deprel.split(":")[0]
            if w.upos not in ("DET", "PRON") or w.id in governed \
                    or (rel == "det" and w.head in governed):
                continue  # (uses inside a preposition's phrase are neither)
            form = w.form.lower()
            uses[form] += 1
            if rel == "det":
                determiner.add(form)
            elif rel in _ARGUMENT_RELATIONS:
                alone[form] += 1
    return _kept({f: (alone[f], uses[f]) for f in determiner if alone[f]}, least, share)


def mine_transitive(sentences: Collection[Sentence], least: int = TRANSITIVE_MIN,
                    share: float = TRANSITIVE_SHARE) -> list[Entry]:
    """The verb lemmas of a treebank with an object (UD ``obj``) at least ``least`` times and
    in at least ``share`` of their uses."""
    with_object: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    for s in sentences:
        heads = {w.head for w in s.words if w.deprel.split(":")[0] == "obj"}
        for w in s.words:
            if w.upos == "VERB":
                uses[w.lemma.lower()] += 1
                with_object[w.lemma.lower()] += w.id in heads
    return _kept({v: (n, uses[v]) for v, n in with_object.items() if n}, least, share)


def _kept(counts: dict[str, tuple[int, int]], least: int, share: float) -> list[Entry]:
    return sorted((Entry(w, n, seen) for w, (n, seen) in counts.items()
                   if n >= least and n >= share * seen), key=lambda e: (-e.count, e.words))


def path(lang: str, name: str) -> Path:
    """Where the list ``name`` of ``lang``'s pack lives (the file may be missing: none)."""
    return Path(__file__).resolve().parent / "languages" / lang / f"{name}.tsv"


def paths(lang: str) -> tuple[Path, ...]:
    """Every mined list's file of ``lang``'s pack (what a check depends on)."""
    return tuple(path(lang, name) for name in (FIXED, STANDALONE, TRANSITIVE))


def write(entries: Sequence[Entry], target: Path, header: str) -> None:
    """Write a mined list as a TSV: a comment line, then words, count, seen."""
    from .conllu_io import atomic_write

    lines = [f"# {header}", "words\tcount\tseen"]
    lines += [f"{e.words}\t{e.count}\t{e.seen}" for e in entries]
    atomic_write(target, "\n".join(lines) + "\n")


@cache
def _read(lang: str, name: str) -> frozenset[str]:
    file = path(lang, name)
    if not file.is_file():
        return frozenset()
    with open(file, encoding="utf-8") as fh:
        rows = csv.DictReader((ln for ln in fh if not ln.startswith("#")), delimiter="\t")
        return frozenset(r["words"] for r in rows if r.get("words"))


@cache
def fixed_expressions(lang: str) -> frozenset[tuple[str, ...]]:
    """The fixed expressions of ``lang``'s pack, as lower-case word tuples."""
    return frozenset(tuple(e.split()) for e in _read(lang, FIXED))


@cache
def _longest(lang: str) -> int:
    return max((len(e) for e in fixed_expressions(lang)), default=0)


def standalone_determiners(lang: str) -> frozenset[str]:
    """The determiner forms of ``lang``'s pack that stand alone as often as not (lower case)."""
    return _read(lang, STANDALONE)


def transitive_verbs(lang: str) -> frozenset[str]:
    """The verb lemmas of ``lang``'s pack that take an object of their own (lower case)."""
    return _read(lang, TRANSITIVE)


def in_fixed(sentence: Sentence, wid: int, lang: str) -> bool:
    """Whether word ``wid`` of ``sentence`` stands in one of ``lang``'s fixed expressions (only
    the stretches of words around it are looked at: the checker asks this of an arc's two
    words, many times a sentence)."""
    longest = _longest(lang)
    if not longest:
        return False
    found = fixed_expressions(lang)
    p = wid - 1  # (the word's position)
    lo = max(0, p - longest + 1)
    forms = [w.form.lower() for w in sentence.words[lo:p + longest]]
    p -= lo
    return any(tuple(forms[i:i + n]) in found
               for n in range(2, longest + 1) for i in range(max(0, p - n + 1), p + 1)
               if i + n <= len(forms))
