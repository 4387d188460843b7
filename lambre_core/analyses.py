"""Every morphological analysis a word's form allows, from field lexicons rather than one tagger guess.

The precise checker (``lambre_core.joint``) asks, for each word of a parsed sentence, which feature
bundles its form can carry:

- the language pack's analyzer where it has one (``lambre_core/languages/<code>/``: German
  ``morph_de`` over ``german-nouns`` and ``ablaut``, Russian and Ukrainian ``pymorphy3``,
  Turkish ``zeyrek``), completed by the pack's ``complete_analyses`` hook;
- every language: the model's treebank lexicon, complete only for closed classes.

A word whose analyses come from a complete source is ``known``: its form cannot carry anything
else, so a rule that none of its analyses satisfies is *proven* broken. Otherwise the tagger's
own features are kept among the options and nothing about the word counts as proof.

The tagger's prediction orders the options (the one closest to it first): it chooses among the
analyses, and never adds one the lexicon rules out for a known form.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .doc import Sentence, Word
from .lexicon import CLOSED_CLASSES

log = logging.getLogger(__name__)

#: the features whose values the lexicons decide (others are taken from the tagger)
LEXICAL_FEATURES = ("Case", "Number", "Gender", "Person", "VerbForm", "Mood", "Tense", "Animacy",
                    "AdjDecl")

#: features a lexicon's analysis decides by being silent too: a noun reading without a
#: possessive has no possessor, whatever the tagger guessed (kept out of the options' order,
#: which :data:`LEXICAL_FEATURES` alone sets)
_ANALYSIS_ONLY = frozenset((*LEXICAL_FEATURES, "Person[psor]"))

Feats = Mapping[str, str]


@dataclass(frozen=True)
class WordAnalyses:
    """The analyses of one word: ``options`` (feature dicts, the tagger's closest first),
    ``known`` (a complete lexicon gave them) and ``source`` (which one)."""

    options: tuple[Feats, ...]
    known: bool
    source: str

    @property
    def tagger(self) -> Feats:
        """The preferred option (the tagger's choice among the lexicon's analyses)."""
        return self.options[0]


#: (form, upos, lemma) -> analyses or None
Analyzer = Callable[[str, str, str | None], list[dict[str, str]] | None]


@lru_cache(maxsize=8)
def analyzer_for(lang: str) -> tuple[Analyzer | None, str]:
    """The field-lexicon analyzer of a language (its pack's ``analyzer`` hook) and its name;
    (None, reason) when there is none or its package fails to load (then the checker degrades
    to the treebank lexicon; the same text always gives the same result)."""
    from .languages import language

    pack = language(lang)
    if pack.analyzer is not None:
        try:
            analyze = pack.analyzer()
        except Exception as exc:  # a broken lexicon package must not cost the check
            _warn_once(f"{pack.analyzer_name} unavailable ({type(exc).__name__}: {exc}); "
                       "falling back to the treebank lexicon")
            return None, "treebank"
        if analyze is None:
            _warn_once(f"{pack.analyzer_name} is not installed: {lang} falls back to the "
                       "treebank lexicon and no error on its words is proven")
            return None, "treebank"
        return analyze, pack.analyzer_name
    return None, "treebank"


_WARNED: set[str] = set()


def _warn_once(msg: str) -> None:
    if msg not in _WARNED:
        _WARNED.add(msg)
        log.warning(msg)


# -- all languages ---------------------------------------------------------------------------

def _closeness(option: Feats, tagged: Feats) -> tuple[int, int]:
    same = sum(1 for k in LEXICAL_FEATURES if k in option and option.get(k) == tagged.get(k))
    missing = sum(1 for k in LEXICAL_FEATURES if k in tagged and k not in option)
    return (-same, missing)


def _merge(option: Feats, tagged: Feats) -> dict[str, str]:
    """A lexicon analysis completed with the tagger's non-lexical features (PronType, Definite…)."""
    out = {k: v for k, v in tagged.items() if k not in _ANALYSIS_ONLY}
    out.update(option)
    return out


def _declining_class(lang: str, word: Word) -> str:
    """The class a word's forms are read in: its tagged one, but a title tagged as part of the
    name after it (the pack's ``title_nouns``) declines as the noun it is, and so does a word
    tagged a name but written in lower case (a common noun the tagger misread: "couple" in "an
    elderly couple")."""
    if word.upos == "PROPN":
        from .languages import language

        if word.form.lower() in language(lang).title_nouns \
                or (word.form[:1].islower() and word.form.lower() != word.form.upper()):
            return "NOUN"
    return word.upos


def word_analyses(lang: str, word: Word, lexicon: Any | None = None) -> WordAnalyses:
    """The analyses of one word (see the module docstring)."""
    from .languages import language

    tagged = dict(word.feats)
    analyze, source = analyzer_for(lang)
    partial = analyze is None or language(lang).partial_analyzer
    got: list[dict[str, str]] | None = None
    if word.form.endswith("-") or word.form.startswith("-"):
        return WordAnalyses((tagged,), False, "tagger")  # a cut compound (a part ending in a hyphen)
    if analyze is not None and word.form:
        try:
            lemma = word.lemma if word.lemma not in ("_", "") else None
            got = analyze(word.form, _declining_class(lang, word), lemma)
        except Exception as exc:  # an analyzer bug costs one word its proof, nothing more
            _warn_once(f"{source} failed on {word.form!r}: {type(exc).__name__}: {exc}")
            got = None
    known = True
    if got:
        complete = language(lang).complete_analyses
        if complete is not None:
            got, known = complete(word, got)
    if got and lexicon is not None and word.upos in ("VERB", "AUX"):
        got = got + _attested(lang, word, lexicon, got)
    if got:
        opts = [_merge(o, tagged) for o in got]
        opts.sort(key=lambda o: _closeness(o, tagged))
        return WordAnalyses(tuple(_dedup(opts)), known, source if known else source + "-guess")
    if lexicon is not None and word.upos in CLOSED_CLASSES and partial:
        # a treebank sees most forms of a determiner or pronoun, few of an adjective
        bundles = lexicon.closed_analyses(word.form, word.upos)
        extra = language(lang).closed_forms.get((word.form.lower(), word.upos), ())
        if bundles and extra:
            # (the pack's cells a treebank did not show this form in)
            from .lexicon import bundle_of

            bundles = set(bundles) | {bundle_of(e) for e in extra}
        if bundles:
            # (in a fixed order: a set's order changes with the hash seed, and the solver keeps
            # the first of equally good analyses, so results would change from run to run)
            opts = [_merge(dict(b), tagged) for b in sorted(bundles)]
            opts.sort(key=lambda o: _closeness(o, tagged))
            return WordAnalyses(tuple(_dedup(opts)), True, "treebank")
    if lexicon is not None:
        bundles = lexicon.analyses(word.form, word.upos) if partial else set()
        if bundles:
            opts = [tagged] + [_merge(dict(b), tagged) for b in sorted(bundles)]
            return WordAnalyses(tuple(_dedup(opts)), False, "treebank+tagger")
    return WordAnalyses((tagged,), False, "tagger")


def _attested(lang: str, word: Word, lexicon: Any, got: list[dict[str, str]]) -> list[dict[str, str]]:
    """A verb form's readings that the model's treebank shows and the field lexicon lacks (a
    weak verb the lexicon does not list, whose forms it reads as another verb's): its
    treebank readings, and where lemmas are infinitives, the infinitive of a lemma the treebank
    has. Readings are only added: an attested one is never a false alarm's cause."""
    from .languages import language

    seen = {tuple(sorted(o.items())) for o in got}
    extra = [dict(b) for b in sorted(lexicon.analyses(word.form, word.upos))]
    if language(lang).infinitive_lemmas and lexicon.paradigm(word.form.lower(), word.upos):
        extra.append({"VerbForm": "Inf"})
    out = []
    for e in extra:
        key = tuple(sorted(e.items()))
        if "VerbForm" in e and key not in seen:  # (a bundle without it would prove nothing)
            seen.add(key)
            out.append(e)
    return out


#: word classes whose forms a lexicon analyses (an alternative class among them must be one
#: the lexicon gives the form)
_INFLECTED = frozenset({"NOUN", "PROPN", "ADJ", "DET", "PRON", "VERB", "AUX", "NUM"})


def class_possible(lang: str, form: str, upos: str, tagged: str) -> bool:
    """Whether ``form``, tagged ``tagged``, may be a ``upos`` instead, as far as the language's
    lexicon tells: a name is no other reading of a common noun (nor the reverse: only the rules
    would change, not the sentence), and an inflecting class must be one the lexicon analyses
    the form as (a possessive's oblique form is no noun). Without a lexicon every class is
    possible."""
    if {upos, tagged} == {"NOUN", "PROPN"}:
        return False
    if upos not in _INFLECTED:
        return True
    analyze, _ = analyzer_for(lang)
    if analyze is None:
        return True
    try:
        got = analyze(form, upos, None)
    except Exception:  # an analyzer bug: no alternative from it
        return False
    if got is None:
        from .languages import language

        return language(lang).partial_analyzer
    return bool(got)


def head_known(lang: str, word: Word, lexicon: Any | None = None) -> bool:
    """Whether a word the parse makes a head is one the field lexicon knows in its tagged
    class: its analyses come from the lexicon, and where the language has a lexicon of verbs
    (its pack's ``verb_lemmas``), a verb is one of its forms (the analyzer reads any word with a
    verb's ending as a verb, an adverb of time included)."""
    from .languages import language

    if not word_analyses(lang, word, lexicon).known:
        return False
    pack = language(lang)
    return word.upos != "VERB" or pack.verb_lemmas is None or pack.known_verb(word.form)


def _dedup(opts: list[dict[str, str]]) -> list[dict[str, str]]:
    seen: set[tuple[tuple[str, str], ...]] = set()
    out = []
    for o in opts:
        key = tuple(sorted(o.items()))
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out


def sentence_analyses(lang: str, sentence: Sentence, lexicon: Any | None = None
                      ) -> dict[int, WordAnalyses]:
    """Word id -> analyses, for every word of ``sentence``: those the pack's
    ``readings_in_context`` allows where it stands, and a word its ``known_in_context`` does
    not trust there keeps its analyses, unknown."""
    out = {w.id: word_analyses(lang, w, lexicon) for w in sentence.words}
    from .languages import language

    pack = language(lang)
    if pack.readings_in_context is not None:
        for w in sentence.words:
            a = out[w.id]
            kept = pack.readings_in_context(sentence, w, a.options)
            if kept != a.options:
                out[w.id] = replace(a, options=kept)
    trusted = pack.known_in_context
    if trusted is not None:
        for w in sentence.words:
            a = out[w.id]
            if a.known and not trusted(sentence, w):
                out[w.id] = replace(a, known=False, source=a.source + "-out-of-context")
    return out


def inflect(lang: str, word: Word, feats: Feats, lexicon: Any | None = None) -> list[str]:
    """Forms of ``word``'s lemma carrying ``feats`` instead of its own values (standard forms
    first; empty when no lexicon knows the lemma): the pack's ``inflect`` hook. Used for the
    quick fix and the message."""
    from .languages import language

    pack = language(lang)
    hook = pack.inflect
    if hook is None:
        return []
    upos = _declining_class(lang, word)
    if upos != word.upos:
        word = replace(word, upos=upos)
    try:
        return hook(word, feats)
    except Exception:  # the fix is optional
        return []
