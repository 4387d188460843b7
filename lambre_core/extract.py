"""Rule extraction from SUD treebanks (L'AMBRE §3).

Agreement, ``r_agree(x, y, d) -> f``: over arcs ``x --d--> y`` where both ends carry ``f``, the share
that agree (their value sets intersect). Candidates with share > ``agree_threshold`` and at least
``min_count`` instances are kept, then only the most frequent ones covering ``agree_coverage`` (80 %)
of all candidate instances; agreement on ``det``, ``mod`` and ``subj`` arcs is kept past that cut.

Case assignment / verb form choice, ``r_as(x, y, d) -> f_x in {F...}``: for the dependent side, the
local distribution of ``f`` on ``x`` over arcs ``(x, y, d)`` against the global distribution of ``f`` on
``x``; for the head side, the same for the head. Rules whose KL(local || global) (natural log) exceeds
``kl_threshold`` (0.9) with at least ``min_count`` instances are kept. The allowed values are the
smallest set of most frequent local values that covers ``allowed_coverage`` (95 %) of the local
distribution; values below ``min_value_share`` (2 %) are never allowed (treebank noise).

Beyond the paper, rules learn where they apply (see the sections below and ``method_notes``):
agreement rules get a ``when`` condition from a shallow decision-tree search over the other
features of the two ends (Chaudhary et al., EMNLP 2020), which also creates rules that hold only
under a condition; agreement and assignment rules get per-lemma exceptions (indeclinables); and
assignment rules per governor lemma (``when: {head.lemma: [...]}``) state the case a preposition
governs, the case of a verb's object, the verb form an auxiliary selects.
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from .conllu_io import read_conllu, tree_error
from .declension import annotate_declension
from .doc import Sentence, Word
from .errors import TreeError
from .langid import language_name
from .rules import Conditions, Rule, RuleSet, Side, Stat, TreebankSource, rule_id
from .sud import base_relation, relation_matches, to_sud

DEFAULT_AGREE_FEATURES = ("Case", "Number", "Gender", "Person", "Animacy", "Definite")
#: words that other words agree with: their lemmas are no agreement exceptions as heads
_CONTROLLERS = frozenset({"NOUN", "PROPN", "PRON"})
#: closed word classes: their lemmas may appear in conditions and exceptions of agreement rules
CLOSED_CLASSES = ("ADP", "AUX", "CCONJ", "DET", "NUM", "PART", "PRON", "SCONJ")
DEFAULT_AS_FEATURES = ("Case", "VerbForm", "Mood")
#: relations that never carry morphosyntactic constraints
_SKIP_RELATIONS = {"punct", "root", "reparandum", "goeswith", "unk", "orphan", "dep"}




@dataclass
class ExtractOptions:
    """Thresholds of rule extraction (defaults follow the paper where it gives them)."""

    min_count: int = 30
    agree_threshold: float = 0.9
    #: a small treebank's rare arcs (0: off): an agreement of a noun's attributes, a subject or
    #: a predicate seen at least this often that never fails becomes a rule below ``min_count``
    #: where a sibling is one (the same arcs agreeing in another feature, or the same relation
    #: and feature with another dependent or head class). Only for a small treebank: in a large
    #: one, so few arcs are a rare construction, not a small sample
    perfect_min_count: int = 0
    agree_coverage: float = 0.8
    kl_threshold: float = 0.9
    allowed_coverage: float = 0.95
    min_value_share: float = 0.02
    agree_features: tuple[str, ...] = DEFAULT_AGREE_FEATURES
    as_features: tuple[str, ...] = DEFAULT_AS_FEATURES
    max_examples: int = 3
    # -- conditions (``when``) of agreement rules, learned as a depth-1/2 decision-tree path
    learn_conditions: bool = True
    #: under its condition, the rule holds (both ends carry the feature and agree) at least this often
    condition_share: float = 0.9
    #: ... and this much more often than without the condition
    condition_gain: float = 0.05
    #: outside the condition it holds at most this often, over at least ``condition_min_outside`` arcs
    condition_outside_share: float = 0.75
    condition_min_outside: int = 10
    #: a feature value or lemma enters a condition only with this many arcs
    condition_min_value_count: int = 5
    #: word classes whose lemmas may appear in a condition (closed classes)
    condition_lemma_upos: tuple[str, ...] = CLOSED_CLASSES
    #: a candidate that failed ``agree_threshold`` becomes a rule under a condition when it agrees at
    #: least this often there, well above chance (Cohen's kappa)
    create_share: float = 0.95
    create_kappa: float = 0.8
    #: ... and with this much support (twice as much for a two-key condition)
    create_min_support: int = 50
    # -- per-lemma exceptions (``except_lemmas`` + ``exceptions``)
    exception_min_count: int = 5
    exception_max_share: float = 0.4
    #: exceptions are a short list; more failing lemmas than this is a systematic gap
    exception_max_lemmas: int = 10
    # -- government: assignment rules per head lemma (``when: {head.lemma: [...]}``)
    government_heads: tuple[str, ...] = ("ADP", "AUX", "VERB")
    #: the complement relations a head governs (a bare one covers its @extensions)
    government_relations: tuple[str, ...] = ("comp:obj", "comp:obl", "comp:aux")
    government_min_count: int = 5
    government_purity: float = 0.95
    #: each allowed value of a governor is seen in at least this many sentences (else it is noise)
    government_min_value_count: int = 2
    #: the features a head governs, and the dependents that carry them
    government_features: tuple[str, ...] = ("Case", "VerbForm")
    #: a rule for one word class holds at least this often on its own arcs
    government_share: float = 0.9
    #: a governor lemma must carry the head's UPOS at least this often in the treebank (so that
    #: comparative particles tagged ADP now and then, like the German one, do not enter)
    government_upos_share: float = 0.5
    #: a linguist's review: values a governor also allows though the treebank has no instance of
    #: them (a German two-way preposition takes the accusative of direction too: {lemma: ["Acc"]})
    government_also_allowed: dict[str, list[str]] = field(default_factory=dict)
    #: ... and governor lemmas to leave out altogether
    government_exclude: tuple[str, ...] = ()
    #: a linguist's review of verb case frames the treebank is too small to learn: verb lemma ->
    #: the cases its nominal objects take (a German verb with a dative object: ["Dat"]). Each
    #: becomes a government rule on the verb's objects ('comp:obj', 'comp:obl'), with the
    #: treebank's arcs as evidence.
    case_frames: dict[str, list[str]] = field(default_factory=dict)
    #: ... and of those frames that also take a thing's case beside the person's (to believe
    #: someone something): verb lemma -> the cases a pronoun of the first or second person, which
    #: is always the person, takes as its object
    person_frames: dict[str, list[str]] = field(default_factory=dict)
    #: the word classes a case frame constrains beside nouns and pronouns: verbs where a verbal
    #: noun declines as a noun does (Turkish)
    frame_verbal_nouns: bool = False
    #: a linguist's review of verbs whose verbal object is an infinitive (modal and phasal verbs): a
    #: finite verb hung on one without a conjunction is a wrong form. One government rule on
    #: their verbal objects ('comp:obj'), with the treebank's arcs as evidence.
    infinitive_verbs: tuple[str, ...] = ()
    #: a linguist's review of frames a preposition's verb decides: (verb lemmas, preposition
    #: lemmas, cases) -- German verbs of position take the dative after a two-way preposition
    #: (a location, not a direction). Each becomes a government rule on the preposition's object
    #: with ``when: {head.lemma: [...], governor.lemma: [...]}``.
    governor_frames: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = ()
    #: a linguist's review of counted nouns: (numeral lemmas, feature, the value the counted
    #: noun takes, nouns left out, numeral forms left out). German: a noun counted by a numeral
    #: above one is Number=Plur, but not a unit of measure; Russian: after two to four, Case=Gen,
    #: Number=Sing, but not after the numeral's oblique forms (where the noun agrees in case).
    #: Several values are joined by "+" ("Nom+Acc": either).
    counted_nouns: tuple[tuple[tuple[str, ...], str, str, tuple[str, ...], tuple[str, ...]], ...] = ()
    #: a linguist's review of agreement between two features of an arc's ends: (relation, the
    #: dependent's case, the dependent's feature, the head's feature). A Turkish genitive
    #: possessor's person is its noun's possessive person (Person[psor]). One
    #: rule on the head per dependent class and value, ``when: {dep.Case: [...], dep.<feature>:
    #: [value]}``; a class whose treebank words all have one value (a noun: the third person)
    #: gets one rule without the value's condition.
    head_agreement: tuple[tuple[str, str, str, str], ...] = ()
    #: a linguist's review of what adpositions take of a personal pronoun of the first or
    #: second person where a noun takes another case: adposition lemma -> cases (a Turkish
    #: postposition takes a noun's nominative but a personal pronoun's genitive). One
    #: government rule per case set on the pronoun objects, ``when: {dep.Person: [1, 2],
    #: head.lemma: [...]}``.
    pronoun_government: dict[str, list[str]] = field(default_factory=dict)


Triple = tuple[str, str, str]  # (dependent UPOS, head UPOS, relation)


@dataclass(frozen=True)
class _Arc:
    dep: Word
    head: Word
    sent: Sentence
    sid: str


@dataclass
class _Stats:
    agree_total: Counter[tuple[Triple, str]] = field(default_factory=Counter)
    agree_ok: Counter[tuple[Triple, str]] = field(default_factory=Counter)
    agree_examples: dict[tuple[Triple, str], list[str]] = field(default_factory=dict)
    # (kind, triple, feature) -> a marked example sentence
    marked: dict[tuple[str, Triple, str], str] = field(default_factory=dict)
    # global: (upos, feature) -> value -> weight
    global_dist: dict[tuple[str, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter))
    # local: (side, triple, feature) -> value -> weight
    local_dist: dict[tuple[str, Triple, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter))
    local_examples: dict[tuple[str, Triple, str], list[tuple[str, frozenset[str]]]] = field(
        default_factory=dict)
    # every arc that rules may cover, by triple (for conditions, exceptions, government)
    arcs: dict[Triple, list[_Arc]] = field(default_factory=lambda: defaultdict(list))
    # casefolded lemma -> UPOS -> count, over all words
    lemma_upos: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))


def _add_values(counter: Counter[str], values: frozenset[str]) -> None:
    # a multi-valued feature (Case=Acc,Nom) counts as a fraction of each value
    for v in values:
        counter[v] += 1.0 / len(values)  # type: ignore[assignment]


def collect(sentences: Iterable[Sentence], options: ExtractOptions) -> _Stats:
    """Count arcs, agreements and feature distributions over SUD-converted sentences."""
    stats = _Stats()
    for i, ud in enumerate(sentences):
        if tree_error(ud) is not None:
            continue
        sent = to_sud(ud)
        sid = sent.sent_id or f"s{i + 1}"
        for w in sent.words:
            stats.lemma_upos[w.lemma.casefold()][w.upos] += 1
            for f in options.as_features:
                vals = w.feat_values(f)
                if vals:
                    _add_values(stats.global_dist[(w.upos, f)], vals)
        for w in sent.words:
            if w.head == 0:
                continue
            rel = base_relation(w.deprel)
            if rel in _SKIP_RELATIONS:
                continue
            h = sent.word(w.head)
            triple = (w.upos, h.upos, rel)
            stats.arcs[triple].append(_Arc(w, h, sent, sid))
            for f in options.agree_features:
                dv, hv = w.feat_values(f), h.feat_values(f)
                if dv and hv:
                    key = (triple, f)
                    stats.agree_total[key] += 1
                    if dv & hv:
                        stats.agree_ok[key] += 1
                        if ("agree", triple, f) not in stats.marked:
                            stats.marked[("agree", triple, f)] = _mark(sent, w.id, h.id)
                        ex = stats.agree_examples.setdefault(key, [])
                        if len(ex) < options.max_examples and sid not in ex:
                            ex.append(sid)
            for f in options.as_features:
                for side, word in (("dep", w), ("head", h)):
                    vals = word.feat_values(f)
                    if vals:
                        lkey = (side, triple, f)
                        _add_values(stats.local_dist[lkey], vals)
                        lex = stats.local_examples.setdefault(lkey, [])
                        if len(lex) < 50:
                            lex.append((sid, vals))
                            stats.marked.setdefault((sid + side, triple, f), _mark(sent, w.id, h.id))
    return stats


def _mark(sent: Sentence, a: int, b: int, limit: int = 160) -> str:
    """The sentence's forms with words ``a`` and ``b`` in brackets, cut around them if long."""
    forms = [f"[{w.form}]" if w.id in (a, b) else w.form for w in sent.words]
    lo, hi = min(a, b) - 1, max(a, b)
    while len(" ".join(forms[lo:hi])) < limit and (lo > 0 or hi < len(forms)):
        lo, hi = max(lo - 1, 0), min(hi + 1, len(forms))
    text = " ".join(forms[lo:hi])
    return ("… " if lo > 0 else "") + text + (" …" if hi < len(forms) else "")


