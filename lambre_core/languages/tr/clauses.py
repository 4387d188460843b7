"""Turkish subject-verb agreement proven clause by clause, whatever the parser's arcs say: the
small parser often hangs a sentence-opening pronoun on the wrong word ("Biz dün sinemaya
gittim": "Biz" read as the subject of "sinemaya"). A clause (a stretch between punctuation
marks) with exactly one word that zeyrek reads as a finite verb of a verb root, and a personal
pronoun that can only be nominative, proves the verb wrong when no reading of it agrees with
the pronoun in person (and in number, but for a third-person plural, whose verb may be
singular). Only first and second person pronouns and "onlar" count: "o" is as often the
demonstrative "that" ("O gün gittim"); another pronoun in the clause counts as a rival subject
only where it may be nominative ("size", "bunu" may not). A clause with no such verb that
closes its sentence on a participle of a verb root proves it wrong for a first or second
person pronoun: the participle as a predicate lacks the copula's person ("Ben size
getirir"). With no such pronoun, a noun that opens the sentence as the parse's subject proves a
first-person verb wrong where it can be no vocative (``_opening_subject``)."""

from __future__ import annotations

from collections.abc import Mapping

from ...analyses import WordAnalyses
from ...clauses import QUOTES, SubjectFailure, clause_spans
from ...doc import Sentence, Word
from ...mined import transitive_verbs
from .morph import _AGREEMENT, _CASES, _POSSESSIVE, all_morphemes, analyses, copular, readings

#: the question particle's forms begin so ("mi", "mısın", "musunuz", "müyüz")
_QUESTION = frozenset({"mi", "mı", "mu", "mü"})


def _finite_root(w: Word, closes: bool = False) -> list[dict[str, str]]:
    """The readings of a word that is a finite verb of a verb root in every reading zeyrek has
    (a participle, converb or verbal noun reading, or a copula on a noun, which every noun has
    in zeyrek's third person singular without a suffix, leaves it out; a copula counts only
    where the tagger read the word as a verb, or where every reading is the copula of the
    first or second person). A word that ``closes`` its sentence is no bare past participle:
    one without a possessive stands before a noun ("geldik" is "we came" there, not "come")."""
    got = analyses(w.form, "VERB", None) or []
    if closes and _finite_or_bare_participle(w.form):
        got = [o for o in got if "Person" in o]
    if not got or any("Person" not in o for o in got):
        return []
    if w.upos in ("VERB", "AUX"):
        return got
    roots = {r[4] for r in readings(w.form)}
    return got if roots == {"Verb"} or copular(w.form) else []


def _finite_or_bare_participle(form: str) -> bool:
    """Every reading zeyrek has of a verb root is a finite verb or a past participle without a
    possessive ("geldik": "we came", or "come" before a noun), and one is finite."""
    got = [r for r in readings(form) if r[4] == "Verb"]
    finite = [g for pos, _s, _l, g, _r in got if pos == "Verb" and _AGREEMENT.keys() & set(g)]
    return bool(finite) and all(
        (pos == "Verb" and _AGREEMENT.keys() & set(g))
        or (g[:1] == ("PastPart",) and not _POSSESSIVE.keys() & set(g))
        for pos, _s, _l, g, _r in got)


def _closes(sud: Sentence, w: Word) -> bool:
    """The word is its sentence's last but for a closing mark."""
    return w.id == len(sud.words) or sud.word(w.id + 1).form in _CLOSERS


def _closing_predicate(sud: Sentence, hi: int) -> tuple[Word, list[dict[str, str]]] | None:
    """The last word of a clause that closes its sentence, when it is a verb (as tagged) whose
    every reading is a finite verb or a participle of a verb root, with each reading's person
    and number: a participle as the predicate has no copula of the first or second person, so
    it is the third person singular ("ben size getirir": the aorist's finite form and its
    participle alike). A converb or verbal noun (a clause of its own: "ben gelince") makes it
    none, and so does a comma after it: verbs in a row may leave their person to the last
    ("gelmiş, görmüş, yenmişim")."""
    w = sud.word(hi)
    if w.upos != "VERB" or (hi < len(sud.words) and sud.word(hi + 1).form not in _CLOSERS):
        return None
    out: list[dict[str, str]] = []
    for pos, _secondary, _lemma, group, root in readings(w.form):
        agree = [_AGREEMENT[m] for m in group if m in _AGREEMENT]
        if root != "Verb":
            return None
        if pos == "Verb" and agree:
            feats = {"Person": agree[-1][0], "Number": agree[-1][1]}
        elif pos == "Adj" and len(group) > 1 and group[-1] == "Adj" and group[-2].endswith("Part"):
            feats = {"Person": "3", "Number": "Sing"}
        else:
            return None
        if feats not in out:
            out.append(feats)
    return (w, out) if out else None


