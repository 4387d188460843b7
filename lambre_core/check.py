"""Checking a SUD sentence against rules: rule instances, violations, and Algorithm 1's blame.

Every arc ``dep --rel--> head`` is matched against the enabled rules. An agreement rule applies when
both ends carry the feature and holds when their values intersect; an assignment rule applies when
the constrained end carries the feature and holds when a value is allowed.

Blame (L'AMBRE A.3, Algorithm 1): ``E(t)`` is the set of neighbours of token ``t`` (head and
dependents) across whose arc some rule fails; both ends of a failing arc are in error there. For a
diagnostic we also pick one primary token per violation: for an assignment rule, the end it
constrains; for agreement, the end with more failing arcs, and on a tie the agreement *target* (the
end that is not a noun or pronoun: the adjective, determiner or verb agrees with the noun).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .conllu_io import tree_error
from .doc import Sentence, Word
from .rules import Rule, RuleSet
from .sud import relation_matches, to_sud

_CONTROLLERS = {"NOUN", "PROPN", "PRON"}


@dataclass(frozen=True)
class RuleInstance:
    """One application of a rule to one arc."""

    rule_id: str
    dep: int
    head: int
    satisfied: bool


@dataclass(frozen=True)
class Violation:
    """A rule that fails on an arc. ``expected``/``found`` are stated for the primary blamed token."""

    rule: Rule
    dep: Word
    head: Word
    feature: str
    expected: tuple[str, ...]
    found: tuple[str, ...]
    blame: tuple[int, ...]

    @property
    def blamed(self) -> Word:
        """The primary blamed word."""
        return self.dep if self.blame[0] == self.dep.id else self.head

    @property
    def other(self) -> Word:
        """The other end of the arc."""
        return self.head if self.blame[0] == self.dep.id else self.dep


@dataclass
class SentenceCheck:
    """The result of checking one sentence: its SUD tree, every rule instance, the violations."""

    sentence: Sentence
    instances: list[RuleInstance] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    error: str | None = None

    def token_errors(self) -> dict[int, set[int]]:
        """Algorithm 1's ``E(t)``: word id -> ids of neighbours across a failing arc."""
        errors: dict[int, set[int]] = {}
        for v in self.violations:
            errors.setdefault(v.dep.id, set()).add(v.head.id)
            errors.setdefault(v.head.id, set()).add(v.dep.id)
        return errors


#: a hook that may veto a violation (e.g. a syncretic form); vetoed instances count as satisfied
ViolationFilter = Callable[[Violation, Sentence], bool]


def _exempt(rule: Rule, dep: Word, head: Word) -> bool:
    if rule.except_lemmas and (dep.lemma in rule.except_lemmas or head.lemma in rule.except_lemmas):
        return True
    if rule.except_forms:
        forms = {dep.form, dep.form.lower(), head.form, head.form.lower()}
        if forms & rule.except_forms:
            return True
    return False


def _index(rules: Iterable[Rule]) -> dict[tuple[str, str], list[Rule]]:
    index: dict[tuple[str, str], list[Rule]] = {}
    for r in rules:
        index.setdefault((r.dep_upos, r.head_upos), []).append(r)
    return index


def _candidates(index: dict[tuple[str, str], list[Rule]], dep: Word, head: Word) -> list[Rule]:
    out: list[Rule] = []
    for key in ((dep.upos, head.upos), ("*", head.upos), (dep.upos, "*"), ("*", "*")):
        out.extend(index.get(key, ()))
    return out


def check_sentence(
    sentence: Sentence,
    ruleset: RuleSet,
    *,
    disabled: frozenset[str] | set[str] = frozenset(),
    is_sud: bool = False,
    violation_filter: ViolationFilter | None = None,
) -> SentenceCheck:
    """Check one sentence (UD, converted here, or SUD with ``is_sud=True``) against ``ruleset``.

    A sentence whose tree is broken gives a check with ``error`` set and no instances.
    """
    problem = tree_error(sentence)
    if problem is not None:
        return SentenceCheck(sentence, error=problem.message)
    sud = sentence if is_sud else to_sud(sentence)
    index = _index(ruleset.enabled_rules(disabled))
    result = SentenceCheck(sud)
    pending: list[tuple[Rule, Word, Word]] = []
    for dep in sud.words:
        if dep.head == 0:
            continue
        head = sud.word(dep.head)
        for rule in _candidates(index, dep, head):
            if not relation_matches(rule.relation, dep.deprel) or _exempt(rule, dep, head):
                continue
            if rule.type == "agree":
                dv, hv = dep.feat_values(rule.feature), head.feat_values(rule.feature)
                if not (dv and hv):
                    continue
                ok = bool(dv & hv)
            else:
                target = dep if rule.side == "dep" else head
                vals = target.feat_values(rule.feature)
                if not vals:
                    continue
                ok = bool(vals & set(rule.allowed))
            result.instances.append(RuleInstance(rule.id, dep.id, head.id, ok))
            if not ok:
                pending.append((rule, dep, head))
    failing_arcs: dict[int, set[int]] = {}
    for _, dep, head in pending:
        failing_arcs.setdefault(dep.id, set()).add(head.id)
        failing_arcs.setdefault(head.id, set()).add(dep.id)
    vetoed: set[tuple[str, int, int]] = set()
    for rule, dep, head in pending:
        v = _violation(rule, dep, head, failing_arcs)
        if violation_filter is not None and not violation_filter(v, sud):
            vetoed.add((rule.id, dep.id, head.id))
            continue
        result.violations.append(v)
    if vetoed:
        result.instances = [
            RuleInstance(i.rule_id, i.dep, i.head, True)
            if (i.rule_id, i.dep, i.head) in vetoed else i
            for i in result.instances
        ]
    return result


def _primary(rule: Rule, dep: Word, head: Word, failing_arcs: dict[int, set[int]]) -> Word:
    if rule.type == "as":
        return dep if rule.side == "dep" else head
    nd, nh = len(failing_arcs.get(dep.id, ())), len(failing_arcs.get(head.id, ()))
    if nd != nh:
        return dep if nd > nh else head
    dep_ctrl, head_ctrl = dep.upos in _CONTROLLERS, head.upos in _CONTROLLERS
    if head_ctrl and not dep_ctrl:
        return dep
    if dep_ctrl and not head_ctrl:
        return head
    return dep


def _violation(rule: Rule, dep: Word, head: Word, failing_arcs: dict[int, set[int]]) -> Violation:
    primary = _primary(rule, dep, head, failing_arcs)
    other = head if primary is dep else dep
    if rule.type == "agree":
        expected = tuple(sorted(other.feat_values(rule.feature)))
    else:
        expected = rule.allowed
    return Violation(
        rule=rule,
        dep=dep,
        head=head,
        feature=rule.feature,
        expected=expected,
        found=tuple(sorted(primary.feat_values(rule.feature))),
        blame=(primary.id, other.id),
    )


def check_sentences(
    sentences: Iterable[Sentence],
    ruleset: RuleSet,
    *,
    disabled: frozenset[str] | set[str] = frozenset(),
    is_sud: bool = False,
    violation_filter: ViolationFilter | None = None,
) -> list[SentenceCheck]:
    """Check many sentences; broken trees are kept as checks with ``error`` set."""
    return [
        check_sentence(s, ruleset, disabled=disabled, is_sud=is_sud,
                       violation_filter=violation_filter)
        for s in sentences
    ]
