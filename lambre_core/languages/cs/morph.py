"""Czech analyses for the word classes whose form alone says what it can carry.

There is no Czech morphological dictionary offline, so only these classes get complete analyses;
every other word is left to the tagger (and proves nothing):

- personal pronouns, the demonstrative "ten" and the possessives "můj", "tvůj", "svůj", "náš",
  "váš", and every form of "být": closed paradigms, written out below;
- adjectives (and determiners that decline like them) by their ending: the hard declension of
  "mladý" and the soft one of "jarní" are the same for every adjective, so the ending gives
  every case, number and gender a form can carry;
- verbs, from ``ablaut``'s conjugation of the lemma: a form is analysed only when it is one of
  the lemma's present, imperative, participle or infinitive forms (or that form negated);
- nouns of the lemmas in ``noun_genders.tsv`` (from the model's train split, with their
  genders), ``noun_genders_mined.tsv`` (genders the attributes before a lemma's words show
  in raw text) and ``noun_genders_tagged.tsv`` (genders a stronger tagger gives a lemma's words
  in raw text, kept only where every form seen fits the lemma's table and no form is more
  often another word's; both ``scripts/mine_noun_genders.py``): the citation form (the nominative singular)
  with the cases it also is; any other form with every cell its declension's table makes
  from the unchanged stem (or softened before -e and -i: "sestře", "kluci"; "domě" of "dům"
  is not analysed). A declined form proves an error only in a phrase the parse cannot have
  broken (``known_in_context``).

``bench/calibrate_analyses.py`` measures, on the treebank's held-out test split, how often the
gold analysis is among these, and how many there are per word."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from ..paradigm_tables import (
    FormIndex,
    NounList,
    analyses_of,
    cells,
    form_index,
    read_noun_list,
    spec_bundles,
    spec_table,
)

_GENDERS = ("Masc,Anim", "Masc,Inan", "Fem", "Neut")


def _genders(token: str) -> list[dict[str, str]]:
    """A cell spec's gender token: "Masc,Anim" (masculine animate), "Masc" (both animacies),
    "Fem", "Neut" or "*" (all four)."""
    out = []
    for g in (_GENDERS if token == "*" else
              ("Masc,Anim", "Masc,Inan") if token == "Masc" else (token,)):
        gender, _, animacy = g.partition(",")
        out.append({"Gender": gender, **({"Animacy": animacy} if animacy else {})})
    return out


def _cells(spec: str) -> tuple[dict[str, str], ...]:
    """Bundles from a compact spec: ``"Nom Sing Masc,Anim; Gen Plur *"``."""
    return spec_bundles(spec, _genders)


# -- adjectives: endings of the hard (mladý) and soft (jarní) declensions ---------------------

_HARD = {
    "ý": "Nom/Voc Sing Masc; Acc Sing Masc,Inan",
    "ého": "Gen Sing Masc; Gen Sing Neut; Acc Sing Masc,Anim",
    "ému": "Dat Sing Masc; Dat Sing Neut",
    "ém": "Loc Sing Masc; Loc Sing Neut",
    "ým": "Ins Sing Masc; Ins Sing Neut; Dat Plur *",
    "á": "Nom/Voc Sing Fem; Nom/Acc/Voc Plur Neut",
    "é": "Nom/Acc/Voc Sing Neut; Gen/Dat/Loc Sing Fem; Nom/Acc/Voc Plur Masc,Inan; "
         "Acc Plur Masc,Anim; Nom/Acc/Voc Plur Fem",
    "ou": "Acc/Ins Sing Fem",
    "ých": "Gen/Loc Plur *",
    "ými": "Ins Plur *",
    # the animate plural palatalizes the stem (velký -> velcí): matched by ending alone
    "í": "Nom/Voc Plur Masc,Anim",
}
_SOFT = {
    "í": "Nom/Voc Sing Masc; Acc Sing Masc,Inan; Nom/Gen/Dat/Acc/Voc/Loc/Ins Sing Fem; "
         "Nom/Acc/Voc Sing Neut; Nom/Acc/Voc Plur *",
    "ího": "Gen Sing Masc; Gen Sing Neut; Acc Sing Masc,Anim",
    "ímu": "Dat Sing Masc; Dat Sing Neut",
    "ím": "Loc/Ins Sing Masc; Loc/Ins Sing Neut; Dat Plur *",
    "ích": "Gen/Loc Plur *",
    "ími": "Ins Plur *",
}


_HARD_CELLS = spec_table(_HARD, _genders)
_SOFT_CELLS = spec_table(_SOFT, _genders)

#: endings that nouns, verbs and adverbs have too ("rukou", "mohou", "dělá", "prosím",
#: "přinejmenším", "stavení", "staveních", "problém"): read as an adjective's only when the
#: lemmatizer, or where it did not know the word the word list, gave it an adjective's lemma
#: with the same stem
_SHARED_ENDINGS = ("á", "é", "ou", "í", "ím", "ém", "ích", "ími")
#: of those, the feminine nominative's, whose other readings are a verb's third person or a rare
#: noun's: an adjective's too where the lemmatizer, not knowing the word, returned it
#: unchanged and the tagger read it as an adjective ("zajímavá", "studená")
_UNKNOWN_LEMMA_ENDINGS = ("á",)
#: a comparative's soft endings after its suffix's -š- or -č- ("těžší", "hezčího")
_COMPARATIVE = re.compile(r"[šč]í(?:ho|mu|m|ch|mi)?$")


def adjective(form: str, lemma: str | None = None) -> list[dict[str, str]] | None:
    """The analyses of an adjective (or a determiner declined like one) by its ending: the
    long-vowel endings are the hard declension's (mladý, mladého...), the -í endings the soft
    one's (jarní; comparatives and superlatives decline soft), and a bare -í is either (soft,
    or a hard animate plural: mladí). The endings other classes share need the lemma."""
    low = form.lower()
    if len(low) < 4:
        return None
    hard = next((e for e in sorted(_HARD, key=len, reverse=True)
                 if e != "í" and low.endswith(e)), None)
    soft = next((e for e in sorted(_SOFT, key=len, reverse=True) if low.endswith(e)), None)
    ending = hard or soft
    if ending is None:
        return None
    lem = (lemma or "").lower()
    listed = _listed_lemma(low)
    if listed is not None and listed in _noun_genders() and not listed.endswith(("ý", "í")) \
            and _listed_lemma(lem) != lem:
        return None  # a noun's form the lemmatizer gave no lemma or a made-up adjective's
        # ("systému": the system's, lemmatized as "systý")
    # a comparative or superlative ("těžší" of "těžký", "nejvyšší" of "vysoký"), soft whatever
    # its positive, where the word list and the lemmatizer give it the same adjective's lemma
    comparative = hard is None and lem.endswith("ý") and _COMPARATIVE.search(low) is not None \
        and listed == lem
    if ending in _SHARED_ENDINGS:
        if not _adjective_lemma_of(low, lem) and not comparative \
                and not (lem == low and ending in _UNKNOWN_LEMMA_ENDINGS) \
                and not _soft_citation_form(low, lem) \
                and not _adjective_by_word_list(form, lemma):
            return None
        if _listed_verb_form(low):
            return None  # a verb's present the tagger took for an adjective ("obepíná")
    if hard:
        return [dict(b) for b in _HARD_CELLS[hard]]
    if ending == "í" and lem.endswith("ý") and low in (lem[:-1] + "í", animate_plural(lem)):
        # a hard adjective's stem (or its palatalized one) with -í: the animate plural only
        return [dict(b) for b in _HARD_CELLS["í"]]
    got = [dict(b) for b in _SOFT_CELLS[ending]]
    if ending == "í":
        got += [dict(b) for b in _HARD_CELLS["í"] if b not in got]
    return got


def _adjective_lemma_of(low: str, lem: str, prefixed: bool = False) -> bool:
    """Whether ``lem`` is an adjective's lemma (-ý, -í) other than the form, of its stem: the
    form starts with the stem (or, ``prefixed``, holds it after a prefix: "ne-", "nej-")."""
    if not lem.endswith(("ý", "í")) or lem == low:
        return False
    stem = lem[:-1][:4]
    return low.startswith(stem) or (prefixed and low.startswith(("ne", "nej")) and stem in low)


def _soft_citation_form(low: str, lem: str) -> bool:
    """Whether a bare -í form is a soft adjective's citation form ("první", "další"): its own
    lemma, whose masculine genitive (-ího, an ending no noun or verb has) the word list gives
    that lemma; not a listed noun's ("stavení" makes no "staveního")."""
    return lem == low and low.endswith("í") and _listed_lemma(low) == low \
        and _listed_lemma(low[:-1] + "ího") == low and low not in _noun_genders()


def _listed_lemma(low: str) -> str | None:
    """The lemma the word list gives a form, or None."""
    from ..word_list import lemma_of

    return lemma_of("cs", low)


def _adjective_by_word_list(form: str, lemma: str | None) -> bool:
    """Whether a word the lemmatizer did not know (its lemma the form itself) is an adjective
    by the word list's lemma for it, of its stem ("temném" of "temný", "neznámém" of "známý"
    with its negative prefix): an adjective by its ending, an attribute that proves its own
    agreement. Not a bare -í (a verbal noun's, "ukrytí", and a participle's animate plural
    alike), nor a soft lemma the list does not decline as an adjective (a verbal noun's:
    "prostřednictvím" of "prostřednictví")."""
    low = form.lower()
    if (lemma or "").lower() != low or low.endswith("í"):
        return False
    listed = _listed_lemma(low)
    return listed is not None and _adjective_lemma_of(low, listed, prefixed=True) \
        and (listed.endswith("ý") or _listed_lemma(listed[:-1] + "ího") == listed) \
        and low.endswith((*_HARD, *_SOFT))


def _listed_verb_form(low: str) -> bool:
    """Whether the word list gives the form to an infinitive: a verb's form ("obepíná": it
    wraps), not an adjective's (the list gives a participle to its adjective, "vyrobená")."""
    listed = _listed_lemma(low)
    return listed is not None and listed != low and listed.endswith(("t", "ci"))


#: the animate plural softens the stem's last consonant (velký -> velcí, český -> čeští)
_PALATALIZED = (("ck", "čt"), ("sk", "št"), ("ch", "š"), ("k", "c"), ("h", "z"), ("r", "ř"))


def animate_plural(hard: str) -> str:
    """The masculine animate nominative plural of a hard adjective in -ý ("drastický" ->
    "drastičtí", "dobrý" -> "dobří", "nový" -> "noví")."""
    stem = hard[:-1]
    for plain, soft in _PALATALIZED:
        if stem.endswith(plain):
            return stem[: len(stem) - len(plain)] + soft + "í"
    return stem + "í"


# -- closed paradigms ---------------------------------------------------------------------------