#: marks that close a sentence
_CLOSERS = frozenset({".", "!", "?", "…", "...", "?!"})


def _oblique(w: Word) -> bool:
    """A pronoun in a case other than the nominative in every pronoun reading zeyrek has
    ("size", "bunu"): no subject."""
    got = [group for pos, _s, _l, group, _r in readings(w.form) if pos == "Pron"]
    return bool(got) and all(any(m in _OBLIQUE for m in group) for group in got)


_OBLIQUE = _CASES - {"Nom"}


def _known(w: Word) -> bool:
    """zeyrek has a reading of the word (punctuation and numbers count as known)."""
    return not any(c.isalpha() for c in w.form) or bool(readings(w.form))


def _verb_rooted(w: Word) -> bool:
    """Any reading of the word has a verb root (a converb or participle too: "deyince"), but
    for a verbal noun without a possessive, which has no subject ("yemek yiyeceğiz")."""
    return any(r[4] == "Verb" and not (r[3][:1] in (("Inf1",), ("Inf2",))
                                       and not _POSSESSIVE.keys() & set(r[3]))
               for r in readings(w.form))


def _verb_between(w: Word) -> bool:
    """A word between an opening noun and its verb that may be a verb of its own: tagged one,
    or with a verb's root in every reading (one reading among others is often a stray homonym:
    "işe", to work, is also a form of "işemek")."""
    got = readings(w.form)
    return w.upos in ("VERB", "AUX") or (bool(got) and all(r[4] == "Verb" for r in got))


def _subject_pronoun(w: Word) -> dict[str, str] | None:
    """A personal pronoun that can only be a nominative subject of the first or second person,
    or "onlar"."""
    if w.upos != "PRON":
        return None
    got = analyses(w.form, "PRON", None) or []
    if not got or any(o.get("Case") != "Nom" for o in got):
        return None
    pairs = {(o["Person"], o["Number"]) for o in got}
    if len(pairs) != 1:
        return None
    person, number = next(iter(pairs))
    if person == "3" and number == "Sing":
        return None
    return {"Person": person, "Number": number}


def _wrong(verb: dict[str, str], subject: dict[str, str]) -> tuple[str, ...]:
    """The features a verb reading gets wrong for its subject (a third-person plural subject
    takes a singular verb too)."""
    bad = []
    if verb.get("Person") != subject["Person"]:
        bad.append("Person")
    if verb.get("Number") != subject["Number"] and not (
            subject["Person"] == "3" and subject["Number"] == "Plur"):
        bad.append("Number")
    return tuple(bad)


def subject_failures(sud: Sentence, analyses_: Mapping[int, WordAnalyses],
                     lexicon: object | None = None) -> list[SubjectFailure]:
    """The finite verbs no subject pronoun of their clause agrees with (see the docstring)."""
    out: list[SubjectFailure] = []
    for lo, hi in clause_spans(sud):
        words = [sud.word(i) for i in range(lo, hi + 1) if sud.word(i).form not in QUOTES]
        verbs = [(w, _finite_root(w, _closes(sud, w))) for w in words]
        verbs = finite = [(w, r) for w, r in verbs if r]
        pronouns = [(w, p) for w in words if (p := _subject_pronoun(w)) is not None]
        closing = _closing_predicate(sud, hi) if not verbs else None
        if closing is not None and all(p["Person"] in "12" for _w, p in pronouns):
            verbs = [closing]  # (a third person plural subject may take it: "onlar gelmiş")
        by_noun = False
        # (a closing participle is no finite verb: it takes no noun's person)
        if len(finite) == 1 and not pronouns and lo == _first_word(sud) \
                and (noun := _opening_subject(sud, words, *finite[0])) is not None:
            pronouns, by_noun = [noun], True
        if len(verbs) != 1 or len(pronouns) != 1:
            continue
        (verb, readings), (pron, want) = verbs[0], pronouns[0]
        if pron.id > verb.id:
            continue  # a pronoun after its verb is rarely its subject in running text
        if any((w.upos == "CCONJ" or (w.upos == "PRON" and not _oblique(w))) and w is not pron
               for w in words):
            continue  # another pronoun or a conjunction: "O ve ben ...", "ben ..., o da ..."
        if any((_verb_rooted(sud.word(i)) if not by_noun else _verb_between(sud.word(i)))
               or not _known(sud.word(i)) for i in range(pron.id + 1, verb.id)):
            # a verb between them may be the pronoun's ("ben aç deyince açacaksın"), and so may
            # a word zeyrek does not know
            continue
        if pron.id > 1 and sud.word(pron.id - 1).upos in ("DET", "ADJ", "NUM"):
            continue  # a pronoun used as a noun: "bir ben merkezcilik"
        after = sud.word(verb.id + 1).form.lower() if verb.id < len(sud.words) else ""
        if after[:2] in _QUESTION and len(after) > 2:
            continue  # the question particle carries the person: "sen yardım eder misin"

        if any(not _wrong(o, want) for o in readings):
            continue
        best = min(readings, key=lambda o: len(_wrong(o, want)))
        out.append(SubjectFailure(verb=verb.id, subject=pron.id, subject_feats=want,
                                  verb_feats=best, features=_wrong(best, want),
                                  verb_upos="" if verb.upos in ("VERB", "AUX") else "VERB"))
    return out


