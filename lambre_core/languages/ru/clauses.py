"""Russian subject-verb agreement proven clause by clause: the finite verb or short predicate
of a clause that no nominative of the clause agrees with (pymorphy3 decides the readings); and
nominative nouns or pronouns that can only be a verb's object ("Она звонит мама")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from ...analyses import WordAnalyses
from ...clauses import CLAUSE_START, QUOTES, SubjectFailure, clause_spans, finite_readings
from ...doc import Sentence, Word
from ...joint import Feats, values

#: words that join or accompany subjects, whose agreement the check does not read
_RU_JOIN = ("и", "или", "а", "либо", "ни", "с", "со", "да")
#: verbs whose predicate nominative stands beside the subject ("Он был врач")
_RU_COPULAS = ("быть", "являться", "стать", "становиться", "оказаться", "оказываться",
               "казаться", "называться", "считаться")
#: personal pronouns in the nominative (their other cases have other forms): person, number
_RU_PERSONAL = {"я": ("1", "Sing"), "ты": ("2", "Sing"), "он": ("3", "Sing"), "она": ("3", "Sing"),
                "оно": ("3", "Sing"), "мы": ("1", "Plur"), "вы": ("2", "Plur"),
                "они": ("3", "Plur")}
_RU_GENDER = {"он": "Masc", "она": "Fem", "оно": "Neut"}
#: words that open a subordinate or relative clause
_RU_OPENERS = ("что", "чтобы", "если", "когда", "потому", "хотя", "пока", "как", "где", "куда",
               "который", "которая", "которое", "которые", "которого", "которой", "которую",
               "которым", "которых", "котором", "которыми", "кто", "чем", "чей", "чья", "чьё")


def subject_failures(sud: Sentence, analyses: Mapping[int, WordAnalyses],
                     lexicon: object | None = None) -> list[SubjectFailure]:
    from .morph import word_classes as ru_word_classes

    out: list[SubjectFailure] = []
    spans = clause_spans(sud)
    for k, (lo, hi) in enumerate(spans):
        words = [sud.word(i) for i in range(lo, hi + 1) if sud.word(i).form not in QUOTES]
        if not words or not _ru_opens(sud, lo, k):
            continue
        if any(w.form.lower() in _RU_JOIN for w in words):
            continue
        preds = {w.id: _ru_predicate(w, analyses) for w in words}
        verbs = [w for w in words if preds[w.id] is not None]
        copulas = [w for w in verbs if preds[w.id] and w.lemma.lower() == "быть"
                   and any(o.get("Tense") == "Past" for o in preds[w.id] or ())]
        # (a form that is also a finite verb is no sure short form: "говорим" is "we say" as
        # often as "is spoken of")
        short = [w for w in words if _ru_short_forms(w) and not any(
            pos == "VERB" and f.get("VerbForm") == "Fin" for pos, f in _ru_parses(w.form))]
        if len(verbs) == 1 and not short:
            v = verbs[0]
        elif len(short) == 1 and len(verbs) <= 1 and verbs == copulas \
                and short[0].id != words[0].id:
            # a short adjective or participle is the predicate ("Она готов", "было открыт"); a
            # past form of "быть" beside it shows the subject's number and gender itself
            v = short[0]
            if copulas:
                cop = preds[copulas[0].id] or []
                wrong = [o for o in _ru_short_forms(v)
                         if all(_ru_wrong(o, ("", c.get("Number", ""), c.get("Gender", "")))
                                for c in cop)]
                if len(wrong) == len(_ru_short_forms(v)):
                    c = cop[0]
                    best = wrong[0]
                    r = ("", c.get("Number", ""), c.get("Gender", ""))
                    subj = next((x for x in words if x.head in (v.id, copulas[0].id)
                                 and x.deprel.startswith("subj")), None)
                    if subj is not None:
                        feats = {"Number": r[1], **({"Gender": r[2]} if r[2] else {})}
                        out.append(SubjectFailure(v.id, subj.id, feats, dict(best),
                                                  _ru_wrong(best, r), verb_upos=_short_upos(v)))
                    continue
        else:
            continue
        if v.lemma.lower() in _RU_COPULAS:
            continue
        sure, unsure = [], False
        for w in words:
            if w.id == v.id or w.upos not in ("NOUN", "PROPN", "PRON"):
                continue
            a = analyses[w.id]
            if w.form.lower() in _RU_PERSONAL:
                sure.append(w)  # nominative only, whatever the tagger made of it
                continue
            if w.form[:1].isupper() and w.id != words[0].id:
                unsure = True  # a name ("Врач Иванова выписала"): its gender is the woman's
                continue
            if not a.known:
                classes = ru_word_classes(w.form)
                if (not classes and w.form.isalpha()) or classes & {"NOUN", "PRON", "PROPN"}:
                    unsure = True  # a name or a word no lexicon knows: could be the subject
                continue  # ("по-русски": no word to be a subject)
            if w.id > 1 and sud.word(w.id - 1).upos == "ADP":
                continue
            if a.options and all(values(o, "Case") == {"Nom"} for o in a.options):
                sure.append(w)
        if unsure or len(sure) != 1:
            continue
        subj = sure[0]
        low = subj.form.lower()
        if low in _RU_PERSONAL:
            readings = {(*_RU_PERSONAL[low], _RU_GENDER.get(low, ""))}
        else:
            readings = {(o.get("Person", "3"), o.get("Number", ""), o.get("Gender", ""))
                        for o in analyses[subj.id].options}
        verb_opts = [o for o in (preds.get(v.id) or _ru_short_forms(v)) if o.get("Number")]
        if not verb_opts or any(_ru_agrees(o, r) for o in verb_opts for r in readings):
            continue
        best = min(verb_opts, key=lambda o: min(len(_ru_wrong(o, r)) for r in readings))
        r = min(readings, key=lambda r: len(_ru_wrong(best, r)))
        feats = {"Person": r[0], "Number": r[1]}
        if r[2]:
            feats["Gender"] = r[2]
        out.append(SubjectFailure(v.id, subj.id, {**feats, "Case": "Nom"}, dict(best),
                                  _ru_wrong(best, r),
                                  verb_upos="" if v.id in preds and preds[v.id] is not None
                                  and v.upos in ("VERB", "AUX") else _short_upos(v)))
    return out


@lru_cache(maxsize=20000)
def _ru_parses(form: str) -> tuple[tuple[str, Mapping[str, str]], ...]:
    """pymorphy3's readings of a dictionary form: (OpenCorpora part of speech, UD features);
    asked several times per word by the Russian checks, so remembered."""
    from ..opencorpora import oc_to_ud
    from .morph import morph as _morph

    morph = _morph()
    if morph is None or not form.isalpha() or not morph.word_is_known(form.lower()):
        return ()
    return tuple((str(p.tag.POS), dict(oc_to_ud(p.tag)[1])) for p in morph.parse(form))


def _ru_predicate(w: Word, analyses: Mapping[int, WordAnalyses]) -> list[Feats] | None:
    """A finite verb's readings (None: no finite verb). A word the tagger took for a noun that
    the lexicon knows only as a finite verb is one ("Вы говоришь", *говоришь* tagged NOUN);
    an unknown verb has no readings but counts ([])."""
    if w.upos in ("VERB", "AUX"):
        if not analyses[w.id].known:
            return []
        fin = finite_readings(w, analyses)
        return fin or None
    parses = _ru_parses(w.form)
    if parses and all(pos == "VERB" for pos, _ in parses):
        fin = [f for _, f in parses if f.get("VerbForm") == "Fin"]
        return fin or None
    return None


def _ru_short_forms(w: Word) -> list[Feats]:
    """The short adjective or participle readings of a form ("готов", "открыт"), if it has any."""
    parses = _ru_parses(w.form)
    if any(pos in ("ADVB", "PRED") for pos, _ in parses):
        return []  # "совершенно", "хорошо": an adverb as often as a neuter short adjective
    return [f for pos, f in parses if pos in ("ADJS", "PRTS")]


def _short_upos(w: Word) -> str:
    return "VERB" if any(pos == "PRTS" for pos, _ in _ru_parses(w.form)) else "ADJ"


def _ru_opens(sud: Sentence, lo: int, k: int) -> bool:
    if k == 0:
        return True
    before = next((sud.word(i) for i in range(lo - 1, 0, -1) if sud.word(i).form not in QUOTES),
                  None)
    if before is None or before.form in CLAUSE_START or before.form in ("—", "–"):
        return True
    first = sud.word(lo)
    return first.upos == "SCONJ" or first.form.lower() in _RU_OPENERS or (
        first.upos == "ADP" and lo < len(sud.words)
        and sud.word(lo + 1).form.lower() in _RU_OPENERS)


def _ru_wrong(o: Feats, r: tuple[str, str, str]) -> tuple[str, ...]:
    """The features a verb reading gets wrong for a subject's (person, number, gender)."""
    person, number, gender = r
    bad = []
    if "Person" in o and o["Person"] != person:
        bad.append("Person")
    if o.get("Number") != number:
        bad.append("Number")
    if o.get("Number") == "Sing" and "Gender" in o and gender and o["Gender"] != gender:
        bad.append("Gender")
    return tuple(bad)


