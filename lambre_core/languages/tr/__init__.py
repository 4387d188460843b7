"""Turkish: agglutinative, pro-drop, postpositions after their object."""

from __future__ import annotations

from typing import Any

from ..base import Language, words


def _analyzer() -> Any:
    from .morph import analyses, available

    return analyses if available() else None


def _subject_failures(sud: Any, analyses: Any, lexicon: Any = None) -> list[Any]:
    from .clauses import subject_failures

    return subject_failures(sud, analyses, lexicon)


LANGUAGE = Language(
    code="tr",
    pro_drop=True,
    postpositional=True,
    and_words=words("ve ile"),
    plural_subject_singular_verb=True,
    genitive_pronoun_objects=True,
    analyzer=_analyzer,
    analyzer_name="zeyrek",
    subject_failures=_subject_failures,
)