def kl_divergence(local: Counter[str], global_: Counter[str]) -> float:
    """KL(local || global) in nats; both are raw counts over values."""
    lt = sum(local.values())
    gt = sum(global_.values())
    kl = 0.0
    for v, c in local.items():
        p = c / lt
        q = global_.get(v, 0.0) / gt
        if p > 0:
            # a local value never seen globally cannot happen (local is a subset); guard anyway
            kl += p * math.log(p / max(q, 1e-12))
    return kl


def allowed_values(local: Counter[str], options: ExtractOptions) -> tuple[tuple[str, ...], float]:
    """The most frequent local values covering ``allowed_coverage``, and the share they cover."""
    total = sum(local.values())
    chosen: list[str] = []
    covered = 0.0
    for value, count in sorted(local.items(), key=lambda kv: (-kv[1], kv[0])):
        share = count / total
        if share < options.min_value_share:
            break
        chosen.append(value)
        covered += share
        if covered >= options.allowed_coverage:
            break
    return tuple(sorted(chosen)), covered


#: ((dep UPOS, head UPOS, relation), feature), support, share
_Candidate = tuple[tuple[tuple[str, str, str], str], int, float]


def _agree_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    candidates: list[_Candidate] = []
    # the declension rule is measured apart: it must not push others out of coverage
    decl: list[_Candidate] = []
    for key, total in stats.agree_total.items():
        share = stats.agree_ok[key] / total
        if total >= options.min_count and share > options.agree_threshold:
            (decl if key[1] == "AdjDecl" else candidates).append((key, total, share))
    candidates.sort(key=lambda c: (-c[1], c[0]))
    grand = sum(c[1] for c in candidates)
    rules = []
    covered = 0
    kept = []
    for c in candidates:
        if grand and covered >= options.agree_coverage * grand:
            # past the coverage cut, only the agreement of a noun's determiners and modifiers
            # and of a verb's subject is kept: the relations the precise checker can prove
            if c[0][0][2].split("@")[0] in _CORE_AGREEMENT:
                kept.append(c)
            continue
        covered += c[1]
        kept.append(c)
    kept += _perfect_small(stats, options, candidates)
    for (triple, f), total, share in kept + sorted(decl, key=lambda c: (-c[1], c[0])):
        x, y, d = triple
        rules.append(Rule(
            id=rule_id("agree", x, y, d, f), type="agree", dep_upos=x, head_upos=y, relation=d,
            feature=f, side="both", support=total, share=share,
            examples=tuple(stats.agree_examples.get((triple, f), [])),
            example=stats.marked.get(("agree", triple, f), ""),
            explanation=(_DECL_EXPLANATION if f == "AdjDecl" else
                         f"A {x} attached to a {y} by '{d}' agrees with it in {f}")
            + f" ({100 * share:.0f} % of {total:,} cases in the treebank).",
        ))
    return rules


