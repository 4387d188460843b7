"""Checking and scoring a corpus in several processes, with results identical to one process.

Workers are forked, so they inherit the sentences, rules and the precise checker's lexicons
(nothing is pickled on the way in, and lexicon pages stay shared). The sentences are cut into
chunks; the workers take chunks from the front and this process from the back until they meet
(``_Cursor``, in shared memory), so neither waits for the other.

- ``score_sharded`` (what ``score --jobs N`` uses): a chunk comes back as each sentence's rule
  counts, a few bytes, and a sentence's check is redone on demand when a report shows it
  (``SentenceScore.check``): a report shows the worst few sentences, not all of them.
- ``check_sharded``: every check comes back, for reports that show every sentence. Sending
  whole ``SentenceCheck`` objects cost as much as checking them (pickling and unpickling German
  checks took 0.75 s, checking 0.82 s), so a check travels compactly: a converted sentence as
  its new heads and labels (the parent rebuilds it from its own copy of the input), rule
  instances as tuples, and violations pickled with the words and rules they point to replaced
  by references (``persistent_id``), so a violation's words are the rebuilt sentence's own, as
  in one process.

Where ``fork`` is not available, or the corpus is small, everything runs in this process.
"""

from __future__ import annotations

import io
import multiprocessing
import pickle
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import starmap
from operator import attrgetter
from typing import Any, TypeVar

from .check import RuleIndex, RuleInstance, SentenceCheck, ViolationFilter, check_sentence, check_sentences
from .doc import Sentence, Word
from .gcpause import collector_paused, objects_frozen
from .rules import Rule, RuleSet
from .score import CorpusReport, RuleTally, Scored, report_of, rule_tallies, score_corpus
from .sud import copy_words, with_words

P = TypeVar("P")
T = TypeVar("T")

#: a rule instance as a plain tuple, RuleInstance's fields in order
_INSTANCE = attrgetter("rule_id", "dep", "head", "satisfied")
_HEAD, _LABEL = attrgetter("head"), attrgetter("deprel")
#: sentences per task: big enough that a task's overhead is small, small enough to balance
CHUNK = 100


@dataclass(frozen=True)
class _Job:
    """What every worker checks against (inherited through ``fork``)."""

    sentences: Sequence[Sentence]
    ruleset: RuleSet
    disabled: frozenset[str] | set[str]
    is_sud: bool
    violation_filter: ViolationFilter | None
    precision: Any
    index: RuleIndex
    #: the chunks, as (first, end) sentence ranges, and which are left (set by _shared_out)
    bounds: list[tuple[int, int]] = field(default_factory=list)
    cursor: _Cursor | None = None


#: the job of the forked workers: set in the parent just before the pool forks them
_JOB: _Job | None = None


def can_shard() -> bool:
    """Whether this platform can fork worker processes."""
    return "fork" in multiprocessing.get_all_start_methods()


def check_sharded(
    sentences: Sequence[Sentence],
    ruleset: RuleSet,
    *,
    disabled: frozenset[str] | set[str] = frozenset(),
    is_sud: bool = False,
    violation_filter: ViolationFilter | None = None,
    precision: Any = None,
    jobs: int = 1,
    on_done: Callable[[int], None] | None = None,
    chunk: int = CHUNK,
) -> list[SentenceCheck]:
    """``check_sentences`` over ``jobs`` processes (this one and ``jobs - 1`` forked workers),
    results in input order and identical to one process. ``on_done(n)`` is called as each
    range of ``n`` sentences is done; ``chunk`` sentences make one task (fewer than two chunks
    are checked in this process alone)."""
    sentences = list(sentences)
    if jobs <= 1 or len(sentences) < 2 * chunk or not can_shard():
        checks = check_sentences(sentences, ruleset, disabled=disabled, is_sud=is_sud,
                                 violation_filter=violation_filter, precision=precision)
        if on_done is not None:
            on_done(len(sentences))
        return checks
    job = _Job(sentences, ruleset, disabled, is_sud, violation_filter, precision,
               RuleIndex(ruleset.enabled_rules(disabled)))
    parts = _shared_out(job, jobs, chunk, _check_range, on_done,
                        lambda given, payload: _decode(given, payload, ruleset.rules),
                        lambda a, b: _check(job, a, b))
    return [c for part in parts for c in part]


