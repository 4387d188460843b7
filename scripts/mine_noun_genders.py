"""Mine Czech noun genders from raw text: a noun lemma's gender is what the attributes right
before its words say, read by the pack's complete analyses of adjectives and determiners (their
endings and closed tables), not by the tagger. A lemma is kept when

- its citation form is attested as a nominative singular twice (an attribute before the form
  itself allows the nominative singular of that gender: a lemmatizer's invention such as
  "studenta", seen only as a genitive, is left out),
- the gender is allowed by at least 95 % of its attributed occurrences (three at least), at
  least two of them allow no other gender, and no other gender reaches 95 %,
- the pack has a declension table for a lemma of that ending and gender,
- the train split's list (``noun_genders.tsv``) does not already have it.

The text is parsed with the shipped model (its lemmas, classes and arcs); lemmas of the model's
test split are measured by ``bench/calibrate_analyses.py cs`` like the rest.

    python scripts/mine_noun_genders.py ../shared/wmt23/en-cs/[A-Z]*.txt \\
        --out lambre_core/languages/cs/noun_genders_mined.tsv

With ``--tagger spacy:MODEL`` the text is tagged by a stronger tagger instead (a spaCy pipeline
trained on a larger treebank: ``pip install spacy cs-core-news-sm``, not a dependency of the
project), and a noun lemma's gender is what that tagger gives its words (``mine_tagged``). A lemma
is kept when

- it is seen at least three times, in two forms at least, its citation form once as a
  nominative singular, and one gender family has 95 % of its words (a masculine's animacy is
  what its forms show: one animacy only where a form seen is written so by that one's table);
- the pack's table for it describes the word: 90 % of its words are written as the table writes
  the case and number the tagger gives them (a plural "fakta" of "faktum" that the lemmatizer
  gave "fakt" shows that "fakt" declines otherwise here; a foreign word left undeclined fails);
- no form its table makes is, in the same text, at least a fifth of the time and twice another
  word: another part of speech ("celkem", an adverb, is also a case of "celek") or a noun of a
  lemma the lists lack ("chaty" of "chata", which the table of "chat" also makes). A form that
  is often another word may be lemmatized as this one, and would then prove a false error.

    python scripts/mine_noun_genders.py --tagger spacy:cs_core_news_sm \\
        ../shared/wmt22/en-cs/[A-Z]*.txt ../shared/wmt23/en-cs/[A-Z]*.txt \\
        --out lambre_core/languages/cs/noun_genders_tagged.tsv
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Iterable
from pathlib import Path

from spacy_docs import spacy_docs

from lambre_core.conllu_io import atomic_write, read_conllu
from lambre_core.doc import Sentence, Word
from lambre_core.languages.cs import morph
from lambre_core.languages.cs.morph import _declensions, adjective, determiner
from lambre_core.languages.paradigm_tables import read_noun_list

#: a gender value as the list writes it
Key = str
_FAMILY = {"Fem": "Fem", "Neut": "Neut", "Masc/Anim": "Masc", "Masc/Inan": "Masc"}


def _key(b: dict[str, str]) -> Key:
    g = b.get("Gender", "")
    return f"{g}/{b['Animacy']}" if g == "Masc" and b.get("Animacy") else g


def _attribute_cells(word: Word) -> set[tuple[Key, str, str]] | None:
    """(gender, case, number) cells of an adjective or determiner the pack analyses."""
    got = adjective(word.form, word.lemma) if word.upos == "ADJ" \
        else determiner(word.form, word.lemma)
    if not got or got == [{}]:
        return None
    out: set[tuple[Key, str, str]] = set()
    for b in got:
        keys = [_key(b)] if b.get("Gender") != "Masc" or b.get("Animacy") \
            else ["Masc/Anim", "Masc/Inan"]
        out.update((k, b.get("Case", ""), b.get("Number", "")) for k in keys)
    return out


def _attributes(sent: Sentence, noun: Word) -> set[tuple[Key, str, str]] | None:
    """The cells every attribute right before the noun allows (None: no such attribute)."""
    cells: set[tuple[Key, str, str]] | None = None
    j = noun.id - 1
    while j >= 1 and sent.word(j).head == noun.id and sent.word(j).upos in ("ADJ", "DET"):
        got = _attribute_cells(sent.word(j))
        if got is not None:
            cells = got if cells is None else cells & got
        j -= 1
    return cells


def mine(sentences: Iterable[Sentence]) -> dict[str, tuple[str, ...]]:
    """lemma -> its genders (see the module docstring)."""
    seen: dict[str, collections.Counter[Key]] = collections.defaultdict(collections.Counter)
    sole: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    total: collections.Counter[str] = collections.Counter()
    nominative: dict[str, collections.Counter[Key]] = collections.defaultdict(collections.Counter)
    for sent in sentences:
        for w in sent.words:
            lemma = (w.lemma or "").lower()
            if w.upos != "NOUN" or not lemma.isalpha() or (w.id > 1 and w.form[:1].isupper()):
                continue
            cells = _attributes(sent, w)
            if not cells:
                continue
            genders = {g for g, _c, _n in cells}
            total[lemma] += 1
            seen[lemma].update(genders)
            families = {_FAMILY[g] for g in genders}
            if len(families) == 1:
                sole[lemma][next(iter(families))] += 1
            if w.form.lower() == lemma:
                nominative[lemma].update({g for g, c, n in cells if c == "Nom" and n == "Sing"})
    listed = read_noun_list(Path(morph.__file__).with_name("noun_genders.tsv"))
    out: dict[str, tuple[str, ...]] = {}
    for lemma, n in total.items():
        if lemma in listed:
            continue
        strong = [g for g, c in seen[lemma].items() if c >= 0.95 * n]
        families = {_FAMILY[g] for g in strong}
        if len(families) != 1:
            continue
        family = next(iter(families))
        if sole[lemma][family] < 2 or n < 3:
            continue
        kept = tuple(sorted(g for g in strong if nominative[lemma][g] >= 2))
        if not kept or not all(_declensions(lemma, _bundle(g)) for g in kept):
            continue
        out[lemma] = kept
    return out


#: a tagged word: form, class, lemma, features
Tagged = tuple[str, str, str, dict[str, str]]


def mine_tagged(words: Iterable[Tagged], known: set[str]) -> dict[str, tuple[Key, ...]]:
    """lemma -> its genders, from a stronger tagger's nouns (see the module docstring);
    ``known``: the lemmas the pack lists already (left out, and never another word)."""
    votes: dict[str, collections.Counter[Key]] = collections.defaultdict(collections.Counter)
    seen: dict[str, collections.Counter[tuple[str, str, str]]] = \
        collections.defaultdict(collections.Counter)
    citation: collections.Counter[str] = collections.Counter()
    as_word: dict[str, collections.Counter[tuple[str, str]]] = \
        collections.defaultdict(collections.Counter)
    for form, upos, lemma, feats in words:
        low, lemma = form.lower(), lemma.lower()
        as_word[low][(upos, lemma)] += 1
        key = _key(feats)
        if upos != "NOUN" or not lemma.isalpha() or key not in _FAMILY:
            continue
        votes[lemma][key] += 1
        case, number = feats.get("Case", ""), feats.get("Number", "")
        seen[lemma][(low, case, number)] += 1
        if low == lemma and case == "Nom" and number == "Sing":
            citation[lemma] += 1
    out: dict[str, tuple[Key, ...]] = {}
    for lemma, vote in votes.items():
        n = sum(vote.values())
        if lemma in known or n < 3 or not citation[lemma] \
                or len({f for f, _c, _n in seen[lemma]}) < 2:
            continue
        families: collections.Counter[str] = collections.Counter()
        for k, c in vote.items():
            families[_FAMILY[k]] += c
        family, count = families.most_common(1)[0]
        if count < 0.95 * n:
            continue
        kept = _animacy(lemma, seen[lemma]) if family == "Masc" else (family,)
        genders = tuple(_bundle(k) for k in kept)
        if not all(_declensions(lemma, g) for g in genders):
            continue
        cells = morph.paradigm_cells(lemma, genders)
        fits = sum(c for (f, case, number), c in seen[lemma].items()
                   if (case, number) in cells.get(f, ()))
        if fits < 0.9 * n:
            continue
        if any(_often_another_word(as_word.get(f, collections.Counter()), lemma, known)
               for f in cells):
            continue
        out[lemma] = kept
    return out


def _animacy(lemma: str, seen: collections.Counter[tuple[str, str, str]]) -> tuple[Key, ...]:
    """A masculine's animacy by the forms seen, not by the tagger's guess: one animacy where
    only its table writes a case so ("klienta" as an accusative, "klienti"), else both."""
    tables = {k: morph.paradigm_cells(lemma, (_bundle(k),)) for k in ("Masc/Anim", "Masc/Inan")}
    only = {k for k, cells in tables.items()
            if any((case, number) in cells.get(f, ())
                   and all((case, number) not in other.get(f, ())
                           for o, other in tables.items() if o != k)
                   for f, case, number in seen)}
    return tuple(sorted(only)) if len(only) == 1 else tuple(sorted(tables))


def _often_another_word(tagged: collections.Counter[tuple[str, str]], lemma: str,
                        known: set[str]) -> bool:
    """Whether a form's words are, twice and a fifth of the time at least, another part of
    speech or a noun of a lemma that is neither this one nor listed."""
    other = sum(c for (upos, lem), c in tagged.items()
                if not (upos == "NOUN" and (lem == lemma or lem in known)))
    return other >= 2 and other >= 0.2 * sum(tagged.values())


def _spacy_words(paths: list[Path], model: str) -> Iterable[Tagged]:
    """Every word of the text files (one segment a line, repeated lines once) as a spaCy
    pipeline tags it."""
    for doc in spacy_docs(paths, model, "--tagger"):
        for t in doc:
            yield t.text, t.pos_, t.lemma_, t.morph.to_dict()


def _bundle(key: Key) -> dict[str, str]:
    gender, _, animacy = key.partition("/")
    return {"Gender": gender, **({"Animacy": animacy} if animacy else {})}


def _sentences(paths: list[Path]) -> Iterable[Sentence]:
    """The parsed sentences of the inputs: CoNLL-U as it is, text (one segment a line,
    repeated lines once) through the shipped Czech model."""
    texts: dict[str, None] = {}
    for p in paths:
        if p.suffix == ".conllu":
            yield from read_conllu(p)
        else:
            texts.update((line.strip(), None) for line in p.read_text(encoding="utf-8").splitlines()
                         if line.strip())
    if texts:
        from lambre_core.parse import load_parser

        parser = load_parser("cs")
        batch = list(texts)
        for i in range(0, len(batch), 500):
            yield from parser.parse_sentences(batch[i:i + 500])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", type=Path, nargs="+", help="text (one segment a line) or CoNLL-U")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--source", default="", help="how the inputs are named in the file's header")
    ap.add_argument("--tagger", default="",
                    help="spacy:MODEL: genders from that tagger's nouns, not from attributes")
    args = ap.parse_args()
    source = args.source or " ".join(p.name for p in args.inputs)
    if args.tagger.startswith("spacy:"):
        model = args.tagger.split(":", 1)[1]
        here = Path(morph.__file__)
        known = {lemma for name in ("noun_genders.tsv", "noun_genders_mined.tsv")
                 if here.with_name(name).is_file()
                 for lemma in read_noun_list(here.with_name(name))}
        table = mine_tagged(_spacy_words(args.inputs, model), known)
        how = f"as the spaCy pipeline {model} tags the nouns of {source}"
    elif args.tagger:
        sys.exit(f"--tagger: {args.tagger!r} is not spacy:MODEL")
    else:
        table = mine(_sentences(args.inputs))
        how = f"from attributes in {source}"
    lines = [f"# noun lemma -> gender(s) -> numbers, mined {how} "
             f"(scripts/mine_noun_genders.py); {len(table)} lemmas"]
    lines += [f"{lemma}\t{','.join(table[lemma])}\tSing" for lemma in sorted(table)]
    atomic_write(args.out, "\n".join(lines) + "\n")
    print(f"{len(table)} lemmas -> {args.out}")


if __name__ == "__main__":
    main()