def _perfect_small(stats: _Stats, options: ExtractOptions, candidates: list[_Candidate]
                   ) -> list[_Candidate]:
    """Agreements below ``min_count`` that never fail over ``perfect_min_count`` arcs or more,
    where a sibling is a candidate: the same arcs agree in another feature, or the same relation
    agrees in the same feature with another dependent or head class (a pronoun subject of a
    predicate adjective, beside the noun subjects; a rare relation of a small treebank)."""
    triples = {c[0][0] for c in candidates}
    relations = {(base_relation(t[2]), f, side) for (t, f), _n, _s in candidates
                 for side in (t[0], "*" + t[1])}
    out = []
    for key, total in sorted(stats.agree_total.items(), key=lambda kv: (-kv[1], kv[0])):
        (x, y, d), f = key
        rel = base_relation(d)
        if not options.perfect_min_count or f == "AdjDecl" or rel not in _SMALL_SAMPLE \
                or not options.perfect_min_count <= total < options.min_count \
                or stats.agree_ok[key] < total:
            continue
        if (x, y, d) in triples or (rel, f, x) in relations or (rel, f, "*" + y) in relations:
            out.append((key, total, 1.0))
    return out


#: relations whose agreement a small sample may prove (``_perfect_small``)
_SMALL_SAMPLE = ("det", "mod", "subj", "comp:pred")
#: agreement relations kept whatever their frequency (see ``_agree_rules``)
_CORE_AGREEMENT = ("det", "mod", "subj")

_DECL_EXPLANATION = (
    "An attributive adjective takes the ending its determiner demands: weak after der, dieser, "
    "einem, keine... (der alte Mann), strong with no determiner or after ein, kein, mein without "
    "an ending (alter Wein, ein alter Mann)")


def _as_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    rules = []
    side: Side
    for (side_name, triple, f), local in sorted(stats.local_dist.items()):
        side = "dep" if side_name == "dep" else "head"
        support = round(sum(local.values()))
        if support < options.min_count:
            continue
        x, y, d = triple
        upos = x if side == "dep" else y
        kl = kl_divergence(local, stats.global_dist[(upos, f)])
        if kl <= options.kl_threshold:
            continue
        allowed, covered = allowed_values(local, options)
        glob = stats.global_dist[(upos, f)]
        gtotal = sum(glob.values())
        common = {v for v, c in glob.items() if c / gtotal >= options.min_value_share}
        if common <= set(allowed):
            continue  # allows every common value: it would never fire
        examples = [sid for sid, vals in stats.local_examples.get((side, triple, f), [])
                    if vals & set(allowed)]
        examples = list(dict.fromkeys(examples))[: options.max_examples]
        role = f"a {x} attached to a {y} by '{d}'" if side == "dep" else \
            f"a {y} that has a {x} attached by '{d}'"
        rules.append(Rule(
            id=rule_id("as", x, y, d, f, side), type="as", dep_upos=x, head_upos=y, relation=d,
            feature=f, side=side, allowed=allowed, support=support, share=covered, kl=kl,
            examples=tuple(examples),
            example=stats.marked.get((examples[0] + side, triple, f), "") if examples else "",
            explanation=(f"{role[0].upper()}{role[1:]} has {f}="
                         f"{' or '.join(allowed)} ({100 * covered:.0f} % of {support:,} cases)."),
        ))
    return rules


# ---------------------------------------------------------------- conditions and exceptions
#
# Agreement rules learn *where* they hold, as Chaudhary et al. (EMNLP 2020) learn agreement conditions
# with decision trees over the other features of the two words. Here the tree is a search for the best
# path of depth 1 or 2: each node tests one key (``dep.Number``, ``head.Tense``; ``dep.lemma`` or
# ``head.lemma`` for closed classes) against a set of values. The instances of an agreement candidate
# are its arcs where at least one end carries the feature; the rule *holds* on one when both ends
# carry it and agree. So a context where one end regularly lacks the feature (German plural
# determiners have no gender) counts against the rule there, as disagreement does.


@dataclass(frozen=True)
class _Item:
    """One arc seen by a rule: the keys it offers to conditions, and whether the rule holds."""

    arc: _Arc
    keys: dict[str, frozenset[str]]
    holds: bool
    both: bool  # both ends carry the feature: the paper's instance of an agreement rule


def _keys(dep: Word, head: Word, skip: str, lemma_upos: tuple[str, ...]) -> dict[str, frozenset[str]]:
    keys: dict[str, frozenset[str]] = {}
    for end, w in (("dep", dep), ("head", head)):
        for name, value in w.feats.items():
            if name != skip and value:
                keys[f"{end}.{name}"] = frozenset(value.split(","))
        if w.upos in lemma_upos and w.lemma not in ("", "_"):
            keys[f"{end}.lemma"] = frozenset({w.lemma.casefold()})
    return keys


def _agree_items(arcs: list[_Arc], feature: str, options: ExtractOptions) -> list[_Item]:
    items = []
    for a in arcs:
        dv, hv = a.dep.feat_values(feature), a.head.feat_values(feature)
        if dv or hv:
            items.append(_Item(a, _keys(a.dep, a.head, feature, options.condition_lemma_upos),
                               bool(dv & hv), bool(dv and hv)))
    return items


def _in(item: _Item, when: Conditions) -> bool:
    return all(item.keys.get(k, frozenset()) & set(vals) for k, vals in when)


def _share(items: list[_Item]) -> float:
    return sum(i.holds for i in items) / len(items) if items else 0.0


@dataclass
class _Condition:
    when: Conditions
    inside: list[_Item]
    outside: list[_Item]

    @property
    def score(self) -> int:
        return sum(i.holds for i in self.inside)


def _split(items: list[_Item], when: Conditions) -> _Condition:
    inside: list[_Item] = []
    outside: list[_Item] = []
    for it in items:
        (inside if _in(it, when) else outside).append(it)
    return _Condition(when, inside, outside)


def _splits(items: list[_Item], threshold: float, options: ExtractOptions,
            skip: str = "") -> list[tuple[str, tuple[str, ...]]]:
    """Per key, the (frequent) values under which the rule holds at least ``threshold`` of the
    time. A key all of whose frequent values qualify would only test that a feature is present:
    skipped."""
    counts: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for it in items:
        for k, vals in it.keys.items():
            for v in vals:
                c = counts[k][v]
                c[0] += 1
                c[1] += it.holds
    out = []
    for key, values in sorted(counts.items()):
        if key == skip:
            continue
        frequent = {v: c for v, c in values.items() if c[0] >= options.condition_min_value_count}
        good = tuple(sorted(v for v, (n, h) in frequent.items() if h / n >= threshold))
        if good and len(good) < len(frequent):
            out.append((key, good))
    return out


def _kappa(items: list[_Item], feature: str) -> float:
    """Chance-corrected agreement in ``feature`` over arcs where both ends carry it."""
    dep_dist: Counter[str] = Counter()
    head_dist: Counter[str] = Counter()
    for it in items:
        _add_values(dep_dist, it.arc.dep.feat_values(feature))
        _add_values(head_dist, it.arc.head.feat_values(feature))
    n = len(items)
    chance = sum((c / n) * (head_dist.get(v, 0.0) / n) for v, c in dep_dist.items())
    share = sum(i.holds for i in items) / n
    # agreement that chance alone guarantees (both ends always have one value) says nothing
    return 0.0 if chance >= 1.0 - 1e-9 else (share - chance) / (1.0 - chance)


def _admissible(cond: _Condition, base: float, feature: str, options: ExtractOptions,
                create: bool) -> bool:
    both = [i for i in cond.inside if i.both]
    if len(both) < options.min_count or len(cond.outside) < options.condition_min_outside:
        return False
    share_in = _share(cond.inside)
    if share_in < options.condition_share or share_in - base < options.condition_gain:
        return False
    if _share(cond.outside) > options.condition_outside_share:
        return False
    if create:
        if len(both) < max(options.min_count, options.create_min_support) * len(cond.when):
            return False
        agree = sum(i.holds for i in both) / len(both)
        return agree >= options.create_share and _kappa(both, feature) >= options.create_kappa
    return True


