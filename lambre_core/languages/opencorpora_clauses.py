"""Subject-verb agreement proven clause by clause, for the packs whose dictionary is pymorphy3's
(OpenCorpora tags: ``ru``, ``uk``): the finite verb or short predicate of a clause that no
nominative of the clause agrees with, whatever the parse made of the clause; nominative nouns or
pronouns that can only be a verb's object; and a noun after the word of negation that takes
the genitive, without a genitive reading. The algorithm is here; each pack gives its words
(``ClauseWords``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..analyses import WordAnalyses
from ..clauses import CLAUSE_START, QUOTES, SubjectFailure, clause_spans, finite_readings
from ..doc import Sentence, Word
from ..joint import Feats, values

#: a dictionary form's readings: (OpenCorpora part of speech, UD features)
Parses = tuple[tuple[str, Mapping[str, str]], ...]


@dataclass(frozen=True)
class ClauseWords:
    """What the clause checks need to know of one language (all lower case)."""

    #: words that join or accompany subjects, whose agreement the check does not read
    join: tuple[str, ...]
    #: verbs whose predicate nominative stands beside the subject
    copulas: tuple[str, ...]
    #: the copula whose past forms show the subject's number and gender beside a short form
    copula: str
    #: personal pronouns in the nominative (their other cases have other forms): person, number
    personal: Mapping[str, tuple[str, str]]
    #: the third person singular pronouns' genders
    gender: Mapping[str, str]
    #: words that open a subordinate or relative clause
    openers: tuple[str, ...]
    #: words of comparison, after which a nominative is no second subject
    comparison: tuple[str, ...]
    #: words of negation whose noun is genitive ("нет времени")
    negation: tuple[str, ...]
    #: the dictionary's readings of a form (empty for a word it does not know)
    parses: Callable[[str], Parses]
    #: the UD classes a dictionary word may have
    word_classes: Callable[[str], frozenset[str]]
    #: OpenCorpora parts of speech of short adjectives and participles
    short_pos: tuple[str, ...] = field(default=("ADJS", "PRTS"))


def subject_failures(cw: ClauseWords, sud: Sentence, analyses: Mapping[int, WordAnalyses]
                     ) -> list[SubjectFailure]:
    """The clauses whose one predicate no sure nominative of the clause agrees with."""
    out: list[SubjectFailure] = []
    if _cut_off(sud):
        return out
    spans = clause_spans(sud)
    for k, (lo, hi) in enumerate(spans):
        words = [sud.word(i) for i in range(lo, hi + 1) if sud.word(i).form not in QUOTES]
        if not words or not _opens(cw, sud, lo, k):
            continue
        if any(w.form.lower() in cw.join for w in words):
            continue
        preds = {w.id: _predicate(cw, w, analyses) for w in words}
        verbs = [w for w in words if preds[w.id] is not None]
        copulas = [w for w in verbs if preds[w.id] and w.lemma.lower() == cw.copula
                   and any(o.get("Tense") == "Past" for o in preds[w.id] or ())]
        # (a form that is also a finite verb is no sure short form: a first person plural
        # present is also a short participle)
        # (nor is a form right after a preposition: its object, "в нём" read as "dumb")
        short = [w for w in words if _short_forms(cw, w) and not any(
            pos == "VERB" and f.get("VerbForm") == "Fin" for pos, f in cw.parses(w.form))
            and not (w.id > 1 and sud.word(w.id - 1).upos == "ADP")]
        if len(verbs) == 1 and not short:
            v = verbs[0]
        elif len(short) == 1 and len(verbs) <= 1 and verbs == copulas \
                and short[0].id != words[0].id:
            # a short adjective or participle is the predicate; a past form of the copula
            # beside it shows the subject's number and gender itself
            v = short[0]
            if copulas:
                cop = preds[copulas[0].id] or []
                wrong = [o for o in _short_forms(cw, v)
                         if all(_wrong(o, ("", c.get("Number", ""), c.get("Gender", "")))
                                for c in cop)]
                if len(wrong) == len(_short_forms(cw, v)):
                    c = cop[0]
                    best = wrong[0]
                    r = ("", c.get("Number", ""), c.get("Gender", ""))
                    subj = next((x for x in words if x.head in (v.id, copulas[0].id)
                                 and x.deprel.startswith("subj")), None)
                    if subj is not None:
                        feats = {"Number": r[1], **({"Gender": r[2]} if r[2] else {})}
                        out.append(SubjectFailure(v.id, subj.id, feats, dict(best),
                                                  _wrong(best, r), verb_upos=_short_upos(cw, v)))
                    continue
        else:
            continue
        if v.lemma.lower() in cw.copulas:
            continue
        sure, unsure = [], False
        for w in words:
            if w.id == v.id or w.upos not in ("NOUN", "PROPN", "PRON"):
                continue
            a = analyses[w.id]
            if w.form.lower() in cw.personal:
                sure.append(w)  # nominative only, whatever the tagger made of it
                continue
            if w.id > 1 and (sud.word(w.id - 1).upos == "ADP"
                             or sud.word(w.id - 1).form.lower() in cw.comparison):
                continue  # (in a prepositional phrase or a comparison, a name or not: no subject)
            if w.form[:1].isupper() and w.id != words[0].id:
                unsure = True  # a name: its gender is the person's
                continue
            if not a.known:
                classes = cw.word_classes(w.form)
                if (not classes and w.form.isalpha()) or classes & {"NOUN", "PRON", "PROPN"}:
                    unsure = True  # a name or a word no lexicon knows: could be the subject
                continue  # (a word of no nominal class: no subject)
            if a.options and all(values(o, "Case") == {"Nom"} for o in a.options):
                sure.append(w)
        if unsure or len(sure) != 1:
            continue
        subj = sure[0]
        low = subj.form.lower()
        if low in cw.personal:
            readings = {(*cw.personal[low], cw.gender.get(low, ""))}
        else:
            readings = {(o.get("Person", "3"), o.get("Number", ""), o.get("Gender", ""))
                        for o in analyses[subj.id].options}
        verb_opts = [o for o in (preds.get(v.id) or _short_forms(cw, v)) if o.get("Number")]
        if not verb_opts or any(_agrees(o, r) for o in verb_opts for r in readings):
            continue
        best = min(verb_opts, key=lambda o: min(len(_wrong(o, r)) for r in readings))
        r = min(readings, key=lambda r: len(_wrong(best, r)))
        feats = {"Person": r[0], "Number": r[1]}
        if r[2]:
            feats["Gender"] = r[2]
        # the predicate's class: a verb the tagger took for another class is a verb (its fix
        # is a verb's form); a short form's is its own
        verb = v.id in preds and preds[v.id] is not None
        out.append(SubjectFailure(v.id, subj.id, {**feats, "Case": "Nom"}, dict(best),
                                  _wrong(best, r),
                                  verb_upos=("" if v.upos in ("VERB", "AUX") else "VERB")
                                  if verb else _short_upos(cw, v)))
    return out


def _cut_off(sud: Sentence) -> bool:
    """A sentence with a bracket that never closes was cut (a list of subjects may go on past
    the cut): no clause of it is sure."""
    forms = [w.form for w in sud.words]
    return forms.count("(") > forms.count(")")


def _predicate(cw: ClauseWords, w: Word, analyses: Mapping[int, WordAnalyses]
               ) -> list[Feats] | None:
    """A finite verb's readings (None: no finite verb). A word the tagger took for a noun that
    the lexicon knows only as a finite verb is one (a second person verb tagged NOUN); an
    unknown verb has no readings but counts ([])."""
    if w.upos in ("VERB", "AUX"):
        if not analyses[w.id].known:
            return []
        fin = finite_readings(w, analyses)
        return fin or None
    parses = cw.parses(w.form)
    if parses and all(pos == "VERB" for pos, _ in parses):
        fin = [f for _, f in parses if f.get("VerbForm") == "Fin"]
        return fin or None
    return None


def _short_forms(cw: ClauseWords, w: Word) -> list[Feats]:
    """The short adjective or participle readings of a form, if it has any."""
    parses = cw.parses(w.form)
    if any(pos in ("ADVB", "PRED") for pos, _ in parses):
        return []  # an adverb as often as a neuter short adjective
    return [f for pos, f in parses if pos in cw.short_pos]


def _short_upos(cw: ClauseWords, w: Word) -> str:
    return "VERB" if any(pos == "PRTS" for pos, _ in cw.parses(w.form)) else "ADJ"


def _opens(cw: ClauseWords, sud: Sentence, lo: int, k: int) -> bool:
    if k == 0:
        return True
    before = next((sud.word(i) for i in range(lo - 1, 0, -1) if sud.word(i).form not in QUOTES),
                  None)
    if before is None or before.form in CLAUSE_START or before.form in ("—", "–"):
        return True
    first = sud.word(lo)
    return first.upos == "SCONJ" or first.form.lower() in cw.openers or (
        first.upos == "ADP" and lo < len(sud.words)
        and sud.word(lo + 1).form.lower() in cw.openers)


def _wrong(o: Feats, r: tuple[str, str, str]) -> tuple[str, ...]:
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


def _agrees(o: Feats, r: tuple[str, str, str]) -> bool:
    return not _wrong(o, r)


def nominative_objects(cw: ClauseWords, sud: Sentence, analyses: Mapping[int, WordAnalyses]
                       ) -> list[tuple[int, int]]:
    """(word, verb) pairs where a clause with one finite verb, no copula, holds two phrases
    that can only be nominative (personal pronouns, nouns): one is the subject, the other an
    object in the nominative. The object is the one the verb does not agree with, or, when it
    agrees with both, the one after the verb."""
    out: list[tuple[int, int]] = []
    if _cut_off(sud):
        return out
    for k, (lo, hi) in enumerate(clause_spans(sud)):
        words = [sud.word(i) for i in range(lo, hi + 1) if sud.word(i).form not in QUOTES]
        if not words or not _opens(cw, sud, lo, k) or any(
                w.form.lower() in (*cw.join, *cw.comparison)
                or (w.upos == "SCONJ" and w.id > lo) for w in words):
            continue  # (a conjunction inside: a clause without its comma)
        verbs = [w for w in words if w.upos in ("VERB", "AUX")
                 and (not analyses[w.id].known or finite_readings(w, analyses))]
        if len(verbs) != 1 or not analyses[verbs[0].id].known \
                or verbs[0].lemma.lower() in cw.copulas:
            continue
        v = verbs[0]
        prons = [w for w in words if _sure_nominative(cw, sud, w, analyses, words[0].id)]
        if len(prons) != 2 or prons[1].id - prons[0].id == 1:
            continue  # (two side by side: an apposition, a noun and its name)
        fin = finite_readings(v, analyses)
        fits = [w for w in prons if _pronoun_agrees(cw, w, fin, analyses)]
        if len(fits) == 1 and not (prons[0] is not fits[0] and prons[0].id == words[0].id):
            # (not the clause's first word: a particle or a vocative as often as an object)
            obj = next(w for w in prons if w is not fits[0])
        elif len(fits) == 2 and prons[0].id < v.id < prons[1].id:
            obj = prons[1]
        else:
            continue
        out.append((obj.id, v.id))
    return out


def _sure_nominative(cw: ClauseWords, sud: Sentence, w: Word,
                     analyses: Mapping[int, WordAnalyses], first: int) -> bool:
    """A personal pronoun in the nominative, or a known noun that can only be nominative, not
    inside a prepositional phrase and not a name inside the clause."""
    if w.id > 1 and sud.word(w.id - 1).upos == "ADP":
        return False
    if w.form.lower() in cw.personal:
        return True
    a = analyses[w.id]
    return w.upos == "NOUN" and a.known and bool(a.options) \
        and (w.id == first or not w.form[:1].isupper()) \
        and all(values(o, "Case") == {"Nom"} for o in a.options)


def _pronoun_agrees(cw: ClauseWords, w: Word, fin: Sequence[Feats],
                    analyses: Mapping[int, WordAnalyses]) -> bool:
    low = w.form.lower()
    if low in cw.personal:
        rs = {(*cw.personal[low], cw.gender.get(low, ""))}
    else:
        rs = {("3", o.get("Number", ""), o.get("Gender", "")) for o in analyses[w.id].options}
    return any(_agrees(o, r) for o in fin for r in rs)


def negated_nouns(cw: ClauseWords, sud: Sentence, analyses: Mapping[int, WordAnalyses]
                  ) -> list[tuple[int, int]]:
    """(noun, negation) pairs where the noun phrase right after a word of negation that takes
    the genitive has no genitive reading; not after a comma (the answer "no", then a clause),
    nor right after a preposition, whose object the word is ("bring to naught": "naught"
    governs nothing there)."""
    out: list[tuple[int, int]] = []
    n = len(sud.words)
    for w in sud.words:
        if w.form.lower() not in cw.negation or w.id == n \
                or (w.id > 1 and sud.word(w.id - 1).upos == "ADP"):
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


def object_nominatives(cw: ClauseWords, sud: Sentence, analyses: Mapping[int, WordAnalyses]
                       ) -> list[tuple[int, int]]:
    """(object, verb) pairs of nominatives that can only be objects: a pronoun or noun left in
    the nominative as a verb's object, and a noun after a word of negation."""
    return nominative_objects(cw, sud, analyses) + negated_nouns(cw, sud, analyses)


def pack_hooks(cw: ClauseWords) -> tuple[Callable[..., list[SubjectFailure]],
                                        Callable[..., list[tuple[int, int]]]]:
    """A pack's ``Language.subject_failures`` and ``Language.miscased_objects`` hooks with its
    words."""
    def failures(sud: Sentence, analyses: Mapping[int, WordAnalyses],
                 lexicon: object | None = None) -> list[SubjectFailure]:
        return subject_failures(cw, sud, analyses)

    def objects(sud: Sentence, analyses: Mapping[int, WordAnalyses]) -> list[tuple[int, int]]:
        return object_nominatives(cw, sud, analyses)
    return failures, objects
