"""German lemmas: verbs from their paradigms (``morph_de`` over ``ablaut``), nouns from
``german-nouns`` whole or by their last part, adjectives by their declension."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def lemma(form: str, upos: str, feats: Mapping[str, str], treebank: str | None) -> str | None:
    """The lemma hook: a verb's paradigm lemma (the treebank's where it is one of them), an
    unknown adjective's by its declension ("armen" -> "arm", which makes the form a known
    inflected adjective; an unrecognised one keeps its form as lemma), else the treebank's."""
    if upos in ("VERB", "AUX"):
        cands = german_verb_lemmas(form, feats)
        if cands:
            return treebank if treebank in cands else cands[0]
    if upos == "ADJ" and treebank is None:
        from . import morph_de

        return morph_de.adjective_lemma(form)
    return treebank


def is_common_noun(rec: Mapping[str, Any]) -> bool:
    """Whether a ``german-nouns`` record is a common noun (not a name, place or abbreviation:
    "Häusern" the village is no form of *Haus*)."""
    from .morph_de import _FORBIDDEN_POS

    pos = set(rec.get("pos") or ())
    return "Substantiv" in pos and not pos & _FORBIDDEN_POS


#: shortest last part of a compound looked up on its own ("Techniken"; not "Eis" in "Reisen")
_MIN_HEAD = 4


def german_noun_lemma(form: str) -> str | None:
    """The ``german-nouns`` lemma of a noun form, or of its last part for a compound the
    lexicon lacks ("Kostenvoranschläge": "Voranschläge" is a form of *Voranschlag*, so
    *Kostenvoranschlag*; "Begrüßungszeremonie" ends in a lemma and is its own). The longest
    known last part wins; None when no noun ends the form."""
    from .nouns import records as _gn_records

    if not form[:1].isupper() or not form.isalpha():
        return None
    for i in range(0, len(form) - _MIN_HEAD + 1):
        head = form if i == 0 else form[i].upper() + form[i + 1:]
        recs = [r for r in _gn_records(head) if is_common_noun(r)]
        if not recs:
            continue
        lemmas = [str(r.get("lemma")) for r in recs]
        if head in lemmas:
            lemma = head
        else:
            hits = [str(r.get("lemma")) for r in recs
                    if head in (r.get("flexion") or {}).values()]
            if not hits:
                continue
            lemma = hits[0]
        return lemma if i == 0 else form[:i] + lemma[:1].lower() + lemma[1:]
    return None


#: separable verb particles: "kriegen" alone is no form of "unterkriegen" to a lemmatizer (its
#: particle would stand elsewhere, and the base verb is the word's lemma)
_PARTICLES = ("ab", "an", "auf", "aus", "bei", "dar", "durch", "ein", "fest", "fort", "her",
              "hin", "los", "mit", "nach", "nieder", "über", "um", "unter", "vor", "weg",
              "weiter", "wieder", "zu", "zurück", "zusammen")


def german_verb_lemmas(form: str, feats: Mapping[str, str] | None = None) -> list[str]:
    """The infinitives whose paradigm has ``form`` in the tagged verb form (finite, participle,
    infinitive), or in any form when the tag fits none of them; most common first. Separable
    verbs whose particle the form lacks are left out ("helfe": "helfen", not "mithelfen")."""
    from . import morph_de

    verbform = (feats or {}).get("VerbForm")
    cands = morph_de.verb_lemmas(form, {"VerbForm": verbform}) if verbform else []
    if not cands:
        cands = morph_de.verb_lemmas(form)
    return [c for c in cands if not lacks_particle(form, c)]


def lacks_particle(form: str, lemma: str) -> bool:
    """Whether ``lemma`` is a separable verb whose particle ``form`` lacks ("kriegen" of
    *unterkriegen*: a lemmatizer's *kriegen*)."""
    low = form.lower()
    return any(lemma.startswith(p) and len(lemma) > len(p) + 2 and not low.startswith(p)
               for p in _PARTICLES)


#: verbs that are also auxiliaries: their forms enter the lemmatizer's dictionary as AUX too
_AUX = frozenset("sein haben werden können müssen dürfen sollen wollen mögen möchten".split())


def dictionary(_train_lemmas: object = ()) -> list[tuple[str, str, str]]:
    """(form, UPOS, lemma) for the lemmatizer's dictionary: every form of the verbs the
    conjugator knows (the common verbs and the treebank's, ``ablaut`` through ``morph_de``)
    and the inflected forms of the ``german-nouns`` nouns."""
    return _verbs() + _nouns()


def _verbs() -> list[tuple[str, str, str]]:
    from . import morph_de

    out: list[tuple[str, str, str]] = []
    # morph_de's reverse index of its conjugations (form -> lemma -> analyses); the shortest
    # lemma first, as ``morph_de.verb_lemmas`` ranks them ("gehen" before "ausgehen"), and
    # never a separable verb for a form without its particle ("kriegen" is no *unterkriegen*)
    for form, by_lemma in sorted(morph_de._verb_index().items()):
        for lemma in sorted(by_lemma, key=lambda x: (len(x), x)):
            if lacks_particle(form, lemma):
                continue
            out.append((form, "VERB", lemma))
            if lemma in _AUX:
                out.append((form, "AUX", lemma))
    return out


def _nouns() -> list[tuple[str, str, str]]:
    from .nouns import german_nouns as nouns_db

    db = nouns_db()
    if db is None:
        return []
    lemmas: set[str] = set()
    pairs: dict[str, str] = {}
    for rec in db.records():
        lemma = str(rec.get("lemma") or "")
        if not lemma or not is_common_noun(rec) or " " in lemma:
            continue
        lemmas.add(lemma)
        for form in (rec.get("flexion") or {}).values():
            # the first record holding a form wins (the package lists the common noun first)
            if form and form != lemma and " " not in form:
                pairs.setdefault(str(form), lemma)
    # a form that is itself a noun's lemma is taken to be that noun ("Haus" is no genitive of
    # "Hau" in a text); the seq2seq copies it
    return [(f, "NOUN", lem) for f, lem in sorted(pairs.items()) if f not in lemmas and f != lem]