def learn_condition(items: list[_Item], feature: str, options: ExtractOptions,
                    create: bool = False) -> _Condition | None:
    """The best admissible condition (depth 1, else depth 2) under which the rule holds, or None.

    Best: the most arcs where the rule holds inside. A two-key path must keep 10 % more of them than
    the best one-key condition, and a condition on lemmas 10 % more than the best one on features
    only (features generalise to words the treebank lacks; lemma lists do not)."""
    if not items:
        return None
    base = _share(items)
    found = [c for key, vals in _splits(items, options.condition_share, options)
             if _admissible(c := _split(items, ((key, vals),)), base, feature, options, create)]
    for key, vals in _splits(items, base + options.condition_gain, options):
        first = _split(items, ((key, vals),))
        for key2, vals2 in _splits(first.inside, options.condition_share, options, skip=key):
            c = _split(items, tuple(sorted(((key, vals), (key2, vals2)))))
            if _admissible(c, base, feature, options, create):
                found.append(c)

    def best(cands: list[_Condition]) -> _Condition | None:
        ones = [c for c in cands if len(c.when) == 1]
        twos = [c for c in cands if len(c.when) == 2]
        rank = lambda c: (c.score, -sum(len(v) for _, v in c.when), c.when)  # noqa: E731
        one, two = max(ones, key=rank, default=None), max(twos, key=rank, default=None)
        if two is not None and (one is None or two.score > 1.1 * one.score):
            return two
        return one

    by_features = best([c for c in found if not any(k.endswith(".lemma") for k, _ in c.when)])
    with_lemmas = best(found)
    if with_lemmas is not None and (by_features is None
                                    or with_lemmas.score > 1.1 * by_features.score):
        return with_lemmas
    return by_features


def lemma_exceptions(items: list[_Item], options: ExtractOptions) -> dict[str, Stat]:
    """Lemmas on whose arcs the rule holds at most ``exception_max_share`` of the time, with at
    least ``exception_min_count`` arcs: of the dependent, or of a head that is not a noun or pronoun
    (a noun fails beside its indeclinable modifiers, it is not one). Greedy: the lemma with the most
    failures is taken first and its arcs set aside, so that a lemma failing only beside another
    exception does not become one itself.

    A word without the feature fails the rule (a German indeclinable quantifier, the impersonal
    pronoun); but when that gives more than ``exception_max_lemmas`` lemmas, the feature is missing
    systematically (Turkish adjectives have no Person), not lexically: then only arcs with the
    feature on both ends count."""
    found = _greedy_exceptions(items, options)
    if len(found) > options.exception_max_lemmas:
        found = _greedy_exceptions([i for i in items if i.both], options)
    keep = sorted(found, key=lambda lem: -found[lem].support * (1 - found[lem].share))
    return {lem: found[lem] for lem in sorted(keep[: options.exception_max_lemmas])}


def _greedy_exceptions(items: list[_Item], options: ExtractOptions) -> dict[str, Stat]:
    found: dict[str, Stat] = {}
    rest = items
    while True:
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for it in rest:
            ends = [it.arc.dep] if it.arc.head.upos in _CONTROLLERS else [it.arc.dep, it.arc.head]
            for lemma in {w.lemma for w in ends} - {"", "_"}:
                c = counts[lemma]
                c[0] += 1
                c[1] += it.holds
        bad = [(n - h, lemma, n, h) for lemma, (n, h) in counts.items()
               if n >= options.exception_min_count and h / n <= options.exception_max_share]
        if not bad:
            return found
        _, lemma, n, h = max(bad)
        found[lemma] = Stat(n, h / n)
        rest = [it for it in rest if lemma not in (it.arc.dep.lemma, it.arc.head.lemma)]


def _exempt(item: _Item, lemmas: dict[str, Stat] | frozenset[str]) -> bool:
    return item.arc.dep.lemma in lemmas or item.arc.head.lemma in lemmas


def _describe_when(when: Conditions, dep: str, head: str) -> str:
    parts = []
    for key, vals in when:
        end, _, what = key.partition(".")
        word = dep if end == "dep" else head
        if what == "lemma":
            parts.append(f"the {word} is {' or '.join(vals)}")
        else:
            parts.append(f"the {word} has {what}={' or '.join(vals)}")
    return " and ".join(parts)


def _refine_agreement(rule: Rule, items: list[_Item], options: ExtractOptions,
                      create: bool = False) -> Rule | None:
    """The rule with its learned condition and lemma exceptions (None: ``create`` found none)."""
    first = lemma_exceptions(items, options)
    cond = None
    if options.learn_conditions:
        cond = learn_condition([i for i in items if not _exempt(i, first)], rule.feature, options,
                               create)
    if create and cond is None:
        return None
    when: Conditions = cond.when if cond else ()
    inside = [i for i in items if _in(i, when)]
    outside = [i for i in items if not _in(i, when)]
    exceptions = lemma_exceptions(inside, options)
    kept = [i for i in inside if i.both and not _exempt(i, exceptions)]
    if not kept:
        return None
    share = sum(i.holds for i in kept) / len(kept)
    examples = list(dict.fromkeys(i.arc.sid for i in kept if i.holds))[: options.max_examples]
    marked = next((_mark(i.arc.sent, i.arc.dep.id, i.arc.head.id) for i in kept if i.holds), "")
    x, y, d, f = rule.dep_upos, rule.head_upos, rule.relation, rule.feature
    where = f" when {_describe_when(when, x, y)}" if when else ""
    head = _DECL_EXPLANATION if f == "AdjDecl" else f"A {x} attached to a {y} by '{d}' agrees with it in {f}"
    explanation = f"{head}{where} ({100 * share:.0f} % of {len(kept):,} cases in the treebank"
    if when:
        explanation += f"; elsewhere it holds in {100 * _share(outside):.0f} % of {len(outside):,}"
    explanation += ")."
    return replace(
        rule, when=when, support=len(kept), share=share,
        outside=Stat(len(outside), _share(outside)) if when else None,
        except_lemmas=frozenset(exceptions), exceptions=tuple(exceptions.items()),
        examples=tuple(examples) or rule.examples, example=marked or rule.example,
        explanation=explanation,
    )


def _conditioned_agreement(base: list[Rule], stats: _Stats, options: ExtractOptions) -> list[Rule]:
    """Each base rule with its condition and exceptions, then the rules that only a condition
    makes: candidates that agree too rarely overall (<= ``agree_threshold``) but well above it
    under some condition."""
    rules = []
    for rule in base:
        triple = (rule.dep_upos, rule.head_upos, rule.relation)
        refined = _refine_agreement(rule, _agree_items(stats.arcs[triple], rule.feature, options),
                                    options)
        rules.append(refined or rule)
    if not options.learn_conditions:
        return rules
    have = {r.id for r in rules}
    created = []
    for (triple, f), total in sorted(stats.agree_total.items(), key=lambda kv: (-kv[1], kv[0])):
        x, y, d = triple
        rid = rule_id("agree", x, y, d, f)
        if rid in have or total < options.min_count:
            continue
        if stats.agree_ok[(triple, f)] / total > options.agree_threshold:
            continue  # dropped by frequency (the paper's 80 % coverage), not by its share
        stub = Rule(id=rid, type="agree", dep_upos=x, head_upos=y, relation=d, feature=f)
        made = _refine_agreement(stub, _agree_items(stats.arcs[triple], f, options), options,
                                 create=True)
        if made is not None:
            created.append(made)
    return rules + created


def _as_items(arcs: list[_Arc], rule: Rule) -> list[_Item]:
    items = []
    for a in arcs:
        target = a.dep if rule.side == "dep" else a.head
        vals = target.feat_values(rule.feature)
        if vals:
            items.append(_Item(a, {}, bool(vals & set(rule.allowed)), True))
    return items


def _with_as_exceptions(rule: Rule, stats: _Stats, options: ExtractOptions) -> Rule:
    """An assignment rule with the lemmas (either end) on which it fails most of the time."""
    items = _as_items(stats.arcs[(rule.dep_upos, rule.head_upos, rule.relation)], rule)
    exceptions = lemma_exceptions(items, options)
    if not exceptions:
        return rule
    return replace(rule, except_lemmas=frozenset(exceptions), exceptions=tuple(exceptions.items()))


