"""The OpenCorpora tag set (pymorphy3's Russian dictionary, and the Ukrainian one in the same
tags) mapped to UD: shared by the packs whose dictionaries use it (``ru``, ``uk``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..lexicon import Bundle, bundle_of

_OC_FEATS = {
    "nomn": ("Case", "Nom"), "gent": ("Case", "Gen"), "gen2": ("Case", "Gen"),
    "datv": ("Case", "Dat"), "accs": ("Case", "Acc"), "acc2": ("Case", "Acc"),
    "ablt": ("Case", "Ins"), "loct": ("Case", "Loc"), "loc2": ("Case", "Loc"),
    "voct": ("Case", "Voc"), "sing": ("Number", "Sing"), "plur": ("Number", "Plur"),
    "masc": ("Gender", "Masc"), "femn": ("Gender", "Fem"), "neut": ("Gender", "Neut"),
    "1per": ("Person", "1"), "2per": ("Person", "2"), "3per": ("Person", "3"),
    "past": ("Tense", "Past"), "pres": ("Tense", "Pres"), "futr": ("Tense", "Fut"),
    "indc": ("Mood", "Ind"), "impr": ("Mood", "Imp"),
    "anim": ("Animacy", "Anim"), "inan": ("Animacy", "Inan"),
    "COMP": ("Degree", "Cmp"), "actv": ("Voice", "Act"), "pssv": ("Voice", "Pass"),
}
_OC_POS = {"NOUN": "NOUN", "ADJF": "ADJ", "ADJS": "ADJ", "COMP": "ADJ", "VERB": "VERB",
           "INFN": "VERB", "PRTF": "VERB", "PRTS": "VERB", "GRND": "VERB", "NPRO": "PRON",
           "NUMR": "NUM"}
_OC_VERBFORM = {"VERB": "Fin", "INFN": "Inf", "PRTF": "Part", "PRTS": "Part", "GRND": "Conv"}


def analyzer(lang: str) -> Any:
    """pymorphy3's analyzer of ``lang`` (None when pymorphy3 or its dictionaries are missing).

    pymorphy3 0.x initialises one tag class shared by every dictionary it loads with that
    dictionary's grammemes, so the Russian analyzer's tags stopped knowing "ADJS" once the
    Ukrainian one was loaded in the same process (no Russian fix after a Ukrainian file). Each
    dictionary here gets a tag class of its own."""
    try:
        import pymorphy3
        from pymorphy3 import tagset
        from pymorphy3.opencorpora_dict import storage
    except ImportError:
        return None
    if not getattr(storage, "_lambre_own_tags", False):
        shared = storage._load_tag_class

        def own_class(gramtab_format: str, grammemes_filename: str) -> Any:
            base = tagset.registry.get(gramtab_format)
            if base is None:
                return shared(gramtab_format, grammemes_filename)
            registry = dict(tagset.registry)
            try:
                tagset.registry[gramtab_format] = type(base.__name__, (base,), {})
                return shared(gramtab_format, grammemes_filename)
            finally:
                tagset.registry.clear()
                tagset.registry.update(registry)

        storage._load_tag_class = own_class
        storage._lambre_own_tags = True
    try:
        return pymorphy3.MorphAnalyzer(lang=lang)
    except Exception:  # dictionaries missing
        return None


def oc_to_ud(tag: Any) -> tuple[str | None, Bundle]:
    """An OpenCorpora tag (pymorphy3) as (UPOS, UD bundle)."""
    grams = set(tag.grammemes)
    pos = tag.POS
    upos = _OC_POS.get(pos) if pos else None
    feats: dict[str, str] = {}
    for g in grams:
        if g in _OC_FEATS:
            k, v = _OC_FEATS[g]
            feats[k] = v
    if pos in _OC_VERBFORM:
        feats["VerbForm"] = _OC_VERBFORM[pos]
    if upos == "ADJ" and "Degree" not in feats:
        feats["Degree"] = "Pos"
    if upos == "VERB":
        feats.pop("Animacy", None)
    if upos == "NOUN":
        feats.pop("Voice", None)
    return upos, bundle_of(feats)



#: the features a word has whatever its form (aspect; a noun's animacy), by the UD classes
#: that carry them, with their OpenCorpora grammemes
_LEXICAL = {"Aspect": ({"VERB", "AUX"}, {"perf": "Perf", "impf": "Imp"}),
            "Animacy": ({"NOUN", "PROPN"}, {"anim": "Anim", "inan": "Inan"}),
            "Gender": ({"PROPN"}, {"masc": "Masc", "femn": "Fem", "neut": "Neut"})}


def lexical_features(morph: Any, form: str, upos: str, voice: bool = False) -> dict[str, str]:
    """The lexical features (``_LEXICAL``) every dictionary reading of ``form`` in ``upos``
    gives one value: "птиц" is animate, "играть" imperfective whatever the tagger guessed;
    a name's gender and animacy from its readings as a name; with ``voice``, a verb's voice
    (middle for a reflexive verb, the participles' own: the Russian treebanks' convention,
    not the Ukrainian one's).
    Empty for an unknown form or a feature the readings split on ("член": a person or a
    part)."""
    if morph is None or not form or not any(c.isalpha() for c in form):
        return {}
    if not morph.word_is_known(form.lower()):
        return {}
    readings = [set(p.tag.grammemes) for p in morph.parse(form)
                if upos in _classes_of(str(p.tag.POS))]
    if upos == "PROPN":  # a name's readings as a name ("Мексики": the country, feminine)
        readings = [r for r in readings if r & NAMES]
    out: dict[str, str] = {}
    for feat, (classes, grams) in _LEXICAL.items():
        if upos not in classes:
            continue
        values = {grams[g] for r in readings for g in r & grams.keys()}
        if len(values) == 1:
            out[feat] = values.pop()
    if voice and upos in ("VERB", "AUX") and readings:
        if all(r & _VERB_FORMS and not r & _PARTICIPLES for r in readings):
            # a verb's voice is in its ending: the reflexive "-ся" is the middle voice
            out["Voice"] = "Mid" if form.lower().endswith(("ся", "сь")) else "Act"
        elif all(r & _PARTICIPLES for r in readings):
            voices = {_VOICES[g] for r in readings for g in r & _VOICES.keys()}
            if len(voices) == 1:
                out["Voice"] = voices.pop()
    return out


#: OpenCorpora's verb forms, its participles among them, and the participles' voices
_VERB_FORMS = frozenset({"VERB", "INFN", "GRND", "PRTF", "PRTS"})
_PARTICIPLES = frozenset({"PRTF", "PRTS"})
_VOICES = {"actv": "Act", "pssv": "Pass"}


def _classes_of(oc_pos: str) -> set[str]:
    # a dictionary noun may be tagged a name
    return OC_CLASSES.get(oc_pos, set()) | ({"PROPN"} if oc_pos == "NOUN" else set())


#: grammemes of names and abbreviations: a dictionary word that may be one says nothing of its class
NAMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr"})


def other_words_name(parses: Iterable[Any], form: str, upos: str) -> bool:
    """Whether ``form``, a capitalized word tagged a name, is known to the dictionary only as
    inflected forms of common words: a name of another lemma that looks like a declined common
    noun (a foreign name in -a, whose dative looks like a masculine noun's locative), so its
    forms prove nothing. A name that is a common word's citation form ("Grandfather Frost")
    declines like that word."""
    parses = list(parses)
    low = form.lower()
    return upos == "PROPN" and form[:1].isupper() and not any(
        set(p.tag.grammemes) & (NAMES - {"Abbr"}) or p.normal_form == low for p in parses)


def word_classes(morph: Any, form: str) -> frozenset[str]:
    """The UD classes a dictionary word may have in ``morph`` (a pymorphy3 analyzer; empty when
    it is missing, does not know the word, or the word may be a name)."""
    if morph is None or not form.isalpha() or not morph.word_is_known(form.lower()):
        return frozenset()
    out: set[str] = set()
    for p in morph.parse(form):
        if set(p.tag.grammemes) & NAMES:
            return frozenset()
        out |= OC_CLASSES.get(str(p.tag.POS), set())
    return frozenset(out)


#: OpenCorpora parts of speech -> the UD classes they may be
OC_CLASSES = {"NOUN": {"NOUN"}, "ADJF": {"ADJ", "DET"}, "ADJS": {"ADJ"}, "COMP": {"ADJ", "ADV"},
              "VERB": {"VERB", "AUX"}, "INFN": {"VERB", "AUX"}, "PRTF": {"VERB", "ADJ"},
              "PRTS": {"VERB", "ADJ"}, "GRND": {"VERB"}, "NUMR": {"NUM"}, "ADVB": {"ADV"},
              "NPRO": {"PRON"}, "PRED": {"ADV", "VERB"}, "PREP": {"ADP"},
              "CONJ": {"CCONJ", "SCONJ"}, "PRCL": {"PART"}, "INTJ": {"INTJ"}}