def _table(entries: dict[str, str]) -> dict[str, tuple[dict[str, str], ...]]:
    return spec_table(entries, _genders)


#: "ten" and its compounds ("tento", "tenhle", "tamten" decline the same part); not "to",
#: far more often the pronoun ("to majitel": it was the owner) than a determiner (a fix may
#: still be "to": ``_TEN_FIXES``)
_TEN = _table({
    "ten": "Nom Sing Masc; Acc Sing Masc,Inan",
    "ta": "Nom Sing Fem; Nom/Acc Plur Neut",
    "toho": "Gen Sing Masc; Gen Sing Neut; Acc Sing Masc,Anim",
    "tomu": "Dat Sing Masc; Dat Sing Neut",
    "tom": "Loc Sing Masc; Loc Sing Neut",
    "tím": "Ins Sing Masc; Ins Sing Neut",
    "té": "Gen/Dat/Loc Sing Fem",
    "tu": "Acc Sing Fem",
    "tou": "Ins Sing Fem",
    "ti": "Nom Plur Masc,Anim",
    "ty": "Nom/Acc Plur Masc,Inan; Acc Plur Masc,Anim; Nom/Acc Plur Fem",
    "těch": "Gen/Loc Plur *",
    "těm": "Dat Plur *",
    "těmi": "Ins Plur *",
})
_TEN_FIXES = {**_TEN, "to": _cells("Nom/Acc Sing Neut")}
#: "můj" (and "tvůj", "svůj" with their first letters)
_MUJ = _table({
    "ůj": "Nom Sing Masc; Acc Sing Masc,Inan",
    "á": "Nom Sing Fem; Nom/Acc Plur Neut",
    "oje": "Nom Sing Fem; Nom/Acc Sing Neut; Nom/Acc Plur Neut; Nom/Acc Plur Masc,Inan; "
           "Acc Plur Masc,Anim; Nom/Acc Plur Fem",
    "é": "Nom/Acc Sing Neut; Gen/Dat/Loc Sing Fem; Nom/Acc Plur Masc,Inan; Acc Plur Masc,Anim; "
         "Nom/Acc Plur Fem",
    "ého": "Gen Sing Masc; Gen Sing Neut; Acc Sing Masc,Anim",
    "ému": "Dat Sing Masc; Dat Sing Neut",
    "ém": "Loc Sing Masc; Loc Sing Neut",
    "ým": "Ins Sing Masc; Ins Sing Neut; Dat Plur *",
    "ou": "Acc/Ins Sing Fem",
    "oji": "Acc Sing Fem; Nom Plur Masc,Anim",
    "ojí": "Gen/Dat/Loc/Ins Sing Fem",
    "í": "Nom Plur Masc,Anim",
    "ých": "Gen/Loc Plur *",
    "ými": "Ins Plur *",
})
#: "náš" (and "váš")
_NAS = _table({
    "áš": "Nom Sing Masc; Acc Sing Masc,Inan",
    "aše": "Nom Sing Fem; Nom/Acc Sing Neut; Nom/Acc Plur Neut; Nom/Acc Plur Masc,Inan; "
           "Acc Plur Masc,Anim; Nom/Acc Plur Fem",
    "ašeho": "Gen Sing Masc; Gen Sing Neut; Acc Sing Masc,Anim",
    "ašemu": "Dat Sing Masc; Dat Sing Neut",
    "ašem": "Loc Sing Masc; Loc Sing Neut",
    "aším": "Ins Sing Masc; Ins Sing Neut",
    "ašim": "Dat Plur *",
    "aši": "Acc Sing Fem; Nom Plur Masc,Anim",
    "aší": "Gen/Dat/Loc/Ins Sing Fem",
    "ašich": "Gen/Loc Plur *",
    "ašimi": "Ins Plur *",
})


_POSSESSIVES = (("tv", _MUJ), ("sv", _MUJ), ("m", _MUJ), ("n", _NAS), ("v", _NAS))


def _possessive_cells(low: str) -> tuple[dict[str, str], ...] | None:
    """A lower-case form's cells in the paradigm of "můj", "tvůj", "svůj", "náš" or "váš"."""
    for first, table in _POSSESSIVES:
        if low.startswith(first) and low[len(first):] in table:
            return table[low[len(first):]]
    return None


def possessive_form(low: str) -> bool:
    """Whether a lower-case form is in the paradigm of "můj", "tvůj", "svůj", "náš" or "váš"."""
    return _possessive_cells(low) is not None


def determiner(form: str, lemma: str | None) -> list[dict[str, str]]:
    """A demonstrative's or possessive's analyses from its paradigm, by its form; a determiner
    declined as an adjective (každý, který, její) by its ending; any other (jeho, jejich,
    jejichž, "to", "všechno") one analysis naming no feature: nothing about it is proven (a
    treebank shows such a word in too few of its cells to rule any out)."""
    low = form.lower()
    for prefix, suffix, _lemma in _TEN_SHAPES:
        core = low[len(prefix):len(low) - len(suffix)]
        if low.startswith(prefix) and low.endswith(suffix) and core in _TEN:
            return [dict(b) for b in _TEN[core]]
    cells = _possessive_cells(low)
    if cells is not None:
        return [dict(b) for b in cells]
    if low in _VSECHEN:
        return [dict(b) for b in _VSECHEN[low]]
    if low.startswith("jej") and low != "jejich":
        # "její" declines as a soft adjective whatever lemma the lemmatizer gave ("jejích"
        # lemmatized as "jeho", which does not decline)
        lemma = "její"
    return adjective(form, lemma) or [{}]


_TEN_SHAPES = (("tam", "", "tamten"), ("", "to", "tento"), ("", "hle", "tenhle"), ("", "", "ten"))

#: "všechen" (all); not the neuter singular's "všechno", "vše", "všeho", "všemu", "všem",
#: "vším", far more often the pronoun "everything" ("podle všeho", "ve všem")
_VSECHEN = _table({
    "všechen": "Nom Sing Masc; Acc Sing Masc,Inan",
    "všechna": "Nom Sing Fem; Nom/Acc Plur Neut",
    "všechnu": "Acc Sing Fem",
    "vší": "Gen/Dat/Loc/Ins Sing Fem",
    "všichni": "Nom Plur Masc,Anim",
    "všechny": "Nom/Acc Plur Masc,Inan; Acc Plur Masc,Anim; Nom/Acc Plur Fem",
    "všech": "Gen/Loc Plur *",
    "všemi": "Ins Plur *",
})


def _pronoun_table() -> dict[str, tuple[dict[str, str], ...]]:
    out: dict[str, list[dict[str, str]]] = {}

    def add(forms: str, person: str, spec: str) -> None:
        for form in forms.split():
            for b in _cells(spec):
                out.setdefault(form, []).append({"Person": person, **b})

    def plain(forms: str, person: str, number: str, cases: str) -> None:
        for form in forms.split():
            for case in cases.split("/"):
                out.setdefault(form, []).append({"Person": person, "Number": number,
                                                 "Case": case})

    plain("já", "1", "Sing", "Nom")
    plain("mě mne", "1", "Sing", "Gen/Acc")
    plain("mi", "1", "Sing", "Dat")
    plain("mně", "1", "Sing", "Dat/Loc")
    plain("mnou", "1", "Sing", "Ins")
    plain("ty", "2", "Sing", "Nom/Voc")
    plain("tebe tě", "2", "Sing", "Gen/Acc")
    plain("ti", "2", "Sing", "Dat")
    plain("tobě", "2", "Sing", "Dat/Loc")
    plain("tebou", "2", "Sing", "Ins")
    plain("my", "1", "Plur", "Nom")
    plain("nás", "1", "Plur", "Gen/Acc/Loc")
    plain("nám", "1", "Plur", "Dat")
    plain("námi", "1", "Plur", "Ins")
    # "vy" also addresses one person politely, with a singular participle ("vy jste přišel")
    plain("vy", "2", "Plur", "Nom/Voc")
    plain("vy", "2", "Sing", "Nom/Voc")
    plain("vás", "2", "Plur", "Gen/Acc/Loc")
    plain("vám", "2", "Plur", "Dat")
    plain("vámi", "2", "Plur", "Ins")
    add("on", "3", "Nom Sing Masc")
    add("ona", "3", "Nom Sing Fem; Nom Plur Neut")
    add("ono", "3", "Nom Sing Neut")
    add("oni", "3", "Nom Plur Masc,Anim")
    add("ony", "3", "Nom Plur Masc,Inan; Nom Plur Fem")
    add("ho jeho něho jej něj", "3", "Gen/Acc Sing Masc; Gen/Acc Sing Neut")
    add("mu jemu němu", "3", "Dat Sing Masc; Dat Sing Neut")
    add("něm", "3", "Loc Sing Masc; Loc Sing Neut")
    add("jím ním", "3", "Ins Sing Masc; Ins Sing Neut")
    add("ji ni", "3", "Acc Sing Fem")
    add("jí ní", "3", "Gen/Dat/Loc/Ins Sing Fem")
    add("je ně", "3", "Acc Plur *; Acc Sing Neut")
    add("jich nich", "3", "Gen/Loc Plur *")
    add("jim nim", "3", "Dat Plur *")
    add("jimi nimi", "3", "Ins Plur *")
    # "ty" and "ti" are also plurals of "ten" standing alone as a subject ("those")
    add("ty", "3", "Nom/Acc Plur Masc,Inan; Acc Plur Masc,Anim; Nom/Acc Plur Fem")
    add("ti", "3", "Nom Plur Masc,Anim")
    return {k: tuple(v) for k, v in out.items()}


#: "kdo" and "co" with the prefixes and suffixes of their indefinite and negative pronouns
#: (někdo, nikdo, kdokoli, kdosi; něco, nic, cokoli): their cases (no person or number)
_WHO_WHAT = {"kdo": "Nom", "koho": "Gen/Acc", "komu": "Dat", "kom": "Loc", "kým": "Ins",
             "co": "Nom/Acc", "čeho": "Gen", "čemu": "Dat", "čem": "Loc", "čím": "Ins"}


def _who_what(low: str) -> list[dict[str, str]] | None:
    for prefix in ("", "ně", "ni", "lec", "kde", "málo"):
        for suffix in ("", "koli", "koliv", "si", "pak"):
            core = low[len(prefix):len(low) - len(suffix)] if suffix else low[len(prefix):]
            if low.startswith(prefix) and low.endswith(suffix) and core in _WHO_WHAT:
                if (prefix, core) == ("ni", "co"):
                    continue  # the negative of "co" is "nic"
                got = [{"Case": c} for c in _WHO_WHAT[core].split("/")]
                # the relative "co" ("ten, co přišel") does not decline: no case at all
                return got + [{}] if low == "co" else got
    if low == "nic":
        return [{"Case": "Nom"}, {"Case": "Acc"}]
    return None


_PRONOUNS = _pronoun_table()


