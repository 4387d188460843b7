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

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

from .conllu_io import tree_error
from .doc import Sentence, Word
from .gcpause import collector_paused
from .joint import Arc, outcome
from .rules import Rule, RuleSet
from .sud import relation_matches, to_sud

if TYPE_CHECKING:
    from .evidence import Precision

_CONTROLLERS = {"NOUN", "PROPN", "PRON"}


class RuleInstance(NamedTuple):
    """One application of a rule to one arc. A named tuple: a corpus has hundreds of thousands,
    and one is built in a third of the time a frozen dataclass takes (which sets each field
    through ``object.__setattr__``), in as little memory as a slotted one."""

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
    #: "tagger" (the paper's method: one analysis per word), "proven" (no analysis the forms
    #: allow satisfies the rule), "uncertain" (the parse or an unknown word may be to blame) or
    #: "colloquial" (the spoken register's form of the fix: "nový věty"; no error there)
    evidence: str = "tagger"
    #: the word to correct when it is neither end of the arc (the determiner of a governed noun)
    primary: Word | None = None
    #: corrected forms of the blamed word, standard forms first (the quick fix)
    suggestions: tuple[str, ...] = ()
    #: a learner-facing explanation, when the checker knows one ("no article, so ...")
    note: str = ""
    #: the note as a template of ``messages.yaml`` and its arguments, to say it in any language
    message_id: str = ""
    message_args: tuple[tuple[str, str], ...] = ()

    @property
    def blamed(self) -> Word:
        """The primary blamed word."""
        if self.primary is not None:
            return self.primary
        return self.dep if self.blame[0] == self.dep.id else self.head

    @property
    def other(self) -> Word:
        """The other end of the arc (the noun, for a blamed determiner off the arc)."""
        if self.primary is not None:
            return self.dep
        return self.head if self.blame[0] == self.dep.id else self.dep


@dataclass
class SentenceCheck:
    """The result of checking one sentence: its SUD tree, every rule instance, the violations."""

    sentence: Sentence
    instances: list[RuleInstance] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    error: str | None = None
    #: violations the precise checker could not prove (counted as satisfied; hints at most)
    uncertain: list[Violation] = field(default_factory=list)

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


