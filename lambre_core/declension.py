"""German adjective declension as a feature a treebank can be measured on.

An attributive adjective takes the weak ending after a determiner that shows the case (a
definite article in the nominative, an indefinite one in the dative), the strong one with no
determiner or after one without an ending (a bare noun, the masculine nominative indefinite
article). The field analyzer (``lambre_core.morph_de``) gives every determiner cell the
declension it demands and every adjective ending the cells it fills (feature ``AdjDecl``).
``annotate_declension`` writes, on a treebank sentence with gold features, the declension each
noun's determiner demands (on the noun) and the one each of its attributive adjectives shows (on
the adjective), so that rule extraction measures the agreement ``agree.ADJ.NOUN.mod.AdjDecl``
like any other; the checker then tests it jointly with Case, Number and Gender
(``lambre_core.joint``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .doc import Sentence, Word
from .joint import DECL, decl_governors

_AGREE = ("Case", "Number", "Gender")


def _fits(option: dict[str, str], gold: Word) -> bool:
    return all(option[k] == gold.feats[k] for k in _AGREE if k in option and k in gold.feats)


def _decls(analyze: Any, w: Word) -> set[str]:
    """The declensions ``w``'s form shows in the cells its gold features allow."""
    got = analyze(w.form, w.upos, None) or []
    return {o[DECL] for o in got if DECL in o and _fits(o, w)}


def annotate_declension(sentences: Iterable[Sentence], lang: str) -> int:
    """Add ``AdjDecl`` to nouns with attributive adjectives and to those adjectives, in place
    (languages with article declension only; others are left alone). Returns the number of
    adjectives annotated."""
    from .analyses import analyzer_for
    from .languages import language

    if not language(lang).article_declension:
        return 0
    analyze, _ = analyzer_for(lang)
    if analyze is None:
        return 0
    n = 0
    for s in sentences:
        options = {w.id: tuple(analyze(w.form, w.upos, None) or ()) for w in s.words
                   if w.upos in ("ADJ", "DET", "NUM")}
        for noun_id, gov in decl_governors(s, options, language(lang).contractions).items():
            noun = s.word(noun_id)
            if gov is None:
                state = {"Strong"}
            else:
                state = _decls(analyze, s.word(gov))
            if len(state) != 1:
                continue  # the determiner's gold cell leaves it open (or it is unknown)
            noun.feats[DECL] = next(iter(state))
            for w in s.words:
                if w.head == noun_id and w.upos == "ADJ" and w.id < noun_id:
                    shown = _decls(analyze, w)
                    if shown:
                        w.feats[DECL] = ",".join(sorted(shown))
                        n += 1
    return n
