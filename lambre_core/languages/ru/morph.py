"""Russian analyses and inflection from ``pymorphy3`` (OpenCorpora), dictionary words only."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ...doc import Word
from ...lexicon import Bundle
from .. import opencorpora
from ..opencorpora import oc_to_ud

#: UD UPOS -> the OpenCorpora-derived UPOS values (lexicon.oc_to_ud) that may stand for it
UPOS = {"DET": ("ADJ",), "AUX": ("VERB",), "PROPN": ("NOUN",), "PRON": ("PRON", "ADJ"),
        "ADJ": ("ADJ", "VERB"), "NUM": ("NUM", "ADJ")}


@lru_cache(maxsize=1)
def morph() -> Any:
    """pymorphy3's Russian analyzer (None when pymorphy3 or its dictionaries are missing)."""
    return opencorpora.analyzer("ru")


_morph = morph


def available() -> bool:
    """Whether pymorphy3 and its Russian dictionaries are installed."""
    return _morph() is not None


#: indeclinable nouns the normative dictionaries give as masculine, or as masculine and neuter
#: (Lopatin's spelling dictionary), where OpenCorpora has one gender only: both are read
_MASCULINE_OR_NEUTER = frozenset({"пенальти", "евро", "сулугуни", "торнадо", "кофе", "виски",
                                  "бренди"})


@lru_cache(maxsize=50000)
def _cached(form: str, upos: str) -> tuple[tuple[tuple[str, str], ...], ...] | None:
    morph = _morph()
    if morph is None or not form or not any(c.isalpha() for c in form):
        return None
    if not morph.word_is_known(form.lower()):
        return None
    want = (upos,) + UPOS.get(upos, ())
    out: list[tuple[tuple[str, str], ...]] = []
    parses = morph.parse(form)
    if opencorpora.other_words_name(parses, form, upos):
        return None
    for p in parses:
        if "Abbr" in p.tag.grammemes:
            return None  # an abbreviation ("СССР"): its gender and number are the expansion's
        pu, b = oc_to_ud(p.tag)
        if pu in want and b and b not in out:
            if upos == "ADJ" and pu == "VERB" and dict(b).get("VerbForm") != "Part":
                continue  # participles only
            out.append(b)
        if pu == "NOUN" and b and p.normal_form in _MASCULINE_OR_NEUTER:
            for gender in ("Masc", "Neut"):
                variant = tuple(sorted({**dict(b), "Gender": gender}.items()))
                if variant not in out:
                    out.append(variant)
    return tuple(out) or None


def analyses(form: str, upos: str, _lemma: str | None) -> list[dict[str, str]] | None:
    """Every analysis the dictionary gives ``form`` in the word class ``upos`` (None: not a
    dictionary word of that class)."""
    got = _cached(form, upos)
    return None if got is None else [dict(b) for b in got]


_UD_TO_OC = {("Case", "Nom"): "nomn", ("Case", "Gen"): "gent", ("Case", "Dat"): "datv",
             ("Case", "Acc"): "accs", ("Case", "Ins"): "ablt", ("Case", "Loc"): "loct",
             ("Number", "Sing"): "sing", ("Number", "Plur"): "plur",
             ("Gender", "Masc"): "masc", ("Gender", "Fem"): "femn", ("Gender", "Neut"): "neut",
             ("Person", "1"): "1per", ("Person", "2"): "2per", ("Person", "3"): "3per",
             ("Animacy", "Anim"): "anim", ("Animacy", "Inan"): "inan"}


