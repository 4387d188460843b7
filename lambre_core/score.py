"""Scores (L'AMBRE §2): per segment, per rule, per corpus.

- segment score: the weighted average, over the rules that apply in the segment, of the share of
  their instances that are satisfied (1.0 when no rule applies: nothing is wrong);
- corpus score: the weighted macro-average over rules of their corpus-level satisfaction (each
  rule's satisfied / all instances over the whole corpus), not the mean of segment scores;
- per-rule tallies: satisfied and violated instance counts.

Weights are per rule id; a rule without a weight counts 1.

The corpus score averages over rules in one of two ways (``AVERAGES``):

- ``macro`` (the paper's): every rule that occurs counts once, whatever its instances: a rule
  seen once in a corpus weighs as much as one seen a thousand times, and one violation of it
  moves the score a hundred times more;
- ``micro``: the share of all (weighted) rule instances that hold, each instance counting once.
  System scores then follow how often the output fails, not which rare rule happened to fire:
  two halves of a test set rank systems alike far more often (``bench/score_average.py``), so
  it is the precise mode's default.

Segment scores are macro-averages in both: within one sentence every rule is rare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .check import SentenceCheck
from .doc import Sentence
from .gcpause import collector_paused
from .rules import RuleSet

#: how a corpus score may average over rules (see the module docstring)
AVERAGES = ("macro", "micro")
#: each mode's default average: the paper's is its own definition
DEFAULT_AVERAGES = {"precise": "micro", "paper": "macro"}


@dataclass(slots=True)
class RuleTally:
    """How often a rule held and failed."""

    satisfied: int = 0
    violated: int = 0

    @property
    def total(self) -> int:
        return self.satisfied + self.violated

    @property
    def score(self) -> float:
        return self.satisfied / self.total if self.total else 1.0


class SentenceScore:
    """One segment's score, its per-rule tallies, and the check behind them.

    The check is either kept (``check=``) or redone when first asked for (``redo=``, with the
    sentence that was checked): a corpus scored in several processes sends back only counts,
    and a report shows the checks of a few sentences at most (``lambre_core.shard``). Both give
    the same check: checking is deterministic."""

    __slots__ = ("index", "score", "tallies", "violations", "error", "sentence", "_check", "_redo")

    def __init__(self, index: int, score: float, tallies: dict[str, RuleTally], violations: int,
                 error: str | None, sentence: Sentence, *, check: SentenceCheck | None = None,
                 redo: Callable[[Sentence], SentenceCheck] | None = None) -> None:
        if check is None and redo is None:
            raise ValueError("a SentenceScore needs its check or a way to redo it")
        self.index = index
        self.score = score
        self.tallies = tallies
        #: how many violations the check reports (``len(check.violations)``)
        self.violations = violations
        #: why the sentence was not checked (a broken tree), as ``check.error``
        self.error = error
        #: the sentence checked (its id, source and line)
        self.sentence = sentence
        self._check = check
        self._redo = redo

    @property
    def check(self) -> SentenceCheck:
        """The sentence's check, redone (once) when it was not kept."""
        if self._check is None:
            assert self._redo is not None
            self._check = self._redo(self.sentence)
        return self._check

    @property
    def id(self) -> str:
        return self.sentence.sent_id or f"s{self.index + 1}"


@dataclass
class CorpusReport:
    """Corpus score, per-rule tallies and per-sentence scores."""

    score: float
    rules: dict[str, RuleTally]
    sentences: list[SentenceScore] = field(default_factory=list)
    #: how the corpus score averages over rules: "macro" or "micro" (the module docstring)
    average: str = "macro"

    @property
    def skipped(self) -> list[SentenceScore]:
        """Sentences not scored because their tree is broken."""
        return [s for s in self.sentences if s.error is not None]

    @property
    def scored(self) -> int:
        """How many sentences were scored (all but the skipped)."""
        return sum(1 for s in self.sentences if s.error is None)


def weights_from(ruleset: RuleSet) -> dict[str, float]:
    """The per-rule weights written in a rule file."""
    return {r.id: r.weight for r in ruleset.rules}


def rule_tallies(check: SentenceCheck) -> dict[str, RuleTally]:
    """Per-rule satisfied/violated counts in one sentence (rules in order of first instance)."""
    tallies: dict[str, RuleTally] = {}
    for inst in check.instances:
        t = tallies.get(inst.rule_id)
        if t is None:  # (not setdefault: it would build a tally for every instance)
            t = tallies[inst.rule_id] = RuleTally()
        if inst.satisfied:
            t.satisfied += 1
        else:
            t.violated += 1
    return tallies


def score_of(tallies: Mapping[str, RuleTally], weights: Mapping[str, float] | None = None,
             average: str = "macro") -> float:
    """The score of a span's rule tallies (a sentence's, a corpus's): the weighted mean over the
    rules that occur of their satisfied share (``macro``), or the weighted share of all their
    instances that are satisfied (``micro``); 1.0 when no rule occurs."""
    num = den = 0.0
    for rid, t in tallies.items():
        total = t.satisfied + t.violated
        if not total:
            continue
        w = weights.get(rid, 1.0) if weights else 1.0
        if average == "micro":
            num += w * t.satisfied
            den += w * total
        else:
            num += w * (t.satisfied / total)  # RuleTally.score
            den += w
    return num / den if den else 1.0


def segment_score(check: SentenceCheck, weights: Mapping[str, float] | None = None) -> float:
    """The segment score: weighted mean over applicable rules of their satisfied share."""
    return score_of(rule_tallies(check), weights)


def score_corpus(
    checks: Iterable[SentenceCheck], weights: Mapping[str, float] | None = None,
    average: str = "macro",
) -> CorpusReport:
    """Score every sentence and the corpus (macro-average over rules of corpus-level satisfaction,
    or ``average="micro"``: the share of all instances satisfied)."""
    with collector_paused():  # scores form no cycles: see gcpause
        return report_of(((rule_tallies(c), len(c.violations), c.error, c.sentence, c)
                          for c in checks), weights, average=average)


#: what ``report_of`` scores for one sentence: its tallies, how many violations, its error,
#: the sentence, and its check (or None: redone on demand)
Scored = tuple[dict[str, RuleTally], int, "str | None", Sentence, "SentenceCheck | None"]


def report_of(scored: Iterable[Scored], weights: Mapping[str, float] | None = None,
              redo: Callable[[Sentence], SentenceCheck] | None = None,
              average: str = "macro") -> CorpusReport:
    """The corpus report of sentences already tallied; a sentence without its check gets it from
    ``redo`` when asked for. Per-rule totals add the sentences' tallies (the corpus score is a
    function of counts), so tallies made in several processes give the same report."""
    totals: dict[str, RuleTally] = {}
    sentences: list[SentenceScore] = []
    for i, (tallies, violations, error, sentence, check) in enumerate(scored):
        for rid, t in tallies.items():
            agg = totals.get(rid)
            if agg is None:
                agg = totals[rid] = RuleTally()
            agg.satisfied += t.satisfied
            agg.violated += t.violated
        sentences.append(SentenceScore(i, score_of(tallies, weights), tallies, violations,
                                       error, sentence, check=check, redo=redo))
    return CorpusReport(score_of(totals, weights, average), dict(sorted(totals.items())),
                        sentences, average)
