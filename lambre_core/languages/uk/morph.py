"""Ukrainian analyses from ``pymorphy3`` with ``pymorphy3-dicts-uk`` (VESUM, LanguageTool's
Ukrainian dictionary, in OpenCorpora tags).

The Ukrainian dictionary writes its tags more sparingly than the Russian one the shared
OpenCorpora mapping was made for, so three things are completed here:
- a singular is not marked: a noun, adjective or pronoun with a gender and no ``plur`` is
  singular, and so is a past-tense verb with a gender;
- the infinitive is a grammeme (``VERB,impf infn``), not a part of speech;
- personal pronouns carry no person: it comes from their lemma;
- a participle is an adjective with a voice, and takes ``VerbForm=Part`` as in UD.
Only dictionary words are analysed: an unknown form (a name, a typo) proves nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .. import opencorpora
from ..opencorpora import oc_to_ud

#: personal pronouns' lemmas -> person (the dictionary marks none)
_PERSON = {"я": "1", "ми": "1", "ти": "2", "ви": "2", "він": "3", "вона": "3", "воно": "3",
           "вони": "3"}
#: UD UPOS -> the OpenCorpora-derived UPOS values that may stand for it (the dictionary files
#: determiners and possessives as pronouns, participles as adjectives)
_UPOS = {"DET": ("PRON", "ADJ"), "AUX": ("VERB",), "PROPN": ("NOUN",), "PRON": ("PRON",),
         "ADJ": ("ADJ",), "NUM": ("NUM", "ADJ")}
#: grammemes of names: the dictionary's reading of a common word as a name is no evidence
_NAMES = opencorpora.NAMES - {"Abbr"}


@lru_cache(maxsize=1)
def _morph() -> Any:
    return opencorpora.analyzer("uk")


def available() -> bool:
    """Whether pymorphy3 and its Ukrainian dictionaries are installed."""
    return _morph() is not None


def to_ud(tag: Any, lemma: str) -> tuple[str | None, dict[str, str]]:
    """A VESUM tag as (UPOS, UD features), completed as the module docstring says."""
    upos, bundle = oc_to_ud(tag)
    feats = dict(bundle)
    grams = set(tag.grammemes)
    if upos == "ADJ" and grams & {"actv", "pssv"}:
        feats["VerbForm"] = "Part"  # a participle: an adjective with a voice (UD: VerbForm=Part)
    if "infn" in grams:
        feats = {"VerbForm": "Inf"}
    elif "Gender" in feats and "Number" not in feats and upos in ("NOUN", "ADJ", "PRON", "VERB"):
        feats["Number"] = "Sing"
    if upos == "PRON" and "pers" in grams and lemma in _PERSON:
        feats["Person"] = _PERSON[lemma]
    return upos, feats


@lru_cache(maxsize=50000)
def _cached(form: str, upos: str) -> tuple[tuple[tuple[str, str], ...], ...] | None:
    morph = _morph()
    if morph is None or not any(c.isalpha() for c in form) or not morph.word_is_known(form.lower()):
        return None
    want = (upos,) + _UPOS.get(upos, ())
    out: list[tuple[tuple[str, str], ...]] = []
    parses = morph.parse(form)
    if opencorpora.other_words_name(parses, form, upos):
        return None
    for p in parses:
        grams = set(p.tag.grammemes)
        if "Abbr" in grams:
            return None  # an abbreviation: its gender and number are the expansion's
        if grams & _NAMES and upos not in ("PROPN",):
            continue
        pu, feats = to_ud(p.tag, p.normal_form)
        b = tuple(sorted(feats.items()))
        if pu in want and b and b not in out:
            out.append(b)
    return tuple(out) or None


def analyses(form: str, upos: str, _lemma: str | None) -> list[dict[str, str]] | None:
    """Every analysis the dictionary gives ``form`` in the word class ``upos`` (None: the form
    is not a dictionary word, or not one of that class)."""
    got = _cached(form, upos)
    return None if got is None else [dict(b) for b in got]


@lru_cache(maxsize=50000)
def word_classes(form: str) -> frozenset[str]:
    """The UD classes a dictionary word may have (empty when unknown or possibly a name)."""
    return opencorpora.word_classes(_morph(), form)


#: the features a fix may change and keeps otherwise
_KEEP = ("Case", "Number", "Gender", "Person", "Tense", "VerbForm", "Animacy")
_SOFT = frozenset({"Animacy", "Tense"})


def inflect(word: Any, feats: Mapping[str, str]) -> list[str]:
    """Forms of ``word``'s lemma with ``feats`` instead of its own values (the quick fix). The
    dictionary marks no singular, so forms are chosen by their completed UD features: each
    requested value must hold, and of the forms that have them the one that keeps most of the
    word's own other values wins (a plural has no gender to keep)."""
    morph = _morph()
    if morph is None:
        return []
    lemma = word.lemma.lower()
    parses = sorted(morph.parse(word.form), key=lambda p: p.normal_form != lemma)
    out: list[str] = []
    for p in parses:
        pu, own = to_ud(p.tag, p.normal_form)
        if pu not in (word.upos,) + _UPOS.get(word.upos, ()):
            continue
        want = {k: v for k, v in feats.items() if k in _KEEP}
        if want.get("Number") == "Plur" or own.get("Number") == "Plur" and "Number" not in want:
            want.pop("Gender", None)
        forms = [(lx.word, to_ud(lx.tag, p.normal_form)) for lx in p.lexeme]
        # the accusative of an inanimate masculine or plural is its nominative form, of an
        # animate one its genitive (the dictionary lists both as accusatives)
        twin = {"Inan": "Nom", "Anim": "Gen"}.get(want.get("Animacy", ""))
        twins = {w for w, (lu, lf) in forms if lu == pu and twin and lf.get("Case") == twin
                 and all(lf.get(k) == want.get(k) for k in ("Number", "Gender") if k in want)}
        best: tuple[int, str] | None = None
        for word_form, (lu, lf) in forms:
            # animacy and tense show in some forms only: where a form shows none, it fits; an
            # imperative is never the fix of an indicative
            if lu != pu or lf.get("Mood") != own.get("Mood") or any(
                    lf.get(k) != v for k, v in want.items() if k in lf or k not in _SOFT):
                continue
            keep = sum(1 for k in _KEEP if k not in want and lf.get(k) == own.get(k))
            keep += 10 * (word_form in twins and want.get("Case") == "Acc")
            if best is None or keep > best[0]:
                best = (keep, word_form)
        if best is not None and best[1] != word.form.lower() and best[1] not in out:
            form = best[1]
            out.append(form[:1].upper() + form[1:] if word.form[:1].isupper() else form)
    return out


def lemma(form: str, upos: str, _feats: Mapping[str, str], treebank: str | None) -> str | None:
    """The lemma hook: the treebank's lemma, else the dictionary's (its first reading in the
    word class)."""
    if treebank:
        return treebank
    morph = _morph()
    if morph is None or not any(c.isalpha() for c in form) or not morph.word_is_known(form.lower()):
        return None
    want = (upos,) + _UPOS.get(upos, ())
    for p in morph.parse(form):
        pu, _ = to_ud(p.tag, p.normal_form)
        if pu in want:
            found: str = p.normal_form
            return found.capitalize() if upos == "PROPN" else found
    return None
