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
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Iterable
from pathlib import Path

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
    args = ap.parse_args()
    table = mine(_sentences(args.inputs))
    source = args.source or " ".join(p.name for p in args.inputs)
    lines = [f"# noun lemma -> gender(s) -> numbers, mined from attributes in {source} "
             f"(scripts/mine_noun_genders.py); {len(table)} lemmas"]
    lines += [f"{lemma}\t{','.join(table[lemma])}\tSing" for lemma in sorted(table)]
    atomic_write(args.out, "\n".join(lines) + "\n")
    print(f"{len(table)} lemmas -> {args.out}")


if __name__ == "__main__":
    main()
