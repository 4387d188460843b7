"""Every morphological analysis a word's form allows, from field lexicons rather than one tagger guess.

The precise checker (``lambre_core.joint``) asks, for each word of a parsed sentence, which feature
bundles its form can carry:

- German: ``lambre_core.morph_de`` (closed-class tables, adjective declension by ending,
  ``german-nouns``, ``ablaut`` verb paradigms);
- Russian: ``pymorphy3`` (OpenCorpora), dictionary words only;
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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .doc import Sentence, Word
from .lexicon import CLOSED_CLASSES, _morph

log = logging.getLogger(__name__)

#: the features whose values the lexicons decide (others are taken from the tagger)
LEXICAL_FEATURES = ("Case", "Number", "Gender", "Person", "VerbForm", "Mood", "Tense", "Animacy",
                    "AdjDecl")

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
    """The field-lexicon analyzer of a language and its name; (None, reason) when there is none
    or its package fails to load (then the checker degrades to the treebank lexicon; the same
    text always gives the same result)."""
    if lang == "de":
        try:
            from . import morph_de

            morph_de.analyses("der", "DET", None)  # loads the tables now, fails here if broken
            for package, what in (("ablaut", "verbs"), ("german_nouns", "nouns")):
                try:
                    __import__(package)
                except ImportError:
                    _warn_once(f"{package.replace('_', '-')} is not installed: German {what} fall "
                               "back to the treebank lexicon and no error on them is proven")
            return morph_de.analyses, "morph_de"
        except Exception as exc:  # a broken lexicon package must not cost the check
            _warn_once(f"German lexicons unavailable ({type(exc).__name__}: {exc}); "
                       "falling back to the treebank lexicon")
            return None, "treebank"
    if lang == "ru":
        morph = _morph()
        if morph is None:
            _warn_once("pymorphy3 unavailable; Russian falls back to the treebank lexicon")
            return None, "treebank"
        return _ru_analyses, "pymorphy3"
    from .languages import language

    pack = language(lang)
    if pack.analyzer is not None:
        try:
            analyze = pack.analyzer()
        except Exception as exc:  # a broken lexicon package must not cost the check
            _warn_once(f"{pack.analyzer_name} unavailable ({type(exc).__name__}: {exc})")
            analyze = None
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


# -- Russian ---------------------------------------------------------------------------------

#: UD UPOS -> the OpenCorpora-derived UPOS values (lexicon.oc_to_ud) that may stand for it
_RU_UPOS = {"DET": ("ADJ",), "AUX": ("VERB",), "PROPN": ("NOUN",), "PRON": ("PRON", "ADJ"),
            "ADJ": ("ADJ", "VERB"), "NUM": ("NUM", "ADJ")}


@lru_cache(maxsize=50000)
def _ru_cached(form: str, upos: str) -> tuple[tuple[tuple[str, str], ...], ...] | None:
    from .lexicon import oc_to_ud

    morph = _morph()
    if morph is None or not form or not any(c.isalpha() for c in form):
        return None
    if not morph.word_is_known(form.lower()):
        return None
    want = (upos,) + _RU_UPOS.get(upos, ())
    out: list[tuple[tuple[str, str], ...]] = []
    for p in morph.parse(form):
        if "Abbr" in p.tag.grammemes:
            return None  # an abbreviation ("СССР"): its gender and number are the expansion's
        pu, b = oc_to_ud(p.tag)
        if pu in want and b and b not in out:
            if upos == "ADJ" and pu == "VERB" and dict(b).get("VerbForm") != "Part":
                continue  # participles only
            out.append(b)
    return tuple(out) or None


def _ru_analyses(form: str, upos: str, _lemma: str | None) -> list[dict[str, str]] | None:
    got = _ru_cached(form, upos)
    return None if got is None else [dict(b) for b in got]


# -- all languages ---------------------------------------------------------------------------

def _closeness(option: Feats, tagged: Feats) -> tuple[int, int]:
    same = sum(1 for k in LEXICAL_FEATURES if k in option and option.get(k) == tagged.get(k))
    missing = sum(1 for k in LEXICAL_FEATURES if k in tagged and k not in option)
    return (-same, missing)


def _merge(option: Feats, tagged: Feats) -> dict[str, str]:
    """A lexicon analysis completed with the tagger's non-lexical features (PronType, Definite…)."""
    out = {k: v for k, v in tagged.items() if k not in LEXICAL_FEATURES}
    out.update(option)
    return out