class RuleIndex:
    """Rules looked up by an arc's (dependent UPOS, head UPOS, relation), in rule-file order
    within each UPOS pattern: exact pair, ``*`` dependent, ``*`` head, ``*`` both. Each distinct
    (UPOS, UPOS, relation) is resolved once and remembered, so matching an arc is one lookup."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules = list(rules)
        self._by_upos: dict[tuple[str, str], list[Rule]] = {}
        for r in self.rules:
            self._by_upos.setdefault((r.dep_upos, r.head_upos), []).append(r)
        self._memo: dict[tuple[str, str, str], _Candidates] = {}

    def candidates(self, dep_upos: str, head_upos: str, deprel: str) -> tuple[Rule, ...]:
        """The rules whose UPOS pair and relation fit the arc (exceptions not yet applied)."""
        return self._lookup(dep_upos, head_upos, deprel).rules

    def _lookup(self, dep_upos: str, head_upos: str, deprel: str) -> _Candidates:
        key = (dep_upos, head_upos, deprel)
        found = self._memo.get(key)
        if found is None:
            found = _Candidates.of(tuple(
                r for k in ((dep_upos, head_upos), ("*", head_upos), (dep_upos, "*"), ("*", "*"))
                for r in self._by_upos.get(k, ()) if relation_matches(r.relation, deprel)))
            self._memo[key] = found
        return found


#: a governed rule as ``rule_arcs`` tests it: the rule, the dependent lemmas it names
#: (casefolded; None when it names none) and the (relation, feature, side) it speaks for
_Governed = tuple[Rule, frozenset[str] | None, tuple[str, str, str]]


@dataclass(frozen=True)
class _Candidates:
    """An arc pattern's rules, with what ``rule_arcs`` asks of them worked out once."""

    rules: tuple[Rule, ...]
    #: the rules with lemma or form exceptions
    excepting: tuple[Rule, ...]
    #: the assignment rules that name head lemmas, under each head lemma they name
    #: (casefolded): an arc finds those naming its head's lemma with one lookup
    governed_by_head: dict[str, tuple[_Governed, ...]]
    #: the assignment rules that name dependent lemmas only
    governed_any_head: tuple[_Governed, ...]
    #: the rules with a ``governor.lemma`` condition (the head's own head)
    by_governor: tuple[Rule, ...]
    #: every lemma and every form the rules of ``excepting`` name
    except_lemmas: frozenset[str] = frozenset()
    except_forms: frozenset[str] = frozenset()

    def may_exempt(self, dep: Word, head: Word) -> bool:
        """Whether some rule's exceptions name a lemma or form of this arc (``_exempt``'s
        test, for all the rules at once: most arcs need no more)."""
        forms = self.except_forms
        return (dep.lemma in self.except_lemmas or head.lemma in self.except_lemmas
                or (bool(forms) and (dep.form in forms or head.form in forms
                                     or dep.form.lower() in forms or head.form.lower() in forms)))

    @classmethod
    def of(cls, rules: tuple[Rule, ...]) -> _Candidates:
        by_head: dict[str, list[_Governed]] = {}
        any_head: list[_Governed] = []
        for r in rules:
            if r.type != "as" or not r.names_lemmas_at_all or r.by_governor:
                continue
            sets = r.lemma_sets
            entry = (r, sets.get("dep.lemma"), (r.relation, r.feature, r.side))
            heads = sets.get("head.lemma")
            if heads is None:
                any_head.append(entry)
            else:
                for lemma in heads:
                    by_head.setdefault(lemma, []).append(entry)
        excepting = tuple(r for r in rules if r.except_lemmas or r.except_forms)
        return cls(rules, excepting, {k: tuple(v) for k, v in by_head.items()}, tuple(any_head),
                   tuple(r for r in rules if r.by_governor),
                   frozenset().union(*(r.except_lemmas for r in excepting)),
                   frozenset().union(*(r.except_forms for r in excepting)))


#: ``Word.misc`` key of a translation string's placeholder stand-in ("{name}", "%s")
PLACEHOLDER = "Placeholder"


def stranded(words: list[Word], adp: Word) -> bool:
    """Whether an adposition is followed by a placeholder or by nothing but punctuation."""
    for w in words[adp.id:]:
        if PLACEHOLDER in w.misc:
            return True
        if w.upos not in ("PUNCT", "SYM"):
            return False
    return True


def dotted_names(words: list[Word]) -> set[int]:
    """The ids of words inside a dotted name the tokenizer split ("my.norton.com", "setup.py"):
    a word glued to a full stop that is glued to the next word."""
    out: set[int] = set()
    for a, dot, b in zip(words, words[1:], words[2:], strict=False):
        if dot.form == "." and a.misc.get("SpaceAfter") == "No" \
                and dot.misc.get("SpaceAfter") == "No" and b.form[:1].isalnum():
            out.update((a.id, b.id))
    return out


def masked_names(words: list[Word]) -> set[int]:
    """The ids of anonymized names: a word in capitals alone between square brackets
    ("[PERSON1]", "[NAME]"), a placeholder the data's editors put for a name, whose own gender
    and number are those of the label, not of the person meant."""
    return {w.id for prev, w, nxt in zip(words, words[1:], words[2:], strict=False)
            if prev.form == "[" and nxt.form == "]" and w.form.isupper()
            and w.form[:1].isalpha()}


