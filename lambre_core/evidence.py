"""The precise checker: which rule failures the forms prove, which word to blame, how to fix it.

Steps, for one SUD sentence (``check_precise``):

1. every word gets the analyses its form allows (``lambre_core.analyses``);
2. the cheapest joint choice of analyses is found over the tree (``lambre_core.joint``): a rule
   fails only when no joint analysis satisfies it;
3. **arguments, not arcs**: a failure on a verb's subject or object is dropped when another
   assignment of the clause's noun phrases to the verb's roles satisfies every rule (German word
   order is free; the parser's subject/object guess is often swapped); a coordinated subject is
   plural whatever its conjuncts are;
4. **attachment**: a determiner or adjective that fails with its parser head but agrees with
   another noun right next to it is the parser's error, not the writer's;
5. **evidence**: a failure is *proven* when every word it rests on is known to a complete lexicon
   and the rule is one whose truth the forms decide (agreement; government by a named
   preposition or verb; subject case; verb form); otherwise *uncertain*;
6. **blame**: the agreeing word (determiner, adjective, verb), unless the noun's own form is what
   fails its governor (then the noun); a noun and its determiner both in the wrong case after a
   preposition: the determiner. The fix is the blamed word's lemma with the expected values.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from . import mined
from .alternatives import PLAUSIBLE, read_alternatives, read_classes
from .analyses import WordAnalyses, analyzer_for, inflect, sentence_analyses, word_analyses
from .check import RuleInstance, SentenceCheck, Violation, rule_arcs
from .clauses import CLAUSE_START, QUOTES, bracketed
from .doc import Sentence, Word
from .joint import DECL, Arc, Feats, Solution, decl_governors, outcome, solve, values, when_keys
from .languages import Language, language
from .languages.word_list import lemma_of
from .rules import Rule
from .sud import base_relation

#: relations of a verb's nominal arguments whose roles may be reassigned
ARG_RELS = ("subj", "comp:obj", "comp:pred")
#: the words agreement is controlled by, and the ones that can fill a verb's nominal roles
_CONTROLLERS = {"NOUN", "PROPN", "PRON"}
#: words that end a noun phrase (an alternative head noun lies before them)
_PHRASE_BREAK = {"VERB", "AUX", "PUNCT", "CCONJ", "SCONJ", "ADP", "DET"}
#: how many words around a determiner/adjective an alternative head noun may be
_ATTACH_WINDOW = 4
#: a token of two words joined by a slash, letters on both sides
_SLASH_JOINED = re.compile(r"\w/\w")


@dataclass(frozen=True)
class Precision:
    """What the precise checker needs besides the rules: the language (which lexicons) and the
    model's treebank lexicon (the fallback for words no field lexicon covers)."""

    lang: str
    lexicon: Any | None = None
    #: the probability from which a parser's other arc counts as a plausible parse that a
    #: proven violation must also hold under (``alternatives``); None: the best parse only
    plausible: float | None = PLAUSIBLE


#: the word classes whose unknown words get an analysis without agreement features
_UNKNOWN_FREE = ("VERB", "AUX")
#: ...and the modifiers, whose tagger guess must not force their noun's case either (an unknown
#: noun keeps its guess: with none, it could fill any role of its verb)
_UNKNOWN_MODIFIERS = ("ADJ", "DET")
_AGREEMENT_FEATS = frozenset({"Case", "Number", "Gender", "Person"})
#: the classes of a noun's attributes
_MODIFIERS = ("ADJ", "DET", "NUM")


def _rel(w: Word) -> str:
    return base_relation(w.deprel).split("@")[0]


def proof_grade(rule: Rule) -> bool:
    """Whether the rule's failure is decided by the forms themselves (given a correct parse):
    agreement of determiners, adjectives, verbs and predicate adjectives; government by a
    named head lemma; a verb form. (A subject's case is only as sure as the parser's choice of
    subject.)"""
    if rule.type == "agree":
        # between a noun and its determiners and adjectives, and between a verb and its subject;
        # not between conjuncts, appositions or parts of a name, where the parse itself is the
        # weak link
        rel = rule.relation.split("@")[0].split(":")[0]
        if rel in ("det", "mod"):
            # determiners and adjectives; a participle tagged VERB heads a clause of its own;
            # and an article with the adjective or pronoun it makes a noun of ("the other")
            return (rule.head_upos in ("NOUN", "PROPN") and rule.dep_upos != "VERB") or (
                rel == "det" and rule.dep_upos == "DET" and rule.head_upos in ("ADJ", "PRON"))
        # also a pronoun subject of a predicate adjective (the present's copula unsaid), a
        # predicate adjective with its copula, whose past form shows the subject's number and
        # gender, and a verb with its auxiliary in the chain the forms themselves make (a
        # plural participle with a first-person singular auxiliary: "we saw" with "I")
        return (rel == "subj" and (rule.head_upos in ("VERB", "AUX") or (
            rule.head_upos == "ADJ" and rule.dep_upos == "PRON"))) or (
            rule.relation.split("@")[0] == "comp:pred" and rule.head_upos == "AUX"
            and rule.dep_upos == "ADJ") or (
            rule.relation.split("@")[0] == "comp:aux" and rule.head_upos == "AUX"
            and rule.dep_upos == "VERB")
    if any(k.endswith(".lemma") for k in when_keys(rule)):
        return True
    # a verb form is decided by the forms in a verb chain or under a verb that takes an
    # infinitive; a verb hung on another as a modifier or subject is the parse's reading
    # (a sentence-initial infinitive under a later verb), not the writer's form
    return rule.feature == "VerbForm" and rule.relation.split("@")[0] in ("comp:aux", "comp:obj")


def _weight(rule: Rule) -> float:
    # a rule whose failure proves nothing must never decide which analysis a word has; a
    # conjunct's case under a shared governor outweighs its own phrase (``_governed_conjuncts``)
    if rule.id.endswith(_GOVERNED):
        return 1.5
    return 1.0 if proof_grade(rule) else 0.01


#: marks the case agreement of a conjunct that shares its first conjunct's governor
_GOVERNED = "#governed"


def _full_verbs(sud: Sentence, L: Language) -> Sentence:
    """``sud`` with an auxiliary that governs no verb and is no copula of the language read as
    the full verb it is, its nominal "predicate" as its object (the tagger's auxiliary "have"
    with a noun phrase and no participle: the phrase is what is had, in the object's case)."""
    if not L.copula_lemmas:
        return sud
    changed: dict[int, Word] = {}
    for v in sud.words:
        if v.upos != "AUX" or v.lemma.lower() in L.copula_lemmas \
                or any(w.head == v.id and w.upos in ("VERB", "AUX") for w in sud.words):
            continue
        preds = [w for w in sud.words if w.head == v.id and _rel(w) == "comp:pred"
                 and w.upos in _CONTROLLERS]
        if not preds:
            continue
        changed[v.id] = replace(v, upos="VERB")
        for w in preds:
            changed[w.id] = replace(w, deprel="comp:obj")
    if not changed:
        return sud
    return sud.with_words([changed.get(w.id, w) for w in sud.words])


def _numbers_in_digits(sud: Sentence, L: Language) -> Sentence:
    """``sud`` with each cardinal written in digits given the lemma of the number word it is
    read as (the language's ``number_word``), so that the rules of counted nouns, which name
    number words, apply to it. Not a number glued to a full stop, comma or colon: an ordinal, a
    decimal, a clock time, a list's number, part of a name ("5.", "2,5", "10:30", "3)",
    "Covid-19"), nor one right after a noun, its label."""
    changed: dict[int, Word] = {}
    for w in sud.words:
        if w.upos != "NUM" or not w.form.isdigit():
            continue
        word = L.number_word(w.form)
        if word is None or word == w.lemma:
            continue
        if (w.id < len(sud.words) and w.misc.get("SpaceAfter") == "No") \
                or (w.id > 1 and sud.word(w.id - 1).misc.get("SpaceAfter") == "No"):
            continue
        if w.id > 1 and sud.word(w.id - 1).upos in ("NOUN", "PROPN"):
            continue  # a noun's label, no count ("room 312", "article 7 of the law")
        changed[w.id] = replace(w, lemma=word)
    if not changed:
        return sud
    return sud.with_words([changed.get(w.id, w) for w in sud.words])


def _digits_doubt(sud: Sentence, rule: Rule, num: Word, noun: Word,
                  options: Mapping[int, Sequence[Feats]]) -> bool:
    """Whether a counted noun's rule meets a number in digits that may be read otherwise: as
    one of the numeral's oblique forms, after which the noun takes the phrase's case (the noun
    has a plural reading in a case other than the nominative, accusative and vocative: "with 8
    friends" reads the dative or instrumental of "eight"), or as the first part of a compound
    adjective (an adjective between the two that may be singular: "a 30 minute call", "a 16
    percent share")."""
    if not num.form.isdigit():
        return False
    if any(values(o, "Case") - {"Nom", "Acc", "Voc"} and "Sing" not in values(o, "Number")
           for o in options[noun.id]):
        return True
    return any(sud.word(i).upos == "ADJ"
               and any("Sing" in values(o, "Number") for o in options[i])
               for i in range(num.id + 1, noun.id))


def _governed_conjuncts(sud: Sentence, arcs: Sequence[Arc], L: Language,
                        options: Mapping[int, Sequence[Feats]]) -> list[Arc]:
    """``arcs`` with the case agreement between two coordinated noun phrases marked where a
    governor (a preposition, a verb's case frame) takes the first one: the second shares the
    governor, so its case is the governor's too, and where its determiner shows another case it
    is the determiner that is wrong, not the coordination. Only a conjunct joined by "and",
    after the first, with a determiner of its own, not followed by a finite verb (then it may be
    the subject of a clause of its own, the parse having joined it wrongly), and with no noun
    phrase before the first conjunct's phrase that could be its conjunct instead (a case the
    second shows: a headline's "X for Y in Z and the reason" joins the reason to X)."""
    # a governor that applies here (a frame: the verb's lemma is its) and takes one case only:
    # with two allowed (a two-way preposition) either conjunct may be the one in the wrong case
    governed = {a.dep for a in arcs if any(
        _governs(r) and len(r.allowed) == 1
        and (not r.when or r.applies(sud.word(a.dep).feats, sud.word(a.head).feats,
                                     sud.word(a.dep).lemma, sud.word(a.head).lemma))
        for r in a.rules)}
    out: list[Arc] = []
    for a in arcs:
        x = sud.word(a.dep)
        if a.head in governed and _rel(x) == "conj:coord" and a.head < a.dep \
                and x.upos in ("NOUN", "PROPN") and not _clause_goes_on(sud, x) \
                and any(w.head == x.id and w.upos == "DET" and w.id < x.id for w in sud.words) \
                and any(w.head == x.id and a.head < w.id < x.id and w.upos == "CCONJ"
                        and w.form.lower() in L.and_words for w in sud.words) \
                and not _higher_conjunct(sud, a.head, x, options):
            a = Arc(a.dep, a.head, tuple(
                replace(r, id=r.id + _GOVERNED)
                if r.type == "agree" and r.feature == "Case" else r for r in a.rules))
        out.append(a)
    return out


def _first_conjunct(sud: Sentence, w: Word) -> Word:
    """The first conjunct of the coordination ``w`` is a later conjunct of (``w`` if none)."""
    while _rel(w) == "conj:coord" and w.head:
        w = sud.word(w.head)
    return w


def _listed_conjuncts(sud: Sentence, arcs: Sequence[Arc],
                      options: Mapping[int, Sequence[Feats]]) -> list[Arc]:
    """``arcs`` with a preposition's case extended to the odd conjunct of a list it governs
    ("von Sehnen, Bänder und Muskeln"): of three bare nouns or more after a preposition that
    takes one case, each but one may be in that case; the one that cannot is in the wrong case,
    not a phrase of another role coordinated with the rest (two conjuncts could be that). Only
    bare nouns (no determiner or preposition of their own), none followed by a finite verb, the
    odd one in a number of the first."""
    extra: list[Arc] = []
    for a in arcs:
        adp, first = sud.word(a.head), sud.word(a.dep)
        if adp.upos != "ADP" or first.upos != "NOUN" or a.head > a.dep:
            continue
        governing = tuple(r for r in a.rules if r.type == "as" and _governs(r)
                          and len(r.allowed) == 1 and r.side == "dep"
                          and (not r.when or r.applies(first.feats, adp.feats, first.lemma,
                                                       adp.lemma)))
        if not governing:
            continue
        chain = [first]
        while True:
            nxt = [w for w in sud.words if w.head == chain[-1].id and _rel(w) == "conj:coord"]
            if len(nxt) != 1:
                break
            chain.append(nxt[0])
        if len(chain) < 3 or any(
                w.upos != "NOUN" or _clause_goes_on(sud, w)
                or (w.id < len(sud.words) and sud.word(w.id + 1).upos in ("VERB", "AUX"))
                or any(x.head == w.id and x.upos in ("DET", "ADP") for x in sud.words)
                for w in chain):
            continue
        case = governing[0].allowed[0]
        odd = [w for w in chain if not any(case in values(o, "Case") for o in options[w.id])]
        if len(odd) == 1 and odd[0] is not first and any(
                values(o, "Number") & values(f, "Number")
                for o in options[odd[0].id] for f in options[first.id]):
            # (in the first conjunct's number: a singular after a plural may be an apposition
            # to what the preposition's phrase depends on, "one of the writers, a translator")
            extra.append(Arc(odd[0].id, adp.id, governing))
    return [*arcs, *extra]


def _higher_conjunct(sud: Sentence, first: int, x: Word,
                     options: Mapping[int, Sequence[Feats]]) -> bool:
    """Whether a noun phrase before word ``first``'s phrase (not inside it; the noun the
    governor hangs on included) has a case that conjunct ``x``'s phrase can have: ``x`` may be
    coordinated with it instead."""
    own = _np_cases(sud, x, options)
    return any(w.id < first and w.upos in _CONTROLLERS and not _under(sud, w, first)
               and _np_cases(sud, w, options) & own for w in sud.words)


def _clause_goes_on(sud: Sentence, x: Word) -> bool:
    """Whether the clause goes on after ``x``'s phrase: the next word is neither punctuation nor
    a non-finite verb closing the clause (a finite verb there may make ``x`` a new clause's
    subject)."""
    last = max([x.id] + [w.id for w in sud.words if _under(sud, w, x.id)])
    if last == len(sud.words):
        return False
    nxt = sud.word(last + 1)
    if nxt.upos == "PUNCT":
        return False
    return not (nxt.upos in ("VERB", "AUX") and nxt.feats.get("VerbForm") in ("Part", "Inf"))


def _under(sud: Sentence, w: Word, top: int) -> bool:
    """Whether ``w`` lies in the subtree of word ``top`` (``top`` itself excluded)."""
    seen: set[int] = set()
    while w.head and w.id not in seen:
        seen.add(w.id)
        if w.head == top:
            return True
        w = sud.word(w.head)
    return False


def _unmark(rule: Rule, by_id: Mapping[str, Rule]) -> Rule:
    return by_id[rule.id.removesuffix(_GOVERNED)] if rule.id.endswith(_GOVERNED) else rule


def _role_weight(rule: Rule) -> float:
    # choosing who is the subject: the subject's case counts as much as agreement (it proves
    # nothing alone, so it is weighed only to choose the roles)
    if rule.type == "as" and rule.feature == "Case" and rule.relation.split("@")[0] == "subj":
        return 1.0
    return _weight(rule)


def check_precise(sud: Sentence, arcs: Sequence[Arc], precision: Precision,
                  rules: Sequence[Rule]) -> SentenceCheck:
    """Check a SUD sentence with every analysis its words allow (see the module docstring);
    ``arcs`` are its arcs with their candidate rules, ``rules`` every enabled rule."""
    L = language(precision.lang)
    full = _numbers_in_digits(_full_verbs(sud, L), L)
    if full is not sud:
        sud, arcs = full, rule_arcs(full, rules)
    raw = sentence_analyses(precision.lang, sud, precision.lexicon)
    if L.article_declension:
        raw = _neuter_infinitives(sud, _strong_quantifiers(sud, raw, L), L)
    # split coordinated subjects joined: a pronoun and a noun coordinated are the plural verb's
    # subject, not the noun alone
    joined = _join_split_coordination(sud, L)
    analyses = _finite_with_subject(joined, raw, L)
    options = {wid: a.options for wid, a in analyses.items()}
    for wid, a in analyses.items():
        if not a.known and (sud.word(wid).upos in _UNKNOWN_MODIFIERS
                            or (sud.word(wid).upos in _UNKNOWN_FREE
                                and a.options[0].get("VerbForm", "Fin") == "Fin")) \
                and any(k in _AGREEMENT_FEATS for k in a.options[0]):
            # a word no lexicon knows proves nothing, and its tagger guess must not force the
            # words around it into a failure either (an adverb tagged a singular verb makes the
            # plural subject before it singular; an indefinite determiner after a preposition
            # governing the genitive, tagged accusative, makes its noun accusative): it may also
            # agree with none
            options[wid] = (*a.options, {k: v for k, v in a.options[0].items()
                                         if k not in _AGREEMENT_FEATS})
    if L.article_declension:
        for w in sud.words:
            if w.upos == "ADJ" and _adverbial_comparative(sud, w, options, L):
                # maybe an adverb of the next word: it may agree with nothing
                options[w.id] = (*options[w.id], {k: v for k, v in options[w.id][0].items()
                                                  if k not in _AGREEMENT_FEATS
                                                  and k != "AdjDecl"})
    governors = decl_governors(sud, options, L.contractions)
    if joined is not sud:
        sud, arcs = joined, rule_arcs(joined, rules)
    parsed = sud
    marked = _listed_conjuncts(sud, _governed_conjuncts(sud, arcs, L, options), options)
    sud, solved_arcs, sol = _best_roles(sud, marked, rules, options, governors, precision.lang)
    if solved_arcs is marked:  # (the marks only weigh in the solver: the rules are the same)
        rule_of = {r.id: r for a in arcs for r in a.rules}
        sol = replace(sol, outcomes=[(_unmark(r, rule_of), d, h, ok)
                                     for r, d, h, ok in sol.outcomes])
    else:
        arcs = solved_arcs
    result = SentenceCheck(sud)
    for r, d, h, ok in sol.outcomes:
        result.instances.append(RuleInstance(r.id, d, h, ok))
    failing = [(r, d, h) for r, d, h, ok in sol.outcomes if not ok]
    # a subject coordinated by "and" is plural even when its conjuncts are names
    plural = {w.id for w in sud.words if _rel(w) == "subj"} & _and_coordinated(sud, L)
    uncertain_keys: set[tuple[str, int, int]] = set()
    coordinated = _coordinated_subjects(sud, options, precision.lang)
    by_id = {x.id: x for x in rules}
    # the parser's subjects of verbs, before the roles were reassigned: who is to blame in a
    # case clash inside a subject (a nominative plural article before a dative plural noun)
    subjects = frozenset(w.id for w in parsed.words if _rel(w) == "subj" and w.head
                         and parsed.word(w.head).upos in ("VERB", "AUX"))
    # the analyses chosen as if no government set a case (asked only when an agreement fails
    # inside a governed phrase, then once)
    free = cache(lambda: solve(sud, arcs, options, governors,
                               lambda r: 0.01 if _governs(r) else _weight(r), coordinated))
    # an attribute none of whose readings shares a feature with any reading of its noun: the
    # noun's reading is the homograph of another word (a masculine noun read as a feminine
    # noun's genitive plural), not a wrong ending
    homographs = {(d, h) for r, d, h in failing
                  if r.type == "agree" and sud.word(d).upos in ("ADJ", "DET")
                  and _far_apart(options[d], options[h])}
    # a phrase whose own attribute fails it in case is of no sure case: as a subject it proves
    # no verb wrong (the phrase's error is found; a label's infinitive after it is no finite
    # verb to correct)
    broken = {h for r, d, h in failing
              if r.type == "agree" and r.feature == "Case" and sud.word(d).upos in ("ADJ", "DET")}
    rules_on = {(a.dep, a.head): a.rules for a in arcs}
    # the cases a preposition's rules allow its object, where any were checked on it
    governed: dict[int, frozenset[str]] = {}
    for r, d, h, _ok in sol.outcomes:
        if r.type == "as" and r.feature == "Case" and r.side == "dep" and r.allowed \
                and sud.word(h).upos == "ADP":
            governed[d] = governed.get(d, frozenset(r.allowed)) & frozenset(r.allowed)

    def doubtful(r2: Rule, d2: int, h2: int) -> bool:
        return _doubtful(sud, r2, d2, h2, options, arcs, rules, raw, precision.lang)

    for r, d, h in failing:
        r0 = r
        r, chosen = _quantified_noun(sud, r, d, h, sol.choice, analyses, by_id, L)
        lacking = _case_ending_missing(sud, r, d, h, chosen, analyses, by_id, arcs, precision)
        if lacking is not None:
            r, chosen = lacking
        v = _violation(sud, r, d, h, chosen, analyses, precision,
                       failing if r is r0 else [*failing, (r, d, h)], coordinated, subjects,
                       noun_lacks_case=lacking is not None,
                       on_arc=rules_on.get((d, h), ()), governed=governed)
        proven = ((d, h) not in homographs
                  and not (r.type == "agree" and _rel(sud.word(d)) == "subj" and d in broken)
                  and not _unproven(r, sud.word(h), L)
                  and (proof_grade(r) or _nominative_object(sud, r, d, h, options, raw, L))
                  and all(analyses[w].known or (w in plural and r.feature == "Number")
                          or _trusted_in_phrase(sud, r, w, d, h, analyses, L)
                          for w in _rests_on(r, d, h))
                  and not doubtful(r, d, h)
                  and not _moves_elsewhere(sud, arcs, options, governors, r, d, h, sol,
                                           precision.lang, doubtful)
                  and not _government_induced(sud, r, d, h, arcs, options, free, rules, raw,
                                              precision.lang)
                  and not _forced_by_doubtful_sibling(sud, r, d, h, arcs, options, doubtful,
                                                      precision.lang)
                  and (parsed is sud  # roles unchanged: the same tree, no need to ask twice
                       # the parser's tree is asked about the word in the role the rule is about
                       or _rel(parsed.word(d)) != _rel(sud.word(d))
                       or not _doubtful(parsed, r, d, h, options, arcs, rules, raw, precision.lang)))
        if proven:
            result.violations.append(replace(v, evidence="proven"))
        else:
            result.uncertain.append(replace(v, evidence="uncertain"))
            uncertain_keys.add((r.id, d, h))
    result.violations += _rest_of_phrase(sud, result.violations, raw, sol.choice, precision)
    if L.subject_failures is not None:
        # the verb's own readings: the parser's subject does not narrow them here
        _clause_subjects(result, raw, sol.choice, precision, by_id, failing)
    if L.miscased_objects is not None:
        _miscased_objects(result, raw, sol.choice, precision, rules)
    if L.clause_arcs is not None:
        _clause_arcs(result, raw, sol.choice, precision, rules, failing)
    result.violations = _one_per_fix(result.violations)
    result.violations = _register_variants(result, sud, L, uncertain_keys)
    if uncertain_keys:
        result.instances = [RuleInstance(i.rule_id, i.dep, i.head, True)
                            if (i.rule_id, i.dep, i.head) in uncertain_keys else i
                            for i in result.instances]
    return result


_BOOSTED = "#boosted"


def _moves_elsewhere(sud: Sentence, arcs: Sequence[Arc], options: Mapping[int, Sequence[Feats]],
                     governors: Mapping[int, int | None], rule: Rule, dep: int, head: int,
                     sol: Solution, lang: str, doubtful: Callable[[Rule, int, int], bool]
                     ) -> bool:
    """Whether a reading of the forms as cheap as the chosen one satisfies every rule on this
    failing arc, the failure moving onto a verb's subject or onto an arc the parse may be to
    blame for: then the forms do not say where the error is, only that the sentence may have
    one somewhere else as likely (a noun of either number after a plural article, read as a
    singular noun failing its article or as a plural subject failing its singular verb; an
    article and quantifier before a possessive and its noun: the possessive or the article
    taken for a second determiner), and the failure is not proven here."""
    if sol.cost < 0.5:
        return False
    # every rule on this one arc made dearer (copies: the same rules on other arcs keep their
    # weight), so the solver moves the failure off the arc wherever that costs no more
    marked = [Arc(a.dep, a.head, tuple(replace(x, id=x.id + _BOOSTED) for x in a.rules))
              if (a.dep, a.head) == (dep, head) else a for a in arcs]
    boosted = solve(sud, marked, options, governors,
                    lambda x: _weight(x) * (1.5 if x.id.endswith(_BOOSTED) else 1.0),
                    _coordinated_subjects(sud, options, lang))
    if any((d, h) == (dep, head) and not ok for _, d, h, ok in boosted.outcomes):
        return False  # the arc still fails (in another feature: a masculine article before a
        # feminine noun, in gender or number)

    def failed(s: Solution) -> int:
        # the failures that count as evidence (a rule that proves nothing weighs nothing here)
        return sum(1 for r, _, _, ok in s.outcomes if not ok and proof_grade(r))

    if failed(boosted) > failed(sol):
        return False
    # where the failure went: only a move onto a verb's subject says the forms do not decide
    # (the parser's subject is the weakest link); a move inside the phrase or onto the verb's
    # object frame is the same error with another word to correct (an accusative object of a
    # verb that takes the dative: the article)
    before = {(r.id, d, h) for r, d, h, ok in sol.outcomes if not ok}
    moved = [(r, d, h) for r, d, h, ok in boosted.outcomes if not ok and (r.id, d, h) not in before]
    return bool(moved) and all(_rel(sud.word(d)) == "subj" or doubtful(r, d, h)
                               for r, d, h in moved)


def _forced_by_doubtful_sibling(sud: Sentence, rule: Rule, dep: int, head: int,
                                arcs: Sequence[Arc], options: Mapping[int, Sequence[Feats]],
                                doubtful: Callable[[Rule, int, int], bool], lang: str) -> bool:
    """Whether an attribute that agrees with some reading of its noun fails only because the
    noun was read to fit another adjective of it whose own arc the parse may be to blame for
    ("light passing through black curtains": the participle hung on "curtains" too): the
    failure goes with that arc, and proves nothing here. (Not a determiner's arc: its doubts
    are about which word of a phrase to blame, and the phrase's error stands.)"""
    if rule.type != "agree" or sud.word(dep).upos not in ("ADJ", "DET") or not any(
            _may_agree(o, n) for o in options[dep] for n in options[head]):
        return False
    if language(lang).article_declension:
        return False  # adjectives declined after one article: their clash is the phrase's error
    return any(a.head == head and a.dep != dep and sud.word(a.dep).upos == "ADJ"
               and any(r2.type == "agree" and doubtful(r2, a.dep, head) for r2 in a.rules)
               for a in arcs)


def _register_variants(result: SentenceCheck, sud: Sentence, L: Language,
                       uncertain_keys: set[tuple[str, int, int]]) -> list[Violation]:
    """The violations that stay errors: one whose blamed word is the spoken register's form of
    the fix ("nový věty" for "nové věty", ``Language.colloquial_standard``) moves to
    ``result.uncertain`` as evidence "colloquial", with a note naming the standard form, and its
    rule instance counts as satisfied (its key joins ``uncertain_keys``)."""
    from .messages import render

    kept: list[Violation] = []
    for v in result.violations:
        standard = {f.lower(): f for f in L.colloquial_standard(v.blamed.form)}
        fix = next((s for s in v.suggestions if s.lower() in standard), None)
        if fix is None and v.rule.type == "agree":
            # the fix named another form (a spoken "similar" before "sentences" blames
            # "sentences", or suggests the singular), while the attribute's standard form
            # agrees with the noun as it is: the attribute is the register's
            fix = _register_attribute(v.dep, v.head, L)
        if fix is None:
            kept.append(v)
            continue
        args = {"word": _in_token(sud, v.blamed, None, L)[1], "fix": fix}
        result.uncertain.append(replace(v, evidence="colloquial", suggestions=(fix,),
                                        note=render("colloquial", args), message_id="colloquial",
                                        message_args=tuple(sorted(args.items()))))
        uncertain_keys.add((v.rule.id, v.dep.id, v.head.id))
    return kept


def _register_attribute(attr: Word, noun: Word, L: Language) -> str | None:
    """The standard form of a colloquial attribute that agrees with ``noun`` as written."""
    if attr.upos not in ("ADJ", "DET"):
        return None
    nouns = _analyses_as(L.code, noun.form.lower(), noun.upos, noun.lemma)
    for std in L.colloquial_standard(attr.form):
        if any(_may_agree(a, n) for a in _analyses_as(L.code, std.lower(), attr.upos, attr.lemma)
               for n in nouns):
            return std
    return None


def _one_per_fix(violations: list[Violation]) -> list[Violation]:
    """One violation per blamed word and correction: a dative plural noun after an accusative
    article, as a verb's object, fails both the article's case and the verb's frame on the noun,
    with the one fix (its accusative plural); the government (it says why) is kept. Violations
    without a fix all stay."""
    at: dict[tuple[int, str], int] = {}  # (word, fix) -> its place in ``out``
    out: list[Violation] = []
    for v in violations:
        key = (v.blamed.id, v.suggestions[0]) if v.suggestions else None
        if key is None or key not in at:
            if key is not None:
                at[key] = len(out)
            out.append(v)
        elif v.rule.type == "as" and out[at[key]].rule.type == "agree":
            out[at[key]] = v
    return out


def _strong_quantifiers(sud: Sentence, analyses: dict[int, WordAnalyses], L: Language
                        ) -> dict[int, WordAnalyses]:
    """The German quantifiers for "much" and "little" decline weak only after an article (then
    singular); with none before it, its strong readings are all it has (plural before a plural
    noun, never before a singular one)."""
    out = analyses
    for w in sud.words:
        a = analyses[w.id]
        if w.upos != "DET" or not a.known or not w.form.lower().startswith(L.weak_after_article):
            continue  # "much" and "little"; "such" and "which" take weak adjectives after them
        strong = tuple(o for o in a.options if o.get(DECL) == "Strong")
        if not strong or len(strong) == len(a.options) or any(o.get(DECL) is None for o in a.options):
            continue
        before = sud.word(w.id - 1) if w.id > 1 else None
        if before is not None and before.upos == "DET":
            continue
        if out is analyses:
            out = dict(analyses)
        out[w.id] = replace(a, options=strong)
    return out


def _neuter_infinitives(sud: Sentence, analyses: dict[int, WordAnalyses], L: Language
                        ) -> dict[int, WordAnalyses]:
    """A German noun after a neuter singular article whose readings are all plural, and whose
    form is an infinitive by its ending, is a nominalized infinitive of a verb the verb lexicon
    lacks (a capitalized infinitive after a neuter article, also a dative one after a
    preposition): it gets the neuter singular readings too. So does one after an adjective
    that can only be neuter singular (a strong ending with no article: "for quick showering")
    where a word list or the verb lexicon names the verb.
    Only there: elsewhere a dative plural ending like an infinitive stays the plural it is."""
    out = analyses
    for w in sud.words:
        a = analyses[w.id]
        low = w.form.lower()
        if w.upos != "NOUN" or not w.form[:1].isupper() \
                or not a.known or any(o.get("Number") != "Plur" for o in a.options):
            continue
        k = w.id - 1
        neuter = False
        while k >= 1 and sud.word(k).upos == "ADJ":
            b = analyses[k]
            neuter = neuter or (b.known and all(
                o.get("Gender") == "Neut" and o.get("Number") == "Sing" for o in b.options))
            k -= 1
        article = k >= 1 and sud.word(k).form.lower() in L.neuter_articles
        # (after an adjective alone, only a listed verb's: a plural noun that merely ends like
        # an infinitive stays the plural it is, and its attribute's error stays found)
        if not (article and L.infinitive(low)) and not (neuter and L.listed_infinitive(low)):
            continue
        if out is analyses:
            out = dict(analyses)
        out[w.id] = replace(a, options=(*a.options, *({"Case": c, "Gender": "Neut", "Number": "Sing"}
                                                      for c in ("Nom", "Acc", "Dat"))))
    return out


def _rest_of_phrase(sud: Sentence, found: Sequence[Violation],
                    analyses: Mapping[int, WordAnalyses], choice: Mapping[int, Feats],
                    precision: Precision) -> list[Violation]:
    """A governed noun phrase in the wrong case is wrong word by word: besides the word its
    finding blames, every other word of the phrase that has no form in the governed case is
    blamed too (an adjective and noun in the nominative plural after a preposition that governs
    the dative: both blamed), each with its own fix."""
    out: list[Violation] = []
    blamed = {v.blamed.id for v in found}
    for v in found:
        r, noun = v.rule, v.dep
        if r.type != "as" or r.feature != "Case" or r.side != "dep" \
                or noun.upos not in ("NOUN", "PROPN"):
            continue
        allowed = set(r.allowed)
        # a noun the finding corrects takes the governed case in its own number and gender, so
        # a word of the phrase fits when it can show that case in one of them ("by many
        # employers" after a preposition taking the dative: the noun lacks its dative plural
        # ending, the determiner has it and is right)
        nouns = list(analyses[noun.id].options) if v.blamed.id == noun.id else \
            [o for o in analyses[noun.id].options if values(o, "Case") & allowed] \
            or list(analyses[noun.id].options)
        words = [noun] + [w for w in sud.words if w.head == noun.id and w.id < noun.id
                          and w.upos in ("DET", "ADJ") and _rel(w) in ("det", "mod")]
        for w in words:
            a = analyses[w.id]
            if w.id in blamed or not a.known or not any("Case" in o for o in a.options):
                continue
            fits = any(values(o, "Case") & allowed and (w is noun or _number_gender_fit(o, n))
                       for o in a.options for n in nouns)
            if fits:
                continue
            base = dict(choice[w.id])
            want = {**base, "Case": r.allowed[0]}
            if w is not noun:
                want.update({k: nouns[0][k] for k in ("Number", "Gender") if k in nouns[0]})
            if w.upos != "ADJ":
                want.pop(DECL, None)
            fix = inflect(precision.lang, replace(w, feats=_shown(w, base)), want,
                          precision.lexicon)[:3]
            shown = replace(w, feats=_shown(w, base))
            extra = replace(v, primary=None if w is noun else shown,
                            blame=(w.id, v.head.id) if w is noun
                            else _phrase_blame(w, noun, v.head, r, analyses),
                            found=tuple(sorted(values(base, "Case"))), suggestions=tuple(fix))
            out.append(_with_note(extra, sud, r, None if w is noun else shown,
                                  language(precision.lang)))
            blamed.add(w.id)
    return out


