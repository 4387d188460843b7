"""Greek nouns of simplemma's word list, each with the gender whose declension tables make the
forms the list gives it (``word_list.genders_by_forms``), and the cells those tables give a
form: "νοσοκομεία" (listed under "νοσοκομείο", a neuter in -ο) is only a neuter plural, where
its ending alone would also make it a feminine singular or a masculine's accusative.

Forms are compared without accents (the stress moves: "άνθρωπος", "ανθρώπου"). A form gets
these cells only where the word list itself gives it one of the lemmas whose tables make it:
an unlisted form one listed lemma's table makes may be another word's ("την πλάτη", a back,
is also the plural of "πλάτος"), and the train split's lemmas alone, without that check,
flagged correct sentences so. A masculine's cells are also feminine: a noun naming a person
takes the feminine article unchanged ("η υπουργός", "η βουλευτής")."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ..paradigm_tables import Bundle, FormIndex, NounList, form_index
from .spelling import plain as _plain

#: gender -> (the lemma's ending, the tables its lemmas follow: ending -> "cases number";
#: several tables where a class has two plurals); the longest lemma ending first
_DECLENSIONS: dict[str, tuple[tuple[str, tuple[dict[str, str], ...]], ...]] = {
    "Masc": (
        ("εας", ({"εας": "Nom Sing", "εα": "Gen/Acc/Voc Sing", "εις": "Nom/Acc/Voc Plur",
                  "εων": "Gen Plur"},)),
        ("ους", ({"ους": "Nom Sing", "ου": "Gen/Acc/Voc Sing", "ουδες": "Nom/Acc/Voc Plur",
                  "ουδων": "Gen Plur"},)),
        # (the learned feminines in -ος decline so too, "η μέθοδος": a masculine's cells come
        # with their feminine twins)
        ("ος", ({"ος": "Nom Sing", "ου": "Gen Sing", "ο": "Acc/Voc Sing", "ε": "Voc Sing",
                 "οι": "Nom/Voc Plur", "ων": "Gen Plur", "ους": "Acc Plur"},)),
        # (and the plurals in -δες: "ψαράς, ψαράδες", "μανάβης, μανάβηδες")
        ("ας", ({"ας": "Nom Sing", "α": "Gen/Acc/Voc Sing", "ες": "Nom/Acc/Voc Plur",
                 "ων": "Gen Plur", "αδες": "Nom/Acc/Voc Plur", "αδων": "Gen Plur"},)),
        ("ης", ({"ης": "Nom Sing", "η": "Gen/Acc/Voc Sing", "ες": "Nom/Acc/Voc Plur",
                 "ων": "Gen Plur", "ηδες": "Nom/Acc/Voc Plur", "ηδων": "Gen Plur"},)),
        ("ες", ({"ες": "Nom Sing", "ε": "Gen/Acc/Voc Sing", "εδες": "Nom/Acc/Voc Plur",
                 "εδων": "Gen Plur"},)),
    ),
    "Fem": (
        ("ου", ({"ου": "Nom/Acc/Voc Sing", "ους": "Gen Sing", "ουδες": "Nom/Acc/Voc Plur",
                 "ουδων": "Gen Plur"},)),
        ("α", ({"α": "Nom/Acc/Voc Sing", "ας": "Gen Sing", "ες": "Nom/Acc/Voc Plur",
                "ων": "Gen Plur", "αδες": "Nom/Acc/Voc Plur", "αδων": "Gen Plur"},)),
        # "νίκη, νίκες" and "πόλη, πόλεις, πόλεως"
        ("η", ({"η": "Nom/Acc/Voc Sing", "ης": "Gen Sing", "ες": "Nom/Acc/Voc Plur",
                "ων": "Gen Plur"},
               {"η": "Nom/Acc/Voc Sing", "ης": "Gen Sing", "εως": "Gen Sing",
                "εις": "Nom/Acc/Voc Plur", "εων": "Gen Plur"})),
    ),
    "Neut": (
        ("ιμο", ({"ιμο": "Nom/Acc/Voc Sing", "ιματος": "Gen Sing", "ιματα": "Nom/Acc/Voc Plur",
                  "ιματων": "Gen Plur"},)),
        ("μα", ({"μα": "Nom/Acc/Voc Sing", "ματος": "Gen Sing", "ματα": "Nom/Acc/Voc Plur",
                 "ματων": "Gen Plur"},)),
        ("ον", ({"ον": "Nom/Acc/Voc Sing", "οντος": "Gen Sing", "οντα": "Nom/Acc/Voc Plur",
                 "οντων": "Gen Plur"},)),
        # "δάσος, δάσους, δάση" and "γεγονός, γεγονότος, γεγονότα"
        ("ος", ({"ος": "Nom/Acc/Voc Sing", "ους": "Gen Sing", "η": "Nom/Acc/Voc Plur",
                 "ων": "Gen Plur"},
                {"ος": "Nom/Acc/Voc Sing", "οτος": "Gen Sing", "οτα": "Nom/Acc/Voc Plur",
                 "οτων": "Gen Plur"})),
        ("ως", ({"ως": "Nom/Acc/Voc Sing", "ωτος": "Gen Sing", "ωτα": "Nom/Acc/Voc Plur",
                 "ωτων": "Gen Plur"},)),
        ("ας", ({"ας": "Nom/Acc/Voc Sing", "ατος": "Gen Sing", "ατα": "Nom/Acc/Voc Plur",
                 "ατων": "Gen Plur"},)),
        ("ο", ({"ο": "Nom/Acc/Voc Sing", "ου": "Gen Sing", "α": "Nom/Acc/Voc Plur",
                "ων": "Gen Plur"},)),
        ("ι", ({"ι": "Nom/Acc/Voc Sing", "ιου": "Gen Sing", "ια": "Nom/Acc/Voc Plur",
                "ιων": "Gen Plur"},)),
    ),
}
#: the classes a word list's lemma may be read as
_CLASSES: tuple[Bundle, ...] = tuple({"Gender": g} for g in _DECLENSIONS)


def declensions(lemma: str, gender: Bundle) -> list[tuple[Mapping[str, str], str]]:
    """(table, stem) of each declension a lemma (without accents) of ``gender`` may follow: the
    first lemma ending of the gender it ends with decides."""
    for ending, tables in _DECLENSIONS[gender["Gender"]]:
        if lemma.endswith(ending) and len(lemma) > len(ending):
            stem = lemma[:-len(ending)]
            return [(t, stem) for t in tables]
    return []


@cache
def _plain_forms() -> dict[str, frozenset[str]]:
    """The word list's lemma -> forms, without accents (lemmas that differ only in their
    accent, "νόμος" and "νομός", are one)."""
    from ..word_list import lemma_forms

    out: dict[str, set[str]] = {}
    for lemma, forms in lemma_forms("el").items():
        out.setdefault(_plain(lemma), set()).update(_plain(f) for f in forms)
    return {lemma: frozenset(forms) for lemma, forms in out.items()}


@cache
def word_list_nouns() -> NounList:
    """Noun lemmas (without accents) of the word list with their gender: at least three of its
    forms, the citation form included, made by that gender's tables and more than by any
    other's (a masculine and a neuter in -ος share three endings: "δάσος" has one more of the
    neuter's, "λόγος" four more of the masculine's), and no more than a fifth of its forms made
    by none: an adjective's forms of three genders ("αγγλικός, αγγλική, αγγλικά"), and a
    masculine and a neuter under one lemma ("ο όρος", a term, "το όρος, τα όρη", a mountain),
    are no noun's of one gender."""
    from ..word_list import genders_by_forms

    forms = _plain_forms()
    out = genders_by_forms(forms, _CLASSES, declensions, min_forms=3, margin=1,
                           unexplained=0.2)
    return {lemma: v for lemma, v in out.items()
            if not any(lemma.endswith(ending) and lemma[:-len(ending)] + rival in forms[lemma]
                       for ending, rival in _RIVALS.get(v[0][0]["Gender"], ()))}


