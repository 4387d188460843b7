"""Choosing one analysis per word so that as many rules hold as possible, jointly over the tree.

Each word has a set of options (its analyses; one option, the tagger's, in the paper's plain
method). Each rule on an arc ``dep -> head`` costs 1 when it applies to the chosen options of
the two ends and fails. Because every word has one head, the words and arcs form a tree, and
the cheapest choice over the whole sentence is found exactly by dynamic programming (min-sum
over a tree): an agreement fails only when **no joint analysis** of the words satisfies it,
Case, Number and Gender together, and a government rule fails only when no analysis of the
governed word has an allowed value. Ties go to the options the tagger preferred.

German adjective declension is one more agreement: the noun's state carries the declension
(``AdjDecl``) its determiner demands (``Strong`` without one), and an attributive adjective's
ending must fit it (rule feature ``AdjDecl``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .doc import Sentence, Word
from .rules import Rule

Feats = Mapping[str, str]
#: a tie-break cost per rank of an option (the tagger's choice is rank 0)
_EPS = 1e-5
_HARD = 1e6
DECL = "AdjDecl"


@dataclass(frozen=True)
class Arc:
    """An arc with the rules that may apply to it."""

    dep: int
    head: int
    rules: tuple[Rule, ...]


@dataclass
class Solution:
    """The chosen option of every word, and the rule outcomes under that choice."""

    choice: dict[int, Feats]
    #: (rule, dep id, head id, satisfied)
    outcomes: list[tuple[Rule, int, int, bool]]
    #: the total cost of the choice (failed rules, weighted)
    cost: float = 0.0


def values(feats: Feats, feature: str) -> frozenset[str]:
    """The values of ``feature`` in an option (``Acc,Nom`` gives two); empty when absent."""
    v = feats.get(feature)
    return frozenset(v.split(",")) if v else frozenset()


def when_keys(rule: Rule) -> list[str]:
    """The keys of a rule's ``when`` conditions (``dep.Number``, ``head.lemma``...)."""
    return [key for key, _allowed in rule.when]


def outcome(rule: Rule, dep: Feats, head: Feats, dep_lemma: str = "",
            head_lemma: str = "") -> bool | None:
    """None when the rule does not apply to these options, else whether it holds."""
    # the feature first: where an end lacks it the rule does not apply whatever ``when`` says,
    # and a dict lookup is cheaper than testing the conditions
    feature = rule.feature
    if rule.type == "agree":
        d, h = dep.get(feature), head.get(feature)
        if not (d and h):
            return None
        if rule.when and not rule.applies(dep, head, dep_lemma, head_lemma):
            return None
        # single values (no "Acc,Nom") are compared as strings: same answers, no sets built
        if "," not in d and "," not in h:
            return d == h
        return not values(dep, feature).isdisjoint(values(head, feature))
    v = (dep if rule.side == "dep" else head).get(feature)
    if not v:
        return None
    if rule.when and not rule.applies(dep, head, dep_lemma, head_lemma):
        return None
    if "," not in v:
        return v in rule.allowed
    return not frozenset(v.split(",")).isdisjoint(rule.allowed)


def _project(options: Sequence[Feats], keep: set[str]) -> list[tuple[int, Feats]]:
    """Options reduced to the features that matter here, duplicates dropped (first kept, with its
    index in ``options``)."""
    seen: set[tuple[tuple[str, str], ...]] = set()
    out: list[tuple[int, Feats]] = []
    for i, o in enumerate(options):
        p = {k: v for k, v in o.items() if k in keep}
        key = tuple(sorted(p.items()))
        if key not in seen:
            seen.add(key)
            out.append((i, p))
    return out