# ---------------------------------------------------------------- government
#
# An assignment rule per head lemma: the case a preposition governs, the case of a verb's object,
# the verb form an auxiliary selects (``government_heads`` x ``government_relations`` x
# ``government_features``). Evidence for a lemma is pooled over the dependents' word classes (a
# preposition governs the case of its noun, pronoun or determiner alike). A lemma enters when it
# has ``government_min_count`` arcs, its most frequent values (each in ``government_min_value_count``
# sentences and >= ``min_value_share``) cover ``government_purity`` of them, they are at most half
# of the feature's common values (a head that allows most cases governs none), and the lemma is
# mostly tagged as that head (the German comparative particle is tagged ADP now and then). A
# word class whose own arcs contradict the pooled evidence leaves the lemma out of its rule.
# Lemmas with the same allowed values form one rule, written when it says more than the general
# rule of the triple: for closed-class heads (ADP, AUX) any other set; for a verb only when its
# object is mostly outside what the general rule allows (a Turkish verb of mentioning that takes
# the ablative), never a narrower set, since any object may turn genitive under negation
# (Russian). A linguist's review (``government_also_allowed``) can add values the treebank is too
# small to attest.


_NOMINAL = frozenset({"ADJ", "DET", "NOUN", "NUM", "PRON", "PROPN"})


def _governs(dep_upos: str, relation: str, feature: str) -> bool:
    """Whether a head governs ``feature`` of a dependent of this class by this relation: the case
    of a nominal object, the form of a verb."""
    if feature == "Case":
        return dep_upos in _NOMINAL and relation != "comp:aux"
    return dep_upos in ("AUX", "VERB")


def _governed(dist: Counter[str], options: ExtractOptions,
              seen_in: dict[tuple[str, str, str, str, str], set[str]],
              key: tuple[str, str, str, str]) -> tuple[tuple[str, ...], float]:
    """A governor's allowed values: the most frequent ones until they cover ``government_purity``;
    a value seen in fewer than ``government_min_value_count`` sentences or below ``min_value_share``
    is noise and counts against the purity. Returns the values and the share they cover."""
    total = sum(dist.values())
    chosen: list[str] = []
    covered = 0.0
    for value, count in sorted(dist.items(), key=lambda kv: (-kv[1], kv[0])):
        if count / total < options.min_value_share or \
                len(seen_in[(*key, value)]) < options.government_min_value_count:
            continue
        chosen.append(value)
        covered += count / total
        if covered >= options.government_purity:
            break
    return tuple(sorted(chosen)), covered


def _government_rules(stats: _Stats, options: ExtractOptions, base: dict[str, Rule]) -> list[Rule]:
    """Assignment rules per head lemma; ``base``: the assignment rules without conditions, by id."""
    excluded = {lem.casefold() for lem in options.government_exclude}
    also = {lem.casefold(): set(vals) for lem, vals in options.government_also_allowed.items()}
    known: dict[str, set[str]] = defaultdict(set)  # feature -> its values in the treebank
    for (_, feat), dist in stats.global_dist.items():
        known[feat] |= set(dist)
    # (head UPOS, relation, feature) -> lemma -> value -> weight
    pooled: dict[tuple[str, str, str], dict[str, Counter[str]]] = defaultdict(
        lambda: defaultdict(Counter))
    surface: dict[str, Counter[str]] = defaultdict(Counter)  # casefolded -> treebank spellings
    # (head UPOS, relation, feature, lemma, value) -> sentences it was seen in
    seen_in: dict[tuple[str, str, str, str, str], set[str]] = defaultdict(set)
    for (_, y, d), arcs in stats.arcs.items():
        if y not in options.government_heads or d not in options.government_relations:
            continue
        for a in arcs:
            lemma = a.head.lemma.casefold()
            if lemma in ("", "_"):
                continue
            surface[lemma][a.head.lemma] += 1
            for f in options.government_features:
                vals = a.dep.feat_values(f) if _governs(a.dep.upos, d, f) else frozenset()
                if vals:
                    _add_values(pooled[(y, d, f)][lemma], vals)
                    for v in vals:
                        seen_in[(y, d, f, lemma, v)].add(a.sid)
    rules = []
    side: Side = "dep"
    for (x, y, d), arcs in sorted(stats.arcs.items()):
        if y not in options.government_heads or d not in options.government_relations:
            continue
        for f in options.government_features:
            if f not in options.as_features or not _governs(x, d, f):
                continue
            local = stats.local_dist.get(("dep", (x, y, d), f))
            if not local or sum(local.values()) < options.min_count:
                continue
            per_lemma: dict[str, Counter[str]] = defaultdict(Counter)
            for a in arcs:
                vals = a.dep.feat_values(f)
                if vals:
                    _add_values(per_lemma[a.head.lemma.casefold()], vals)
            base_rule = base.get(rule_id("as", x, y, d, f, side))
            base_allowed = set(base_rule.allowed if base_rule else allowed_values(local, options)[0])
            glob = stats.global_dist[(x, f)]
            common = {v for v, c in glob.items() if c / sum(glob.values()) >= options.min_value_share}
            # allowed values -> (lemma, its evidence, values added on review)
            groups: dict[tuple[str, ...], list[tuple[str, Stat, set[str]]]] = defaultdict(list)
            for lemma, dist in sorted(pooled[(y, d, f)].items()):
                n = sum(dist.values())
                if n < options.government_min_count or lemma in excluded:
                    continue
                tags = stats.lemma_upos[lemma]
                if tags[y] < options.government_upos_share * sum(tags.values()):
                    continue
                allowed, purity = _governed(dist, options, seen_in, (y, d, f, lemma))
                if purity < options.government_purity:
                    continue
                added = also.get(lemma, set()) & known[f] - set(allowed)
                allowed = tuple(sorted(set(allowed) | added))
                if common <= set(allowed) or len(allowed) > (len(common) + 1) // 2:
                    continue  # a head that allows most values governs nothing
                mine = per_lemma.get(lemma, Counter())
                m = sum(mine.values())
                if m >= options.government_min_count and \
                        sum(mine[v] for v in allowed) / m < options.government_purity:
                    continue  # this word class contradicts the pooled evidence
                if y in CLOSED_CLASSES:
                    if base_rule is not None and set(allowed) == base_allowed:
                        continue  # the rule for all such heads says as much
                elif dist.most_common(1)[0][0] in base_allowed:
                    continue  # an open-class head: only where the general rule is mostly wrong
                groups[allowed].append((lemma, Stat(round(n), purity), added))
            for allowed, members in sorted(groups.items()):
                lemmas = [lem for lem, _, _ in members]
                support_dist: Counter[str] = Counter()
                for lem in lemmas:
                    support_dist.update(per_lemma.get(lem, Counter()))
                support = round(sum(support_dist.values()))
                if support < options.government_min_count:
                    continue
                share = sum(support_dist[v] for v in allowed) / sum(support_dist.values())
                if share < options.government_share:
                    continue
                names = [surface[lem].most_common(1)[0][0] for lem in lemmas]
                when: Conditions = (("head.lemma", tuple(names)),)
                hits = [a for a in arcs if a.head.lemma.casefold() in lemmas
                        and a.dep.feat_values(f) & set(allowed)]
                examples = list(dict.fromkeys(a.sid for a in hits))[: options.max_examples]
                kl = kl_divergence(support_dist, stats.global_dist[(x, f)])
                explanation = (f"A {x} attached by '{d}' to the {y} {', '.join(names)} has "
                               f"{f}={' or '.join(allowed)} ({100 * share:.0f} % of "
                               f"{support:,} cases).")
                reviewed = [f"{name} +{'/'.join(sorted(add))}"
                            for name, (_, _, add) in zip(names, members, strict=True) if add]
                if reviewed:
                    explanation += (f" Added on review (too rare in the treebank): "
                                    f"{', '.join(reviewed)}.")
                rules.append(Rule(
                    id=rule_id("as", x, y, d, f, side, allowed, when), type="as", dep_upos=x,
                    head_upos=y, relation=d, feature=f, side=side, allowed=allowed,
                    support=support, share=share, kl=kl, when=when,
                    evidence=tuple((name, st) for name, (_, st, _) in zip(names, members, strict=True)),
                    examples=tuple(examples),
                    example=_mark(hits[0].sent, hits[0].dep.id, hits[0].head.id) if hits else "",
                    explanation=explanation,
                ))
    return rules


#: the objects a reviewed case frame constrains: nouns and pronouns (a name's case is rarely
#: visible), by the relations SUD gives a verb's nominal objects
_FRAME_DEPS = ("NOUN", "PRON")
_FRAME_RELATIONS = ("comp:obj", "comp:obl")


