"""Lemmas for the project's parsers, from the lexicons.

The project's Stanza pipelines run the identity lemmatizer (their parsers were trained on
lemma = form), so a word's lemma comes from the lexicons after parsing: the treebank lexicon for
forms the treebank saw, and the field lexicons for the rest (German verbs from ``ablaut``'s
paradigms, Russian from ``pymorphy3``). A lemma matters wherever a rule names one: a verb's case
frame (``helfen`` + dative), a modal's infinitive, a rule's exceptions. Where a form belongs to
several paradigms (German "gehört": *gehören*, or the participle of *hören*), the tagged verb form
chooses among them, and the treebank's lemma wins among those that remain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .lemma_model import LemmaModel

LemmaOf = Callable[[str, str, Mapping[str, str]], "str | None"]


def lemmatizer(lang: str, lexicon: Any | None) -> LemmaOf:
    """A function (form, UPOS, tagged features) -> lemma, or None where nothing knows the form."""

    def treebank(form: str, upos: str) -> str | None:
        return lexicon.lemma(form, upos) if lexicon is not None else None

    if lang == "de":
        def de(form: str, upos: str, feats: Mapping[str, str]) -> str | None:
            tb = treebank(form, upos)
            if upos in ("VERB", "AUX"):
                cands = german_verb_lemmas(form, feats)
                if cands:
                    return tb if tb in cands else cands[0]
            if upos == "ADJ" and tb is None:
                # the declension's lemma ("armen" -> "arm"), which makes the form a known
                # inflected adjective; an unrecognised one keeps its form as lemma (unknown)
                from . import morph_de

                return morph_de.adjective_lemma(form)
            return tb
        return de
    if lang == "ru":
        def ru(form: str, upos: str, feats: Mapping[str, str]) -> str | None:
            return treebank(form, upos) or russian_lemma(form, upos)
        return ru
    return lambda form, upos, feats: treebank(form, upos)


class ModelLemmatizer:
    """The lexicons' lemma where they know the form, the trained Stanza lemmatizer
    (``lemma_model.LemmaModel``) for the rest: a ``LemmaOf`` that always answers."""

    def __init__(self, lexicon_lemma: LemmaOf, model: LemmaModel) -> None:
        self.lexicon_lemma = lexicon_lemma
        self.model = model

    def __call__(self, form: str, upos: str, feats: Mapping[str, str]) -> str | None:
        return self.lexicon_lemma(form, upos, feats) or self.model.lemma(form, upos)

    def prepare(self, words: Iterable[tuple[str, str, Mapping[str, str]]]) -> None:
        """Run the model once over the words the lexicons leave open (one batch instead of
        one call per word)."""
        self.model.lemmas([(f, u) for f, u, fe in words if not self.lexicon_lemma(f, u, fe)])


def with_model(lexicon_lemma: LemmaOf, model: LemmaModel) -> ModelLemmatizer:
    """The lemmatizer a project model with ``lemma.pt`` uses (see ``ModelLemmatizer``)."""
    return ModelLemmatizer(lexicon_lemma, model)


#: separable verb particles: "kriegen" alone is no form of "unterkriegen" to a lemmatizer (its
#: particle would stand elsewhere, and the base verb is the word's lemma)
_PARTICLES = ("ab", "an", "auf", "aus", "bei", "dar", "durch", "ein", "fest", "fort", "her",
              "hin", "los", "mit", "nach", "nieder", "über", "um", "unter", "vor", "weg",
              "weiter", "wieder", "zu", "zurück", "zusammen")


def german_verb_lemmas(form: str, feats: Mapping[str, str] | None = None) -> list[str]:
    """The infinitives whose paradigm has ``form`` in the tagged verb form (finite, participle,
    infinitive), or in any form when the tag fits none of them; most common first. Separable
    verbs whose particle the form lacks are left out ("helfe": "helfen", not "mithelfen")."""
    from . import morph_de

    low = form.lower()
    verbform = (feats or {}).get("VerbForm")
    cands = morph_de.verb_lemmas(form, {"VerbForm": verbform}) if verbform else []
    if not cands:
        cands = morph_de.verb_lemmas(form)
    return [c for c in cands
            if not any(c.startswith(p) and len(c) > len(p) + 2 and not low.startswith(p)
                       for p in _PARTICLES)]


def russian_lemma(form: str, upos: str) -> str | None:
    """The dictionary form of a Russian word pymorphy3 knows in this word class (its first
    parse; None for unknown words)."""
    from .lexicon import _morph, oc_to_ud

    morph = _morph()
    if morph is None or not any(c.isalpha() for c in form) or not morph.word_is_known(form.lower()):
        return None
    for p in morph.parse(form):
        pu, _ = oc_to_ud(p.tag)
        if pu == upos or (upos == "AUX" and pu == "VERB") or (upos == "PROPN" and pu == "NOUN"):
            lemma: str = p.normal_form
            return lemma.capitalize() if upos == "PROPN" else lemma
    return None