#: "dva" and "oba" (the feminine and neuter "dvě", "obě"), "tři", "čtyři": their cases, in
#: the noun's gender and the plural
_FEW = _table({
    "dva": "Nom/Acc Plur Masc", "dvě": "Nom/Acc Plur Fem; Nom/Acc Plur Neut",
    "dvou": "Gen/Loc Plur *", "dvěma": "Dat/Ins Plur *",
    "oba": "Nom/Acc Plur Masc", "obě": "Nom/Acc Plur Fem; Nom/Acc Plur Neut",
    "obou": "Gen/Loc Plur *", "oběma": "Dat/Ins Plur *",
    "tři": "Nom/Acc Plur *", "tří": "Gen Plur *", "třech": "Gen/Loc Plur *",
    "třem": "Dat Plur *", "třemi": "Ins Plur *", "třema": "Ins Plur *",
    "čtyři": "Nom/Acc Plur *", "čtyř": "Gen Plur *", "čtyřech": "Gen/Loc Plur *",
    "čtyřem": "Dat Plur *", "čtyřmi": "Ins Plur *", "čtyřma": "Ins Plur *",
})
#: the cardinals from five to ninety: the nominative and accusative ("pět", which counts a
#: genitive plural, singular in the treebank) and the one form of every other case ("pěti")
MANY_CARDINALS = (
    "pět", "šest", "sedm", "osm", "devět", "deset", "jedenáct", "dvanáct", "třináct", "čtrnáct",
    "patnáct", "šestnáct", "sedmnáct", "osmnáct", "devatenáct", "dvacet", "třicet", "čtyřicet",
    "padesát", "šedesát", "sedmdesát", "osmdesát", "devadesát")
