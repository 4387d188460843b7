"""Scoring several files (one per system) in one run: read, parse through the cache and a parse
backend, check, score. The engine behind ``lambre-core score``.

Text files are parsed one sentence per line (or split into sentences with ``ssplit``); CoNLL-U
files are taken as parsed. All text of all files goes through one parse cache lookup and one
stream of batches (identical segments of two systems are parsed once). The model is loaded
only when something is not in the cache. A file that cannot be read is reported in its
``SystemResult.error`` and the others are still scored.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .check import check_sentences
from .conllu_io import read_conllu
from .doc import Sentence, shift_offsets
from .errors import LambreError
from .parse_cache import ParseCache, cached_parse, model_key, text_key
from .rules import RuleSet
from .score import CorpusReport, score_corpus

if TYPE_CHECKING:  # (parsing is imported only when there is text to parse: CoNLL-U needs none)
    from .parse_pool import ParseBackend, ParserSpec

#: sentences per parse batch (one worker call)
BATCH = 64


@dataclass(frozen=True)
class InputFile:
    """One system's output: a path, whether it is CoNLL-U, and the name reports use."""

    path: str
    conllu: bool
    name: str


@dataclass
class SystemResult:
    """One file's outcome: its report, or why it failed."""

    input: InputFile
    report: CorpusReport | None = None
    error: LambreError | None = None
    #: seconds spent checking this file's sentences (parsing is shared by the files, in batches)
    check_seconds: float = 0.0


@dataclass
class ScoreSettings:
    """How to parse and check (the command line's options, as engine values)."""

    lang: str
    ruleset: RuleSet
    disabled: frozenset[str] = frozenset()
    weights: Mapping[str, float] | None = None
    #: how the corpus score averages over rules: "macro" or "micro" (``lambre_core.score``)
    average: str = "macro"
    precision: Any = None
    models: str | None = None
    ssplit: bool = False
    #: each line is a segment of its own (MT output): split sentences never cross a line break
    line_segments: bool = False
    device: str = "cpu"
    jobs: int = 1
    cluster: str | None = None
    cache: ParseCache | None = None
    #: show a progress bar: None = only on a terminal
    progress: bool | None = None
    #: the report shows every sentence's findings (with --jobs, checks then come back whole)
    per_sentence: bool = False
    #: score only the first N segments (lines, split sentences or CoNLL-U sentences) of each file
    limit: int | None = None
    warn: Callable[[str], None] = field(default=lambda msg: print(msg, file=sys.stderr))


def input_files(paths: Sequence[str], conllu: Sequence[str]) -> list[InputFile]:
    """Inputs with unique report names: the file name, or the path where names clash. A path
    ending in ``.conllu`` is read as CoNLL-U."""
    items = [(p, p.endswith(".conllu")) for p in paths] + [(p, True) for p in conllu]
    names = [Path(p).name if p != "-" else "stdin" for p, _ in items]
    return [InputFile(p, c, n if names.count(n) == 1 else p)
            for (p, c), n in zip(items, names, strict=True)]


@dataclass
class _Units:
    """A text file's segments: their texts and where each sits (line number or char offset)."""

    texts: list[str]
    lines: list[int] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)


class _LazyBackend:
    """Opens the parse backend (loads models) on first use only: a cached run loads nothing."""

    def __init__(self, spec: ParserSpec, jobs: int, cluster: str | None) -> None:
        self.spec, self.jobs, self.cluster = spec, jobs, cluster
        self._backend: ParseBackend | None = None

    @property
    def backend(self) -> ParseBackend:
        if self._backend is None:
            from .parse_pool import open_backend

            self._backend = open_backend(self.spec, self.jobs, self.cluster)
        return self._backend

    def map_parse(self, batches: Iterable[Sequence[str]]) -> Iterable[list[Sentence]]:
        batches = list(batches)
        if not batches:
            return []
        return self.backend.map_parse(batches)

    def close(self) -> None:
        if self._backend is not None:
            self._backend.close()


def _split_cached(text: str, backend: _LazyBackend, settings: ScoreSettings,
                  model: str) -> list[tuple[int, int]]:
    key = text_key(settings.lang, model, text, "ssplit-spans")
    cache = settings.cache
    stored = cache.get_many([key]).get(key) if cache is not None else None
    if stored is not None:
        try:
            return [(int(a), int(b)) for a, b in json.loads(stored)]
        except (ValueError, TypeError):
            pass  # not what this code writes: split again and overwrite
    spans = backend.backend.split(text)
    if cache is not None:
        cache.put_many({key: json.dumps(spans)})
    return spans