def score_sharded(
    sentences: Sequence[Sentence],
    ruleset: RuleSet,
    *,
    disabled: frozenset[str] | set[str] = frozenset(),
    is_sud: bool = False,
    violation_filter: ViolationFilter | None = None,
    precision: Any = None,
    weights: Mapping[str, float] | None = None,
    jobs: int = 1,
    on_done: Callable[[int], None] | None = None,
    chunk: int = CHUNK,
    average: str = "macro",
) -> CorpusReport:
    """``score_corpus(check_sentences(...))`` over ``jobs`` processes, the same report as one
    process gives, for a report that shows the checks of few sentences: a worker sends back
    each sentence's rule counts only (a few bytes, where a check costs as much to send and
    rebuild as to make), and a sentence is checked again here if and when its check is asked
    for (``SentenceScore.check``). Checks of this process's own chunks are not kept either."""
    sentences = list(sentences)
    index = RuleIndex(ruleset.enabled_rules(disabled))
    if jobs <= 1 or len(sentences) < 2 * chunk or not can_shard():
        report = score_corpus(check_sentences(sentences, ruleset, disabled=disabled, is_sud=is_sud,
                                              violation_filter=violation_filter,
                                              precision=precision, index=index), weights,
                              average)
        if on_done is not None:
            on_done(len(sentences))
        return report
    job = _Job(sentences, ruleset, disabled, is_sud, violation_filter, precision, index)
    ids = [r.id for r in index.rules]
    redo = partial(check_sentence, ruleset=ruleset, disabled=disabled, is_sud=is_sud,
                   violation_filter=violation_filter, precision=precision, index=index)

    def local(a: int, b: int) -> list[Scored]:
        # checks are not kept here either: what a report shows is redone on demand, whichever
        # process counted it (keeping them costs memory, and time to allocate it)
        return [(rule_tallies(c), len(c.violations), c.error, g, None)
                for c, g in zip(_check(job, a, b), sentences[a:b], strict=True)]

    def received(given: Sequence[Sentence], payload: bytes) -> list[Scored]:
        out: list[Scored] = []
        for g, (error, violations, counts) in zip(given, pickle.loads(payload), strict=True):
            tallies = {ids[counts[k]]: RuleTally(counts[k + 1], counts[k + 2])
                       for k in range(0, len(counts), 3)}
            out.append((tallies, violations, error, g, None))
        return out

    parts = _shared_out(job, jobs, chunk, _tally_range, on_done, received, local)
    with collector_paused():
        return report_of((x for part in parts for x in part), weights, redo, average)


class _Cursor:
    """Which chunks are left, shared by this process and its forked workers: the workers take
    chunks from the front, this process from the back, until they meet. Its own chunks need no
    sending back, and neither side waits for the other: a worker asks for its next chunk itself
    (handing it tasks one by one went through the pool's manager thread, which waits for this
    process's interpreter lock while it checks: the worker stood idle a third of the time)."""

    def __init__(self, chunks: int) -> None:
        ctx = multiprocessing.get_context("fork")
        self._lock = ctx.Lock()
        #: next chunk at the front, one past the last chunk left, sentences the workers did
        self._state = ctx.RawArray("q", [0, chunks, 0])

    def take(self, front: bool) -> int | None:
        """The next chunk from the front (a worker) or the back (this process), or None."""
        with self._lock:
            first, end, _ = self._state
            if first >= end:
                return None
            if front:
                self._state[0] = first + 1
                return first
            self._state[1] = end - 1
            return end - 1

    def did(self, sentences: int) -> None:
        with self._lock:
            self._state[2] += sentences

    def done_by_workers(self) -> int:
        return self._state[2]