_UNITS = ("jedna", "jeden", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět")


def oblique_cardinal(base: str) -> str:
    """The form of a cardinal from five up in every case but the nominative and accusative."""
    return "devíti" if base == "devět" else base + "i"


def numeral(form: str) -> list[dict[str, str]] | None:
    """A cardinal's analyses: "dva" to "čtyři" and "oba" by their table, five to ninety-nine
    (also "pětadvacet") by their two forms, digits with no features; None for the rest
    ("jeden" declines like an adjective and is the tagger's; "sto", "tisíc" are nouns in some
    of their uses)."""
    low = form.lower()
    if any(c.isdigit() for c in low) and not any(c.isalpha() for c in low):
        return [{}]  # a number in digits ("8", "2,5") shows no case, gender or number of its own
    if low in _FEW:
        return [dict(b) for b in _FEW[low]]
    oblique = _many_cardinal_forms().get(low)
    if oblique is None:
        return None
    if oblique:
        return [{"Case": c, "Number": "Plur"} for c in ("Gen", "Dat", "Loc", "Ins")]
    return [{"Case": c, "Number": "Sing"} for c in ("Nom", "Acc")]


def oblique_few_cardinals() -> tuple[str, ...]:
    """The forms of "dva" to "čtyři" and "oba" in no nominative or accusative ("dvou", "třem"):
    after them the noun takes the phrase's case."""
    return tuple(sorted(f for f, cells in _FEW.items()
                        if not any(c.get("Case") in ("Nom", "Acc") for c in cells)))


@cache
def _many_cardinal_forms() -> dict[str, bool]:
    """Every form of the cardinals from five up ("pět", "pětadvacet", "pěti") -> whether it is
    the oblique one."""
    out: dict[str, bool] = {}
    for base in MANY_CARDINALS:
        for prefix in ("", *(u + "a" for u in _UNITS)):
            out[prefix + base] = False
            out[prefix + oblique_cardinal(base)] = True
    return out


def pronoun(form: str, lemma: str | None) -> list[dict[str, str]] | None:
    """A personal pronoun's analyses; the cases of "kdo", "co" and the pronouns made from them;
    None for every other pronoun (reflexive, relative "jenž", demonstrative)."""
    got = _PRONOUNS.get(form.lower())
    if got is None or (lemma or "").lower() in ("se", "si", "svůj", "sebe"):
        return _who_what(form.lower())
    return [dict(b) for b in got]


# -- verbs --------------------------------------------------------------------------------------

_PERSONS = (("1", "Sing"), ("2", "Sing"), ("3", "Sing"), ("1", "Plur"), ("2", "Plur"),
            ("3", "Plur"))
_IMPERATIVE = (("2", "Sing"), ("1", "Plur"), ("2", "Plur"))
#: ablaut's six participle slots -> (Gender, Animacy, Number)
_PARTICIPLE = (("Masc", "", "Sing"), ("Fem", "", "Sing"), ("Neut", "", "Sing"),
               ("Masc", "Anim", "Plur"), ("Masc", "Inan", "Plur"), ("Neut", "", "Plur"))
#: "být" beyond what ablaut lists: the future, the conditional, the negated third person
_BYT_EXTRA = {
    "budu": ("1", "Sing"), "budeš": ("2", "Sing"), "bude": ("3", "Sing"),
    "budeme": ("1", "Plur"), "budete": ("2", "Plur"), "budou": ("3", "Plur"),
    "není": ("3", "Sing"),
}
#: the conditional auxiliary ("by" serves every third person: the treebank gives it neither
#: person nor number)
_CONDITIONAL = {"bych": ("1", "Sing"), "bys": ("2", "Sing"), "by": ("", ""),
                "bychom": ("1", "Plur"), "byste": ("2", "Plur")}


@cache
def _ablaut() -> Any:
    import ablaut

    return ablaut


@lru_cache(maxsize=20000)
def _verb_table(lemma: str) -> dict[str, tuple[tuple[tuple[str, str], ...], ...]]:
    """form -> the feature bundles (as item tuples) it has among ``lemma``'s forms."""
    if not lemma.endswith(("t", "ci")):
        return {}  # not an infinitive, so no lemma of a verb
    try:
        conj = _ablaut().conjugate(lemma, lang="cs")
    except BaseException as exc:  # ablaut raises, or panics (a Rust panic is no Exception)
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return {}
    table: dict[str, list[tuple[tuple[str, str], ...]]] = {}

    def add(form: str | None, feats: dict[str, str]) -> None:
        if form:
            table.setdefault(form.lower(), []).append(tuple(sorted(feats.items())))

    for form, (person, number) in zip(conj.present or (), _PERSONS, strict=False):
        fin = {"VerbForm": "Fin", "Mood": "Ind", "Person": person, "Number": number}
        add(form, fin)
        if person == "1" and number == "Sing" and form and form.endswith("i"):
            add(form[:-1] + "u", fin)  # "píši" and "píšu", "kupuji" and "kupuju": both standard
        if person == "3" and number == "Plur" and form and form.endswith(("ejí", "ějí")):
            add(form[:-3] + "í", fin)  # "bydlejí" and "bydlí": both standard
        if person == "2" and number == "Plur":
            # the polite plural addresses one person: "(vy) jste přihlášený"
            add(form, {**fin, "Number": "Sing"})
    for form, (person, number) in zip(conj.imperative or (), _IMPERATIVE, strict=False):
        add(form, {"VerbForm": "Fin", "Mood": "Imp", "Person": person, "Number": number})
    # (the fifth slot, -ly, is the feminine and the inanimate masculine plural; the second,
    # -la, also the neuter plural, which is the sixth)
    for attr in ("past_participle", "passive_participle"):
        for form, (gender, animacy, number) in zip(getattr(conj, attr, None) or (),
                                                    _PARTICIPLE, strict=False):
            feats = {"VerbForm": "Part", "Gender": gender, "Number": number}
            if animacy:
                feats["Animacy"] = animacy
            add(form, feats)
            if (gender, animacy) == ("Masc", "Inan"):
                add(form, {"VerbForm": "Part", "Gender": "Fem", "Number": "Plur"})
    add(conj.infinitive, {"VerbForm": "Inf"})
    for form in conj.transgressive or ():
        add(form, {"VerbForm": "Conv"})
    if lemma == "být":
        for form, (person, number) in _BYT_EXTRA.items():
            fin = {"VerbForm": "Fin", "Mood": "Ind", "Person": person, "Number": number}
            add(form, fin)
            if person == "2" and number == "Plur":
                add(form, {**fin, "Number": "Sing"})
        for form, (person, number) in _CONDITIONAL.items():
            cnd = {"VerbForm": "Fin", "Mood": "Cnd"}
            add(form, {**cnd, "Person": person, "Number": number} if person else cnd)
            if person == "2" and number == "Plur":
                add(form, {**cnd, "Person": "2", "Number": "Sing"})
    return {k: tuple(dict.fromkeys(v)) for k, v in table.items()}


#: present endings of the regular classes -> the infinitive endings a form with them may have
#: (dělá -> dělat; prosí -> prosit, bydlet, vidět; pracuje -> pracovat; tiskne -> tisknout)
#: (not the bare third person singular -á, -í: nouns and adjectives end so too)
_PRESENT_CLASSES = (
    (("ám", "áš", "áme", "áte", "ají"), ("at",)),
    (("ím", "íš", "íme", "íte", "ejí", "ějí"), ("it", "et", "ět")),
    (("uji", "uju", "uješ", "uje", "ujeme", "ujete", "ují", "ujou"), ("ovat",)),
    (("neš", "neme", "nete"), ("nout",)),
)
#: the past participle's endings -> (Gender, Animacy, Number) bundles: the same for every verb
_L_FORMS = {
    "l": (("Masc", "", "Sing"),),
    "la": (("Fem", "", "Sing"), ("Neut", "", "Plur")),
    "lo": (("Neut", "", "Sing"),),
    "li": (("Masc", "Anim", "Plur"),),
    "ly": (("Masc", "Inan", "Plur"), ("Fem", "", "Plur")),
}
_VOWELS = frozenset("aáeéěiíoóuúůyý")


#: the present tense of irregular verbs, whose stem no ending rule recovers (a grammar's
#: table; "a|b": both standard). Prefixed verbs ("přijít", "vypít", "dostat") are these
#: forms after a prefix: the prefix changes no person or number.
_IRREGULAR_PRESENT = {
    "být": "jsem jsi je jsme jste jsou",
    "mít": "mám máš má máme máte mají",
    "moci": "mohu|můžu můžeš může můžeme můžete mohou|můžou",
    "chtít": "chci chceš chce chceme chcete chtějí|chtí",
    "jít": "jdu jdeš jde jdeme jdete jdou",
    "jet": "jedu jedeš jede jedeme jedete jedou",
    "psát": "píšu|píši píšeš píše píšeme píšete píšou|píší",
    "hrát": "hraju|hraji hraješ hraje hrajeme hrajete hrajou|hrají",
    "dát": "dám dáš dá dáme dáte dají",
    "vědět": "vím víš ví víme víte vědí",
    "jíst": "jím jíš jí jíme jíte jedí",
    "brát": "beru bereš bere bereme berete berou",
    "vzít": "vezmu vezmeš vezme vezmeme vezmete vezmou",
    "číst": "čtu čteš čte čteme čtete čtou",
    "říct": "řeknu řekneš řekne řekneme řeknete řeknou",
    "pít": "piju|piji piješ pije pijeme pijete pijou|pijí",
    "spát": "spím spíš spí spíme spíte spí",
    "stát": "stojím stojíš stojí stojíme stojíte stojí",
    "bát": "bojím bojíš bojí bojíme bojíte bojí",
    "smát": "směju|směji směješ směje smějeme smějete smějou|smějí",
    "nést": "nesu neseš nese neseme nesete nesou",
    "vést": "vedu vedeš vede vedeme vedete vedou",
    "péct": "peču pečeš peče pečeme pečete pečou",
    "mýt": "myju|myji myješ myje myjeme myjete myjou|myjí",
    "žít": "žiju|žiji žiješ žije žijeme žijete žijou|žijí",
    "umřít": "umřu umřeš umře umřeme umřete umřou",
    "začít": "začnu začneš začne začneme začnete začnou",
    "poslat": "pošlu pošleš pošle pošleme pošlete pošlou",
    "zvát": "zvu zveš zve zveme zvete zvou",
    "prát": "peru pereš pere pereme perete perou",
    "plakat": "pláču pláčeš pláče pláčeme pláčete pláčou",
    "chápat": "chápu chápeš chápe chápeme chápete chápou",
    "znát": "znám znáš zná známe znáte znají",
    "stát se": "stanu staneš stane staneme stanete stanou",
}
_PREFIXES = ("přede", "roze", "před", "pode", "nade", "ode", "obe", "při", "pře", "roz", "pod",
             "nad", "vz", "od", "ob", "do", "na", "za", "po", "vy", "ze", "se", "pro", "u", "z",
             "s", "v")


@cache
def _irregular_forms() -> dict[str, tuple[tuple[str, str], ...]]:
    """A present form of an irregular verb -> its (Person, Number) cells."""
    out: dict[str, list[tuple[str, str]]] = {}
    for forms in _IRREGULAR_PRESENT.values():
        for cell, variants in zip(_PERSONS, forms.split(), strict=False):
            for form in variants.split("|"):
                cells = out.setdefault(form, [])
                if cell not in cells:
                    cells.append(cell)
                if cell == ("2", "Plur"):
                    cells.append(("2", "Sing"))  # the polite plural
    return {k: tuple(v) for k, v in out.items()}


def _irregular(low: str) -> list[dict[str, str]] | None:
    """A present form of an irregular verb, also after a prefix or the negation ne-."""
    table = _irregular_forms()
    got = None
    for bare in (low, low[2:]) if low.startswith("ne") else (low,):
        got = table.get(bare)
        for prefix in _PREFIXES if got is None else ():
            rest = bare[len(prefix):]
            if bare.startswith(prefix) and len(rest) >= 2 and rest in table:
                got = table[rest]
                break
        if got is not None:
            break
    return [{"VerbForm": "Fin", "Mood": "Ind", "Person": p, "Number": n} for p, n in got] \
        if got else None


def _candidate_lemmas(low: str) -> list[str]:
    """Infinitives a present form of a regular class may belong to (the lemmatizer knows only
    the verbs of its train split)."""
    out: list[str] = []
    for endings, infinitives in _PRESENT_CLASSES:
        for ending in endings:
            stem = low[:-len(ending)]
            if low.endswith(ending) and len(stem) >= 2 and _VOWELS & set(stem):
                out.extend(stem + inf for inf in infinitives)
    return out


def _past_participle(low: str) -> list[dict[str, str]] | None:
    """An l-participle's gender and number, from its ending alone (every verb forms it the
    same way); None for a form that cannot be one (no vowel in its stem)."""
    for ending in ("la", "lo", "li", "ly", "l"):
        stem = low[:-len(ending)]
        if low.endswith(ending) and len(stem) >= 2 and _VOWELS & set(stem):
            return [{"VerbForm": "Part", "Gender": g, "Number": n,
                     **({"Animacy": a} if a else {})} for g, a, n in _L_FORMS[ending]]
    return None


def _in_table(lemma: str, low: str) -> tuple[tuple[tuple[str, str], ...], ...] | None:
    table = _verb_table(lemma)
    got = table.get(low)
    if got is None and low.startswith("ne") and lemma != "být":
        got = table.get(low[2:])
    if got is None and lemma == "být" and low.startswith("ne") and low != "není":
        got = table.get(low[2:])
    return got


def verb(form: str, lemma: str | None) -> list[dict[str, str]] | None:
    """A verb's analyses: among its lemma's forms (also negated with ne-), and among those of
    every infinitive a regular present form may belong to; an l-participle's by its ending.
    None when the form is none of these (an irregular verb the lemmatizer does not know)."""
    low = form.lower()
    lemmas = [lemma.lower()] if lemma and lemma.lower().endswith(("t", "ci")) else []
    bare = low[2:] if low.startswith("ne") and len(low) > 4 else low
    lemmas += [c for c in _candidate_lemmas(bare) if c not in lemmas]
    found: list[tuple[tuple[str, str], ...]] = []
    for lem in lemmas:
        for b in _in_table(lem, low) or ():
            if b not in found:
                found.append(b)
    if lemma and lemma.lower() == "být" and found:
        return [dict(b) for b in found]
    if not found:
        irregular = _irregular(low)
        if irregular:
            return irregular
    if not found and (not lemma or lemma.lower() == low) and low.endswith(("í", "á")) \
            and len(bare) >= 4:
        # the bare third person ("bydlí", "dělá") of a verb the lemmatizer did not know (it
        # returned the form): read as a verb's only where the tagger took it for one
        for inf in (("it", "et", "ět") if low.endswith("í") else ("at",)):
            for b in _in_table(bare[:-1] + inf, low) or ():
                if b not in found and dict(b).get("Person") == "3":
                    found.append(b)
    listed = None if found else _listed_lemma(low)
    participle = None if listed and not listed.endswith(("t", "ci")) else _past_participle(bare)
    # (a form no table makes, that the word list gives a noun, is the noun's: "míli", a mile)
    if participle and not any(dict(b).get("VerbForm") == "Part" for b in found):
        found.extend(tuple(sorted(p.items())) for p in participle)
    return [dict(b) for b in found] if found else None


#: a passive participle's short form -> the infinitive endings it may come from, with the
#: consonant its stem had before the -en- softened it ("nahrazen" of "nahradit")
_PASSIVE_STEMS = (("ován", ("ovat",)), ("án", ("at",)), ("ěn", ("ět", "it")),
                  ("en", ("it", "et", "ět")))
_UNSOFTENED = {"z": ("d",), "c": ("t",), "š": ("s", "ch"), "ž": ("z", "h"), "šť": ("st", "sk")}
#: a -t participle's infinitive endings after the stem's consonant: its vowel lengthened
#: ("kryt" of "krýt"), -ít ("zabit", "vzat" of "vzít"), -out and -mout ("zapomenut",
#: "přijat" of "přijmout")
_T_INFINITIVES = {"y": ("ýt",), "i": ("ít",), "a": ("át", "ít", "mout"), "u": ("out",)}


def _participle_infinitives(short: str) -> list[str]:
    """Infinitives whose passive participle's short form ``short`` may be."""
    out: list[str] = []
    for ending, infinitives in _PASSIVE_STEMS:
        if short.endswith(ending):
            base = short[:-len(ending)]
            bases = [base] + [base[:-len(s)] + o for s, alts in _UNSOFTENED.items()
                              if base.endswith(s) for o in alts]
            out.extend(b + i for b in bases for i in infinitives)
            break
    if short.endswith("t") and short[-2:-1] in _T_INFINITIVES:
        out.extend(short[:-2] + i for i in _T_INFINITIVES[short[-2]])
    return out


@lru_cache(maxsize=20000)
def passive_participle(low: str) -> bool:
    """Whether an adjective's form may be a verb's passive participle declined as one
    ("vyráběná" of "vyrábět", "nahrazený" of "nahradit"): such a word takes an agent in the
    instrumental or a complement in the dative ("made by a company"), which a plain adjective
    does not. Read from the short form the long one is made of, as the verb's conjugation or
    the word list gives it; an adjective that only looks like one ("zelený" of no verb)
    counts as one too, which costs a finding, not a false alarm."""
    # (a participle declines hard)
    ending = next((e for e in sorted(_HARD, key=len, reverse=True) if low.endswith(e)), None)
    short = low[:-len(ending)] if ending else ""
    if len(short) < 4 or not short.endswith(("n", "t")):
        return False
    if short.endswith("an"):
        short = short[:-2] + "án"  # the long form shortens the vowel ("dělaný" of "dělán")
    for form in (short, short + "a"):
        listed = _listed_lemma(form)
        if listed is not None and listed != form and listed.endswith(("t", "ci")):
            return True
    return any(any(dict(b).get("VerbForm") == "Part" for b in _verb_table(inf).get(short, ()))
               for inf in _participle_infinitives(short))


# -- nouns --------------------------------------------------------------------------------------

@cache
def _noun_genders() -> NounList:
    """lemma -> (its genders as bundles, whether the train split shows it in the singular):
    the train split's list, then the lemmas mined from raw text it lacks, then the word list's
    (``_word_list_nouns``)."""
    listed = read_noun_list(Path(__file__).with_name("noun_genders.tsv"))
    for extra in data_files()[1:]:  # the train split's list first, then the mined ones in turn
        if extra.suffix == ".tsv" and extra.is_file():
            listed = {**read_noun_list(extra), **listed}
    from ..word_list import lemma_forms

    forms = lemma_forms("cs")  # (rebuilt on each call: read once, here)
    word_list = _word_list_nouns(forms)
    listed = {**word_list, **listed}
    # a lemma seen only in the plural is a plurale tantum unless it ends as a singular does,
    # the word list declines it in the same gender ("starost": "na starosti" only), or the word
    # list has a form of it only a singular is ("roli" of "role")
    return {lemma: (genders, singular or all(_singular_shaped(lemma, g) for g in genders)
                    or {g["Gender"] for g in word_list.get(lemma, ((), False))[0]}
                    == {g["Gender"] for g in genders}
                    or _singular_listed(lemma, genders, forms.get(lemma, frozenset())))
            for lemma, (genders, singular) in listed.items()}


def _singular_listed(lemma: str, genders: tuple[dict[str, str], ...],
                     listed: frozenset[str]) -> bool:
    """Whether the word list's forms of ``lemma`` (``listed``) hold one other than the lemma
    itself that the tables of its genders make in the singular only: a soft feminine's dative
    "-i" ("roli", "růži"), which a plurale tantum ("dveře": "dveřím", "dveřmi") never has."""
    cells = paradigm_cells(lemma, genders)
    return any(form != lemma and cells.get(form)
               and all(number == "Sing" for _case, number in cells[form]) for form in listed)


#: the classes a word list's lemma may be read as
_CLASSES = tuple(g for token in _GENDERS for g in _genders(token))


def _word_list_nouns(forms: Mapping[str, frozenset[str]] | None = None) -> NounList:
    """Nouns of simplemma's Czech word list, each with the gender whose tables make its listed
    forms (``genders_by_forms``; for 1,303 of the 1,305 noun lemmas of the treebanks it has
    too it gives the treebank's gender, not for "paní" and the plurale tantum "kasárna",
    which the train split's list has: ``bench/word_list_genders.py``). The
    list puts a person's and a thing's forms under one lemma ("originál": an original and an
    eccentric), so a masculine is both animate and inanimate; one in -a or -e ("předseda",
    "soudce": persons only) is kept only where the list has an animate's dative "-ovi" or
    plural "-ové" (not "ústa", a neuter plural); one in -í with an adjective's "-ího" is an
    adjective. ``forms``: the word list's lemmas and forms, where the caller has read them."""
    from ..word_list import genders_by_forms, lemma_forms

    if forms is None:
        forms = lemma_forms("cs")
    out: NounList = {}
    for lemma, (genders, singular) in genders_by_forms(forms, _CLASSES, _tables).items():
        if lemma[-1] == "í" and any(f.endswith(("ího", "ímu")) for f in forms[lemma]):
            continue  # an adjective's soft declension ("cestující": a passenger, any gender)
        if genders[0]["Gender"] != "Masc":
            out[lemma] = (genders, singular)
        elif lemma[-1] not in "ae":
            out[lemma] = (_CLASSES[:2], singular)
        elif any(f.endswith(("ovi", "ové")) for f in forms[lemma]):
            out[lemma] = (_CLASSES[:1], singular)
    return out


#: masculines whose genitive plural has no ending: the citation form is that case too
_ZERO_GENITIVE_PLURAL = frozenset({"obyvatel", "tisíc", "stotisíc", "pár"})


def _singular_shaped(lemma: str, gender: dict[str, str]) -> bool:
    """Whether a lemma ends as a singular of its gender does (a masculine consonant, a feminine
    -a, a neuter -o): one the train split showed only counted ("minuta", "student") is no
    plurale tantum, whose lemma is its plural form ("dveře", "kalhoty", "ústa"). A plural
    lemma never ends in a consonant but for a masculine's bare genitive plural, nor in a
    neuter's -e, -ě or -í (a neuter plural ends in -a), nor in an animate masculine's -e
    (a person: "zájemce"; "peníze" is inanimate)."""
    last = lemma[-1:]
    consonant = last.isalpha() and last not in _VOWELS
    if gender["Gender"] == "Masc":
        return (consonant and lemma not in _ZERO_GENITIVE_PLURAL) \
            or (last == "e" and gender.get("Animacy") == "Anim")
    if gender["Gender"] == "Fem":
        return last == "a" or consonant
    return last in ("o", "e", "ě", "í")


def _citation_cases(lemma: str, gender: dict[str, str]) -> str | None:
    """The cases the citation form (the nominative singular) of a noun of this gender and
    lemma ending also is: where the ending says so without doubt (-a feminines, -o neuters,
    consonant-final masculines and feminines), else None (a soft -e, -í, -ě noun's citation
    form is also other cases and the plural)."""
    # (the vocative too: a nominative used in address is tagged vocative)
    last = lemma[-1]
    g = gender["Gender"]
    if last == "a":
        return "Nom/Voc" if g in ("Fem", "Masc") else "Nom/Acc/Voc" if g == "Neut" else None
    if last == "o":
        return "Nom/Acc/Voc" if g == "Neut" else None
    if last in _VOWELS or not last.isalpha():
        return None
    if g == "Masc":
        return "Nom/Voc" if gender.get("Animacy") == "Anim" else "Nom/Acc/Voc"
    return "Nom/Acc/Voc" if g == "Fem" else None


#: noun paradigms: ending -> the cells it marks ("Gen Sing; Nom/Acc Plur"), one table per
#: declension; the stem is the lemma without its final vowel. The bare-stem genitive plural
#: ("žen", "měst") is left out: it is too often another word's lemma ("pár", "zem"). Only
#: forms made without a change of the stem are listed, but for the feminine dative and
#: locative and the animate plural's softened velar or r ("sestře", "kluci"; "domě" of "dům"
#: is not): such a form is left unanalysed, which proves nothing.
_NOUN_PARADIGMS: dict[str, dict[str, str]] = {
    # the animate plural's -i and -ích soften a velar or r (kluk -> kluci, bratr -> bratři)
    "masc_anim_softened": {"i": "Nom/Voc Plur", "ích": "Loc Plur"},
    # the citation form of a noun whose other forms drop its last -e- (dárek, dárku)
    "masc_anim_bare": {"": "Nom/Voc Sing"},
    "masc_inan_bare": {"": "Nom/Acc/Voc Sing"},
    "masc_anim_hard": {  # pán
        "": "Nom/Voc Sing", "a": "Gen/Acc Sing", "ovi": "Dat/Loc Sing", "u": "Dat/Loc/Voc Sing",
        "e": "Voc Sing", "em": "Ins Sing", "i": "Nom/Voc Plur", "ové": "Nom/Voc Plur",
        "é": "Nom/Voc Plur", "ů": "Gen Plur", "ům": "Dat Plur", "y": "Acc/Ins Plur",
        "ech": "Loc Plur", "ích": "Loc Plur"},
    "masc_anim_soft": {  # muž, učitel
        "": "Nom/Voc Sing", "e": "Gen/Acc/Voc Sing; Nom/Acc/Voc Plur",
        "i": "Dat/Loc/Voc Sing; Nom/Voc/Ins Plur",
        "ovi": "Dat/Loc Sing", "em": "Ins Sing", "ové": "Nom/Voc Plur", "é": "Nom/Voc Plur",
        "ů": "Gen Plur", "ům": "Dat Plur", "ích": "Loc Plur"},
    "masc_inan_hard": {  # hrad, les
        "": "Nom/Acc/Voc Sing", "u": "Gen/Dat/Loc/Voc Sing", "a": "Gen Sing", "e": "Loc/Voc Sing",
        "ě": "Loc/Voc Sing", "em": "Ins Sing", "y": "Nom/Acc/Voc/Ins Plur", "ů": "Gen Plur",
        "ům": "Dat Plur", "ech": "Loc Plur", "ích": "Loc Plur"},
    "masc_inan_soft": {  # stroj
        "": "Nom/Acc/Voc Sing", "e": "Gen Sing; Nom/Acc/Voc Plur", "i": "Dat/Loc/Voc Sing; Ins Plur",
        "em": "Ins Sing", "ů": "Gen Plur", "ům": "Dat Plur", "ích": "Loc Plur"},
    "masc_a": {  # předseda
        "a": "Nom/Voc Sing", "y": "Gen Sing; Acc/Ins Plur", "ovi": "Dat/Loc Sing", "u": "Acc Sing",
        "o": "Voc Sing", "ou": "Ins Sing", "ové": "Nom/Voc Plur", "i": "Nom/Voc Plur",
        "ů": "Gen Plur", "ům": "Dat Plur", "ech": "Loc Plur"},
    "masc_e": {  # soudce
        "e": "Nom/Gen/Acc/Voc Sing; Acc Plur", "i": "Dat/Loc Sing; Nom/Voc/Ins Plur",
        "ovi": "Dat/Loc Sing", "em": "Ins Sing", "ové": "Nom/Voc Plur", "ů": "Gen Plur",
        "ům": "Dat Plur", "ích": "Loc Plur"},
    "fem_a": {  # žena (the dative and locative: ``_fem_a_dative``)
        "a": "Nom/Voc Sing", "y": "Gen Sing; Nom/Acc/Voc Plur",
        "u": "Acc Sing", "o": "Voc Sing", "ou": "Ins Sing",
        "ám": "Dat Plur", "ách": "Loc Plur", "ami": "Ins Plur"},
    "fem_a_dat_e": {"e": "Dat/Loc Sing"},
    "fem_a_dat_ě": {"ě": "Dat/Loc Sing"},
    "fem_e": {  # růže, ulice
        "e": "Nom/Gen/Voc Sing; Nom/Acc/Voc Plur", "ě": "Nom/Gen/Voc Sing; Nom/Acc/Voc Plur",
        "i": "Dat/Acc/Loc Sing", "í": "Ins Sing; Gen Plur", "ím": "Dat Plur",
        "ích": "Loc Plur", "emi": "Ins Plur", "ěmi": "Ins Plur"},
    "fem_cons": {  # kost and píseň together
        "": "Nom/Acc Sing", "i": "Gen/Dat/Voc/Loc Sing; Nom/Acc/Voc Plur",
        "e": "Gen Sing; Nom/Acc/Voc Plur", "ě": "Gen Sing; Nom/Acc/Voc Plur",
        "í": "Ins Sing; Gen Plur", "em": "Dat Plur", "ím": "Dat Plur", "ech": "Loc Plur",
        "ích": "Loc Plur", "mi": "Ins Plur", "emi": "Ins Plur"},
    "neut_o": {  # město
        "o": "Nom/Acc/Voc Sing", "a": "Gen Sing; Nom/Acc/Voc Plur", "u": "Dat/Loc Sing",
        "ě": "Loc Sing", "e": "Loc Sing", "em": "Ins Sing", "ům": "Dat Plur",
        "ech": "Loc Plur", "ích": "Loc Plur", "ách": "Loc Plur", "y": "Ins Plur"},
    "neut_e": {  # moře, kuře
        "e": "Nom/Gen/Acc/Voc Sing; Nom/Acc/Voc Plur", "ě": "Nom/Gen/Acc/Voc Sing; Nom/Acc/Voc Plur",
        "i": "Dat/Loc Sing; Ins Plur", "em": "Ins Sing", "í": "Gen Plur", "ím": "Dat Plur",
        "ích": "Loc Plur", "ete": "Gen Sing", "ěte": "Gen Sing", "eti": "Dat/Loc Sing",
        "ěti": "Dat/Loc Sing", "etem": "Ins Sing", "ětem": "Ins Sing", "ata": "Nom/Acc/Voc Plur",
        "at": "Gen Plur", "atům": "Dat Plur", "atech": "Loc Plur", "aty": "Ins Plur"},
    "neut_um": {  # centrum (its genitive plural, "center", "víz", is left out)
        "um": "Nom/Acc/Voc Sing", "a": "Gen Sing; Nom/Acc/Voc Plur", "u": "Dat/Loc Sing",
        "em": "Ins Sing", "ům": "Dat Plur", "ech": "Loc Plur", "y": "Ins Plur"},
    "neut_ium": {  # muzeum, studium
        "um": "Nom/Acc/Voc Sing", "a": "Gen Sing; Nom/Acc/Voc Plur", "u": "Dat/Loc Sing",
        "em": "Ins Sing", "í": "Gen Plur", "ím": "Dat Plur", "ích": "Loc Plur", "i": "Ins Plur"},
    "neut_i": {  # stavení
        "í": "Nom/Gen/Dat/Acc/Voc/Loc Sing; Nom/Gen/Acc/Voc Plur", "ím": "Ins Sing; Dat Plur",
        "ích": "Loc Plur", "ími": "Ins Plur"},
}
#: the dative and locative singular of a feminine in -a: a velar or r softens before the -e
#: (řeka -> řece, kniha -> knize, sestra -> sestře), and -ě follows labials and d, t, n
_SOFTENED = (("ch", "š"), ("k", "c"), ("h", "z"), ("g", "z"), ("r", "ř"))


def _fem_a_dative(stem: str) -> tuple[str, str]:
    for hard, soft in _SOFTENED:
        if stem.endswith(hard):
            return "fem_a_dat_e", stem[:len(stem) - len(hard)] + soft
    return ("fem_a_dat_ě" if stem[-1:] in "dtnbpvfm" else "fem_a_dat_e"), stem


_HARD_CONSONANTS = frozenset("dtnrkgh")
#: masculines in -ek and -ec after a consonant drop the -e- in every other form
_DROPS_E = re.compile(r"[^aáeéěiíoóuúůyý]e[kc]$")
_SOFT_CONSONANTS = frozenset("žščřcjďťň")


def _declensions(lemma: str, gender: dict[str, str]) -> list[tuple[str, str]]:
    """(paradigm, stem) pairs a noun of this lemma and gender may decline by; none for a lemma
    whose ending fits no table (-í masculines, indeclinables)."""
    g, anim, last = gender["Gender"], gender.get("Animacy"), lemma[-1]
    vowel_stem = lemma[:-1]
    if g == "Masc":
        if last == "a":
            return [("masc_a", vowel_stem)]
        if last == "e":
            return [("masc_e", vowel_stem)]
        if last in _VOWELS or not last.isalpha():
            return []
        kinds = ["hard", "soft"]
        if last in _HARD_CONSONANTS or lemma.endswith("ch"):
            kinds = ["hard"]
        elif last in _SOFT_CONSONANTS:
            kinds = ["soft"]
        animacies = [anim] if anim else ["Anim", "Inan"]
        if _DROPS_E.search(lemma):
            # "dárek" -> "dárku", "konec" -> "konce": the bare form is the lemma, the rest
            # are made from the stem without its -e-
            dropped = lemma[:-2] + lemma[-1]
            return [(f"masc_{a.lower()}_bare", lemma) for a in animacies] + [
                (f"masc_{a.lower()}_{k}", dropped) for a in animacies for k in kinds]
        out = [(f"masc_{a.lower()}_{k}", lemma) for a in animacies for k in kinds]
        softened = next((lemma[:len(lemma) - len(hard)] + soft for hard, soft in _SOFTENED
                         if lemma.endswith(hard)), None)
        if "Anim" in animacies and softened is not None:
            out.append(("masc_anim_softened", softened))
        return out
    if g == "Fem":
        if last == "a" and vowel_stem[-1:] not in _SOFT_CONSONANTS:
            return [("fem_a", vowel_stem), _fem_a_dative(vowel_stem)]
        if last in "eě":
            return [("fem_e", vowel_stem)]
        if last not in _VOWELS and last.isalpha():
            return [("fem_cons", lemma)]
        return []
    if g == "Neut":
        if last == "o":
            return [("neut_o", vowel_stem)]
        if last in "eě":
            return [("neut_e", vowel_stem)]
        if last == "í":
            return [("neut_i", vowel_stem)]
        if lemma.endswith("um") and len(lemma) > 4:
            # a Latin neuter drops its -um: after -e- or -i- the soft plural ("muzeí")
            return [("neut_ium" if lemma[-3] in "ei" else "neut_um", lemma[:-2])]
    return []


#: the dual of the body's paired parts (the only forms outside the tables)
_DUALS = {"rukou": ("ruka", "Gen/Loc"), "nohou": ("noha", "Gen/Loc"),
          "rukama": ("ruka", "Ins"), "nohama": ("noha", "Ins")}
#: plurals no table makes: lemma -> (gender, the plural's forms -> their cases)
_IRREGULAR_PLURALS = {
    "dítě": ("Fem", {"děti": "Nom/Acc/Voc", "dětí": "Gen", "dětem": "Dat", "dětech": "Loc",
                     "dětmi": "Ins"}),
    "člověk": ("Masc,Anim", {"lidé": "Nom/Voc", "lidi": "Nom/Acc/Voc", "lidí": "Gen",
                             "lidem": "Dat", "lidech": "Loc", "lidmi": "Ins"}),
    "přítel": ("Masc,Anim", {"přátelé": "Nom/Voc", "přátele": "Acc", "přátel": "Gen",
                             "přátelům": "Dat", "přátelích": "Loc", "přáteli": "Ins"}),
    # the paired parts' old duals, used as plurals (feminine whatever the singular's gender)
    "ruka": ("Fem", {"ruce": "Nom/Acc/Voc"}),
    "oko": ("Fem", {"oči": "Nom/Acc/Voc", "očí": "Gen", "očím": "Dat", "očích": "Loc",
                    "očima": "Ins"}),
    "ucho": ("Fem", {"uši": "Nom/Acc/Voc", "uší": "Gen", "uším": "Dat", "uších": "Loc",
                     "ušima": "Ins"}),
    # "den" and "týden" drop their -e- and keep old endings ("dne", "dní")
    "den": ("Masc,Inan", {"dny": "Nom/Acc/Ins", "dni": "Nom/Acc", "dnů": "Gen", "dní": "Gen",
                          "dnům": "Dat", "dnech": "Loc"}),
    "týden": ("Masc,Inan", {"týdny": "Nom/Acc/Ins", "týdnů": "Gen", "týdnům": "Dat",
                            "týdnech": "Loc"}),
}

#: singular forms outside the tables: "den" and "týden" (the locative "ve dne" of the fixed "ve
#: dne v noci", by day and night), and the "kámen" type, whose genitive may be -e and dative
#: and locative -i ("z pramene", "u kořene")
_IRREGULAR_SINGULARS: dict[str, tuple[str, dict[str, str]]] = {
    "den": ("Masc,Inan", {"dne": "Gen/Loc", "dni": "Dat/Loc", "dnu": "Dat", "dnem": "Ins"}),
    "týden": ("Masc,Inan", {"týdne": "Gen", "týdnu": "Dat/Loc", "týdnem": "Ins"}),
    **{lemma: ("Masc,Inan", {stem + "e": "Gen", stem + "i": "Dat/Loc"})
       for lemma in ("pramen", "kořen", "kmen", "křemen", "plamen", "řemen", "ječmen", "hřeben",
                     "kámen")
       for stem in (lemma.replace("á", "a"),)},
    # the neuters in -meno keep the same old genitive and dative beside the regular ones
    # ("do písmene", to the letter; "na rameni", on the shoulder)
    **{lemma: ("Neut", {lemma[:-1] + "e": "Gen", lemma[:-1] + "i": "Dat/Loc"})
       for lemma in ("písmeno", "rameno", "semeno", "plemeno", "břemeno", "temeno")},
}


#: a soft ť, ď, ň is written t, d, n before e, i, í (the e then written ě): "síť" -> "sítě"
_SOFT_SPELLING = {"ť": "t", "ď": "d", "ň": "n"}


def _tables(lemma: str, gender: dict[str, str]) -> list[tuple[Mapping[str, str], str]]:
    """(table, stem) of each declension a lemma of ``gender`` may follow (a stem in ť, ď, ň
    split in two: the endings that change its spelling, and the rest)."""
    out: list[tuple[Mapping[str, str], str]] = []
    for name, stem in _declensions(lemma, gender):
        table = _NOUN_PARADIGMS[name]
        hard = _SOFT_SPELLING.get(stem[-1:])
        if hard is None:
            out.append((table, stem))
            continue
        respelled = {("ě" + e[1:] if e[0] == "e" else e): spec for e, spec in table.items()
                     if e[:1] in ("e", "ě", "i", "í")}
        out += [({e: spec for e, spec in table.items() if e[:1] not in ("e", "ě", "i", "í")},
                 stem), (respelled, stem[:-1] + hard)]
    return out


def paradigm_cells(lemma: str, genders: tuple[dict[str, str], ...]) -> dict[str, set[tuple[str, str]]]:
    """form -> the (case, number) cells a noun lemma of ``genders`` is written so in, by the
    tables ``noun`` reads (its citation form with the cases it also is): what a mined lemma's
    forms seen in text must fit (``scripts/mine_noun_genders.py``)."""
    out: dict[str, set[tuple[str, str]]] = {}
    for form, found in form_index({lemma: (genders, True)}, _tables).items():
        out.setdefault(form, set()).update((b.get("Case", ""), b.get("Number", ""))
                                           for _lemma, b in found)
    for g in genders:
        cases = _citation_cases(lemma, g)
        if cases:
            out.setdefault(lemma, set()).update((c, "Sing") for c in cases.split("/"))
    return out


#: a stem whose genitive plural can only be the bare stem: it ends in one consonant after a
#: short vowel (no -e- to insert, no vowel to shorten: "prostora" -> "prostor", where the word
#: list gives that form to the masculine "prostor" only; not "rána" -> "ran", "dílo" -> "děl")
_SURE_BARE = re.compile(r"[aeěiouy][^aáeéěiíoóuúůyý\W\d]$")


def _bare_genitive_plurals() -> list[tuple[str, str, dict[str, str]]]:
    """(form, lemma, analysis) of the genitive plural without an ending of the listed feminines
    in -a and neuters in -o ("žen", "měst"), with the -e- a final cluster takes ("tašek",
    "oken", "knihoven"): the tables leave it out, for whether the -e- comes is the word's own
    ("bank", "linek"), so only a form the word list gives that lemma is kept, or the bare stem
    where nothing else can come of it (``_SURE_BARE``)."""
    out = []
    for lemma, (genders, _singular) in _noun_genders().items():
        for g in genders:
            if (g["Gender"], lemma[-1:]) not in (("Fem", "a"), ("Neut", "o")) or len(lemma) < 4:
                continue
            stem = lemma[:-1]
            for form in dict.fromkeys((stem, stem[:-1] + "e" + stem[-1],
                                       stem[:-1] + "ě" + stem[-1])):
                if _listed_lemma(form) == lemma or (form == stem and _SURE_BARE.search(stem)):
                    out.append((form, lemma, {"Gender": g["Gender"], "Case": "Gen",
                                              "Number": "Plur"}))
    return out


@cache
def _noun_index() -> FormIndex:
    """form -> (lemma, analysis) for every cell the listed lemmas' paradigms make it (a form
    two lemmas make, "ránu" of "rána" and of "ráno", has both), the bare genitive plurals, the
    paired parts' duals and the irregular plurals and singulars."""
    # (one dict per distinct analysis: ten thousand lemmas make a hundred thousand forms)
    shared: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}
    index = {form: tuple((lemma, shared.setdefault(tuple(sorted(b.items())), b))
                         for lemma, b in got)
             for form, got in form_index(_noun_genders(), _tables).items()}
    for form, lemma, bundle in _bare_genitive_plurals():
        index[form] = (*index.get(form, ()), (lemma, bundle))
    for form, (lemma, cases) in _DUALS.items():
        index[form] = (*index.get(form, ()), *((lemma, {"Gender": "Fem", "Case": c,
                                                        "Number": "Plur"})
                                               for c in cases.split("/")))
    for number, table in (("Plur", _IRREGULAR_PLURALS), ("Sing", _IRREGULAR_SINGULARS)):
        for lemma, (gender, forms) in table.items():
            g, _, animacy = gender.partition(",")
            bundle = {"Gender": g, **({"Animacy": animacy} if animacy else {})}
            for form, cases in forms.items():
                index[form] = (*index.get(form, ()), *((lemma, {**bundle, "Case": c,
                                                                "Number": number})
                                                       for c in cases.split("/")))
    return index


