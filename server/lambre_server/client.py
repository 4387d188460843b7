"""A small real LSP client for ``lambre-server`` (pygls's ``LanguageClient`` over stdio), used by the
end-to-end tests and ``bench/lsp_latency.py``: it starts the server process, records what the
server publishes, and lets a caller wait for the diagnostics of a given document version."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from .server import DIVERGED_NOTIFICATION, SCORE_NOTIFICATION, STATE_REQUEST

#: how many of the server's last stderr lines the client keeps
STDERR_LINES = 200


@dataclass
class Published:
    """One publishDiagnostics: ``at`` is when its JSON started to be read (what an editor
    would see), ``handled`` when this Python client had built lsprotocol objects from it
    (slow for thousands of diagnostics, and not the server's doing)."""

    uri: str
    version: int | None
    diagnostics: list[types.Diagnostic]
    at: float
    handled: float = 0.0


@dataclass
class Recorder:
    """Everything the server sent that a test looks at."""

    diagnostics: list[Published] = field(default_factory=list)
    scores: list[dict[str, Any]] = field(default_factory=list)
    messages: list[types.ShowMessageParams] = field(default_factory=list)
    progress: list[Any] = field(default_factory=list)
    #: ``lambre/documentDiverged`` notifications (each answered with the whole text)
    diverged: list[dict[str, Any]] = field(default_factory=list)
    #: when each progress notification arrived (perf_counter)
    progress_at: list[float] = field(default_factory=list)
    #: workspace/diagnostic/refresh requests received (pull clients)
    refreshes: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def latest(self, uri: str) -> Published | None:
        """The last diagnostics published for ``uri``."""
        for p in reversed(self.diagnostics):
            if p.uri == uri:
                return p
        return None


def _to_dict(obj: Any) -> Any:
    if isinstance(obj, dict):
        return obj
    if hasattr(obj, "_asdict"):
        return {k: _to_dict(v) for k, v in obj._asdict().items()}
    if hasattr(obj, "__dict__"):
        return {k: _to_dict(v) for k, v in vars(obj).items()}
    if isinstance(obj, list):
        return [_to_dict(x) for x in obj]
    return obj


class _Clock:
    """When the message being handled started to be parsed."""

    def __init__(self) -> None:
        self.current: float | None = None
        self.last = 0.0


def _arrival_clock(client: LanguageClient) -> _Clock:
    """Time-stamp each incoming message when its JSON starts to be parsed: pygls calls the
    object hook for every JSON object, innermost first, the message itself last."""
    clock = _Clock()
    protocol = client.protocol
    original = protocol.structure_message

    def hook(data: dict[str, Any]) -> Any:
        if clock.current is None:
            clock.current = time.perf_counter()
        if "jsonrpc" in data:
            clock.last, clock.current = clock.current, None
        return original(data)

    protocol.structure_message = hook  # type: ignore[method-assign]
    return clock


def _fix_code_action_union(client: LanguageClient) -> None:
    """lsprotocol 2025.0.0 reads every code action that has a ``command`` as a bare ``Command``
    (its hook tests for the key, not for a string); tell them apart by the value's type."""
    conv = client.protocol._converter

    def hook(obj: Any, _: type) -> types.Command | types.CodeAction:
        if isinstance(obj.get("command"), str):
            return conv.structure(obj, types.Command)
        return conv.structure(obj, types.CodeAction)

    conv.register_structure_hook(types.Command | types.CodeAction, hook)


class LambreClient:
    """Drive a ``lambre-server`` subprocess over stdio."""

    def __init__(self) -> None:
        self.client = LanguageClient("lambre-test-client", "0.1")
        self.rec = Recorder()
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}
        self.encoding: str = types.PositionEncodingKind.Utf16
        #: the server's last stderr lines (its log and Python warnings), read as they come
        self.stderr_tail: deque[str] = deque(maxlen=STDERR_LINES)
        #: how many bytes the server has written to stderr
        self.stderr_bytes = 0
        self._stderr_task: asyncio.Task[None] | None = None
        rec = self.rec
        _fix_code_action_union(self.client)

        arrival = _arrival_clock(self.client)

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            rec.diagnostics.append(Published(params.uri, params.version, list(params.diagnostics),
                                             arrival.last, time.perf_counter()))
            rec.changed.set()

        @self.client.feature(SCORE_NOTIFICATION)
        def on_score(params: Any) -> None:
            rec.scores.append(_to_dict(params))
            rec.changed.set()

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def on_message(params: types.ShowMessageParams) -> None:
            rec.messages.append(params)
            rec.changed.set()

        @self.client.feature(DIVERGED_NOTIFICATION)
        def on_diverged(params: Any) -> None:
            # what an editor does: send the whole text (a new version) so both copies agree
            info = _to_dict(params)
            rec.diverged.append(info)
            uri = str(info.get("uri"))
            if uri in self.texts:
                self.change(uri, None, self.texts[uri], self.texts[uri])
            rec.changed.set()

        @self.client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_progress_create(params: Any) -> None:
            return None

        @self.client.feature(types.WORKSPACE_DIAGNOSTIC_REFRESH)
        def on_refresh(params: Any) -> None:
            rec.refreshes += 1
            rec.changed.set()

        @self.client.feature(types.PROGRESS)
        def on_progress(params: Any) -> None:
            rec.progress.append(params)
            rec.progress_at.append(time.perf_counter())

    async def start(self, *, initialization_options: dict[str, Any] | None = None,
                    root: str | None = None, encodings: list[str] | None = None,
                    env: dict[str, str] | None = None, server_args: list[str] | None = None,
                    pull: bool = False) -> types.InitializeResult:
        """Start ``python -m lambre_server`` and initialize it (``pull``: as a client that pulls
        diagnostics with ``textDocument/diagnostic``)."""
        full_env = {**os.environ, **(env or {})}
        await self.client.start_io(sys.executable, "-m", "lambre_server", *(server_args or []),
                                   env=full_env)
        # pygls pipes the server's stderr and never reads it: once the pipe's buffer is full,
        # the server blocks on its next log line or warning and stops answering. Drain it.
        proc = self.process
        if proc is not None and proc.stderr is not None:
            self._stderr_task = asyncio.ensure_future(self._drain_stderr(proc.stderr))
        caps = types.ClientCapabilities(
            window=types.WindowClientCapabilities(work_done_progress=True),
            general=types.GeneralClientCapabilities(position_encodings=encodings)
            if encodings else None,
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                    related_information=True, version_support=True),
                hover=types.HoverClientCapabilities(
                    content_format=[types.MarkupKind.Markdown]),
                diagnostic=types.DiagnosticClientCapabilities(related_document_support=False)
                if pull else None,
            ),
            workspace=types.WorkspaceClientCapabilities(
                diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True))
            if pull else None,
        )
        root_uri = None
        if root:
            root_uri = "file://" + os.path.abspath(root)
        result = await self.client.initialize_async(types.InitializeParams(
            capabilities=caps, process_id=os.getpid(), root_uri=root_uri,
            initialization_options=initialization_options,
        ))
        self.client.initialized(types.InitializedParams())
        enc = result.capabilities.position_encoding
        if enc:
            self.encoding = enc
        return result

    async def stop(self) -> None:
        """Shut the server down politely (shutdown + exit) and wait for it."""
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), 60)
            self.client.exit(None)
        except Exception:
            pass
        try:
            await asyncio.wait_for(self.client.stop(), 60)
        except Exception:
            server = getattr(self.client, "_server", None)
            if server is not None and server.returncode is None:
                server.kill()

    async def _drain_stderr(self, stream: asyncio.StreamReader) -> None:
        # read in chunks: a line longer than the stream's limit must not stop the draining
        pending = b""
        while True:
            chunk = await stream.read(65536)
            self.stderr_bytes += len(chunk)
            if not chunk:
                if pending:
                    self.stderr_tail.append(pending.decode("utf-8", "replace"))
                return
            *lines, pending = (pending + chunk).split(b"\n")
            self.stderr_tail.extend(x.decode("utf-8", "replace") for x in lines)
            pending = pending[-65536:]

    @property
    def process(self) -> Any:
        """The server's ``asyncio.subprocess.Process``."""
        return getattr(self.client, "_server", None)

    def open(self, uri: str, text: str, language_id: str = "plaintext") -> int:
        """didOpen at version 1; returns the version."""
        self.versions[uri] = 1
        self.texts[uri] = text
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language_id, version=1,
                                                 text=text)))
        return 1

    def change(self, uri: str, range_: types.Range | None, text: str, new_text: str) -> int:
        """didChange with one incremental change (``range_`` None: whole text); the caller
        passes the resulting document text so the client can check ranges later."""
        self.versions[uri] += 1
        change: types.TextDocumentContentChangeEvent
        if range_ is None:
            change = types.TextDocumentContentChangeWholeDocument(text=text)
        else:
            change = types.TextDocumentContentChangePartial(range=range_, text=text)
        self.texts[uri] = new_text
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri,
                                                                version=self.versions[uri]),
            content_changes=[change]))
        return self.versions[uri]

    def change_raw(self, uri: str, changes: list[dict[str, Any]], new_text: str) -> int:
        """didChange with content changes given as plain JSON (not validated here: a test can
        send what a buggy editor would, e.g. a negative position)."""
        self.versions[uri] += 1
        self.texts[uri] = new_text
        body = json.dumps({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_DID_CHANGE, "params": {
            "textDocument": {"uri": uri, "version": self.versions[uri]},
            "contentChanges": changes}}).encode("utf-8")
        # written as bytes: pygls would validate (and refuse) the message on the way out
        writer = self.client.protocol.writer
        assert writer is not None, "the client is not started"
        res = writer.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        if inspect.isawaitable(res):
            asyncio.ensure_future(res)
        return self.versions[uri]

    async def state(self, uri: str) -> dict[str, Any] | None:
        """``lambre/documentState``: the server's version, length and hash of a document."""
        result = await self.client.protocol.send_request_async(STATE_REQUEST, {"uri": uri})
        return _to_dict(result) if result is not None else None

    async def wait_for(self, pred: Callable[[], Any], timeout: float = 60.0) -> Any:
        """Wait until ``pred()`` is truthy (re-tested whenever the server sends something)."""
        deadline = time.monotonic() + timeout
        while True:
            value = pred()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("timed out waiting for the server")
            self.rec.changed.clear()
            try:
                await asyncio.wait_for(self.rec.changed.wait(), min(left, 0.5))
            except TimeoutError:
                pass

    async def state_until(self, uri: str, pred: Callable[[dict[str, Any]], bool],
                          timeout: float = 60.0) -> dict[str, Any] | None:
        """``lambre/documentState`` asked again until ``pred(state)`` holds or ``timeout`` seconds
        pass (a resync is a round trip the server starts on its own); the last state either way."""
        deadline = time.monotonic() + timeout
        while True:
            got = await self.state(uri)
            if (got is not None and pred(got)) or time.monotonic() >= deadline:
                return got
            await asyncio.sleep(0.02)

    async def diagnostics(self, uri: str, version: int, timeout: float = 60.0,
                          final: bool = True) -> Published:
        """The diagnostics published for ``uri`` at ``version`` (the final publish: the one
        followed by the score notification, unless ``final`` is False)."""

        def ready() -> Published | None:
            if final and not any(s.get("uri") == uri and s.get("version") == version
                                 for s in self.rec.scores):
                return None
            for p in reversed(self.rec.diagnostics):
                if p.uri == uri and p.version == version:
                    return p
            return None

        result: Published = await self.wait_for(ready, timeout)
        return result

    async def pull(self, uri: str, previous_result_id: str | None = None) -> Any:
        """textDocument/diagnostic: a full report (``kind`` "full", ``items``) or "unchanged"."""
        return await self.client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            previous_result_id=previous_result_id))

    async def command(self, name: str, *args: Any) -> Any:
        """workspace/executeCommand."""
        return await self.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=name, arguments=list(args)))

    async def hover(self, uri: str, pos: types.Position) -> types.Hover | None:
        """textDocument/hover."""
        return await self.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=pos))

    async def code_actions(self, uri: str, diag: types.Diagnostic) -> list[Any]:
        """textDocument/codeAction for one diagnostic."""
        result = await self.client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
            context=types.CodeActionContext(diagnostics=[diag])))
        return list(result or [])