def _shared_out(job: _Job, jobs: int, chunk: int, task: Callable[[tuple[int, int]], P],
                on_done: Callable[[int], None] | None,
                receive: Callable[[Sequence[Sentence], P], list[T]],
                local: Callable[[int, int], list[T]]) -> list[list[T]]:
    """The chunks of ``job.sentences``, in order: ``task`` in ``jobs - 1`` forked workers
    (its payloads turned into results here by ``receive``) and ``local`` in this process."""
    global _JOB
    n = len(job.sentences)
    bounds = [(a, min(a + chunk, n)) for a in range(0, n, chunk)]
    cursor = _Cursor(len(bounds))
    _JOB = replace(job, bounds=bounds, cursor=cursor)
    done: list[list[T] | None] = [None] * len(bounds)
    reported = 0  # sentences of the workers' chunks passed to on_done

    def progress() -> None:
        nonlocal reported
        if on_done is not None and cursor.done_by_workers() > reported:
            on_done(cursor.done_by_workers() - reported)
            reported = cursor.done_by_workers()

    # the collector is paused for the whole job, here and in the workers (forked with it off):
    # checks form no cycles (see gcpause), and pausing it chunk by chunk would have it scan
    # each chunk's objects once the chunk is done. Objects made so far also go to the permanent
    # generation: should a worker collect, it does not walk (and so copy-on-write) every page
    # the parent holds
    try:
        with collector_paused(), objects_frozen(), ProcessPoolExecutor(
                max_workers=jobs - 1, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = [pool.submit(_drain, task) for _ in range(jobs - 1)]
            while (i := cursor.take(front=False)) is not None:
                a, b = bounds[i]
                done[i] = local(a, b)
                if on_done is not None:
                    on_done(b - a)
                progress()
            for future in futures:
                for i, payload in future.result():
                    a, b = bounds[i]
                    done[i] = receive(job.sentences[a:b], payload)
            progress()
    finally:
        _JOB = None
    return [part for part in done if part is not None]


def _check(job: _Job, a: int, b: int) -> list[SentenceCheck]:
    return check_sentences(job.sentences[a:b], job.ruleset, disabled=job.disabled,
                           is_sud=job.is_sud, violation_filter=job.violation_filter,
                           precision=job.precision, index=job.index)


# ------------------------------------------------------------------ in the worker


class _RefPickler(pickle.Pickler):
    """Pickles words of the checked sentences and the rule set's rules as references."""

    def __init__(self, buf: io.BytesIO, words: dict[int, tuple[str, int, int]],
                 rules: dict[int, int]) -> None:
        super().__init__(buf, protocol=pickle.HIGHEST_PROTOCOL)
        self.words, self.rules = words, rules

    def persistent_id(self, obj: Any) -> Any:  # noqa: D102 (pickle's hook)
        if type(obj) is Word:
            return self.words.get(id(obj))
        if type(obj) is Rule:
            i = self.rules.get(id(obj))
            return None if i is None else ("r", i)
        return None


def _same_except_tree(a: Word, b: Word) -> bool:
    return (a.id == b.id and a.form == b.form and a.lemma == b.lemma and a.upos == b.upos
            and a.xpos == b.xpos and a.feats == b.feats and a.deps == b.deps and a.misc == b.misc
            and a.start == b.start and a.end == b.end)


def _tree(check: Sentence, given: Sentence, converted_only: bool) -> Any:
    """How the parent gets the checked sentence: None (the input itself), or its heads and
    labels with the words that differ otherwise, or (rarely) the whole sentence.
    ``converted_only``: the sentence is ``to_sud``'s, whose words differ from the input's in
    head and label only (its contract), so they need not be compared."""
    if check is given:
        return None
    if (len(check.words) != len(given.words) or check.multiword is not given.multiword
            or check.metadata != given.metadata or check.source != given.source
            or check.line != given.line):
        return ("full", check)
    heads = tuple(map(_HEAD, check.words))
    labels = tuple(map(_LABEL, check.words))
    odd = {} if converted_only else {
        i: w for i, (w, g) in enumerate(zip(check.words, given.words, strict=True))
        if not _same_except_tree(w, g)}
    return ("tree", heads, labels, odd)


def _check_range(bounds: tuple[int, int]) -> tuple[bytes, bytes]:
    job = _JOB
    assert job is not None, "worker started without a job"
    a, b = bounds
    given = job.sentences[a:b]
    checks = _check(job, a, b)
    # the paper's method checks the converted sentence itself; the precise one may re-attach
    converted_only = job.precision is None
    with collector_paused():
        head = [(c.error, _tree(c.sentence, g, converted_only), tuple(map(_INSTANCE, c.instances)))
                for c, g in zip(checks, given, strict=True)]
        first = pickle.dumps(head, protocol=pickle.HIGHEST_PROTOCOL)
        # (a word of no checked sentence, such as the precise checker's copies with the chosen
        # features, travels by value)
        words = {id(w): ("w", j, i) for j, c in enumerate(checks) if c.violations or c.uncertain
                 for i, w in enumerate(c.sentence.words)}
        rules = {id(r): i for i, r in enumerate(job.ruleset.rules)}
        buf = io.BytesIO()
        _RefPickler(buf, words, rules).dump([(c.violations, c.uncertain) for c in checks])
    return first, buf.getvalue()


def _drain(task: Callable[[tuple[int, int]], P]) -> list[tuple[int, P]]:
    """A worker's one task: ``task`` on chunk after chunk taken from the front, until none is
    left; the payloads, by chunk."""
    job = _JOB
    assert job is not None and job.cursor is not None, "worker started without a job"
    out = []
    while (i := job.cursor.take(front=True)) is not None:
        out.append((i, task(job.bounds[i])))
        job.cursor.did(job.bounds[i][1] - job.bounds[i][0])
    return out


def _tally_range(bounds: tuple[int, int]) -> bytes:
    """A chunk's rule counts: per sentence its error, how many violations, and per rule (in
    order of first instance, as ``rule_tallies``) its index among the enabled rules, satisfied
    and violated instances, flat."""
    job = _JOB
    assert job is not None, "worker started without a job"
    number = {r.id: i for i, r in enumerate(job.index.rules)}
    out = []
    with collector_paused():
        for c in _check(job, *bounds):
            counts: list[int] = []
            for rid, t in rule_tallies(c).items():
                counts += (number[rid], t.satisfied, t.violated)
            out.append((c.error, len(c.violations), counts))
        return pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL)