def _reviewed_rule(options: ExtractOptions, dep: str, head: str, rel: str, feature: str,
                   side: Side, allowed: tuple[str, ...], when: Conditions, hits: list[_Arc],
                   support: int, share: float, explanation: str, **extra: Any) -> Rule:
    """A rule from a linguist's review (case frames, verbs of position, counted nouns): the
    treebank arcs it holds on are its examples, however few."""
    return Rule(
        id=rule_id("as", dep, head, rel, feature, side, allowed, when), type="as", dep_upos=dep,
        head_upos=head, relation=rel, feature=feature, side=side, allowed=allowed,
        support=support, share=share, kl=None, when=when,
        examples=tuple(dict.fromkeys(a.sid for a in hits))[: options.max_examples],
        example=_mark(hits[0].sent, hits[0].dep.id, hits[0].head.id) if hits else "",
        explanation=explanation, **extra)


#: a reviewed frame is left out when the treebank has at least this many objects of the verb...
_CONTRADICTING_ARCS = 3
#: ...and fewer than this share of them has a case of the frame: the frame is one sense of the
#: verb (a Russian verb meaning to betray with a dative object, to change with an accusative one),
#: so it proves nothing
_CONTRADICTING_SHARE = 0.5


def _frame_deps(options: ExtractOptions) -> tuple[str, ...]:
    """The dependents' classes a reviewed case frame constrains."""
    return (*_FRAME_DEPS, "VERB") if options.frame_verbal_nouns else _FRAME_DEPS


def _contradicted(stats: _Stats, lemma: str, cases: set[str], options: ExtractOptions) -> bool:
    """Whether the treebank's objects of ``lemma`` mostly have another case than its reviewed
    frame allows."""
    folded = lemma.casefold()
    n = hit = 0
    for x in _frame_deps(options):
        for d in _FRAME_RELATIONS:
            for a in stats.arcs.get((x, "VERB", d), ()):
                found = a.dep.feat_values("Case")
                if a.head.lemma.casefold() == folded and found:
                    n += 1
                    hit += bool(found & cases)
    return n >= _CONTRADICTING_ARCS and hit / n < _CONTRADICTING_SHARE


def _case_frame_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    """Government rules for the verbs of ``case_frames`` (a linguist's review), one per dependent
    class, relation and case set; 'evidence' gives each verb's arcs in the treebank and the share
    that has an allowed case (0 arcs where the treebank never has the verb with an object)."""
    kept = {lemma for lemma, cases in options.case_frames.items()
            if not _contradicted(stats, lemma, set(cases), options)}
    by_cases: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for lemma, cases in sorted(options.case_frames.items()):
        if lemma in kept:
            by_cases[tuple(sorted(cases))].append(lemma)
    rules = []
    for allowed, lemmas in sorted(by_cases.items()):
        # an accusative frame (or one of the accusative and the unmarked nominative object)
        # constrains the objects only: a bare noun phrase that is an adverbial ('comp:obl')
        # takes any case (a phrase of time in the genitive or accusative)
        relations = ("comp:obj",) if set(allowed) <= {"Acc", "Nom"} else _FRAME_RELATIONS
        rules += _frame_group(stats, options, allowed, lemmas, _frame_deps(options), relations)
    persons: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for lemma, cases in sorted(options.person_frames.items()):
        if lemma in kept:  # (a frame the treebank contradicts has no person frame either)
            persons[tuple(sorted(cases))].append(lemma)
    for allowed, lemmas in sorted(persons.items()):
        rules += [replace(r, id=f"{r.id}.personal")
                  for r in _frame_group(stats, options, allowed, lemmas, ("PRON",),
                                        _FRAME_RELATIONS, _FIRST_SECOND_PERSON)]
    return rules


#: the persons whose pronouns are always a person (a frame's person, a postposition's pronoun)
_FIRST_AND_SECOND = ("1", "2")
#: the condition of a person frame: a pronoun of the first or second person
_FIRST_SECOND_PERSON: Conditions = (("dep.Person", _FIRST_AND_SECOND),)


def _frame_group(stats: _Stats, options: ExtractOptions, allowed: tuple[str, ...],
                 lemmas: list[str], deps: tuple[str, ...], relations: tuple[str, ...],
                 conditions: Conditions = ()) -> list[Rule]:
    """The rules of the verbs ``lemmas`` whose objects of the classes ``deps`` take the cases
    ``allowed`` (``conditions``: further conditions on the object)."""
    rules = []
    side: Side = "dep"
    folded = {lem.casefold(): lem for lem in lemmas}
    required = dict(conditions)
    for x in deps:
        for d in relations:
            arcs = [a for a in stats.arcs.get((x, "VERB", d), ())
                    if a.head.lemma.casefold() in folded and a.dep.feat_values("Case")
                    and all(set(vs) & a.dep.feat_values(k.split(".", 1)[1])
                            for k, vs in required.items())]
            per: dict[str, Counter[str]] = defaultdict(Counter)
            for a in arcs:
                _add_values(per[folded[a.head.lemma.casefold()]], a.dep.feat_values("Case"))
            total = sum(sum(c.values()) for c in per.values())
            hits = [a for a in arcs if a.dep.feat_values("Case") & set(allowed)]
            share = len(hits) / len(arcs) if arcs else 1.0
            when: Conditions = (("head.lemma", tuple(lemmas)), *conditions)
            evidence = tuple(
                (lem, Stat(round(sum(per[lem].values())),
                           round(sum(per[lem][v] for v in allowed) / sum(per[lem].values()), 4)
                           if per[lem] else 1.0))
                for lem in lemmas)
            who = f"A {x} of the first or second person" if conditions else f"A {x}"
            rules.append(_reviewed_rule(
                options, x, "VERB", d, "Case", side, allowed, when, hits, round(total), share,
                explanation=(f"{who} attached by '{d}' to the verb {', '.join(lemmas)} has "
                             f"Case={' or '.join(allowed)}: the verb's case frame, added on "
                             f"review ({len(hits)} of {len(arcs)} such arcs in the treebank)."),
                evidence=evidence))
    return rules


def _merge_frames(rules: list[Rule], frames: list[Rule]) -> list[Rule]:
    """``rules`` with the reviewed case frames added: a frame with the id of a government rule
    learned from the treebank (the same class, relation and cases) adds its verbs to that
    rule's lemmas and evidence."""
    out = list(rules)
    index = {r.id: i for i, r in enumerate(out)}
    for f in frames:
        if f.id not in index:
            out.append(f)
            continue
        i = index[f.id]
        learned = out[i]
        have = dict(learned.when).get("head.lemma", ())
        added = tuple(lem for lem in dict(f.when)["head.lemma"] if lem not in have)
        if not added:
            continue
        when = tuple((k, (*v, *added)) if k == "head.lemma" else (k, v) for k, v in learned.when)
        out[i] = replace(learned, when=when,
                         evidence=learned.evidence + tuple(e for e in f.evidence if e[0] in added),
                         explanation=(f"{learned.explanation} Added on review, the verbs' case "
                                      f"frame: {', '.join(added)}."))
    return out


def _infinitive_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    """The government rule of ``infinitive_verbs``: a verb hung on one as its object is an
    infinitive; the treebank's arcs are its evidence."""
    if not options.infinitive_verbs:
        return []
    verbs = tuple(sorted(options.infinitive_verbs))
    folded = {v.casefold() for v in verbs}
    allowed = ("Inf",)
    arcs = [a for a in stats.arcs.get(("VERB", "VERB", "comp:obj"), ())
            if a.head.lemma.casefold() in folded and a.dep.feat_values("VerbForm")]
    hits = [a for a in arcs if a.dep.feat_values("VerbForm") & set(allowed)]
    share = len(hits) / len(arcs) if arcs else 1.0
    per: dict[str, list[bool]] = defaultdict(list)
    for a in arcs:
        per[a.head.lemma.casefold()].append(a in hits)
    seen = [(v, per[v.casefold()]) for v in verbs]
    evidence = tuple((v, Stat(len(got), round(sum(got) / len(got), 4) if got else 1.0))
                     for v, got in seen)
    return [_reviewed_rule(
        options, "VERB", "VERB", "comp:obj", "VerbForm", "dep", allowed,
        (("head.lemma", verbs),), hits, len(arcs), share,
        explanation=(f"A VERB attached by 'comp:obj' to the verb {', '.join(verbs[:6])}... has "
                     f"VerbForm=Inf: added on review ({len(hits)} of {len(arcs)} such arcs in "
                     f"the treebank)."), evidence=evidence)]