def solve(sentence: Sentence, arcs: Sequence[Arc], options: Mapping[int, Sequence[Feats]],
          decl_governor: Mapping[int, int | None] | None = None,
          weight: Callable[[Rule], float] | None = None,
          arc_override: Mapping[tuple[int, int], Mapping[str, str]] | None = None) -> Solution:
    """The cheapest choice of options for ``sentence`` (see the module docstring).

    ``decl_governor`` maps a noun whose attributive adjectives are checked for declension to the
    word that sets it (its determiner or numeral), or None when it has none (strong endings).
    ``weight`` gives each rule's cost when it fails (1 by default): the precise checker lets rules
    whose failure proves nothing weigh little, so that they never decide an analysis.
    ``arc_override`` gives features the dependent shows on one arc only (a coordinated subject
    is plural towards its verb, whatever its first conjunct is)."""
    over = dict(arc_override or {})
    words = {w.id: w for w in sentence.words}
    by_head: dict[int, list[Arc]] = {}
    feats_needed: dict[int, set[str]] = {w.id: set() for w in sentence.words}
    for a in arcs:
        by_head.setdefault(a.head, []).append(a)
        for r in a.rules:
            feats_needed[a.dep].add(r.feature)
            feats_needed[a.head].add(r.feature)
            for key in when_keys(r):
                end, _, feat = key.partition(".")
                if feat and feat != "lemma":
                    feats_needed[a.dep if end == "dep" else a.head].add(feat)
    decl_governor = dict(decl_governor or {})
    for noun, gov in decl_governor.items():
        feats_needed[noun].add(DECL)
        if gov is not None:
            feats_needed[gov].add(DECL)

    # each word's domain: (index into its options, projected option)
    domain: dict[int, list[tuple[int, Feats]]] = {}
    for w in sentence.words:
        opts = options.get(w.id) or (w.feats,)
        proj = _project(opts, feats_needed[w.id])
        if w.id in decl_governor:
            # the noun's state also says which declension its adjectives must show
            gov = decl_governor[w.id]
            if gov is None:
                proj = [(i, {**p, DECL: "Strong"}) for i, p in proj]
            elif any(DECL in o for o in options.get(gov) or ()):
                proj = [(i, {**p, DECL: d}) for i, p in proj for d in ("Strong", "Weak")]
        domain[w.id] = proj

    children: dict[int, list[int]] = {}
    for w in sentence.words:
        if w.head:
            children.setdefault(w.head, []).append(w.id)
    # each arc's rules with their cost when they fail, worked out once (not per pair of options)
    arc_of = {(a.dep, a.head): tuple((r, weight(r) if weight is not None else 1.0)
                                     for r in a.rules) for a in arcs}

    def pair_cost(dep: int, d: Feats, head: int, h: Feats) -> float:
        cost = 0.0
        rules = arc_of.get((dep, head))
        if rules is not None:
            dw, hw = words[dep], words[head]
            if (dep, head) in over:
                d = {**d, **over[(dep, head)]}
            for r, fail in rules:
                if outcome(r, d, h, dw.lemma, hw.lemma) is False:
                    cost += fail
        if decl_governor.get(head) == dep and DECL in d and DECL in h and d[DECL] != h[DECL]:
            cost += _HARD  # the determiner sets the noun's declension state
        return cost

    # post-order: best[w][k] = cheapest cost of w's subtree when w takes domain[w][k]
    order: list[int] = []
    roots = [w.id for w in sentence.words if not w.head]
    stack = list(roots)
    while stack:
        n = stack.pop()
        order.append(n)
        stack.extend(children.get(n, ()))
    best: dict[int, list[float]] = {}
    pick: dict[tuple[int, int], list[int]] = {}  # (child, parent option k) -> child's k
    for n in reversed(order):
        costs = [_EPS * rank for rank in range(len(domain[n]))]
        for c in children.get(n, ()):
            for k, (_, h) in enumerate(domain[n]):
                cand = [best[c][j] + pair_cost(c, d, n, h) for j, (_, d) in enumerate(domain[c])]
                j = min(range(len(cand)), key=cand.__getitem__)
                costs[k] += cand[j]
                pick.setdefault((c, n), []).append(j)
        best[n] = costs
    chosen: dict[int, int] = {}
    total = 0.0
    for root in roots:
        chosen[root] = min(range(len(best[root])), key=best[root].__getitem__)
        total += best[root][chosen[root]]
    for n in order:
        for c in children.get(n, ()):
            chosen[c] = pick[(c, n)][chosen[n]]

    choice: dict[int, Feats] = {}
    for wid, k in chosen.items():
        i, p = domain[wid][k]
        full = dict((options.get(wid) or (words[wid].feats,))[i])
        if DECL in p:
            full[DECL] = p[DECL]
        choice[wid] = full
    outcomes: list[tuple[Rule, int, int, bool]] = []
    for a in arcs:
        d, h = choice[a.dep], choice[a.head]
        if (a.dep, a.head) in over:
            d = {**d, **over[(a.dep, a.head)]}
        dw, hw = words[a.dep], words[a.head]
        for r in a.rules:
            ok = outcome(r, d, h, dw.lemma, hw.lemma)
            if ok is not None:
                outcomes.append((r, a.dep, a.head, ok))
    return Solution(choice, outcomes, total)