def _relative_off(sud: Sentence, pron: Word, verb: Word,
                  analyses: Mapping[int, WordAnalyses], L: Language) -> bool:
    """A relative pronoun subject (Russian) that agrees neither with its verb nor with the
    noun before its comma, while the verb agrees with that noun: the pronoun is wrong."""
    if not L.relative_lemma or pron.lemma.lower() != L.relative_lemma \
            or verb.upos not in ("VERB", "AUX") or pron.id < 3 or sud.word(pron.id - 1).form != ",":
        return False
    noun = sud.word(pron.id - 2)
    if noun.upos not in ("NOUN", "PROPN") or not analyses[noun.id].known:
        return False
    return any(all(not values(n, k) or not values(v, k) or values(n, k) & values(v, k)
                   for k in ("Number", "Gender"))
               and (values(v, "Number") != {"Sing"} or "Gender" not in v
                    or values(n, "Gender") & values(v, "Gender"))
               for n in analyses[noun.id].options for v in analyses[verb.id].options)


def _quantifier_counts(det: Word, noun: Word, analyses: Mapping[int, WordAnalyses],
                       L: Language) -> bool:
    """A plural quantifier before a noun whose every reading is singular (a quantifier for
    "many" before a singular noun)."""
    return det.upos == "DET" and det.form.lower() in L.plural_quantifiers \
        and noun.upos == "NOUN" and analyses[noun.id].known \
        and any(o.get("Number") == "Plur" for o in analyses[det.id].options) \
        and all(o.get("Number") == "Sing" for o in analyses[noun.id].options)


def _quantified_noun(sud: Sentence, rule: Rule, dep: int, head: int, choice: Mapping[int, Feats],
                     analyses: Mapping[int, WordAnalyses], by_id: Mapping[str, Rule],
                     L: Language) -> tuple[Rule, Mapping[int, Feats]]:
    """A gender or number failure between a plural quantifier and a singular noun is the
    noun's number: the number rule, with the quantifier's plural reading."""
    d, h = sud.word(dep), sud.word(head)
    number = by_id.get(f"agree.{d.upos}.{h.upos}.{base_relation(d.deprel)}.Number")
    if rule.type != "agree" or rule.feature not in ("Gender", "Number") or number is None \
            or not _quantifier_counts(d, h, analyses, L):
        return rule, choice
    plural = next(o for o in analyses[dep].options if o.get("Number") == "Plur")
    return number, {**choice, dep: plural}


def _case_ending_missing(sud: Sentence, rule: Rule, dep: int, head: int,
                         choice: Mapping[int, Feats], analyses: Mapping[int, WordAnalyses],
                         by_id: Mapping[str, Rule], arcs: Sequence[Arc], precision: Precision
                         ) -> tuple[Rule, Mapping[int, Feats]] | None:
    """A determiner that fails its noun in gender, although the noun's spelling also has a
    reading of the determiner's gender and number, only in another case, where the noun's
    governor allows the determiner's case and none of that reading's cases, and that reading's
    lemma has a form in the determiner's case: the gender the determiner names is the word the
    writer meant (gender belongs to the noun's lexeme; a homograph of another gender is rarely
    the intended one), and what fails is the noun's case ending (a weak masculine noun without
    its ending beside a feminine homograph, after a preposition governing the dative). The
    case rule of the arc, with that reading of the noun; None when this is not such a failure
    (without a governor to say the case, the determiner may as well be the word to correct)."""
    d, h = sud.word(dep), sud.word(head)
    if rule.type != "agree" or rule.feature != "Gender" or d.upos != "DET" \
            or h.upos != "NOUN" or not (analyses[dep].known and analyses[head].known):
        return None
    case_rule = by_id.get(f"agree.{d.upos}.{h.upos}.{base_relation(d.deprel)}.Case")
    if case_rule is None:
        return None
    for det in (choice[dep], *analyses[dep].options):
        g, n, c = det.get("Gender"), det.get("Number"), det.get("Case")
        if not (g and n and c) or "," in c:
            continue
        same = [o for o in analyses[head].options
                if g in values(o, "Gender") and n in values(o, "Number")]
        if not same or any(c in values(o, "Case") for o in same):
            continue
        wanted = {**same[0], "Case": c}
        if not any(r.type == "as" and r.side == "dep" and r.feature == "Case"
                   and outcome(r, wanted, choice[a.head], h.lemma, gl) is True
                   and all(outcome(r, o, choice[a.head], h.lemma, gl) is False for o in same)
                   for a in arcs if a.dep == head
                   for gl in (sud.word(a.head).lemma,) for r in a.rules):
            continue
        reading = {**same[0], "Gender": g, "Number": n}
        shown = replace(h, feats=_shown(h, reading))
        if any(f != h.form for f in inflect(precision.lang, shown, {**reading, "Case": c},
                                            precision.lexicon)):
            return case_rule, {**choice, dep: det, head: reading}
    return None


def _miscased_objects(result: SentenceCheck, analyses: Mapping[int, WordAnalyses],
                      choice: Mapping[int, Feats], precision: Precision,
                      rules: Sequence[Rule]) -> None:
    """A word its pack finds in a case its verb cannot take (``Language.miscased_objects``: a
    Russian pronoun or noun left in the nominative as the verb's object, a Turkish genitive
    pronoun nothing is possessed by), checked by the verb's own object rules (its frame, else
    the general one) that its case fails: the case all its readings share, else the
    nominative."""

    sud = result.sentence
    blamed = {v.blamed.id for v in result.violations}
    find = language(precision.lang).miscased_objects
    pairs = find(sud, analyses) if find is not None else []
    for obj, verb in pairs:
        if obj in blamed or _reciprocal(sud, sud.word(obj), precision.lang):
            continue  # (the reciprocal's first part never inflects)
        # the object on its verb (the negative existential as the verb it is, whatever the
        # tagger said)
        alt = sud.with_words([replace(w, head=verb, deprel="comp:obj") if w.id == obj
                              else replace(w, upos="VERB") if w.id == verb else w
                              for w in sud.words])
        arc = next((a for a in rule_arcs(alt, rules) if (a.dep, a.head) == (obj, verb)), None)
        shared = frozenset.intersection(*(values(o, "Case") for o in analyses[obj].options)) \
            if analyses[obj].options else frozenset()
        rs = [r for r in arc.rules if r.type == "as" and r.feature == "Case"
              and not (shared or {"Nom"}) & set(r.allowed)] if arc else []
        if not rs:
            continue
        o, vw = alt.word(obj), alt.word(verb)
        # the verb's own frame before the general rule
        frames = [x for x in rs if x.names_lemmas(o.lemma, vw.lemma)] + [x for x in rs if not x.when]
        if not frames:
            continue
        r = frames[0]
        picked = {**choice, obj: analyses[obj].options[0]}
        v = _violation(alt, r, obj, verb, picked, analyses, precision, [(r, obj, verb)])
        result.violations.append(replace(v, evidence="proven"))
        result.uncertain = [u for u in result.uncertain if u.blamed.id != obj]
        result.instances.append(RuleInstance(r.id, obj, verb, False))
        blamed.add(obj)


def _object_of_infinitive(sud: Sentence, subj: Word, verb: Word,
                          options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A relative pronoun read as the subject of a verb that has an infinitive under it, the
    pronoun able to be accusative: the infinitive's object, the verb impersonal (a relative
    pronoun before an impersonal modal and its infinitive, or before an infinitive with its
    particle and the copula)."""
    if not (subj.feats.get("PronType") == "Rel" or subj.lemma.lower() in L.relative_pronouns
            or subj.form.lower() in L.relative_pronouns) or subj.id > verb.id:
        return False
    if not any("Acc" in values(o, "Case") for o in options[subj.id]):
        return False
    return any(w.head == verb.id and w.id > verb.id and w.upos in ("VERB", "AUX")
               and w.feats.get("VerbForm") == "Inf" for w in sud.words)


def _noun_after_noun(subj: Word, verb: Word, lang: str) -> bool:
    """A "verb" right after its noun subject that the tagger also thought a noun and the
    lexicon reads as a noun's genitive: a genitive attribute more likely (a genitive plural
    that is also a verb's past tense)."""
    # (or a demonstrative pronoun before a predicate noun that is also a verb form)
    demonstrative = subj.upos == "PRON" and subj.feats.get("PronType") == "Dem"
    if verb.id != subj.id + 1 or not (subj.upos == "NOUN" or demonstrative) \
            or verb.upos not in ("VERB", "AUX"):
        return False
    if "NOUN" not in {c for c, _p in read_classes(verb.misc.get("AltUPOS", ""))}:
        return False  # the tagger saw no noun in it (an infinitive after a noun subject)
    analyze, _ = analyzer_for(lang)
    want = {"Nom", "Gen"} if demonstrative else {"Gen"}
    return analyze is not None and any(
        values(a, "Case") & want for a in analyze(verb.form, "NOUN", None) or ())


def _clause_subjects(result: SentenceCheck, analyses: Mapping[int, WordAnalyses],
                     choice: Mapping[int, Feats], precision: Precision,
                     by_id: Mapping[str, Rule], failing: list[tuple[Rule, int, int]]) -> None:
    """Subject-verb agreement proven per clause (``lambre_core.clauses``), for the verbs whose
    subject the parse lost or misread: the verb is blamed, the fix agrees with the subject."""
    from .clauses import subject_failures

    sud = result.sentence
    blamed = {v.blamed.id for v in result.violations}
    options = {w: a.options for w, a in analyses.items()}
    for f in subject_failures(sud, analyses, precision.lexicon, precision.lang):
        if f.verb in blamed or f.subject in blamed:
            continue  # (already found on the arc: a relative pronoun that agrees with neither
            # its antecedent nor its verb is blamed)
        verb, subj = sud.word(f.verb), sud.word(f.subject)
        if _noun_after_noun(subj, verb, precision.lang) or _object_of_infinitive(
                sud, subj, verb, options, language(precision.lang)) \
                or _reciprocal(sud, subj, precision.lang) \
                or _noun_after_preposition(sud, verb, precision.lang) \
                or (subj.upos in ("PRON", "DET")  # (a noun subject is the clause check's to prove)
                    and _object_of_dropped_subject(subj, options, language(precision.lang))):
            continue
        if f.verb_upos and f.verb_upos != verb.upos and verb.id > 1 \
                and sud.word(verb.id - 1).upos == "ADJ" and any(
                    _may_agree(a, n) for a in options[verb.id - 1] for n in options[verb.id]):
            continue  # a noun with its adjective, no short predicate (a genitive plural noun
            # also read as a short adjective)
        if _finite_homograph_agrees(subj, verb, options, precision.lang):
            continue
        if all(_agreement_excused(sud, subj, verb, feat, options, precision.lang)
               for feat in f.features):
            continue
        if all(_subject_misread(sud, subj, verb, feat, options, language(precision.lang))
               for feat in f.features):
            continue
        upos = subj.upos if subj.upos in _CONTROLLERS else "PROPN"
        vupos = f.verb_upos or verb.upos
        found = [by_id[i] for i in (f"agree.{upos}.{vupos}.subj.{feat}" for feat in f.features)
                 if i in by_id]
        if not found:
            continue
        words = [replace(w, head=f.verb, deprel="subj", upos=upos) if w.id == f.subject
                 else replace(w, upos=vupos) if w.id == f.verb else w for w in sud.words]
        for c in f.conjuncts[1:]:
            words[c - 1] = replace(words[c - 1], head=f.subject, deprel="conj:coord")
        alt = sud.with_words(words)
        want = {k: f.subject_feats[k] for k in ("Person", "Number", "Gender")
                if k in f.subject_feats}
        own = next((o for o in analyses[f.subject].options
                    if "Nom" in values(o, "Case") and all(o.get(k, v) == v for k, v in want.items())),
                   {**choice[f.subject], **want})
        picked = {**choice, f.verb: f.verb_feats, f.subject: own}
        coordinated = {(f.subject, f.verb): want} if f.conjuncts else None
        fails = failing + [(r, f.subject, f.verb) for r in found]
        read = analyses
        if vupos != verb.upos:
            # the verb the tagger took for another class is read, and fixed, as a verb
            read = {**analyses, f.verb: word_analyses(precision.lang, alt.word(f.verb),
                                                      precision.lexicon)}
        v = _violation(alt, found[0], f.subject, f.verb, picked, read, precision, fails,
                       coordinated)
        result.violations.append(replace(v, evidence="proven"))
        result.uncertain = [u for u in result.uncertain if u.blamed.id != f.verb]
        result.instances.append(RuleInstance(found[0].id, f.subject, f.verb, False))
        blamed.add(f.verb)


def _clause_arcs(result: SentenceCheck, analyses: Mapping[int, WordAnalyses],
                 choice: Mapping[int, Feats], precision: Precision, rules: Sequence[Rule],
                 failing: list[tuple[Rule, int, int]]) -> None:
    """The rules of the arcs the language pack proves from the forms (``Language.clause_arcs``),
    whatever the parse made of them: a rule of the arc that no pair of the two words' readings
    satisfies is proven broken (the arc being sure, its rule is as sure as the forms)."""
    L = language(precision.lang)
    assert L.clause_arcs is not None
    sud = result.sentence
    blamed = {v.blamed.id for v in result.violations}
    for dep, head, rel in L.clause_arcs(sud, analyses):
        d, h = sud.word(dep), sud.word(head)
        if dep in blamed or head in blamed \
                or not (analyses[dep].known and analyses[head].known):
            continue
        alt = sud.with_words([replace(w, head=head, deprel=rel) if w.id == dep else w
                              for w in sud.words])
        found = next((a.rules for a in rule_arcs(alt, rules) if a.dep == dep), ())
        pairs = [(od, oh) for od in analyses[dep].options for oh in analyses[head].options]
        for r in found:
            if _unproven(r, h, L) or any(
                    outcome(r, od, oh, d.lemma, h.lemma) is not False for od, oh in pairs):
                continue
            od, oh = pairs[0]
            v = _violation(alt, r, dep, head, {**choice, dep: od, head: oh}, analyses,
                           precision, [*failing, (r, dep, head)])
            result.violations.append(replace(v, evidence="proven"))
            result.uncertain = [u for u in result.uncertain if u.blamed.id != v.blamed.id]
            result.instances.append(RuleInstance(r.id, dep, head, False))
            blamed.add(v.blamed.id)
            break


def _solve(sud: Sentence, arcs: Sequence[Arc], options: Mapping[int, Sequence[Feats]],
           governors: Mapping[int, int | None], lang: str, roles: bool = False) -> Solution:
    return solve(sud, arcs, options, governors, _role_weight if roles else _weight,
                 _coordinated_subjects(sud, options, lang))


def _best_roles(sud: Sentence, arcs: Sequence[Arc], rules: Sequence[Rule],
                options: Mapping[int, Sequence[Feats]], governors: Mapping[int, int | None],
                lang: str) -> tuple[Sentence, Sequence[Arc], Solution]:
    """Arguments, not arcs: for each verb with several nominal arguments, the assignment of
    subject/object/predicative roles to them that leaves the fewest rules broken (the parser's
    own assignment on a tie)."""
    sol = _solve(sud, arcs, options, governors, lang, roles=True)
    if sol.cost < 0.5:
        return sud, arcs, _solve(sud, arcs, options, governors, lang)
    verbs = sorted({w.head for w in sud.words if w.head and _rel(w) in ARG_RELS
                    and sud.word(w.head).upos in ("VERB", "AUX")})
    done: set[int] = set()
    for v in verbs:
        if v in done:
            continue
        cx = _verbal_complex(sud, v)
        done |= cx
        args = [w for w in sud.words if w.head in cx and _rel(w) in ARG_RELS
                and w.upos in _CONTROLLERS]
        if not 2 <= len(args) <= 4:
            continue
        labels = [a.deprel for a in args]
        # the parser's own roles meet the same test as the alternatives (an accusative pronoun
        # is no subject)
        own = _case_penalty({a.id: a.deprel for a in args if _rel(a) == "subj"}, options)
        for perm in _labelings(labels):
            relabel = dict(zip((a.id for a in args), perm, strict=True))
            alt = sud.with_words([replace(w, deprel=relabel.get(w.id, w.deprel)) for w in sud.words])
            alt_arcs = rule_arcs(alt, rules)
            alt_sol = _solve(alt, alt_arcs, options, governors, lang, roles=True)
            alt_sol.cost += _case_penalty(relabel, options)
            if alt_sol.cost < sol.cost + own - 0.5:
                sud, arcs, sol = alt, alt_arcs, alt_sol
                own = 0.0
        if sol.cost < 0.5:
            break
    return sud, arcs, _solve(sud, arcs, options, governors, lang)


def _finite_options(w: Word, options: Mapping[int, Sequence[Feats]], lang: str
                    ) -> tuple[list[Feats], str]:
    """The finite analyses of a verb or auxiliary, or of a word the tagger took for something
    else that the language's lexicon knows as a finite verb (a capitalized modal tagged ADV);
    with the UPOS to read rules for."""
    if w.upos in ("VERB", "AUX"):
        classes = language(lang).word_classes(w.form)
        if classes and not classes & {"VERB", "AUX"}:
            return [], ""  # the dictionary knows the word, never as a verb (a numeral)
        return [o for o in options[w.id] if o.get("VerbForm", "Fin") == "Fin"], w.upos
    if w.upos in ("ADV", "X", "PART", "SCONJ", "INTJ") and language(lang).known_verb(w.form):
        analyze, _ = analyzer_for(lang)
        if analyze is not None:  # a known verb, not a guess
            for upos in ("AUX", "VERB"):
                got = analyze(w.form.lower(), upos, None) or []
                fin = [o for o in got if o.get("VerbForm") == "Fin"]
                if fin:
                    return list(fin), upos
    return [], ""


def _case_penalty(relabel: Mapping[int, str], options: Mapping[int, Sequence[Feats]]) -> float:
    """Whatever rules the file has: a subject must be able to be nominative, an object must be
    able to be something else than a nominative or vocative (a nominative-only pronoun is no
    object)."""
    cost = 0.0
    for wid, label in relabel.items():
        cases = [values(o, "Case") for o in options[wid] if "Case" in o]
        if not cases:
            continue
        rel = base_relation(label)
        if rel == "subj" and not any("Nom" in c for c in cases):
            cost += 1.0
        elif rel == "comp:obj" and all(c <= {"Nom", "Voc"} for c in cases):
            cost += 1.0  # (nor a vocative: a feminine's citation form is both)
    return cost


def _labelings(labels: list[str]) -> list[tuple[str, ...]]:
    """Other role assignments of a clause's arguments: permutations of their labels, and, when
    the parser gave the clause two subjects, each argument as the one subject with the other
    subjects made objects."""
    out: list[tuple[str, ...]] = []
    for perm in itertools.permutations(labels):
        if list(perm) != labels and perm not in out:
            out.append(perm)
    if sum(1 for x in labels if base_relation(x) == "subj") > 1:
        for i in range(len(labels)):
            alt = tuple("subj" if j == i else ("comp:obj" if base_relation(x) == "subj" else x)
                        for j, x in enumerate(labels))
            if alt not in out:
                out.append(alt)
    return out


def _verbal_complex(sud: Sentence, v: int) -> set[int]:
    """A verb with the verbs it heads or is headed by through auxiliary/verbal complements
    (an auxiliary and its participle, a modal and its infinitive): their arguments share the
    clause's roles."""
    top = v
    while sud.word(top).head and sud.word(sud.word(top).head).upos in ("VERB", "AUX") \
            and _rel(sud.word(top)).startswith("comp"):
        top = sud.word(top).head
    out = {top}
    grew = True
    while grew:
        grew = False
        for w in sud.words:
            if w.head in out and w.id not in out and w.upos in ("VERB", "AUX") \
                    and _rel(w).startswith("comp"):
                out.add(w.id)
                grew = True
    return out