def _arc_rules(words: list[Word], index: RuleIndex) -> Iterator[tuple[Word, Word, tuple[Rule, ...]]]:
    """Each arc (dependent, head) of a SUD sentence's words with the rules that may apply to
    it, where there are any: the work of ``rule_arcs``, which see."""
    memo = index._memo
    names = dotted_names(words) | masked_names(words)
    for dep in words:
        if not dep.head:
            continue
        head = words[dep.head - 1]
        if PLACEHOLDER in dep.misc or PLACEHOLDER in head.misc:
            continue  # nothing agrees with a placeholder, and it proves nothing
        if dep.id in names or head.id in names:
            continue  # a web address, file name or anonymized name is no word of the sentence
        if head.upos == "ADP" and dep.id < head.id and stranded(words, head):
            # its object is the placeholder after it, or outside the string (a UI label that
            # ends in a preposition, or one whose object is "%s"): the word before it is not
            continue
        found = memo.get((dep.upos, head.upos, dep.deprel)) or index._lookup(
            dep.upos, head.upos, dep.deprel)
        rs = found.rules
        if not rs:
            continue
        exempt: list[Rule] | None = None
        if found.excepting and found.may_exempt(dep, head):
            exempt = [r for r in found.excepting if _exempt(r, dep, head)]
            if exempt:
                rs = tuple(r for r in rs if all(r is not x for x in exempt))
        if found.by_governor:
            # a verb of position whose preposition takes the dative: only where the
            # preposition hangs on such a verb
            governor = words[head.head - 1].lemma if head.head else ""
            off = [r for r in found.by_governor
                   if not r.names_lemmas(dep.lemma, head.lemma, governor)]
            if off:
                rs = tuple(r for r in rs if all(r is not x for x in off))
        # a rule for this very governor (a verb with a dative object) replaces the general rule of its
        # relation and feature ("a verb's object is accusative")
        if found.governed_by_head or found.governed_any_head:
            hits = found.governed_by_head.get(head.lemma.casefold(), ()) + found.governed_any_head
            if hits:
                lemma = dep.lemma.casefold()
                named = {key for r, deps, key in hits if (deps is None or lemma in deps)
                         and not (exempt and any(r is x for x in exempt))}
                if named:
                    rs = tuple(r for r in rs if r.type != "as" or r.when
                               or (r.relation, r.feature, r.side) not in named)
        if rs:
            yield dep, head, rs


def rule_arcs(sud: Sentence, rules: Iterable[Rule] | RuleIndex) -> list[Arc]:
    """Every arc of a SUD sentence with the rules that may apply to it (UPOS pair, relation,
    exceptions): the input of the joint solver. Pass a ``RuleIndex`` to reuse its lookups
    across sentences."""
    index = rules if isinstance(rules, RuleIndex) else RuleIndex(rules)
    return [Arc(dep.id, head.id, rs) for dep, head, rs in _arc_rules(sud.words, index)]


