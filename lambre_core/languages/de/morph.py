"""The German pack's dictionary hooks over ``lambre_core.morph_de`` (closed-class tables,
adjective declension by ending, ``german-nouns`` nouns, ``ablaut`` verb paradigms)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...doc import Word


def analyzer() -> Any:
    """``morph_de.analyses``, its tables loaded now (a broken lexicon raises here, once); a
    missing ``ablaut`` or ``german-nouns`` is said once and leaves its words unproven."""
    from ...analyses import _warn_once
    from . import morph_de

    morph_de.analyses("der", "DET", None)
    for package, what in (("ablaut", "verbs"), ("german_nouns", "nouns")):
        try:
            __import__(package)
        except ImportError:
            _warn_once(f"{package.replace('_', '-')} is not installed: German {what} fall "
                       "back to the treebank lexicon and no error on them is proven")
    return morph_de.analyses


def _nominalized_infinitive(form: str) -> bool:
    """A capitalized infinitive used as a noun ("das Auftragen", "beim Musizieren"), whatever
    else the noun lexicon says the form is (a plural "Auftragen" of "Auftrag"). An infinitive
    of the word list only where the noun lexicon lists no such form ("das Auflisten", read
    otherwise as a compound's plural): its "Tagen" and "Dingen" are the nouns' dative
    plurals, which a learner also writes for the accusative."""
    from . import morph_de

    low = form.lower()
    return form[:1].isupper() and low.endswith("n") and (
        low in morph_de.verb_lemmas(low)
        or (low in morph_de.word_list_verbs() and not morph_de._records(form)))


def complete_analyses(word: Word, got: list[dict[str, str]]
                      ) -> tuple[list[dict[str, str]], bool]:
    """A nominalized infinitive's neuter readings added; a verb form no paradigm has (known by
    its ending only) and a noun that may be a nominalized infinitive are guesses."""
    from . import morph_de

    if word.upos == "NOUN" and _nominalized_infinitive(word.form):
        got = got + [{"Case": c, "Gender": "Neut", "Number": "Sing"} for c in ("Nom", "Acc", "Dat")]
    known = not (word.upos in ("VERB", "AUX") and not morph_de.verb_lemmas(word.form))
    if known and word.upos in ("NOUN", "PROPN"):
        known = not morph_de.guessed_infinitive(word.form)
    return got, known


def _shared_start(a: str, b: str) -> int:
    """How many leading characters two forms share (case-blind)."""
    n = 0
    for x, y in zip(a.lower(), b.lower(), strict=False):
        if x != y:
            break
        n += 1
    return n


def _as_written(forms: list[str], written: str) -> list[str]:
    """A separable verb's forms as the writer wrote the verb: of a bare and a joined form of one
    cell (one ends the other), only the one closer to the written form (a joined verb keeps its
    prefix, a separated one stays bare: moving a particle is not a change of ending)."""
    def worse(f: str, g: str) -> bool:
        return g != f and (g.endswith(f) or f.endswith(g)) \
            and _shared_start(g, written) > _shared_start(f, written)
    return [f for f in forms if not any(worse(f, g) for g in forms)]


def inflect(word: Word, feats: Mapping[str, str]) -> list[str]:
    """Forms of ``word``'s lemma with ``feats`` (the quick fix)."""
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
            # the form that keeps the word's own beginning first: a dual prefix stays as the
            # writer used it ("unterschreibt" -> "unterschreiben", not the separated
            # "schreiben"; "rufe ... an" -> "ruft", not "anruft")
            got = sorted(got, key=lambda f: -_shared_start(f, word.form))
            if word.upos in ("VERB", "AUX"):
                got = _as_written(got, word.form)
            return [f for f in got if f != word.form]
    return []