def _doubtful(sud: Sentence, rule: Rule, dep: int, head: int,
              options: Mapping[int, Sequence[Feats]], arcs: Sequence[Arc], rules: Sequence[Rule],
              analyses: Mapping[int, WordAnalyses], lang: str) -> bool:
    """Whether the parse, rather than the writer, may be to blame for a failure."""
    d, h = sud.word(dep), sud.word(head)
    L = language(lang)
    if d.head != head and h.upos == "ADP" and (first := _first_conjunct(sud, d)) is not d \
            and first.head == head:
        # a list's odd conjunct under its preposition (``_listed_conjuncts``): the preposition's
        # own object, the list's first conjunct, answers for where the phrase stands
        return _doubtful(sud, rule, first.id, head, options, arcs, rules, analyses, lang)
    if _reciprocal(sud, d, lang) or _reciprocal(sud, h, lang):
        return True
    if _inside_tag(sud, d) or _inside_tag(sud, h):
        return True
    if mined.in_fixed(sud, dep, lang) or mined.in_fixed(sud, head, lang):
        # a word of a fixed expression the treebank joins into one ("that is", "what kind
        # of") has no role of its own: the parse read it as a free word
        return True
    if rule.type == "agree" and _stands_alone(sud, d, h, options, lang):
        return True
    if rule.type == "agree" and _rel(d) == "subj" and _finite_homograph_agrees(d, h, options, lang):
        return True
    if rule.type == "agree" and _rel(d) == "subj" and h.id < d.id \
            and any(sud.word(i).form in (":", ";") for i in range(h.id + 1, d.id)):
        # a "subject" after its verb beyond a colon opens the clause the colon introduces
        # ("he told me: I ...")
        return True
    if rule.type == "as" and rule.feature == "VerbForm" and (
            _second_after_subject(sud, d, options)
            or _subject_of_its_own(sud, d, h, rule, options, L)):
        return True
    if rule.type == "as" and d.upos == "NUM" and h.id == d.id + 1 \
            and L.adverb_first(h.form.lower()) \
            and (h.id == len(sud.words) or sud.word(h.id + 1).upos == "PUNCT"):
        # a "counted noun" closing its clause that is an adverb first ("three in a row"): the
        # number stands for what it counts, said before, and the adverb goes with the verb
        return True
    if L.pro_drop and rule.type == "agree" and rule.feature == "Number" and _rel(d) == "subj" \
            and d.upos in ("NOUN", "PROPN") and h.upos in ("VERB", "AUX") \
            and (persons := _own_person(options[head])) and persons <= {"1", "2"} \
            and any(values(o, "Case") - {"Nom", "Voc"} for o in options[dep]):
        # a noun is in the third person: where the language leaves its pronouns out, the
        # subject of a verb in the first or second person is the pronoun left out, and a noun
        # that may be in another case the object the parser misread ("what message do we
        # send"), its number no proof (a noun that can only be the nominative is the subject
        # whose verb is wrong: "my sister are at home")
        return True
    if rule.type == "agree" and _noun_of_its_own(sud, d, h):
        return True
    if any(_noun_after_preposition(sud, w, lang) or _abbreviation(sud, w) for w in (d, h)):
        return True
    if rule.type == "agree" and _noun_read_as_adjective(sud, d, options, lang):
        return True
    if d.upos in ("DET", "ADJ") and h.upos in ("VERB", "AUX") and d.id == head - 1 and any(
            _may_agree(a, n) for a in options[dep] for n in _analyses_as(lang, h.form, "NOUN")):
        return True  # a determiner or adjective right before a "verb" that the lexicon also
        # knows as a noun it agrees with is that noun's attribute ("any rules were broken",
        # the plural noun read as a past tense), no subject of a verb
    if _is_numeral(d, L) and d.id < head and any(sud.word(i).upos == "ADP"
                                                  for i in range(dep + 1, head)):
        return True  # a number before a preposition counts no noun inside its phrase ("three
        # in a row": the row is not counted)
    if rule.feature == "AdjDecl" and L.noun_capitals and d.upos == "ADJ" \
            and _capitalized_inside(sud, d) and h.id == d.id + 1 and h.form[:1].isupper() \
            and sud.word(d.id - 1).form[:1].isupper() \
            and sud.word(d.id - 1).upos not in ("DET", "ADP", "PRON"):
        # where only nouns are capitalized, a capitalized adjective before its noun, right
        # after another noun (whatever its tag), is a name's in apposition ("the case United
        # States v. Nixon"): the name's words keep their own endings, whatever article stands
        # before the first noun (after its own article, a capital is a writer's slip: "the
        # Moral aspects")
        return True
    if rule.type == "agree" and _attribute_with_complement(sud, d, h, options):
        return True
    if any(_after_nominal_adjective(sud, w, options, L) for w in (d, h)):
        return True
    if rule.type == "agree" and _rel(d) == "det" and h.upos in ("ADJ", "PRON") \
            and d.feats.get("PronType") != "Art":
        return True  # only an article makes a noun of an adjective or pronoun; another
        # determiner hung on one is the parse's (a demonstrative pronoun hung on the short
        # predicate adjective after it, "for that [are] needed")
    if rule.type == "agree" and rule.relation.split("@")[0] == "comp:aux" and (
            d.feats.get("VerbForm") != "Part"
            or any(sud.word(i).upos == "PUNCT" for i in range(min(dep, head) + 1, max(dep, head)))):
        return True  # a verb chain is a participle with its auxiliary within one clause: a
        # finite verb, or one across a comma (a conditional "I would", then "that you
        # consider" with its own auxiliary), is another clause's
    if rule.type == "agree" and _determiner_as_subject(sud, d, h, options, L):
        return True
    if rule.type == "agree" and _article_before_insertion(sud, d, h, options):
        return True
    if rule.type == "as" and d.upos in ("DET", "PRON") and d.id < len(sud.words) \
            and "Cmp" in sud.word(d.id + 1).feats.get("Degree", ""):
        return True  # a quantifier right before a comparative is its degree word ("with an
        # ever louder opposition"), not the object of the preposition before it
    if _is_frame(rule) and L.voice_changed(h.form, h.lemma):
        return True  # a causative or passive of the frame's verb has a frame of its own
    if any(sud.word(i).form in ("!", "?") for i in range(min(dep, head) + 1, max(dep, head))):
        return True  # a sentence ends between the two: sentences run together, or a quotation
    # whose verb of saying follows it
    if any(_capitals_misread(w, lang) or _name_adjective(sud, w, options, lang) for w in (d, h)):
        return True
    if any(_split_inside(sud, w) or _letter_not_preposition(sud, w) for w in (d, h)):
        return True
    if any(_no_word_of_the_language(w, lang) or _acronym(sud, w, L) or _in_foreign_name(sud, w, L)
           for w in (d, h)):
        return True
    if rule.type == "agree" and _article_of_name(sud, d, h, L):
        return True
    if rule.type == "as" and rule.feature == "Case" and h.upos == "ADP" \
            and _vocative_only(options[dep]):
        # no preposition governs a vocative: a form that can only be one after a preposition
        # is another word (an indeclinable or foreign one: "for their crypto ads")
        return True
    if rule.type == "as" and rule.feature == "Case" and d.upos == "PRON" \
            and d.feats.get("Reflex") == "Yes" and rule.allowed \
            and not set(rule.allowed) & {"Acc", "Dat"}:
        # a reflexive pronoun where the verb's object takes neither the accusative nor the
        # dative is the verb's own reflexive ("to be afraid" is reflexive and takes a genitive
        # object), not that object; where the object is an accusative or dative, the reflexive
        # may be it, and its case stands
        return True
    if _attribute_of_nearer_noun(sud, rule, d, h, options, lang):
        return True
    if rule.feature == "AdjDecl" and _adverbial_of_time(sud, d, h, options, L):
        return True
    if rule.type == "agree" and d.upos == "DET" and d.id > 1 \
            and sud.word(d.id - 1).upos not in _BEFORE_AN_ARTICLE \
            and ((h.id == d.id + 2 and _adverbial_of_time(sud, sud.word(h.id - 1), h, options, L))
                 or (h.id == d.id + 1 and _time_position(sud, h, options, L))):
        # a determiner before such an adverbial is a pronoun of its own ("do that next week",
        # "announced that at the beginning of this week"), unless what precedes it takes a noun
        # phrase (a preposition, a noun's attribute)
        return True
    if rule.type == "agree" and d.upos == "DET" and _vocative_only(options[head]):
        return True  # no determiner goes with an address: a vocative-only form is another word
    if rule.feature == "VerbForm":
        # a finite verb in another person than the verb it was given to heads a clause of its
        # own (an inserted "I think" with no commas), not a wrong form of that verb's complement
        mine, its = _own_person(options[dep]), _own_person(options[head])
        if mine and its and not mine & its:
            return True
    if rule.type == "as" and rule.feature == "Case" and h.upos in ("VERB", "AUX") and d.id > 2 \
            and sud.word(d.id - 1).upos == "PRON" and sud.word(d.id - 2).upos == "ADP":
        # a verb's "object" right after a preposition and a pronoun is the pronoun's attribute
        # in the preposition's phrase ("look for something bigger"), not the verb's object
        return True
    if rule.feature == "VerbForm" and d.upos == "VERB" and options[dep] \
            and all(o.get("VerbForm") == "Fin" for o in options[dep]) \
            and _analyses_as(lang, d.form, "NOUN"):
        return True  # a "finite verb" that is a noun's form too ("I will start with a reminder")
    if d.upos == "NUM" and d.id < h.id and h.upos in ("NOUN", "PROPN") \
            and _comma_before_noun(sud, d, h):
        return True  # a number cut off from the noun after it by a comma counts something else
    if L.predicative_instrumental and rule.type == "agree" and d.upos == "ADJ" and d.id > 1 \
            and sud.word(d.id - 1).upos == "CCONJ" and options[head] \
            and any("Ins" in values(o, "Case") for o in options[dep]) \
            and not any("Ins" in values(o, "Case") for o in options[head]) \
            and any(w.lemma.lower() in L.copula_lemmas for w in sud.words[:d.id - 1]):
        # an instrumental right after "and", before a noun that cannot be one, in a sentence
        # with a copula before it: the predicate of a second clause whose copula is left out
        # ("the first is X and the second [is] Y"), not an attribute
        return True
    if rule.type == "agree" and any(_SLASH_JOINED.search(sud.word(i).form)
                                    for i in range(min(dep, head) + 1, max(dep, head))):
        # two words joined by a slash ("graphics/component video") between an attribute and
        # its noun: one token to the tagger, so the attribute's own noun may be hidden in it
        return True
    if any(_partitive_genitive(sud, w, options, L) for w in (d, h)
           if w.upos in ("NOUN", "PROPN") or (w is d and w.upos == "DET")):
        return True
    if rule.feature == "Number" and any(_truncated_conjunct(sud, w, L) for w in (d, h)):
        return True
    if rule.type == "agree" and _pronoun_subject_before_noun(sud, d, h, options, L):
        return True
    if any(_preposition_by_its_arc(sud, w) for w in (d, h)):
        return True
    if _nearer_object(sud, rule, d, h, lang):
        return True
    if rule.feature == "Case" and not L.article_declension and any(
            w.upos in ("NOUN", "PROPN") and w.head and w.head + 1 < w.id
            and sud.word(w.head).upos == "ADP" and sud.word(w.head + 1).head == w.id
            and _demonstrative_object(sud, sud.word(w.head + 1), w, options, L)
            for w in (d, h)):
        # the noun's case comes from a preposition whose object is the demonstrative
        # right after it ("there is in it a certain skill"): no case of the noun is proven
        return True
    if rule.type == "as" and rule.allowed and _is_numeral(d, L) and options[head] and any(
            x.head == h.id and x.id < d.id and x.upos in ("ADJ", "DET") for x in sud.words) \
            and any(values(o, rule.feature) & set(rule.allowed) for o in options[head]):
        # a noun that can take the case and number its number gives it, read otherwise to fit
        # an attribute before the number: that attribute is the whole phrase's ("these two
        # tombs": a nominative plural before a genitive singular), and nothing fails
        return True
    if rule.type == "agree" and d.upos == "ADJ" and d.id < len(sud.words) \
            and _is_numeral(sud.word(d.id + 1), L):
        # an adjective right before a number belongs to the counted noun's phrase ("a mere
        # 7,000 citizens", "an amazing 20 billion"), not to the word the parser gave it
        return True
    if rule.type == "agree" and _rel(d) == "subj" and _oblique_by_attribute(sud, d, options):
        return True
    if rule.type == "agree" and _rel(d) == "comp:pred" and _copula_a_pronoun(sud, h, L):
        return True
    if rule.type == "agree" and _rel(d) == "comp:pred" and d.upos == "ADJ" and options[dep] \
            and all(values(o, "Case") and not values(o, "Case") & {"Nom", "Ins"}
                    for o in options[dep]):
        # a "predicate" adjective that can be neither nominative nor instrumental is none: a
        # counted phrase's genitive ("there were several injured")
        return True
    if L.predicative_instrumental and rule.type == "agree" and d.upos == "ADJ" \
            and h.upos in ("NOUN", "PROPN", "PRON") and h.id < d.id \
            and any("Ins" in values(o, "Case") for o in options[dep]):
        return True  # a secondary predicate: an instrumental adjective after the object it describes
    if L.predicative_instrumental and rule.type == "agree" and d.upos == "ADJ" and d.id > 1 \
            and sud.word(d.id - 1).lemma.lower() in L.predicative_verbs \
            and any("Ins" in values(o, "Case") for o in options[dep]):
        return True  # the predicate of a copula right before it, in the instrumental
    if rule.type == "agree" and d.upos == "ADJ" and 1 < d.id < h.id \
            and sud.word(d.id - 1).lemma.lower() in L.copula_lemmas \
            and any(o.get("Case") == "Nom" for o in options[dep]) \
            and options[head] and not any("Nom" in values(o, "Case") for o in options[head]):
        # a nominative adjective right after a copula, before a noun that cannot be nominative:
        # the copula's predicate with its own argument ("the facts are laden with theory"), not
        # that noun's attribute (where the noun may be the predicate noun, "is a big house",
        # the attribute's failure stands)
        return True
    if rule.type == "agree" and d.upos == "ADJ" and 2 < d.id < h.id \
            and _predicate_of_noun_before(sud, d, h, options, L):
        return True
    if rule.type == "agree" and d.upos == "ADJ" and d.id < h.id - 1 \
            and _predicate_before_time_phrase(sud, d, h, options, L):
        return True
    if L.zero_copula and rule.type == "agree" and d.upos == "ADJ" and d.id > 1 \
            and sud.word(d.id - 1).feats.get("PronType") == "Prs" \
            and any(_may_agree(o, p) for o in options[dep] for p in options[d.id - 1]):
        # a predicate adjective right after its pronoun subject, the present's copula unsaid
        # (a short adjective after a personal pronoun), taken for the next noun's attribute
        return True
    if rule.type == "agree" and d.upos == "DET" and 1 < d.id < h.id and not L.article_declension:
        # a determiner the word right before it may take for its own argument
        prev = sud.word(d.id - 1)
        # (a pack's list too: a tagger may leave PronType out)
        demonstrative = _demonstrative(d, L)
        if any(o.get("VerbForm") == "Part" for o in options[prev.id]):
            # a demonstrative right after a participle is its agent or object (an instrumental
            # between the participle and its noun), not the next noun's determiner
            return True
        if _demonstrative_object(sud, d, h, options, L):
            return True
        if rule.feature == "Case" and demonstrative \
                and any(o.get("VerbForm") == "Fin" for o in options[prev.id]) \
                and any(values(o, "Case") & {"Ins", "Dat"} for o in options[dep]):
            # a demonstrative in the instrumental or dative right after a verb stands alone as
            # the verb's own argument ("I mean by that the goal"), not as the next noun's
            # determiner
            return True
    if L.pro_drop and rule.type == "agree" and d.upos in ("ADJ", "DET") \
            and _opens_sentence(sud, dep) \
            and not any(w.upos in ("VERB", "AUX") for w in sud.words) \
            and any(o.get("VerbForm") == "Fin"
                    for o in _analyses_as(lang, d.form.lower(), "VERB")):
        # a sentence without a verb, opened by a failing attribute that can be a finite verb
        # (its subject left unsaid): it is the verb the parse did not see ("I own a business"
        # read as "own business"); not in a language that says its subjects, where a heading
        # or a learner's fragment without a verb is just that
        return True
    if rule.type == "agree" and _rel(d) == "subj" and h.upos in ("VERB", "AUX") \
            and _lone_comma_between(sud, d, h):
        return True
    if L.attributes_precede and rule.type == "agree" and d.upos == "ADJ" and d.id < h.id \
            and any(x.head == head and x.upos == "DET" and d.id < x.id < h.id
                    for x in sud.words):
        # an adjective before its noun's determiner stands outside the phrase's usual order: a
        # fronted predicate (an instrumental adjective before the object and its verb), not an
        # attribute
        return True
    if _rel(d) == "subj" and h.upos == "ADJ" and h.id > 1 and sud.word(h.id - 1).upos == "ADJ" \
            and any(
                _may_agree(n, a) for n in _analyses_as(lang, h.form.lower(), "NOUN")
                for a in options[h.id - 1]):
        # a "predicate adjective" that is a noun with its adjective before it (a genitive plural
        # noun also read as a short adjective)
        return True
    if L.pro_drop and rule.type == "agree" and d.upos == "DET" \
            and h.upos in ("NOUN", "PROPN") and (
                (d.id + 1 < h.id and (sud.word(d.id + 1).upos == "ADV"
                                      or _is_numeral(sud.word(d.id + 1), L)))
                or (d.id > 1 and sud.word(d.id - 1).upos == "ADV"
                    and any(o.get("Degree") == "Cmp" for o in options[d.id - 1]))):
        # a quantifier in an adverbial: before an adverb or numeral, or after a comparative
        # adverb (the determiner belongs to the adverb or numeral)
        return True
    if rule.type == "agree" and rule.feature == "Number" and d.upos == "ADJ" and (
            (dep > 2 and sud.word(dep - 1).upos == "CCONJ" and sud.word(dep - 2).upos == "ADJ")
            or (dep + 2 <= len(sud.words) and sud.word(dep + 1).upos == "CCONJ"
                and sud.word(dep + 2).upos == "ADJ")):
        return True  # coordinated adjectives each in the singular before one plural noun
    if rule.type == "as" and h.upos == "ADP" and any(
            sud.word(i).lemma.lower() in L.wh_lemmas or
            sud.word(i).feats.get("PronType") in ("Rel", "Int")
            for i in range(h.id + 1, d.id)):
        # a relative or question word right after the preposition is its object, and the noun
        # after it the subject of the clause it opens (a preposition, a relative pronoun, a
        # nominative noun)
        return True
    if _pronoun_object(sud, rule, d, h, options, lang):
        return True
    if rule.type == "as" and h.upos in ("VERB", "AUX") and any(
            sud.word(i).upos == "SCONJ" or sud.word(i).feats.get("PronType") in ("Rel", "Int")
            for i in range(min(dep, head) + 1, max(dep, head))):
        return True  # a clause opens between them (a subordinator before its own subject)
    if rule.type == "as" and h.upos == "ADP" and _genitive_before_object(sud, rule, d, options):
        return True
    if not L.postpositional and _before_its_preposition(sud, rule, d, h, L):
        return True
    if rule.type == "agree" and d.upos == "ADJ" and d.id > 1 \
            and sud.word(d.id - 1).form.lower() in L.substantive_pronouns:
        return True  # the pronoun's own attribute ("nothing positive and a refusal")
    if rule.type == "agree" and d.upos in ("ADJ", "DET") and d.id < h.id \
            and h.upos in ("NOUN", "PROPN") and _comma_before_noun(sud, d, h):
        return True
    if L.attributes_precede and rule.type == "agree" and d.upos == "ADJ" \
            and h.upos in ("NOUN", "PROPN") and d.id > h.id and not any(
                x.head == dep and x.upos in ("NOUN", "PROPN", "ADP") for x in sud.words):
        # an attributive adjective stands before its noun; one after it that fails is used as
        # a noun (a genitive plural adjective after a noun) or is a predicate
        return True
    if rule.feature == "VerbForm" and h.upos == "ADJ" \
            and any(o.get("VerbForm") == "Fin" for o in options[dep]):
        return True  # a finite verb under an adjective: its subject (a quantifier for "many")
    if L.measure_comparative and rule.type == "as" and h.upos == "ADP" \
            and h.form.lower() in L.measure_comparative and h.id > 1 \
            and any("Acc" in values(o, "Case") for o in options[dep]) \
            and any("Ins" in values(o, "Case") for o in options[h.id - 1]) \
            and sud.word(h.id - 1).upos in ("NOUN", "ADJ"):
        return True  # a measure compared: an instrumental of dimension, "about the size of" + Acc
    if rule.type == "as" and h.upos == "ADP" and d.id > h.id and any(
            (h.form.lower(), sud.word(i).form.lower()) in L.circumpositions
            for i in range(d.id + 1, min(len(sud.words), d.id + 2) + 1)):
        return True  # a circumposition closed after its object governs a case of its own
    if rule.type == "as" and h.upos == "ADP" and "ADV" in L.word_classes(h.form):
        return True  # a preposition that is also an adverb (used as one, before a clause)
    if rule.type == "as" and h.upos == "ADP" and d.upos in ("NOUN", "DET", "PRON") \
            and "ADV" in L.word_classes(d.form) and d.id < len(sud.words) \
            and sud.word(d.id + 1).upos in ("ADJ", "DET", "NOUN", "NUM"):
        # an object that is also an adverb, before a phrase: the adverb of that phrase, which
        # is the preposition's object ("with a bit different converters")
        return True
    if L.noun_capitals and any(w.upos == "NOUN" and w.form[:1].isupper() and w.id < len(sud.words)
                            and sud.word(w.id + 1).upos == "PROPN" for w in (d, h)):
        # a noun right before a name is part of a name (an English name of several words after
        # a German article) or a title before it; its case proves nothing
        return True
    if L.noun_capitals and (_compound_part(sud, d) or _compound_part(sud, h)
                            or _unknown_contraction(sud, dep, L)
                            or _unknown_contraction(sud, head, L)):
        return True
    if rule.type == "agree" and _rel(d) == "subj" and (
            _noun_after_noun(d, h, lang) or _object_of_infinitive(sud, d, h, options, L)):
        return True
    if _rel(d) == "subj" and rule.feature in ("Number", "Person") \
            and _stray_conjunct(sud, d, options, lang):
        return True
    if _rel(d) == "subj" and any(o.get("Mood") == "Imp" for o in options[head]) and (
            (d.id > h.id and d.upos == "PRON")
            or any(sud.word(i).form == "," for i in range(d.id + 1, h.id))):
        # an imperative has no subject: a pronoun after it is its object, a phrase before it
        # and a comma belongs to the clause before (or addresses the reader)
        return True
    if any(w.form.lower() in L.floating_quantifiers and _after_plural_pronoun(sud, w)
           for w in (d, h)) or (d.upos == "ADJ" and any(
               x.head == head and x.form.lower() in L.floating_quantifiers
               and _after_plural_pronoun(sud, x) for x in sud.words)):
        # a quantifier floating after its plural pronoun (one for "both"), with the
        # adjectives that would decline after it
        return True
    if _rel(d) == "subj":
        if rule.type == "agree" and h.upos in ("VERB", "AUX") \
                and _subject_misread(sud, d, h, rule.feature, options, L):
            return True
        if rule.type == "agree" and _predicate_misread(sud, h, options, L):
            return True
        if rule.type == "agree" and _copula_a_pronoun(sud, h, L):
            return True
        return _subject_doubt(sud, rule, dep, head, options, rules, analyses, lang)
    if rule.feature == "VerbForm":
        return _verb_form_doubt(sud, rule, d, h, options, L, analyses)
    if rule.type == "as" and h.upos == "ADP" and (_outside_pp(sud, d, h, options, L)
                                                  or _far_correlative(sud, d, h, L)):
        return True
    if rule.type == "as" and h.upos == "ADP" and rule.allowed and any(
            x.head == head and x.id != dep and _rel(x) == "comp:obj" and options[x.id]
            and all(values(o, "Case") & set(rule.allowed) for o in options[x.id])
            for x in sud.words):
        return True  # the preposition's object is another word, in its case
    if rule.type == "as" and h.upos == "ADP" and rule.allowed and d.id == head + 1 \
            and d.id + 2 <= len(sud.words) and sud.word(d.id + 1).upos == "ADJ" \
            and sud.word(d.id + 2).upos in ("NOUN", "PROPN") \
            and any(values(o, "Case") & set(rule.allowed) for o in options[d.id + 2]):
        # a noun between the preposition and an adjective of the noun after it, which has the
        # preposition's case: the adjective's own argument (a participle's agent, "for by the
        # user set colours"), inside the phrase the preposition governs
        return True
    if rule.type == "as" and h.upos in ("VERB", "AUX") and d.upos in ("NOUN", "PROPN", "PRON") \
            and _after_orphan_preposition(sud, d):
        return True
    if rule.type == "as" and _rel(d) == "comp:obj" and _inverted_subject(sud, d, h, options, lang):
        return True
    if rule.type == "as" and h.upos in ("VERB", "AUX") and rule.allowed and any(
            x.head == dep and x.upos == "ADJ" and x.id < dep
            and not (L.noun_capitals and not x.form[:1].isupper())
            and any(values(o, "Case") & set(rule.allowed)
                    for o in _analyses_as(lang, x.form.lower(), "NOUN"))
            for x in sud.words):
        # an "adjective" of the verb's argument that the noun lists know as a noun in the case
        # the verb takes: a noun the tagger took for an adjective, the argument itself, with the
        # word after it its genitive ("thanks his strong system of support"); where nouns are
        # capitalized, a lower-case word is no noun (an adjective the lexicon also lists as a
        # noun made of it)
        return True
    if L.article_declension and rule.type == "as" and h.upos == "ADP" and d.id == head + 1 \
            and d.id < len(sud.words) and options[dep] \
            and all(values(o, "Case") == {"Gen"} for o in options[dep]) \
            and (sud.word(d.id + 1).upos in ("NOUN", "PROPN", "ADJ") or sud.word(d.id + 1).form in _QUOTES):
        return True  # a genitive before a noun phrase is that noun's ("for Google's X")
    if L.noun_capitals and L.form_bundles is not None and rule.type == "agree" \
            and d.upos == "ADJ" and d.form[:1].isupper() and d.id > 1 \
            and sud.word(d.id - 1).upos not in ("PUNCT", "SYM") \
            and L.form_bundles(d.form, "NOUN"):
        return True  # a capitalized "adjective" inside a sentence that is a noun (an "old" that is "age")
    if rule.type == "as" and h.upos == "ADP" and rule.allowed and any(
            sud.word(i).upos in ("NOUN", "ADJ")
            and any(values(o, "Case") & set(rule.allowed) for o in options[i])
            and not any(_may_agree(o, p) for o in options[i] for p in options[dep])
            for i in range(min(dep, head) + 1, max(dep, head))):
        # a word between them in the case the preposition takes, which is no modifier of the
        # noun: the preposition's object (an instrumental noun tagged an adjective, then a
        # noun in the nominative)
        return True
    if rule.type == "as" and h.upos == "ADP" and d.upos == "PRON" and d.id == h.id + 1 \
            and d.id + 1 < len(sud.words) and sud.word(d.id + 1).upos in ("ADJ", "VERB") \
            and sud.word(d.id + 2).upos in ("NOUN", "PROPN") \
            and sud.word(d.id + 1).head == d.id + 2:
        # a pronoun of the participle after it, inside the phrase (preposition, pronoun,
        # participle or adjective, noun; not a pronoun object of a verb after it)
        return True
    if not L.noun_capitals and rule.type == "as" and h.upos == "ADP" \
            and (d.upos in ("DET", "ADJ") or (d.upos == "PRON" and "Person" not in d.feats
                                              and d.feats.get("PronType") != "Prs")) \
            and _capitalized_inside(sud, d) and (d.id == len(sud.words) or sud.word(
                d.id + 1).upos not in ("NOUN", "PROPN", "ADJ", "NUM")):
        # a name standing alone: a capitalized pronoun after a preposition (a setting's value;
        # a title, "farewell to It"; not a personal pronoun, capitalized to be polite);
        # German capitalizes nouns and polite pronouns, so there a capital says nothing (a
        # capitalized pronoun in the wrong case after a preposition)
        return True
    if not L.noun_capitals and rule.type == "as" and h.upos == "ADP" and d.id > h.id + 1 \
            and sud.word(h.id + 1).upos in ("ADJ", "DET", "ADV") \
            and sud.word(h.id + 1).head == dep \
            and _capitalized_inside(sud, sud.word(h.id + 1)) \
            and any("Nom" in values(o, "Case") for o in options[dep]):
        # a label or title after the preposition, its first word capitalized and the phrase
        # left in the nominative as the screen shows it ("Click on Home page", "set to Only
        # me", in Czech)
        return True
    if rule.type == "as" and h.upos == "ADP" and h.id + 1 < d.id \
            and (sud.word(h.id + 1).upos == "PRON"
                 or sud.word(h.id + 1).lemma.lower() in L.reflexives
                 or (sud.word(h.id + 1).upos == "DET" and not sud.word(h.id + 1).feats
                     and _analyze_as(lang, sud.word(h.id + 1).form, "PRON"))):
        # the preposition has its own object: a reflexive or personal pronoun between it and
        # the noun (a pronoun tagged a determiner without features)
        return True
    if rule.type == "as" and h.upos == "ADP" and rule.allowed and h.id + 1 < d.id \
            and sud.word(h.id + 1).upos == "DET" \
            and any(values(o, "Case") & set(rule.allowed) for o in analyses[h.id + 1].options) \
            and not any(_may_agree(o, p) for o in analyses[h.id + 1].options
                        for p in options[dep]) \
            and any(x.head == dep and x.id > h.id + 1 and analyses[x.id].known
                    # a phrase with its own determiner, or after a word the lexicon knows
                    # as no determiner at all (a pronoun tagged one)
                    and (x.upos == "DET" or (x.upos == "ADJ" and not analyses[h.id + 1].known))
                    and any(_may_agree(o, p) for o in analyses[x.id].options
                            for p in options[dep])
                    for x in sud.words):
        # a determiner right after the preposition, in a case it takes, that cannot belong to
        # the noun while a word after it does: a pronoun, the preposition's own object, and a
        # phrase of its own after it (an accusative phrase after the preposition's pronoun; a
        # genitive phrase after a demonstrative; not a determiner that fails its noun's case)
        return True
    if rule.type == "as" and h.upos == "ADP" and d.upos == "PRON" and L.genitive_pronoun_objects \
            and any("Gen" in values(o, "Case") for o in options[dep]):
        return True  # a personal pronoun before a postposition, in the genitive (Turkish)
    if rule.type == "as" and h.upos in ("VERB", "AUX") and d.id < h.id and options[dep] \
            and all(values(o, "Case") == {"Gen"} for o in options[dep]) \
            and any({o.get("Person", "3") for o in options[dep]}
                    & L.possessive_persons(sud.word(i).form) for i in range(dep + 1, head + 1)):
        # a genitive before a word whose possessive ending names its person, up to the verb:
        # that word's possessor ("his-gen hand-his looks-at"), or the subject of a verbal noun
        # or participle ("my-mother-gen mentioned-her"), not an object in the wrong case
        return True
    if rule.type == "as" and h.upos == "ADP" and d.id < h.id and rule.allowed \
            and not L.postpositional \
            and h.id < len(sud.words) \
            and sud.word(h.id + 1).upos in ("NOUN", "PROPN", "PRON", "ADJ", "DET") \
            and any(values(o, "Case") & set(rule.allowed) for o in options[h.id + 1]):
        # the "object" before the preposition, a word in the case it takes right after it:
        # the arc is backwards (a pronoun, the preposition, a genitive plural: the pronoun is
        # the phrase's head)
        return True
    if rule.type == "as" and h.upos == "ADP" and d.upos == "NOUN" and rule.allowed \
            and not L.noun_capitals \
            and not any(x.head == dep and x.upos in ("DET", "ADJ") for x in sud.words) \
            and any(values(a, "Case") & set(rule.allowed)
                    for a in _analyses_as(lang, d.form.lower(), "ADJ")):
        # an adjective used as a noun, tagged as the noun it is a homograph of (a prepositional
        # case adjective tagged as a masculine noun): in its adjective reading it has the case
        # the preposition takes
        return True
    if rule.type == "as" and d.upos == "PROPN" and d.id < len(sud.words) \
            and d.form.lower() not in L.title_nouns \
            and sud.word(d.id + 1).upos == "PROPN" and not analyses[d.id + 1].known:
        # the first word of a foreign name of several words, the next one no word of the
        # language (a transliterated name after a preposition): the name is left uninflected
        return True
    if L.article_declension and rule.type == "as" and h.upos == "ADP" and any(
            x.head == dep and x.upos == "DET" and x.id < h.id for x in sud.words):
        return True  # a "determiner" before the preposition: a demonstrative pronoun
    title = d.form.lower() in L.title_nouns and d.id < len(sud.words) \
        and sud.word(d.id + 1).upos == "PROPN"  # a declining title before a name
    if L.noun_capitals and rule.type == "as" and h.upos == "ADP" and d.upos in ("NOUN", "PROPN") \
            and d.form[:1].isupper() and d.form == d.lemma and not title \
            and not any(x.head == dep and x.upos in ("DET", "ADJ", "NUM") for x in sud.words):
        # a bare noun in its base form after a preposition is a name or a title as often as a
        # noun missing its ending (a name, a noun of time before a month)
        return True
    if L.noun_capitals and rule.type == "as" and h.upos == "ADP" and d.upos == "NOUN" \
            and d.id < len(sud.words) and sud.word(d.id + 1).upos == "PROPN" and not title \
            and not any(x.head == dep and x.upos == "DET" for x in sud.words):
        return True  # a title before a name keeps its base form (a preposition, title, surname)
    if rule.type == "as" and h.upos == "ADP" and (
            any(x.head == dep and _is_numeral(x, L)
                and (not L.digits_only_numerals or x.form[:1].isdigit())
                for x in sud.words)
            or (dep > 1 and _is_numeral(sud.word(dep - 1), L)
                and (not L.digits_only_numerals or sud.word(dep - 1).form[:1].isdigit()))):
        # a numeral phrase (a date or a year in digits after a preposition) sets its own case;
        # a German number word does not (it leaves the noun after it in the governed case)
        return True
    if d.upos == "ADJ" and options[dep] and not (_rel(d) == "comp:pred" and h.upos == "AUX") \
            and (all(o.get("VerbForm") == "Part" for o in options[dep])
                 or (L.participles_as_adjectives
                     and any(o.get("VerbForm") == "Part" for o in options[dep]))):
        # a participle: its phrase is often hung on the wrong noun (but a copula's passive
        # predicate is its copula's)
        return True
    if d.upos == "ADJ" and L.substantivized(d.form):
        return True  # an adjective or participle that is a noun here as often as not
    if L.noun_capitals and rule.type == "agree" and d.upos == "DET" and h.upos == "NOUN" \
            and h.form[:1].isupper() and L.known_adjective(h.form.lower()) \
            and not any(_may_agree(o, n) for o in options[dep]
                        for n in _analyses_as(lang, h.form, "NOUN")) \
            and any(_may_agree(o, a, ("Case", "Number", "Gender", "AdjDecl"))
                    for o in options[dep] for a in _analyses_as(lang, h.form.lower(), "ADJ")):
        # an adjective used as a noun, of any gender (the neuter of an abstract quality), which
        # a noun lexicon lists only as the person: no noun reading fits the determiner, its
        # adjective reading does
        return True
    if d.feats.get("PronType") == "Rel" or d.lemma.lower() in L.relative_pronouns:
        return True  # a relative pronoun agrees with its antecedent, not with the next noun
    if d.upos in ("DET", "ADJ") and h.upos in ("NOUN", "PROPN") and h.id < len(sud.words) \
            and sud.word(h.id + 1).form in ("-", "–"):
        return True  # a cut compound: its first part and a hyphen, then "and" and a whole one
    if rule.type == "as" and h.upos == "ADP" and L.infinitive_particle \
            and h.form.lower() == L.infinitive_particle and h.id < len(sud.words) \
            and (sud.word(h.id + 1).lemma.lower() in L.degree_words
                 or sud.word(h.id + 1).upos == "ADV"
                 or sud.word(h.id + 1).form.lower().endswith(L.gerundive_endings)):
        # before a quantifier or an adverb, the degree adverb ("too"); before a gerundive, the
        # infinitive particle; not the preposition
        return True
    if rule.type == "agree" and d.upos == "ADJ" and _after_particle(sud, d, L) \
            and sud.word(d.id - 1).upos == "ADP" and h.head == d.id - 1 \
            and any(_may_agree(o, p) for o in options[dep] for p in options[head]):
        # the particle as a degree adverb ("too") before a bare adjective that agrees with its
        # noun in another case than the preposition's (the dative it would need after it)
        return True
    if rule.type == "as" and h.upos == "ADP" and h.form.lower() in L.postposed_adps \
            and d.id > h.id > 1 and rule.allowed \
            and sud.word(h.id - 1).upos in ("NOUN", "PROPN", "PRON") \
            and (sud.word(h.id - 1).head in (0, h.id)
                 or sud.word(sud.word(h.id - 1).head).upos != "ADP") \
            and any(values(o, "Case") & set(rule.allowed) for o in options[h.id - 1]):
        # a preposition that may follow its noun, right after one in a case it takes (a
        # possessive and noun in the dative, then the postposed preposition; not a noun another
        # preposition governs, before a preposition of direction); what follows is not its object
        return True
    if rule.type == "as" and h.upos == "ADP" and _adp_as_conjunction(sud, d, h, options, L):
        return True
    if h.upos == "ADP" and L.noun_capitals and h.form[:1].isupper() and h.id > 1 and (
            sud.word(h.id - 1).upos in ("PROPN", "X")
            or any(c.isdigit() for c in sud.word(h.id - 1).form)):
        # where only nouns are written with a capital, a preposition with one right after a
        # name or a number is a word of the name ("iPhone 13 Pro"), which governs nothing
        return True
    if rule.by_governor and _governor_doubt(sud, h, L):
        return True
    if rule.type == "as" and rule.side == "head" and "dep.lemma" in when_keys(rule) \
            and h.upos == "NOUN" and (_count_doubt(sud, d, h, lang)
                                      or _digits_doubt(sud, rule, d, h, options) or (
                any(values(o, rule.feature) & set(rule.allowed) for o in options[head])
                and (any(sud.word(i).upos == "ADJ" for i in range(dep + 1, head))
                     or (L.counting_phrases and any(x.head == head and x.upos == "ADJ" and x.id < dep
                                              for x in sud.words))))):
        # (a noun that has the counted form, with an adjective between: the clash is the
        # adjective's declension, whose determiner the parser may have missed; or, in Russian,
        # an adjective before the numeral, plural by its own rule: an ordinal before "two")
        return True
    if d.upos == "ADJ" and L.short_only(d.form):
        return True  # a short adjective is a predicate, never an attribute
    if L.counting_phrases and rule.type == "agree" and rule.feature == "Case" and d.upos == "ADJ" \
            and d.id < h.id and h.id > 1 and h.form[:1].isupper() \
            and any("Gen" in values(o, "Case") for o in options[head]):
        return True  # an adjective used as a noun with a name in the genitive (a national team)
    if rule.type == "as" and rule.allowed and h.upos in ("VERB", "AUX") and h.id < d.id \
            and d.upos in ("NOUN", "PROPN") and (before := _noun_readings(
                sud.word(d.id - 1), options, L)) \
            and all(values(o, "Case") & set(rule.allowed) for o in before) \
            and not any(_may_agree(o, q) for o in before for q in options[dep]):
        return True  # a noun right before it in the verb's case is the object, it an attribute
    if rule.type == "as" and h.upos in ("VERB", "AUX") and any(
            w.head == dep and w.id < dep and w.form.lower() in L.comparison_words
            for w in sud.words):
        return True  # a comparison ("look like a X"): the case of what it is compared with
    if _is_frame(rule):
        if any(x.head == head and x.id != dep and x.upos in ("NOUN", "PROPN", "PRON")
               and _rel(x).startswith("comp") and options[x.id] and all(
                   values(o, "Case") and values(o, "Case") <= set(rule.allowed)
                   for o in options[x.id])
               for x in sud.words):
            # the frame's slot is filled by a word in that case only (a dative pronoun before
            # an instrumental noun)
            return True
        return _frame_doubt(sud, rule, d, h, options, analyses, lang)
    if d.form.lower() in L.caseless_pronouns or any(
            x.upos == "DET" and x.form.lower() in L.no_determiner and x.head in (dep, head)
            for x in sud.words):
        # the interrogative "what" shows no case after a preposition; a pronoun taken for a
        # determiner means a misparsed phrase (a pronoun inside an extended participial
        # attribute, the interrogative opening an "as far as X is concerned" clause): nothing in
        # it is proven
        return True
    if rule.type != "agree":
        return False
    if (d.upos == "NUM" and (rule.feature != "Gender" or not analyses[dep].known)) \
            or d.form[:1].isdigit() or (
            d.upos == "DET" and not any("Case" in o for o in options[dep])) or (
            d.form.lower() == L.indefinite_base and h.form.lower() in L.unit_nouns):
        # units stay singular after numerals (clock times, prices, "one" + a unit); a numeral
        # the lexicon knows proves its gender ("two" before a feminine noun)
        return True
    if d.upos in ("DET", "ADJ") and h.upos in _CONTROLLERS and _cut_off(sud, d, h, options, L):
        return True
    if d.upos in ("DET", "ADJ") and h.upos in _CONTROLLERS and any(
            x.id <= dep and _demonstrative_subject(sud, x, h, L) for x in sud.words
            if x.head == head and x.upos == "DET"):
        return True
    if d.upos == "DET" and d.id > 1 and rule.feature in ("Gender", "Number") \
            and (sud.word(d.id - 1).lemma.lower() in L.wh_lemmas
                 or "Int" in sud.word(d.id - 1).feats.get("PronType", "")) \
            and all(o.get("Gender") == "Neut" and o.get("Number") == "Sing" for o in options[dep]):
        # a neuter singular predicate right after a question word ("what is a X?", "what are
        # X?"): the noun after it is its subject, of any gender and number
        return True
    if d.upos == "DET" and d.id > 1 and sud.word(d.id - 1).upos in ("VERB", "AUX") and any(
            p.get("Case") == "Nom" and p.get("Person") in ("1", "2") and all(
                v.get(k) == p.get(k) for k in ("Person", "Number"))
            for p in _analyses_as(lang, d.form.lower(), "PRON")
            for v in options[d.id - 1] if v.get("VerbForm", "Fin") == "Fin"):
        # a "determiner" right after a finite verb that agrees with it as a nominative pronoun
        # of the first or second person: the verb's subject (a capitalized pronoun after the
        # verb in a question)
        return True
    if d.upos == "DET" and d.form.lower() in L.demonstrative_subjects and d.id > 1 \
            and h.id == d.id + 1 and not any(x.head == head and x.id != dep for x in sud.words) \
            and (h.id == len(sud.words) or sud.word(h.id + 1).form in CLAUSE_START) \
            and sud.word(d.id - 1).upos in ("VERB", "AUX") \
            and any(o.get("VerbForm", "Fin") == "Fin" and o.get("Person", "3") == "3"
                    for o in options[d.id - 1]) \
            and (d.id == 2 or sud.word(d.id - 2).form in CLAUSE_START | {","}):
        # a demonstrative right after a finite verb that opens its clause, before a bare noun
        # that ends it: the pronoun subject and the verb's object ("does that make sense?")
        return True
    if d.upos == "DET" and "ADV" in L.word_classes(d.form):
        # a determiner the dictionary also knows as an adverb that fails its noun: the adverb
        # ("only" before a noun of time)
        return True
    if d.upos == "DET" and d.id > 2 and sud.word(d.id - 1).upos == "DET" \
            and sud.word(d.id - 1).head == head \
            and sud.word(d.id - 1).feats.get("PronType") == "Art" \
            and sud.word(d.id - 2).upos in ("VERB", "AUX"):
        # an article right after a verb and before another determiner is a pronoun opening a
        # clause (a relative clause after a label's infinitive, its comma left out), not this
        # noun's
        return True
    if d.upos in ("DET", "NUM", "ADJ") and d.id + 1 < h.id and sud.word(d.id + 1).upos == "CCONJ" \
            and (d.upos != "ADJ" or sud.word(d.id + 2).upos not in ("ADJ", "DET")
                 or not analyses[d.id + 2].known
                 or not any(_may_agree(a, b) for a in options[d.id + 2] for b in options[head])):
        # coordinated with what follows, its own noun left out ("one or more X", "this and
        # other X"; an adjective before a number or an adverb, or before another adjective that
        # fails the noun too or that no lexicon knows: "the left and the right [singular]
        # hands"). (An adjective that fails its noun where the one coordinated after it agrees
        # is the wrong one.)
        return True
    if rule.type == "agree" and d.upos in ("DET", "ADJ") and d.id < h.id and (any(
            "ADP" in L.word_classes(sud.word(i).form) or sud.word(i).upos == "ADP"
            or (sud.word(i).upos in ("DET", "ADJ") and sud.word(i).head == head
                and not any(_may_agree(a, b) for a in options[i]
                            for b in (*options[head], *options[dep])))
            for i in range(dep + 1, head)) or "ADP" in L.word_classes(h.form)):
        # a preposition between an attribute and its noun, or another attribute that fails the
        # noun and the attribute too: the attribute stands outside the noun's phrase (a
        # predicative adjective before a prepositional phrase; an adjective before a participle
        # that has the noun as its object); so does one before a noun's form that is a
        # preposition ("by means of"). (Two attributes that agree with each other and not with
        # their noun are the noun's error.)
        return True
    if rule.type == "agree" and rule.feature == "Number" and d.upos in ("DET", "ADJ") \
            and d.id < h.id < len(sud.words) and h.lemma.lower() in L.quantity_nouns \
            and sud.word(h.id + 1).upos in ("NOUN", "PROPN"):
        # an attribute of a noun of quantity may take the number of the plural it counts ("the
        # last [plural] couple of years")
        return True
    if rule.type == "agree" and d.upos == "ADJ" and d.id == head - 1 \
            and L.passive_participle is not None and L.passive_participle(d.form.lower()) \
            and all(values(n, "Case") <= _COMPLEMENT_CASES for n in options[head]):
        # a participle right before a noun that can only be in a complement's case: its agent
        # or complement ("added by the user"), which the parse hung on it as its noun
        return True
    if rule.type == "agree" and d.upos == "ADJ" and _rel(d) == "comp:pred" \
            and d.id < len(sud.words) and sud.word(d.id + 1).upos in ("NOUN", "PROPN", "ADJ") \
            and any(_may_agree(a, b) for a in options[dep] for b in options[d.id + 1]):
        # an adjective right before a noun it agrees with (or a word the tagger took for
        # another adjective) is that noun's attribute, not the copula's predicate (an agent in
        # the instrumental before a passive participle)
        return True
    if d.upos in ("DET", "ADJ") and h.upos in _CONTROLLERS and d.id < h.id \
            and _own_phrase_before(sud, d, h, options):
        return True
    if d.upos in ("DET", "ADJ") and h.upos in _CONTROLLERS and d.id > 1 \
            and (sud.word(d.id - 1).form.lower(), d.form.lower()) in L.fixed_phrases:
        return True  # a fixed phrase before a noun ("above all", "what is"): no determiner of it
    if L.article_declension and d.upos in ("DET", "ADJ") and h.upos in _CONTROLLERS \
            and _article_phrase_doubt(sud, d, h, options, L):
        return True
    if rule.type == "agree" and _complement_of_adjective(d, h, options, L):
        return True
    if d.upos in ("DET", "ADJ") and h.upos in _CONTROLLERS and _particle_of_verb(sud, h, L):
        return True
    if d.upos in ("DET", "ADJ") and any(
            x.head == head and _rel(x) == "conj:coord" for x in sud.words) \
            and rule.feature == "Number":
        return True  # a plural adjective before coordinated singular nouns: one for them all
    if d.upos == "ADJ" and not (_rel(d) == "comp:pred" and h.upos == "AUX") and any(
            x.head == dep and x.upos in ("NOUN", "PROPN", "PRON") for x in sud.words):
        # a participle with its own objects: its phrase is often hung on the wrong noun (not
        # a copula's predicate)
        return True
    if L.counting_phrases and d.upos in ("DET", "ADJ") and any(
            (x.head == head or x.id == min(dep, head) - 1) and x.id != dep
            and _is_numeral(x, L) for x in sud.words) and not (
                rule.feature == "Gender" and all(o.get("Number") == "Sing" for o in options[dep])):
        # a numeral phrase (a numeral, a genitive plural adjective, a genitive singular noun)
        # agrees by its own rules, also when the parser lost the numeral (taken as the
        # subject); a numeral changes no gender, so a singular adjective of another gender
        # still fails (a feminine adjective before a masculine noun after a number placeholder)
        return True
    if d.upos in ("DET", "ADJ") and h.id < len(sud.words) and d.id < h.id \
            and sud.word(h.id + 1).upos in ("NOUN", "PROPN") \
            and (d.form[:1].isupper() or h.form[:1].isupper()
                 or sud.word(h.id + 1).upos != "PROPN") \
            and (not (analyses[h.id + 1].known
                      or analyses[h.id + 1].source.endswith("-out-of-context"))
                 or _fits_next(rule, d, sud.word(h.id + 1), options, arcs, dep, head)):
        # a capitalized place adjective: the first may be an adjective, the noun next (not where
        # no reading of the next noun's form agrees with it: a pack's paradigm gives its form's
        # readings wherever it stands). A name after a phrase in lower case is no such noun: it
        # is the noun's possessor or apposition ("the first works-gen of Nicole"), whatever case
        # a foreign name's readings allow
        return True
    return _other_head_agrees(sud, rule, dep, head, options, arcs, lang)


