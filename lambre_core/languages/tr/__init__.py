"""Turkish: agglutinative, pro-drop, postpositions after their object."""

from __future__ import annotations

from ..base import Language, words

LANGUAGE = Language(
    code="tr",
    pro_drop=True,
    postpositional=True,
    and_words=words("ve ile"),
)