def check_sentence(
    sentence: Sentence,
    ruleset: RuleSet,
    *,
    disabled: frozenset[str] | set[str] = frozenset(),
    is_sud: bool = False,
    violation_filter: ViolationFilter | None = None,
    precision: Precision | None = None,
    index: RuleIndex | None = None,
) -> SentenceCheck:
    """Check one sentence (UD, converted here, or SUD with ``is_sud=True``) against ``ruleset``.

    Without ``precision`` this is the paper's method: each word has one analysis, the tagger's.
    With it, each word has every analysis its form allows, rules are checked jointly
    (``lambre_core.joint``), and each violation is classified as proven or uncertain
    (``lambre_core.evidence``): only proven ones stay in ``violations``, uncertain ones go to
    ``uncertain`` and count as satisfied. A sentence whose tree is broken gives a check with
    ``error`` set and no instances. ``index`` (a ``RuleIndex`` of the enabled rules) saves
    rebuilding the rule lookup for every sentence; ``check_sentences`` passes one.
    """
    problem = tree_error(sentence)
    if problem is not None:
        return SentenceCheck(sentence, error=problem.message)
    sud = sentence if is_sud else to_sud(sentence)
    if index is None:
        index = RuleIndex(ruleset.enabled_rules(disabled))
    if precision is not None:
        from .evidence import check_precise

        result = check_precise(sud, rule_arcs(sud, index), precision, index.rules)
        if result.violations and not is_sud and precision.plausible is not None:
            from .alternatives import robust_to_parse

            rules = index.rules

            def recheck(alt: Sentence) -> SentenceCheck:
                alt_sud = to_sud(alt)
                return check_precise(alt_sud, rule_arcs(alt_sud, index), precision, rules)

            from .analyses import analyzer_for, class_possible, head_known
            from .evidence import a_reading

            lang, lexicon = precision.lang, precision.lexicon
            # where a field lexicon exists, a new head must be a word it knows (not a name, a
            # foreign word or a placeholder's stand-in, whose features are the tagger's guess)
            complete = analyzer_for(lang)[0] is not None
            result = robust_to_parse(
                sentence, result, recheck, precision.plausible,
                lambda w, upos: class_possible(lang, w.form, upos, w.upos),
                lambda w: not complete or head_known(lang, w, lexicon),
                functools.partial(a_reading, lang))
        return _one_truth(result)
    # the paper's method: each word with its one (tagger's) analysis. This is what
    # ``joint.solve`` gives when every word has a single option (nothing to choose, so the choice
    # is the tagger's), computed directly with the same ``joint.outcome``: the solver's dynamic
    # programme only pays off when words have several analyses
    result = SentenceCheck(sud)
    instances = result.instances
    pending: list[tuple[Rule, Word, Word]] = []
    for dep, head, rs in _arc_rules(sud.words, index):
        df, hf, dl, hl, d, h = dep.feats, head.feats, dep.lemma, head.lemma, dep.id, head.id
        for rule in rs:
            ok = outcome(rule, df, hf, dl, hl)
            if ok is not None:
                instances.append(RuleInstance(rule.id, d, h, ok))
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


def demoted(result: SentenceCheck, doubtful: Callable[[Violation], bool]) -> SentenceCheck:
    """A copy of ``result`` with the proven violations ``doubtful`` picks moved to ``uncertain``
    (their rule instances counted as satisfied): what a later look (another parse, the rest of
    the document) showed the forms do not prove."""
    kept = [v for v in result.violations if not doubtful(v)]
    if len(kept) == len(result.violations):
        return result
    kept_ids = {id(v) for v in kept}
    dropped = [replace(v, evidence="uncertain") for v in result.violations
               if id(v) not in kept_ids]
    return _one_truth(replace(result, violations=kept, uncertain=result.uncertain + dropped))


def _one_truth(result: SentenceCheck) -> SentenceCheck:
    """Instances that say what the violations say: one instance per rule and arc (a rule the
    joint solver and a clause-level check both looked at is counted once), failed when a
    violation is reported on the arc (added when the finding has no instance of its own), else
    satisfied (an uncertain failure counts as satisfied). Scores are computed from instances,
    findings from violations: this keeps the two one truth."""
    failing = {(v.rule.id, v.dep.id, v.head.id) for v in result.violations}
    seen: set[tuple[str, int, int]] = set()
    fixed: list[RuleInstance] = []
    for i in result.instances:
        key = (i.rule_id, i.dep, i.head)
        if key in seen:
            continue
        seen.add(key)
        ok = key not in failing
        fixed.append(i if i.satisfied == ok else RuleInstance(i.rule_id, i.dep, i.head, ok))
    fixed += [RuleInstance(*key, False) for key in sorted(failing - seen)]
    result.instances = fixed
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
    precision: Precision | None = None,
    index: RuleIndex | None = None,
) -> list[SentenceCheck]:
    """Check many sentences; broken trees are kept as checks with ``error`` set. ``index``: a
    ``RuleIndex`` of the enabled rules to reuse (one is built otherwise)."""
    if index is None:
        index = RuleIndex(ruleset.enabled_rules(disabled))
    with collector_paused():  # checks form no cycles: see gcpause
        return [
            check_sentence(s, ruleset, disabled=disabled, is_sud=is_sud,
                           violation_filter=violation_filter, precision=precision, index=index)
            for s in sentences
        ]