def noun(form: str, lemma: str | None) -> list[dict[str, str]] | None:
    """A common noun's analyses. Its citation form (the lemma itself, not a plurale tantum):
    the gender the list gives the lemma, the cases of that form (``_citation_cases``),
    singular (a soft -e noun's: its table's cells, the plural too), with the cells of any other
    listed lemma that makes the same form. Any other form: every
    cell of every listed lemma's paradigm that makes it from the unchanged stem
    (``known_in_context`` decides where these may prove an error). None for other forms, and
    where the lemmatizer gave a lemma none of those is (a lemma not in the list may make the
    form too: "míry" of "míra", not only of "mír")."""
    low = form.lower()
    if low in _ZERO_GENITIVE_PLURAL:
        return None
    if not _word_list_agrees(low, lemma):
        return _verbal_noun(low, lemma)
    lem = (lemma or "").lower()
    entry = _noun_genders().get(lem)
    if entry is not None and low == lem and entry[1]:
        out: list[dict[str, str]] = []
        for g in entry[0]:
            cases = _citation_cases(lem, g)
            if cases is None:
                break  # a soft -e noun: its table's cells ("práce": also the plural)
            out.extend({**g, "Case": c, "Number": "Sing"} for c in cases.split("/"))
        else:
            # another lemma's form too ("premiéra": the premiere, and the premier's genitive)
            out.extend(dict(b) for other, b in _noun_index().get(low, ())
                       if other != lem and b not in out)
            return out
    found = analyses_of(_noun_index(), low, lem)
    # (a bare stem the lemmatizer took for its own lemma may be a masculine the lists lack:
    # ``complete_analyses`` decides by the tagger's reading)
    return found if found is not None else _verbal_noun(low, lemma)