def _adverbial_comparative(sud: Sentence, d: Word, options: Mapping[int, Sequence[Feats]],
                           L: Language) -> bool:
    """A German comparative without an ending before another adjective or a participle
    modifies that word, not the noun (a bare comparative before a present participle, before a
    nominalized participle, or before a past participle)."""
    if d.id >= len(sud.words):
        return False
    nxt = sud.word(d.id + 1)
    if not (nxt.upos == "ADJ" or (nxt.upos in ("NOUN", "VERB")
                                  and any("AdjDecl" in o for o in options[nxt.id]))):
        return False
    return L.bare_comparative(d.form.lower())


def _genitive_before_object(sud: Sentence, rule: Rule, d: Word,
                            options: Mapping[int, Sequence[Feats]]) -> bool:
    """A genitive attribute before the preposition's real object, taken for the object (a
    country's name in the genitive, then the noun the preposition governs, with or without an
    adjective). The word can be genitive
    and the noun after it (past its adjectives) has a case the preposition allows."""
    if not any("Gen" in values(o, "Case") for o in options[d.id]):
        return False
    n = len(sud.words)
    k = d.id + 1
    while k <= n and sud.word(k).upos in ("ADJ", "DET", "NUM"):
        k += 1
    if k > n or sud.word(k).upos not in ("NOUN", "PROPN"):
        return False
    return any(values(o, "Case") & set(rule.allowed) for o in options[k])


def _pronoun_object(sud: Sentence, rule: Rule, d: Word, h: Word,
                    options: Mapping[int, Sequence[Feats]], lang: str) -> bool:
    """A sentence-opening phrase of a preposition and a pronoun ("at that", "meanwhile", "in
    this connection", "because of all this") that the parser ran into the subject after it: the
    determiner-like word fits the preposition as its object, the noun after it can be
    nominative, and a finite verb follows. Then neither the noun's case after the preposition
    nor the word's agreement with the noun is proven."""
    if not language(lang).pro_drop or rule.type not in ("as", "agree"):
        return False
    adp: Word | None
    if rule.type == "as" and h.upos == "ADP":
        adp, noun = h, d
    elif rule.type == "agree" and d.upos in ("DET", "PRON") and h.upos in ("NOUN", "PROPN"):
        noun = h
        adp = next((sud.word(i) for i in range(d.id - 1, 0, -1)
                    if sud.word(i).upos == "ADP"), None)
        if adp is None or not adp.id < d.id < noun.id:
            return False
    else:
        return False
    between = [sud.word(i) for i in range(adp.id + 1, noun.id)]
    if not between or any(w.upos not in ("DET", "PRON") for w in between):
        return False
    if any(options[w.id] and all(o.get("PronType") == "Art" for o in options[w.id])
           for w in between):
        return False  # an article is no preposition's object: its noun comes after it
    if not any("Nom" in values(o, "Case") for o in options[noun.id]):
        return False

    def predicate(i: int) -> bool:
        return bool(_finite_options(sud.word(i), options, lang)[0]) or (
            sud.word(i).upos == "ADJ" and bool(options[i])
            and all("Case" not in o for o in options[i]))  # a short adjective

    # a finite verb or short adjective after the noun, or none in the sentence (a present-tense
    # copula is dropped: a prepositional phrase, then a superlative and its noun)
    return any(predicate(i) for i in range(noun.id + 1, len(sud.words) + 1)) \
        or not any(predicate(w.id) for w in sud.words)


def _stands_alone(sud: Sentence, det: Word, noun: Word, options: Mapping[int, Sequence[Feats]],
                  lang: str) -> bool:
    """A determiner form the treebank uses alone as often as not ("everyone" in the dative), or
    a demonstrative that can only be an argument's case other than the nominative or accusative
    (instrumental, dative, genitive: "by that"; a locative needs a preposition),
    before a noun it cannot agree with in case and after no preposition: an argument or
    adverbial of its own ("wish everyone a happy Thursday", "and thereby the match ended"), not
    the noun's wrong determiner."""
    if det.upos not in ("DET", "PRON") or noun.upos not in ("NOUN", "PROPN") \
            or not det.id < noun.id:
        return False
    oblique = (det.feats.get("PronType") == "Dem" or det.lemma.lower()
               in language(lang).demonstratives) and bool(options[det.id]) and all(
        values(o, "Case") and values(o, "Case") <= {"Ins", "Dat", "Gen"} for o in options[det.id])
    if not oblique and det.form.lower() not in mined.standalone_determiners(lang):
        return False
    if det.feats.get("PronType") == "Art":
        return False  # an article's form that is also a pronoun ("them"), before a noun: the article
    if _after_preposition(sud, det):
        return False  # a preposition's phrase: the determiner's case is the phrase's
    return not any(_may_agree(o, n, ("Case",)) for o in options[det.id] for n in options[noun.id])


def _noun_of_its_own(sud: Sentence, adj: Word, noun: Word) -> bool:
    """An adjective before the noun it is hung on that is a noun of its own (a substantivized
    adjective: "data", "others"): it has an attribute of its own ("personal data"), or a
    conjunction stands between it and the noun with no other attribute after the conjunction
    ("the irritation of others and the smell": coordinated attributes put one there)."""
    if adj.upos != "ADJ" or noun.upos not in ("NOUN", "PROPN") or not adj.id < noun.id:
        return False
    if any(w.head == adj.id and w.id < adj.id and w.upos in ("ADJ", "DET")
           and _rel(w) in ("mod", "det") for w in sud.words):
        return True
    conj = [i for i in range(adj.id + 1, noun.id) if sud.word(i).upos == "CCONJ"]
    return bool(conj) and not any(sud.word(i).upos in ("ADJ", "DET", "NUM", "PRON")
                                  for i in range(conj[-1] + 1, noun.id))


def _noun_after_preposition(sud: Sentence, w: Word, lang: str) -> bool:
    """A verb right after a preposition that the lexicon also knows as a noun: the
    preposition's object ("against the rules", the plural noun read as a past tense), for no
    finite verb follows a preposition."""
    return w.upos in ("VERB", "AUX") and w.id > 1 and sud.word(w.id - 1).upos == "ADP" \
        and _analyze_as(lang, w.form, "NOUN")


def _noun_read_as_adjective(sud: Sentence, adj: Word, options: Mapping[int, Sequence[Feats]],
                            lang: str) -> bool:
    """An adjective right after a preposition, which the lexicon also knows as a noun in the
    case the preposition shows, while the noun the parse gave it cannot be in that case: the
    preposition's own object ("in December-adj former president-nom": the month)."""
    if adj.upos != "ADJ" or adj.id < 2 or not adj.head:
        return False
    adp = sud.word(adj.id - 1)
    case = adp.feats.get("Case")
    if adp.upos != "ADP" or not case or sud.word(adj.head).head != adp.id:
        return False
    return not any(case in values(o, "Case") for o in options[adj.head]) \
        and any(case in values(o, "Case") for o in _analyses_as(lang, adj.form, "NOUN"))


def _attribute_with_complement(sud: Sentence, adj: Word, noun: Word,
                               options: Mapping[int, Sequence[Feats]]) -> bool:
    """An adjective or participle after a comma or a conjunction that fails the noun after it,
    where an adjective between them agrees with that noun and not with it, and a noun before it
    agrees with it: a postposed attribute of the earlier noun, followed by its own complement
    ("a conversion, similar to the technical conversion"; "a homeland ... and governed by a
    united parliament"). (After a preposition it begins the preposition's phrase.)"""
    if adj.upos != "ADJ" or not 1 < adj.id < noun.id:
        return False
    before = sud.word(adj.id - 1)
    if before.form != "," and before.upos != "CCONJ":
        return False
    oa, on = options[adj.id], options[noun.id]
    if not oa or not any(
            sud.word(i).upos == "ADJ" and sud.word(i).head == noun.id
            and any(_may_agree(b, n) for b in options[i] for n in on)
            and not any(_may_agree(b, a) for b in options[i] for a in oa)
            for i in range(adj.id + 1, noun.id)):
        return False
    return any(w.upos in ("NOUN", "PROPN") and any(_may_agree(a, o) for a in oa
                                                   for o in options[w.id])
               for w in sud.words[:adj.id - 1])


def _particle_of_verb(sud: Sentence, noun: Word, L: Language) -> bool:
    """Whether a lower-case "noun" that ends its clause is the particle of a separable verb
    whose finite part comes before it in the clause (the verb lexicon knows the particle and
    the verb's lemma as one verb): the word before it is then a pronoun, no determiner of it
    ("nothing comes close to that", with "close" the particle)."""
    if L.verb_lemmas is None or not noun.form.islower() or not (
            noun.id == len(sud.words) or sud.word(noun.id + 1).upos == "PUNCT"):
        return False
    for x in reversed(sud.words[:noun.id - 1]):
        if x.upos in ("PUNCT", "SCONJ", "CCONJ"):
            return False
        if x.upos in ("VERB", "AUX") and x.feats.get("VerbForm", "Fin") == "Fin":
            return any(L.listed_infinitive(noun.form + lemma)
                       for lemma in L.verb_lemmas(x.form.lower(), {"VerbForm": "Fin"}))
    return False


def _complement_of_adjective(adj: Word, noun: Word, options: Mapping[int, Sequence[Feats]],
                             L: Language) -> bool:
    """A noun right after an adjective that takes a noun complement in a case of its own
    (``Language.case_governing_adjectives``), that may be in such a case: the adjective's
    complement ("known for its cynicism", "full of people"), not the noun it is an attribute
    of, whatever the parse hung on what."""
    if L.case_governing_adjectives is None or adj.upos != "ADJ" or noun.id != adj.id + 1 \
            or noun.upos not in ("NOUN", "PROPN"):
        return False
    lemma = adj.lemma.lower()
    if lemma not in L.case_governing_adjectives:
        lemma = lemma_of(L.code, adj.form.lower()) or ""
        if lemma not in L.case_governing_adjectives:
            return False
    cases = {L.complement_cases[lemma]} if lemma in L.complement_cases \
        else _COMPLEMENT_CASES
    return any(values(o, "Case") & cases for o in options[noun.id])


def _second_after_subject(sud: Sentence, verb: Word, options: Mapping[int, Sequence[Feats]]
                          ) -> bool:
    """A finite verb right after a personal pronoun in the nominative that agrees with it, the
    pronoun after a comma or conjunction: a clause of its own in the verb-second order ("...,
    he should never have been a member"), whose verb the verbs after it depend on, not one
    that depends on them."""
    if verb.id < 2 or not any(o.get("VerbForm") == "Fin" for o in options[verb.id]):
        return False
    pron = sud.word(verb.id - 1)
    if pron.upos != "PRON" or "Prs" not in pron.feats.get("PronType", "") \
            or not _agrees_as_subject(options[pron.id], options[verb.id]):
        return False
    return pron.id == 1 or sud.word(pron.id - 1).form == "," \
        or sud.word(pron.id - 1).upos == "CCONJ"