def inflect(word: Word, feats: Mapping[str, str]) -> list[str]:
    """Forms of ``word``'s lemma with ``feats`` instead of its own values (the quick fix)."""
    morph = _morph()
    if morph is None:
        return []
    want = {_UD_TO_OC[(k, v)] for k, v in feats.items() if (k, v) in _UD_TO_OC}
    out: list[str] = []
    # the parses of the word's own lemma first: "большая" is a form of "большой" and of
    # "больший", and the fix must stay with the lemma the word has ("большой" -> "большом")
    lemma = word.lemma.lower()
    parses = sorted(morph.parse(word.form), key=lambda p: p.normal_form != lemma)
    cases = {oc for (k, _v), oc in _UD_TO_OC.items() if k == "Case"}
    for p in parses:
        pu, _ = oc_to_ud(p.tag)
        if pu not in (word.upos,) + UPOS.get(word.upos, ()):
            continue
        # a short adjective or participle stays short (a predicate: "Она уже готова", not
        # "готовая"); it has no case to ask for
        short = "ADJS" in p.tag or "PRTS" in p.tag
        ask = want - cases if short else set(want)
        if "past" in p.tag:
            ask -= {"1per", "2per", "3per"}  # a past form has gender, not person
        if "plur" in ask:
            ask -= {"masc", "femn", "neut"}  # nor has a plural a gender
        if "accs" not in ask or ("sing" in ask and "masc" not in ask):
            ask -= {"anim", "inan"}  # animacy shows in the masculine and plural accusative only
        try:
            got = p.inflect(ask)
        except (ValueError, KeyError):
            got = None
        if got is not None and got.word != word.form.lower() and got.word not in out:
            form = got.word
            out.append(form[:1].upper() + form[1:] if word.form[:1].isupper() else form)
    return out


def analyzer() -> Any:
    """The analyzer hook: ``analyses`` when pymorphy3 is installed, else None."""
    return analyses if available() else None


@lru_cache(maxsize=50000)
def word_classes(form: str) -> frozenset[str]:
    """The UD classes a Russian dictionary word may have (empty when pymorphy3 does not know
    it, or it may be a name)."""
    return opencorpora.word_classes(_morph(), form)


def paradigm(lemma: str, upos: str) -> dict[Bundle, set[str]]:
    """The forms of a dictionary lemma by bundle (empty when pymorphy3 lacks it)."""
    out: dict[Bundle, set[str]] = {}
    m = _morph()
    if m is None:
        return out
    for p in m.parse(lemma):
        if p.normal_form != lemma.lower():
            continue
        pu, _ = oc_to_ud(p.tag)
        if pu != upos:
            continue
        for lex in p.lexeme:
            lu, b = oc_to_ud(lex.tag)
            if lu == upos and b:
                out.setdefault(b, set()).add(lex.word)
        break
    return out


def form_bundles(form: str, upos: str | None) -> frozenset[Bundle]:
    """Every bundle the dictionary gives ``form`` (in ``upos``, when given)."""
    m = _morph()
    if m is None:
        return frozenset()
    return frozenset(b for p in m.parse(form) for pu, b in [oc_to_ud(p.tag)]
                     if b and upos in (None, pu))


def lemma_of(form: str, upos: str) -> str | None:
    """The dictionary form of a Russian word pymorphy3 knows in this word class (its first
    parse; None for unknown words)."""
    morph = _morph()
    if morph is None or not any(c.isalpha() for c in form) or not morph.word_is_known(form.lower()):
        return None
    for p in morph.parse(form):
        pu, _ = oc_to_ud(p.tag)
        if pu == upos or (upos == "AUX" and pu == "VERB") or (upos == "PROPN" and pu == "NOUN"):
            found: str = p.normal_form
            return found.capitalize() if upos == "PROPN" else found
    return None


def lemma(form: str, upos: str, _feats: Mapping[str, str], treebank: str | None) -> str | None:
    """The lemma hook: the treebank's lemma, else the dictionary's."""
    return treebank or lemma_of(form, upos)


def dictionary(train_lemmas: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """(form, UPOS, lemma) for the lemmatizer's dictionary: pymorphy3's paradigms of the
    lemmas the train split has (all of pymorphy3 would be hundreds of MB; at run time the
    lemma hook asks pymorphy3 itself)."""
    m = _morph()
    if m is None:
        return []
    out: dict[tuple[str, str], str] = {}
    for lemma, upos in sorted(set(train_lemmas)):
        if upos not in ("NOUN", "ADJ", "VERB", "AUX", "PRON", "DET", "NUM") or not lemma.isalpha():
            continue
        want = "VERB" if upos == "AUX" else upos
        for p in m.parse(lemma):
            if p.normal_form != lemma.lower() or oc_to_ud(p.tag)[0] != want:
                continue
            for lex in p.lexeme:
                if oc_to_ud(lex.tag)[0] == want and lex.word != lemma:
                    out.setdefault((lex.word, upos), lemma)
            break
    return [(f, u, lem) for (f, u), lem in sorted(out.items())]