#: a verbal noun's citation form: -ní after a long or soft vowel ("koupání", "zranění"), -tí
#: after a vowel ("pití", "přijetí")
_VERBAL_NOUN = re.compile(r"(?:[áeě]n|[aeiouyý]t)í$")


def _verbal_noun(low: str, lemma: str | None) -> list[dict[str, str]] | None:
    """A verbal noun's cells (neuter, declined like "stavení"), made from any verb: the lists
    hold few of them, the word list gives most to their verb. Where the word list gives the
    form to a participle instead ("zranění": injuries, and injured), the participle's cells are
    read too. None for other forms, and where the lemmatizer gave a lemma that is neither the
    verbal noun nor a verb it is not a form of."""
    table = _NOUN_PARADIGMS["neut_i"]
    ending = next((e for e in sorted(table, key=len, reverse=True) if low.endswith(e)), None)
    if ending is None:
        return None
    base = low[:len(low) - len(ending)] + "í"
    lem = (lemma or "").lower()
    if len(base) < 6 or not _VERBAL_NOUN.search(base):
        return None
    if lem not in ("", low, base) and (not lem.endswith(("t", "ci")) or _in_table(lem, low)):
        return None  # another noun's form, or the verb's own ("změní": it changes)
    out = [{"Gender": "Neut", "Case": c, "Number": n} for c, n in cells(table[ending])]
    listed = _listed_lemma(low)
    if listed is not None and listed.endswith("ý"):
        out += [b for b in adjective(low, listed) or () if b not in out]
    return out