def _first_word(sud: Sentence) -> int:
    """The id of a sentence's first word (after opening quotation marks)."""
    return next((w.id for w in sud.words if w.form not in QUOTES), 1)


def _opening_subject(sud: Sentence, words: list[Word], verb: Word,
                     finite: list[dict[str, str]]) -> tuple[Word, dict[str, str]] | None:
    """A noun or name that opens its sentence as the parse's subject of the clause's one
    finite verb, when that verb is of the first person in every reading (``finite``, its
    readings as ``_finite_root`` gives them): the third person it
    is ("Annem her gün işe otobüsle gidiyorum"). A noun before a second-person verb is as often
    a vocative ("Tanrım nasıl yaptın"), and one after its verb too ("Hiç satamadım Memo"); a
    vocative before a first-person verb has its comma in writing, so a word must stand between
    the noun and the verb, and no comma. Not a noun that zeyrek reads also as an adverb or a
    noun of time ("Akşam eve geldim"), in a case, or made of a numeral or a pronoun with a
    possessive ("ikimiz", "çoğumuz": of us); not where the verb takes an object and has none
    but the noun (an indefinite object has no case: "Kitap okudum"), nor beside a
    conjunction or a pronoun that may be a nominative ("Annem ve ben geldik", "Biz
    Türkler"). The parse may also have made the noun a possessor of a word that cannot be
    its possession (``_no_possessor_of``)."""
    noun = words[0]
    if noun.upos not in ("NOUN", "PROPN") or verb.id - noun.id < 2 or not (
            (noun.head == verb.id and noun.deprel.startswith("subj"))
            or _no_possessor_of(sud, noun)):
        return None
    got = readings(noun.form)
    if not got or any(pos != "Noun" or secondary == "Time" or _CASES & set(group) - {"Nom"}
                      or root in ("Num", "Pron") for pos, secondary, _l, group, root in got):
        return None
    after = sud.word(noun.id + 1)
    if after.upos in ("NOUN", "PROPN") and not any(
            pos == "Adv" or secondary == "Time" for pos, secondary, *_x in readings(after.form)):
        return None  # a phrase the noun may open: "Mahmut Beyi arıyordum" (the object)
    if any(o["Person"] != "1" for o in finite):
        return None
    if any(w.upos == "CCONJ" or (w.upos == "PRON" and not _oblique(w))
           or w.lemma.lower() == "ile" for w in words):
        return None
    if (verb.lemma or "").lower() in transitive_verbs("tr") and not any(
            w.head == verb.id and w.deprel.startswith("comp:obj") and w is not noun
            for w in words):
        return None
    number = "Plur" if any("A3pl" in group for *_x, group, _r in got) else "Sing"
    return noun, {"Person": "3", "Number": number}


def _no_possessor_of(sud: Sentence, noun: Word) -> bool:
    """The parse made a noun without a case ending the possessor of a word that has no
    third-person possessive in any reading zeyrek has: only a genitive possesses another
    person's ending, and a bare noun marks a compound, whose head ends in the third person's
    ("okul çantası"). So the noun is no possessor there ("Babam dün geldim": "dün" is
    "yesterday" or "your dü", never "his dü")."""
    if not noun.head or noun.deprel != "mod@poss":
        return False
    got = readings(sud.word(noun.head).form)
    return bool(got) and not any({"P3sg", "P3pl"} & set(group) for *_x, group, _r in got)


#: a possessor's person and number -> zeyrek's possessive morphemes it may be marked with (a
#: third-person plural possessor takes the singular's too: "onların evi")
_POSSESSIVES = {("1", "Sing"): {"P1sg"}, ("2", "Sing"): {"P2sg"}, ("1", "Plur"): {"P1pl"},
                ("2", "Plur"): {"P2pl"}, ("3", "Sing"): {"P3sg"}, ("3", "Plur"): {"P3sg", "P3pl"}}


