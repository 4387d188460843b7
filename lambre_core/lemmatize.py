"""Lemmas for the project's parsers, from the lexicons.

The project's Stanza pipelines run the identity lemmatizer (their parsers were trained on
lemma = form), so a word's lemma comes from the lexicons after parsing: the treebank lexicon for
forms the treebank saw, and the field lexicons for the rest (German verbs from ``ablaut``'s
paradigms, Russian from ``pymorphy3``). A lemma matters wherever a rule names one: a verb's case
frame (a verb with a dative object), a modal's infinitive, a rule's exceptions. Where a form
belongs to several paradigms (a German finite form of one verb that is also the participle of
another), the tagged verb form chooses among them, and the treebank's lemma wins among those
that remain.
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

    from .languages import language

    hook = language(lang).lemma
    if hook is not None:
        def by_pack(form: str, upos: str, feats: Mapping[str, str]) -> str | None:
            return hook(form, upos, feats, treebank(form, upos))
        return by_pack
    return lambda form, upos, feats: treebank(form, upos)


class ModelLemmatizer:
    """The lemmatizer of a project model with ``lemma.pt``; a ``LemmaOf`` that always answers.

    Verbs: the lexicons first (the conjugator's paradigms, chosen by the tagged verb form:
    a form that is finite in one verb and a participle in another gets each as its reading
    says, where a dictionary has one lemma per form). Other words: the model's dictionary first
    (the treebank's most frequent lemma: a feminine or plural personal pronoun keeps its own,
    where the lexicon would take the shortest, the masculine one; then the lexicons' pairs),
    then the lexicon lemmatizer (German adjective declension, Russian pymorphy3), German nouns
    from ``german-nouns`` whole or by their last part (a compound's plural through its last
    noun). The trained seq2seq answers only for what none of these knows.

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
        from .languages import language

        self._pack = language(lang)
        # only an analyzer that reads lemmas makes a lemma evidence (pymorphy3 analyses a
        # Russian form alone)
        self._analyze = analyzer_for(lang)[0] if self._pack.lemma_evidence else None
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
                if lemma is None and upos == "NOUN" and self._pack.noun_lemma is not None:
                    lemma = self._pack.noun_lemma(form)
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