def word_analyses(lang: str, word: Word, lexicon: Any | None = None) -> WordAnalyses:
    """The analyses of one word (see the module docstring)."""
    tagged = dict(word.feats)
    analyze, source = analyzer_for(lang)
    got: list[dict[str, str]] | None = None
    if word.form.endswith("-") or word.form.startswith("-"):
        return WordAnalyses((tagged,), False, "tagger")  # a cut compound ("Haftpflicht- und")
    if analyze is not None and word.form:
        try:
            lemma = word.lemma if word.lemma not in ("_", "") else None
            got = analyze(word.form, word.upos, lemma)
        except Exception as exc:  # an analyzer bug costs one word its proof, nothing more
            _warn_once(f"{source} failed on {word.form!r}: {type(exc).__name__}: {exc}")
            got = None
    if got and lang == "de" and word.upos == "NOUN" and _nominalized_infinitive(word.form):
        got = got + [{"Case": c, "Gender": "Neut", "Number": "Sing"} for c in ("Nom", "Acc", "Dat")]
    if got:
        opts = [_merge(o, tagged) for o in got]
        opts.sort(key=lambda o: _closeness(o, tagged))
        known = not (lang == "de" and word.upos in ("VERB", "AUX") and not _known_verb(word.form))
        if known and lang == "de" and word.upos in ("NOUN", "PROPN"):
            from . import morph_de

            known = not morph_de.guessed_infinitive(word.form)
        return WordAnalyses(tuple(_dedup(opts)), known, source if known else source + "-guess")
    if lexicon is not None and analyze is None and word.upos in CLOSED_CLASSES:
        # a treebank sees most forms of a determiner or pronoun, few of an adjective
        bundles = lexicon.closed_analyses(word.form, word.upos)
        from .languages import language

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
        bundles = lexicon.analyses(word.form, word.upos) if analyze is None else set()
        if bundles:
            opts = [tagged] + [_merge(dict(b), tagged) for b in sorted(bundles)]
            return WordAnalyses(tuple(_dedup(opts)), False, "treebank+tagger")
    return WordAnalyses((tagged,), False, "tagger")


#: word classes whose forms a lexicon analyses (an alternative class among them must be one
#: the lexicon gives the form)
_INFLECTED = frozenset({"NOUN", "PROPN", "ADJ", "DET", "PRON", "VERB", "AUX", "NUM"})


def class_possible(lang: str, form: str, upos: str, tagged: str) -> bool:
    """Whether ``form``, tagged ``tagged``, may be a ``upos`` instead, as far as the language's
    lexicon tells: a name is no other reading of a common noun (nor the reverse: only the rules
    would change, not the sentence), and an inflecting class must be one the lexicon analyses
    the form as ("моего" is no noun). Without a lexicon every class is possible."""
    if {upos, tagged} == {"NOUN", "PROPN"}:
        return False
    if upos not in _INFLECTED:
        return True
    analyze, _ = analyzer_for(lang)
    if analyze is None:
        return True
    try:
        return bool(analyze(form, upos, None))
    except Exception:  # an analyzer bug: no alternative from it
        return False


def _nominalized_infinitive(form: str) -> bool:
    """A capitalized infinitive used as a noun ("das Auftragen", "beim Musizieren"), whatever
    else the noun lexicon says the form is (a plural "Auftragen" of "Auftrag")."""
    from . import morph_de

    low = form.lower()
    return form[:1].isupper() and low.endswith("n") and low in morph_de.verb_lemmas(low)


def _known_verb(form: str) -> bool:
    """A German verb form in a conjugated paradigm (not a guess from its ending)."""
    from . import morph_de

    return bool(morph_de.verb_lemmas(form))


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
    """Word id -> analyses, for every word of ``sentence``."""
    return {w.id: word_analyses(lang, w, lexicon) for w in sentence.words}


def inflect(lang: str, word: Word, feats: Feats, lexicon: Any | None = None) -> list[str]:
    """Forms of ``word``'s lemma carrying ``feats`` instead of its own values (standard forms
    first; empty when no lexicon knows the lemma). Used for the quick fix and the message."""
    if lang == "de":
        try:
            from . import morph_de

            lemma = word.lemma if word.lemma not in ("_", "") else word.form
            lemmas = [lemma]
            if word.upos in ("VERB", "AUX"):
                # the lemma whose paradigm has this form in the reading the checker chose
                own = {k: v for k, v in word.feats.items()
                       if k in ("Person", "Number", "Mood", "Tense", "VerbForm")}
                lemmas = morph_de.verb_lemmas(word.form, own) or lemmas
            elif word.upos == "ADJ":
                # the treebank lexicon may give an inflected form as lemma ("klaren")
                lemmas = [morph_de.adjective_lemma(word.form) or lemma]
            for lem in lemmas:
                got = morph_de.inflect(lem, word.upos, feats)
                if got:  # the first lemma that has such a form is the word's own
                    # the form that keeps the word's own beginning first: a dual prefix stays
                    # as the writer used it ("unterschreibt" -> "unterschreiben", not the
                    # separated "schreiben"; "rufe ... an" -> "ruft", not "anruft")
                    got = sorted(got, key=lambda f: -_shared_start(f, word.form))
                    return [f for f in got if f != word.form]
            return []
        except Exception:  # the fix is optional
            return []
    if lang == "ru":
        return _ru_inflect(word, feats)
    return []


def _shared_start(a: str, b: str) -> int:
    """How many leading characters two forms share (case-blind)."""
    n = 0
    for x, y in zip(a.lower(), b.lower(), strict=False):
        if x != y:
            break
        n += 1
    return n


_UD_TO_OC = {("Case", "Nom"): "nomn", ("Case", "Gen"): "gent", ("Case", "Dat"): "datv",
             ("Case", "Acc"): "accs", ("Case", "Ins"): "ablt", ("Case", "Loc"): "loct",
             ("Number", "Sing"): "sing", ("Number", "Plur"): "plur",
             ("Gender", "Masc"): "masc", ("Gender", "Fem"): "femn", ("Gender", "Neut"): "neut",
             ("Person", "1"): "1per", ("Person", "2"): "2per", ("Person", "3"): "3per",
             ("Animacy", "Anim"): "anim", ("Animacy", "Inan"): "inan"}


def _ru_inflect(word: Word, feats: Feats) -> list[str]:
    from .lexicon import oc_to_ud

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
        if pu not in (word.upos,) + _RU_UPOS.get(word.upos, ()):
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