def _within_lines(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` cut at every line break inside them, each piece stripped of its blanks (a
    title line without a full stop is no part of the sentence on the next line)."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        start = a
        for piece in text[a:b].split("\n"):
            lo = start + len(piece) - len(piece.lstrip())
            hi = start + len(piece.rstrip())
            if lo < hi:
                out.append((lo, hi))
            start += len(piece) + 1
    return out


def _units(text: str, ssplit: bool, split: Callable[[str], list[tuple[int, int]]],
           line_segments: bool = False) -> _Units:
    if ssplit:
        spans = split(text)
        if line_segments:
            spans = _within_lines(text, spans)
        return _Units([text[a:b] for a, b in spans], starts=[a for a, _ in spans])
    lines = [(i, line) for i, line in enumerate(text.splitlines(), start=1) if line.strip()]
    return _Units([t for _, t in lines], lines=[i for i, _ in lines])


def _first_lines(text: str, n: int) -> str:
    """``text`` up to the end of its ``n``-th non-blank line, lines as ``_units`` counts them
    (``str.splitlines``); offsets stay those of ``text``."""
    seen = end = 0
    for line in text.splitlines(keepends=True):
        end += len(line)
        if line.strip():
            seen += 1
            if seen == n:
                return text[:end]
    return text


def _place(sentences: list[Sentence], units: _Units) -> None:
    """Give parsed segments their ids (lines) or document offsets (split text)."""

    for i, sent in enumerate(sentences):
        if units.lines:
            sent.metadata.setdefault("sent_id", f"line-{units.lines[i]}")
        elif units.starts:
            shift_offsets(sent, units.starts[i])
            sent.metadata["start_char"] = str(units.starts[i])


class _NoBar:
    """A progress bar that shows nothing (no terminal, or ``--no-progress``)."""

    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, enabled: bool | None, desc: str) -> Any:
    """A tqdm bar on stderr; by default only when stderr is a terminal (as tqdm's
    ``disable=None``), and tqdm is then not even imported."""
    if enabled is False or (enabled is None and not sys.stderr.isatty()):
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, unit="sent", desc=desc, file=sys.stderr, dynamic_ncols=True, smoothing=0.1)


def _counted(sentences: Iterable[Sentence], bar: Any) -> Iterator[Sentence]:
    """``sentences``, ticking the progress bar as each is taken (precise checking is slow)."""
    for s in sentences:
        yield s
        bar.update(1)


def _released(sentences: list[Sentence]) -> Iterator[Sentence]:
    """Each sentence of the list, dropped from it once taken: an input sentence is freed when
    its check is made (the check keeps the converted copy), which lowers peak memory."""
    sentences.reverse()
    while sentences:
        yield sentences.pop()


def score_files(inputs: Sequence[InputFile], settings: ScoreSettings,
                read_text: Callable[[str], str]) -> list[SystemResult]:
    """Score every input; a file that fails is returned with ``error`` set, the rest scored."""
    results = [SystemResult(f) for f in inputs]
    parsed: dict[int, list[Sentence]] = {}
    texts: dict[int, str] = {}
    for i, r in enumerate(results):
        try:
            if r.input.conllu:
                parsed[i] = read_conllu(r.input.path)[:settings.limit]
            else:
                texts[i] = read_text(r.input.path)
        except LambreError as err:
            r.error = err
        except OSError as err:  # unreadable: named and skipped, the other files are scored
            r.error = LambreError(err.strerror or str(err), r.input.path)
    if texts:
        _parse_texts(texts, parsed, results, settings)
    # --jobs also shares out checking, in local processes (a --cluster parses remotely only).
    # Workers send rule counts back, and a report that shows a sentence's findings has it
    # checked again here (shard.score_sharded): cheap for the few worst sentences of an HTML
    # report, not for every sentence. With every sentence's findings asked for, precise checks
    # are sent back whole; the paper's method checks a sentence in about the time it takes to
    # send its check back and rebuild it (bench/check_throughput.py), so it stays in this process
    jobs = settings.jobs if settings.cluster is None else 1
    for i, r in enumerate(results):
        if r.error is not None or i not in parsed:
            continue
        bar = _progress(len(parsed[i]), settings.progress, f"checking {r.input.name}")
        started = time.perf_counter()
        common: dict[str, Any] = {"disabled": settings.disabled, "precision": settings.precision}
        if jobs > 1:  # (worker processes: imported only when asked for)
            from .shard import check_sharded, score_sharded
        try:
            if jobs > 1 and not settings.per_sentence:
                r.report = score_sharded(parsed.pop(i), settings.ruleset, weights=settings.weights,
                                         jobs=jobs, on_done=bar.update, average=settings.average,
                                         **common)
            elif jobs > 1 and settings.precision is not None:
                r.report = score_corpus(check_sharded(parsed.pop(i), settings.ruleset, jobs=jobs,
                                                      on_done=bar.update, **common),
                                         settings.weights, settings.average)
            else:
                r.report = score_corpus(check_sentences(_counted(_released(parsed.pop(i)), bar),
                                                        settings.ruleset, **common),
                                         settings.weights, settings.average)
        finally:
            bar.close()
            r.check_seconds = time.perf_counter() - started
        for s in r.report.skipped:
            where = f"{s.sentence.source}:{s.sentence.line}" if s.sentence.line else r.input.path
            settings.warn(f"lambre-core: warning: {where}: sentence {s.sentence.sent_id or ''} "
                          f"skipped: {s.error}")
    return results


def _parse_texts(texts: dict[int, str], parsed: dict[int, list[Sentence]],
                 results: list[SystemResult], settings: ScoreSettings) -> None:
    from .parse_pool import ParserSpec

    model = model_key(settings.lang, settings.models)
    spec = ParserSpec(settings.lang, settings.models, settings.device)
    backend = _LazyBackend(spec, settings.jobs, settings.cluster)
    try:
        units: dict[int, _Units] = {}
        for i, text in texts.items():
            try:
                if settings.limit:  # read (and split) only what is scored
                    text = _first_lines(text, settings.limit)
                units[i] = _units(text, settings.ssplit,
                                  lambda t: _split_cached(t, backend, settings, model),
                                  settings.line_segments)
            except LambreError as err:
                results[i].error = err
        order = [(i, t) for i, u in units.items() for t in u.texts]
        bar = _progress(len(order), settings.progress, "parsing")
        try:
            sentences = cached_parse([t for _, t in order], None, settings.cache,
                                     settings.lang, model, batch_size=BATCH, on_batch=bar.update,
                                     map_batches=backend.map_parse)
        finally:
            bar.close()
        k = 0
        for i, u in units.items():
            parsed[i] = sentences[k:k + len(u.texts)]
            k += len(u.texts)
            _place(parsed[i], u)
    finally:
        backend.close()
