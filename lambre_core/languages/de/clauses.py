"""German subject-verb agreement proven clause by clause, whatever the parser's arcs say.

The small parser often loses the subject of a clause whose verb is wrong ("dass er morgen
kommst": *morgen* read as a verb, *kommst* hung on it), or swaps it. But a German clause with one
finite verb has its subject among the clause's own noun phrases, so the arcs are not needed: the
verb is wrong when **no** noun phrase of the clause that can be nominative agrees with it in person
and number. Conservative by construction: every reading of every word counts, a word no lexicon
knows could be anything (the clause proves nothing), and the clause must be plain:

- a *clause* is the stretch between two punctuation marks, with exactly one word that can be a
  finite verb, a form the verb lexicon knows; no "oder", "aber", "sowie"-like conjunction
  whose agreement rules vary; an "und" between two noun phrases joins them into one plural
  subject ("mein Bruder und ich" = *wir*);
- the verb is not first in its clause (an imperative or a question: "Spielt!", "Kommst du?"),
  and a form that can also be an infinitive counts as finite only in second position, with
  words after it (an infinitive at the end is an instruction: "Die Tür schließen.");
- a noun phrase inside a prepositional phrase is no subject; one whose article and noun allow
  the nominative is a candidate, with the readings they allow together;
- a pronoun or phrase that can only be nominative ("ich", "der Film") beside a verb that is no
  copula is the subject for sure; otherwise the subject could also be a clause of its own ("Die
  Leute interessiert nicht, was er sagt"), so the proof needs a sentence where no other clause
  follows and, when the verb opens its clause, none comes before.

The lexicons (``morph_de``) decide the readings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ...analyses import WordAnalyses
from ...clauses import CLAUSE_START, QUOTES, SubjectFailure, bracketed, clause_spans, finite_readings
from ...doc import Sentence, Word
from ...joint import Feats, values
from . import LANGUAGE
from . import QUANTITY_NOUNS as QUANTITY
from . import QUESTION_WORDS as WH_WORDS

#: conjunctions whose agreement the grammar leaves open ("er oder ich", "weder ... noch")
_OPEN_CC = ("oder", "aber", "sondern", "noch", "sowohl", "weder", "entweder", "bzw",
            "beziehungsweise", "sowie", "wie", "als")
#: conjunctions that open a main clause after a comma
_CLAUSE_CC = ("und", "aber", "denn", "doch", "sondern")
#: conjunctions that make coordinated noun phrases one plural subject
_AND = ("und",)
#: verbs whose predicate nominative may stand beside the subject ("Das bin ich")
_COPULAS = ("sein", "werden", "bleiben", "heißen", "scheinen")
#: verbs without a nominative subject ("Mich friert", "Die Kinder friert")
_SUBJECTLESS = ("frieren", "grauen", "grausen", "gruseln", "ekeln", "schaudern", "schwindeln",
                "hungern", "dürsten", "jucken")
#: words before a verb in first position that keep it an imperative ("Bitte helft mir!")
_IMPERATIVE_LEAD = ("bitte", "doch", "mal", "nun", "jetzt", "dann", "also")
_PREMOD = ("DET", "ADJ", "NUM")
_HEADS = ("NOUN", "PROPN", "PRON")


@dataclass
class _Candidate:
    head: int
    readings: set[tuple[str, str]]  # (Person, Number) of its nominative readings
    sure: bool  # known, nominative only
    conjuncts: tuple[int, ...] = ()
    wildcard: bool = False  # unknown: could be anything


def subject_failures(sud: Sentence, analyses: Mapping[int, WordAnalyses],
                     lexicon: object | None = None) -> list[SubjectFailure]:
    """The finite verbs of a German sentence that no possible subject of their clause agrees
    with (see the module docstring)."""
    spans = clause_spans(sud)
    finite = {lo: _finite_words(sud, analyses, lo, hi, lexicon) for lo, hi in spans}
    out: list[SubjectFailure] = []
    for k, (lo, _hi) in enumerate(spans):
        verbs = finite[lo]
        if len(verbs) != 1:
            continue
        v = verbs[0]
        if v > 1 and sud.word(v - 1).form.lower() == LANGUAGE.infinitive_particle:
            continue  # an infinitive after its particle ("ohne es zu wissen"), no finite verb
        got = _check_clause(sud, analyses, lexicon, spans, finite, k, v)
        if got is not None:
            out.append(got)
    return out


#: words that open a relative or indirect-question clause
_REL_OPENERS = frozenset("""der die das den dem deren dessen denen welcher welche welches welchen
welchem wer was wen wem wo wie""".split())


def _finite_words(sud: Sentence, analyses: Mapping[int, WordAnalyses], lo: int, hi: int,
                  lexicon: object | None) -> list[int]:
    """Words of a clause that can be finite verbs. A verb the lexicons do not know counts too,
    unless the treebank knows the word as something else ("morgen"), or it is tagged a
    participle or infinitive after a known finite verb (the end of "werden ... repariert")."""
    from . import morph_de

    out: list[int] = []
    for i in range(lo, hi + 1):
        w = sud.word(i)
        if w.upos in ("VERB", "AUX"):
            if analyses[i].known:
                if finite_readings(w, analyses):
                    out.append(i)
            elif not _known_otherwise(w, lexicon) and not (
                    w.feats.get("VerbForm") in ("Part", "Inf") and out):
                out.append(i)
        elif w.upos not in ("NOUN", "PROPN", "DET", "PUNCT") and w.form[:1].islower() \
                and morph_de.verb_lemmas(w.form, {"VerbForm": "Fin"}):
            out.append(i)  # "kannst" tagged ADV: a known finite form all the same
    return out


#: words often capitalized at the start of a sentence that are no nouns or names
_NOT_NAMES = frozenset("""wann wo wie warum wieso weshalb weswegen woher wohin wozu womit wodurch
worüber heute morgen gestern dann dort hier da jetzt nun also doch ja nein bitte leider vielleicht
auch noch schon immer oft nie manchmal deshalb darum trotzdem außerdem natürlich gerne gern
endlich zuerst danach später früher bald sonst zudem dabei damals""".split())


def _known_otherwise(w: Word, lexicon: object | None) -> bool:
    """Whether the word is known as something other than a noun or name."""
    low = w.form.lower()
    if low in _NOT_NAMES:
        return True
    index = getattr(lexicon, "index", None)
    if not index:
        return False
    return any(u not in ("NOUN", "PROPN") for (_l, u, _b) in index.get(low, ()))


def _check_clause(sud: Sentence, analyses: Mapping[int, WordAnalyses], lexicon: object | None,
                  spans: Sequence[tuple[int, int]], finite: Mapping[int, list[int]], k: int,
                  v: int) -> SubjectFailure | None:
    from . import morph_de

    lo, hi = spans[k]
    verb = sud.word(v)
    if not analyses[v].known or verb.upos not in ("VERB", "AUX"):
        return None
    if verb.form.lower() in LANGUAGE.particle_verbs:
        return None  # "2 Minuten bitte": a particle far more often than a verb
    if not _opens_clause(sud, lo, k):
        return None  # after a comma: a list, or a clause sharing the subject of the one before
    if sum(1 for i in range(lo, hi + 1) if sud.word(i).upos == "SCONJ") > 1:
        return None  # "dass ... und dass ...": two clauses in one stretch
    lemmas = set(morph_de.verb_lemmas(verb.form)) | {verb.lemma}
    if lemmas & set(_SUBJECTLESS):
        return None
    lead = [sud.word(i) for i in range(lo, v)]
    if all(w.form.lower() in _IMPERATIVE_LEAD for w in lead):
        return None  # first in its clause: an imperative or a question
    if any(sud.word(i).form.lower() in _OPEN_CC or sud.word(i).upos == "X"
           for i in range(lo, hi + 1)):
        return None
    readings = finite_readings(verb, analyses)
    nonfinite = any(o.get("VerbForm") in ("Inf", "Part") for o in analyses[v].options)
    aside = bracketed(sud, v + 1, hi)
    if nonfinite and all(sud.word(i).upos in ("PART", "ADV", "PUNCT", "SYM") or i in aside
                         for i in range(v + 1, hi + 1)):
        # an infinitive at the end may be the whole clause ("Die Tür schließen."); one with a
        # participle or infinitive after it is the finite auxiliary ("werden ... repariert")
        return None
    readings = [o for o in readings if o.get("Mood") != "Imp"]
    pairs = {(o.get("Person", ""), o.get("Number", "")) for o in readings}
    if not pairs or any(not p or not n for p, n in pairs):
        return None
    cands = _candidates(sud, analyses, lexicon, lo, hi, v)
    if cands is None or not cands or any(c.wildcard for c in cands):
        return None
    sure = [c for c in cands if c.sure]
    if len(sure) == 1 and sure[0].head == hi and k + 1 < len(spans) \
            and finite[spans[k + 1][0]][:1] == [spans[k + 1][0]]:
        return None  # "Das bedeutet wir, brauchen es": the comma is where the clause ends
    if len(sure) == 1 and not lemmas & set(_COPULAS):
        # a phrase that can only be nominative beside a verb that is no copula: the subject,
        # unless it follows the verb and a phrase before the verb that can be nominative agrees
        # with it (then the sure one may be an object in the wrong case: "Sie hat ein großer
        # Hund"; the first phrase of a main clause is its subject as often as not)
        if sure[0].head > v and any(c.readings & pairs for c in cands
                                    if c is not sure[0] and c.head < v):
            return None
        cands = sure
    if any(c.readings & pairs for c in cands):
        return None
    if not (len(sure) == 1 and not lemmas & set(_COPULAS)) and clause_may_be_subject(sud, v):
        return None
    named = sure[0] if len(sure) == 1 else _nearest(cands, sud, v)
    best = min(readings, key=lambda o: _mismatch(o, named.readings))
    person, number = _closest_pair(best, named.readings)
    bad = tuple(f for f, want in (("Person", person), ("Number", number)) if best.get(f) != want)
    return SubjectFailure(v, named.head, {"Person": person, "Number": number, "Case": "Nom"},
                          dict(best), bad, named.conjuncts)


def _opens_clause(sud: Sentence, lo: int, k: int) -> bool:
    """Whether a stretch starts a clause of its own: the sentence's first, one after a colon,
    semicolon or sentence end, or one that opens with a conjunction or relative word."""
    if k == 0:
        return True
    before = next((sud.word(i) for i in range(lo - 1, 0, -1) if sud.word(i).form not in QUOTES),
                  None)
    if before is None or before.form in CLAUSE_START:
        return True
    first = sud.word(lo)
    if first.upos == "SCONJ" or first.form.lower() in _REL_OPENERS:
        return True
    if first.form.lower() in _CLAUSE_CC and lo < len(sud.words) \
            and sud.word(lo + 1).upos not in ("VERB", "AUX", "PUNCT"):
        return True  # ", und ich habe ...": a main clause of its own (not "und schreibt ...")
    return first.upos == "ADP" and lo < len(sud.words) \
        and sud.word(lo + 1).form.lower() in _REL_OPENERS


def clause_may_be_subject(sud: Sentence, verb: int) -> bool:
    """Whether a clause of its own may be the verb's subject: one follows it in the sentence
    ("Die Kinder freut, dass es schneit"), or one comes before a verb that opens its stretch
    ("Was er sagt, interessiert die Leute nicht")."""
    spans = clause_spans(sud)
    k = next((i for i, (a, b) in enumerate(spans) if a <= verb <= b), None)
    if k is None:
        return False
    if any(_has_clause(sud, a, b) for a, b in spans[k + 1:]):
        return True
    lo = spans[k][0]
    return k > 0 and all(sud.word(i).form in QUOTES for i in range(lo, verb))


def _has_clause(sud: Sentence, lo: int, hi: int) -> bool:
    """A finite verb or a zu-infinitive in a stretch."""
    return _zu_infinitive(sud, lo, hi) or any(
        sud.word(i).upos in ("VERB", "AUX") and sud.word(i).feats.get("VerbForm", "Fin") == "Fin"
        for i in range(lo, hi + 1))


def _zu_infinitive(sud: Sentence, lo: int, hi: int) -> bool:
    return any(sud.word(i).form.lower() == "zu" and i < hi and sud.word(i + 1).upos in ("VERB", "AUX")
               for i in range(lo, hi + 1))


def _mismatch(o: Feats, readings: set[tuple[str, str]]) -> tuple[int, int]:
    # the fewest features wrong; on a tie, the right person (a noun is third person for sure)
    return min((int(o.get("Person") != p) + int(o.get("Number") != n), int(o.get("Person") != p))
               for p, n in readings)


def _closest_pair(o: Feats, readings: set[tuple[str, str]]) -> tuple[str, str]:
    return min(sorted(readings), key=lambda pn: (int(o.get("Person") != pn[0])
                                                 + int(o.get("Number") != pn[1]),
                                                 int(o.get("Person") != pn[0])))


def _nearest(cands: list[_Candidate], sud: Sentence, v: int) -> _Candidate:
    parsed = [c for c in cands if sud.word(c.head).head == v
              and sud.word(c.head).deprel.split("@")[0].startswith("subj")]
    if parsed:
        return parsed[0]
    return min(cands, key=lambda c: (abs(c.head - v), c.head))


def _is_head(w: Word, lexicon: object | None) -> bool:
    """A word that can head a noun phrase: a noun, pronoun or name, or a capitalized word no
    lexicon knows as anything else (a name the tagger missed: "Anna")."""
    if w.upos in _HEADS:
        return True
    if w.form[:1].isupper() and w.upos not in ("VERB", "AUX", "ADP", "CCONJ", "SCONJ", "DET",
                                                "PUNCT", "NUM"):
        return not _known_otherwise(w, lexicon) or w.upos == "X"
    return False


def _candidates(sud: Sentence, analyses: Mapping[int, WordAnalyses], lexicon: object | None,
                lo: int, hi: int, v: int) -> list[_Candidate] | None:
    """The clause's noun phrases that can be nominative; None when the clause holds something
    the check cannot read (a numeral or unknown word standing alone)."""
    heads = [i for i in range(lo, hi + 1) if i != v and _is_head(sud.word(i), lexicon)
             and not _name_after_title(sud, i, lexicon)]
    runs: dict[int, list[int]] = {}
    # a clause-final verb after a d-word that opens the stretch: a relative clause, whose
    # pronoun stands alone ("..., die Initiativen und Autonomie fordert")
    relative = lo if (sud.word(lo).form.lower() in _REL_OPENERS and v == _last_word(sud, lo, hi)
                      and lo != v) else None
    for h in heads:
        j = h - 1
        run: list[int] = []
        if sud.word(h).feats.get("PronType") == "Prs" and (
                h == 1 or sud.word(h - 1).feats.get("PronType") != "Art"):
            # a personal pronoun takes no determiner ("andere es" is two phrases); after an
            # article it is a noun ("im Ich", in the Self)
            j = lo - 1
        while j >= lo and j != relative and (sud.word(j).upos in _PREMOD or (
                sud.word(j).upos == "ADV" and sud.word(j + 1).upos == "ADJ")):
            if sud.word(j).upos == "DET" and any(sud.word(x).upos == "DET" for x in run):
                break  # one article per phrase: "viele" in "viele keinen Weg" stands alone
            run.append(j)
            j -= 1
        runs[h] = run
    if relative is not None and relative not in heads:
        if not analyses[relative].known:
            return None
        runs[relative] = []
    used = {j for run in runs.values() for j in run}
    for i in range(lo, hi + 1):
        w = sud.word(i)
        if i in used or i == v or i in runs or w.upos not in ("DET", "NUM", "PRON") \
                or _after_adp(sud, i, lo, []):
            continue
        # a determiner or numeral standing alone ("Viele kommen", "Zwei gehen"): a pronoun
        if w.upos == "NUM" or not analyses[i].known:
            return None
        runs[i] = []
    # each noun phrase: a candidate, or None (inside a prepositional phrase, or never nominative)
    phrase: dict[int, _Candidate | None] = {
        h: None if _after_adp(sud, h, lo, runs[h]) else _candidate(sud, analyses, h, runs[h])
        for h in sorted(runs)}
    cands = [c for c in phrase.values() if c is not None]
    if _after_cut_compound(sud, lo):
        # "Negativ- und Positivliste werden": the stretch begins after the cut compound's
        # hyphen, and its first phrase is the second of two coordinated nouns
        first = next((h for h in sorted(phrase) if h > lo
                      and all(j in runs[h] for j in range(lo + 1, h))), None)
        cands = [replace(c, readings={("3", "Plur")}, conjuncts=(lo - 2, c.head))
                 if c.head == first else c for c in cands]
    # "und" between two noun phrases: one plural subject instead of its conjuncts; an "und"
    # between anything else but adjectives or adverbs joins what the check cannot read
    for i in range(lo, hi + 1):
        if sud.word(i).form.lower() not in _AND or i == lo:
            continue  # (an "und" opening the stretch joins it to the clause before)
        nxt = sud.word(i + 1) if i < len(sud.words) else None
        if nxt is not None and (nxt.upos == "SCONJ" or nxt.form.lower() in WH_WORDS
                                or nxt.feats.get("PronType") in ("Int", "Rel")):
            return None  # "was der Mensch und was die Gesellschaft betrifft": two clauses
        right = next((h for h in sorted(phrase) if h > i
                      and all(j in runs[h] for j in range(i + 1, h))), None)
        if i - 1 not in phrase or right is None:
            if i > lo and i < hi and sud.word(i - 1).upos in ("ADJ", "ADV") \
                    and sud.word(i + 1).upos in ("ADJ", "ADV"):
                continue  # "alt und neu", "hier und da"
            return None
        if phrase[i - 1] is None or phrase[right] is None:
            return None  # "mit meiner Familie und das war ...": no coordinated subject
        if any(sud.word(j).form.lower().startswith("jed") for h in (i - 1, right)
               for j in runs[h]):
            return None  # "jedes Wunder und jeder Distrikt nimmt": distributive, singular too
        conj = (i - 1, right)
        persons: set[str] = set()
        for h in conj:
            if sud.word(h).upos == "PRON":
                persons |= {o.get("Person", "3") for o in analyses[h].options}
        person = "1" if "1" in persons else ("2" if "2" in persons else "3")
        parts = [phrase[h] for h in conj]
        # the conjuncts share one case: one that can only be nominative makes the whole so
        sure = any(c is not None and c.sure for c in parts)
        wild = any(c is not None and c.wildcard for c in parts) and not all(
            sud.word(h).form[:1].isupper() for h in conj)
        cands = [c for c in cands if c.head not in conj]
        cands.append(_Candidate(conj[0], {(person, "Plur")}, sure, conj, wildcard=wild))
    return cands


def _after_cut_compound(sud: Sentence, lo: int) -> bool:
    """Whether the stretch from ``lo`` opens with "und"/"oder" after a compound cut by a
    hyphen ("Negativ-" tokenized as "Negativ" "-")."""
    if lo < 3 or sud.word(lo).form.lower() not in ("und", "oder") or sud.word(lo - 1).form != "-":
        return False
    before = sud.word(lo - 2)
    return before.misc.get("SpaceAfter") == "No" and before.upos in ("NOUN", "PROPN", "ADJ")


#: titles before a name ("Frau Müller" is one singular phrase, whatever "Müller" could be)
_TITLES = frozenset("""Frau Herr Herrn Dr. Doktor Prof. Professor Professorin Präsident Präsidentin
Kanzler Kanzlerin Bundeskanzler Bundeskanzlerin Minister Ministerin Bürgermeister Bürgermeisterin
Familie Onkel Tante Kollege Kollegin Pfarrer Kapitän König Königin Papst Sankt St.""".split())


def _last_word(sud: Sentence, lo: int, hi: int) -> int:
    return next(i for i in range(hi, lo - 1, -1) if sud.word(i).form not in QUOTES)


def _name_after_title(sud: Sentence, h: int, lexicon: object | None) -> bool:
    """A name right after a noun ("Frau Müller", "Präsident Obama"): part of that phrase."""
    w = sud.word(h)
    prev = sud.word(h - 1) if h > 1 else None
    if prev is None or not w.form[:1].isupper():
        return False
    return prev.form in _TITLES or (w.upos in ("PROPN", "X", "ADV", "ADJ")
                                    and prev.upos == "NOUN" and _is_head(prev, lexicon))


def _after_adp(sud: Sentence, h: int, lo: int, run: list[int]) -> bool:
    first = min(run) if run else h
    if first - 1 > lo and sud.word(first - 1).form in ("#", "@"):
        first -= 1  # a hashtag's or handle's sign is part of the word ("bei #Ratten")
    if first - 1 < lo or sud.word(first - 1).upos != "ADP":
        return False
    adp = sud.word(first - 1).form.lower()
    if adp == "für" and first - 2 >= lo and sud.word(first - 2).form.lower() == "was":
        return False  # "was für Eigenschaften": a question word, not a preposition
    return adp not in ("als", "wie")


def _candidate(sud: Sentence, analyses: Mapping[int, WordAnalyses], h: int,
               run: list[int]) -> _Candidate | None:
    w = sud.word(h)
    a = analyses[h]
    if not a.known:
        return _Candidate(h, set(), False, wildcard=True)
    if w.upos in ("NOUN", "PROPN") and (w.lemma in QUANTITY or w.form in QUANTITY):
        return _Candidate(h, set(), False, wildcard=True)
    mods = [analyses[j].options for j in run if sud.word(j).upos == "DET"
            or (sud.word(j).upos == "ADJ" and analyses[j].known)]
    opts = [o for o in a.options if all(any(_fits(m, o) for m in mo) for mo in mods)] or list(a.options)
    if any("Case" not in o for o in opts):
        return _Candidate(h, set(), False, wildcard=True)
    nom = [o for o in opts if "Nom" in values(o, "Case")]
    if not nom:
        return None
    readings = set()
    for o in nom:
        person = o.get("Person", "3") if w.upos == "PRON" else "3"
        for n in values(o, "Number") or {""}:
            if not n:
                return _Candidate(h, set(), False, wildcard=True)
            readings.add((person, n))
    sure = all(values(o, "Case") == {"Nom"} for o in opts) and \
        not (h > 1 and sud.word(h - 1 - len(run)).form.lower() in ("als", "wie"))
    return _Candidate(h, readings, sure)


def _fits(mod: Feats, noun: Feats) -> bool:
    """A determiner's or adjective's reading that fits the noun's (case, number, gender)."""
    for f in ("Case", "Number", "Gender"):
        if f in mod and f in noun and not values(mod, f) & values(noun, f):
            return False
    return True


# -- Russian ----------------------------------------------------------------------------------
# Russian drops subjects and orders words freely, so only a phrase that can be nothing but
# nominative proves anything: "Я очень хочешь пить", "Эту книгу читают мой младший брат".