def _ru_agrees(o: Feats, r: tuple[str, str, str]) -> bool:
    return not _ru_wrong(o, r)


def nominative_objects(sud: Sentence, analyses: Mapping[int, WordAnalyses]
                          ) -> list[tuple[int, int]]:
    """(word, verb) pairs where a Russian clause with one finite verb, no copula, holds two
    phrases that can only be nominative (personal pronouns, nouns): one is the subject, the
    other an object in the nominative ("Я вижу он", "Она звонит мама"). The object is the one
    the verb does not agree with, or, when it agrees with both, the one after the verb."""
    out: list[tuple[int, int]] = []
    for k, (lo, hi) in enumerate(clause_spans(sud)):
        words = [sud.word(i) for i in range(lo, hi + 1) if sud.word(i).form not in QUOTES]
        if not words or not _ru_opens(sud, lo, k) or any(
                w.form.lower() in (*_RU_JOIN, "как", "чем") or (w.upos == "SCONJ" and w.id > lo)
                for w in words):
            continue  # (a conjunction inside: a clause without its comma, "... если он ...")
        verbs = [w for w in words if w.upos in ("VERB", "AUX")
                 and (not analyses[w.id].known or finite_readings(w, analyses))]
        if len(verbs) != 1 or not analyses[verbs[0].id].known \
                or verbs[0].lemma.lower() in _RU_COPULAS:
            continue
        v = verbs[0]
        prons = [w for w in words if _ru_sure_nominative(sud, w, analyses, words[0].id)]
        if len(prons) != 2 or prons[1].id - prons[0].id == 1:
            continue  # (two side by side: an apposition, "мой брат Иван")
        fin = finite_readings(v, analyses)
        fits = [w for w in prons if _ru_pronoun_agrees(w, fin, analyses)]
        if len(fits) == 1:
            obj = next(w for w in prons if w is not fits[0])
        elif len(fits) == 2 and prons[0].id < v.id < prons[1].id:
            obj = prons[1]
        else:
            continue
        out.append((obj.id, v.id))
    return out