#: punctuation inside a noun phrase before its adjectives
_INNER_PUNCT = (",", "„", "\"", "“", "”", "«", "»", "‚", "‘", "'")


def _clear_left_edge(u: Word, contractions: frozenset[str]) -> bool:
    """A word after which a noun phrase surely starts without a determiner (a preposition fused
    with an article, one of ``contractions``, has its article: an adjective after it declines
    as after the article)."""
    if u.upos == "ADP" and u.form.lower() in contractions:
        return False
    if u.upos in ("ADP", "VERB", "AUX", "CCONJ", "SCONJ"):
        return True
    return u.upos == "PUNCT" and u.form in (",", ":", ";", "(", "„", "\"", "«", "“")


def decl_governors(sentence: Sentence, options: Mapping[int, Sequence[Feats]],
                   contractions: frozenset[str] = frozenset()) -> dict[int, int | None]:
    """Nouns with an attributive adjective in front whose analyses carry a declension, mapped to
    the word that sets it: the determiner (else numeral) closest before the first such
    adjective, or None for none (strong declension). ``contractions``: the language's
    prepositions fused with an article (its pack's)."""
    out: dict[int, int | None] = {}
    deps: dict[int, list[Word]] = {}
    for w in sentence.words:
        if w.head:
            deps.setdefault(w.head, []).append(w)
    for w in sentence.words:
        if w.upos not in ("NOUN", "PROPN"):
            continue
        adjs = [d for d in deps.get(w.id, ()) if d.upos == "ADJ" and d.id < w.id
                and any(DECL in o for o in options.get(d.id) or ())]
        if not adjs:
            continue
        first = min(a.id for a in adjs)
        # the words before the first adjective, back to the determiner (if any), may only be
        # determiners, numerals, adverbs or other adjectives: a possessive genitive name, or a
        # pronoun subject and its copula, before the adjective are not a determiner's declension
        gov: int | None = None
        unchecked = False
        i = first - 1
        while i >= 1:
            u = sentence.word(i)
            if u.upos == "DET" and u.head == w.id:
                gov = i
                break
            if u.upos == "NUM" and u.head == w.id:
                gov = i  # a numeral before the adjective, unless a determiner stands before it
                i -= 1
                continue
            # adverbs, adjectives, commas, quotation marks (a quoted adjective and noun after the
            # article) and the conjunction of coordinated adjectives (two ordinals sharing one
            # noun) lie inside the phrase
            # (also after a comma: "the simple, but true things" share one article)
            left = i - 2 if i > 2 and sentence.word(i - 1).form == "," else i - 1
            inside = u.upos in ("ADV", "ADJ") or (u.upos == "PUNCT" and u.form in _INNER_PUNCT) \
                or (u.upos == "CCONJ" and left >= 1 and sentence.word(left).upos == "ADJ")
            x = sentence.word(left) if left >= 1 else None
            if u.upos == "CCONJ" and not inside and x is not None and left > 1 \
                    and (x.upos not in ("NOUN", "PROPN", "PRON") or x.form[:1].islower()) \
                    and sentence.word(left - 1).upos == "DET":
                # a determiner and a word the tagger did not call an adjective before the
                # conjunction (a "noun" in lower case, where declension is marked, is none):
                # perhaps the first adjective, so the phrase goes unchecked
                unchecked = True
                break
            if not inside:
                break
            i -= 1
        if unchecked or (gov is None and i >= 1
                         and not _clear_left_edge(sentence.word(i), contractions)):
            continue  # a name, a pronoun, a stray determiner or a hyphen in front: unchecked
        if any(d.upos in ("DET", "NUM", "PRON") and first < d.id < w.id
               for d in deps.get(w.id, ())):
            continue  # something determiner-like after the first adjective: leave it unchecked
        out[w.id] = gov
    return out
