"""Greek spelling normalized for comparing endings: the stress moves with the word
("άνθρωπος", "ανθρώπου"), so forms and endings are compared without accents."""

from __future__ import annotations

import unicodedata


def plain(text: str) -> str:
    """Lower case without accents or diaeresis."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower())
                   if not unicodedata.combining(c))
