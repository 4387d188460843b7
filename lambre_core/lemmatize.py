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
    """The lemmatizer of a project model with ``lemma.pt``; a ``LemmaOf`` that always answers.

    Verbs: the lexicons first (the conjugator's paradigms, chosen by the tagged verb form:
    finite "gefallen" is *gefallen*, the participle *fallen* too, where a dictionary has one
    lemma per form). Other words: the model's dictionary first (the treebank's most frequent
    lemma, "sie" -> *sie*, where the lexicon would take the shortest, *er*; then the lexicons'
    pairs), then the lexicon lemmatizer (German adjective declension, Russian pymorphy3), German
    nouns from ``german-nouns`` whole or by their last part ("Grundtechniken" ->
    *Grundtechnik*). The trained seq2seq answers only for what none of these knows.

    A lemma is also evidence: the German analyzer reads a verb's paradigm from it and takes an
    adjective whose lemma is its form for uninflected (``morph_de.analyses``). Where a new
    lemma would change a word's analyses, the lexicon lemmatizer's answer stays, so the
    lemmatizer never makes the checker prove more or less than before about a word's form; the
    rules that name lemmas (case frames, exceptions) are what it improves.
    ``bench/lemma_accuracy.py`` measures this order against the others."""

    def __init__(self, lang: str, lexicon_lemma: LemmaOf, model: LemmaModel) -> None:
        from .analyses import analyzer_for

        self.lang = lang
        self.lexicon_lemma = lexicon_lemma
        self.model = model
        # only the German analyzer reads lemmas (pymorphy3 analyses a Russian form alone)
        self._analyze = analyzer_for(lang)[0] if lang == "de" else None
        #: (form, UPOS, features) -> (lexicon lemma, dictionary/lexicon lemma): the lexicons are
        #: asked once per word and batch, not again when the word is converted
        self._known: dict[tuple[str, str, tuple[tuple[str, str], ...]],
                          tuple[str | None, str | None]] = {}

    def known(self, form: str, upos: str, feats: Mapping[str, str]) -> str | None:
        """The lemma the dictionaries and lexicons give (None: only the seq2seq can say)."""
        return self._lookup(form, upos, feats)[1]

    def _lookup(self, form: str, upos: str, feats: Mapping[str, str]
                ) -> tuple[str | None, str | None]:
        key = (form, upos, sorted_items(feats))
        got = self._known.get(key)
        if got is None:
            lex = self.lexicon_lemma(form, upos, feats)
            if upos in ("VERB", "AUX"):
                lemma = lex or self.model.dictionary_lemma(form, upos)
            else:
                lemma = self.model.dictionary_lemma(form, upos) or lex
                if lemma is None and self.lang == "de" and upos == "NOUN":
                    lemma = german_noun_lemma(form)
            got = (lex, lemma)
            if len(self._known) >= 200_000:
                self._known.clear()  # bounded for a long-running server
            self._known[key] = got
        return got

    def __call__(self, form: str, upos: str, feats: Mapping[str, str]) -> str | None:
        old, new = self._lookup(form, upos, feats)
        if new is None:
            new = self.model.lemma(form, upos)
        if new == old or self._same_evidence(form, upos, old or form, new):
            return new
        return old

    def _same_evidence(self, form: str, upos: str, old: str, new: str) -> bool:
        if self._analyze is None:
            return True
        try:
            a, b = self._analyze(form, upos, old), self._analyze(form, upos, new)
        except Exception:  # an analyzer failure: keep what the checker saw before
            return False
        return (a is None and b is None) or (a is not None and b is not None
                                             and sorted(map(sorted_items, a))
                                             == sorted(map(sorted_items, b)))

    def prepare(self, words: Iterable[tuple[str, str, Mapping[str, str]]]) -> None:
        """Run the seq2seq once over the words nothing else knows (one batch instead of one
        call per word)."""
        self.model.lemmas([(f, u) for f, u, fe in words if self._lookup(f, u, fe)[1] is None])


def sorted_items(d: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """A feature dict as a sortable, comparable tuple."""
    return tuple(sorted(d.items()))


def with_model(lang: str, lexicon_lemma: LemmaOf, model: LemmaModel) -> ModelLemmatizer:
    """The lemmatizer a project model with ``lemma.pt`` uses (see ``ModelLemmatizer``)."""
    return ModelLemmatizer(lang, lexicon_lemma, model)


def is_common_noun(rec: Mapping[str, Any]) -> bool:
    """Whether a ``german-nouns`` record is a common noun (not a name, place or abbreviation:
    "Häusern" the village is no form of *Haus*)."""
    from .morph_de import _FORBIDDEN_POS

    pos = set(rec.get("pos") or ())
    return "Substantiv" in pos and not pos & _FORBIDDEN_POS


#: shortest last part of a compound looked up on its own ("Techniken"; not "Eis" in "Reisen")
_MIN_HEAD = 4


def german_noun_lemma(form: str) -> str | None:
    """The ``german-nouns`` lemma of a noun form, or of its last part for a compound the
    lexicon lacks ("Kostenvoranschläge": "Voranschläge" is a form of *Voranschlag*, so
    *Kostenvoranschlag*; "Begrüßungszeremonie" ends in a lemma and is its own). The longest
    known last part wins; None when no noun ends the form."""
    from .languages.de.nouns import records as _gn_records

    if not form[:1].isupper() or not form.isalpha():
        return None
    for i in range(0, len(form) - _MIN_HEAD + 1):
        head = form if i == 0 else form[i].upper() + form[i + 1:]
        recs = [r for r in _gn_records(head) if is_common_noun(r)]
        if not recs:
            continue
        lemmas = [str(r.get("lemma")) for r in recs]
        if head in lemmas:
            lemma = head
        else:
            hits = [str(r.get("lemma")) for r in recs
                    if head in (r.get("flexion") or {}).values()]
            if not hits:
                continue
            lemma = hits[0]
        return lemma if i == 0 else form[:i] + lemma[:1].lower() + lemma[1:]
    return None


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

    verbform = (feats or {}).get("VerbForm")
    cands = morph_de.verb_lemmas(form, {"VerbForm": verbform}) if verbform else []
    if not cands:
        cands = morph_de.verb_lemmas(form)
    return [c for c in cands if not lacks_particle(form, c)]


def lacks_particle(form: str, lemma: str) -> bool:
    """Whether ``lemma`` is a separable verb whose particle ``form`` lacks ("kriegen" of
    *unterkriegen*: a lemmatizer's *kriegen*)."""
    low = form.lower()
    return any(lemma.startswith(p) and len(lemma) > len(p) + 2 and not low.startswith(p)
               for p in _PARTICLES)


def russian_lemma(form: str, upos: str) -> str | None:
    """The dictionary form of a Russian word pymorphy3 knows in this word class (its first
    parse; None for unknown words)."""
    from .languages.opencorpora import oc_to_ud
    from .languages.ru.morph import morph as _morph

    morph = _morph()
    if morph is None or not any(c.isalpha() for c in form) or not morph.word_is_known(form.lower()):
        return None
    for p in morph.parse(form):
        pu, _ = oc_to_ud(p.tag)
        if pu == upos or (upos == "AUX" and pu == "VERB") or (upos == "PROPN" and pu == "NOUN"):
            lemma: str = p.normal_form
            return lemma.capitalize() if upos == "PROPN" else lemma
    return None
