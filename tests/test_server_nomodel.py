"""The real ``lambre-server`` over stdio and TCP where no parser model is needed: a language
without a model, a broken ``.lambre.yaml``, position-encoding negotiation, and a TCP server that
outlives a client's disconnect. Runs without any model."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

from lambre_server.client import LambreClient
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from lambre_core.config import CONFIG_NAME


def _run(coro, timeout: float = 120):  # type: ignore[no-untyped-def]
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(asyncio.wait_for(coro, timeout))
    finally:
        loop.close()


def test_language_without_model_and_bad_config(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text("language: de\nseverities:\n  'x.*': loud\n",
                                        encoding="utf-8")

    async def go() -> None:
        c = LambreClient()
        init = await c.start(root=str(tmp_path), encodings=["utf-8", "utf-16"])
        assert init.capabilities.position_encoding == "utf-8"
        sync = init.capabilities.text_document_sync
        assert sync.change == types.TextDocumentSyncKind.Incremental  # type: ignore[union-attr]
        try:
            uris = [(tmp_path / f"fi{i}.txt").as_uri() for i in range(2)]
            for uri in uris:
                v = c.open(uri, "Minä luen kirjaa. 😀 \x00\x01", "fi")
                pub = await c.diagnostics(uri, v)
                assert pub.diagnostics == []
            fi = [m for m in c.rec.messages if "'fi'" in m.message]
            assert len(fi) == 1, [m.message for m in c.rec.messages]
            bad = [m for m in c.rec.messages if CONFIG_NAME in m.message]
            assert len(bad) == 1 and f"{CONFIG_NAME}:3:" in bad[0].message
            assert bad[0].type == types.MessageType.Error
            score = await c.command("lambre.documentScore", uris[0])
            assert score["sentences"] == 0 and score["score"] is None
            # the server is alive and answers requests
            assert await c.hover(uris[0], types.Position(line=0, character=1)) is None
        finally:
            await c.stop()
        assert c.process.returncode == 0

    _run(go())


def test_tcp_server_survives_a_disconnect(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "lambre_server", "--tcp", f"127.0.0.1:{port}"],
                            stderr=subprocess.DEVNULL)

    async def one(n: int, polite: bool) -> list[types.ShowMessageParams]:
        client = LanguageClient("tcp-test", "1")
        got: list[types.ShowMessageParams] = []

        @client.feature(types.WINDOW_SHOW_MESSAGE)
        def on_message(params: types.ShowMessageParams) -> None:
            got.append(params)

        deadline = time.monotonic() + 120  # the server may still be starting (a busy machine)
        while True:
            try:
                await client.start_tcp("127.0.0.1", port)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)
        await client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), initialization_options={"language": "fi"}))
        client.initialized(types.InitializedParams())
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=(tmp_path / f"t{n}.txt").as_uri(),
                                                 language_id="plaintext", version=1,
                                                 text="Minä luen kirjaa.")))
        await client.workspace_execute_command_async(types.ExecuteCommandParams(
            command="lambre.documentScore", arguments=[(tmp_path / f"t{n}.txt").as_uri()]))
        if polite:
            await client.shutdown_async(None)
            client.exit(None)
        client.protocol.writer.close()  # type: ignore[union-attr]
        client._stop_event.set()
        return got

    try:
        first = _run(one(1, polite=False))
        assert any("'fi'" in m.message for m in first)
        assert proc.poll() is None, "a client that disconnects leaves the server up"
        # the second client is served by the same process; the failed load is remembered
        _run(one(2, polite=True))
        assert proc.wait(30) == 0, "exit after shutdown ends the server with status 0"
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