def _governor_frame_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    """Government rules for the reviewed frames of ``governor_frames``: a preposition's object
    takes these cases when the preposition hangs on one of these verbs; 'evidence' gives each
    verb's arcs in the treebank and the share with an allowed case."""
    rules = []
    side: Side = "dep"
    for verbs, preps, cases in options.governor_frames:
        allowed = tuple(sorted(cases))
        vset, pset = {v.casefold() for v in verbs}, {p.casefold() for p in preps}
        for x in _FRAME_DEPS:
            arcs = [a for a in stats.arcs.get((x, "ADP", "comp:obj"), ())
                    if a.head.lemma.casefold() in pset and a.head.head
                    and a.sent.word(a.head.head).lemma.casefold() in vset
                    and a.dep.feat_values("Case")]
            hits = [a for a in arcs if a.dep.feat_values("Case") & set(allowed)]
            per: dict[str, list[bool]] = defaultdict(list)
            for a in arcs:
                per[a.sent.word(a.head.head).lemma.casefold()].append(a in hits)
            when: Conditions = (("head.lemma", tuple(preps)), ("governor.lemma", tuple(verbs)))
            evidence = tuple((v, Stat(len(per[v]), round(sum(per[v]) / len(per[v]), 4)
                                      if per[v] else 1.0)) for v in verbs)
            rules.append(_reviewed_rule(
                options, x, "ADP", "comp:obj", "Case", side, allowed, when, hits, len(arcs),
                len(hits) / len(arcs) if arcs else 1.0,
                explanation=(f"A {x} after {', '.join(preps)} on the verb {', '.join(verbs)} has "
                             f"Case={' or '.join(allowed)}: a verb of position, added on review "
                             f"({len(hits)} of {len(arcs)} such arcs in the treebank)."),
                evidence=evidence))
    return rules


def _numeral_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    """The reviewed rules of ``counted_nouns``: a noun counted by these numerals takes this value
    (the numeral tagged NUM or DET, as determiner or modifier); the treebank's arcs are their
    evidence."""
    rules = []
    side: Side = "head"
    for nums, feature, value, nouns, forms in options.counted_nouns:
        folded = {n.casefold() for n in nums}
        allowed = tuple(value.split("+"))  # "Nom+Acc": either
        when: Conditions = (("dep.lemma", tuple(nums)),)
        for x in ("NUM", "DET"):
            for d in ("det", "mod"):
                arcs = [a for a in stats.arcs.get((x, "NOUN", d), ())
                        if a.dep.lemma.casefold() in folded and a.head.feat_values(feature)
                        and a.head.lemma not in nouns and a.dep.form.lower() not in forms]
                if not arcs and d == "mod":
                    continue  # (the determiner rule is kept without arcs: taggers say DET too)
                hits = [a for a in arcs if set(allowed) & set(a.head.feat_values(feature))]
                left_out = ", ".join(nouns[:4]) + ("..." if len(nouns) > 4 else "")
                rules.append(_reviewed_rule(
                    options, x, "NOUN", d, feature, side, allowed, when, hits, len(arcs),
                    len(hits) / len(arcs) if arcs else 1.0,
                    explanation=(f"A NOUN counted by {', '.join(nums[:4])}... has {feature}="
                                 f"{' or '.join(allowed)}"
                                 + (f" (but {left_out})" if nouns else "")
                                 + f": added on review ({len(hits)} of {len(arcs)} such arcs in "
                                   f"the treebank)."),
                    except_lemmas=frozenset(nouns), except_forms=frozenset(forms)))
    return rules


#: a reviewed head agreement is extracted for a dependent class and head class with at least
#: this many arcs in the treebank, per value of the dependent's feature
_HEAD_AGREEMENT_MIN = 5


def _head_agreement_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    """The reviewed rules of ``head_agreement``; the treebank's arcs are their evidence."""
    rules = []
    side: Side = "head"
    for rel, case, dep_feature, head_feature in options.head_agreement:
        for (x, y, d), all_arcs in sorted(stats.arcs.items()):
            if d != base_relation(rel):
                continue
            arcs = [a for a in all_arcs if relation_matches(rel, a.dep.deprel)
                    and case in a.dep.feat_values("Case")
                    and a.head.feat_values(head_feature) and a.dep.feat_values(dep_feature)]
            by_value: dict[str, list[_Arc]] = defaultdict(list)
            for a in arcs:
                for v in a.dep.feat_values(dep_feature):
                    by_value[v].append(a)
            for value, these in sorted(by_value.items()):
                if len(these) < _HEAD_AGREEMENT_MIN:
                    continue
                when: Conditions = (("dep.Case", (case,)),) if len(by_value) == 1 else (
                    ("dep.Case", (case,)), (f"dep.{dep_feature}", (value,)))
                hits = [a for a in these if value in a.head.feat_values(head_feature)]
                if len(hits) / len(these) < _CONTRADICTING_SHARE:
                    continue  # (the treebank's arcs say otherwise: another construction)
                rule = _reviewed_rule(
                    options, x, y, rel, head_feature, side, (value,), when, hits, len(these),
                    len(hits) / len(these),
                    explanation=(f"A {y} whose {x} in Case={case} is attached by '{rel}' has "
                                 f"{head_feature} equal to the {x}'s {dep_feature} ({value}): "
                                 f"added on review ({len(hits)} of {len(these)} such arcs in "
                                 f"the treebank)."))
                rules.append(replace(rule, id=f"{rule.id}.{value}"))
    return rules


def _pronoun_government_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    """The reviewed rules of ``pronoun_government``; the treebank's arcs are their evidence."""
    by_cases: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for lemma, cases in sorted(options.pronoun_government.items()):
        by_cases[tuple(sorted(cases))].append(lemma)
    persons = _FIRST_AND_SECOND
    rules = []
    for allowed, lemmas in sorted(by_cases.items()):
        folded = {lem.casefold() for lem in lemmas}
        arcs = [a for a in stats.arcs.get(("PRON", "ADP", "comp:obj"), ())
                if a.head.lemma.casefold() in folded and a.dep.feat_values("Case")
                and a.dep.feat_values("Person") & set(persons)]
        hits = [a for a in arcs if a.dep.feat_values("Case") & set(allowed)]
        per: dict[str, list[bool]] = defaultdict(list)
        for a in arcs:
            per[a.head.lemma.casefold()].append(a in hits)
        when: Conditions = (("dep.Person", persons), ("head.lemma", tuple(lemmas)))
        rule = _reviewed_rule(
            options, "PRON", "ADP", "comp:obj", "Case", "dep", allowed, when, hits, len(arcs),
            len(hits) / len(arcs) if arcs else 1.0,
            explanation=(f"A first- or second-person pronoun after {', '.join(lemmas)} has "
                         f"Case={' or '.join(allowed)}, where a noun may stand in the "
                         f"nominative: added on review ({len(hits)} of {len(arcs)} such arcs "
                         f"in the treebank)."),
            evidence=tuple((lem, Stat(len(per[lem.casefold()]), round(
                sum(per[lem.casefold()]) / len(per[lem.casefold()]), 4)
                if per[lem.casefold()] else 1.0)) for lem in lemmas))
        rules.append(replace(rule, id=f"{rule.id}.personal"))
    return rules


