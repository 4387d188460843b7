"""Where parsing runs: in this process, in ``--jobs N`` worker processes, or on a Ray cluster.

Every backend offers the same two calls, so the scoring code does not care which one runs:

- ``map_parse(batches)``: parse batches of one-sentence strings, results in input order;
- ``split(text)``: sentence spans of running text (Stanza's tokenizer).

Each worker (process or Ray actor) loads the model once and keeps it. Torch threads are shared
out: ``N`` local workers get ``cores // N`` threads each. Workers only parse; checking and
scoring do not depend on the backend (``lambre_core.shard`` shares out checking, with
results identical to one process).
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Protocol

from .doc import Sentence
from .errors import LambreError


@dataclass(frozen=True)
class ParserSpec:
    """What a worker loads: language, model directory, device and torch threads."""

    lang: str
    models: str | None = None
    device: str = "cpu"
    threads: int | None = None


class ParseBackend(Protocol):
    """Something that parses batches of sentences and splits running text."""

    workers: int

    def map_parse(self, batches: Iterable[Sequence[str]]) -> Iterator[list[Sentence]]: ...

    def split(self, text: str) -> list[tuple[int, int]]: ...

    def close(self) -> None: ...


def _load(spec: ParserSpec) -> Any:
    if spec.threads:
        os.environ["LAMBRE_THREADS"] = str(spec.threads)
    from .parse import load_parser

    parser = load_parser(spec.lang, spec.models, spec.device)
    if spec.threads:
        import torch

        torch.set_num_threads(spec.threads)  # also when the parser was loaded before
    return parser


class LocalBackend:
    """Parsing in this process, with the model cache of ``parse.load_parser``."""

    workers = 1

    def __init__(self, spec: ParserSpec) -> None:
        self.parser = _load(spec)

    def map_parse(self, batches: Iterable[Sequence[str]]) -> Iterator[list[Sentence]]:
        for b in batches:
            yield self.parser.parse_sentences(b)

    def split(self, text: str) -> list[tuple[int, int]]:
        return list(self.parser.split_sentences(text))

    def close(self) -> None:
        pass


#: the parser of a worker process (set once by its initializer)
_WORKER_PARSER: Any = None


def _init_worker(spec: ParserSpec) -> None:
    global _WORKER_PARSER
    _WORKER_PARSER = _load(spec)


def _worker_parse(texts: Sequence[str]) -> list[Sentence]:
    return list(_WORKER_PARSER.parse_sentences(texts))


def _worker_split(text: str) -> list[tuple[int, int]]:
    return list(_WORKER_PARSER.split_sentences(text))


def _worker_ready(_: int = 0) -> int:
    return os.getpid()


class ProcessBackend:
    """``jobs`` worker processes (spawned: torch does not survive a fork), each with its model."""

    def __init__(self, spec: ParserSpec, jobs: int) -> None:
        cores = os.cpu_count() or 1
        spec = ParserSpec(spec.lang, spec.models, spec.device, spec.threads or max(1, cores // jobs))
        self.workers = jobs
        self._pool = ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"),
                                         initializer=_init_worker, initargs=(spec,))
        # a model that fails to load should fail here, once, with its own message
        try:
            list(self._pool.map(_worker_ready, range(jobs)))
        except LambreError:
            self._pool.shutdown(cancel_futures=True)
            raise
        except Exception as exc:  # BrokenProcessPool: the initializer raised
            self._pool.shutdown(cancel_futures=True)
            _load(spec)  # raises the model's own error in this process
            raise LambreError(f"parser worker failed to start: {exc}") from None

    def map_parse(self, batches: Iterable[Sequence[str]]) -> Iterator[list[Sentence]]:
        # map() keeps input order; at most 2 batches per worker are in flight
        pending: list[Any] = []
        for b in batches:
            pending.append(self._pool.submit(_worker_parse, list(b)))
            if len(pending) >= 2 * self.workers:
                yield pending.pop(0).result()
        for fut in pending:
            yield fut.result()

    def split(self, text: str) -> list[tuple[int, int]]:
        return list(self._pool.submit(_worker_split, text).result())

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)


class RayBackend:
    """Ray actors on a cluster (``--cluster ADDRESS``), each holding one loaded model.

    The nodes need this package installed (or on ``PYTHONPATH``) and the models at the same
    path, or under ``$LAMBRE_MODELS_DIR``."""

    def __init__(self, spec: ParserSpec, address: str, jobs: int | None) -> None:
        try:
            import ray
        except ImportError:
            raise LambreError("--cluster needs Ray: pip install 'ray'") from None
        self._ray: Any = ray
        _probe(address)  # Ray itself retries an absent head for minutes
        try:
            ray.init(address=address, ignore_reinit_error=True, logging_level=logging.ERROR,
                     log_to_driver=False)
        except Exception as exc:  # ConnectionError, ValueError, RuntimeError from Ray
            raise LambreError(f"--cluster {address}: cannot connect to Ray: {exc}") from None
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = jobs or max(1, cpus)
        gpus = 1 if spec.device == "cuda" else 0
        actor = ray.remote(num_cpus=1, num_gpus=gpus)(_RayParser)
        self._actors: list[Any] = [actor.remote(spec) for _ in range(self.workers)]
        try:
            ray.get([a.ready.remote() for a in self._actors])
        except Exception as exc:  # a model that does not load on the nodes
            self.close()
            raise LambreError(f"--cluster {address}: parser workers failed to start: "
                              f"{_ray_cause(exc)}") from None
        self._pool: Any = ray.util.ActorPool(self._actors)

    def map_parse(self, batches: Iterable[Sequence[str]]) -> Iterator[list[Sentence]]:
        yield from self._pool.map(lambda a, b: a.parse.remote(list(b)), batches)

    def split(self, text: str) -> list[tuple[int, int]]:
        return list(self._ray.get(self._actors[0].split.remote(text)))

    def close(self) -> None:
        for a in getattr(self, "_actors", []):
            self._ray.kill(a)
        self._ray.shutdown()


def _probe(address: str) -> None:
    """Fail fast, with a clear message, when nothing listens at a ``HOST:PORT`` address."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto" and other forms: left to Ray
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=5):
            pass
    except OSError as exc:
        raise LambreError(f"--cluster {address}: cannot connect to Ray: nothing answers at "
                          f"{host}:{port} ({exc.strerror or exc})") from None


def _ray_cause(exc: BaseException) -> str:
    cause = getattr(exc, "cause", None)
    return str(cause if cause is not None else exc).strip().splitlines()[-1]


class _RayParser:
    """A Ray actor: one loaded parser."""

    def __init__(self, spec: ParserSpec) -> None:
        self.parser = _load(ParserSpec(spec.lang, spec.models, spec.device, spec.threads or 1))

    def ready(self) -> int:
        return os.getpid()

    def parse(self, texts: list[str]) -> list[Sentence]:
        return list(self.parser.parse_sentences(texts))

    def split(self, text: str) -> list[tuple[int, int]]:
        return list(self.parser.split_sentences(text))


def open_backend(spec: ParserSpec, jobs: int = 1, cluster: str | None = None) -> ParseBackend:
    """The backend for ``--jobs`` and ``--cluster``: Ray when a cluster is named, else worker
    processes for ``jobs > 1``, else this process."""
    if jobs < 1:
        raise LambreError(f"--jobs {jobs}: expected a positive number")
    if cluster:
        return RayBackend(spec, cluster, jobs if jobs > 1 else None)
    if jobs > 1:
        return ProcessBackend(spec, jobs)
    return LocalBackend(spec)