def _subject_of_its_own(sud: Sentence, verb: Word, aux: Word, rule: Rule,
                        options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A finite verb after its "auxiliary" with a word between them that can be its own
    subject (a subject in the parse, in the nominative, that agrees with it): the verb of another
    clause whose comma or conjunction is missing or was misread ("the only problem is the bulb
    heats up", "as the minister announced"), not a wrong form under the auxiliary. Only where
    the auxiliary has a subject of its own besides: a subject after its auxiliary is the
    verb-second clause's own ("tomorrow will the boss comes" is still an error). Only in a
    language whose auxiliaries chain non-finite verbs at the clause's end
    (``Language.aux_chain``), where a subordinate clause's finite verb stands where they would;
    elsewhere a finite verb after a subject and an auxiliary is a broken clause ("it was the
    game won")."""
    if not L.aux_chain or rule.relation.split("@")[0] != "comp:aux" or verb.id < aux.id:
        return False
    subjects = {x.id for x in sud.words if x.head == aux.id and _rel(x) == "subj"}
    finite = [v for v in options[verb.id] if v.get("VerbForm") == "Fin"]
    for i in range(aux.id + 1, verb.id):
        w = sud.word(i)
        if w.upos not in ("PRON", "NOUN", "PROPN") or _rel(w) != "subj" or not subjects - {i}:
            continue  # (a subject the parse found, beside the auxiliary's own)
        # (a noun is in the third person)
        readings = finite if w.upos == "PRON" else [v for v in finite
                                                    if v.get("Person", "3") == "3"]
        if _agrees_as_subject(options[i], readings):
            return True
    return False


def _agrees_as_subject(subject: Sequence[Feats], verb: Sequence[Feats]) -> bool:
    """Whether a nominative reading of a word agrees in person and number with a reading of a
    verb."""
    return any("Nom" in values(a, "Case") and _may_agree(a, v, ("Person", "Number"))
               for a in subject for v in verb)


def _finite_homograph_agrees(subj: Word, pred: Word, options: Mapping[int, Sequence[Feats]],
                             lang: str) -> bool:
    """A predicate "adjective" that is as well a finite verb agreeing with its subject ("we
    will simply do it", the future read as the short adjective "doable"): the tagger's class
    is no proof of a failure."""
    if pred.upos != "ADJ":
        return False
    finite = [v for v in _analyses_as(lang, pred.form, "VERB") if values(v, "Number")
              and v.get("VerbForm", "Fin") == "Fin" and v.get("Mood") != "Imp"]
    # (an imperative has no subject)
    return any(_may_agree(a, v, ("Person", "Number")) for a in options[subj.id] for v in finite)


def _after_nominal_adjective(sud: Sentence, noun: Word, options: Mapping[int, Sequence[Feats]],
                             L: Language) -> bool:
    """A noun that can be a genitive right after an adjective of it that names a person as a
    noun does (``Language.nominal_adjectives``): that adjective may be the noun, the genitive
    its complement ("according to the spokeswoman of the ministry"), whatever fails between
    them or between the genitive and a governor; a noun in another case where that adjective
    follows a preposition (the preposition's object)."""
    if not L.nominal_adjectives or noun.upos not in ("NOUN", "PROPN") or noun.id == 1:
        return False
    adj = sud.word(noun.id - 1)
    if not any("Gen" in values(o, "Case") for o in options[noun.id]) \
            and not (adj.id > 1 and sud.word(adj.id - 1).upos == "ADP"):
        # (in another case, where the adjective is a preposition's object: "threw a glass at
        # the juvenile", the noun the verb's object)
        return False
    # (by the word list's lemma too: the lemmatizer may not know the word's oblique forms)
    return adj.upos == "ADJ" and adj.head == noun.id and (
        adj.lemma.lower() in L.nominal_adjectives
        or lemma_of(L.code, adj.form.lower()) in L.nominal_adjectives)


def _subject_under_infinitive(sud: Sentence, subj: Word, verb: Word, feature: str,
                              options: Mapping[int, Sequence[Feats]]) -> bool:
    """A subject the parse gave to an infinitive, which has none of its own, standing between
    the verb's subject and the verb and agreeing with the verb where that subject does not:
    the verb's own subject ("though they are dear, I cannot stand them": "I" hung on
    "stand")."""
    return any(_rel(x) == "subj" and x.head and subj.id < x.id < verb.id
               and sud.word(x.head).feats.get("VerbForm") == "Inf"
               and any(_may_agree(a, b, (feature,)) for a in options[x.id]
                       for b in options[verb.id])
               for x in sud.words)


def _determiner_as_subject(sud: Sentence, det: Word, noun: Word,
                           options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A determiner of no number of the subject noun after it, where the noun's verb agrees in
    number with the determiner and not with the noun, and the determiner's form is also a
    pronoun's: the pronoun is the subject, the noun the object ("because one had problems").
    (A determiner that may share the noun's number is its wrong determiner: "the[pl] interest
    ... are".)"""
    if det.upos != "DET" or not det.id < noun.id or _rel(noun) != "subj" or not noun.head:
        return False
    verb = sud.word(noun.head)
    if verb.upos not in ("VERB", "AUX") or not options[verb.id]:
        return False

    def agree(wid: int, other: int) -> bool:
        return any(values(a, "Number") & values(b, "Number")
                   for a in options[wid] for b in options[other])
    return agree(det.id, verb.id) and not agree(noun.id, verb.id) \
        and not agree(det.id, noun.id) and _analyze_as(L.code, det.form.lower(), "PRON")


def _article_before_insertion(sud: Sentence, adj: Word, noun: Word,
                              options: Mapping[int, Sequence[Feats]]) -> bool:
    """An adjective right after a comma or a postposition whose article stands before a phrase
    inserted between them ("after the, as he said, hardest week"; "after the in his opinion
    hardest week"): a determiner followed by a comma or by another determiner heads no phrase
    there, and where it agrees with the adjective and its noun it is that noun's, so the
    adjective's ending is not proven wrong from the parse ("after the, as he said, hardest[nom]
    week" stays an error)."""
    if adj.upos != "ADJ" or not 2 < adj.id < noun.id:
        return False
    j = adj.id - 1
    while j > 1 and sud.word(j).form in _QUOTES:
        j -= 1  # (a quotation that opens at the adjective)
    prev = sud.word(j)
    if prev.form != "," and prev.upos != "ADP":
        return False
    for i in range(j - 1, max(0, j - 7), -1):
        nxt = sud.word(i + 1)
        if sud.word(i).upos == "DET" and (nxt.form == "," or nxt.upos == "DET") and any(
                _may_agree(a, b) and any(_may_agree(a, c) for c in options[adj.id])
                for a in options[i] for b in options[noun.id]):
            return True
    return False


def _titles_of_one(sud: Sentence, subj: Word, verb: Word,
                   options: Mapping[int, Sequence[Feats]]) -> bool:
    """Coordinated nouns right before a name in their case that agrees with the singular verb:
    two titles of one person ("the singer and composer Zubeen Garg ... paid"), whose verb is
    singular."""
    if subj.upos != "NOUN":
        return False
    for c in sud.words:
        if c.head != subj.id or not _rel(c).startswith("conj") or c.upos != "NOUN" \
                or c.id >= len(sud.words):
            continue
        name = sud.word(c.id + 1)
        if name.upos == "PROPN" and any(
                _may_agree(n, a, ("Case",)) and _may_agree(n, v, ("Number", "Gender"))
                for n in options[name.id] for a in options[c.id] for v in options[verb.id]):
            return True
    return False


def _address_before_imperative(subj: Word, verb: Word, options: Mapping[int, Sequence[Feats]],
                               lang: str) -> bool:
    """An imperative has no subject: a noun before a form that is only one addresses the
    reader ("CUSTOMER BE AWARE" in a heading). The verb's readings are the analyzer's where the
    tagger gave it another class (a verb the clause check read as one)."""
    if subj.upos not in ("NOUN", "PROPN") or subj.id > verb.id:
        return False
    finite = options[verb.id] if verb.upos in ("VERB", "AUX") \
        else _analyses_as(lang, verb.form, "VERB")
    return bool(finite) and all(o.get("Mood") == "Imp" for o in finite)


def _substantivized_participle(sud: Sentence, subj: Word, verb: Word, feature: str,
                               options: Mapping[int, Sequence[Feats]]) -> bool:
    """A participle attribute before the subject that fails it in ``feature`` where the verb
    agrees with the participle: substantivized, the subject, and the noun its object ("those
    who took second place ... scored"); an adjective so is the noun's wrong attribute."""
    return any(x.head == subj.id and x.upos == "ADJ" and x.id < subj.id
               and any(o.get("VerbForm") == "Part" for o in options[x.id])
               and not any(_may_agree(a, n, (feature,)) for a in options[x.id]
                           for n in options[subj.id])
               and any(_may_agree(a, v, (feature,)) for a in options[x.id]
                       for v in options[verb.id])
               for x in sud.words)


def _heading_run_in(sud: Sentence, w: Word) -> bool:
    """A noun opening the sentence whose word comes back later in it ("Payment We expect
    payment within 5 days", "Shipping For domestic shipping we use ..."): a heading run into its
    text, the subject of no verb after it."""
    return w.id == 1 and w.upos in ("NOUN", "PROPN") and any(
        x.lemma.lower() == w.lemma.lower() and x.upos in ("NOUN", "PROPN")
        for x in sud.words[1:])


def _abbreviation(sud: Sentence, w: Word) -> bool:
    """A noun written with a full stop inside its sentence ("of Sept. 11"): an abbreviation,
    whose gender and case are the full word's, which the lexicon does not read off it."""
    return w.upos in ("NOUN", "PROPN") and w.id + 1 < len(sud.words) \
        and sud.word(w.id + 1).form == "." and sud.word(w.id + 1).misc.get("SpaceAfter") != "No" \
        and not sud.word(w.id + 2).form[:1].isupper()


def _reciprocal(sud: Sentence, w: Word, lang: str) -> bool:
    """The first part of a reciprocal pronoun, followed (maybe after a preposition) by its
    inflected second part; nothing of either part is proven."""
    first = language(lang).reciprocal
    if not first:
        return False
    n = len(sud.words)
    form = w.form.lower()
    if form == first:
        return any(sud.word(i).form.lower().startswith(first)
                   for i in range(w.id + 1, min(w.id + 2, n) + 1))
    return form.startswith(first) and any(sud.word(i).form.lower() == first
                                          for i in range(max(1, w.id - 2), w.id))


def _split_inside(sud: Sentence, w: Word) -> bool:
    """Whether the tokenizer cut the word's letters from a neighbour's with no space between
    ("procedure" and a quotation mark read as "procedur" + "e" + '"'): the form is a piece of
    a word."""
    for a, b in ((sud.words[w.id - 2] if w.id > 1 else None, w),
                 (w, sud.words[w.id] if w.id < len(sud.words) else None)):
        if a is not None and b is not None and a.end is not None and a.end == b.start \
                and a.form[-1:].isalpha() and b.form[:1].isalpha():
            return True
    return False


def _vocative_only(options: Sequence[Feats]) -> bool:
    """Whether every reading of a word is a vocative (and it has one)."""
    return bool(options) and all(values(o, "Case") == {"Voc"} for o in options)


def _no_adjective_reading(x: Word, lang: str) -> bool:
    """Whether the lexicon has no adjective of the word's form, by its lemma or without one."""
    return not any(_analyses_as(lang, x.form, "ADJ", lemma) for lemma in (x.lemma, None))


def _own_person(options: Sequence[Feats]) -> set[str]:
    """The persons a word's finite readings are in (none where one names no person)."""
    persons = {o.get("Person") for o in options if o.get("VerbForm") == "Fin"}
    return set() if None in persons else {p for p in persons if p}


def _letter_not_preposition(sud: Sentence, w: Word) -> bool:
    """A one-letter word tagged a preposition that is a letter: in capitals after a word (a
    product's letter, "the S Pen", not a sentence's first word), or right after an apostrophe
    (an English possessive's "s" cut off by the tokenizer, "McDonald's")."""
    if w.upos != "ADP" or len(w.form) != 1 or not w.form.isalpha() or w.id == 1:
        return False
    prev = sud.word(w.id - 1)
    return prev.form in ("'", "’") or (w.form.isupper() and prev.upos != "PUNCT")


def _no_word_of_the_language(w: Word, lang: str) -> bool:
    """A token tagged a noun that is no word of the language: digits (a list's number, "3 and
    it brightened", or a sum), or capitals that the analyzer does not know written small (an
    acronym or a foreign word, "ATF", "SUCKS"). Its gender and number are those of what it
    stands for, which the sentence does not say."""
    if w.upos not in ("NOUN", "PROPN") or not w.form:
        return False
    if not any(c.isalpha() for c in w.form):
        return True
    return len(w.form) >= 2 and w.form.isupper() and not _analyze_as(lang, w.form.lower(), "NOUN")


def _acronym(sud: Sentence, w: Word, L: Language) -> bool:
    """A noun of a few capitals among words that are not in capitals: an acronym, whatever word
    of the language it also spells ("a complete PITA"), unless the dictionary lists it as
    written; its gender and number are those of what it stands for. (Words in capitals side by
    side are a heading or emphasis, and words.) Only where the pack's dictionary tells which
    capitals it lists as written."""
    if L.listed_acronym is None or w.upos not in ("NOUN", "PROPN") or not 2 <= len(w.form) <= 6 \
            or not (w.form.isalpha() and w.form.isupper()) or L.listed_acronym(w.form):
        return False
    near = [sud.word(i) for i in (w.id - 1, w.id + 1) if 1 <= i <= len(sud.words)]
    return not any(len(x.form) >= 2 and x.form.isalpha() and x.form.isupper() for x in near)


def _in_foreign_name(sud: Sentence, w: Word, L: Language) -> bool:
    """A noun right before a word that links the words of a name in another language: part of
    that name, which keeps its own forms after an article of the language."""
    return w.upos in ("NOUN", "PROPN") and w.id < len(sud.words) \
        and sud.word(w.id + 1).form in L.foreign_name_links


def _article_of_name(sud: Sentence, det: Word, noun: Word, L: Language) -> bool:
    """A definite article between a name's particle, itself after a capitalized word (a first
    name or a title), and a capitalized word the noun lexicon lacks: part of a family name,
    whose article keeps its form whatever the name's case."""
    if det.upos != "DET" or det.feats.get("Definite") != "Def" or noun.id != det.id + 1 \
            or det.id < 3 or L.form_bundles is None:
        return False
    particle, before = sud.word(det.id - 1), sud.word(det.id - 2)
    return particle.form.lower() in L.name_particles and before.form[:1].isupper() \
        and noun.form[:1].isupper() and not L.form_bundles(noun.form, "NOUN")


def _attribute_of_nearer_noun(sud: Sentence, rule: Rule, d: Word, h: Word,
                              options: Mapping[int, Sequence[Feats]], lang: str) -> bool:
    """An attribute that fails against a noun further on while a word between them can be a
    noun it agrees with in every feature: it is that word's attribute ("suffered minor
    injuries a policeman", the verbal noun tagged an adjective). A word tagged an adjective
    counts only where the lexicon has no adjective of its form (as in ``_nearer_object``), and
    not where every word reads as a noun (German: "in the last twenty years")."""
    if rule.type != "agree" or d.upos not in ("ADJ", "DET") or not d.id + 1 < h.id \
            or not options[d.id]:
        return False
    L = language(lang)
    for x in sud.words[d.id:h.id - 1]:
        if x.upos == "NOUN" or (x.upos == "ADJ" and not L.article_declension
                                and (_no_adjective_reading(x, lang) or L.substantivized(x.form))):
            # (an adjective the dictionary marks as mostly a noun counts as one, "the given"
            # for data; a plural shows no gender, so a feature missing on one side is no clash)
            nouns = _analyses_as(lang, x.form, "NOUN", x.lemma)
            if any(all(values(o, f) & values(n, f) if values(o, f) and values(n, f)
                       else f != "Case" for f in ("Case", "Number", "Gender"))
                   for o in options[d.id] for n in nouns):
                return True
    return False


def _capitals_misread(w: Word, lang: str) -> bool:
    """A word in capitals tagged a noun or name that, written small, is an adjective or a
    determiner: the tagger read the capitals, not the word (an adjective or determiner in
    capitals for emphasis); its arcs prove nothing."""
    if w.upos not in ("NOUN", "PROPN") or len(w.form) < 3 or not w.form.isupper():
        return False
    small = w.form.lower()
    return any(_analyze_as(lang, small, upos) for upos in ("ADJ", "DET"))


def _name_adjective(sud: Sentence, w: Word, options: Mapping[int, Sequence[Feats]],
                    lang: str) -> bool:
    """A word tagged a name that, written small, is an adjective agreeing with the noun right
    after it: the adjective of a name ("in the White House"), in that noun's case, not a name
    of its own."""
    if w.upos != "PROPN" or not w.form[:1].isupper() or w.id >= len(sud.words):
        return False
    nxt = sud.word(w.id + 1)
    return nxt.upos in ("NOUN", "PROPN") and any(
        _may_agree(a, o) for a in _analyses_as(lang, w.form.lower(), "ADJ") for o in options[nxt.id])


def _inside_tag(sud: Sentence, w: Word) -> bool:
    """A word between "<" and ">" (a transcript's tag, "<talking at once>"): markup, no prose."""
    opened = False
    for x in sud.words[:w.id - 1]:
        if x.form.startswith("<"):
            opened = True
        if x.form.endswith(">"):
            opened = False
    return opened and any(x.form.endswith(">") or x.form.startswith("</")
                          for x in sud.words[w.id:])


def _analyses_as(lang: str, form: str, upos: str, lemma: str | None = None) -> list[Feats]:
    """The language analyzer's readings of ``form`` as ``upos`` (of ``lemma`` where given: an
    analyzer that declines adjectives from their lemma needs it); none without an analyzer."""
    analyze, _ = analyzer_for(lang)
    return [] if analyze is None else list(analyze(form, upos, lemma) or ())


def _analyze_as(lang: str, form: str, upos: str) -> bool:
    """Whether the language's analyzer reads ``form`` as ``upos`` with inflection features."""
    return any(a for a in _analyses_as(lang, form, upos))


def _before_its_preposition(sud: Sentence, rule: Rule, d: Word, h: Word, L: Language) -> bool:
    """A word the parse puts inside a prepositional phrase, though it stands before the
    preposition (in a language whose adpositions precede their nouns): the preposition's
    "object", or an attribute of the noun behind the preposition ("all" of "all those hit by
    the avalanche" hung on "avalanche"). It belongs to the phrase before."""
    if rule.type == "as" and h.upos == "ADP":
        return h.form.lower() not in L.postposed_adps and (d.id < h.id or any(
            x.head == d.id and x.id < h.id and x.upos in ("ADJ", "DET", "NUM")
            for x in sud.words))
    if rule.type != "agree" or d.id > h.id or d.upos not in ("ADJ", "DET", "NUM") \
            or h.upos not in ("NOUN", "PROPN") or not h.head:
        return False
    adp = sud.word(h.head)  # (in SUD the preposition governs its noun)
    return adp.upos == "ADP" and d.id < adp.id < h.id \
        and adp.form.lower() not in L.postposed_adps


def _lone_comma_between(sud: Sentence, subj: Word, verb: Word) -> bool:
    """A comma alone between a subject's phrase and its verb, where the phrase holds no comma
    of its own (no inserted clause or apposition that the comma would close): a subject is not
    cut from its verb by one comma, so the phrase is not this verb's subject (a fragment, a
    heading run into a sentence, an object fronted in a list)."""
    if subj.id > verb.id:
        return False
    inside = {subj.id} | {w.id for w in sud.words[:verb.id - 1] if _under(sud, w, subj.id)}
    last = max(inside)
    between = [sud.word(i) for i in range(last + 1, verb.id)]
    if [w.form for w in between] != [","]:
        return False
    return not any(sud.word(i).form == "," for i in range(min(inside), last + 1))


def _predicate_misread(sud: Sentence, h: Word, options: Mapping[int, Sequence[Feats]],
                       L: Language) -> bool:
    """A subject's predicate that is something else: right after a preposition it is the
    preposition's object (a Russian pronoun that is also the short adjective "dumb"); an
    adjective that is also an adverb, with a finite verb right after it, is that verb's adverb
    ("not by chance" read as "we are accidental")."""
    if h.id > 1 and sud.word(h.id - 1).upos == "ADP":
        return True
    if h.upos != "ADJ" or "ADV" not in L.word_classes(h.form):
        return False
    return any("VERB" in L.word_classes(w.form)
               or any(o.get("VerbForm") == "Fin" for o in options[w.id])
               for w in sud.words[h.id:h.id + 2])


def _predicate_of_noun_before(sud: Sentence, adj: Word, noun: Word,
                              options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """An adjective right after a copula, after a nominative noun it agrees with, before a
    noun that cannot take the copula's number: the predicate of the noun before ("the physics
    is terrible people who ...", a run-on sentence), the noun after it opening a phrase of its
    own (a predicate noun takes its copula's number: "is a big house")."""
    cop, subj = sud.word(adj.id - 1), sud.word(adj.id - 2)
    number = cop.feats.get("Number")
    if cop.upos not in ("AUX", "VERB") or cop.lemma.lower() not in L.copula_lemmas \
            or not number or not options[noun.id] \
            or subj.upos not in ("NOUN", "PROPN") \
            or any(number in values(o, "Number") for o in options[noun.id]):
        return False
    return any(o.get("Case") == "Nom" and number in values(o, "Number") and _may_agree(o, s)
               for o in options[adj.id] for s in options[subj.id])


def _predicate_before_time_phrase(sud: Sentence, adj: Word, noun: Word,
                                  options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """An adjective before a phrase of time in an adverbial's case with an attribute of its own
    between them, that agrees with a noun or pronoun before it: the phrase is an adverbial
    ("leave it on a long time"), the adjective that word's predicate, no attribute of the noun
    of time."""
    if not _time_noun(noun, L) \
            or not any(values(o, "Case") & {"Acc", "Ins"} for o in options[noun.id]):
        return False
    if not any(sud.word(i).head == noun.id and sud.word(i).upos in ("ADJ", "DET", "NUM")
               and any(_may_agree(a, n) for a in options[i] for n in options[noun.id])
               for i in range(adj.id + 1, noun.id)):
        return False
    return any(w.upos in ("NOUN", "PROPN", "PRON") and _may_agree(a, o)
               for w in sud.words[:adj.id - 1] for a in options[adj.id] for o in options[w.id])


def _copula_a_pronoun(sud: Sentence, cop: Word, L: Language) -> bool:
    """An auxiliary whose form is also an object pronoun (one Czech form is "is" and "them"),
    read as the copula where it is the pronoun: right after a verb that takes it as its object
    ("to make them bad"), or with a predicate the lexicon reads only as a finite verb ("all
    will hear them", the verb tagged an adjective)."""
    if cop.upos != "AUX" or not any("Case" in a for a in _analyses_as(L.code, cop.form.lower(),
                                                                      "PRON")):
        return False
    if cop.id > 1 and sud.word(cop.id - 1).upos == "VERB":
        return True
    return any(x.head == cop.id and _rel(x) == "comp:pred" and x.upos != "VERB"
               and not any(_analyses_as(L.code, x.form.lower(), x.upos, x.lemma)) and any(
                   a.get("VerbForm") == "Fin" for a in _analyses_as(
                       L.code, x.form.lower(), "VERB", lemma_of(L.code, x.form.lower())))
               for x in sud.words)  # (the word list's lemma: a plural adjective in -í is no verb)


def _comma_before_noun(sud: Sentence, d: Word, h: Word) -> bool:
    """An attribute cut off from its noun by a comma with no other attribute of the noun after
    the comma: a predicate of the clause before, or a list's item (a comma separates
    coordinated attributes from each other, never the last one from its noun)."""
    commas = [i for i in range(d.id + 1, h.id) if sud.word(i).form == ","]
    if not commas:
        return False
    return not any(x.head == h.id and x.upos in ("ADJ", "DET", "NUM")
                   and commas[-1] < x.id < h.id for x in sud.words)


def _verb_form_doubt(sud: Sentence, rule: Rule, d: Word, h: Word,
                     options: Mapping[int, Sequence[Feats]], L: Language,
                     analyses: Mapping[int, WordAnalyses]) -> bool:
    """Whether a verb in the wrong form for its auxiliary may belong to another clause or
    phrase instead: a comma, conjunction or relative pronoun between them, or its own subject
    (a finite verb coordinated after a subordinate clause's); its own auxiliary chain before it,
    which makes it the finite verb of a verb-final clause of its own (an indirect question or a
    relative clause ending in a non-finite verb and its auxiliary); a finite verb right before
    another, the end of one clause and the start of the next (a fronted subordinate clause with
    no comma, then the main clause's verb); a finite verb under an infinitive or participle, a
    chain the parse turned upside down (a clause's finite verb heads its chain: a fronted
    infinitive with its particle, then a modal); the infinitive particle not right before the
    verb, a degree word ("too" before an adjective); a word in the wrong form right before a
    verb in the right one, an adverb (a participle used as an adverb before an infinitive); a
    finite verb beside a verb of the head's clause in the right form (an aside); a word the
    dictionary also knows as a noun (a genitive plural that is also a verb form, "30 minutes"):
    its class is in doubt, not only its form."""
    if "NOUN" in L.word_classes(d.form):
        return True
    lo, hi = sorted((d.id, h.id))
    if any(sud.word(i).upos in ("PUNCT", "CCONJ", "SCONJ")
           or sud.word(i).feats.get("PronType") == "Rel"
           # a semicolon or colon the tokenizer left on a word (its last character) ends a clause too
           or (len(sud.word(i).form) > 1 and sud.word(i).form[-1] in ";:")
           for i in range(lo, hi)):
        return True
    # the words' own readings, not those a subject the parse gave them narrowed (a
    # verb-final clause's infinitive read as finite beside its subject)
    if _chain_reorders(sud, d, h, {i: a.options for i, a in analyses.items()}, L):
        return True
    # (every word has at least one analysis: the tagger's when no lexicon knows it)
    finite = all(o.get("VerbForm", "Fin") == "Fin" for o in options[d.id])
    if finite and h.upos == "AUX" and h.id == d.id + 1 and h.form.lower() != h.lemma.lower() \
            and any(a.get("VerbForm") == "Inf"
                    for a in _analyses_as(L.code, h.form.lower(), "VERB")):
        # an inflected "auxiliary" right after a finite verb that is also another verb's
        # infinitive is that verb's complement, the chain upside down ("they want to eat",
        # where "eat" is also a form of "be"; not an auxiliary's own infinitive, "have")
        return True
    if rule.allowed and not finite and any(
            w.head == d.id and w.upos in ("VERB", "AUX") and _rel(w).startswith("comp:aux")
            and any(o.get("VerbForm") in rule.allowed for o in options[w.id]) for w in sud.words):
        return True  # a chain upside down: its own auxiliary fits (conditional, participle, infinitive)
    if any(o.get("VerbForm") == "Conv" for o in options[d.id]):
        return True  # an adverbial participle modifies, whatever the parse hung it on
    lo_c, hi_c = _clause_span(sud, h.id)
    if finite and rule.allowed and any(
            w.id not in (d.id, h.id) and w.id > h.id and w.upos in ("VERB", "AUX")
            and options[w.id] and all(o.get("VerbForm") in rule.allowed for o in options[w.id])
            for w in sud.words[lo_c - 1:hi_c]):
        # the head's own verb in the right form is in its clause: the finite one is an aside
        # ("please" between a modal and its infinitive) or another clause's
        return True
    if any(w.head == d.id and (_rel(w) == "subj" or (
            finite and _rel(w).startswith("comp:aux") and w.id < d.id)) for w in sud.words):
        return True  # (its chain before it: a verb-final clause's finite verb)
    if finite and d.id < len(sud.words) and _rel(sud.word(d.id + 1)) == "subj" \
            and sud.word(d.id + 1).head == h.id \
            and any(w.head == h.id and _rel(w) == "subj" and w.id not in (d.id, d.id + 1)
                    for w in sud.words):
        # the head has two subjects, one right after the finite verb: that one is the verb's
        # own (a clause of its own, its subject after it; a comment clause, "then I think is
        # it good")
        return True
    if finite and h.upos in ("VERB", "AUX"):
        if not any(o.get("VerbForm", "Fin") == "Fin" for o in options[h.id]):
            return True
        nxt = sud.word(h.id + 1) if h.id < len(sud.words) else None
        if h.id == d.id + 1 and nxt is not None and nxt.upos not in ("PUNCT", "CCONJ") \
                and _ends_subordinate(sud, d, L, first=True):
            return True
        if d.id == h.id + 1 and _ends_subordinate(sud, h, L, first=True):
            return True
    if not finite and d.id < len(sud.words) and rule.allowed and any(
            o.get("VerbForm") in rule.allowed for o in options[d.id + 1]) \
            and sud.word(d.id + 1).upos in ("VERB", "AUX"):
        # a participle right before a verb in the right form: an adverb (before an infinitive
        # and its modal)
        return True
    return bool(L.infinitive_particle) and h.form.lower() == L.infinitive_particle \
        and h.id + 1 != d.id


def _chain_reorders(sud: Sentence, d: Word, h: Word,
                    options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A German verb chain the parser ordered wrongly, whose forms make a good chain in some
    order (a modal, a participle and the passive auxiliary; coordinated participles and a
    perfect passive infinitive; an auxiliary's infinitive before a finite modal). The chain's
    verbs (the two words and the auxiliaries and verbs hung on either) must hold one finite verb
    at most, and some order of them give each auxiliary a form it takes (the perfect auxiliary
    and an infinitive have none: an infinitive is no participle)."""
    chain_of = L.aux_chain
    if not chain_of or not all(w.lemma.lower() in chain_of or w.upos == "VERB" for w in (d, h)):
        return False
    ids = {d.id, h.id} | {w.id for w in sud.words if w.upos in ("VERB", "AUX")
                         and (w.head in (d.id, h.id) or w.id in (d.head, h.head))
                         and _rel(w).split(":")[0] in ("comp", "conj", "root")
                         and sud.word(w.id).upos in ("VERB", "AUX")}
    chain = [sud.word(i) for i in sorted(ids)]
    if len(chain) > 4:
        return False
    forms = [{o.get("VerbForm", "Fin") for o in options[w.id]} for w in chain]
    if sum(1 for f in forms if f == {"Fin"}) > 1:
        return False
    lemmas = [w.lemma.lower() for w in chain]
    for order in itertools.permutations(range(len(chain))):
        # order[0] heads the chain (any form), each next one must be what the one above takes
        if all(lemmas[order[k]] in chain_of
               and forms[order[k + 1]] & set(chain_of[lemmas[order[k]]])
               for k in range(len(order) - 1)):
            return True
    return False


def _after_particle(sud: Sentence, w: Word, L: Language) -> bool:
    """Whether ``w`` stands right after the language's infinitive particle ("zu")."""
    return bool(L.infinitive_particle) and w.id > 1 \
        and sud.word(w.id - 1).form.lower() == L.infinitive_particle


def _ends_subordinate(sud: Sentence, verb: Word, L: Language, first: bool = False) -> bool:
    """Whether ``verb`` ends a subordinate clause opened before it (a subordinator or question
    word with no finite verb between): "as long as X is there | there is ...". ``first``: a
    clause that opens the sentence, or follows "and", "or" or "but", so that a main clause may
    follow it (a causal clause inside a sentence, ending in two finite verbs, is the error it
    looks like); a relative clause always may."""
    for i in range(verb.id - 1, 0, -1):
        w = sud.word(i)
        if w.upos == "SCONJ" or w.form.lower() in L.question_words \
                or w.form.lower() in L.subordinators:
            return not first or i == 1 or sud.word(i - 1).form.lower() in L.clause_joiners
        if w.form.lower() in L.relative_determiners and i > 2 and (
                sud.word(i - 1).form == "," or (sud.word(i - 1).upos == "ADP"
                                                and sud.word(i - 2).form == ",")):
            # a relative clause after its noun (a comma, maybe a preposition, the pronoun):
            # the clause its noun belongs to goes on after it
            return True
        if w.form == "," or (w.upos in ("VERB", "AUX") and w.feats.get("VerbForm") == "Fin"):
            return False
    return False


def _unknown_contraction(sud: Sentence, wid: int, L: Language) -> bool:
    """Whether a word comes from a multiword token that is no contraction of the language
    (a tokenizer's mistake: a plain preposition split as if an article were fused with it)."""
    return any(m.first <= wid <= m.last and m.form.lower() not in L.contractions
               for m in sud.multiword)


def _compound_part(sud: Sentence, w: Word) -> bool:
    """A part of a compound written with a hyphen or slash (a compound of three hyphenated
    parts, two abbreviations joined by a slash): its case and gender are the whole compound's,
    not its own."""
    nxt = sud.word(w.id + 1) if w.id < len(sud.words) else None
    prev = sud.word(w.id - 1) if w.id > 1 else None
    if w.form.endswith("-") or any(x is not None and x.form == "/" for x in (nxt, prev)):
        return True
    # a hyphen written against the word (a dash between spaces sets off an insertion)
    return (nxt is not None and nxt.form in ("-", "–") and w.end is not None and nxt.start == w.end) \
        or (prev is not None and prev.form in ("-", "–") and prev.end is not None
            and w.start == prev.end)


def _article_phrase_doubt(sud: Sentence, d: Word, noun: Word,
                          options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A determiner or adjective of a language with article declension (German) whose phrase the parse
    may have built wrongly: a comparative before the particle "than" is a predicate; a
    "determiner" cut from its noun by a preposition, or beside another
    determiner (a pronoun: "on the one hand", a relative pronoun before a dative article); an
    adjective after a determiner that allows either declension; a floating quantifier ("all"
    after a plural pronoun); the contracted article of a superlative; an article after a comma
    (and a preposition) that fits the noun before it may be a relative pronoun (opening a
    relative clause with a noun of its own)."""
    lo, hi = sorted((d.id, noun.id))
    if any(sud.word(i).form.lower() in L.comparison_words for i in range(lo + 1, hi)):
        return True
    if d.upos == "DET" and any(_noun_between(sud.word(i), d, options, L) for i in range(lo + 1, hi)):
        return True  # the word between may be the noun the determiner belongs to
    # (a closed-class determiner the tagger took for an adjective counts: "is that your
    # joke", a demonstrative pronoun and a possessive before the noun)
    dets = [x for x in sud.words if x.head == noun.id and x.id < noun.id and (
        x.upos == "DET" or (x.upos == "ADJ" and x.form.isalpha()
                            and not _is_numeral(replace(x, upos="DET"), L)
                            and not L.known_adjective(x.form.lower())
                            and _analyze_as(L.code, x.form.lower(), "DET")))]
    if _superlative_of_many(sud, d, noun, options, L):
        return True
    split = [x for x in dets if any(sud.word(i).upos == "ADP" for i in range(x.id + 1, noun.id))]
    if split and (d in split or d.upos == "ADJ"):
        # a preposition between a "determiner" and its noun: a pronoun (a demonstrative object
        # before a prepositional phrase, an indefinite pronoun in a relative clause), which may
        # also have set the noun's features for its adjectives (not for an article next to the
        # noun: a feminine article before a neuter noun after a preposition)
        return True
    if any(b.id == a.id + 1 and (a.form.lower() in L.partitive_determiners
                                 or b.form.lower() in L.indefinite_articles
                                 or (a.form.lower() in L.relative_determiners
                                     and b.form.lower() in L.relative_determiners))
           for a in dets for b in dets):
        # "one" beside another determiner: a pronoun ("on the one hand", declined weak), "one
        # of my X", "many of these X" (a partitive genitive after it), an indefinite article
        # before an inserted phrase ("in her opinion"); two articles: the first a relative
        # pronoun (before a dative article and its noun)
        return True
    if (d.upos == "DET" and _subject_before_predicate(sud, d, noun, L)) or (
            d.upos == "ADJ" and any(_subject_before_predicate(sud, x, noun, L) for x in dets)):
        return True  # (an article of its own beside such a pronoun stays the noun's)
    if d.upos in ("DET", "ADJ") and any(
            any(sud.word(i).upos == "ADJ" for i in range(x.id + 1, y.id))
            and not any(sud.word(i).upos == "ADP" for i in range(x.id + 1, y.id))
            and not any(_may_agree(a, b) for a in options[x.id] for b in options[y.id])
            for x in dets for y in dets if x.id < y.id):
        # two determiners of one noun with an adjective between them that cannot stand in
        # one phrase: the parse merged two (a superlative and the genitive plural after it),
        # and the noun's features the arc rests on are in question (not two determiners side
        # by side: a writer's slip)
        return True
    first = min(dets, key=lambda x: x.id) if dets else None
    if len(dets) >= 2 and first is not None and first.form.lower() in L.relative_determiners and (
            d is first or (d.upos == "DET" and d.id == first.id + 1
                           and d.feats.get("PronType") in ("Neg", "Poss")
                           and not any(m.first <= first.id <= m.last for m in sud.multiword))):
        # the first of two determiners of one noun is a pronoun (a demonstrative object before
        # "here" and a quantifier); right before a negative or possessive one, the case the
        # noun got from it is no evidence against that one either (a relative pronoun after a
        # preposition, then a negative determiner; not a superlative quantifier, which follows
        # its article, nor a possessive after a contracted article)
        return True
    if any(x.form.lower() in L.floating_quantifiers and x.id > 1
           and sud.word(x.id - 1).upos == "ADP"
           and any(sud.word(i).upos in ("ADV", "ADJ") and "Case" not in sud.word(i).feats
                   for i in range(x.id + 1, noun.id))
           for x in [*dets, d] if x.upos == "DET"):
        # a quantifier right after a preposition, before an uninflected word of a participle
        # phrase: the preposition's pronoun object inside that phrase ("all", then an adverb
        # and a participle before the noun)
        return True
    if d.id < len(sud.words) and sud.word(d.id + 1).upos == "CCONJ":
        return True  # coordinated quantifiers: "one or two" before a noun (the last one counts)
    if any(x.form.lower() == L.indefinite_base and x.id < len(sud.words)
           and sud.word(x.id + 1).form.lower() in L.small_quantities
           for x in [d, *dets]):
        # "a few" (the indefinite article and a word of small quantity): a quantifier, no
        # article of the noun, and the adjectives decline strong after it
        return True
    if d.upos == "DET" and any(sud.word(i).upos == "ADV" and sud.word(i + 1).upos != "ADJ"
                               for i in range(d.id + 1, noun.id)):
        # an adverb between an article and its noun modifies an adjective after it; without
        # one, the "article" is a pronoun (a neuter demonstrative, then "only" or "here" before
        # a noun of another gender or number)
        return True
    if noun.id > 1 and d.upos == "DET" and (sud.word(noun.id - 1).upos == "NUM"
                                             or sud.word(noun.id - 1).form[:1].isdigit()):
        return True  # a date: an article, the day, the month (which keeps its form after the day)
    if d.upos == "ADJ" and any(sud.word(i).form.lower().startswith(L.either_declension)
                               for i in range(max(1, d.id - 2), d.id)):
        # after the determiners for "any", "all", "such" and "some" the adjective declines weak
        # or strong
        return True
    first_conjunct = noun
    while _rel(first_conjunct) == "conj:coord" and first_conjunct.head:
        first_conjunct = sud.word(first_conjunct.head)
    if d.upos == "ADJ" and first_conjunct is not noun \
            and not any(x.head == noun.id and x.upos == "DET" for x in sud.words) \
            and any(x.head == first_conjunct.id and x.upos == "DET"
                    and any(_may_agree(o, a, ("Number", "Gender")) for o in options[x.id]
                            for a in options[noun.id]) for x in sud.words):
        # a conjunct without its own article shares the first one's (a negative determiner
        # before a list of plural nouns, the last with an adjective)
        return True
    if d.form.lower() in L.floating_quantifiers and not any(
            _number_gender_fit(o, a) for o in options[d.id] for a in options[noun.id]) and (
            # "all" after a plural pronoun subject: its quantifier; "everything" after a dash
            # before a plural noun: a summing-up after a break (not a quantifier that fails the
            # noun right after it with no break)
            (d.form.lower() in L.plural_floating and any(
                w.upos == "PRON" and w.feats.get("Number") == "Plur" and w.id < d.id
                for w in sud.words))
            or (d.form.lower() in L.summing_floating and d.id > 1
                and sud.word(d.id - 1).form in ("-", "–", ",", ":"))):
        return True
    if L.superlative_contraction and d.id < len(sud.words) \
            and sud.word(d.id + 1).form.lower().endswith(L.superlative_ending) \
            and any(m.first <= d.id <= m.last and m.form.lower() == L.superlative_contraction
                    for m in sud.multiword):
        return True  # "most" after the superlative's contracted article: no article of the noun
    for x in dets:
        # a relative pronoun after a comma, or after a comma and a preposition (then a noun of
        # another gender or number, the clause's own)
        comma = x.id - 1 if x.id > 2 and sud.word(x.id - 1).form == "," else \
            x.id - 2 if x.id > 3 and sud.word(x.id - 1).upos == "ADP" \
            and sud.word(x.id - 2).form == "," else None
        if x.form.lower() in L.relative_determiners and comma is not None:
            # a relative clause: it fits the noun before the comma and ends in its finite verb
            # (a participle and its auxiliary; not a copula, nor an infinitive after its
            # particle); coordinated ones too (two finite verbs joined by "and")
            # the antecedent: a noun of the phrase before the comma, not always its last word
            # (a genitive noun before a prepositional phrase and a name)
            before = [w for w in sud.words[max(0, comma - 11):comma - 1]
                      if w.upos in ("NOUN", "PROPN", "PRON")]
            # the clause's end: its first verb that stands before punctuation or the sentence's
            # end (a list inside it has commas of its own: a list of nouns after a preposition,
            # then the clause's verb and a comma)
            last = next((w for w in sud.words[noun.id:] if w.upos in ("VERB", "AUX") and (
                w.id == len(sud.words) or sud.word(w.id + 1).upos == "PUNCT")),
                None)
            if last is None:
                continue
            inside = sud.words[noun.id:last.id - 1]
            if before and sud.word(last.id - 1).form.lower() != L.infinitive_particle \
                    and any(o.get("VerbForm", "Fin") == "Fin" for o in options[last.id]) \
                    and not any(w.upos in ("VERB", "AUX") and w.feats.get("VerbForm") == "Fin"
                                and sud.word(w.id + 1).upos != "CCONJ" for w in inside) \
                    and any(_number_gender_fit(o, a) for o in options[x.id]
                            for b in before for a in options[b.id]):
                return True
    return False


#: punctuation that joins two clauses (a spaced dash, a colon, a semicolon)
_CLAUSE_BREAKS = frozenset({"-", "–", "—", ":", ";"})
#: quotation marks (the clause check's, and the plain apostrophe some writers quote with)
_QUOTES = QUOTES | {"'"}


def _subject_misread(sud: Sentence, subj: Word, verb: Word, feature: str,
                     options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """Whether the word taken for a verb's subject may not be it, or its number not the
    subject's, whatever the agreement: a partitive genitive, the object of a pronoun subject,
    a noun whose "determiner" is a noun (people, land: two phrases), a noun after "X- and", a
    quoted title (its number is the work's, not its words'), a noun after a comma that follows
    its verb (the next clause's), a dash, colon or semicolon between them, a verb inside a
    relative clause opened after the subject, or, where the subject may be left out, a
    relative pronoun that may be the accusative object of a third person plural verb with no
    subject ("the smell that [they] use")."""
    if _partitive_genitive(sud, subj, options, L) or _pronoun_before_object(sud, subj, verb, options, L):
        return True
    if any(x.head == subj.id and x.upos == "DET" and x.form.isalpha()
           and not _analyses_as(L.code, x.form.lower(), "DET")
           and _analyses_as(L.code, x.form, "NOUN") for x in sud.words):
        return True  # its "determiner" is a noun the lexicon knows: two phrases, not one
    if feature == "Number" and _truncated_conjunct(sud, subj, L):
        return True
    if feature in ("Number", "Gender") and _quoted_title(sud, subj, verb):
        return True
    if subj.id > verb.id and any(sud.word(i).form == "," for i in range(verb.id + 1, subj.id)):
        return True
    if subj.id < verb.id and any(sud.word(i).form in _CLAUSE_BREAKS
                                 for i in range(subj.id + 1, verb.id)):
        return True  # a dash, colon or semicolon between them: two clauses
    if subj.id < verb.id:
        def opens_clause(i: int) -> bool:
            before = sud.word(i - 1)
            return before.form == "," or (before.upos == "ADP" and i > 2
                                          and sud.word(i - 2).form == ",")
        rel = [i for i in range(subj.id + 1, verb.id)
               if _wh_word(sud.word(i), L) and opens_clause(i)]
        if rel and not any(sud.word(i).form == "," for i in range(rel[-1] + 1, verb.id)):
            return True  # the verb is inside a relative clause opened after the subject
    return feature == "Number" and L.pro_drop and subj.upos == "PRON" and _wh_word(subj, L) \
        and any("Acc" in values(o, "Case") for o in options[subj.id]) \
        and bool(options[verb.id]) and all(o.get("Number") == "Plur" and o.get("Person", "3") == "3"
                                           for o in options[verb.id])


def _noun_readings(w: Word, options: Mapping[int, Sequence[Feats]], L: Language) -> list[Feats]:
    """A word's readings as a noun: a noun's own, or those of a word tagged an adjective that
    the lexicon knows only as a noun (small nouns only: a German noun is capitalized)."""
    if w.upos == "NOUN":
        return list(options[w.id])
    if w.upos == "ADJ" and not L.noun_capitals and w.form.isalpha() \
            and not _analyses_as(L.code, w.form.lower(), "ADJ"):
        return _analyses_as(L.code, w.form.lower(), "NOUN")
    return []


def _after_orphan_preposition(sud: Sentence, noun: Word) -> bool:
    """A noun phrase right after a preposition (an adverb between: "despite such a flaw") that
    the parse left without an object: the phrase is that preposition's object, not the verb's."""
    start = min([noun.id] + [x.id for x in sud.words if x.head == noun.id and x.id < noun.id])
    k = start - 1
    while k >= 1 and sud.word(k).upos == "ADV":
        k -= 1
    return k >= 1 and sud.word(k).upos == "ADP" and not any(
        x.head == k and _rel(x) == "comp:obj" for x in sud.words)


def _quoted_title(sud: Sentence, subj: Word, verb: Word) -> bool:
    """A subject inside quotation marks of several words, its verb outside them: a title or
    name, whose number and gender are the work's ("«United States v. Nixon» found")."""
    before = [w for w in sud.words[:subj.id - 1] if w.form in _QUOTES]
    after = [w for w in sud.words[subj.id:] if w.form in _QUOTES]
    if not before or not after:
        return False
    start, end = before[-1].id, after[0].id
    return end - start > 2 and not start < verb.id < end


def _partitive_genitive(sud: Sentence, w: Word, options: Mapping[int, Sequence[Feats]],
                        L: Language) -> bool:
    """A noun (or a determiner of one) whose phrase stands right after a numeral, a partitive
    quantifier or a superlative and opens with a determiner that may be genitive plural: the
    phrase may be that word's partitive genitive ("many of the X", "two of her X", "177,000 of
    the 634,000 inhabitants"), so the noun's case, its place in the clause and its
    determiner's fit (when the parse forced another case on the noun) rest on the parse."""
    if not L.partitive_determiners:
        return False
    noun = w if w.upos in ("NOUN", "PROPN") else (sud.word(w.head) if w.head else None)
    if noun is None or noun.upos not in ("NOUN", "PROPN") \
            or not any(o.get("Case") == "Gen" and o.get("Number") == "Plur" for o in options[noun.id]):
        return False
    for g in sud.words[:noun.id - 1]:
        if g.head != noun.id or g.upos != "DET" or g.id == 1 or _is_numeral(g, L) or any(
                sud.word(i).upos not in ("ADJ", "ADV", "NUM") for i in range(g.id + 1, noun.id)):
            continue
        readings = _analyses_as(L.code, g.form.lower(), "DET") + list(options[g.id])
        if not any(o.get("Case") == "Gen" and o.get("Number") == "Plur" for o in readings):
            continue
        p = sud.word(g.id - 1)
        if _is_numeral(p, L) or p.form.lower() in L.partitive_determiners or (
                p.upos == "ADJ" and any(o.get("Degree") == "Sup" for o in options[p.id])):
            return True
    return False


def _after_plural_pronoun(sud: Sentence, w: Word) -> bool:
    """Whether a word follows a plural pronoun, right after it or after the verb that follows
    it ("we all", "we are all")."""
    def plural_pronoun(x: Word) -> bool:
        return x.upos == "PRON" and x.feats.get("Number") == "Plur"
    return (w.id > 1 and plural_pronoun(sud.word(w.id - 1))) or (
        w.id > 2 and sud.word(w.id - 1).upos in ("VERB", "AUX") and plural_pronoun(sud.word(w.id - 2)))


def _truncated_conjunct(sud: Sentence, w: Word, L: Language) -> bool:
    """A noun (or a conjunct of it) after "X- and": the two compounds written so may be two
    things ("entrance- and exit") or one ("a lies- and grief-festival"); its number towards a
    verb proves nothing."""
    def after_cut(x: Word) -> bool:
        if _after_cut(sud, x, L):
            return True
        # (a hyphen the tokenizer split off the word it is written against)
        cut = sud.word(x.id - 2) if x.id > 3 else None
        return cut is not None and sud.word(x.id - 1).form.lower() in L.and_words \
            and cut.form in ("-", "–") and cut.start is not None \
            and sud.word(x.id - 3).end == cut.start
    return any(after_cut(x) for x in sud.words
               if x.id == w.id or (x.head == w.id and _rel(x) == "conj:coord"))


def _ends_open(sud: Sentence, w: Word) -> bool:
    """Whether the sentence ends with ``w``'s phrase and no punctuation after it."""
    last = sud.words[-1]
    return last.upos != "PUNCT" and (last.id == w.id or _under(sud, last, w.id))


def _after_cut(sud: Sentence, w: Word, L: Language) -> bool:
    """A word right after "X- and": the second of two compounds sharing its tail."""
    return w.id > 2 and sud.word(w.id - 1).form.lower() in L.and_words \
        and len(sud.word(w.id - 2).form) > 1 and sud.word(w.id - 2).form.endswith("-")


def _pronoun_subject_before_noun(sud: Sentence, d: Word, h: Word,
                                 options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """``_pronoun_before_object`` on an arc of the parse: a determiner and its noun, or a noun
    and the verb it depends on."""
    if h.upos in ("NOUN", "PROPN") and d.upos == "DET" and d.head == h.id:
        noun = h
    elif d.upos in ("NOUN", "PROPN") and h.upos in ("VERB", "AUX"):
        noun = d
    else:
        return False
    verb = sud.word(noun.head) if noun.head else None
    if verb is None or verb.upos not in ("VERB", "AUX") \
            or _rel(noun) not in ("subj", "comp:pred", "comp:obj"):
        # (the parse hung the noun elsewhere: the clause's next verb, no comma between)
        verb = next((w for w in sud.words[noun.id:] if w.upos in ("VERB", "AUX")
                     or w.form in (",", ";", ":")), None)
        if verb is None or verb.upos not in ("VERB", "AUX"):
            return False
    return _pronoun_before_object(sud, noun, verb, options, L)


def _pronoun_before_object(sud: Sentence, noun: Word, verb: Word,
                           options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A singular "determiner" that may stand alone as a nominative pronoun, before a bare
    plural noun taken for the subject (or predicate) of a singular verb after them: the
    pronoun is the subject and the noun the object ("that this includes backup systems", "if
    anyone had any information"). Both failures, the determiner's number and the verb's, are
    the parse's. Not an article, nor a word after a preposition (its object)."""
    det = next((x for x in sud.words if x.head == noun.id and x.upos == "DET" and x.id < noun.id),
               None)
    if det is None or det.id == 1 or det.form.lower() in L.indefinite_articles \
            or sud.word(det.id - 1).upos == "ADP" or verb.upos not in ("VERB", "AUX") \
            or verb.id < noun.id \
            or any(sud.word(i).upos not in ("ADJ", "ADV") for i in range(det.id + 1, noun.id)):
        return False
    # (a plural, or a form that is singular only as a genitive: "tips", "of the tip")
    if not options[noun.id] or not any(o.get("Number") == "Plur" for o in options[noun.id]) \
            or any(o.get("Number") != "Plur" and o.get("Case") != "Gen" for o in options[noun.id]):
        return False
    form = det.form.lower()
    if any(o.get("Number") == "Plur" for o in _analyses_as(L.code, form, "DET")):
        return False
    if not any(o.get("Case", "Nom") == "Nom" and o.get("Number", "Sing") == "Sing"
               for o in _analyses_as(L.code, form, "PRON")):
        return False
    finite = [o for o in options[verb.id] if o.get("VerbForm", "Fin") == "Fin"]
    return bool(finite) and all(o.get("Number") == "Sing" for o in finite)


def _superlative_of_many(sud: Sentence, d: Word, noun: Word,
                         options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A superlative right before a genitive plural determiner, both before the noun: the
    superlative heads a phrase of its own whose noun is left out, the determiner and the noun
    after it are that phrase's genitive ("the finest of all days"); an attribute at or before
    the superlative belongs to it, not to the noun."""
    for s in sud.words[d.id - 1:noun.id - 2]:
        if s.upos != "ADJ" or not any(o.get("Degree") == "Sup" for o in options[s.id]):
            continue
        g = sud.word(s.id + 1)
        # (a determiner, not a numeral: "in the last twenty years" with a wrong article stays
        # an error)
        readings = _analyses_as(L.code, g.form.lower(), "DET") + (
            list(options[g.id]) if g.upos == "DET" else [])
        if g.id < noun.id and not _is_numeral(replace(g, upos="DET"), L) \
                and any(o.get("Case") == "Gen" and o.get("Number") == "Plur" for o in readings) \
                and any(o.get("Case") == "Gen" and o.get("Number") == "Plur"
                        for o in options[noun.id]):
            return True
    return False


def _subject_before_predicate(sud: Sentence, det: Word, noun: Word, L: Language) -> bool:
    """A "determiner" that may stand alone as a neuter pronoun ("everything", "this") before the
    predicate noun of a copula that has no subject, or before a subject noun of a copula
    with no predicate: the pronoun is the subject, the noun the predicate ("everything must
    be intention")."""
    if det.form.lower() not in L.standalone_subjects or _rel(noun) not in ("comp:pred", "subj") \
            or not noun.head:
        return False
    cop = sud.word(noun.head)
    # the copula itself, or a modal whose copula the parse hung beside it ("muss alles
    # Absicht und alles Instinkt sein")
    under = [x for x in sud.words if x.head == cop.id and x.lemma.lower() in L.copula_lemmas]
    if cop.lemma.lower() not in L.copula_lemmas and not under:
        return False
    if any(x.head in {cop.id, *(u.id for u in under)} and _rel(x) == "comp:aux"
           and x.lemma.lower() not in L.copula_lemmas for x in sud.words):
        return False  # an auxiliary of a passive or a future, no copula
    # (its remaining auxiliaries are copulas, among ``under``)
    verbs = {cop.id, cop.head} if _rel(cop) in ("comp:aux", "comp:pred") else {cop.id}
    verbs |= {x.id for x in under}
    # (a subject noun may be the predicate when the clause has no other one)
    other = "subj" if _rel(noun) == "comp:pred" else "comp:pred"
    return not any(x.head in verbs and _rel(x) == other and x.id != noun.id for x in sud.words)


def _noun_between(w: Word, det: Word, options: Mapping[int, Sequence[Feats]],
                  L: Language) -> bool:
    """A word the parse took for an adjective between a determiner and its noun that the
    dictionary knows as a noun the determiner fits, and the lexicon not as an adjective: the
    determiner's own noun (a plural noun before another noun, a noun written small)."""
    if w.upos != "ADJ" or not w.form.isalpha() or L.form_bundles is None \
            or L.known_adjective(w.form.lower()) or _analyze_as(L.code, w.form.lower(), "NUM"):
        return False
    form = w.form[:1].upper() + w.form[1:] if L.noun_capitals else w.form
    if any("AdjDecl" in a for a in L.noun_analyses(form)):
        return False  # an adjective used as a noun is an adjective all the same
    return any(_number_gender_fit(o, dict(b))
               for b in L.form_bundles(form, "NOUN") or () for o in options[det.id])


def _demonstrative_subject(sud: Sentence, det: Word, noun: Word, L: Language) -> bool:
    """Whether a "determiner" that fails its noun is the demonstrative subject of a copula
    whose predicate the noun is (a demonstrative, a plural noun with or without an adjective,
    then the plural copula; in German and in Czech). The copula is the first verb after the
    noun, in the same clause (no comma between); the noun's adjectives then decline as if no
    article stood before them, so their failures are the parse's too."""
    if det.form.lower() not in L.demonstrative_subjects or det.id > noun.id:
        return False
    for w in sud.words[noun.id:]:
        if w.upos == "PUNCT" or w.upos in ("SCONJ", "CCONJ"):
            return False
        if w.upos in ("VERB", "AUX"):
            # not when the copula has a predicate of its own, nor when the two words open the
            # sentence before its verb: a verb-second main clause has one phrase before the
            # verb, so they are one phrase (subject and predicate stand so in a verb-final
            # clause only)
            return w.lemma.lower() in L.copula_lemmas and not (
                L.verb_second and _opens_sentence(sud, det.id)) \
                and not any(x.head == w.id and _rel(x) == "comp:pred" and x.id != noun.id
                            for x in sud.words)
    return False


def _count_doubt(sud: Sentence, num: Word, noun: Word, lang: str) -> bool:
    """Whether a counted noun's rule (a numeral and its noun) may not apply: the numeral after
    the noun ("page two"; in Russian, an approximation), a capitalized numeral inside the
    sentence (a name: a title and a numeral as surname), a range or compound numeral ("two to
    three", "twenty-one"), a word between the two that is no attribute (a noun, a unit, a
    slash), a month (a date), after digits a noun right before another noun, or a Russian
    adjective used as a noun (genitive plural after "four")."""
    if num.id > noun.id or (num.id > 1 and num.form[:1].isupper()):
        return True
    near = [sud.word(i) for i in (num.id - 1, num.id + 1) if 1 <= i <= len(sud.words)]
    L = language(lang)
    if any(w.upos == "NUM" or w.form[:1].isdigit() or w.form in ("-", "–")
           or w.form.lower() in L.range_words for w in near):
        return True
    if any(sud.word(i).upos not in ("ADJ", "DET", "ADV", "PUNCT") or "/" in sud.word(i).form
           or (sud.word(i).upos == "PUNCT" and sud.word(i).form.strip("*_"))
           for i in range(num.id + 1, noun.id)):
        # a noun, unit, slash or dash between: the numeral counts the nearer one, or heads a
        # list (emphasis marks aside)
        return True
    if _listed_word(noun, L.months):
        return True  # a date: the day's number before its month
    if num.form.isdigit() and noun.id < len(sud.words) and sud.word(noun.id + 1).upos == "NOUN":
        # a noun before a noun in the technical text numbers in digits count in: the counted
        # one may be the next ("4 video inputs")
        return True
    return L.substantivized(noun.form)


def _governor_doubt(sud: Sentence, adp: Word, L: Language) -> bool:
    """Whether a preposition's phrase may not be about the position its verb names: "until
    into the night" (a time span), or a verb coordinated with another, or with a punctuation
    mark between, whose phrase the parser may have hung on the wrong one."""
    if adp.id > 1 and L.span_adp and sud.word(adp.id - 1).form.lower() == L.span_adp:
        return True
    verb = adp.head
    if any(w.head == verb and _rel(w).startswith("conj") for w in sud.words) \
            or _rel(sud.word(verb)).startswith("conj"):
        return True
    lo, hi = sorted((adp.id, verb))
    return any(sud.word(i).upos in ("PUNCT", "CCONJ") for i in range(lo + 1, hi))


def _frame_doubt(sud: Sentence, rule: Rule, d: Word, h: Word,
                 options: Mapping[int, Sequence[Feats]], analyses: Mapping[int, WordAnalyses],
                 lang: str) -> bool:
    """Whether a verb's case frame (a verb + dative) may have failed through the parse: the
    form belongs to another verb too (a finite form under an auxiliary: another verb's
    participle); a clause boundary lies between the object and the verb (it may belong to
    another verb); or the object could be the clause's subject (a pronoun after the verb in a
    question) and no other word surely is."""
    if any(w.head == h.id and "prt" in w.deprel for w in sud.words):
        return True  # a separable verb (its particle at the clause's end), not the frame's verb
    L = language(lang)
    if _time_noun(d, L):
        return True  # a phrase of time, no object: "every day", "in the evening"
    if any(values(o, "Case") & L.adverbial_cases for o in options[d.id]) \
            or _analyses_as(lang, d.form, "ADV") or "ADV" in L.word_classes(d.form):
        return True  # an adverbial's case ("at three") or an adverb too: not a wrong object
    if d.id < h.id and h.head and d.id > h.head and h.feats.get("VerbForm") == "Inf" \
            and any(head == h.head and rel.split(":")[0] == "obj" and p >= PLAUSIBLE
                    for head, rel, p in read_alternatives(d.misc.get("Alt", ""))):
        # an object between a verb and the infinitive under it that the parser nearly gave
        # the verb: that verb's object, the infinitive's subject ("they made me believe"),
        # which no rule of the pack checks on its new arc (``alternatives.robust_to_parse``)
        return True
    if "VERB" in {c for c, _p in read_classes(d.misc.get("AltUPOS", ""))} \
            and _analyses_as(lang, d.form, "VERB"):
        return True  # a verb too, the tagger's other guess (an imperative): a clause of its own
    if L.verb_lemmas is not None:
        under_aux = bool(h.head) and sud.word(h.head).upos in ("VERB", "AUX") \
            and _rel(h).startswith("comp")
        readings = ("Part", "Inf") if under_aux else ("Fin",)
        cands = {lem.casefold() for vf in readings
                 for lem in L.verb_lemmas(h.form, {"VerbForm": vf})}
        if under_aux:
            # a separable verb's infinitive and participle carry its particle (inside the
            # word): the base verb under an auxiliary is not the particle verb
            form = h.form.casefold()
            cands = {c for c in cands if not any(
                c != m and c.endswith(m) and not form.startswith(c[:-len(m)]) for m in cands)}
        else:
            # a finite separable verb leaves its particle behind, and none is there (above)
            cands = {c for c in cands if not any(c != m and c.endswith(m) for m in cands)}
        allowed = {v.casefold() for k, vs in rule.when if k == "head.lemma" for v in vs}
        if not cands and h.lemma.casefold() in allowed:
            # a verb the reverse index lacks: its own lemma's paradigm, if it has the form
            analyze, _ = analyzer_for(lang)
            if analyze is not None and analyze(h.form, h.upos, h.lemma):
                cands = {h.lemma.casefold()}
        if not cands or not cands <= allowed:
            return True
    lo, hi = sorted((d.id, h.id))
    for i in range(lo + 1, hi):
        u = sud.word(i)
        if u.form == "," or u.upos == "SCONJ" or u.feats.get("PronType") == "Rel" \
                or (u.upos == "VERB" and u.form.casefold() not in L.time_nouns):
            return True  # (a word of time the tagger called a verb is none)
        if u.upos in ("NOUN", "ADJ") and any(
                "Case" in a for a in _analyses_as(lang, u.form, "VERB")):
            return True  # a verbal noun or participle between: the object may be its own
    if any(w.head == d.id and w.upos == "CCONJ" for w in sud.words):
        return True  # a conjunct hung on the verb (a second object joined by "or")
    cases = _np_cases(sud, d, options)
    cx = _verbal_complex(sud, h.id)
    if "Nom" in cases and not (d.upos in ("NOUN", "PROPN") and options[h.id] and all(
            o.get("Person") in ("1", "2") for o in options[h.id])):
        # (a noun is no subject of a verb in the first or second person only)
        # (a subject set off by a comma may have this word as its apposition)
        sure = [w for w in _subjects(sud, cx, d.id) if _surely_nominative(w, options, analyses)
                and not any(sud.word(i).form == "," for i in range(min(w.id, d.id) + 1,
                                                                 max(w.id, d.id)))]
        if not sure or (cases == {"Nom"}
                        and not _nominative_object(sud, rule, d.id, h.id, options, analyses, L)):
            return True  # the subject, misparsed (a fronted interrogative object before it)
    allowed_cases = set(rule.allowed)
    if any(w.head in cx and w.id != d.id and _rel(w) in ARG_RELS
           and (w.upos in _CONTROLLERS or w.upos == "ADJ")
           and w.form.casefold() not in L.time_nouns
           and _np_cases(sud, w, options) & allowed_cases for w in sud.words):
        # another phrase fills the frame (an adjective used as a noun too: "[to her] there are
        # no equals", the genitive "equals" an adjective): this one is an adverbial (of time)
        # or the verb's experiencer
        return True
    first = min([d.id] + [w.id for w in sud.words if w.head == d.id and w.upos in ("DET", "ADJ")])
    if "Gen" in cases and first > 1 and sud.word(first - 1).upos in ("NOUN", "PROPN"):
        return True  # a genitive attribute of the noun before (a noun, then an article and noun)
    return False


def _is_frame(rule: Rule) -> bool:
    """A verb's case frame: a government rule keyed on the verb's lemma (a verb + dative)."""
    return rule.type == "as" and rule.feature == "Case" and rule.head_upos in ("VERB", "AUX") \
        and "head.lemma" in when_keys(rule)


def _governs(rule: Rule) -> bool:
    """A rule that sets a noun phrase's case from outside it: a verb's case frame or a
    preposition's government."""
    return _is_frame(rule) or (rule.type == "as" and rule.feature == "Case"
                               and rule.head_upos == "ADP")


def _government_induced(sud: Sentence, rule: Rule, dep: int, head: int, arcs: Sequence[Arc],
                        options: Mapping[int, Sequence[Feats]], free: Callable[[], Solution],
                        rules: Sequence[Rule], analyses: Mapping[int, WordAnalyses],
                        lang: str) -> bool:
    """Whether an agreement inside a noun phrase fails only in the case its governor demands
    (an article and a plural noun agree as a dative, not as the accusative the verb takes; the
    degree adverb "too" that is also a preposition, then a quantifier and its noun, agree as a
    nominative, not as the dative of the preposition) while that government may itself have
    failed through the parse: then the parse, not the phrase, is suspect. ``free``: the
    solution with governments weighing (almost) nothing."""
    if rule.type != "agree":
        return False
    if not any(a.dep == head and any(_governs(g) for g in a.rules) for a in arcs):
        return False
    outcomes = free().outcomes
    if any(r is rule and d == dep and h == head and not ok for r, d, h, ok in outcomes):
        return False  # the phrase fails whatever case it is in
    # the governments that apply (a frame: the verb's lemma is its)
    return any(_doubtful(sud, g, d, h, options, arcs, rules, analyses, lang)
               for g, d, h, _ok in outcomes if d == head and _governs(g))


def _nominative_object(sud: Sentence, rule: Rule, dep: int, head: int,
                       options: Mapping[int, Sequence[Feats]],
                       analyses: Mapping[int, WordAnalyses], L: Language) -> bool:
    """The one case where the general "a verb's object is accusative" rule proves an error: a
    German object whose article and noun can only be nominative (an indefinite article, a
    strong nominative adjective, a masculine noun) beside a subject that can only be
    nominative, of a known verb that is no copula, with nothing between them but the clause's
    own words. Also, in every language, a nominative-only personal pronoun right after a finite
    verb it cannot be the subject of (``_pronoun_neither_subject_nor_object``)."""
    if _pronoun_neither_subject_nor_object(sud, rule, dep, head, options, analyses, L):
        return True
    if not L.article_declension or L.verb_lemmas is None or rule.type != "as" \
            or rule.feature != "Case" or "Nom" in rule.allowed \
            or base_relation(rule.relation) != "comp:obj" \
            or any(k != "head.lemma" for k, _ in rule.when):
        return False
    d, h = sud.word(dep), sud.word(head)
    if h.upos != "VERB" or d.upos != "NOUN" or _np_cases(sud, d, options) != {"Nom"}:
        return False
    cx = _verbal_complex(sud, head)
    lemmas = {lem for v in cx for lem in L.verb_lemmas(sud.word(v).form)}
    if not L.verb_lemmas(h.form) or lemmas & L.predicate_verbs \
            or any(sud.word(v).lemma in L.predicate_verbs for v in cx):
        return False
    dets = [w for w in sud.words if w.head == dep and w.upos == "DET"]
    if not dets or not all(analyses[w.id].known for w in dets):
        return False  # the article is what shows the case
    subjects = _subjects(sud, cx, dep)
    # "there is" + accusative: the existential pronoun is the subject (an object pronoun of
    # that form never opens the sentence, and the inverted order is the same construction)
    existential = len(subjects) == 1 and subjects[0].form.lower() == L.existential_subject \
        and L.existential_verb in lemmas
    if len(subjects) != 1 or not (existential or _surely_nominative(subjects[0], options, analyses)):
        return False
    lo, hi = sorted((subjects[0].id, dep))
    if any(w.head == head and lo < w.id < hi and (
            w.upos == "SCONJ" or w.feats.get("PronType") in ("Rel", "Int")
            or w.form.lower() in L.question_words or w.form.lower() in L.subordinators)
           for w in sud.words):
        return False  # the subject is outside the clause its verb opens ("where an item is")
    if any(w.head == dep and _rel(w).startswith("conj") for w in sud.words) \
            or _rel(d).startswith("conj"):
        return False
    lo, hi = sorted((dep, head))
    return not any(sud.word(i).form == "," or sud.word(i).form.lower() in L.comparison_words
                   or sud.word(i).upos in ("SCONJ", "CCONJ") for i in range(lo + 1, hi))


def _pronoun_neither_subject_nor_object(sud: Sentence, rule: Rule, dep: int, head: int,
                                        options: Mapping[int, Sequence[Feats]],
                                        analyses: Mapping[int, WordAnalyses], L: Language) -> bool:
    """A personal pronoun that can only be nominative, as the object right after a finite verb
    (no copula, no verb naming its predicate) that it agrees with in no person and number: as
    the verb's subject it would disagree, as its object it is in the wrong case, so the sentence
    is wrong either way, and the case is what the writer missed (a first-person verb, then the
    second person's nominative: its accusative was meant)."""
    if rule.type != "as" or rule.feature != "Case" or "Nom" in rule.allowed \
            or base_relation(rule.relation) != "comp:obj" or dep != head + 1:
        return False
    d, h = sud.word(dep), sud.word(head)
    if d.upos != "PRON" or h.upos != "VERB" or not analyses[dep].known \
            or not analyses[head].known:
        return False
    if h.lemma.lower() in L.copula_lemmas | L.predicate_verbs:
        return False
    if not all(values(o, "Case") == {"Nom"} and "Person" in o for o in options[dep]):
        return False
    verb_cells = [o for o in options[head] if "Person" in o and "Number" in o]
    if not verb_cells or len(verb_cells) != len(options[head]):
        return False  # a verb form that may be non-finite
    return not any(values(p, "Person") & values(v, "Person") and values(p, "Number") & values(v, "Number")
                   for p in options[dep] for v in verb_cells)


def _np_cases(sud: Sentence, noun: Word, options: Mapping[int, Sequence[Feats]],
              attributes: tuple[str, ...] = ("DET",)) -> set[str]:
    """The cases a noun can have together with its determiners (a masculine article and noun:
    accusative only); with ``attributes`` ("DET", "ADJ"), also with the adjectives right before
    it that hang on it."""
    dets = [w for w in sud.words if w.head == noun.id and w.upos in attributes and options[w.id]
            and (w.upos == "DET" or (w.id < noun.id and all(
                sud.word(i).upos in attributes for i in range(w.id, noun.id))))]
    out: set[str] = set()
    for o in options[noun.id]:
        if all(_np_fits(options[x.id], o) for x in dets):
            out |= values(o, "Case")
    return out


def _inverted_subject(sud: Sentence, d: Word, h: Word, options: Mapping[int, Sequence[Feats]],
                      lang: str) -> bool:
    """Whether a verb's object after it may be the subject of an inverted clause: in a language
    that leaves subjects unsaid, the verb's clause has none, and the noun may be a nominative
    that its finite verb agrees with in person and number ("the revision will not take place"
    said verb first, read as the verb's object). A first- or second-person verb has its
    subject unsaid, and the noun stays its object."""
    if not language(lang).pro_drop or d.id < h.id or h.upos not in ("VERB", "AUX"):
        return False
    cx = _verbal_complex(sud, h.id)
    if _subjects(sud, cx, d.id):
        return False
    nominatives = [o for o in options[d.id] if "Nom" in values(o, "Case")]
    finite = [o for v in sorted(cx) for o in _finite_options(sud.word(v), options, lang)[0]
              if o.get("VerbForm", "Fin") == "Fin" and o.get("Person")]
    return bool(nominatives and finite) and any(
        f.get("Person") == "3" and values(f, "Number") & values(n, "Number")
        for f in finite for n in nominatives)


def _subjects(sud: Sentence, cx: set[int], other_than: int) -> list[Word]:
    """The words labelled subject in a verbal complex, but ``other_than``."""
    return [w for w in sud.words if w.head in cx and w.id != other_than and _rel(w) == "subj"]


def _surely_nominative(w: Word, options: Mapping[int, Sequence[Feats]],
                       analyses: Mapping[int, WordAnalyses]) -> bool:
    """A word the lexicons know that can only be nominative (a first-person pronoun, a noun with a
    masculine nominative article)."""
    return analyses[w.id].known and bool(options[w.id]) and all(
        values(o, "Case") == {"Nom"} for o in options[w.id])


def _adp_as_conjunction(sud: Sentence, d: Word, adp: Word,
                        options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """Whether a preposition may rather introduce a clause, so its "object" is the clause's
    subject or object: a nominative-only pronoun after one that is also a conjunction ("since
    I ..."), "without/in order ... to" + the infinitive particle and a verb, or "since/while" +
    a possible nominative with a verb later in the sentence, past insertions between commas
    (not a phrase of time in the wrong case before the main clause's verb, which follows its
    comma)."""
    low = adp.form.lower()
    if d.upos == "PRON" and d.id > adp.id and low in L.clause_adps | L.infinitive_adps \
            and options[d.id] and all(values(o, "Case") == {"Nom"} for o in options[d.id]):
        return True
    after = sud.words[d.id:]
    if low in L.infinitive_adps:
        return any(w.form.lower() == L.infinitive_particle and w.id < len(sud.words)
                   and sud.word(w.id + 1).upos in ("VERB", "AUX") for w in after)
    if low in L.clause_adps and "Nom" in _np_cases(sud, d, options):  # the clause's subject
        comma_before = False
        for w in after:
            if w.form in CLAUSE_START:
                return False
            if w.upos in ("VERB", "AUX"):
                return not comma_before
            if w.upos != "PUNCT" or w.form == ",":
                comma_before = w.form == ","
    return False


#: what may stand between a determiner or attributive adjective and its noun
_INSIDE_NP = {"ADJ", "ADV", "NUM", "CCONJ"}


#: what may come before a capitalized word that opens a sentence or a quotation
_OPENERS = frozenset('.:!?"„“«»‹›‚‘\'(–-')


def _demonstrative(w: Word, L: Language) -> bool:
    """A demonstrative by its pack's list where it has one (a tagger may leave PronType out,
    or give it to "all" after a preposition), else by its tag."""
    if L.demonstratives:
        return w.lemma.lower() in L.demonstratives
    return w.feats.get("PronType") == "Dem"


def _far_correlative(sud: Sentence, d: Word, adp: Word, L: Language) -> bool:
    """A demonstrative before a comma and a subordinating conjunction is that clause's
    correlative ("by doing this, that ..."): right after a preposition it takes the
    preposition's case ("with this, that ..."), but hung on one further away its case is its
    own verb's, whatever the parse made of the words between."""
    if adp.id == d.id - 1 or d.id + 2 > len(sud.words) or not _demonstrative(d, L):
        return False
    return sud.word(d.id + 1).form == "," and sud.word(d.id + 2).upos == "SCONJ"


def _capitalized_inside(sud: Sentence, w: Word) -> bool:
    """A word of a class written in lower case (a determiner, pronoun or adjective) capitalized
    inside a sentence: a name or a quoted term, not the word itself."""
    if not w.form[:1].isupper() or w.form.isupper() or w.id == 1:
        return False
    before = sud.word(w.id - 1).form
    return before not in _OPENERS and not before.endswith(tuple(_OPENERS))


def _outside_pp(sud: Sentence, noun: Word, adp: Word, options: Mapping[int, Sequence[Feats]],
                L: Language) -> bool:
    """Whether a noun hung on a preposition lies outside the phrase it would head: not right
    after it (only its own determiners and modifiers between, none a predicate: a short
    adjective), or not right before a postposition (a possessive and noun before it)."""
    if noun.id > adp.id:
        between = range(adp.id + 1, noun.id)
    else:
        between = range(noun.id + 1, adp.id)
    for i in between:
        u = sud.word(i)
        if u.upos == "ADJ" and u.form.isalpha() and _no_attribute(u, noun, options, L):
            return True
        if _demonstrative_object(sud, u, noun, options, L):
            return True  # a demonstrative in the preposition's case the word cannot have: the
            # preposition's whole object ("learned about it last": "last" is no object of "about")
        if u.upos == "DET" and not _analyze_as(L.code, u.form, "DET") \
                and _analyze_as(L.code, u.form, "PRON"):
            return True  # a pronoun the tagger took for a determiner is the phrase's object
            # ("sign with you an agreement", "wait with me a minute")
        if i == adp.id + 1 and noun.upos in ("DET", "PRON") and u.upos in ("DET", "PRON") \
                and _analyze_as(L.code, u.form.lower(), "PRON") and not any(
                    _may_agree(a, b, ("Case",)) for a in options[u.id] for b in options[noun.id]):
            return True  # two determiners that share no case: the one right after the
            # preposition is its object, a pronoun (a relative: "at which at times anything
            # could happen"), the other belongs to the clause
        if u.upos == "ADV" or (noun.upos != "PRON" and u.upos in ("DET", "ADJ", "NUM")
                               and u.head == noun.id):
            continue  # (a pronoun has no article: preposition, article, pronoun is a relative clause)
        return True
    return False


def _is_numeral(w: Word, L: Language) -> bool:
    """A cardinal number: tagged so, written in digits, or one in the language's lexicon
    (whatever the tagger said: a capitalized numeral tagged DET)."""
    if w.upos == "NUM" or w.form[:1].isdigit():
        return True
    return L.numeral is not None and L.numeral(w)


def _own_phrase_before(sud: Sentence, d: Word, noun: Word,
                       options: Mapping[int, Sequence[Feats]]) -> bool:
    """Whether a modifier that fails its noun belongs to a phrase of its own before the noun's:
    the noun can be a genitive attribute and in no case of the modifier, and a word between
    them, or an adjective right before it, agrees with it and not with the noun (a quantifier
    and a substantivized adjective before a genitive noun, two substantivized adjectives before
    a genitive phrase; not a masculine accusative article and adjective before a neuter noun,
    where the whole phrase has the wrong gender); or it can be instrumental or dative where the
    noun cannot, right after a verb or a noun, as an argument or a secondary predicate (a dative
    pronoun before the object, an instrumental adjective after it)."""
    od, on = options[d.id], options[noun.id]
    d_cases = {c for a in od for c in values(a, "Case")}
    genitive = any("Gen" in values(b, "Case") for b in on) and not any(
        values(b, "Case") & d_cases for b in on)
    for i in range(d.id + 1, noun.id if genitive else d.id + 1):
        oi = options[i]
        if sud.word(i).upos in ("ADJ", "DET") and any(
                _may_agree(a, b) for a in oi for b in od) and not any(
                _may_agree(a, b) for a in oi for b in on):
            return True
    if d.id == 1:
        return False
    before = sud.word(d.id - 1)
    if genitive and before.upos == "ADJ" and before.head == noun.id and any(
            _may_agree(a, b) for a in options[before.id] for b in od) and not any(
            _may_agree(a, b) for a in options[before.id] for b in on):
        return True  # two substantivized adjectives before a genitive phrase: the second one
    if d.upos != "ADJ" or before.upos not in ("VERB", "NOUN", "PROPN", "PRON") or not any(
            sud.word(i).head == noun.id and any(_may_agree(a, b) for a in options[i] for b in on)
            for i in range(d.id + 1, noun.id)):
        return False  # (the noun's own phrase must visibly begin after it)
    return any(values(a, "Case") & {"Ins", "Dat"} and not any(_may_agree(a, b) for b in on)
               for a in od)


def _far_apart(od: Sequence[Feats], on: Sequence[Feats]) -> bool:
    """Whether every reading of an attribute differs from every reading of its noun in each of
    case, number and gender that both show (two at least): a wrong ending keeps one of them
    (a feminine adjective before a masculine noun after a numeral: the number), another word's
    homograph none (a masculine noun read as a feminine noun's genitive plural)."""
    def apart(a: Feats, b: Feats) -> bool:
        shown = [f for f in ("Case", "Number", "Gender") if values(a, f) and values(b, f)]
        return len(shown) >= 2 and all(not values(a, f) & values(b, f) for f in shown)
    return all(apart(a, b) for a in od for b in on)


def _preposition_by_its_arc(sud: Sentence, w: Word) -> bool:
    """A word the tagger calls a pronoun, determiner, noun or adjective that heads a noun as
    a preposition heads its object: the parser read it as a preposition (one Czech form is both
    the reflexive pronoun and "with"), so tagger and parser disagree on what the word is."""
    return w.upos in ("PRON", "DET", "NOUN", "ADJ") and any(
        x.head == w.id and _rel(x) == "comp:obj" and x.upos in ("NOUN", "PROPN")
        for x in sud.words)


def _after_preposition(sud: Sentence, w: Word) -> bool:
    """Whether the word right before ``w`` is a preposition, or one by the tagger's other class
    for it (one Czech word is both "place" and "instead of")."""
    if w.id < 2:
        return False
    prev = sud.word(w.id - 1)
    return prev.upos == "ADP" or "ADP" in {c for c, _p in read_classes(prev.misc.get("AltUPOS", ""))}


def _demonstrative_object(sud: Sentence, det: Word, noun: Word,
                          options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A demonstrative right after a preposition, in a case the noun it is hung on cannot
    have: the preposition's whole object ("you will get about this a notice", "to have in it
    a certain skill", "use instead of that the code"), not the noun's determiner."""
    if det.upos != "DET" or not _after_preposition(sud, det):
        return False
    if not _demonstrative(det, L):
        return False
    if not any("Neut" in values(o, "Gender") for o in options[det.id]) \
            and any(_may_agree(o, n, ("Gender", "Number"))
                    for o in options[det.id] for n in options[noun.id]):
        # one standing alone is nearly always the neuter "that" (a situation, what was said);
        # one of another gender that shares the noun's gender and number is its determiner,
        # in the wrong case ("on that-masc evening-gen")
        return False
    # (the animacy too: "that" in an animate accusative fits no inanimate noun)
    return not any(_may_agree(o, n, ("Case", "Animacy"))
                   for o in options[det.id] for n in options[noun.id])


def _nearer_object(sud: Sentence, rule: Rule, d: Word, h: Word, lang: str) -> bool:
    """A preposition's case failed on a noun further on, while a word between them can be a
    noun in a case the preposition takes, or a pronoun right after it is in one: that word is
    its object ("from your device the virus", the device tagged an adjective), and the far noun
    belongs elsewhere."""
    if rule.type != "as" or h.upos != "ADP" or not rule.allowed or d.id <= h.id + 1:
        return False
    allowed = set(rule.allowed)
    first = sud.word(h.id + 1)
    pronoun = language(lang).closed_forms.get((first.form.lower(), "PRON"), ())
    # (tagged a pronoun, or a form that is one only, whatever its tag: a relative "which"
    # that only ever follows a preposition)
    if (first.upos == "PRON" or pronoun) and any(values(a, "Case") & allowed for a in (
            *pronoun, *_analyses_as(lang, first.form, "PRON", first.lemma))):
        return True  # a pronoun right after it ("of which the largest part")
    if first.upos == "NOUN" and not any(_analyses_as(lang, first.form, "NOUN", lemma)
                                        for lemma in (first.lemma, None)):
        return True  # a noun right after it that the lexicon does not know may be its object
    # (a word tagged an adjective only where the lexicon has no adjective of its form, by its
    # lemma or without one: a German adjective is also a noun, "the beautiful")
    return any(values(a, "Case") & allowed
               for x in sud.words[h.id:d.id - 1]
               if x.upos in ("NOUN", "PROPN")
               or (x.upos == "ADJ" and _no_adjective_reading(x, lang))
               for a in _analyses_as(lang, x.form, "NOUN", x.lemma))


def _oblique_by_attribute(sud: Sentence, noun: Word,
                          options: Mapping[int, Sequence[Feats]]) -> bool:
    """A "subject" whose own attribute cannot be nominative and agrees with it in another
    case ("with long steps he carried": an instrumental phrase): no subject at all."""
    if noun.upos not in ("NOUN", "PROPN") or not options[noun.id]:
        return False
    for x in sud.words:
        if x.head != noun.id or x.upos not in ("ADJ", "DET") or _rel(x) not in ("mod", "det"):
            continue
        cases = [values(o, "Case") for o in options[x.id]]
        if cases and all(c and "Nom" not in c for c in cases) and any(
                _may_agree(o, n) for o in options[x.id] for n in options[noun.id]):
            return True
    return False


#: words after which a determiner is an article (of a preposition's object or a noun's
#: attribute), not a pronoun of its own
_BEFORE_AN_ARTICLE = ("ADP", "NOUN", "PROPN", "DET", "ADJ", "NUM")


def _opens_sentence(sud: Sentence, i: int) -> bool:
    """Whether only punctuation stands before word ``i`` (it opens the sentence)."""
    return all(x.upos == "PUNCT" for x in sud.words[:i - 1])


def _listed_word(w: Word, listed: frozenset[str]) -> bool:
    """Whether a word is in one of its pack's lists, by lemma or form (a list holds both where
    a tagger's lemma may miss)."""
    return w.lemma.casefold() in listed or w.form.casefold() in listed


def _time_noun(w: Word, L: Language) -> bool:
    """Whether a word is one of the language's nouns or adverbs of time, by lemma or form."""
    return _listed_word(w, L.time_nouns)


def _adverbial_of_time(sud: Sentence, adj: Word, noun: Word,
                       options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """An adjective that points in time right before a noun of time that agrees with it as an
    accusative without an article ("last year") is an adverbial of time of its own, which may
    stand inside another phrase or after a pronoun ("the treaty signed last year", "we did that
    last year"): the article before it is not its article. Not where the article opens a
    verb-second clause before its verb: there the three are one phrase. Other adjectives make
    no such adverbial without an article ("a nice week" is no time of doing)."""
    if adj.upos != "ADJ" or adj.id != noun.id - 1 or not _time_noun(noun, L):
        return False
    form = adj.form.casefold()
    if not any(form.startswith(s) and len(form) - len(s) <= 2 for s in L.time_adjectives):
        return False
    if not any(values(a, "Case") == {"Acc"} and a.get("AdjDecl") == "Strong"
               and _may_agree(a, n, ("Case", "Number", "Gender"))
               for a in options[adj.id] for n in options[noun.id]):
        return False
    dets = [w for w in sud.words if w.head == noun.id and w.upos == "DET" and w.id < adj.id]
    return not (L.verb_second and dets and _opens_sentence(sud, dets[0].id))


def _time_position(sud: Sentence, noun: Word, options: Mapping[int, Sequence[Feats]],
                   L: Language) -> bool:
    """A noun of a point in time followed by a noun of time in the genitive (with its
    determiners and adjectives): an adverbial of its own, without an article ("at the
    beginning of this week"). Not where the word before it opens a verb-second clause: there
    the two are one phrase."""
    if noun.form.casefold() not in L.time_position_nouns or (
            L.verb_second and _opens_sentence(sud, noun.id - 1)):
        return False
    j = noun.id + 1
    while j <= len(sud.words) and sud.word(j).upos in ("DET", "ADJ"):
        j += 1
    return j <= len(sud.words) and j > noun.id + 1 and _time_noun(sud.word(j), L) \
        and any("Gen" in values(o, "Case") for o in options[j])


def _may_agree(a: Feats, b: Feats, feats: Sequence[str] = ("Case", "Number", "Gender")) -> bool:
    """Whether two analyses share a value of each of ``feats`` (where both show one)."""
    return all(not values(a, f) or not values(b, f) or values(a, f) & values(b, f)
               for f in feats)


def _cut_off(sud: Sentence, d: Word, noun: Word, options: Mapping[int, Sequence[Feats]],
             L: Language) -> bool:
    """A determiner or adjective separated from its noun by something no noun phrase holds in
    between (a verb, a preposition, another noun, a second determiner): a misattachment, or a
    pronoun the tagger took for a determiner (an indefinite pronoun object before an article
    and its noun)."""
    if d.id > noun.id:
        # postposed: a determiner never; an adjective only right after its noun (a participle
        # phrase after a comma is too often hung on the wrong noun to prove anything)
        return d.upos == "DET" or d.id != noun.id + 1 or any(
            w.head == d.id and w.upos not in ("PUNCT", "ADV") for w in sud.words)
    for i in range(d.id + 1, noun.id):
        u = sud.word(i)
        if u.form.lower() in L.small_quantities:
            return True  # "a few": the article goes with the word of small quantity
        if u.upos == "ADJ" and u.form.isalpha() and _no_attribute(u, d, options, L):
            return True
        if u.upos in _INSIDE_NP or (u.upos == "PUNCT" and u.form == ","):
            continue
        if u.upos == "DET" and d.upos == "ADJ":
            continue  # a quantifier before a demonstrative, rare: the adjective's own check decides
        return True
    return False


def _no_attribute(u: Word, d: Word, options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """Whether a word tagged an adjective between a modifier and its noun cannot be an
    attribute in a language whose attributes decline: the lexicon knows it only in forms
    without case (a short adjective, a predicate: "for this, skills are needed"), or as a
    noun the modifier fits and not as an adjective that shares a case with it (the
    modifier's own noun)."""
    if not any("Case" in o for o in options[d.id]):
        return False  # (a language whose modifiers show no case)
    own = _analyses_as(L.code, u.form.lower(), "ADJ")
    if own and not any("Case" in o for o in own):
        return True
    if L.noun_capitals:
        return False  # (German nouns are capitalized: a small word is no noun)
    as_noun = any(_may_agree(n, o) for n in _analyses_as(L.code, u.form.lower(), "NOUN")
                  for o in options[d.id])
    # (an adjective reading that shares no case with the modifier leaves the noun reading,
    # which fits it: "with the best friend of the brother", "friend" read as "other")
    return as_noun and not any(_may_agree(a, o, ("Case",)) for a in own for o in options[d.id])


def _finite_with_subject(sud: Sentence, analyses: dict[int, WordAnalyses], L: Language
                         ) -> dict[int, WordAnalyses]:
    """A verb with a subject is finite and not an imperative: its infinitive or imperative
    readings (an infinitive like a plural present, an imperative like a singular present) would
    make subject agreement vacuous; with a noun subject it is in the third person (a plural noun
    before a form that is also the second person plural still fails)."""
    with_subj = {w.head for w in sud.words if w.head and _rel(w) == "subj"}
    # (a coordinated subject takes its person from all its conjuncts: a noun and "I")
    coordinated = _and_coordinated(sud, L)
    noun_subj = {w.head for w in sud.words if w.head and _rel(w) == "subj"
                 and w.upos in ("NOUN", "PROPN") and w.id not in coordinated}
    opts = {i: a.options for i, a in analyses.items()}
    out = dict(analyses)
    for wid in with_subj:
        a = analyses[wid]
        w = sud.word(wid)
        if w.upos not in ("VERB", "AUX") or not a.known:
            continue
        if w.head and sud.word(w.head).upos in ("VERB", "AUX"):
            continue  # maybe an infinitive whose subject the parser hung on it
        maybe_inf = w.feats.get("VerbForm") == "Inf" or (
            _ends_main_clause(sud, w) and any(o.get("VerbForm") == "Inf" for o in a.options))
        if maybe_inf and not any(
                _np_cases(sud, s, opts) == {"Nom"} for s in sud.words
                if s.head == wid and _rel(s) == "subj"):
            # the tagger read an infinitive, or the verb ends the sentence in a form that can be
            # one, and its "subject" may be in another case: an instruction or a UI label (an
            # object, then the infinitive), not a finite clause (a personal pronoun subject)
            continue
        fin = tuple(o for o in a.options
                    if o.get("VerbForm", "Fin") == "Fin" and o.get("Mood") != "Imp"
                    and (wid not in noun_subj or o.get("Person", "3") == "3"))
        if fin and len(fin) < len(a.options):
            out[wid] = replace(a, options=fin)
    return out


def _ends_main_clause(sud: Sentence, verb: Word) -> bool:
    """``verb`` is the root and nothing but punctuation, symbols or a bracketed aside follows
    it (a label's object and infinitive, alone or before a bracketed aside or key)."""
    if verb.head != 0:
        return False
    n = len(sud.words)
    aside = bracketed(sud, verb.id + 1, n)
    return all(sud.word(i).upos in ("PUNCT", "SYM") or i in aside
               for i in range(verb.id + 1, n + 1))


#: the cases of an adjective's or participle's complement (not of a noun it agrees with alone)
_COMPLEMENT_CASES = frozenset({"Gen", "Dat", "Ins"})


def _trusted_in_phrase(sud: Sentence, rule: Rule, w: int, dep: int, head: int,
                       analyses: Mapping[int, WordAnalyses], L: Language) -> bool:
    """Whether a noun whose analyses its pack does not trust where the parse put it (a declined
    form far from its governor: the paradigm's cells hold, the long arc may not) still proves an
    agreement in case or number with its own determiner right before it, only other attributes
    of it between: that arc lies inside the phrase, whatever the phrase hangs on ("to his wife"
    with the determiner dative and the noun instrumental; "of these hope" with the determiner
    plural); in case with a plain adjective right before it, where the pack lists the
    adjectives that take a complement (and the endings of those that take none); or its verb's
    agreement, as the subject right before it."""
    a = analyses[w]
    if rule.type != "agree" or not a.source.endswith("-out-of-context"):
        return False
    x = sud.word(w)
    if not L.noun_capitals and x.lemma == x.form \
            and (_capitalized_inside(sud, x) or x.form.isupper()):
        # a capitalized word the lemmatizer did not know: a name's, which a common noun's table
        # only seems to make (a country's name in the locative read as a chemical element's
        # instrumental plural)
        return False
    if w == dep and dep < head and _rel(sud.word(dep)) == "subj" \
            and sud.word(head).upos in ("VERB", "AUX") and analyses[head].known:
        # a subject right before its verb, only clitics, particles and auxiliaries between
        # ("the brothers laughed at her" with the verb singular, two clitics between): the
        # clause's own pair, which no long arc brings together
        return _beside(sud, sud.word(dep), sud.word(head))
    feature = rule.feature
    d = sud.word(dep)
    # (not a capitalized one inside the sentence: a surname's, "Palacký square")
    relational = d.upos == "ADJ" and d.lemma.lower().endswith(L.relational_adjective_endings) \
        and not _capitalized_inside(sud, d)
    # (not the gender: a determiner that fails its noun in gender alone is as often a pronoun
    # of its own, "nothing such" or "from it", before a noun or a word the tagger took for one)
    if feature not in ("Case", "Number", *(("Gender",) if relational else ())) or w != head:
        return False
    if d.upos == "ADJ":
        # an adjective right before the noun, in case only, the noun in no case a complement
        # takes: one before a noun in another case is as often a participle or an adjective
        # before its own complement, an agent in the instrumental ("made by a company"), a
        # genitive or dative ("full of people", which the pack lists), or a noun made of an
        # adjective before its genitive ("the manager of the department"), unless the pack
        # tells it is no participle (a noun made of an adjective is a doubt of its own). A
        # relational adjective ("of hazel", "Czech") is none of these: it proves every feature
        if (feature != "Case" and not relational) or dep != head - 1 \
                or not analyses[dep].known or L.case_governing_adjectives is None \
                or d.lemma.lower() in L.case_governing_adjectives \
                or d.feats.get("VerbForm") == "Part" \
                or (any(values(n, "Case") & _COMPLEMENT_CASES for n in a.options)
                    and not relational and (L.passive_participle is None
                                            or L.passive_participle(d.form.lower()))):
            return False
    elif d.upos != "DET" or _rel(d) != "det" or dep > head or not analyses[dep].known \
            or _wh_word(d, L) or d.lemma.lower() in L.relative_pronouns:
        return False  # (a relative word opens its clause: the noun after it is not its own)
    # only the one ending can be wrong there: the two share the other features (a pronoun
    # standing alone as the subject before a noun of another gender, "he recommended the
    # surgery", is none of its determiners)
    others = tuple(f for f in ("Case", "Number", "Gender") if f != feature)
    if not any(_may_agree(o, n, others) for o in analyses[dep].options for n in a.options) \
            or any(_may_agree(o, n) for o in analyses[dep].options for n in a.options):
        # (and the ending fails in every reading: one reading of the two that agrees says the
        # failure came from another arc of the noun, which is the untrusted one)
        return False
    if feature == "Number" and _demonstrative(d, L) and _nominative_in(analyses, dep) \
            and any("Acc" in values(n, "Case") for n in a.options):
        # a demonstrative in the nominative is as often the pronoun subject before its verb's
        # object ("and he drowned the pills", "he" a masculine singular demonstrative)
        return False
    # the attributes between side with the noun: one that can only side with the determiner
    # says the parse took a genitive complement for the phrase's noun ("a comprehensive
    # strategy of combating", the genitive read as the noun of "a" and "comprehensive")
    return all(sud.word(i).head == head and sud.word(i).upos in ("DET", "ADJ", "NUM")
               and analyses[i].known
               and any(values(o, feature) & values(n, feature)
                       for o in analyses[i].options for n in a.options)
               for i in range(dep + 1, head))


def _rests_on(rule: Rule, dep: int, head: int) -> tuple[int, ...]:
    if rule.type == "agree":
        return (dep, head)
    return (dep,) if rule.side == "dep" else (head,)


def _join_split_coordination(sud: Sentence, L: Language) -> Sentence:
    """Two subjects of one verb with "and" between them (two noun phrases before a singular
    verb, parsed as two subjects): one coordinated subject, as SUD writes it."""
    words = list(sud.words)
    changed = False
    for v in {w.head for w in words if w.head and _rel(w) == "subj"}:
        subjects = [w for w in words if w.head == v and _rel(w) == "subj"]
        for first, second in zip(subjects, subjects[1:], strict=False):
            between = [words[i - 1] for i in range(first.id + 1, second.id)]
            ands = [u for u in between if u.form.lower() in L.and_words and u.upos == "CCONJ"]
            if not ands or any(u.upos in ("VERB", "AUX", "PUNCT") and u.form != "," for u in between):
                continue
            if all(_wh_word(x, L) for x in (first, second)):
                continue  # "who ... and who ...": two clauses sharing their verb, no plural
            if first.upos in _MODIFIERS and not any(x.head == first.id for x in words) and (
                    second.upos in _MODIFIERS or any(
                        x.head == second.id and x.upos in _MODIFIERS and x.id > ands[0].id
                        for x in words)):
                # coordinated attributes of one noun ("one and the same sound"; "the old and
                # the new house" may take either number)
                continue
            words[second.id - 1] = replace(second, head=first.id, deprel="conj:coord")
            words[ands[0].id - 1] = replace(ands[0], head=second.id, deprel="cc")
            changed = True
    return sud.with_words(words) if changed else sud


def _and_coordinated(sud: Sentence, L: Language) -> set[int]:
    """Words with an "and"-type conjunct: as a subject they are plural whatever they are."""
    # "or", "respectively" and the like leave the number to the conjuncts
    plural_cc = {w.head for w in sud.words if w.head and w.form.lower() in L.and_words}
    # a compound cut before "and" shares the last one's tail (a first part and its hyphen)
    cut = {w.id for w in sud.words if _after_cut(sud, w, L)}
    return cut | {w.head for w in sud.words if w.head and _rel(w) == "conj:coord"
                  and (w.id in plural_cc or any(x.head == w.id and x.form.lower() in L.and_words
                                                for x in sud.words))}


def _coordinated_subjects(sud: Sentence, options: Mapping[int, Sequence[Feats]],
                          lang: str) -> dict[tuple[int, int], dict[str, str]]:
    """A subject with "and"-conjuncts is plural towards its verb (the first conjunct keeps its
    own number towards its article), first person when a conjunct is ("my brother and I" =
    "we"), else second when one is.

    Only conjuncts that can be what the subject is count: a noun phrase that shares a case with
    it (not a dative after "between X and" in a phrase that depends on the subject, where the
    dative phrase belongs to "between"), and a word the lexicon knows as a noun or a name (not
    an adverb after "and" tagged a noun)."""
    out: dict[tuple[int, int], dict[str, str]] = {}
    has_conj = _and_coordinated(sud, language(lang))
    for w in sud.words:
        if w.id in has_conj and _rel(w) == "subj" and w.head:
            conjuncts = [w] + [x for x in sud.words if x.head == w.id and _rel(x) == "conj:coord"]
            if _stray_conjunct(sud, w, options, lang):
                continue
            persons = {o.get("Person") for x in conjuncts for o in options[x.id][:1]}
            # (a list that opens with a singular "every" may be counted one by one: "every
            # teenager and his guardian got a copy")
            feats = {"Number": "Plur,Sing" if _each(sud, w) else "Plur"}
            genders = {g for x in conjuncts for o in options[x.id][:1] for g in values(o, "Gender")}
            if len(genders) > 1:
                # conjuncts of different genders: each language resolves them its own way (a
                # masculine conjunct wins in some, the nearest in others), so any of them holds
                feats["Gender"] = ",".join(sorted(genders))
            if "1" in persons:
                feats["Person"] = "1"
            elif "2" in persons:
                feats["Person"] = "2"
            out[(w.id, w.head)] = feats
    return out


def _each(sud: Sentence, noun: Word) -> bool:
    """Whether a noun has a singular determiner of totality ("every", "each") before it."""
    return any(x.head == noun.id and x.id < noun.id and x.upos == "DET"
               and "Tot" in x.feats.get("PronType", "").split(",")
               and x.feats.get("Number") == "Sing" for x in sud.words)


def _stray_conjunct(sud: Sentence, subj: Word, options: Mapping[int, Sequence[Feats]],
                    lang: str) -> bool:
    """Whether a conjunct the parse gave a subject cannot be part of it: a noun phrase that
    shares no case with it, a word the language's analyzer reads as an adjective or verb
    and never as a noun (a capitalized word may be a name), one that may join a noun of the
    subject's own phrase right before the conjunction instead (``nearer``), or a question word
    after a question word ("who ... and who ...": two clauses). The coordination is then the
    parse's guess, and the verb's number proves nothing either way."""
    cases = _np_cases(sud, subj, options)
    L = language(lang)

    def no_noun(x: Word) -> bool:
        small = x.form.lower()
        return x.upos in ("NOUN", "PROPN") and not x.form[:1].isupper() \
            and not _analyze_as(lang, small, "NOUN") \
            and any(_analyze_as(lang, small, u) for u in ("ADJ", "VERB"))

    def conjunction(x: Word) -> Word | None:
        return next((c for c in sud.words if c.head == x.id and c.upos == "CCONJ"), None)

    def other_case(x: Word) -> bool:
        # (a conjunct right after the subject in the wrong case is the writer's error: a
        # dative plural noun joined to a nominative one; after a phrase that depends on the
        # subject it may be that phrase's: a dative after "between X and", a measurement in the
        # genitive after "X and")
        own = _np_cases(sud, x, options)
        cc = conjunction(x)
        left = cc.id - 1 if cc is not None else x.id - 1
        return bool(cases and own and not cases & own) and subj.id < left

    def nearer(x: Word) -> bool:
        # a noun of the subject's own phrase right before the conjunction that can share the
        # conjunct's case may be what it joins ("the agency for defence and security"), and a
        # question word after the conjunction opens a clause of its own ("and how small it is")
        cc = conjunction(x)
        if cc is None or cc.id < 2:
            return False
        if any(_wh_word(sud.word(i), L) for i in range(cc.id + 1, x.id)):
            return True
        prev = sud.word(cc.id - 1)
        return prev.id != subj.id and prev.upos in ("NOUN", "PROPN") and _under(sud, prev, subj.id) \
            and bool(_np_cases(sud, prev, options) & _np_cases(sud, x, options))

    return any(other_case(x) or no_noun(x) or nearer(x) or (_wh_word(x, L) and _wh_word(subj, L))
               for x in sud.words if x.head == subj.id and _rel(x) == "conj:coord")


def _wh_word(w: Word, L: Language) -> bool:
    """A question or relative word (by the pack's lemmas or the tagger's pronoun type)."""
    return w.lemma.lower() in L.wh_lemmas or bool(
        {"Int", "Rel"} & set(w.feats.get("PronType", "").split(",")))


def _other_head_agrees(sud: Sentence, rule: Rule, dep: int, head: int,
                       options: Mapping[int, Sequence[Feats]], arcs: Sequence[Arc],
                       lang: str) -> bool:
    """Whether a failing determiner/adjective agreement holds with another noun close by (then
    the parser attached it wrongly)."""
    if rule.type != "agree":
        return False
    d = sud.word(dep)
    if d.upos not in ("DET", "ADJ", "NUM", "PRON") or sud.word(head).upos not in _CONTROLLERS:
        return False
    same = [r for a in arcs if a.dep == dep and a.head == head for r in a.rules
            if r.type == "agree"]
    for w in sud.words:
        if w.id in (dep, head) or abs(w.id - dep) > _ATTACH_WINDOW:
            continue
        w_opts = options[w.id] if w.upos in ("NOUN", "PROPN") else (
            _noun_reading(sud, w, language(lang)) if language(lang).noun_capitals else [])
        if not w_opts:
            continue
        if w.upos == "PROPN" and w.id > head > dep and not d.form[:1].isupper() \
                and not sud.word(head).form[:1].isupper():
            continue  # a name after the phrase is the noun's possessor or apposition (``_doubtful``)
        if w.id < dep and d.upos in ("DET", "ADJ", "NUM") and (
                language(lang).article_declension or w.id != dep - 1 or d.upos != "ADJ"):
            # determiners and attributive adjectives precede their noun; in a language without
            # articles an adjective may follow the noun right before it (an ordinal after it)
            continue
        lo, hi = sorted((dep, w.id))
        if any(sud.word(i).upos in _PHRASE_BREAK
               and not (sud.word(i).upos == "CCONJ" and sud.word(i + 1).upos == "ADJ")
               for i in range(lo + 1, hi)):
            continue  # not in the same phrase ("new and old X" is one)
        if any(all(outcome(r, do, wo, d.lemma, w.lemma) is not False for r in same)
               for do in options[dep] for wo in w_opts):
            return True
    return False


def _fits_next(rule: Rule, d: Word, nxt: Word, options: Mapping[int, Sequence[Feats]],
               arcs: Sequence[Arc], dep: int, head: int) -> bool:
    """Whether the determiner or adjective agrees with the noun after its head (a capitalized
    place adjective taken for a noun); a dative plural article before a plural noun without the
    dative ending and another noun fits neither."""
    same = [r for a in arcs if a.dep == dep and a.head == head for r in a.rules
            if r.type == "agree"] or [rule]
    return any(all(outcome(r, do, wo, d.lemma, nxt.lemma) is not False for r in same)
               for do in options[dep] for wo in options[nxt.id])


def _noun_reading(sud: Sentence, w: Word, L: Language) -> list[Feats]:
    """The noun analyses of a capitalized word inside a German sentence that the tagger took for
    something else (a noun of quantity after an indefinite article, tagged ADJ)."""
    if w.id == 1 or not w.form[:1].isupper() or w.upos not in ("ADJ", "ADV", "X", "PROPN"):
        return []
    return list(L.noun_analyses(w.form))


def _clause_span(sud: Sentence, wid: int) -> tuple[int, int]:
    """The word ids around ``wid`` up to the nearest punctuation on each side."""
    a = wid
    while a > 1 and sud.word(a - 1).upos != "PUNCT":
        a -= 1
    b = wid
    while b < len(sud.words) and sud.word(b + 1).upos != "PUNCT":
        b += 1
    return a, b


def _unproven(r: Rule, head: Word, L: Language) -> bool:
    """Whether a failure of ``r`` is left unproven for its feature (``unproven_features``), but
    for a reviewed rule of a verb's object that names the head's lemma: the head is then surely
    that verb, and a verb form under a modal is its analyzer's, not the tagger's."""
    if r.feature not in L.unproven_features:
        return False
    return not (r.relation == "comp:obj"
                and head.lemma.casefold() in r.lemma_sets.get("head.lemma", frozenset()))


#: words that may stand between a subject and its verb without parting them: clitics, particles
#: of negation, mood and tense, auxiliaries
_BETWEEN_SUBJECT_AND_VERB = frozenset({"PRON", "PART", "AUX"})


def _beside(sud: Sentence, subj: Word, verb: Word) -> bool:
    """Whether a subject's phrase and its verb stand side by side: nothing but clitics,
    particles and auxiliaries between the noun and a verb after it, or between a verb and the
    subject's first word after it (its article, its adjectives)."""
    if subj.id < verb.id:
        span = range(subj.id + 1, verb.id)
    else:
        first = min([subj.id] + [w.id for w in sud.words if w.head == subj.id and w.id < subj.id])
        span = range(verb.id + 1, first)
    return all(sud.word(i).upos in _BETWEEN_SUBJECT_AND_VERB for i in span)


def _has_determiner(sud: Sentence, w: Word) -> bool:
    return any(x.head == w.id and x.upos == "DET" for x in sud.words)


def _under_later_auxiliary(sud: Sentence, v: Word, analyses: Mapping[int, WordAnalyses],
                           L: Language) -> bool:
    """A verb in a clause opened by a subordinator or a question or relative word whose form
    is also an infinitive or a participle, followed in that clause by an auxiliary or modal
    that takes that form and closes it, with no subject of its own between: the auxiliary's
    complement in a verb-final clause, coordinated with another ("where I could simply go, pick
    a car and drive off"), whose subject is the auxiliary's. A verb-second main clause has its finite
    verb second, so there the form stays finite."""
    forms = {o.get("VerbForm") for o in analyses[v.id].options} & {"Inf", "Part"}
    if not forms or not L.aux_chain:
        return False
    k = v.id - 1
    opened = False
    while k >= 1 and sud.word(k).form not in CLAUSE_START and sud.word(k).form != ",":
        x = sud.word(k)
        opened |= x.upos == "SCONJ" or x.form.lower() in L.question_words \
            or x.feats.get("PronType") == "Rel"
        k -= 1
    if not opened:
        return False
    for w in sud.words[v.id:]:
        if w.form in CLAUSE_START or w.upos == "SCONJ" or w.form.lower() in L.question_words \
                or (_rel(w) == "subj" and not any("Acc" in values(o, "Case")
                                                  for o in analyses[w.id].options)):
            return False  # another clause, or a subject of its own (not an object misread)
        takes = L.aux_chain.get(w.lemma.lower())
        if w.upos in ("AUX", "VERB") and takes and forms & set(takes):
            # the auxiliary closes the clause, only auxiliaries after it (a modal right after a
            # comma opens the main clause after a subordinate one: "if one go, then one must")
            for x in sud.words[w.id:]:
                if x.form in CLAUSE_START or x.form == ",":
                    return True
                if x.upos not in ("AUX", "VERB") or x.lemma.lower() not in L.aux_chain:
                    return False
            return True
    return False


def _undoubled_before(sud: Sentence, subj: Word, verb: Word, L: Language) -> bool:
    """In a language whose fronted definite objects are doubled by a clitic (its pack's
    ``doubled_fronted_objects``), a noun with its article, or a strong pronoun, before the verb
    and no object clitic between: the subject, not a fronted object (a neuter plural noun with
    its article before a singular verb: the subject, whose verb is wrong)."""
    if not L.doubled_fronted_objects or subj.id > verb.id \
            or subj.upos not in ("NOUN", "ADJ", "PRON"):
        return False
    if subj.upos == "PRON" and subj.feats.get("PronType") not in ("Prs", "Dem"):
        return False  # a relative pronoun may well be an object ("the moment that I say")
    if subj.upos != "PRON" and not _has_determiner(sud, subj):
        return False
    if _time_noun(subj, L):
        return False  # a phrase of time is an adverbial, fronted without a clitic
    return not any(sud.word(i).upos == "PRON" and sud.word(i).head == verb.id
                   for i in range(subj.id + 1, verb.id))


def a_reading(lang: str, old: Word, new: Word) -> bool:
    """Whether an alternative parse's change of one word (``old`` -> ``new``) is a reading the
    checker weighs (``alternatives.robust_to_parse``): not the relative pronoun subject made an
    object, for the reason ``_object_of_dropped_subject`` gives."""
    L = language(lang)
    # (the alternatives are UD trees)
    return not (L.pro_drop and old.lemma.lower() == L.relative_lemma != ""
                and old.deprel.split(":")[0] == "nsubj" and new.deprel.split(":")[0] == "obj")


def _object_of_dropped_subject(subj: Word, options: Mapping[int, Sequence[Feats]],
                               L: Language) -> bool:
    """In a language that drops subjects, a "subject" that can be an accusative or genitive
    object: a noun (a fronted object: "poems [he] began writing"), or a demonstrative or
    relative pronoun (the object of an impersonal plural verb, of a verb with its subject left
    out); personal pronouns have forms of their own for that."""
    # (not the relative pronoun whose agreement decides blame: one that agrees with its
    # antecedent but not with its verb is the writer's slip far more often than an object with
    # the subject left out; ``_relative_object`` asks for the signs of that object)
    pronoun = subj.upos in ("PRON", "DET") and subj.lemma.lower() != L.relative_lemma and (
        subj.feats.get("PronType") not in (None, "Prs")
        or subj.lemma.lower() in L.wh_lemmas or subj.form.lower() in L.demonstrative_subjects)
    if not L.pro_drop or not (subj.upos in ("NOUN", "PROPN") or pronoun):
        return False
    return any(values(o, "Case") & {"Acc", "Gen"} for o in options[subj.id] if "Case" in o)


def _relative_object(sud: Sentence, subj: Word, verb: Word,
                     options: Mapping[int, Sequence[Feats]], L: Language, lang: str) -> bool:
    """In a language that drops subjects, a relative pronoun "subject" that can be accusative,
    before a verb the treebank shows with objects (``mined.transitive_verbs``) that has no
    object of its own here, after a word that can be the subject left out (a nominative
    personal pronoun, or a finite verb, that agrees with the verb): the verb's object ("I found
    the ones [that I] wanted"). A verb that takes no object (lie, stand) keeps its subject.
    So does the relative before a verb whose object, by the parse, is a noun after it that can
    be nominative and agrees with the verb: the clause's subject in verb-subject order, the
    relative its object ("the video that sent me Wendy", Wendy sent it)."""
    if not L.pro_drop or not L.relative_lemma or subj.lemma.lower() != L.relative_lemma \
            or subj.id > verb.id or not any("Acc" in values(o, "Case") for o in options[subj.id]):
        return False
    ante = sud.word(verb.head) if verb.head else None
    if ante is not None and ante.upos in ("NOUN", "PROPN") and ante.id < subj.id:
        # an accusative that shows animacy must show its noun's: after a noun of persons the
        # inanimate accusative of the relative is no object (the animate one would be)
        animacy = {a for o in options[ante.id] for a in values(o, "Animacy")}
        shown = [values(o, "Animacy") for o in options[subj.id] if "Acc" in values(o, "Case")]
        if animacy and all(shown) and not any(a & animacy for a in shown):
            return False
    verb_options = _finite_options(verb, options, lang)[0]

    def agrees(readings: Sequence[Feats]) -> bool:
        return any(all(not values(x, k) or not values(y, k) or values(x, k) & values(y, k)
                       for k in ("Number", "Gender", "Person"))
                   for x in readings for y in verb_options)

    # (an "object" with a coordinating conjunction of its own opens a coordinated clause the
    # parse hung on the verb: "..., and when she was ready")
    objects = [w for w in sud.words if w.head == verb.id and w.id != subj.id
               and _rel(w) == "comp:obj"
               and not any(c.head == w.id and c.upos == "CCONJ" for c in sud.words)]
    if objects:
        # (a name's gender is its bearer's, whatever the tagger guessed)
        return all(o.id > verb.id and o.upos in ("NOUN", "PROPN") and agrees(
            [{k: v for k, v in r.items() if k != "Gender" or o.upos != "PROPN"}
             for r in options[o.id] if "Nom" in values(r, "Case")]) for o in objects)
    if verb.lemma.lower() not in mined.transitive_verbs(lang):
        return False
    if verb_options and all(o.get("Person") in ("1", "2") for o in verb_options):
        return True  # the subject left out is the speaker or the one spoken to: no word names it

    for w in sud.words[:subj.id - 1]:
        if w.feats.get("PronType") == "Prs" and w.upos == "PRON":
            readings = [o for o in options[w.id] if "Nom" in values(o, "Case")]
        else:
            readings = list(_finite_options(w, options, lang)[0])
        if readings and agrees(readings):
            return True
    return False


def _and_after(sud: Sentence, subj: Word, L: Language, lang: str,
               options: Mapping[int, Sequence[Feats]]) -> bool:
    """An "and" with no comma before it after a subject that follows its verb, before any
    other finite verb: the subject may be the first of coordinated ones the parse did not join
    ("the ceremony was led by the secretary, the ambassador and the president", in the
    order verb-subjects), plural together."""
    for i in range(subj.id + 1, len(sud.words) + 1):
        w = sud.word(i)
        if _finite_options(w, options, lang)[0] and w.upos in ("VERB", "AUX"):
            return False
        if w.form.lower() in L.and_words:
            nxt = sud.word(i + 1) if i < len(sud.words) else None
            return sud.word(i - 1).form != "," and nxt is not None \
                and nxt.upos in ("DET", "ADJ", "NOUN", "PROPN", "PRON", "NUM")
    return False


def _own_predicate_before_comma(sud: Sentence, subj: Word, verb: Word,
                                options: Mapping[int, Sequence[Feats]]) -> bool:
    """A subject followed, before its verb, by a predicate of its own that agrees with it and
    ends at a comma: an inserted comment clause ("I am sure, there will be problems"), whose
    subject is not the verb's after the comma."""
    if subj.id > verb.id:
        return False
    for i in range(subj.id + 1, verb.id - 1):
        x = sud.word(i)
        if x.form == ",":
            return False
        if sud.word(i + 1).form != "," or x.upos not in ("VERB", "AUX", "ADJ") \
                or _under(sud, x, subj.id):
            continue
        # a finite form, or a short one (no case): a predicate, not an attribute
        preds = [o for o in options[x.id] if "Case" not in o and "Number" in o]
        if any(all(not values(p, k) or not values(s, k) or values(p, k) & values(s, k)
                   for k in ("Number", "Gender", "Person"))
               for p in preds for s in options[subj.id]):
            return True
    return False


def _counts_plural(sud: Sentence, noun: Word, options: Mapping[int, Sequence[Feats]]) -> bool:
    """Whether a noun has a plural noun after it as its attribute, directly (a genitive), as a
    conjunct of its attribute ("of my family and friends") or through a preposition ("of")."""
    def plural(x: Word) -> bool:
        return x.upos in ("NOUN", "PROPN", "PRON") and x.id > noun.id and (
            any(o.get("Number") == "Plur" for o in options[x.id])
            or any(y.head == x.id and _rel(y).startswith("conj") and plural(y) for y in sud.words))
    for x in sud.words:
        if x.head != noun.id:
            continue
        if plural(x) or (x.upos == "ADP" and any(y.head == x.id and plural(y) for y in sud.words)):
            return True
    return False


def _one_of_conjuncts(sud: Sentence, subj: Word, verb: Word,
                      options: Mapping[int, Sequence[Feats]], L: Language) -> bool:
    """A singular verb that the language lets agree with a subject of "and"-coordinated
    singular nouns as if it were one: the verb before the subject agrees with the nearest
    conjunct (pack field ``nearest_conjunct_agreement``); nouns that share one article, or
    bare nominalized infinitives, may be one thing (``unit_coordination``)."""
    if subj.upos not in ("NOUN", "PROPN") or subj.id not in _and_coordinated(sud, L) \
            or not any(o.get("Number") == "Sing" for o in options[verb.id]) \
            or not any(o.get("Number") == "Sing" for o in options[subj.id]):
        return False
    conjuncts = [x for x in sud.words if x.head == subj.id and _rel(x) == "conj:coord"]
    # (each conjunct singular: not "can the door and windows ...", a plural conjunct)
    if not conjuncts or any(x.upos not in ("NOUN", "PROPN") or not any(
            o.get("Number") == "Sing" for o in options[x.id]) for x in conjuncts):
        return False
    if L.nearest_conjunct_agreement and verb.id < subj.id:
        return True
    if not L.unit_coordination or any(_has_determiner(sud, x) for x in conjuncts):
        return False
    # (no conjunct has a determiner here)
    return _has_determiner(sud, subj) or all(
        any(a.get("VerbForm") == "Inf" for a in _analyses_as(L.code, x.form.lower(), "VERB"))
        for x in (subj, *conjuncts))


def _agreement_excused(sud: Sentence, subj: Word, verb: Word, feature: str,
                       options: Mapping[int, Sequence[Feats]], lang: str) -> bool:
    """Subject-verb agreement in ``feature`` that the language lets go another way, whatever
    the parse: the relative "who" after a plural demonstrative (it takes its antecedent's
    number); a text cut after a singular subject of a plural verb (its other conjuncts may
    follow); a demonstrative subject, a plural copula and a plural predicate noun (the copula
    agrees with the predicate); a past tense in the gender of the person meant: a name's (of
    either gender), a woman's in a masculine profession (a masculine noun, a feminine verb)."""
    L = language(lang)
    if _subject_under_infinitive(sud, subj, verb, feature, options) or _heading_run_in(sud, subj):
        return True
    if feature == "Number" and _titles_of_one(sud, subj, verb, options):
        return True
    if _substantivized_participle(sud, subj, verb, feature, options):
        return True
    if subj.upos == "PRON" and subj.id < verb.id and subj.id < len(sud.words) \
            and sud.word(subj.id + 1).feats.get("Polarity") == "Neg" \
            and any("Gen" in values(o, "Case") for o in options[subj.id]):
        return True  # a pronoun that can be genitive right before the negation of its verb is
        # a genitive of negation, the verb's object ("nothing will they do")
    if feature in ("Number", "Gender") and subj.upos in ("NOUN", "PROPN") \
            and any(w.feats.get("Polarity") == "Neg" and w.head in (verb.id, verb.head)
                    for w in sud.words) \
            and options[verb.id] and all(o.get("Gender") == "Neut" and o.get("Number") == "Sing"
                                         for o in options[verb.id]) \
            and any("Gen" in values(o, "Case") for o in options[subj.id]):
        # a negated verb in the neuter singular with a noun that can be genitive: the
        # impersonal genitive of negation ("there was not one case"), no subject to agree with
        return True
    if _address_before_imperative(subj, verb, options, lang):
        return True
    if feature == "Number" and L.plural_subject_singular_verb \
            and any(o.get("Number") == "Plur" and o.get("Person", "3") == "3"
                    for o in options[subj.id]) \
            and any(o.get("Number") == "Sing" for o in options[verb.id]):
        return True  # a plural subject of the third person, a singular verb (Turkish)
    if feature == "Number" and subj.lemma.lower() in L.quantity_nouns \
            and any(o.get("Number") == "Plur" and o.get("Person", "3") == "3"
                    for o in options[verb.id]) \
            and _counts_plural(sud, subj, options):
        return True  # a quantity of a plural: the verb may take the plural's number
    if feature == "Number" and _one_of_conjuncts(sud, subj, verb, options, L):
        return True
    if feature == "Number" and verb.id < subj.id and _ends_open(sud, subj) \
            and any(o.get("Number") == "Plur" for o in options[verb.id]) \
            and any(o.get("Number") == "Sing" for o in options[subj.id]):
        # a singular subject after its plural verb ends a text with no closing mark: the text
        # may go on with the subject's other conjuncts (an interface string joined to the next
        # at run time, a cut title)
        return True
    if feature in ("Number", "Gender") and (
            subj.lemma.lower() in L.number_by_antecedent
            or (subj.lemma.lower() in L.demonstrative_subjects
                and verb.lemma.lower() in L.copula_lemmas)):
        return True
    return feature == "Gender" and L.gender_by_referent and (
        subj.upos == "PROPN" or (
            subj.lemma.lower() not in L.male_nouns
            and any(o.get("Gender") == "Masc" and o.get("Animacy") == "Anim"
                    for o in options[subj.id])
            and any(o.get("Gender") == "Fem" for o in options[verb.id])))


def _set_off_by_comma(sud: Sentence, w: Word) -> bool:
    """Whether a comma follows ``w`` that opens no relative clause (it may set off an
    address); a relative pronoun after the comma makes it the relative clause's."""
    if w.id >= len(sud.words) or sud.word(w.id + 1).form != ",":
        return False
    return not (w.id + 1 < len(sud.words)
                and "Rel" in sud.word(w.id + 2).feats.get("PronType", ""))


def _subject_beside_object(sud: Sentence, subj: Word, v: Word, others: Sequence[Word],
                           options: Mapping[int, Sequence[Feats]],
                           analyses: Mapping[int, WordAnalyses], L: Language) -> bool:
    """Whether of a verb's two parsed subjects the one a lexicon knows only in the nominative
    (or the vocative, where no comma sets it off but one before a relative clause) is the
    subject and the others its object: it comes first, each other can be accusative, and the
    verb, not a passive, has no object besides ("the council, which met on Monday, rejected the
    proposal", the proposal in a form both nominative and accusative)."""
    cases = [values(o, "Case") for o in options[subj.id]]
    if subj.upos != "NOUN" or not analyses[subj.id].known or not cases \
            or any(not c <= {"Nom", "Voc"} for c in cases) \
            or v.lemma.lower() in L.intransitive_verbs:
        return False
    if any(c != {"Nom"} for c in cases) and _set_off_by_comma(sud, subj):
        return False  # a nominative set off by a comma may be an address (the vocative's form)
    if subj.id > v.id or "Pass" in {v.feats.get("Voice"), *(o.get("Voice") for o in options[v.id])} \
            or any(sud.word(i).form in (":", ";", "-", "–", "—", "(", ")")
                   for i in range(subj.id + 1, v.id)):
        return False  # (after its verb, across a colon or a dash, or a passive: no such pair)
    if any(w.head == v.id and _rel(w).startswith("comp:obj") for w in sud.words):
        return False
    return all(w.upos == "NOUN" and analyses[w.id].known
               and any("Acc" in values(o, "Case") for o in options[w.id]) for w in others)


def _subject_doubt(sud: Sentence, rule: Rule, dep: int, head: int,
                   options: Mapping[int, Sequence[Feats]], rules: Sequence[Rule],
                   analyses: Mapping[int, WordAnalyses], lang: str) -> bool:
    """Whether a failure between a verb and its subject may be the parser's: the verb may be a
    non-finite form under another verb (the subject belongs there), another finite verb of the
    clause agrees with the subject, another noun phrase of the clause (not inside a
    prepositional phrase) that can be nominative agrees with the verb, or a coordinating
    conjunction in the clause may make the subject plural."""
    v = sud.word(head)
    subj = sud.word(dep)
    L = language(lang)
    if subj.form.lower() in L.polite_pronouns and rule.feature in ("Number", "Gender") \
            and v.upos not in ("VERB", "AUX"):
        return True  # the polite plural "you" with a singular predicate adjective
    if v.upos == "ADJ" and (subj.feats.get("PronType") != "Prs" or v.id < subj.id or not all(
            any("Nom" in values(o, "Case") or "Case" not in o for o in options[x])
            for x in (head, dep))):
        # only a personal pronoun in the nominative before its nominative predicate adjective
        # is sure ("this" before an adjective is the next noun's subject: "this is a new
        # house"; a dative pronoun is the experiencer of a predicative: "you need help")
        return True
    if v.upos not in ("VERB", "AUX"):
        return False
    if any(x.head == dep and x.feats.get("Poss") == "Yes" and x.feats.get("Reflex") == "Yes"
           for x in sud.words):
        # a reflexive possessive points back to its clause's subject, so the phrase it
        # belongs to is never that subject: the parse took an object for it
        return True
    if v.form.lower() in L.particle_verbs:
        return True  # "please" after a noun phrase: a verb form far more often a particle
    if _after_particle(sud, v, L):
        return True  # an infinitive after its particle has no subject of its own
    if _rel(v).startswith("comp:aux") and any(
            o.get("VerbForm") in ("Inf", "Part") for o in analyses[head].options):
        return True  # the parse hangs the verb under an auxiliary: a non-finite form of a chain
    if L.subjects_beside_verb and subj.upos in ("NOUN", "ADJ") and not _beside(sud, subj, v):
        return True  # a noun subject away from its verb: attraction, a misparse, sense agreement
    if _under_later_auxiliary(sud, v, analyses, L):
        return True
    if subj.upos == "NOUN" and _time_noun(subj, L) \
            and any("Acc" in values(o, "Case") for o in options[dep]) \
            and any(w.head == dep and w.upos in ("ADJ", "DET", "NUM") and w.id < dep
                    and _rel(w) in ("mod", "det") for w in sud.words):
        # a noun of time with its attribute that can be accusative: an adverbial of time ("once
        # it took three hours", "for some time [he] played"), not the subject
        return True
    if rule.feature == "Number" and any(
            x.head == dep and _rel(x).startswith("conj") and not any(
                y.head == x.id and y.upos == "CCONJ" for y in sud.words) for x in sud.words):
        # a conjunct joined by a comma alone: a coordination without its conjunction
        # (two singular noun phrases joined by a comma) may take a plural verb
        return True
    if rule.feature == "Number" and v.id < subj.id and options[head] \
            and all(o.get("Number") == "Plur" for o in options[head]) \
            and _and_after(sud, subj, L, lang, options):
        return True  # a plural verb before its subject, an "and" after it: coordinated subjects
    k = head - 1
    while k >= 1 and sud.word(k).upos in ("ADV", "PUNCT"):
        k -= 1
    if k >= 1 and sud.word(k).feats.get("PronType") == "Art" and _rel(sud.word(k)) != "det":
        # an article with no noun of its own right before the "verb": the phrase's adjective
        # taken for a verb (an article, an adverb and a quoted adjective, a cut segment)
        return True
    if _agreement_excused(sud, subj, v, rule.feature, options, lang):
        return True
    if rule.feature in ("Number", "Gender") and subj.feats.get("PronType") == "Dem" \
            and subj.feats.get("Gender", "Neut") == "Neut" \
            and any(w.head == head and _rel(w) == "comp:pred" for w in sud.words):
        return True  # a demonstrative, a plural copula: the predicate noun sets the number
    lo, hi = _clause_span(sud, head)
    if L.noun_capitals and subj.form[:1].isupper() and dep < len(sud.words) \
            and sud.word(dep + 1).upos in ("NOUN", "PROPN") \
            and (any("AdjDecl" in o for o in options[dep])
                 or _analyze_as(lang, subj.form, "ADJ")):
        # an adjective of a name taken for its noun (a capitalized adjective in a court's name,
        # whose noun reading is the plural of a military rank)
        return True
    others = [w for w in sud.words if w.head == head and _rel(w) == "subj" and w.id != dep
              and w.form.casefold() not in L.time_adverbs]
    if others and not _subject_beside_object(sud, subj, v, others, options, analyses, L):
        # two subjects: the parse of this clause is broken (an adverb of time the tagger took
        # for a noun is no second subject)
        return True
    k = dep - 1
    while k >= 1 and (sud.word(k).upos in ("DET", "ADJ", "NUM")
                      or _analyze_as(lang, sud.word(k).form, "DET")):
        k -= 1  # (a determiner the tagger took for a noun: "na tuto nemoc")
    if k >= 1 and sud.word(k).upos == "ADP" and any(c.isalpha() for c in sud.word(k).form):
        return True  # right after a preposition (its attributes between): its object
    if dep > head and any(sud.word(i).upos == "SCONJ" for i in range(head + 1, dep)):
        return True  # after a subordinating conjunction: the subject of the clause it opens
    if not lo <= dep <= hi:
        # hung on the wrong verb: a subject in parentheses or a dash insertion, or beyond a
        # comma in a stretch with a finite verb of its own ("I think, that it ...": "I" is
        # "think"'s)
        slo, shi = _clause_span(sud, dep)
        if any(sud.word(i).form in ("(", ")", "--", "–", "—")
               for i in range(min(dep, head), max(dep, head))) \
                or any(_finite_options(sud.word(i), options, lang)[0]
                       for i in range(slo, shi + 1) if i not in (dep, head)):
            return True
    if rule.feature in ("Number", "Person") and dep not in _and_coordinated(sud, L) and any(
            sud.word(i).upos == "CCONJ" for i in range(lo, hi + 1)):
        return True  # a conjunction the parse did not join to the subject may make it plural
    same_v = [r for r in rules if r.type == "agree" and r.dep_upos in (subj.upos, "*")
              and r.relation.split("@")[0] == "subj"]
    for w in sud.words:
        if w.id == head or not lo <= w.id <= hi:
            continue
        fin, upos = _finite_options(w, options, lang)
        rs = [r for r in same_v if r.head_upos in (upos, "*")]
        if fin and rs and any(all(outcome(r, so, wo, subj.lemma, w.lemma) is not False
                                  for r in rs) for so in options[dep] for wo in fin):
            return True  # the subject agrees with another finite verb of its clause
    subj_cases = [values(o, "Case") for o in options[dep] if "Case" in o]
    if subj.upos in ("NOUN", "PROPN") and subj_cases and "Nom" not in _np_cases(sud, subj, options):
        return True  # its determiner rules out the nominative (an accusative possessive)
    # a reflexive verb takes no accusative object, unless an infinitive under it does
    object_cases = {"Gen"} if v.lemma.lower().endswith(L.reflexive_verb_endings or ("\0",)) \
        and not any(x.head == head and x.feats.get("VerbForm") == "Inf" for x in sud.words) \
        else {"Acc", "Gen"}
    if v.lemma.lower() in L.intransitive_verbs:
        object_cases = set()  # a verb of motion or position takes no object
    if _object_of_dropped_subject(subj, options, L) \
            and _np_cases(sud, subj, options, ("DET", "ADJ")) & object_cases \
            and not _undoubled_before(sud, subj, v, L):
        # (not where its own attributes leave it no object's case: "my mother" in the
        # nominative feminine before a masculine past verb; nor an accusative before a
        # reflexive verb, which takes none)
        return True
    if _relative_object(sud, subj, v, options, L, lang):
        return True
    if _own_predicate_before_comma(sud, subj, v, options):
        return True
    if subj_cases and not any("Nom" in c for c in subj_cases):
        return True  # no nominative reading: a quantity (a genitive after it), not the subject
    if rule.feature == "Number" and dep < len(sud.words) \
            and sud.word(dep + 1).form.lower() in L.comitative:
        return True  # "brother with sister" + a plural verb: a comitative makes the subject plural
    if dep > 2 and sud.word(dep - 1).form.lower() in L.comparison_words \
            and sud.word(dep - 2).upos != "PUNCT":
        return True  # a comparison inside the clause ("like me"), not the clause's subject
    if analyses[dep].known and subj_cases and all(c <= {"Nom", "Voc"} for c in subj_cases) \
            and (all(c == {"Nom"} for c in subj_cases) or not _set_off_by_comma(sud, subj)):
        # "I", "we": nominative only, the subject for sure; so is a noun that is otherwise
        # only a vocative where no comma sets it off as an address ("Mummy baked", "the
        # council, which met, rejected")
        return rule.type == "as"
    if L.subject_clause(sud, head):
        return True  # a "that"-clause after the verb is the subject (the noun is its object)
    for w in sud.words:
        if w.id in (dep, head) or not lo <= w.id <= hi or w.upos not in _CONTROLLERS:
            continue
        if w.head == dep:
            continue  # a conjunct or attribute of the subject itself
        if not analyses[w.id].known and w.upos != "PROPN":
            continue  # a word the lexicons do not know as a noun is no subject to turn to
        if w.head and sud.word(w.head).upos == "ADP":
            continue
        same = [r for r in rules if r.type == "agree" and r.dep_upos in (w.upos, "*")
                and r.head_upos in (v.upos, "*") and r.relation.split("@")[0] == "subj"]
        if not same:
            continue
        dets = [x for x in sud.words if x.head == w.id and x.upos in ("DET", "ADJ")
                and _rel(x) in ("det", "mod")]
        for wo in options[w.id]:
            if "Nom" not in values(wo, "Case") and "Case" in wo:
                continue
            if not all(_np_fits(options[x.id], wo) for x in dets):
                continue  # a noun after a dative possessive cannot be nominative, whatever it
                # alone can
            if any(all(outcome(r, wo, vo, w.lemma, v.lemma) is not False for r in same)
                   for vo in options[head]):
                return True
    return rule.type == "as"  # the subject's own case: only as sure as the parser's subject


# -- blame, fix, words -------------------------------------------------------------------------

def _governed_case_in(governed: Mapping[int, frozenset[str]] | None,
                      analyses: Mapping[int, WordAnalyses], noun: int, attr: int) -> bool:
    """Whether the noun can be in a case its governor allows it and its attribute cannot: the
    attribute is the word in the wrong case ("for the-gen future": "for" takes the accusative the
    noun has, the article is a genitive)."""
    allowed = (governed or {}).get(noun)
    if not allowed:
        return False
    return any(values(o, "Case") & allowed for o in analyses[noun].options) \
        and not any(values(o, "Case") & allowed for o in analyses[attr].options)


def _violation(sud: Sentence, rule: Rule, dep: int, head: int, choice: Mapping[int, Feats],
               analyses: Mapping[int, WordAnalyses], precision: Precision,
               failing: list[tuple[Rule, int, int]],
               coordinated: Mapping[tuple[int, int], Mapping[str, str]] | None = None,
               subjects: frozenset[int] = frozenset(),
               noun_lacks_case: bool = False, on_arc: Sequence[Rule] = (),
               governed: Mapping[int, frozenset[str]] | None = None) -> Violation:
    """The finding of a failed rule: the word to blame, its fix and its message.
    ``noun_lacks_case``: the noun is blamed for a case mismatch with its determiner (see
    ``_case_ending_missing``); ``on_arc``: every rule of the arc (the fix heeds those that
    hold too); ``governed``: the cases a preposition allows its object, where one governs
    it."""
    d, h = sud.word(dep), sud.word(head)
    L = language(precision.lang)
    chosen_d, chosen_h = _shown(d, choice[dep]), _shown(h, choice[head])
    f = rule.feature
    primary: Word
    off_arc: Word | None = None
    if rule.type == "agree":
        # (an adjective with its own determiner as a verb's subject stands for its noun)
        ctrl_is_dep = (d.upos in _CONTROLLERS or (
            d.upos == "ADJ" and _rel(d) == "subj" and h.upos in ("VERB", "AUX")
            and _has_determiner(sud, d))) and h.upos not in _CONTROLLERS
        target, ctrl = (h, d) if ctrl_is_dep else (d, h)
        primary = ctrl if noun_lacks_case else target
        if f == "Number" and _quantifier_counts(target, ctrl, analyses, L):
            primary = ctrl  # a plural quantifier, a singular noun: the noun lacks its plural
        if f in ("Number", "Gender") and _relative_off(sud, ctrl, target, analyses, L):
            primary = ctrl  # a relative pronoun agreeing with neither: the pronoun, not the verb
        if f == "Case" and ctrl.upos in ("NOUN", "PROPN") and target.upos in ("ADJ", "DET") \
                and not L.article_declension and any(
                r2.type == "agree" and r2.feature == f and h2 == ctrl.id and d2 != target.id
                and sud.word(d2).upos in ("ADJ", "DET") and analyses[d2].known
                and _np_fits(analyses[d2].options, choice[target.id])
                and not _noun_read_as_adjective(
                    sud, sud.word(d2), {w: a.options for w, a in analyses.items()},
                    precision.lang)
                for r2, d2, h2 in failing):
            # two attributes that agree with each other both fail their noun: the noun is the
            # odd one out ("the first-acc mathematical-acc work-gen"; not where an adjective
            # takes its declension from the article before it); its fix takes the case its
            # governor allows where the attributes have it
            primary = ctrl
            allowed = (governed or {}).get(ctrl.id, frozenset())
            fit = [o for o in analyses[target.id].options
                   if values(o, "Case") & allowed
                   and _may_agree(o, choice[target.id], ("Number", "Gender"))]
            if fit:
                choice = {**choice, target.id: fit[0]}
        # the noun's own form fails what governs it, while the agreeing word fits: the noun
        for r2, d2, _h2 in failing:
            if r2.type == "as" and d2 == ctrl.id and r2.side == "dep" and r2.feature == f:
                if any(values(o, f) & set(r2.allowed) for o in analyses[target.id].options):
                    primary = ctrl
        subject = ctrl.upos in ("NOUN", "PROPN") and (
            ctrl.id in subjects
            or (_rel(ctrl) == "subj" and sud.word(ctrl.head).upos in ("VERB", "AUX")))
        if f == "Case" and ctrl.upos in ("NOUN", "PROPN") and primary is target \
                and _less_specific(analyses, choice, ctrl.id, target.id) \
                and not _determiner_sides_with(sud, analyses, choice, ctrl, target, L) \
                and not _governed_case_in(governed, analyses, ctrl.id, target.id) \
                and not (subject and _nominative_in(analyses, ctrl.id)
                         and not _nominative_in(analyses, target.id)):
            # an article in the genitive or dative before a noun without that case's ending:
            # the article says the case, the noun lacks it (not a subject that can be
            # nominative after a determiner that cannot: "with-all people came", the noun
            # nominative, the determiner instrumental)
            primary = ctrl
        if f == "Case" and primary is target and subject:
            # a subject is nominative: the word that cannot be is the one to correct (a dative
            # plural noun after a nominative article: the noun)
            nom = [o for o in analyses[target.id].options if "Nom" in values(o, "Case")]
            if nom and not _nominative_in(analyses, ctrl.id):
                primary = ctrl
                choice = {**choice, target.id: nom[0]}
        other = h if primary is d else d
        want = dict(choice[other.id])
        expected = tuple(sorted(values(want, f)))
    else:
        primary = d if rule.side == "dep" else h
        other = h if primary is d else d
        expected = rule.allowed
        det = _wrong_determiner(sud, primary, rule, analyses)
        if det is not None:
            off_arc = det
    blamed = off_arc or primary
    seen = dict(choice)
    if _rel(d) == "subj" and "Nom" not in values(choice[dep], "Case"):
        # a subject's nominative reading, where the solver chose another ("Ženy", a genitive
        # singular or a nominative plural, before a singular verb: the verb takes the plural)
        nominative = [o for o in analyses[dep].options if "Nom" in values(o, "Case")]
        if nominative:
            seen[dep] = nominative[0]
    if coordinated and (dep, head) in coordinated:
        seen[dep] = {**seen[dep], **coordinated[(dep, head)]}  # "X and Y": plural
    # a fix only for a word the lexicons know: a guess about an unknown word is no correction
    fix = _fix(sud, blamed, rule, seen, dep, head, failing, precision, all_on_arc=on_arc) \
        if analyses[blamed.id].known else []
    found = tuple(sorted(values(_shown(blamed, choice[blamed.id]), f)))
    dd = replace(d, feats=chosen_d)
    hh = replace(h, feats=chosen_h)
    blame_ids = (blamed.id, other.id) if off_arc is None \
        else _phrase_blame(off_arc, d, h, rule, analyses) if rule.side == "dep" \
        else (blamed.id, dep, head)
    v = Violation(rule=rule, dep=dd, head=hh, feature=f, expected=expected, found=found,
                  blame=blame_ids, suggestions=tuple(fix),
                  primary=None if off_arc is None
                  else replace(off_arc, feats=_shown(off_arc, choice[off_arc.id])))
    return _with_note(v, sud, rule, off_arc, L)


def _np_fits(dep_opts: Sequence[Feats], noun: Feats) -> bool:
    """Whether a determiner/adjective has an analysis agreeing with one analysis of its noun."""
    return any(all(values(o, k) & values(noun, k) for k in ("Case", "Number", "Gender")
                   if k in o and k in noun) for o in dep_opts)


def _cases_agreeing(opts: Sequence[Feats], other: Feats) -> set[str]:
    """The cases a word can show while agreeing in number and gender with ``other``."""
    out: set[str] = set()
    for o in opts:
        if all(o[k] == other[k] for k in ("Number", "Gender") if k in o and k in other):
            out |= values(o, "Case")
    return out


def _determiner_sides_with(sud: Sentence, analyses: Mapping[int, WordAnalyses],
                           choice: Mapping[int, Feats], noun: Word, attribute: Word,
                           L: Language) -> bool:
    """Whether an adjective disagreeing with its noun in case stands against the noun's own
    determiner, which the noun's chosen reading fits: two words against one, the adjective is
    the one to correct (an article, an adjective in another case, the noun). A determiner
    likewise stands against the noun's own adjective where adjectives do not decline by the
    article before them ("on that-acc farthest-loc end-loc": the determiner)."""
    witness = "DET" if attribute.upos != "DET" else "" if L.article_declension else "ADJ"
    others = [w for w in sud.words if w.head == noun.id and w.upos == witness
              and w.id != attribute.id and analyses[w.id].known]
    # (an adjective witnesses against a determiner only where it cannot agree with it too:
    # "first" in Czech fits every case)
    return any(_np_fits(analyses[w.id].options, choice[noun.id])
               and (witness == "DET" or not any(_np_fits(analyses[w.id].options, o)
                                                for o in analyses[attribute.id].options))
               for w in others)


def _nominative_in(analyses: Mapping[int, WordAnalyses], wid: int) -> bool:
    """Whether any analysis of word ``wid`` is nominative."""
    return any("Nom" in values(o, "Case") for o in analyses[wid].options)


def _less_specific(analyses: Mapping[int, WordAnalyses], choice: Mapping[int, Feats],
                   noun: int, det: int) -> bool:
    """Whether, in a case mismatch where number and gender agree, the noun's form allows more
    cases than the determiner's: then the determiner shows the intended case and the noun's
    ending is what is missing (a genitive or dative article before a noun without that ending;
    but a nominative plural article before a dative plural noun: the article)."""
    cn = _cases_agreeing(analyses[noun].options, choice[det])
    cd = _cases_agreeing(analyses[det].options, choice[noun])
    return bool(cn) and bool(cd) and not cn & cd and len(cn) > len(cd)


def _shown(w: Word, chosen: Feats) -> dict[str, str]:
    """The word's features as the checker chose them (the tagger's for features no lexicon
    decides)."""
    return {**w.feats, **chosen}


def _phrase_blame(word: Word, noun: Word, governor: Word, rule: Rule,
                  analyses: Mapping[int, WordAnalyses]) -> tuple[int, ...]:
    """The words a governed phrase's finding blames when its wrong word is a determiner or
    adjective of the noun: that word and the governor (either may be the one to change), and
    the noun only when its own form cannot take an allowed value in a number and gender the
    word can show ("from the fact" with an accusative article after a preposition taking the
    dative: the article, not the noun, whose form is dative already)."""
    allowed = set(rule.allowed)
    fits = any(values(n, rule.feature) & allowed and _number_gender_fit(o, n)
               for n in analyses[noun.id].options for o in analyses[word.id].options)
    return (word.id, governor.id) if fits else (word.id, noun.id, governor.id)


def _wrong_determiner(sud: Sentence, noun: Word, rule: Rule,
                      analyses: Mapping[int, WordAnalyses]) -> Word | None:
    """The determiner of a governed noun when it cannot carry an allowed value in a number and
    gender the noun has (a nominative or accusative article after a preposition that governs the
    dative: correct the article; but a dative plural article before a noun without the dative
    ending: the article fits, the noun lacks the ending)."""
    if noun.upos not in ("NOUN", "PROPN") or rule.type != "as":
        return None
    allowed = set(rule.allowed)
    nouns = analyses[noun.id].options
    for w in sud.words:
        if w.head == noun.id and w.upos == "DET" and _rel(w) == "det":
            opts = analyses[w.id].options
            if not analyses[w.id].known or not any(rule.feature in o for o in opts):
                continue
            if not any(values(o, rule.feature) & allowed and _number_gender_fit(o, n)
                       for o in opts for n in nouns):
                return w
    return None


def _number_gender_fit(det: Feats, noun: Feats) -> bool:
    return _may_agree(det, noun, ("Number", "Gender"))


def _fix(sud: Sentence, blamed: Word, rule: Rule, choice: Mapping[int, Feats], dep: int,
         head: int, failing: list[tuple[Rule, int, int]], precision: Precision,
         all_on_arc: Sequence[Rule] = ()) -> list[str]:
    """Forms of the blamed word with the expected values (all failing features of its arc;
    ``all_on_arc``: every rule of the arc, see below)."""
    want = dict(choice[blamed.id])
    arc_rules = [r for r, d, h in failing if (d, h) == (dep, head)]
    if blamed.id in (dep, head):
        other = choice[head] if blamed.id == dep else choice[dep]
        d_lemma, h_lemma = sud.word(dep).lemma, sud.word(head).lemma
        for r in all_on_arc:
            # a counted noun's other rule that holds in a later value of several: the fix takes
            # the first, the one the numeral names (a genitive singular after a numeral of two
            # to four: the nominative plural, not the animate accusative its case-ambiguous
            # reading allowed)
            if r.type == "as" and r.side == "head" and blamed.id == head \
                    and len(r.allowed) > 1 and want.get(r.feature) in r.allowed[1:] \
                    and all(r is not x for x in arc_rules) \
                    and outcome(r, choice[dep], choice[head], d_lemma, h_lemma) is True:
                want[r.feature] = r.allowed[0]
        for r in arc_rules:
            if r.type == "agree" and r.feature in other:
                want[r.feature] = sorted(values(other, r.feature))[0]
                if r.feature == DECL:
                    for k in ("Case", "Number", "Gender"):
                        if k in other:
                            want[k] = other[k]
            elif r.type == "as" and ((r.side == "dep") == (blamed.id == dep)):
                want[r.feature] = r.allowed[0]
        if any(r.type == "agree" and r.feature in ("Number", "Person") for r in arc_rules) \
                and blamed.upos in ("VERB", "AUX") and "Person" not in other and "Person" in want:
            want["Person"] = "3"  # a noun subject is third person
        if blamed.upos in ("VERB", "AUX") and blamed.id == head and _rel(sud.word(dep)) == "subj" \
                and any(r.type == "agree" and r.feature in ("Number", "Person", "Gender")
                        for r in arc_rules):
            # the verb takes its subject's person and number both, not only the one a rule
            # names (a plural pronoun of the second person, a verb of the first: the fix is
            # the second person plural, not the first; a past tense failing in gender takes
            # the number too)
            for k in ("Person", "Number"):
                if k in other and k in want:  # (a past tense has no person to take)
                    want[k] = sorted(values(other, k))[0]
        if blamed.upos in ("DET", "ADJ") and blamed.id == dep and any(
                r.type == "agree" for r in arc_rules):
            # an attribute takes its noun's number and gender, not only the failing one (a
            # plural possessive before a feminine singular noun: the fix is feminine too); its
            # case stays its own unless failing (a case-ambiguous noun's chosen case is the
            # weakest guess: a plural adjective before a singular noun)
            for k in ("Number", "Gender", "Animacy"):
                if k in other:
                    want[k] = sorted(values(other, k))[0]
            if want.get("Number") == "Plur":
                want.pop("Gender", None)
    else:  # a determiner off the arc: the governed case, the noun's number and gender
        want[rule.feature] = rule.allowed[0]
        noun = choice[dep]
        for k in ("Number", "Gender", "Animacy"):  # (an animate accusative is a genitive)
            if k in noun:
                want[k] = noun[k]
    if blamed.upos != "ADJ":
        want.pop(DECL, None)  # only adjectives have a declension to ask for
    if blamed.upos in ("VERB", "AUX") and want.get("VerbForm") in ("Inf", "Part") \
            and any(r.feature == "VerbForm" for r in arc_rules):
        # an infinitive or participle asked for has no person, number or mood (a finite form
        # at the end of a modal's clause -> the infinitive); a participle under an auxiliary
        # is the past one (a participle failing in gender keeps its number to fix)
        for k in ("Person", "Number", "Mood", "Tense"):
            want.pop(k, None)
        if want["VerbForm"] == "Part":
            want["Tense"] = "Past"
    # the word as the checker read it: its paradigm is looked up by the chosen analysis
    shown = replace(blamed, feats=_shown(blamed, choice[blamed.id]))
    cands = inflect(precision.lang, shown, want, precision.lexicon)[:3]
    on_arc = [(r, d, h) for r, d, h in failing if (d, h) == (dep, head)]
    return [c for c in cands if _fix_holds(sud, blamed, c, choice, on_arc, precision.lang)]


def _fix_holds(sud: Sentence, blamed: Word, form: str, choice: Mapping[int, Feats],
               failing: list[tuple[Rule, int, int]], lang: str) -> bool:
    """Whether a fix is no new error: some reading of the corrected form satisfies every rule
    that failed on the finding's arc, the other end as the checker read it (a feminine
    accusative possessive before a masculine genitive noun: the masculine nominative fix is
    dropped, it fails the case the noun demands). A form the lexicon cannot read
    is kept (nothing to check it by)."""
    analyze, _ = analyzer_for(lang)
    if analyze is None:
        return True
    try:
        readings = analyze(form, blamed.upos, blamed.lemma) or []
    except Exception:  # the check is a help, never a reason to lose the finding
        return True
    if not readings:
        return True
    for r, d, h in failing:
        if blamed.id not in (d, h) or (
                r.type == "as" and (r.side == "dep") != (blamed.id == d)):
            continue  # (a rule on the other end's form: the fix cannot change it)
        other = choice[h] if blamed.id == d else choice[d]
        if not any(outcome(r, a, other) is not False if blamed.id == d
                   else outcome(r, other, a) is not False for a in readings):
            return False
    return True


def fix_as_written(sentence: Sentence, word: Word, fix: str, lang: str) -> str:
    """A fix of ``word`` as the text writes it: for a word inside a contraction, the
    contraction's words with the fix in place, contracted again where the language contracts
    that pair (a preposition fused with a dative article, the article fixed to the feminine:
    the feminine contraction); else the fix itself. What a quick fix puts in place of the
    token written."""
    return _in_token(sentence, word, fix, language(lang))[0] or fix


def _in_token(sud: Sentence, w: Word, fix: str | None, L: Language | None = None
              ) -> tuple[str | None, str]:
    """(the fix, the word) as the text shows them: a word of a contraction is quoted as the
    token written (the contraction, not its article), and its fix as the token's words with the
    fix in place (the preposition, then the corrected article), contracted again where the
    language contracts that pair (``Language.contracted``)."""
    for m in sud.multiword:
        if m.first <= w.id <= m.last:
            if fix is not None:
                fix = " ".join(fix if i == w.id else sud.word(i).form
                               for i in range(m.first, m.last + 1))
                short = L.contracted.get(fix.lower()) if L is not None else None
                if short is not None:
                    fix = short[:1].upper() + short[1:] if m.form[:1].isupper() else short
            return fix, m.form
    return fix, w.form


def _note(v: Violation, sud: Sentence, rule: Rule, off_arc: Word | None, L: Language
          ) -> tuple[str, dict[str, str]]:
    """A sentence a learner understands, with the fix when there is one: its template in
    ``messages.yaml`` and the template's arguments (words as the text shows them)."""
    b = v.blamed
    fix = v.suggestions[0] if v.suggestions else None
    fix, b_form = _in_token(sud, b, fix, L)
    args = {"word": b_form, "feature": rule.feature}
    if fix:
        args["fix"] = fix
    if rule.type == "agree" and rule.feature == DECL:
        noun = v.head
        gov = [w for w in sud.words if w.head == noun.id and w.upos in ("DET", "NUM")
               and w.id < b.id]
        args["noun"] = noun.form
        if not gov:
            return "strong_ending", args
        return "ending_after", {**args, "det": gov[-1].form,
                                "decl": v.expected[0] if v.expected else ""}
    if rule.type == "agree" and b.upos in ("VERB", "AUX") and b.id == v.head.id:
        subj = v.dep
        conj = [w for w in sud.words if w.head == subj.id and _rel(w) == "conj:coord"]
        who = subj.form
        if conj and subj.id in _and_coordinated(sud, L):
            cc = [x.form for x in sud.words if x.head == conj[-1].id and x.upos == "CCONJ"]
            who = f"{subj.form} {cc[0] if cc else '+'} {conj[-1].form}"
        return ("verb_after_subject" if fix else "verb_subject"), {**args, "subject": who}
    if rule.type == "as" and rule.feature == "Case":
        # the head of the arc, unless the head itself is the word blamed
        governor = v.dep if off_arc is None and b.id == v.head.id else v.head
        return "governs_case", {**args, "governor": _in_token(sud, governor, None)[1],
                                "cases": "|".join(rule.allowed)}
    if rule.type == "as" and "[" in rule.feature and b.id == v.head.id:
        # a layered feature is the dependent's (a possessive ending's person is its possessor's)
        return "agrees_with", {**args, "other": _in_token(sud, v.dep, None)[1]}
    if rule.type == "agree" and _rel(v.dep) == "subj" and b.id == v.head.id:
        # a predicate adjective or participle and its subject (a feminine subject, a masculine
        # short adjective)
        return "predicate_subject", {**args, "other": _in_token(sud, v.dep, None)[1]}
    if rule.type == "agree":
        return "agrees_with", {**args, "other": _in_token(sud, v.other, None)[1]}
    return "wrong_form", args


def _with_note(v: Violation, sud: Sentence, rule: Rule, off_arc: Word | None,
               L: Language) -> Violation:
    """``v`` with its learner's message: the template, its arguments, the English text."""
    from .messages import render

    mid, args = _note(v, sud, rule, off_arc, L)
    return replace(v, note=render(mid, args), message_id=mid,
                   message_args=tuple(sorted(args.items())))