#: gender -> (lemma ending, the ending of a form only another gender's lemma so ending has):
#: a masculine in -ος listed with a neuter's plural in -η ("εύρος, εύρη") may be that neuter,
#: a neuter in -ος listed with a masculine's plural in -οι that masculine
_RIVALS = {"Masc": (("ος", "η"),), "Neut": (("ος", "οι"),)}


@cache
def _index() -> FormIndex:
    return form_index(word_list_nouns(), declensions, key=lambda s: s)


def analyses(form: str, lemma: str | None = None) -> list[Bundle] | None:
    """The cells the listed nouns' tables give ``form``, where the word list gives the form one
    of those lemmas and the tagger's lemma (if any, and not the form itself) is one of them;
    None otherwise. A masculine's cells come with their feminine twins."""
    from ..word_list import lemma_of

    key = _plain(form)
    got = _index().get(key)
    if not got:
        return None
    makers = {m for m, _b in got}
    listed = lemma_of("el", form.lower())
    if listed is None or _plain(listed) not in makers:
        return None
    if lemma and _plain(lemma) != key and _plain(lemma) not in makers:
        return None
    out: list[Bundle] = []
    for _lemma, bundle in got:
        for b in (bundle, {**bundle, "Gender": "Fem"}) if bundle["Gender"] == "Masc" \
                else (bundle,):
            if b not in out:
                out.append(dict(b))
    return out