def _word_list_agrees(low: str, lemma: str | None) -> bool:
    """Whether the lemma the word list gives a form, if any, is one the tables make it of (or
    the lemmatizer's): not "fakta", which the list gives "faktum" (no table) and a table makes
    a genitive of "fakt"."""
    listed = _listed_lemma(low)
    return listed is None or listed == (lemma or "").lower() \
        or any(m == listed for m, _b in _noun_index().get(low, ()))


def citation_form(form: str, lemma: str | None) -> bool:
    """Whether a noun is written in its listed lemma's citation form, whose ending says its
    case alone (not a soft -e noun's, also a genitive and a plural, which proves an error only
    in a local phrase, like a declined form: "po obdržení zboží", not "po zboží")."""
    low = form.lower()
    entry = _noun_genders().get(low)
    return low == (lemma or "").lower() and entry is not None \
        and all(_citation_cases(low, g) is not None for g in entry[0])


_OPENERS = frozenset("„“\"'([«»‚–—-:")


#: relative and question determiners (by lemma: a tagger may call "kterých" a demonstrative)
_RELATIVE_DETERMINERS = frozenset(("který", "jaký", "jenž", "čí"))


def _attribute_of(word: Any, noun_id: int) -> bool:
    """A determiner, adjective or numeral hung on the noun that the paradigms analyse (a noun or
    adverb the tagger took for an adjective is none; nor is a form of "ten", as often the
    pronoun "he" before an object: "ten operaci doporučil")."""
    if word.head != noun_id or word.upos not in ("ADJ", "DET", "NUM") \
            or word.form.lower() in _TEN \
            or {"Rel", "Int"} & set(word.feats.get("PronType", "").split(",")) \
            or (word.lemma or "").lower() in _RELATIVE_DETERMINERS:
        return False  # (a relative word opens a clause: "na kterých dětské modelky")
    return any(analyses(word.form, word.upos, word.lemma) or ()) \
        or word.upos == "ADJ" and _adjective_by_word_list(word.form, word.lemma)


def _starts_sentence(sentence: Any, word: Any) -> bool:
    return word.id == 1 or sentence.word(word.id - 1).form in _OPENERS \
        or sentence.word(word.id - 1).form in (".", "!", "?")


def _of_the_verb(sentence: Any, word: Any, verb_id: int) -> bool:
    """An adverb or particle of the verb, its auxiliary (the head of its chain in SUD) or its
    reflexive clitic: what may stand between a verb and its object's phrase ("máme opravdu
    velkou", "čekali jsme deset minut", "bojím se psa")."""
    verb = sentence.word(verb_id)
    if word.upos in ("ADV", "PART"):
        return word.head == verb_id
    if word.upos == "AUX":
        return word.head == verb_id or verb.head == word.id
    return word.upos == "PRON" and word.form.lower() in ("se", "si") and word.head == verb_id


def _in_local_phrase(sentence: Any, noun_word: Any) -> bool:
    """Whether a noun stands where the parse cannot have misplaced it: right after its
    preposition or verb (only its own attributes between, and the verb's adverbs, auxiliary
    or reflexive clitic before them), or right before the verb whose subject it is."""
    i = noun_word.id
    j = i - 1
    while j >= 1 and _attribute_of(sentence.word(j), i):
        j -= 1
    head = noun_word.head
    while j >= 1 and head < j and _of_the_verb(sentence, sentence.word(j), head):
        j -= 1  # the verb's adverb or auxiliary before its object's phrase
    if j >= 1 and noun_word.head == j and sentence.word(j).upos in ("ADP", "VERB", "AUX") \
            and any(c.isalpha() for c in sentence.word(j).form):
        return True  # (a quotation mark the tagger took for a preposition is none)
    return i < len(sentence.words) and noun_word.head == i + 1 \
        and noun_word.deprel.startswith("subj")


#: the endings of a hard inanimate masculine, its bare citation form's "" among them ("hrad":
#: "hradu", "hradem", "hradů" ...)
_MASC_HARD_ENDINGS = tuple(_NOUN_PARADIGMS["masc_inan_hard"])


def _unlisted_masculine(low: str) -> bool:
    """Whether a form only feminines in -a and neuters in -o make is as well a hard
    masculine's form whose citation form, the other noun's stem, the lists lack: "chatu" of
    the loanword "chat" (a chat) as much as of "chata" (a cottage)."""
    makers = {m for m, _b in _noun_index().get(low, ())}
    return bool(makers) and all(
        m[-1:] in "ao" and m[:-1] not in _noun_genders() and _SURE_BARE.search(m[:-1])
        and low.startswith(m[:-1]) and low[len(m) - 1:] in _MASC_HARD_ENDINGS for m in makers)


def complete_analyses(word: Any, got: list[dict[str, str]]) -> tuple[list[dict[str, str]], bool]:
    """A word's analyses, and whether they may prove an error. Not a noun's that the
    lemmatizer left as its own lemma, where only a feminine in -a or a neuter in -o makes the
    form and its stem, a masculine's citation form, is in no list (``_unlisted_masculine``),
    and the tagger read a masculine or a case none of the readings has: a borrowed masculine
    the lists lack ("ke skupinovému chatu", "tento chat": the chat, read as "chata", a cottage,
    and as its genitive plural). Tagged a feminine genitive, the bare stem is the feminine's
    genitive plural ("ze všech stran")."""
    low = word.form.lower()
    if word.upos != "NOUN" or word.lemma.lower() != low or low in _noun_genders() \
            or not _unlisted_masculine(low):
        return got, True
    # (the tagger's reading tells the two apart: one no reading of the lists has is the
    # masculine's)
    return got, word.feats.get("Gender") != "Masc" \
        and word.feats.get("Case") in {b.get("Case") for b in got}


