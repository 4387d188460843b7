"""German morphology: every analysis a word form allows (for the joint agreement checker).

``analyses(form, upos, lemma)`` returns every UD feature bundle the form can carry under that
word class, as a list of distinct dicts in a fixed order, or ``None`` when this analyzer does not
know the form (the checker then falls back to the tagger and never claims a proven error).
``inflect(lemma, upos, feats)`` gives the forms of a lemma with other features (the quick fix),
standard forms first.

Sources: closed-class tables written out here (articles, der-words, ein-words, pronouns,
quantifiers, numerals); adjective declension by ending; ``german-nouns`` (Wiktionary) for nouns,
read through :mod:`lambre_core.lexicon`; ``ablaut`` for verb paradigms, with a reverse index
(form -> analyses) built once from the treebank lexicon's verbs and a list of common verbs.

Conventions
-----------
- Features: ``Case`` (Nom/Acc/Dat/Gen), ``Number`` (Sing/Plur), ``Gender`` (Masc/Fem/Neut),
  ``Person`` (1/2/3), ``Mood`` (Ind/Sub/Imp), ``Tense`` (Pres/Past), ``VerbForm`` (Fin/Inf/Part),
  ``Degree`` (Pos/Cmp/Sup, adjectives, only where the lemma is recognised) and ``AdjDecl``.
- **Absent feature = no constraint.** Plural cells of determiners, pronouns and adjectives carry
  no ``Gender`` (German has no gender distinction in the plural). Nouns keep their lexical
  ``Gender`` in the plural too (as UD does); the checker compares only features both ends have.
- **Indeclinable words** (etwas, nichts, mehr, viel, wenig, genug, lauter, allerlei, paar, and
  dessen/deren/wessen used as determiners, which agree with their antecedent, not their noun)
  give one analysis without ``Case``/``Number``/``Gender``: ``{"AdjDecl": "Strong"}`` for a
  determiner, ``{"Person": "3", ...}`` for a pronoun, ``{}`` for einander/selbst.
- **AdjDecl** on every determiner analysis: the declension an attributive adjective after it
  must use in that cell. ``Weak`` after the article, der-words and ein-words with an ending;
  ``Strong`` after an ein-word without ending (ein/kein/mein: Nom Masc Sg, Nom/Acc Neut Sg),
  after numerals and strong-type quantifiers (viele, einige, mehrere, wenige, etwas, mehr...).
  Where usage varies (beide, manche, solche, welche, sämtliche + adjective, uninflected all) both
  values are given, as two analyses; alle/aller/allen take the standard Weak. Adjective
  analyses carry the ``AdjDecl`` of the table their ending comes from; the mixed declension
  is covered by the determiner cells (``ein guter``: Strong Nom Masc).
- Pronouns other than personal pronouns (demonstrative/relative der, dieser, man, wer, was,
  jemand, viele...) carry ``Person=3``; polite ``Sie``/``Ihnen`` are analysed as 3rd plural (the
  verb agrees with that). Possessive determiners carry no ``Person`` (that is the possessor's).
- Nominalized adjectives (NOUN: der Deutsche, die Angestellten) give their adjective-ending
  cells with ``Gender`` and ``AdjDecl`` added.
- Verbs: finite forms have Person, Number, Mood, Tense (not for Imp), ``VerbForm=Fin``; the
  infinitive and zu-infinitive ``VerbForm=Inf``; participles ``VerbForm=Part`` with ``Tense``
  Past (past participle) or Pres (present participle). A separable verb's finite forms are
  analysed both without their particle (``kommt`` of ``ankommen``) and joined (``ankommt``).

Leniency (an analysis too many costs a missed error; one too few, a false alarm):
- the tagger's verb lemma adds its paradigm to the reverse index's analyses, never narrows them;
- colloquial e-apocope (``ich hab``, ``ich komm``), old spellings (``muß``, ``Kompromiß``),
  ``'ne``/``'nen`` and the pronominal forms GSD tags DET (``einer der Gründe``) are analysed but
  never offered by ``inflect``;
- units of measure (Prozent, Glas, Grad, Uhr...) also analyse as plural (``zwanzig Prozent``);
- a quantifier or pronoun tagged NOUN (``die anderen``) gets its pronoun analyses.

Unknown (None): proper names (PROPN), uninflected adjectives (``schön``, ``lila``, ``Berliner``,
``größer``) and forms that may be an uninflected lemma (``leise``, ``lecker``, ``offen``), nouns
neither german-nouns nor a compound split knows, verb forms neither ablaut nor a regular weak
guess produces (imperative-like bare stems are never guessed), anything without letters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from .nouns import GN_CASE as _GN_CASE
from .nouns import GN_GENDER as _GN_GENDER
from .nouns import GN_NUM as _GN_NUM
from .nouns import german_nouns as _german_nouns
from .nouns import records as _gn_records

Analysis = tuple[tuple[str, str], ...]

__all__ = ["analyses", "inflect", "adjective_lemma"]

_LEXICON_TSV = Path(__file__).resolve().parents[3] / "models" / "de" / "lexicon.tsv"

# -- feature order (deterministic output) -------------------------------------------------------

_FEATURE_ORDER = ("VerbForm", "Mood", "Tense", "Person", "Number", "Case", "Gender", "Degree",
                  "AdjDecl")
_VALUE_ORDER = {
    "VerbForm": ("Fin", "Inf", "Part"), "Mood": ("Ind", "Sub", "Imp"), "Tense": ("Pres", "Past"),
    "Person": ("1", "2", "3"), "Number": ("Sing", "Plur"), "Case": ("Nom", "Acc", "Dat", "Gen"),
    "Gender": ("Masc", "Fem", "Neut"), "Degree": ("Pos", "Cmp", "Sup"),
    "AdjDecl": ("Strong", "Weak"),
}


def _sort_key(a: Analysis) -> tuple[Any, ...]:
    d = dict(a)
    key: list[Any] = []
    for f in _FEATURE_ORDER:
        v = d.get(f)
        order = _VALUE_ORDER[f]
        key.append(-1 if v is None else (order.index(v) if v in order else len(order)))
    key.append(tuple(sorted((k, v) for k, v in a if k not in _VALUE_ORDER)))
    return tuple(key)


def _an(**feats: str | None) -> Analysis:
    return tuple(sorted((k, v) for k, v in feats.items() if v is not None))


def _with(a: Analysis, **feats: str | None) -> Analysis:
    d = dict(a)
    for k, v in feats.items():
        if v is None:
            d.pop(k, None)
        else:
            d[k] = v
    return tuple(sorted(d.items()))


def _finish(items: Iterable[Analysis]) -> tuple[Analysis, ...]:
    return tuple(sorted(set(items), key=_sort_key))


# -- cells: compact notation "NSM" = Nom Sing Masc, "GP" = Gen Plur ----------------------------

_C = {"N": "Nom", "A": "Acc", "D": "Dat", "G": "Gen"}
_N = {"S": "Sing", "P": "Plur"}
_G = {"M": "Masc", "F": "Fem", "N": "Neut"}

Cell = tuple[str, str, str | None]


def _cells(spec: str) -> tuple[Cell, ...]:
    out = []
    for c in spec.split():
        out.append((_C[c[0]], _N[c[1]], _G[c[2]] if len(c) > 2 else None))
    return tuple(out)


def _cell_an(cell: Cell, **extra: str | None) -> Analysis:
    return _an(Case=cell[0], Number=cell[1], Gender=cell[2], **extra)


#: der-word (dieser) endings; the article has its own forms
_DER_END = {"er": "NSM DSF GSF GP", "e": "NSF ASF NP AP", "es": "NSN ASN GSM GSN", "en": "ASM DP",
            "em": "DSM DSN"}
#: strong adjective endings
_STRONG_END = {"er": "NSM DSF GSF GP", "e": "NSF ASF NP AP", "es": "NSN ASN", "en": "ASM GSM GSN DP",
               "em": "DSM DSN"}
#: weak adjective endings
_WEAK_END = {"e": "NSM NSF NSN ASF ASN", "en": "ASM DSM DSF DSN GSM GSF GSN NP AP DP GP"}
#: ein-word determiner endings ("" = no ending)
_EIN_END = {"": "NSM NSN ASN", "e": "NSF ASF NP AP", "en": "ASM DP", "em": "DSM DSN",
            "es": "GSM GSN", "er": "DSF GSF GP"}
#: ein-word pronoun endings (einer, keins, meines...)
_EIN_PRON_END = {"er": "NSM DSF GSF GP", "e": "NSF ASF NP AP", "es": "NSN ASN GSM GSN",
                 "s": "NSN ASN", "en": "ASM DP", "em": "DSM DSN"}
_ARTICLE = (("der", "NSM DSF GSF GP"), ("die", "NSF ASF NP AP"), ("das", "NSN ASN"),
            ("den", "ASM DP"), ("dem", "DSM DSN"), ("des", "GSM GSN"))
_D_PRONOUN = (("der", "NSM DSF"), ("die", "NSF ASF NP AP"), ("das", "NSN ASN"), ("den", "ASM"),
              ("dem", "DSM DSN"), ("denen", "DP"), ("dessen", "GSM GSN"), ("deren", "GSF GP"),
              ("derer", "GSF GP"))
#: the weak adjective ending of each cell (derselbe = der + selbe)
_WEAK_OF: dict[Cell, str] = {c: e for e, spec in _WEAK_END.items() for c in _cells(spec)}

_STRONG = "Strong"
_WEAK = "Weak"


# -- closed classes ----------------------------------------------------------------------------

class _Closed:
    """The closed-class tables: ``forms[cls][form]`` -> analyses, ``para[cls][key]`` -> ordered
    (form, analysis) pairs for inflect, ``alias[cls][lemma]`` -> key."""

    def __init__(self) -> None:
        self.forms: dict[str, dict[str, list[Analysis]]] = {"DET": {}, "PRON": {}}
        self.para: dict[str, dict[str, list[tuple[str, Analysis]]]] = {"DET": {}, "PRON": {}}
        self.alias: dict[str, dict[str, str]] = {"DET": {}, "PRON": {}}
        self.indeclinable: set[str] = set()

    def add(self, cls: str, key: str, form: str, a: Analysis) -> None:
        lst = self.forms[cls].setdefault(form, [])
        if a not in lst:
            lst.append(a)
        p = self.para[cls].setdefault(key, [])
        if (form, a) not in p:
            p.append((form, a))
        self.alias[cls].setdefault(key, key)

    def add_form(self, cls: str, form: str, a: Analysis) -> None:
        """An analysis only (not in the lemma's paradigm for inflect)."""
        lst = self.forms[cls].setdefault(form, [])
        if a not in lst:
            lst.append(a)

    def names(self, cls: str, key: str, *lemmas: str) -> None:
        for lem in lemmas:
            self.alias[cls].setdefault(lem, key)

    def both(self, key: str, form: str, a: Analysis) -> None:
        """A determiner cell, and the same cell as a (3rd person) pronoun."""
        self.add("DET", key, form, a)
        self.add("PRON", key, form, _with(a, Person="3"))


def _decls(after: str) -> tuple[str, ...]:
    return (_STRONG, _WEAK) if after == "both" else (after,)


def _build_closed() -> _Closed:
    t = _Closed()
    # definite article; as a pronoun it is the d-pronoun below
    for form, spec in _ARTICLE:
        for c in _cells(spec):
            t.add("DET", "der", form, _cell_an(c, AdjDecl=_WEAK))
    t.names("DET", "der", "die", "das", "d")
    for form, spec in _D_PRONOUN:
        for c in _cells(spec):
            t.add("PRON", "der", form, _cell_an(c, Person="3"))
    t.names("PRON", "der", "die", "das", "d")
    # derselbe / derjenige: article + weak adjective
    for part in ("selb", "jenig"):
        key = "der" + part + "e"
        for form, spec in _ARTICLE:
            for c in _cells(spec):
                t.both(key, form + part + _WEAK_OF[c], _cell_an(c, AdjDecl=_WEAK))
        t.names("DET", key, "die" + part + "e", "das" + part + "e")
        t.names("PRON", key, "die" + part + "e", "das" + part + "e")
    # der-words: stem, has singular, has plural, adjective declension after them
    der_words = (("dies", True, True, _WEAK), ("jen", True, True, _WEAK),
                 ("jed", True, False, _WEAK), ("jeglich", True, False, _WEAK),
                 ("welch", True, True, "both"), ("manch", True, True, "both"),
                 ("solch", True, True, "both"), ("irgendwelch", True, True, "both"),
                 ("all", True, True, _WEAK))
    for stem, sg, pl, after in der_words:
        key = stem + "er" if stem != "all" else "alle"
        for end, spec in _DER_END.items():
            for c in _cells(spec):
                if (c[1] == "Sing" and not sg) or (c[1] == "Plur" and not pl):
                    continue
                decl = _WEAK if c[1] == "Sing" and stem in ("welch", "manch") else after
                for d in _decls(decl):
                    t.both(key, stem + end, _cell_an(c, AdjDecl=d))
        t.names("DET", key, stem, stem + "e", stem + "es", stem + "er")
        t.names("PRON", key, stem, stem + "e", stem + "es", stem + "er")
    for c in _cells("NSN ASN"):
        t.both("dieser", "dies", _cell_an(c, AdjDecl=_WEAK))
    # the accepted genitive in -en before a noun whose own genitive ending shows the case
    # ("jeden Alters", "jeglichen Zweifels"; Duden: also "jedes Alters")
    for stem in ("jed", "jeglich"):
        for c in _cells("GSM GSN"):
            t.both(stem + "er", stem + "en", _cell_an(c, AdjDecl=_WEAK))
    # adjective-like quantifiers: strong and weak adjective endings (die vielen / viele)
    #   stem, singular, plural, declension after the strong forms (plural, singular)
    quants = (("viel", True, True, _STRONG, "both"), ("wenig", True, True, _STRONG, "both"),
              ("einig", True, True, _STRONG, "both"), ("etlich", True, True, _STRONG, "both"),
              ("mehrer", False, True, _STRONG, _STRONG), ("ander", True, True, _STRONG, _STRONG),
              ("meist", True, True, _STRONG, "both"), ("beid", False, True, "both", "both"),
              ("sämtlich", True, True, "both", "both"), ("solch", True, True, _STRONG, _STRONG),
              ("selb", True, True, _WEAK, _WEAK), ("wieviel", True, True, _STRONG, "both"),
              ("soviel", True, True, _STRONG, "both"), ("zuviel", True, True, _STRONG, "both"),
              ("andr", True, True, _STRONG, _STRONG))
    for stem, sg, pl, after_pl, after_sg in quants:
        key = {"solch": "solcher", "ander": "anderer", "andr": "anderer"}.get(stem, stem + "e")
        for end, spec in _STRONG_END.items():
            if stem == "selb":
                break  # only after an article: im selben Jahr
            for c in _cells(spec):
                if (c[1] == "Plur" and not pl) or (c[1] == "Sing" and not sg and
                                                     not (stem == "beid" and c[2] == "Neut")):
                    continue
                for d in _decls(after_pl if c[1] == "Plur" else after_sg):
                    t.both(key, stem + end, _cell_an(c, AdjDecl=d))
        for end, spec in _WEAK_END.items():
            for c in _cells(spec):
                if (c[1] == "Plur" and not pl) or (c[1] == "Sing" and not sg):
                    continue
                t.both(key, stem + end, _cell_an(c, AdjDecl=_WEAK))
        t.names("DET", key, stem, stem + "e", stem + "er", stem + "es")
        t.names("PRON", key, stem, stem + "e", stem + "er", stem + "es")
    for end in ("en", "em"):  # andern, anderm (e-elision)
        for a in list(t.forms["DET"].get("ander" + end, ())):
            t.both("anderer", "ander" + end[-1], a)
    # ein-words: stem, variant stems (standard first), has plural
    ein_words = (("ein", (), False), ("kein", (), True), ("irgendein", (), False),
                 ("mein", (), True), ("dein", (), True), ("sein", (), True), ("ihr", (), True),
                 ("unser", ("unsr",), True), ("euer", ("eur",), True))
    for stem, variants, pl in ein_words:
        key = stem
        for end, spec in _EIN_END.items():
            stems: tuple[str, ...] = (stem,) + variants if end else (stem,)
            if stem == "euer" and end:
                stems = ("eur", "euer")  # eure, euren... are the standard forms
            for s in stems:
                for c in _cells(spec):
                    if c[1] == "Plur" and not pl:
                        continue
                    t.add("DET", key, s + end, _cell_an(c, AdjDecl=_STRONG if not end else _WEAK))
            if stem == "unser" and end in ("em", "en", "es"):
                for c in _cells(spec):
                    if c[1] == "Plur" and not pl:
                        continue
                    t.add("DET", key, "unser" + end[-1], _cell_an(c, AdjDecl=_WEAK))
        for end, spec in _EIN_PRON_END.items():
            stems = (stem,) + variants
            if stem == "euer":
                stems = ("eur", "euer")
            if end == "s" and variants:
                continue
            for s in stems:
                for c in _cells(spec):
                    if c[1] == "Plur" and not pl:
                        continue
                    t.add("PRON", key, s + end, _cell_an(c, Person="3"))
                    if end in ("er", "es", "s") and c[0] == "Nom" or end in ("es", "s") \
                            and c == ("Acc", "Sing", "Neut"):
                        # pronominal use tagged DET (einer der Gründe, keines davon): analysed,
                        # never offered by inflect for a determiner
                        t.add_form("DET", s + end, _cell_an(c, AdjDecl=_WEAK))
        t.names("DET", key, stem + "e")
        t.names("PRON", key, stem + "e", stem + "er")
    t.names("DET", "ihr", "Ihr")
    for apo in ("", "'"):  # colloquial 'n, 'ne, 'nen, 'nem, 'ner (never standard: not in inflect)
        for end, spec in (("n", "NSM NSN ASN ASM"), ("ne", "NSF ASF"), ("nen", "ASM"),
                          ("nem", "DSM DSN"), ("ner", "DSF GSF"), ("nes", "GSM GSN")):
            for c in _cells(spec):
                decl = _STRONG if end == "n" and c != ("Acc", "Sing", "Masc") else _WEAK
                t.add_form("DET", apo + end, _cell_an(c, AdjDecl=decl))
    # personal pronouns: (lemma key, form, Case, Number, Person, Gender)
    personal = (
        ("ich", "ich", "Nom", "Sing", "1", None), ("ich", "mich", "Acc", "Sing", "1", None),
        ("ich", "mir", "Dat", "Sing", "1", None), ("ich", "meiner", "Gen", "Sing", "1", None),
        ("du", "du", "Nom", "Sing", "2", None), ("du", "dich", "Acc", "Sing", "2", None),
        ("du", "dir", "Dat", "Sing", "2", None), ("du", "deiner", "Gen", "Sing", "2", None),
        ("er", "er", "Nom", "Sing", "3", "Masc"), ("er", "ihn", "Acc", "Sing", "3", "Masc"),
        ("er", "ihm", "Dat", "Sing", "3", "Masc"), ("er", "seiner", "Gen", "Sing", "3", "Masc"),
        ("es", "es", "Nom", "Sing", "3", "Neut"), ("es", "es", "Acc", "Sing", "3", "Neut"),
        ("es", "'s", "Nom", "Sing", "3", "Neut"), ("es", "'s", "Acc", "Sing", "3", "Neut"),
        ("es", "ihm", "Dat", "Sing", "3", "Neut"), ("es", "seiner", "Gen", "Sing", "3", "Neut"),
        ("sie", "sie", "Nom", "Sing", "3", "Fem"), ("sie", "sie", "Acc", "Sing", "3", "Fem"),
        ("sie", "ihr", "Dat", "Sing", "3", "Fem"), ("sie", "ihrer", "Gen", "Sing", "3", "Fem"),
        ("sie", "sie", "Nom", "Plur", "3", None), ("sie", "sie", "Acc", "Plur", "3", None),
        ("sie", "ihnen", "Dat", "Plur", "3", None), ("sie", "ihrer", "Gen", "Plur", "3", None),
        ("wir", "wir", "Nom", "Plur", "1", None), ("wir", "uns", "Acc", "Plur", "1", None),
        ("wir", "uns", "Dat", "Plur", "1", None), ("wir", "unser", "Gen", "Plur", "1", None),
        ("ihr", "ihr", "Nom", "Plur", "2", None), ("ihr", "euch", "Acc", "Plur", "2", None),
        ("ihr", "euch", "Dat", "Plur", "2", None), ("ihr", "euer", "Gen", "Plur", "2", None),
    )
    for key, form, case, num, pers, gen in personal:
        t.add("PRON", "pers:" + key, form, _an(Case=case, Number=num, Person=pers, Gender=gen))
    # reflexive: sich, and the personal forms that double as reflexives (for inflect)
    for case in ("Acc", "Dat"):
        for num in ("Sing", "Plur"):
            t.add("PRON", "sich", "sich", _an(Case=case, Number=num, Person="3"))
    for form, case, num, pers in (("mich", "Acc", "Sing", "1"), ("mir", "Dat", "Sing", "1"),
                                  ("dich", "Acc", "Sing", "2"), ("dir", "Dat", "Sing", "2"),
                                  ("uns", "Acc", "Plur", "1"), ("uns", "Dat", "Plur", "1"),
                                  ("euch", "Acc", "Plur", "2"), ("euch", "Dat", "Plur", "2")):
        t.para["PRON"]["sich"].append((form, _an(Case=case, Number=num, Person=pers)))
    # interrogative / indefinite
    for key, form, case in (("wer", "wer", "Nom"), ("wer", "wen", "Acc"), ("wer", "wem", "Dat"),
                            ("wer", "wessen", "Gen"), ("was", "was", "Nom"), ("was", "was", "Acc")):
        gen = "Neut" if key == "was" else None
        t.add("PRON", key, form, _an(Case=case, Number="Sing", Person="3", Gender=gen))
    t.add("PRON", "man", "man", _an(Case="Nom", Number="Sing", Person="3"))
    for stem in ("jemand", "niemand", "irgendjemand", "jedermann"):
        for form, cases in ((stem, ("Nom", "Acc", "Dat")), (stem + "en", ("Acc",)),
                            (stem + "em", ("Dat",)), (stem + "es", ("Gen",)),
                            (stem + "s", ("Gen",))):
            if stem == "jedermann" and form not in ("jedermann", "jedermanns"):
                continue
            for case in cases:
                t.add("PRON", stem, form, _an(Case=case, Number="Sing", Person="3"))
    # the d-words used as determiners agree with their antecedent, not with their noun
    for form in ("dessen", "deren", "wessen"):
        t.add("DET", form, form, _an(AdjDecl=_STRONG))
    # indeclinable quantifiers: no Case/Number/Gender
    strong_indecl = ("etwas", "nichts", "mehr", "weniger", "viel", "wenig", "genug", "lauter",
                     "allerlei", "keinerlei", "mancherlei", "vielerlei", "beiderlei", "einerlei",
                     "zweierlei", "dreierlei", "solcherlei", "welcherlei", "paar", "bisschen",
                     "bißchen", "manch", "solch", "welch", "soviel", "sowenig", "wieviel",
                     "zuviel", "zuwenig", "irgendwas", "irgendetwas", "sowas", "nix", "allzuviel")
    for form in strong_indecl:
        t.add("DET", form, form, _an(AdjDecl=_STRONG))
        t.add("PRON", form, form, _an(Person="3", AdjDecl=_STRONG))
        t.indeclinable.add(form)
    for d in (_STRONG, _WEAK):
        t.both("all", "all", _an(AdjDecl=d))
    t.indeclinable.add("all")
    for form in ("einander", "selbst", "selber"):
        t.add("PRON", form, form, ())
        t.indeclinable.add(form)
    return t


@lru_cache(maxsize=1)
def _closed() -> _Closed:
    return _build_closed()



def _closed_analyses(low: str, upos: str) -> tuple[Analysis, ...] | None:
    t = _closed()
    first, second = ("PRON", "DET") if upos == "PRON" else ("DET", "PRON")
    got = t.forms[first].get(low)
    if not got and upos in ("DET", "NUM"):
        num = _number_analyses(low)
        if num is not None:
            return num
    if not got:
        got = t.forms[second].get(low)
    if not got and upos == "PRON":
        num = _number_analyses(low)
        if num is not None:
            return num
    return _finish(got) if got else None


# -- numerals ----------------------------------------------------------------------------------

_NUM_MORPHS = ("zwanzig", "dreißig", "dreissig", "hundert", "tausend", "sieben", "sechs", "sieb",
               "zwölf", "zehn", "zwei", "zwo", "drei", "vier", "fünf", "acht", "neun", "elf", "sech",
               "ein", "und", "zig")
_NUM_RE = re.compile("(?:" + "|".join(_NUM_MORPHS) + ")+")
_DIGITS_RE = re.compile(r"\d+(?:[.\s\u202f\u00a0]\d{3})*(?:,\d+)?")
_NOUN_NUMS = ("million", "millionen", "milliarde", "milliarden", "billion", "billionen",
              "dutzend", "dutzende", "hunderte", "tausende", "viertel", "drittel", "hälfte")


def _number_analyses(low: str) -> tuple[Analysis, ...] | None:
    plur = _an(Number="Plur", AdjDecl=_STRONG)
    if _DIGITS_RE.fullmatch(low):
        value = low.replace(".", "").replace(",", ".").replace(" ", "")
        try:
            if float(value) == 1.0:
                return None  # "1 Buch": singular
        except ValueError:
            return None
        return (plur,)
    if low in ("anderthalb", "eineinhalb", "zweieinhalb", "dreieinhalb"):
        return (plur,)
    if low in _NOUN_NUMS:
        return (_an(AdjDecl=_STRONG),)  # eine Million Menschen: no agreement constraint
    if low in ("ein", "eine", "einen", "einem", "einer", "eines", "eins", "und"):
        return None
    if _NUM_RE.fullmatch(low):
        return (plur,)
    for end, case in (("er", "Gen"), ("en", "Dat")):
        if low.endswith(end) and low[:-2] in ("zwei", "drei", "vier", "fünf", "sechs", "sieben",
                                              "acht", "neun", "zehn", "elf", "zwölf"):
            return (_an(Case=case, Number="Plur", AdjDecl=_STRONG),)
    return None


# -- treebank lexicon --------------------------------------------------------------------------

class _TreebankLex:
    def __init__(self) -> None:
        self.adj_lemmas: set[str] = set()
        self.adj_form_lemma: dict[str, str] = {}
        self.verb_lemmas: list[str] = []


@lru_cache(maxsize=1)
def _treebank() -> _TreebankLex:
    out = _TreebankLex()
    try:
        from ...lexicon import load_lexicon_tsv

        lex = load_lexicon_tsv(_LEXICON_TSV, "de", external=False)
    except Exception:  # no model lexicon: the built-in lists still work
        return out
    verbs: set[str] = set()
    adj: set[str] = set()
    for (lemma, upos), bundles in lex.paradigms.items():
        if upos in ("VERB", "AUX"):
            verbs.add(lemma)
        elif upos == "ADJ":
            adj.add(lemma.lower())
            for b, forms in bundles.items():
                if any(k == "Case" for k, _ in b):
                    for f in forms:
                        out.adj_form_lemma.setdefault(f.lower(), lemma.lower())
    # a lemma that is an inflected form of another lemma (riesigen / riesig) is tagger noise
    out.adj_lemmas = {lem for lem in adj
                      if lem in _ADJ_UNINFLECTED
                      or not any(lem.endswith(e) and lem[:-len(e)] in adj for e in _ADJ_ENDINGS)}
    out.verb_lemmas = sorted(verbs)
    return out


# -- adjectives --------------------------------------------------------------------------------

_ADJ_ENDINGS = ("em", "en", "er", "es", "e")

#: adjectives that are never inflected
_ADJ_INDECL = frozenset(
    "lila rosa super prima klasse spitze orange beige extra online offline live pleite schade "
    "egal mehr weniger genug okay ok cool gratis umsonst allerlei zig creme oliv türkis "
    "fit sexy uni standard top mega bio fair gern gerne".split())
#: adjective lemmas that look inflected (they end in -e, -en, -er, -em, -es)
_ADJ_UNINFLECTED = frozenset(
    "leise müde böse weise öde träge rege feige irre lose nahe gerade ungerade mürbe prüde spröde "
    "trübe bange vage rapide solide marode blöde rüde alleine zähe jähe "
    "offen eigen trocken golden seiden eben verschieden zufrieden unzufrieden bescheiden gelegen "
    "verlegen verwegen erhaben gediegen vollkommen unvollkommen willkommen gelassen entschieden "
    "vergangen verboten angemessen unangemessen gebrochen verschwiegen besessen vermessen "
    "verlassen verborgen gewogen ungelegen abgelegen verschlossen aufgeschlossen betroffen "
    "hölzern eisern ledern silbern gläsern stählern bleiern kupfern albern "
    "sauber lecker bitter teuer sauer munter tapfer finster heiter bieder mager sicher unsicher "
    "locker wacker ungeheuer hager integer makaber clever lauter inner äußer ober unter "
    "mittler vorder hinter sauer düster lecker plemplem bequem extrem unbequem mies fies quer "
    "andere anderer".split())
_ADJ_UNINFLECTED_LONG = tuple(sorted(u for u in _ADJ_UNINFLECTED if len(u) >= 6))
#: derivational suffixes that end adjective stems (never a whole lemma ending in -e/-en/-er)
_ADJ_SUFFIXES = ("ig", "lich", "isch", "bar", "sam", "haft", "los", "voll", "reich", "iv", "al",
                 "ell", "ös", "är", "ant", "ent", "end", "ierend", "mäßig", "artig", "fähig")
#: suffixes that make an adjective and never a noun's stem (not "-ant", "-ent", "-iv": der
#: Praktikant, die Perspektive)
_ONLY_ADJ_SUFFIXES = ("ig", "lich", "isch", "bar", "sam", "haft", "los", "voll", "ös", "mäßig",
                      "artig", "fähig")
#: adjectives whose comparative and superlative take an umlaut
_ADJ_UMLAUT = frozenset(
    "alt arg arm dumm grob groß hart jung kalt klug krank kurz lang nah scharf schwach schwarz "
    "stark warm gesund nass blass fromm glatt schmal rot oft".split())
_ADJ_IRREGULAR = {"gut": ("besser", "best"), "viel": ("mehr", "meist"), "hoch": ("höher", "höchst"),
                  "nah": ("näher", "nächst"), "gern": ("lieber", "liebst"), "groß": ("größer", "größt"),
                  "wenig": ("weniger", "wenigst")}
_ADJ_IRR_REVERSE = {v: (lem, deg) for lem, (c, s) in _ADJ_IRREGULAR.items()
                    for v, deg in ((c, "Cmp"), (s, "Sup"))}
#: uninflected comparatives (no ending)
_CMP_UNINFLECTED = frozenset({"besser", "mehr", "weniger", "höher", "näher", "lieber", "eher",
                              "minder", "größer"})
_UMLAUT = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U"})
_ADD_UMLAUT = {"a": "ä", "o": "ö", "u": "ü"}


def _is_adj_lemma(s: str) -> bool:
    return _listed_adj_lemma(s) or s in _word_list_adjectives()


def _listed_adj_lemma(s: str) -> bool:
    # the adjectives of the pack's own lists and of the treebank
    return s in _ADJ_UNINFLECTED or s in _treebank().adj_lemmas or s in _ADJ_UMLAUT \
        or s in _ADJ_IRREGULAR


#: adjective and verb lemmas of simplemma's word list (scripts/word_list_lemmas.py)
WORD_LIST_ADJECTIVES = Path(__file__).with_name("adjectives_word_list.txt")
WORD_LIST_VERBS = Path(__file__).with_name("verbs_word_list.txt")


def _listed_lemmas(path: Path) -> frozenset[str]:
    """The lemmas of a shipped word list; empty for a checkout without it (the treebank's
    words still work)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return frozenset()
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


@lru_cache(maxsize=1)
def word_list_verbs() -> frozenset[str]:
    """Verb infinitives of simplemma's word list (auflisten, duschen: the common verbs and the
    treebank's are some 1,400): those it lists with the forms in -e and -t or -et on the
    infinitive's stem, which no adjective and no noun has. Only a nominalized infinitive's
    evidence: their forms are not conjugated into the verb index, where a colloquial form
    ("krank" of "kranken") or a form listed under another verb ("zusammenführen" under
    "zusammenfahren") would prove a wrong verb form on a word the parser misread."""
    return _listed_lemmas(WORD_LIST_VERBS)


@lru_cache(maxsize=1)
def _word_list_adjectives() -> frozenset[str]:
    """Adjective lemmas of simplemma's word list (gemein, grotesk, objektiv: the treebank's
    adjectives are a few thousand): those it lists with the forms in -e, -en and -er, less
    those that are an inflected form of another adjective ("letzter", the latter: "letzt")."""
    listed = _listed_lemmas(WORD_LIST_ADJECTIVES)

    return frozenset(lemma for lemma in listed
                     if not any(lemma.endswith(e) and (lemma[:-len(e)] in listed
                                                       or _listed_adj_lemma(lemma[:-len(e)]))
                                for e in _ADJ_ENDINGS))


def _split_adj(low: str) -> tuple[str, str] | None:
    for end in _ADJ_ENDINGS:
        if low.endswith(end):
            stem = low[:-len(end)]
            if len(stem) >= 2 and any(ch in "aeiouäöüy" for ch in stem):
                return stem, end
    return None


def _positive_lemma(stem: str) -> str | None:
    """The positive lemma whose inflection stem is ``stem`` (dunkl -> dunkel, leis -> leise)."""
    for cand in (stem, stem + "e", stem[:-1] + "el" if stem.endswith("l") else "",
                 stem[:-1] + "er" if stem.endswith("r") else "",
                 "hoch" if stem == "hoh" else ""):
        if cand and _is_adj_lemma(cand):
            return cand
    return None


def _stem_lemma(stem: str) -> tuple[str, str] | None:
    """(lemma, Degree) of an inflection stem: schön, schöner (Cmp), schönst (Sup)."""
    if stem in _ADJ_IRR_REVERSE:
        return _ADJ_IRR_REVERSE[stem]
    lem = _positive_lemma(stem)
    if lem is not None:
        return lem, "Pos"
    if stem.endswith("er"):
        base = stem[:-2]
        for cand in (base, base.translate(_UMLAUT)):
            lem = _positive_lemma(cand) if cand else None
            if lem is not None and (cand == base or lem in _ADJ_UMLAUT or lem in _ADJ_IRREGULAR):
                return lem, "Cmp"
    for suf in ("est", "st"):
        if stem.endswith(suf):
            base = stem[:-len(suf)]
            for cand in (base, base.translate(_UMLAUT)):
                lem = _positive_lemma(cand) if len(cand) >= 2 else None
                if lem is not None:
                    return lem, "Sup"
    return None


def adjective_lemma(form: str) -> str | None:
    """The lemma of an inflected attributive adjective form (``schönsten`` -> ``schön``), None
    when the form is not inflected or its lemma is not recognised."""
    try:
        got = _adj_info(form.lower(), None)
    except Exception:
        return None
    return got[2] if got is not None else None


@lru_cache(maxsize=50000)
def _adj_info(low: str, lemma: str | None) -> tuple[str, str, str | None, str | None] | None:
    """(stem, ending, lemma, Degree) of an inflected adjective form, None when uninflected."""
    if not low or not low[-1].isalpha():
        return None
    word = low.rsplit("-", 1)[-1]
    digits = re.match(r"[\d.,]+", word)
    if digits and word[digits.end():].isalpha() and len(word) - digits.end() >= 5:
        word = word[digits.end():]  # 40jährigen
    if not word.isalpha() or low in _ADJ_INDECL or word in _ADJ_INDECL:
        return None
    split = _split_adj(word)
    if split is None:
        return None
    stem, end = split
    # a stem with an adjective suffix is inflected whatever the tagger's lemma (üblichen)
    # decades: zwanziger, fünfziger (indeclinable)
    if end == "er" and _NUM_RE.fullmatch(stem):
        return None
    surely = (stem.endswith(_ADJ_SUFFIXES) and len(stem) > 4) or _verb_part(stem)
    if not surely:
        if lemma is not None and lemma.lower() in (low, word):
            return None
        if word in _CMP_UNINFLECTED or _is_adj_lemma(word):
            return None
        # compounds of an uninflected-looking lemma: hochzufrieden, superlecker, zartbitter
        if any(word.endswith(u) and len(word) - len(u) >= 2 for u in _ADJ_UNINFLECTED_LONG):
            return None
    # an umlauted uninflected comparative (größer, länger) is no -er ending
    if end == "er" and stem != stem.translate(_UMLAUT) and not _is_adj_lemma(stem) \
            and _positive_lemma(stem.translate(_UMLAUT)) in _ADJ_UMLAUT:
        return None
    # an uninflected past participle ending in -en (verboten, geschrieben)
    if end == "en" and _verb_part(word):
        return None
    got = _stem_lemma(stem)
    if got is None and word in _treebank().adj_form_lemma:
        tl = _treebank().adj_form_lemma[word]
        return stem, end, tl, None
    if got is None:
        return stem, end, None, None
    return stem, end, got[0], got[1]


def _adj_cells(end: str) -> list[Analysis]:
    out = []
    for table, decl in ((_STRONG_END, _STRONG), (_WEAK_END, _WEAK)):
        for c in _cells(table.get(end, "")):
            out.append(_cell_an(c, AdjDecl=decl))
    return out


#: the one analysis of an adjective that never inflects: known, with no feature to agree in
_UNINFLECTED: tuple[Analysis, ...] = ((),)
#: decades: der 1960er Jahre, in den 80er Jahren
_DECADE_RE = re.compile(r"\d+er")


def _adj_analyses(form: str, lemma: str | None) -> tuple[Analysis, ...] | None:
    low = form.lower()
    # adjectives that never inflect agree with any noun: "während der 1960er Jahre" must not
    # make "Jahre" singular through the tagger's guess for "1960er"
    if low in _ADJ_INDECL or _DECADE_RE.fullmatch(low) \
            or (low.endswith("er") and _NUM_RE.fullmatch(low[:-2])):  # zwanziger
        return _UNINFLECTED
    # a capitalised -er form whose stem is no known adjective: Berliner, Kölner, New Yorker
    if form[:1].isupper() and low.endswith("er") and _stem_lemma(low[:-2]) is None \
            and not low[:-2].endswith(_ADJ_SUFFIXES):
        return _UNINFLECTED
    if lemma and lemma[:1].isupper() and low.endswith("er"):
        return _UNINFLECTED  # Odessaer (lemma Odessa), Essener
    info = _adj_info(low, lemma)
    if info is None:
        return None
    _stem, end, _lem, degree = info
    if end == "er" and degree == "Pos":
        degree = None  # schneller: strong positive, or the uninflected comparative
    return _finish(_with(a, Degree=degree) for a in _adj_cells(end))


def _adj_stem(lemma: str, degree: str) -> str:
    low = lemma.lower()
    if degree in ("Cmp", "Sup") and low in _ADJ_IRREGULAR:
        return _ADJ_IRREGULAR[low][0 if degree == "Cmp" else 1]
    if low.endswith("e"):
        base = low[:-1]
    elif low.endswith("el") and len(low) > 3:
        base = low[:-2] + "l"
    elif low.endswith(("auer", "euer")):
        base = low[:-2] + "r"
    elif low == "hoch":
        base = "hoh"
    else:
        base = low
    if degree == "Pos":
        return base
    if low in _ADJ_UMLAUT:
        for i in range(len(low) - 1, -1, -1):
            if low[i] in _ADD_UMLAUT:
                low = low[:i] + _ADD_UMLAUT[low[i]] + low[i + 1:]
                break
    if degree == "Cmp":
        if low.endswith("e"):
            return low + "r"
        return (base if low.endswith(("el", "auer", "euer")) else low) + "er"
    if low.endswith("e"):
        return low + "st"
    if (low.endswith(("d", "t", "s", "ß", "z", "x", "sch", "au", "eu", "ei", "ie", "u"))
            and not low.endswith(("isch", "end"))):
        return low + "est"
    return low + "st"


def _adj_inflect(lemma: str, feats: Mapping[str, str]) -> list[str]:
    degree = feats.get("Degree", "Pos")
    if degree not in ("Pos", "Cmp", "Sup"):
        degree = "Pos"
    stem = _adj_stem(lemma, degree)
    if degree == "Cmp" and stem in ("mehr", "weniger"):
        return [stem]
    if "Case" not in feats:
        return [stem if degree != "Pos" else lemma.lower()]
    case, num, gen = feats.get("Case"), feats.get("Number", "Sing"), feats.get("Gender")
    decls = [feats["AdjDecl"]] if feats.get("AdjDecl") in (_STRONG, _WEAK) else [_STRONG, _WEAK]
    out: list[str] = []
    for decl in decls:
        table = _STRONG_END if decl == _STRONG else _WEAK_END
        for end, spec in table.items():
            for c in _cells(spec):
                if c[0] == case and c[1] == num and (num == "Plur" or gen is None or c[2] == gen):
                    f = stem + end
                    if f not in out:
                        out.append(f)
    return out


# -- nouns -------------------------------------------------------------------------------------

_FORBIDDEN_POS = frozenset({"Buchstabe", "Abkürzung", "Vorname", "Nachname", "Familienname",
                            "Eigenname", "Straßenname", "Toponym", "Wortverbindung", "Symbol"})
_DECL = {"stark": _STRONG, "schwach": _WEAK}


def _records(word: str) -> list[dict[str, Any]]:
    """german-nouns records holding ``word`` (without filling the package's index with misses)."""
    nouns = _german_nouns()
    if nouns is None or not word or word.lower() not in nouns.index:
        return []
    return _gn_records(word)


def listed_acronym(form: str) -> bool:
    """Whether german-nouns lists ``form`` as written, as a lemma in capitals (WG, EU, TÜV), not
    only as a word it spells (PITA: the bread Pita)."""
    return any(str(r.get("lemma", "")) == form for r in _records(form))


def _rec_genders(rec: Mapping[str, Any]) -> dict[str, str]:
    """'' (every cell) or the variant number -> gender of a german-nouns record."""
    out: dict[str, str] = {}
    g = _GN_GENDER.get(str(rec.get("genus") or "").strip()[:1])
    if g:
        out[""] = g
    for i in range(1, 5):
        gi = _GN_GENDER.get(str(rec.get(f"genus {i}") or "").strip()[:1])
        if gi:
            out[str(i)] = gi
    return out


def _rec_cells(rec: Mapping[str, Any]) -> list[tuple[str, Analysis, int]]:
    """(form, analysis, rank) of every cell of a record; rank 0 = the standard form."""
    genders = _rec_genders(rec)
    out: list[tuple[str, Analysis, int]] = []
    for key, form in (rec.get("flexion") or {}).items():
        if not form or " " in form:
            continue
        star = "*" in key
        words = key.replace("*", "").split()
        if len(words) < 2:
            continue
        case, num = _GN_CASE.get(words[0]), _GN_NUM.get(words[1])
        if not case or not num:
            continue
        extra = words[2] if len(words) > 2 else ""
        decl: str | None = None
        if extra in ("stark", "schwach"):
            decl = _DECL[extra]
        elif extra == "gemischt":
            continue  # covered by the strong and weak cells (see AdjDecl)
        rank = (1 if star else 0) + (int(extra) - 1 if extra.isdigit() else 0)
        gens: list[str | None]
        if extra.isdigit() and extra in genders:
            # a variant's own gender ("Plug-in": das, and the variant der Plug-in)
            gens = [genders[extra]]
        elif "" in genders:
            gens = [genders[""]]
        else:
            gens = [*genders.values()] or [None]
        for g in gens:
            out.append((form, _an(Case=case, Number=num, Gender=g, AdjDecl=decl), rank))
    return out


def _noun_cells_for(form: str, recs: Iterable[Mapping[str, Any]], prefix: str = ""
                    ) -> list[Analysis]:
    target = form.lower()
    out = []
    for rec in recs:
        cells = _rec_cells(rec)
        for f, a, _rank in cells:
            if (prefix + _join_case(prefix, f)).lower() == target:
                out.append(a)
        out += _zero_plural(target, prefix, cells)
        out += _s_plural(target, prefix, cells)
        out += _dative_e(target, prefix, cells)
    return out


def _dative_e(target: str, prefix: str, cells: list[tuple[str, Analysis, int]]
              ) -> list[Analysis]:
    """The dative singular in -e of a masculine or neuter noun whose genitive singular takes
    -es ("im Verhältnisse", "mit dem Unterschiede"), which the lexicon lists for some nouns
    only ("im Jahre"): an older and elevated form the language still has, every such noun
    may take it. Not a noun whose genitive takes -s alone, though older prose gave it one
    ("vom Systeme"): "Probleme" must stay a plural in "weil einer Probleme hatte"."""
    out = []
    for f, a, _r in cells:
        d = dict(a)
        if d.get("Case") == "Gen" and d.get("Number") == "Sing" \
                and d.get("Gender") in ("Masc", "Neut") \
                and _join_case(prefix, f).lower().endswith("es") \
                and (prefix.lower() + _join_case(prefix, f).lower())[:-1] == target:
            out.append(_an(Case="Dat", Number="Sing", Gender=d["Gender"]))
    return out


def _listed_numbers(prefix: str, cells: list[tuple[str, Analysis, int]]
                    ) -> tuple[set[str], list[tuple[str | None, str]], set[str]]:
    """A record's nominative singular forms, its plural (case, form) cells in order and its
    genders, forms lower-cased as joined to ``prefix``."""
    sing = {_join_case(prefix, f).lower() for f, a, _r in cells
            if dict(a).get("Number") == "Sing" and dict(a).get("Case") == "Nom"}
    plurals = [(dict(a).get("Case"), _join_case(prefix, f).lower()) for f, a, _r in cells
               if dict(a).get("Number") == "Plur"]
    genders = {g for _f, a, _r in cells if (g := dict(a).get("Gender")) is not None}
    return sing, plurals, genders


def _zero_plural(target: str, prefix: str, cells: list[tuple[str, Analysis, int]]
                 ) -> list[Analysis]:
    """The plural readings of a masculine or neuter noun in -er, -el or -en whose lexicon
    plural is only an -s plural (a loanword: "Header", "Server", "Container"): such nouns take
    the native zero plural too ("die Header", "die Server"), except in the dative ("den
    Servern")."""
    sing, plurals, genders = _listed_numbers(prefix, cells)
    plur = dict(plurals)
    stem = target.removeprefix(prefix.lower())
    if (stem not in sing or not stem.endswith(("er", "el", "en")) or not genders
            or not genders <= {"Masc", "Neut"} or plur.get("Nom") != stem + "s"):
        return []
    return [_an(Case=c, Number="Plur", Gender=g) for g in sorted(genders)
            for c in ("Nom", "Acc", "Gen")]


def _s_plural(target: str, prefix: str, cells: list[tuple[str, Analysis, int]]
              ) -> list[Analysis]:
    """The plural readings of a masculine or neuter loanword in -a or -o whose lexicon plural
    is only a learned one (-ata, -i, -en: "Lemmata", "Celli", "Dramen"): such nouns take the
    -s plural too ("die Lemmas", "die Cellos", "die Traumas"), in every case, besides the
    genitive singular the lexicon gives the form."""
    if not target.endswith("s"):
        return []
    sing, plurals, genders = _listed_numbers(prefix, cells)
    plur = {form for _case, form in plurals}
    stem = target.removeprefix(prefix.lower())[:-1]
    if (stem not in sing or not stem.endswith(("a", "o")) or not genders
            or not genders <= {"Masc", "Neut"} or not plur
            or not all(p.endswith(("ata", "i", "en")) for p in plur)):
        return []
    return [_an(Case=c, Number="Plur", Gender=g) for g in sorted(genders)
            for c in ("Nom", "Acc", "Dat", "Gen")]


def _join_case(prefix: str, f: str) -> str:
    if not prefix or prefix.endswith("-"):
        return f
    return f[:1].lower() + f[1:]


def _usable(rec: Mapping[str, Any], compound: bool) -> bool:
    if len(rec.get("flexion") or ()) < 4:
        # no table, or a stub of one ("Paris": its nominative alone): a noun's cases are its
        # four cells of a number at least, and a stub would prove "in Paris" wrong
        return False
    if compound:
        pos = set(rec.get("pos") or ())
        return "Substantiv" in pos and not (pos & _FORBIDDEN_POS)
    return True


#: word endings that take a linking s in a compound (Wohnungsamt, Freiheitskampf, Lieblingsort)
_FUGEN_S = ("ung", "heit", "keit", "schaft", "ion", "tät", "ling", "tum")


@lru_cache(maxsize=20000)
def _compound_split(form: str) -> tuple[str, str] | None:
    """(prefix, suffix) where the suffix is the longest german-nouns word (>= 3 letters)."""
    nouns = _german_nouns()
    if nouns is None:
        return None
    for i in range(2, len(form) - 2):
        suffix = form[i:]
        if not suffix[:1].isalpha():
            continue
        cand = suffix[:1].upper() + suffix[1:]
        if cand.lower() not in nouns.index:
            continue
        every = _records(cand)
        recs = [r for r in every if _usable(r, True)]
        if _noun_cells_for(cand, recs):
            after = form[i + 1:].capitalize()
            if cand[:1] == "S" and form[:i].lower().endswith(_FUGEN_S) and len(after) >= 3 \
                    and _noun_cells_for(after, [r for r in _records(after) if _usable(r, True)]):
                return form[:i + 1], after  # a linking s: Wohnungs|amt, not Wohnung|samt
            return form[:i], cand
        if _only_names(every):
            return None  # Ostberlin: a name, not a compound of a shorter noun
    return None


def _only_names(recs: list[dict[str, Any]]) -> bool:
    """german-nouns knows the word, but only as a name without paradigm (Europa, Osteuropa)."""
    return bool(recs) and not any(r.get("flexion") for r in recs)


#: spellings before the reforms of 1901 and 1996 and what they became (Werth, Korporazion,
#: dressirt, seyn, muß); a form the lexicons lack is read as its reformed spelling when that
#: one is known
_OLD_SPELLINGS = ((re.compile("ß"), "ss"), (re.compile("th"), "t"), (re.compile("^Th"), "T"),
                  (re.compile("zion"), "tion"), (re.compile("ey"), "ei"),
                  (re.compile("(?<=[a-zäöü])ir(?=[etu])"), "ier"))


def reformed_spellings(form: str) -> list[str]:
    """The spellings ``form`` may have today, each old pattern replaced alone and all of them
    together ("Werth": "Wert"; "dressirte": "dressierte"); [] when it has none."""
    out: list[str] = []
    every = form
    for pattern, new in _OLD_SPELLINGS:
        alone = pattern.sub(new, form)
        if alone != form and alone not in out:
            out.append(alone)
        every = pattern.sub(new, every)
    if every != form and every not in out:
        out.append(every)
    return out


def _hyphen_dropped(form: str) -> list[str]:
    """The lexicon's hyphenated spellings of ``form`` written without the hyphen, with the
    letters of ``form`` ("Email": ["E-mail"]; the lexicon's look-ups ignore case); [] for a
    form with a hyphen of its own."""
    nouns = _german_nouns()
    if nouns is None or "-" in form or len(form) < 4:
        return []
    out = []
    for low in nouns.hyphenated(form.lower()):
        letters = iter(form)
        out.append("".join(ch if ch == "-" else next(letters) for ch in low))
    return out


def _noun_analyses(form: str) -> tuple[Analysis, ...] | None:
    if not any(ch.isalpha() for ch in form) or any(ch.isdigit() for ch in form):
        return None
    if any(ch.isupper() for ch in form[1:]) and not form.isupper() and "-" not in form:
        return None  # an acronym or foreign word ("MPs", "eBay"): no German paradigm
    reformed = [alt for alt in reformed_spellings(form) if _records(alt)]
    if not _records(form) and reformed:
        form, reformed = reformed[0], []
    else:
        # (a listed form's "ß" is today's spelling after a long vowel: "Straße" is no
        # "Strasse", the plural of "Strass")
        reformed = [alt for alt in reformed if alt.count("ß") == form.count("ß")]
    got = _noun_analyses_1(form)
    if reformed:
        # an old spelling the lexicon lists as a word of its own keeps its reformed word's
        # readings too ("der Werth": the lexicon's neuter "Werth" is an island, the old
        # spelling's word is "der Wert")
        cells = [*(got or ()), *(a for alt in reformed for a in _noun_analyses_1(alt) or ())]
        got = _finish(cells) if cells else None
    if got is None and "ß" in form:  # old spelling: Kompromiß, Ausschuß
        got = _noun_analyses_1(form.replace("ß", "ss"))
    if "ss" in form:
        # Swiss spelling (Strasse: Straße, besides the plural of Strass): every reading of each
        # "ss" read as "ß"
        cells = list(got or ())
        at = form.find("ss")
        while at >= 0:
            cells += _noun_analyses_1(form[:at] + "ß" + form[at + 2:]) or ()
            at = form.find("ss", at + 1)
        got = _finish(cells) if cells else None
    if got is not None and (joined := _hyphen_dropped(form)):
        # a word written without the hyphen the lexicon gives it ("Email": E-Mail, besides the
        # enamel; "Plugin": Plug-in) has that word's readings too; one the lexicon lacks as
        # written stays unknown ("Login": the lexicon's "Log-in" is masculine only, where "das
        # Login" is as standard)
        got = _finish([*got, *(a for w in joined for a in _noun_analyses_1(w) or ())])
    if got is None and form[:1].islower():
        got = _closed_analyses(form, "PRON")  # a pronoun or quantifier tagged NOUN: die anderen
    return got


#: units of measure whose singular form counts as plural after a numeral (zwanzig Prozent,
#: drei Glas Bier, um sechs Uhr)
_MEASURE_NOUNS = frozenset(
    "prozent promille grad stück mal glas kilo kilogramm gramm milligramm pfund zentner tonne "
    "meter kilometer zentimeter millimeter quadratmeter kubikmeter liter milliliter hektar fuß "
    "zoll paar dutzend sack fass kasten karton blatt bogen dollar euro cent franken yen "
    "pfennig watt kilowatt volt ampere byte bit megabyte gigabyte terabyte hertz uhr schuss "
    "becher teller löffel bund forint rial złoty zloty real leu lew rubel rupie peso won yuan "
    "kuna lira dinar dirham rand baht ringgit".split())


def _measure(word: str, cells: list[Analysis]) -> list[Analysis]:
    """The plural readings of a unit of measure's singular form."""
    if word.lower() not in _MEASURE_NOUNS:
        return []
    gens = {dict(a).get("Gender") for a in cells if dict(a).get("Case") == "Nom"
            and dict(a).get("Number") == "Sing"}
    return [_an(Case=c, Number="Plur", Gender=g) for g in gens for c in _VALUE_ORDER["Case"]]


#: endings of a present participle, which nominalized declines like an adjective (Folgendes)
_PRESENT_PARTICIPLE = ("ende", "endes", "ender", "endem", "enden")


def _noun_analyses_1(form: str) -> tuple[Analysis, ...] | None:
    # read as a compound of a shorter noun (Erlernte: Erle + Ernte?) or as a guessed infinitive
    # (Gelesenen): a nominalized adjective or participle may be the word instead
    guessed = False
    every = _records(form)
    cells = _noun_cells_for(form, [r for r in every if _usable(r, False)])
    cells += _measure(form, cells)
    listed = bool(cells)
    if cells:
        cells += _head_genders(form, cells)
    if not cells and (_only_names(every) or form.endswith("s") and _only_names(_records(form[:-1]))):
        return None  # a place or person name (Osteuropa, Osteuropas)
    if cells and any("Vorname" in (r.get("pos") or ()) for r in every) \
            and not any(r.get("lemma") == form for r in every if _usable(r, False)):
        return None  # a first name that is also another noun's form ("Maria": plural of "Mare")
    by_suffix = weak_split = False
    if not cells and form[:1].isupper():
        cells = _suffix_cells(form.lower())
        by_suffix = bool(cells)
    if not cells:
        # a nominalized infinitive german-nouns lacks (beim Servieren, des Servierens)
        infinitive: list[Analysis] = []
        low = form.lower()
        if form[:1].isupper():
            if low.endswith(("en", "ern", "eln")) and _is_infinitive(low):
                infinitive = [_an(Case=c, Number="Sing", Gender="Neut") for c in ("Nom", "Acc", "Dat")]
            elif low.endswith(("ens", "erns", "elns")) and _is_infinitive(low[:-1]):
                infinitive = [_an(Case="Gen", Number="Sing", Gender="Neut")]
        split = _compound_split(form)
        # a compound (Quatschbüchern, Nuklearindustrien) when its first part is a word (Cebit
        # is no Ce + Bit), else the infinitive of a known verb (Servieren is no Ser + Vieren)
        plausible = split is not None and _plausible_prefix(split[0])
        known_verb = bool(verb_lemmas(low.removesuffix("s")))
        # a long last part makes a compound likely even when the first part is no word the
        # lexicons know (Nuklear|industrien), unless the word is a known verb's infinitive
        likely = split is not None and (plausible or (bool(infinitive) and not known_verb
                                                      and len(split[1]) >= 5))
        if split is not None and likely:
            prefix, suffix = split
            # a first part of two or three letters (Pi|kante, Re|alen) is seldom a word of
            # a compound: the word may be an adjective used as a noun instead (das Pikante)
            weak_split = len(prefix) < 4
            recs = [r for r in _records(suffix) if _usable(r, True)]
            found = _noun_cells_for(suffix, recs)
            # (a short last part is a weak split: Musizieren is no Musizi + Eren)
            cells = found + _measure(suffix, found) \
                + ([] if plausible and len(suffix) >= 5 else infinitive)
            guessed = True
            if form[:1].isupper() \
                    and suffix.lower() in verb_lemmas(suffix.lower(), {"VerbForm": "Inf"}):
                # a compound of a nominalized infinitive (das Rätselraten: raten, not Raten)
                cells += [_an(Case=c, Number="Sing", Gender="Neut") for c in ("Nom", "Acc", "Dat")]
        elif known_verb:
            cells = infinitive
        # else: the verb guesser takes any word in -en for an infinitive, and a misspelled
        # plural ("der Kursgebüren") must not become a neuter singular that proves a gender
    info = _adj_info(form.lower(), None) if form[:1].isalpha() else None
    # an adjective whose stem carries an adjective suffix is one whatever noun german-nouns
    # also has of the form ("das Objektive" beside the plural of "das Objektiv"): every
    # adjective may be used as a noun
    # (not an unlisted word in -en, which may be a verb's nominalized infinitive)
    sure = info is not None and form[:1].isupper() and (listed or info[1] != "en") \
        and len(info[0]) > 4 and info[0].endswith(_ONLY_ADJ_SUFFIXES)
    # a noun german-nouns declines as an adjective ("der Geliebte") takes every gender as one
    # does ("das Geliebte"); a word it lacks whose gender only its ending guessed may be any
    # adjective used as a noun ("das Pikante", "des Realen"), as may one split into a
    # compound only by a first part of a few letters
    # (these in the gender their ending shows: "die Angestellter" stays wrong)
    adj_declined = any("adjektivische Deklination" in (r.get("pos") or ()) for r in every)
    extra = info is not None and form[:1].isupper() and (
        adj_declined or ((by_suffix or weak_split) and not info[0].endswith(_NOUN_ONLY_SUFFIXES)))
    old = info is not None and (info[2] is not None or _verb_part(info[0]) or sure) and (
        (form[:1].isupper() and (not cells or form.lower().endswith(_PRESENT_PARTICIPLE)
                                 or guessed or sure)) or (form[:1].islower() and bool(cells)))
    if old and info is not None:
        # a nominalized adjective or participle german-nouns lacks (die Reisenden), or lists
        # with one cell only ("Folgendes": not only a genitive); a noun written small may be
        # an adjective's form in an old idiom ("im argen liegen": not the river Argen)
        # an adjective, or a participle (das Gelesene, des Gelesenen)
        for a in _adj_cells(info[1]):
            d = dict(a)
            if d["Number"] == "Plur":
                cells.append(a)
            else:
                cells.extend(_with(a, Gender=g) for g in ("Masc", "Fem", "Neut"))
    elif extra and info is not None:
        cells.extend(_adj_cells(info[1]))
    elif listed and info is not None and info[2] is not None and form[:1].isupper():
        # any adjective names a thing as a neuter noun ("das Gemeine", "des Paradoxen") beside
        # a noun german-nouns lists of the same form (die Gemeine: the parish)
        cells.extend(a for a in _adj_cells(info[1]) if dict(a).get("Gender") == "Neut")
    return _finish(cells) if cells else None


#: endings of noun stems that no adjective has ("Belobigungen" is no adjective in -en)
_NOUN_ONLY_SUFFIXES = ("ung", "heit", "keit", "schaft", "ion", "tät", "ismus", "ling", "nis",
                       "tum", "ment", "eur")


def _head_genders(form: str, cells: list[Analysis]) -> list[Analysis]:
    """A listed compound also takes each gender its last part has ("der/das Virus": "der/das
    Coronavirus"; "das System": "das Hochschulsystem", which german-nouns lists as masculine
    only): a compound's gender is its head's, and where the lexicon's entries disagree, both
    are in use."""
    split = _compound_split(form)
    if split is None or not _plausible_prefix(split[0]):
        return []
    suffix = split[1]
    head = _noun_cells_for(suffix, [r for r in _records(suffix) if _usable(r, True)])
    genders = {dict(a).get("Gender") for a in head} - {None}
    have = {(dict(a).get("Case"), dict(a).get("Number"), dict(a).get("Gender")) for a in cells}
    out = []
    for a in cells:
        d = dict(a)
        if d.get("Number") != "Sing":
            continue
        for g in genders:
            if (d.get("Case"), "Sing", g) not in have:
                have.add((d.get("Case"), "Sing", g))
                out.append(_with(a, Gender=g))
    return out


#: inseparable verb prefixes: a word beginning with one is a verb's derivative, never a compound
#: with the prefix as its first part
_VERB_PREFIXES = frozenset({"be", "ver", "er", "zer", "ent", "emp", "ge", "miss"})
#: prepositions and particles that begin noun compounds (Überkomponente, Unterordner,
#: Nebenwirkung, Hauptfenster)
_NOUN_PREFIXES = frozenset({"über", "unter", "neben", "gegen", "zwischen", "hinter", "vor",
                            "nach", "haupt", "ober", "mit", "innen", "außen", "sonder"})


#: feminine noun suffixes, whose number the ending shows (-ung: die Belobigung, die
#: Belobigungen): (singular ending, plural ending)
_FEMININE_SUFFIXES = (("ung", "ungen"), ("heit", "heiten"), ("keit", "keiten"),
                      ("schaft", "schaften"), ("tion", "tionen"), ("sion", "sionen"),
                      ("tät", "täten"))


def _suffix_cells(low: str) -> list[Analysis]:
    """The readings of a noun german-nouns lacks whose derivational suffix fixes them; not
    when a known noun longer than the suffix ends the word, for a compound takes its last
    noun's gender ("Wiederaufschwung": der Aufschwung, whose "-ung" is no suffix). A last part
    that is the suffix and a noun as well (der Schaft) gives both readings: "Grabschaft" may
    be either."""
    for sing, plur in _FEMININE_SUFFIXES:
        for end, number in ((plur, "Plur"), (sing, "Sing")):
            if low.endswith(end) and len(low) > len(end) + 2:
                split = _compound_split(low.capitalize())
                if split is not None and len(split[1]) > len(end) + 1:
                    return []
                cells = [_an(Case=c, Number=number, Gender="Fem") for c in _VALUE_ORDER["Case"]]
                if split is not None and split[1].lower() == end:
                    cells += _noun_cells_for(split[1], [r for r in _records(split[1])
                                                        if _usable(r, True)])
                return cells
    return []


def _plausible_prefix(prefix: str) -> bool:
    """Whether a compound's first part is a word: a noun (minus a linking s/es/n/en/e/er),
    an adjective or a verb stem."""
    p = prefix.rstrip("-").lower()
    if len(p) < 2:
        return bool(p)
    if p in _VERB_PREFIXES:
        return False  # Verhaften is ver + haften, no compound of "Haften"
    if p in _NOUN_PREFIXES:
        return True
    nouns = _german_nouns()
    cands = {p, p + "e"}
    for link in ("s", "es", "n", "en", "e", "er", "ns"):
        if p.endswith(link) and len(p) - len(link) >= 3:
            cands.add(p[:-len(link)])
    index = _verb_index()
    for c in cands:
        if (nouns is not None and c in nouns.index) or _is_adj_lemma(c):
            return True
    return p + "en" in index or p + "n" in index


def guessed_infinitive(form: str) -> bool:
    """A capitalized word german-nouns lacks that is read only as a known verb's nominalized
    infinitive ("Wagen": the lexicon lacks the masculine noun, and "wagen" is a verb). The
    reading is a guess: the word may be a noun the lexicon does not list, of any gender."""
    low = form.lower()
    if not (form[:1].isupper() and low.endswith("n") and not _records(form)
            and _is_infinitive(low)):
        return False
    cells = _noun_analyses(form) or ()
    return all(dict(a).get("Gender") == "Neut" and dict(a).get("Number") == "Sing"
               for a in cells)


def _is_infinitive(low: str) -> bool:
    got = _verb_analyses(low, None)
    return got is not None and _an(VerbForm="Inf") in got


def _noun_inflect(lemma: str, feats: Mapping[str, str]) -> list[str]:
    recs = [r for r in _records(lemma) if _usable(r, False)]
    exact = [r for r in recs if str(r.get("lemma", "")).lower() == lemma.lower()]
    prefix = ""
    if not exact:
        split = _compound_split(lemma)
        if split is None:
            return []
        prefix, suffix = split
        exact = [r for r in _records(suffix) if _usable(r, True)
                 and str(r.get("lemma", "")).lower() == suffix.lower()]
    want = {k: v for k, v in feats.items() if k in ("Case", "Number", "AdjDecl")}
    scored: list[tuple[int, int, str]] = []
    for ri, rec in enumerate(exact):
        for f, a, rank in _rec_cells(rec):
            d = dict(a)
            if all(d.get(k) == v for k, v in want.items() if k != "AdjDecl" or k in d):
                gen_miss = 0 if "Gender" not in feats or d.get("Gender") == feats["Gender"] else 1
                scored.append((gen_miss * 100 + rank, ri, prefix + _join_case(prefix, f)))
    out: list[str] = []
    for _s, _ri, f in sorted(scored, key=lambda x: (x[0], x[1])):
        if f not in out:
            out.append(f)
    return out


# -- verbs -------------------------------------------------------------------------------------

#: common German verbs: modals, auxiliaries, the strong and irregular verbs, frequent weak ones
_COMMON_VERBS = (
    "sein haben werden können müssen dürfen sollen wollen mögen wissen tun lassen "
    "backen befehlen beginnen beißen bergen bersten betrügen bewegen biegen bieten binden bitten "
    "blasen bleiben braten brechen brennen bringen denken dreschen dringen empfehlen erlöschen "
    "erschrecken essen fahren fallen fangen fechten finden flechten fliegen fliehen fließen "
    "fressen frieren gären gebären geben gedeihen gehen gelingen gelten genesen genießen geraten "
    "geschehen gewinnen gießen gleichen gleiten glimmen graben greifen halten hängen hauen heben "
    "heißen helfen kennen klingen kneifen kommen kriechen laden laufen leiden leihen lesen liegen "
    "lügen mahlen meiden melken messen misslingen nehmen nennen pfeifen preisen quellen raten "
    "reiben reißen reiten rennen riechen ringen rinnen rufen salzen saufen saugen schaffen "
    "scheiden scheinen schelten scheren schieben schießen schinden schlafen schlagen schleichen "
    "schleifen schließen schlingen schmeißen schmelzen schneiden schreiben schreien schreiten "
    "schweigen schwellen schwimmen schwinden schwingen schwören sehen senden sieden singen sinken "
    "sinnen sitzen spalten speien spinnen sprechen sprießen springen stechen stecken stehen "
    "stehlen steigen sterben stinken stoßen streichen streiten tragen treffen treiben treten "
    "trinken trügen verderben verdrießen vergessen verlieren verzeihen wachsen waschen weben "
    "weichen weisen wenden werben werfen wiegen winden wringen ziehen zwingen "
    "bekommen verstehen entstehen bestehen gefallen erhalten enthalten verhalten behalten "
    "verlassen vertreten beschreiben entscheiden unterscheiden erscheinen empfangen anfangen "
    "aufstehen ankommen annehmen aussehen einladen stattfinden teilnehmen vorschlagen "
    "zurückkommen abfahren ausgehen mitnehmen fernsehen kennenlernen umziehen übernehmen "
    "unternehmen verbieten verbringen vergleichen verschwinden versprechen widersprechen "
    "zerbrechen beweisen betragen ertragen beitragen übertragen erfahren befinden empfinden "
    "erfinden beraten verraten beschließen abschließen ausschließen bewerben erwerben "
    "aufnehmen abnehmen zunehmen vornehmen festnehmen einsetzen durchführen darstellen "
    "vorstellen feststellen herstellen aufhören anrufen einkaufen zumachen aufmachen "
    "mitkommen weitergehen zurückgehen hinweisen nachdenken ausgeben angeben zugeben aufgeben "
    "abgeben eingehen vorgehen hervorgehen entgehen begehen vergehen umgehen ergeben vergeben "
    "bekanntgeben betreffen übertreffen zutreffen eintreten auftreten vertreiben beschreiben "
    "unterschreiben vorschreiben anbieten verlieren gewinnen ausziehen anziehen beziehen "
    "erziehen vorziehen entziehen überziehen einziehen zuziehen abziehen hinziehen "
    "machen sagen spielen arbeiten leben brauchen glauben zeigen stellen fragen hören lernen "
    "kaufen wohnen lieben suchen warten kosten zahlen bezahlen erzählen erklären besuchen "
    "benutzen öffnen reden reisen tanzen kochen feiern ändern wandern sammeln handeln entwickeln "
    "erreichen versuchen bauen führen legen setzen folgen gehören stimmen danken hoffen meinen "
    "fühlen schicken stören studieren telefonieren informieren passieren funktionieren "
    "interessieren diskutieren produzieren organisieren existieren präsentieren bedeuten "
    "berichten erwarten verkaufen vermuten verwenden wählen zählen teilen richten lachen weinen "
    "dauern regnen antworten baden drehen drucken drücken erinnern fehlen füllen gründen "
    "heiraten holen kämpfen klagen kümmern lächeln landen lohnen malen merken nutzen nützen "
    "packen parken planen prüfen putzen rauchen rechnen reichen retten schauen schenken "
    "schützen sorgen sparen starten träumen üben wecken wechseln wirken wünschen zeichnen "
    "bleiben entdecken erleben gestalten bilden bieten kennen leisten fordern fördern "
    "verbessern verändern verbinden betreiben erkennen ermöglichen erfüllen ersetzen besitzen "
    "gelten liefern nennen öffnen eröffnen schließen sterben töten verletzen verursachen "
    "zerstören bestätigen beantworten behaupten beobachten bestimmen betrachten bewerten "
    "beziehen empfehlen entsprechen erhöhen erklären ernennen erwähnen gewähren lösen melden "
    "planen reagieren schaffen steigen sinken treffen übersetzen unterstützen verdienen "
    "vereinbaren verfolgen vergrößern verhindern verlangen vermeiden veröffentlichen "
    "versprechen vertrauen verzichten vorbereiten wiederholen wissen zwingen möchten"
).split()

_SEP_PREFIXES = ("zurück", "zusammen", "vorbei", "voran", "voraus", "weiter", "wieder", "heraus",
                 "herein", "herum", "hinaus", "hinein", "hinzu", "empor", "entgegen", "fort",
                 "statt", "teil", "fest", "frei", "kennen", "nach", "hinter", "durch", "unter",
                 "über", "um", "auf", "aus", "ein", "mit", "vor", "weg", "zu", "ab", "an", "bei",
                 "dar", "her", "hin", "los", "da")
_INSEP_PREFIXES = ("miss", "ver", "zer", "ent", "emp", "be", "er", "ge")
_PREFIXES = tuple(sorted(set(_SEP_PREFIXES + _INSEP_PREFIXES), key=lambda p: (-len(p), p)))

VerbEntry = tuple[str, Analysis]


def _fin(person: str, number: str, mood: str, tense: str | None) -> Analysis:
    return _an(VerbForm="Fin", Mood=mood, Tense=tense, Person=person, Number=number)


_PN = (("1", "Sing"), ("2", "Sing"), ("3", "Sing"), ("1", "Plur"), ("2", "Plur"), ("3", "Plur"))


def _clean_lemma(lemma: str) -> str:
    return re.sub(r"[|#+~_]", "", lemma).strip().lower()


def _rows(mood: str, tense: str | None, forms: str) -> tuple[VerbEntry, ...]:
    return tuple((f, _fin(p, n, mood, tense)) for (p, n), f in zip(_PN, forms.split(), strict=True))


_PART = _an(VerbForm="Part", Tense="Past")
#: forms ablaut lacks, appended after its own (so never first in inflect)
_VERB_EXTRA: dict[str, tuple[VerbEntry, ...]] = {
    "werden": (("worden", _PART),),  # the passive participle
    "sehen": (("siehe", _fin("2", "Sing", "Imp", None)),),
    "schaffen": _rows("Ind", "Past", "schuf schufst schuf schufen schuft schufen")
    + _rows("Sub", "Past", "schüfe schüfest schüfe schüfen schüfet schüfen") + (("geschaffen", _PART),),
    "bewegen": _rows("Ind", "Past", "bewog bewogst bewog bewogen bewogt bewogen")
    + (("bewogen", _PART),),
    "hängen": _rows("Ind", "Past", "hängte hängtest hängte hängten hängtet hängten")
    + (("gehängt", _PART),),
    "senden": (("gesendet", _PART),) + _rows("Ind", "Past",
                                              "sendete sendetest sendete sendeten sendetet sendeten"),
    "wenden": (("gewendet", _PART),) + _rows("Ind", "Past",
                                              "wendete wendetest wendete wendeten wendetet wendeten"),
    "erschrecken": _rows("Ind", "Past", "erschrak erschrakst erschrak erschraken erschrakt erschraken")
    + (("erschrocken", _PART),),
    "wiegen": _rows("Ind", "Past", "wog wogst wog wogen wogt wogen") + (("gewogen", _PART),),
    "schleifen": _rows("Ind", "Past", "schliff schliffst schliff schliffen schlifft schliffen")
    + (("geschliffen", _PART),),
}
#: verbs ablaut conjugates wrongly: möchten (the present of "mögen" as a verb of its own)
_VERB_OVERRIDE: dict[str, tuple[VerbEntry, ...]] = {
    "möchten": _rows("Ind", "Pres", "möchte möchtest möchte möchten möchtet möchten")
    + _rows("Sub", "Past", "möchte möchtest möchte möchten möchtet möchten")
    + (("möchten", _an(VerbForm="Inf")),),
}


#: verb prefixes that are separable in some verbs and not in others (umfahren, unterschreiben)
_DUAL_PREFIXES = ("unter", "über", "durch", "um", "hinter", "wider", "wieder", "voll")


@lru_cache(maxsize=8192)
def _verb_paradigm(lemma: str) -> tuple[VerbEntry, ...]:
    """Every (form, analysis) of a verb, standard forms first; () when ablaut cannot conjugate."""
    lem = _clean_lemma(lemma)
    if not lem or not lem.isalpha():
        return ()
    if lem in _VERB_OVERRIDE:
        return _VERB_OVERRIDE[lem]
    try:
        import ablaut

        conj = ablaut.conjugate(lem)
    except Exception:  # ValueError for a non-infinitive; anything else: unknown
        return ()
    out: list[VerbEntry] = []

    def add(form: str | None, a: Analysis) -> None:
        if not form:
            return
        parts = form.split()
        if len(parts) > 1:  # separable: "komme an" -> komme (main clause), ankomme (joined)
            verb, particle = parts[0], "".join(parts[1:])
            forms = [verb, particle + verb] if "Imp" not in dict(a).values() else [verb]
        else:
            forms = parts
        for f in forms:
            if (f, a) not in out:
                out.append((f, a))

    for forms, mood, tense in ((conj.present, "Ind", "Pres"), (conj.preterite, "Ind", "Past"),
                               (conj.konjunktiv1, "Sub", "Pres"),
                               (conj.konjunktiv2, "Sub", "Past")):
        for (person, number), f in zip(_PN, forms or (), strict=False):
            add(f, _fin(person, number, mood, tense))
    imp = list(conj.imperative or ())
    first = (conj.present or [None])[0]
    if imp and imp[0]:
        sg = imp[0]
        # "komm"/"komme": both standard; the -e form goes first (hab -> habe)
        if first and first.split()[0] == sg.split()[0] + "e":
            add(first, _fin("2", "Sing", "Imp", None))
        add(sg, _fin("2", "Sing", "Imp", None))
    if len(imp) > 1 and imp[1]:
        add(imp[1], _fin("2", "Plur", "Imp", None))
    add(conj.infinitive or lem, _an(VerbForm="Inf"))
    zu = conj.zu_infinitive
    if zu and " " not in zu:
        add(zu, _an(VerbForm="Inf"))
    add(conj.past_participle, _an(VerbForm="Part", Tense="Past"))
    pp = conj.past_participle or ""
    for pre in _DUAL_PREFIXES:
        if lem.startswith(pre) and pp.startswith(pre + "ge"):
            # a prefix both separable and not: ablaut conjugates "unterschreiben" as separable
            # (untergeschrieben), but "unterschrieben" is the verb's participle
            add(pre + pp[len(pre) + 2:], _an(VerbForm="Part", Tense="Past"))
    add(conj.present_participle, _an(VerbForm="Part", Tense="Pres"))
    for f, a in _VERB_EXTRA.get(lem, ()):
        add(f, a)
    for base in ("wenden", "senden"):
        # prefixed verbs have both participles too: verwendet/verwandt, versendet/versandt
        if lem.endswith(base) and lem != base and lem[: -len(base)].isalpha():
            pre = lem[: -len(base)]
            add(pre + base[:-2] + "et", _an(VerbForm="Part", Tense="Past"))
    return tuple(out)


@lru_cache(maxsize=8192)
def _verb_all(lemma: str) -> tuple[VerbEntry, ...]:
    """The paradigm and colloquial forms for analysis only (never offered by inflect): the
    e-apocope 1st singular "ich hab", "ich komm" (= the imperative without -e)."""
    para = _verb_paradigm(lemma)
    sg = [f for f, a in para if a == _fin("2", "Sing", "Imp", None)]
    first = [f for f, a in para if a == _fin("1", "Sing", "Ind", "Pres")]
    extra = tuple((f, _fin("1", "Sing", "Ind", "Pres")) for f in sg
                  if first and first[0] == f + "e")
    return para + extra


@lru_cache(maxsize=1)
def _verb_index() -> Mapping[str, dict[str, list[Analysis]]]:
    """form -> lemma -> analyses (``_build_verb_index``), from its store in the user cache dir,
    built there once per machine (``verb_store``): building it takes 0.4 s, reading one form a
    few microseconds."""
    from .verb_store import open_store

    return open_store(_build_verb_index, _LEXICON_TSV)


def _build_verb_index() -> dict[str, dict[str, list[Analysis]]]:
    """form -> lemma -> analyses, from the common verbs and the treebank lexicon's verbs."""
    index: dict[str, dict[str, list[Analysis]]] = {}

    def add_lemma(lemma: str) -> None:
        for f, a in _verb_all(lemma):
            lst = index.setdefault(f, {}).setdefault(lemma, [])
            if a not in lst:
                lst.append(a)

    for lemma in _COMMON_VERBS:
        add_lemma(lemma)
    for lemma in _treebank().verb_lemmas:
        lem = _clean_lemma(lemma)
        known = index.get(lem)
        # a tagger lemma that is a finite form of a known verb (wurden) is noise
        if known and not any(dict(a).get("VerbForm") == "Inf" for ans in known.values()
                             for a in ans):
            continue
        add_lemma(lem)
    # a separable verb's main-clause forms are its base verb's forms ("probiert" of "probiert
    # aus"): the base verb's other forms, its participle first (probiert, not geprobiert), are
    # as much the language's, listed or not
    lemmas = {lem for lems in index.values() for lem in lems}
    for lemma in sorted(lemmas):
        base = _particle_base(lemma)
        if base is not None and base not in lemmas:
            lemmas.add(base)
            add_lemma(base)
    return index


def _particle_base(lemma: str) -> str | None:
    """The base verb of a separable verb (ausprobieren -> probieren), None for other verbs."""
    first = [f for f, a in _verb_paradigm(lemma) if a == _fin("1", "Sing", "Ind", "Pres")]
    low = _clean_lemma(lemma)
    if len(first) < 2 or not first[1].endswith(first[0]) or first[1] == first[0]:
        return None  # no joined form ("komme an" -> komme, ankomme): not separable
    particle = first[1][: -len(first[0])]
    base = low[len(particle):] if low.startswith(particle) else ""
    return base if len(base) >= 4 and _verb_paradigm(base) else None


def _verb_part(word: str) -> bool:
    """Whether ``word`` is a past participle (for adjectives ending in -en)."""
    got = _verb_analyses(word, None)
    return got is not None and any(dict(a).get("VerbForm") == "Part" for a in got)


_GUESS_ENDINGS = ("test", "tet", "ten", "te", "est", "et", "st", "en", "e", "t", "n")


def _guess_verb(low: str) -> list[Analysis]:
    """Analyses of a form no known paradigm holds: a known verb behind a prefix (verschlief,
    angekommen, anzukommen), else a regular weak verb (googelt). Imperatives are never guessed."""
    index = _verb_index()
    out: list[Analysis] = []
    for p in _PREFIXES:
        if not low.startswith(p) or len(low) - len(p) < 3:
            continue
        rest = low[len(p):]
        rests = [rest]
        if rest.startswith("zu") and len(rest) > 4:
            rests.append(rest[2:])
        if rest.startswith("ge") and len(rest) > 4:
            rests.append(rest[2:])
        for r in rests:
            for lemma in index.get(r, {}):
                cand = p + lemma
                out.extend(a for f, a in _verb_paradigm(cand) if f == low)
        if not out:
            # prefix + finite form of the base verb (erschuf, ankam): the same person and number
            out.extend(a for ans in index.get(rest, {}).values() for a in ans
                       if dict(a).get("VerbForm") == "Fin" and dict(a).get("Mood") != "Imp")
        if out:
            return out
    if not low.isalpha() or len(low) < 3:
        return out
    for end in _GUESS_ENDINGS:
        if not low.endswith(end) or len(low) - len(end) < 2:
            continue
        stem = low[:len(low) - len(end)]
        for inf in (stem + "en", stem + "n"):
            if not inf.endswith(("en", "ern", "eln")):
                continue
            got = [a for f, a in _verb_paradigm(inf)
                   if f == low and dict(a).get("Mood") != "Imp"]
            if got:
                return got
    return out


@lru_cache(maxsize=50000)
def _verb_analyses(form: str, lemma: str | None) -> tuple[Analysis, ...] | None:
    low = form.lower()
    if not low or not low.replace("-", "").isalpha():
        return None
    spellings = [low, *reformed_spellings(low)]  # old: muß, läßt, seyn
    for guess in (False, True):
        for sp in (spellings if not guess else spellings[::-1]):
            got = _verb_analyses_1(sp, lemma, guess)
            if got is not None:
                return got
    return None


def _verb_analyses_1(low: str, lemma: str | None, guess: bool) -> tuple[Analysis, ...] | None:
    found: list[Analysis] = []
    if lemma:
        found.extend(a for f, a in _verb_all(lemma) if f == low)
    for ans in _verb_index().get(low, {}).values():
        found.extend(ans)
    if not found and guess:
        found = _guess_verb(low)
    return _finish(found) if found else None


def _verb_inflect(lemma: str, feats: Mapping[str, str]) -> list[str]:
    para = _verb_paradigm(lemma)
    if not para:
        index = _verb_index().get(_clean_lemma(lemma), {})
        for lem in sorted(index):
            if any(dict(a).get("VerbForm") == "Inf" for a in index[lem]):
                para = _verb_paradigm(lem)
                break
    return _select(para, feats)


# -- matching requests (inflect) -----------------------------------------------------------------

_STRICT = ("Case", "Number", "Person", "Mood", "Tense", "VerbForm")


def _matches(a: Analysis, feats: Mapping[str, str]) -> bool:
    d = dict(a)
    for k, v in feats.items():
        if k in d:
            if d[k] != v:
                return False
        elif k in _STRICT:
            return False
    return True


def _select(entries: Iterable[tuple[str, Analysis]], feats: Mapping[str, str]) -> list[str]:
    """Forms whose analysis matches ``feats``, in paradigm order; then forms matching all but
    ``AdjDecl`` (a determiner's AdjDecl is what it demands, not something to choose by)."""
    entries = list(entries)
    out: list[str] = []
    for want in (feats, {k: v for k, v in feats.items() if k != "AdjDecl"}):
        for f, a in entries:
            if _matches(a, want) and f not in out:
                out.append(f)
    return out


_PERSONAL_KEYS = ("pers:ich", "pers:du", "pers:er", "pers:sie", "pers:es", "pers:wir", "pers:ihr")


def _closed_inflect(lemma: str, upos: str, feats: Mapping[str, str]) -> list[str]:
    t = _closed()
    low = lemma.lower()
    polite = lemma == "Sie"
    if polite:
        feats = {**feats, "Number": "Plur"}
    clss = ("PRON", "DET") if upos == "PRON" else ("DET", "PRON")
    for cls in clss:
        keys: list[str] = []
        if cls == "PRON" and "pers:" + low in t.para["PRON"]:
            keys.append("pers:" + low)
        key = t.alias[cls].get(low)
        if key is None:
            for end in ("er", "es", "e", "en", "em"):
                if low.endswith(end) and low[:-len(end)] in t.alias[cls]:
                    key = t.alias[cls][low[:-len(end)]]
                    break
        if key is not None:
            keys.append(key)
        want = feats
        if keys and keys[0].startswith("pers:"):
            # another personal pronoun when the features leave the lemma's (er -> sie), in the
            # lemma's person
            keys.extend(k for k in _PERSONAL_KEYS if k not in keys)
            person = dict(t.para["PRON"][keys[0]][0][1]).get("Person")
            if person and "Person" not in feats:
                want = {**feats, "Person": person}
        if low in t.indeclinable and "Case" not in feats:
            return [low]
        for k in keys:
            if k in t.indeclinable:
                return [k]
            got = _select(t.para[cls].get(k, ()), want if k.startswith("pers:") else feats)
            if got:
                if polite or (lemma[:1].isupper() and low == "ihr" and cls == "DET"):
                    got = [g[:1].upper() + g[1:] for g in got]
                return got
    return []


# -- public API --------------------------------------------------------------------------------

@lru_cache(maxsize=100000)
def _analyses_cached(form: str, upos: str, lemma: str | None) -> tuple[Analysis, ...] | None:
    if not form or not upos:
        return None
    form = form.strip()
    if not form:
        return None
    upos = upos.upper()
    low = form.lower()
    if upos in ("DET", "PRON", "NUM"):
        return _closed_analyses(low.replace("’", "'"), upos)
    if upos == "ADJ":
        if _OLD_MEHRERE.fullmatch(low):
            # the comparative "mehr" does not decline: "mehre", "mehren" are older forms of
            # "mehrere" ("mehre Systeme"), not a comparative of "viel"
            form = "mehrer" + low[4:]
        return _adj_analyses(form, lemma)
    if upos == "NOUN":
        return _noun_analyses(form)
    if upos in ("VERB", "AUX"):
        return _verb_analyses(form, lemma)
    return None


_OLD_MEHRERE = re.compile("mehr(?:e|en|er|es|em)")


def analyses(form: str, upos: str, lemma: str | None = None) -> list[dict[str, str]] | None:
    """Every UD feature bundle ``form`` can carry as ``upos``; None when the form is unknown.

    ``lemma`` (the tagger's) helps with verbs (its paradigm is searched first) and adjectives
    (a form equal to its lemma is uninflected). See the module docstring for the conventions."""
    try:
        got = _analyses_cached(form, upos, lemma or None)
    except Exception:  # odd input must never cost the check
        return None
    return None if got is None else [dict(a) for a in got]


@lru_cache(maxsize=20000)
def _inflect_cached(lemma: str, upos: str, feats: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    f = dict(feats)
    upos = upos.upper()
    if upos in ("DET", "PRON", "NUM"):
        return tuple(_closed_inflect(lemma, upos, f))
    if upos == "ADJ":
        return tuple(_adj_inflect(lemma, f))
    if upos == "NOUN":
        return tuple(_noun_inflect(lemma, f))
    if upos in ("VERB", "AUX"):
        return tuple(_verb_inflect(lemma, f))
    return ()


def inflect(lemma: str, upos: str, feats: Mapping[str, str]) -> list[str]:
    """Forms of ``lemma`` (as ``upos``) carrying ``feats``, standard forms first; [] if unknown.

    Features the analyses lack are ignored where they cannot apply (Gender in the plural, AdjDecl
    for a pronoun, features the checker does not use); Case, Number, Person, Mood, Tense and
    VerbForm must match. Separable verbs give the bare finite verb (main clause) before the
    joined form (subordinate clause): ankommen, 1 Sg Pres -> ['komme', 'ankomme']."""
    try:
        if not lemma or not upos:
            return []
        key = tuple(sorted((str(k), str(v)) for k, v in feats.items()))
        return list(_inflect_cached(lemma, upos, key))
    except Exception:
        return []


def verb_lemmas(form: str, feats: Mapping[str, str] | None = None) -> list[str]:
    """Infinitives whose paradigm has ``form`` (with ``feats``, when given), most common first:
    the lemma a quick fix inflects ("gehört" 3rd singular: "gehören", not "hören")."""
    low = form.lower()
    out: list[str] = []
    index = _verb_index()
    if low not in index:
        low = next((alt for alt in reformed_spellings(low) if alt in index), low)
    for lemma, ans in sorted(index.get(low, {}).items(), key=lambda x: (len(x[0]), x[0])):
        if feats is None or any(_matches(a, feats) for a in ans):
            out.append(lemma)
    return out  # the base verb before its prefixed ones ("gehen" before "ausgehen")