def _ru_sure_nominative(sud: Sentence, w: Word, analyses: Mapping[int, WordAnalyses],
                        first: int) -> bool:
    """A personal pronoun in the nominative, or a known noun that can only be nominative, not
    inside a prepositional phrase and not a name inside the clause."""
    if w.id > 1 and sud.word(w.id - 1).upos == "ADP":
        return False
    if w.form.lower() in _RU_PERSONAL:
        return True
    a = analyses[w.id]
    return w.upos == "NOUN" and a.known and bool(a.options) \
        and (w.id == first or not w.form[:1].isupper()) \
        and all(values(o, "Case") == {"Nom"} for o in a.options)


def _ru_pronoun_agrees(w: Word, fin: Sequence[Feats], analyses: Mapping[int, WordAnalyses]
                       ) -> bool:
    low = w.form.lower()
    if low in _RU_PERSONAL:
        rs = {(*_RU_PERSONAL[low], _RU_GENDER.get(low, ""))}
    else:
        rs = {("3", o.get("Number", ""), o.get("Gender", "")) for o in analyses[w.id].options}
    return any(_ru_agrees(o, r) for o in fin for r in rs)


def negated_nouns(sud: Sentence, analyses: Mapping[int, WordAnalyses]) -> list[tuple[int, int]]:
    """(noun, "нет") pairs where the noun phrase right after a Russian "нет" has no genitive
    reading ("нет время": "времени"); not after a comma ("Нет, время есть")."""
    out: list[tuple[int, int]] = []
    n = len(sud.words)
    for w in sud.words:
        if w.form.lower() != "нет" or w.id == n:
            continue
        i = w.id + 1
        while i < n and sud.word(i).upos in ("ADJ", "DET"):
            i += 1
        noun = sud.word(i)
        a = analyses[noun.id]
        if noun.upos == "NOUN" and a.known and a.options and not noun.form[:1].isupper() \
                and not any("Gen" in values(o, "Case") for o in a.options):
            out.append((noun.id, w.id))
    return out


def object_nominatives(sud: Sentence, analyses: Mapping[int, WordAnalyses]
                       ) -> list[tuple[int, int]]:
    """(object, verb) pairs of nominatives that can only be objects: a pronoun or noun left in
    the nominative as a verb's object, and a noun under a negated verb."""
    return nominative_objects(sud, analyses) + negated_nouns(sud, analyses)