def known_in_context(sentence: Any, word: Any) -> bool:
    """Whether a word the paradigms analyse may prove an error where it stands: not a
    capitalised word inside a sentence (a name's word: "Rachel" tagged a verb, "během Test
    Ashes"), and a noun in a declined form, or hung on a preposition before it, only in a local
    phrase (``_in_local_phrase``): its paradigm's cells hold for the form, but the arcs of a
    small parser's tree far from it do not."""
    if word.form[:1].isupper() and not _starts_sentence(sentence, word):
        return False
    if word.upos != "NOUN":
        return True
    if citation_form(word.form, word.lemma):
        # a nominative holds anywhere, but it fails a preposition only where the parse cannot
        # have hung another phrase's noun on it ("in the background a page" read as "in the
        # page", the noun tagged an adjective between them)
        head = sentence.word(word.head) if word.head else None
        return head is None or head.upos != "ADP" or head.id > word.id \
            or _in_local_phrase(sentence, word)
    return _in_local_phrase(sentence, word)


# -- fixes --------------------------------------------------------------------------------------

_FIX_KEYS = ("Case", "Number", "Gender", "Animacy", "Person")


def _fits(bundle: dict[str, str], want: dict[str, str]) -> bool:
    """Whether a cell has every wanted value it names (animacy only where both name it)."""
    return all(bundle.get(k) == v for k, v in want.items() if k in bundle)


def _ending_fixes(low: str, table: dict[str, tuple[dict[str, str], ...]],
                  want: dict[str, str], skip: tuple[str, ...] = ()) -> list[str]:
    ending = next((e for e in sorted(table, key=len, reverse=True)
                   if low.endswith(e) and e not in skip), None)
    if ending is None:
        return []
    stem = low[:len(low) - len(ending)]
    return [stem + e for e, bundles in table.items() if e not in skip
            and any(_fits(b, want) for b in bundles)
            and all(k in {kk for b in bundles for kk in b} for k in want
                    if k in ("Case", "Number", "Gender"))]


def _verb_fixes(word: Any, want: dict[str, str]) -> list[str]:
    low = word.form.lower()
    negated = low.startswith("ne") and low != "není"
    if want.get("VerbForm") == "Inf":
        # the lemma, where the form is one of its own (a lemmatizer's guess may be another's)
        lemma = (word.lemma or "").lower()
        if lemma.endswith(("t", "ci")) and _in_table(lemma, low) is not None:
            return ["ne" + lemma if negated and low[2:] in _verb_table(lemma) else lemma]
        return []
    if "Person" in want and "Number" in want:
        cell = (want["Person"], want["Number"])
        for forms in _IRREGULAR_PRESENT.values():
            row = [v.split("|") for v in forms.split()]
            for neg in ("", "ne") if negated else ("",):
                bare = low[len(neg):]
                for prefix in ("", *_PREFIXES):
                    rest = bare[len(prefix):]
                    if bare.startswith(prefix) and any(rest in v for v in row):
                        return [neg + prefix + f for f in row[_PERSONS.index(cell)]]
        lemma = (word.lemma or "").lower()
        table = _verb_table(lemma) if lemma.endswith(("t", "ci")) else {}
        if table:
            hits = [f for f, bs in table.items() for b in map(dict, bs)
                    if b.get("Mood") == "Ind" and (b.get("Person"), b.get("Number")) == cell]
            neg = "ne" if negated and low[2:] in table else ""
            return [neg + f for f in hits][:2]
    if "Gender" in want or "Number" in want:
        for ending in ("la", "lo", "li", "ly", "l"):
            if low.endswith(ending):
                stem = low[:len(low) - len(ending)]
                if ending == "l" and low.endswith("šel"):
                    stem = low[:-2]  # "šel", "přišel": the e only in the masculine singular
                # (the masculine singular of "šla" is "šel")
                masculine = stem + ("el" if stem.endswith("š") else "l")
                return [(masculine if e == "l" else stem + e) for e, cells in _L_FORMS.items()
                        if any(_fits({"Gender": g, "Number": n, **({"Animacy": a} if a else {})},
                                     want) for g, a, n in cells)]
    return []


@cache
def _noun_forms() -> dict[tuple[str, str, str], tuple[str, ...]]:
    """(lemma, case, number) -> the forms the lemma's table makes for that cell, in the
    table's order (the commoner ending first); of a lemma listed with several genders (a
    masculine of either animacy), only the forms every one of them makes ("dárku", not the
    animate "dárkovi")."""
    per: dict[tuple[str, str, str], dict[tuple[str, str], list[str]]] = {}
    for form, entries in _noun_index().items():
        for lemma, b in entries:
            got = per.setdefault((lemma, b["Case"], b["Number"]), {}).setdefault(
                (b["Gender"], b.get("Animacy", "")), [])
            if form not in got:
                got.append(form)
    out: dict[tuple[str, str, str], tuple[str, ...]] = {}
    for key, readings in per.items():
        genders = _noun_genders().get(key[0], ((), False))[0]
        lists = list(readings.values())
        if len(readings) < len(genders):
            continue  # a reading that makes no form for the cell: no sure fix
        out[key] = tuple(f for f in lists[0] if all(f in other for other in lists[1:]))
    return out


def _noun_fixes(low: str, lemma: str, want: dict[str, str]) -> list[str]:
    """A listed noun's form in the wanted case (and number: its own where not asked)."""
    own = noun(low, lemma) or []
    number = want.get("Number") or next((b["Number"] for b in own if "Number" in b), "")
    lemmas = [lemma] if lemma in _noun_genders() else []
    lemmas += [m for m, _b in _noun_index().get(low, ()) if m not in lemmas]
    for m in lemmas:
        forms = _noun_forms().get((m, want["Case"], number))
        if forms and _mobile_e(m):
            forms = tuple(f for f in forms if f == m)
        if not forms and (want["Case"], number) == ("Gen", "Plur"):
            forms = _bare_genitive_plural(m)
        if forms:
            return list(forms)
    return []


def _bare_genitive_plural(lemma: str) -> tuple[str, ...]:
    """The genitive plural of a feminine in -a or a neuter in -o, its bare stem ("minut",
    "hodin"), where no vowel comes or goes: the stem ends in one consonant after a short vowel
    (not "sester", "karet", "krav": none of those is offered)."""
    genders = {g["Gender"] for g in _noun_genders().get(lemma, ((), False))[0]}
    if not ((lemma.endswith("a") and genders == {"Fem"})
            or (lemma.endswith("o") and genders == {"Neut"})):
        return ()
    stem = lemma[:-1]
    if len(stem) >= 3 and stem[-1] not in _VOWELS and stem[-2] in "aeiouyě":
        return (stem,)
    return ()


def _mobile_e(lemma: str) -> bool:
    """Whether a masculine lemma may drop the -e- of its last syllable in its other forms, or
    keep it ("pes" -> "psa", but "les" -> "lesa"): the tables' unchanged stem may make no real
    form of it, so none is offered as a fix (-ek and -ec always drop it: ``_DROPS_E``)."""
    genders = _noun_genders().get(lemma, ((), False))[0]
    return any(g["Gender"] == "Masc" for g in genders) and len(lemma) >= 3 \
        and lemma[-2] == "e" and lemma[-1] not in _VOWELS and lemma[-3] not in _VOWELS \
        and not _DROPS_E.search(lemma)


def inflect(word: Any, feats: Any) -> list[str]:
    """Forms of the word with the wanted values (the quick fix): adjectives and declined
    determiners by their ending, "ten", "můj", "náš" and personal pronouns by their paradigm,
    listed nouns by their declension's table, verbs by their lemma's present or the irregular
    table (the infinitive: the lemma), an l-participle by its ending, "dva" and "oba" by their
    table."""
    want = {k: feats[k] for k in _FIX_KEYS if k in feats}
    low = word.form.lower()
    out: list[str] = []
    if word.upos in ("VERB", "AUX"):
        out = _verb_fixes(word, {**want, **({"VerbForm": feats["VerbForm"]}
                                            if "VerbForm" in feats else {})})
    elif word.upos == "DET" and any(low.endswith(c) for c in _TEN):
        core = next((c for c in sorted(_TEN, key=len, reverse=True) if low.endswith(c)), "")
        prefix = low[:len(low) - len(core)]
        out = [prefix + c for c, bs in _TEN_FIXES.items() if any(_fits(b, want) for b in bs)]
    elif word.upos == "DET" and low in _VSECHEN:
        out = [c for c, bs in _VSECHEN.items() if any(_fits(b, want) for b in bs)]
    elif word.upos == "DET" and determiner(word.form, word.lemma) not in ([{}], None):
        for first, table in (("tv", _MUJ), ("sv", _MUJ), ("m", _MUJ), ("n", _NAS), ("v", _NAS)):
            if low.startswith(first) and low[len(first):] in table:
                out = [first + c for c, bs in table.items() if any(_fits(b, want) for b in bs)]
                break
        else:
            out = _ending_fixes(low, _HARD_CELLS, want, skip=("í",)) \
                or _ending_fixes(low, _SOFT_CELLS, want)
    elif word.upos == "PRON" and low in _PRONOUNS:
        own = _PRONOUNS[low][0]
        want = {**{k: own[k] for k in ("Person", "Number", "Gender") if k in own}, **want}
        out = [f for f, bs in _PRONOUNS.items() if any(
            all(b.get(k) == v for k, v in want.items()) for b in bs)]
    elif word.upos == "NOUN" and "Case" in want:
        out = _noun_fixes(low, (word.lemma or "").lower(), want)
    elif word.upos == "NUM" and low in _FEW:
        # the same numeral ("dva"/"dvě", "oba"/"obě"), in its own case where not asked
        want = {"Case": _FEW[low][0]["Case"], **want}
        out = [f for f, bs in _FEW.items() if f[:2] == low[:2]
               and any(_fits(b, want) for b in bs)]
    elif word.upos == "ADJ" and adjective(word.form, word.lemma):
        out = _ending_fixes(low, _HARD_CELLS, want, skip=("í",)) \
            if not low.endswith(tuple(_SOFT)) else _ending_fixes(low, _SOFT_CELLS, want)
    out = [f for f in dict.fromkeys(out) if f != low]
    return [f[:1].upper() + f[1:] if word.form[:1].isupper() else f for f in out]


def data_files() -> tuple[Path, ...]:
    """The data this analyzer reads besides its code (simplemma's word list where installed)."""
    from ..word_list import data_file

    listed = data_file("cs")
    return (Path(__file__).with_name("noun_genders.tsv"),
            Path(__file__).with_name("noun_genders_mined.tsv"),
            Path(__file__).with_name("noun_genders_tagged.tsv"), *([listed] if listed else []))


def analyses(form: str, upos: str, lemma: str | None) -> list[dict[str, str]] | None:
    """Every analysis of ``form`` as ``upos`` for the classes above; None for the rest."""
    if upos == "PRON":
        return pronoun(form, lemma)
    if upos == "DET":
        return determiner(form, lemma)
    if upos == "ADJ":
        return adjective(form, lemma)
    if upos in ("VERB", "AUX"):
        return verb(form, lemma)
    if upos == "NOUN":
        return noun(form, lemma)
    if upos == "NUM":
        return numeral(form)
    return None

