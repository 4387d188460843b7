"""A parser in a child process that starts importing torch and Stanza the moment it is spawned.

Importing torch and Stanza takes about two seconds of one core, and a long-running front end
(the language server) has its own imports and handshake to do first. Spawned at the front end's
start, the child imports while the parent starts up, on another core, and loads a language's
model once the parent asks for it; the parent never imports torch. Parsing in the child gives
the same trees as in-process parsing (same code, same models); results come back pickled.

The protocol is private to the two ends: length-prefixed pickles over the child's stdin and
stdout (``_send`` / ``_recv``). The child's own standard output is re-pointed at stderr, so a
library that prints cannot corrupt the protocol. The child exits when its stdin closes.
"""

from __future__ import annotations

import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from .errors import LambreError
from .gcpause import collector_paused, keep_for_life

if TYPE_CHECKING:
    from .doc import Sentence
    from .parse import ModelSource

log = logging.getLogger(__name__)

_HEADER = struct.Struct(">Q")

#: (language, resolved model directory, device): one loaded model in the child
ModelKey = tuple[str, str, str]


def _send(fh: IO[bytes], obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    fh.write(_HEADER.pack(len(data)) + data)
    fh.flush()


def _read_exactly(fh: IO[bytes], n: int) -> bytes | None:
    chunks: list[bytes] = []
    while n:
        got = fh.read(n)
        if not got:
            return None
        chunks.append(got)
        n -= len(got)
    return b"".join(chunks)


def _recv(fh: IO[bytes]) -> Any:
    """The next message, or None at end of stream (the other end is gone)."""
    head = _read_exactly(fh, _HEADER.size)
    if head is None:
        return None
    body = _read_exactly(fh, _HEADER.unpack(head)[0])
    return None if body is None else pickle.loads(body)


# -- the child ------------------------------------------------------------------------------


def serve(inp: IO[bytes], out: IO[bytes]) -> int:
    """The child's loop: import torch and Stanza, then answer ``load`` and ``parse`` requests
    until stdin closes. Every request gets exactly one reply: ``("ok", value)``,
    ``("lambre", message, file, line, column)`` or ``("error", text)``."""
    with collector_paused():  # long-lived objects: no collections over them (see gcpause)
        from .parse import import_stanza, load_parser, torch_environment

        torch_environment()
        import torch  # noqa: F401  (imported now: the point of starting early)

        import_stanza()
    keep_for_life()

    parsers: dict[ModelKey, Any] = {}
    while True:
        msg = _recv(inp)
        if msg is None:
            return 0
        op, *args = msg
        reply: tuple[Any, ...]
        try:
            if op == "load":
                lang, models, device = args
                parser = load_parser(lang, models, device)
                key: ModelKey = (lang, str(parser.source.path), parser.device)
                parsers[key] = parser
                keep_for_life()
                reply = ("ok", key)
            elif op == "parse":
                key, texts = args
                reply = ("ok", list(parsers[key].parse_sentences(texts)))
            else:
                reply = ("error", f"unknown request {op!r}")
        except LambreError as exc:
            reply = ("lambre", exc.message, exc.file, exc.line, exc.column)
        except Exception as exc:  # reported to the parent, which decides what it costs
            reply = ("error", f"{type(exc).__name__}: {exc}")
        _send(out, reply)
        if op == "parse":
            trim()  # after the reply: the parent checks the batch meanwhile


def trim() -> None:
    """Give the heap's free pages back to the system (glibc only; elsewhere nothing). Torch
    frees a batch's tensors into the heap, where glibc keeps them: without this the child
    grows by about 150 MB over its first few hundred sentences and stays there."""
    global _malloc_trim
    if _malloc_trim is None:
        import ctypes

        # the C library this process already has loaded: ``ctypes.util.find_library`` would
        # run ``ldconfig`` in a child process (the language server calls this after a check)
        try:
            _malloc_trim = ctypes.CDLL(None).malloc_trim
        except (OSError, AttributeError):
            _malloc_trim = False
    if _malloc_trim:
        _malloc_trim(0)


_malloc_trim: Any = None


def main() -> int:
    """Entry point of ``python -m lambre_core.parse_process`` (spawned by ``ParserProcess``)."""
    proto_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray prints go to stderr
    try:
        return serve(sys.stdin.buffer, proto_out)
    except KeyboardInterrupt:
        return 0


# -- the parent -----------------------------------------------------------------------------


@dataclass
class RemoteParser:
    """A model loaded in a ``ParserProcess``; parses like ``parse.Parser.parse_sentences``.
    ``lexicon`` is the model's shipped lexicon, loaded in this process (the checks read it)."""

    process: ParserProcess
    key: ModelKey
    source: ModelSource
    lexicon: Any = None
    lang: str = field(init=False)

    def __post_init__(self) -> None:
        self.lang = self.key[0]

    def parse_sentences(self, texts: Sequence[str]) -> list[Sentence]:
        """Parse each string as exactly one sentence, in the child."""
        texts = list(texts)
        if not texts:
            return []
        out: list[Sentence] = self.process.request(self.key, "parse", self.key, texts)
        return out


class ParserProcess:
    """The parent's handle on one child parser process (started at once by the constructor).

    Thread-safe: requests are serialised. If the child dies (killed, out of memory), the request
    in flight fails with a ``LambreError`` and the next one starts a new child, which loads the
    models the old one had before answering."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._loaded: dict[ModelKey, tuple[str, str | None, str]] = {}
        self._start()

    def _start(self) -> None:
        # the child inherits stderr (the parent's log) and the environment (LAMBRE_THREADS)
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "lambre_core.parse_process"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=os.environ.copy())

    def load(self, lang: str, models_dir: str | os.PathLike[str] | None = None,
             device: str = "cpu") -> RemoteParser:
        """Load ``lang``'s model in the child (once; later calls return the loaded one). A
        missing model directory fails here at once, without waiting for the child."""
        from .parse import _model_lexicon, resolve_models

        # read while the child still imports torch: off the way to the first diagnostics
        lexicon = _model_lexicon(resolve_models(lang, models_dir))
        return self.parser(self.load_model(lang, models_dir, device), lexicon)

    def load_model(self, lang: str, models_dir: str | os.PathLike[str] | None = None,
                   device: str = "cpu") -> ModelKey:
        """Load ``lang``'s model in the child and return its key (``parser`` makes the handle)."""
        from .parse import resolve_models

        resolve_models(lang, models_dir)  # fast: a missing model is said at once
        # the device is resolved in the child: "auto" asks torch, which this process never imports
        spec = (lang, None if models_dir is None else str(models_dir), device)
        key: ModelKey = self.request(None, "load", *spec)
        self._loaded[key] = spec
        return key

    def parser(self, key: ModelKey, lexicon: Any = None) -> RemoteParser:
        """The handle on a model ``load_model`` loaded; ``lexicon``: the model's shipped lexicon,
        loaded in this process."""
        from .parse import resolve_models

        lang, models_dir, _device = self._loaded[key]
        return RemoteParser(self, key, resolve_models(lang, models_dir), lexicon)

    def request(self, needs: ModelKey | None, *msg: Any) -> Any:
        """Send one request and return the child's answer (raising what it raised). ``needs``:
        the model the request parses with, reloaded first if the child was restarted."""
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._restart()
            if needs is not None and needs not in self._loaded:
                raise LambreError(f"the model {needs[1]} is not loaded in the parser process")
            reply = self._exchange(msg)
        kind, *rest = reply
        if kind == "ok":
            return rest[0]
        if kind == "lambre":
            raise LambreError(*rest)
        raise RuntimeError(f"parser process: {rest[0]}")

    def _exchange(self, msg: tuple[Any, ...]) -> tuple[Any, ...]:
        proc = self._proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        try:
            _send(proc.stdin, msg)
            reply = _recv(proc.stdout)
        except (OSError, EOFError, pickle.UnpicklingError) as exc:
            reply = None
            log.warning("parser process: %s", exc)
        if reply is None:
            code = proc.poll()
            self._proc = None
            raise LambreError(f"the parser process stopped (exit code {code}); the next "
                              f"request starts a new one")
        result: tuple[Any, ...] = reply
        return result

    def _restart(self) -> None:
        """A new child, with the models the old one had loaded (in the order they were)."""
        if self._proc is not None:
            log.warning("parser process exited with code %s; starting a new one",
                        self._proc.returncode)
        self._start()
        for spec in list(self._loaded.values()):
            kind, *rest = self._exchange(("load", *spec))
            if kind != "ok":
                log.warning("reloading %s in the new parser process failed: %s", spec[0], rest)

    def close(self, timeout: float = 2.0) -> None:
        """Close the child's stdin (it exits) and wait a little; kill it if it does not."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            if proc.stdout is not None:
                proc.stdout.close()

    @property
    def pid(self) -> int | None:
        """The child's process id (None when it is not running)."""
        return None if self._proc is None else self._proc.pid


if __name__ == "__main__":
    sys.exit(main())