# ------------------------------------------------------------------ back in the parent


class _RefUnpickler(pickle.Unpickler):
    def __init__(self, data: bytes, sentences: list[Sentence], rules: Sequence[Rule]) -> None:
        super().__init__(io.BytesIO(data))
        self.sentences, self.rules = sentences, rules

    def persistent_load(self, pid: Any) -> Any:  # noqa: D102 (pickle's hook)
        if pid[0] == "w":
            return self.sentences[pid[1]].words[pid[2]]
        return self.rules[pid[1]]


def _rebuild(given: Sentence, heads: tuple[int, ...], labels: tuple[str, ...],
             odd: dict[int, Word]) -> Sentence:
    """The converted sentence, as ``sud.to_sud`` builds it: the input's words copied with new
    heads and labels, its metadata copied, the rest shared."""
    words = copy_words(given.words, [0, *heads], ["", *labels])
    for i, w in odd.items():
        words[i] = w
    return with_words(given, words)


def _decode(given: Sequence[Sentence], payload: tuple[bytes, bytes],
            rules: Sequence[Rule]) -> list[SentenceCheck]:
    head = pickle.loads(payload[0])
    sentences: list[Sentence] = []
    for (_, tree, _), g in zip(head, given, strict=True):
        if tree is None:
            sentences.append(g)
        elif tree[0] == "full":
            sentences.append(tree[1])
        else:
            sentences.append(_rebuild(g, tree[1], tree[2], tree[3]))
    found = _RefUnpickler(payload[1], sentences, rules).load()
    out = []
    for (error, _, instances), sent, (violations, uncertain) in zip(head, sentences, found, strict=True):
        check = SentenceCheck(sent, list(starmap(RuleInstance, instances)), violations, error, uncertain)
        out.append(check)
    return out