def extract_rules(
    sentences: Iterable[Sentence], lang: str, options: ExtractOptions | None = None
) -> RuleSet:
    """Extract agreement and assignment rules from UD sentences (converted to SUD here).

    German adjective declension is measured too: the sentences get ``AdjDecl`` on nouns and
    their attributive adjectives from the field lexicons (``lambre_core.declension``), and
    ``agree.ADJ.NOUN.mod.AdjDecl`` is extracted like any other agreement."""
    options = options or ExtractOptions()
    sentences = list(sentences)
    if annotate_declension(sentences, lang) and "AdjDecl" not in options.agree_features:
        options = replace(options, agree_features=(*options.agree_features, "AdjDecl"))
    stats = collect(sentences, options)
    agree = _conditioned_agreement(_agree_rules(stats, options), stats, options)
    assign = [_with_as_exceptions(r, stats, options) for r in _as_rules(stats, options)]
    rules = agree + assign + _government_rules(stats, options, {r.id: r for r in assign})
    rules = _merge_frames(rules, _case_frame_rules(stats, options))
    rules += _governor_frame_rules(stats, options)
    rules += _infinitive_rules(stats, options)
    rules += _numeral_rules(stats, options) + _head_agreement_rules(stats, options)
    rules += _pronoun_government_rules(stats, options)
    rules = [_rounded(r) for r in rules]
    opts = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(options).items()}
    return RuleSet(lang, rules, [], opts)


def _rounded(rule: Rule) -> Rule:
    """The rule with its shares as a rule file writes them (4 decimals): a rule extracted and one
    loaded from the file it was saved to are equal."""
    def stat(s: Stat) -> Stat:
        return Stat(s.support, round(s.share, 4))

    return replace(
        rule,
        share=None if rule.share is None else round(rule.share, 4),
        kl=None if rule.kl is None else round(rule.kl, 4),
        outside=None if rule.outside is None else stat(rule.outside),
        exceptions=tuple((lem, stat(s)) for lem, s in rule.exceptions),
        evidence=tuple((lem, stat(s)) for lem, s in rule.evidence),
    )


def method_notes(options: ExtractOptions | None = None) -> str:
    """Comment lines for a rule file's header: how its conditions, exceptions and government rules
    were learned, with the thresholds used."""
    o = options or ExtractOptions()
    items = [
        "How the rules were learned (L'AMBRE sec. 3; conditions after Chaudhary et al., EMNLP 2020):",
        f"- agree: the two ends agree on > {o.agree_threshold:.0%} of >= {o.min_count} arcs; the "
        f"most frequent covering {o.agree_coverage:.0%} of such arcs. as: KL(local || global) > "
        f"{o.kl_threshold}, allowed values covering {o.allowed_coverage:.0%}.",
        "- when: a depth-1 or -2 decision-tree path over the other features of the two ends (and "
        "the lemmas of closed classes), searched for each agreement rule. An arc counts where at "
        "least one end has the feature; the rule holds where both have it and agree. A condition "
        f"is kept when the rule holds on >= {o.condition_share:.0%} of the arcs under it, "
        f"{o.condition_gain:.0%} more than without it, and on <= {o.condition_outside_share:.0%} "
        f"of >= {o.condition_min_outside} arcs outside it ('outside'; 'support' and 'share' are "
        "the arcs under it with the feature on both ends). A candidate below the agree threshold "
        f"becomes a rule under a condition where it agrees on >= {o.create_share:.0%} of >= "
        f"{o.create_min_support} arcs (twice as many for two keys), kappa >= {o.create_kappa}.",
        f"- except_lemmas + exceptions: lemmas with >= {o.exception_min_count} arcs on which the "
        f"rule holds <= {o.exception_max_share:.0%} of the time (indeclinables); 'share' is how "
        "often it holds on them.",
        "- as rules with when: {head.lemma: [...]}: government. Per governor lemma, pooled over the "
        f"dependents' word classes: >= {o.government_min_count} arcs, its values (each seen in >= "
        f"{o.government_min_value_count} sentences) cover >= {o.government_purity:.0%} of them, "
        f"and the lemma is tagged as that head >= {o.government_upos_share:.0%} of the time. "
        "Lemmas with the same values share a rule; 'evidence' gives each lemma's arcs and the share "
        "covered. A verb gets one only where the general rule is mostly wrong for it.",
    ]
    if o.government_also_allowed:
        added = ", ".join(f"{lem} +{'/'.join(v)}"
                          for lem, v in sorted(o.government_also_allowed.items()))
        items.append(f"- reviewed by hand: values governors allow that the treebank does not "
                     f"attest: {added}.")
    if o.government_exclude:
        items.append(f"- reviewed by hand: governors left out: {', '.join(o.government_exclude)}.")
    if o.case_frames:
        frames = ", ".join(f"{lem} +{'/'.join(v)}" for lem, v in sorted(o.case_frames.items()))
        items.append(f"- reviewed by hand: verb case frames (their nominal objects' case): "
                     f"{frames}.")
    if o.person_frames:
        persons = ", ".join(f"{lem} +{'/'.join(v)}" for lem, v in sorted(o.person_frames.items()))
        items.append(f"- reviewed by hand: the case of a first or second person pronoun object: "
                     f"{persons}.")
    if o.infinitive_verbs:
        items.append(f"- reviewed by hand: verbs whose verbal object is an infinitive: "
                     f"{', '.join(sorted(o.infinitive_verbs))}.")
    for nums, feature, value, nouns, _forms in o.counted_nouns:
        items.append(f"- reviewed by hand: nouns after {', '.join(nums)} have {feature}={value}"
                     + (f", but for {', '.join(nouns)}." if nouns else "."))
    if o.pronoun_government:
        gov = ", ".join(f"{lem} +{'/'.join(v)}" for lem, v in sorted(o.pronoun_government.items()))
        items.append(f"- reviewed by hand: adpositions' first- and second-person pronoun "
                     f"objects: {gov}.")
    for rel, case, dep_feature, head_feature in o.head_agreement:
        items.append(f"- reviewed by hand: a head's {head_feature} agrees with its '{rel}' "
                     f"dependent's {dep_feature} in Case={case}.")
    for verbs, preps, cases in o.governor_frames:
        items.append(f"- reviewed by hand: {', '.join(preps)} + {'/'.join(cases)} on the verbs "
                     f"{', '.join(verbs)}.")
    lines = []
    for item in items:
        lines += textwrap.wrap(item, 98, subsequent_indent="  " if item.startswith("-") else "")
    return "".join(f"# {line}\n" for line in lines)


def treebank_source(path: Path) -> TreebankSource:
    """Name and licence of the treebank a CoNLL-U file belongs to, from the ``licenses/`` folder
    beside it (``treebanks/ud/de/de_gsd-ud-dev.conllu`` -> ``treebanks/licenses/UD_German-GSD``)."""
    stem = path.name.split("-")[0]  # de_gsd
    lang, _, code = stem.partition("_")
    name = f"UD_{language_name(lang)}-{code.upper()}"
    for base in path.resolve().parents:
        lic_root = base / "licenses"
        if not lic_root.is_dir():
            continue
        for d in lic_root.iterdir():
            if d.name.lower() == name.lower() or (
                d.name.startswith("UD_") and d.name.lower().endswith("-" + code.lower())
                and language_name(lang).lower() in d.name.lower()
            ):
                readme = d / "README.md"
                if readme.is_file():
                    for line in readme.read_text(encoding="utf-8", errors="replace").splitlines():
                        if line.lower().startswith("license:"):
                            return TreebankSource(d.name, [path.name], line.split(":", 1)[1].strip())
                return TreebankSource(d.name, [path.name])
        break
    # a treebank folder of its own carries its README beside the files
    beside = path.resolve().parent / "README.md"
    if beside.is_file():
        for line in beside.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.lower().startswith("license:"):
                return TreebankSource(name, [path.name], line.split(":", 1)[1].strip())
    return TreebankSource(name, [path.name])


def extract_from_files(
    paths: list[Path], lang: str, options: ExtractOptions | None = None,
    on_skip: Callable[[TreeError], None] | None = None,
) -> RuleSet:
    """Read treebank files, extract rules, and record the treebanks and their licences.

    Sentences whose tree is broken are left out; ``on_skip`` hears about each one."""
    sentences: list[Sentence] = []
    for p in paths:
        for sent in read_conllu(p):
            problem = tree_error(sent)
            if problem is None:
                sentences.append(sent)
            elif on_skip is not None:
                on_skip(problem)
    ruleset = extract_rules(sentences, lang, options)
    merged: dict[str, TreebankSource] = {}
    for p in paths:
        src = treebank_source(Path(p))
        if src.treebank in merged:
            merged[src.treebank].files.extend(src.files)
        else:
            merged[src.treebank] = src
    ruleset.sources = list(merged.values())
    return ruleset