def _genitive(a: WordAnalyses) -> tuple[set[str], set[str]] | None:
    """The persons of a word that can only be a genitive (a noun or name: the third), and the
    possessive morphemes it calls for; None when it may be something else."""
    if not a.known or any(o.get("Case") != "Gen" for o in a.options):
        return None
    persons: set[str] = set()
    morphemes: set[str] = set()
    for o in a.options:
        person = o.get("Person", "3")
        persons.add(person)
        for number in o.get("Number", "Sing").split(","):
            morphemes |= _POSSESSIVES[(person, number)]
    return persons, morphemes


def possessor_arcs(sud: Sentence, analyses_: Mapping[int, WordAnalyses]
                   ) -> list[tuple[int, int, str]]:
    """A genitive and the noun right after it, whose possessor the genitive must be where no
    later word of its clause could be (the small parser often reads a sentence-opening genitive
    pronoun as the verb's subject): the noun has a possessive ending in every reading, none of
    them the genitive's person, and no later word of the clause has a reading with the
    genitive's possessive (a verbal noun whose subject it is: "senin annemle tanışman") or is
    one zeyrek does not know."""
    out: list[tuple[int, int, str]] = []
    for lo, hi in clause_spans(sud):
        for i in range(lo, hi):
            g, noun = sud.word(i), sud.word(i + 1)
            if g.upos not in ("PRON", "NOUN", "PROPN") or noun.upos != "NOUN" \
                    or not analyses_[noun.id].known:
                continue
            genitive = _genitive(analyses_[g.id])
            marked = {o.get("Person[psor]") for o in analyses_[noun.id].options}
            if genitive is None or None in marked or marked & genitive[0]:
                continue  # (one that agrees: the parse's arcs are the solver's)
            later = [sud.word(k) for k in range(i + 2, hi + 1)]
            if any(not _known(w) or any(set(r[3]) & genitive[1] for r in readings(w.form))
                   for w in later):
                continue
            out.append((g.id, noun.id, "mod@poss"))
    return out


#: words after a genitive that govern it themselves: postpositions ("benim için", "senin gibi")
_GENITIVE_POSTPOSITIONS = frozenset({"için", "gibi", "kadar", "ile", "içün"})


def orphan_genitives(sud: Sentence, analyses_: Mapping[int, WordAnalyses]
                     ) -> list[tuple[int, int]]:
    """(pronoun, verb) pairs of a personal pronoun that can only be a genitive ("benim",
    "senin", "onun") and the finite verb right after it, where nothing after it in the clause
    is its possession (speech leaves a noun between them without its possessive: "benim şişe
    bitti", "senin ne yaptı"): no later word has its person's possessive ending in any
    reading (a verbal noun whose subject it is, "benim geldiğimi", counts, and so does a
    possessed noun as the predicate, "o benim kölemdi"), no postposition
    follows it ("senin için"), it does not close its clause (a predicate: "bu ev benim"), and
    no conjunction comes between. Then its case is wrong ("Benim görmez bile" for "Beni"). Not
    "bizim", whose noun may go without the possessive in speech ("bizim köy")."""
    out: list[tuple[int, int]] = []
    for lo, hi in clause_spans(sud):
        for i in range(lo, hi):
            g = sud.word(i)
            genitive = _genitive(analyses_[g.id])
            if g.upos != "PRON" or genitive is None or g.form.lower() == "bizim":
                continue
            # (the verb right after it first: the scan of the rest reads every word's morphemes)
            verb = sud.word(i + 1)
            got = readings(verb.form)
            if verb.upos != "VERB" or verb.form.lower() in _GENITIVE_POSTPOSITIONS \
                    or any(r[2] in _PREDICATE_VERBS for r in got) \
                    or not any(pos == "Verb" and _AGREEMENT.keys() & set(group)
                               for pos, _s, _l, group, _r in got):
                continue
            later = [sud.word(k) for k in range(i + 1, hi + 1)]
            if any(w.upos in ("CCONJ", "SCONJ") or not _known(w) for w in later) \
                    or any(genitive[1] & m for w in later for m in all_morphemes(w.form)):
                continue
            out.append((g.id, verb.id))
    return out


#: verbs whose genitive before them is a predicate: "onun olsun" (let it be his), "benim
#: sanıyordum" (I took it for mine)
_PREDICATE_VERBS = frozenset({"olmak", "sanmak", "zannetmek", "saymak", "bilmek"})
