"""The real ``lambre-server`` over stdio against a hostile workspace and a buggy client: a FIFO or a
link to ``/dev/zero`` as ``.lambre.yaml``, configuration edits that must keep the user's file (and
stay inside the workspace), and an edit the server cannot read. No parser model is needed."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import stat
import subprocess
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
from lambre_server.client import LambreClient
from lsprotocol import types

from lambre_core.config import CONFIG_NAME, load_config

T = TypeVar("T")


def _run(coro: Coroutine[Any, Any, T], timeout: float = 300) -> T:
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(asyncio.wait_for(coro, timeout))
    finally:
        loop.close()


#: an edit with a negative character (an editor bug): pygls cannot read the message at all
UNREADABLE_EDIT = {"range": {"start": {"line": 0, "character": -1},
                             "end": {"line": 0, "character": 0}}, "text": "X"}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_hostile_config_file_neither_hangs_nor_reads_on(tmp_path: Path, kind: str) -> None:
    cfg = tmp_path / CONFIG_NAME
    if kind == "fifo":
        os.mkfifo(cfg)
    else:
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero on this system")
        cfg.symlink_to("/dev/zero")

    async def go() -> None:
        c = LambreClient()
        # initialize is answered although the file is never read: a FIFO without a writer would
        # block a reader forever, so an answer at all (however slow the machine) proves it
        await asyncio.wait_for(c.start(root=str(tmp_path)), 60)
        try:
            uri = (tmp_path / "a.txt").as_uri()
            c.open(uri, "Ich werden langen Bücher lesen.")
            await c.wait_for(lambda: any(CONFIG_NAME in m.message for m in c.rec.messages), 60)
            msg = next(m.message for m in c.rec.messages if CONFIG_NAME in m.message)
            assert "not a regular file" in msg, msg
            # still up and answering
            state = await asyncio.wait_for(c.state(uri), 60)
            assert state is not None and state["sha256"] == _sha(c.texts[uri])
        finally:
            await c.stop()
        assert c.process.returncode == 0

    _run(go())


CONFIG_WITH_COMMENTS = """\
# team settings: keep these comments
language: de   # the docs are German
severities:
    "de-agree-*": warning   # noisy for now
disabled_rules:
    - de-agree-Number-subj   # reviewed 2024
"""


def test_quick_fix_keeps_comments_order_and_mode(tmp_path: Path) -> None:
    cfg = tmp_path / CONFIG_NAME
    cfg.write_text(CONFIG_WITH_COMMENTS, encoding="utf-8")
    cfg.chmod(0o640)

    async def go() -> None:
        c = LambreClient()
        await c.start(root=str(tmp_path))
        try:
            uri = (tmp_path / "doc.txt").as_uri()
            c.open(uri, "Text.")
            written = await c.command("lambre.disableRule", "de-as-Case-obj", uri)
            assert written == str(cfg)
            await c.command("lambre.ignoreSentence", "Ich  werden langen Bücher lesen.", uri)
        finally:
            await c.stop()

    _run(go())
    text = cfg.read_text(encoding="utf-8")
    # every line the user wrote is still there, in its place, with its comment
    assert text.startswith(CONFIG_WITH_COMMENTS), text
    assert "    - de-as-Case-obj\n" in text
    assert stat.S_IMODE(cfg.stat().st_mode) == 0o640
    loaded = load_config(cfg)
    assert loaded.disabled_rules == ("de-agree-Number-subj", "de-as-Case-obj")
    assert loaded.is_ignored("Ich werden langen Bücher lesen.")
    assert loaded.severity_for("de-agree-Case") == "warning"


def test_config_symlink_refused_and_writes_stay_inside(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "elsewhere.yaml"
    target.write_text("language: de\n", encoding="utf-8")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / CONFIG_NAME).symlink_to(target)
    no_root = tmp_path / "loose"
    no_root.mkdir()
    (no_root / "sub").mkdir()

    async def go() -> None:
        c = LambreClient()
        await c.start(root=str(ws))
        try:
            uri = (ws / "doc.txt").as_uri()
            c.open(uri, "Text.")
            assert await c.command("lambre.disableRule", "r1", uri) is None
            await c.wait_for(lambda: any("symbolic link" in m.message for m in c.rec.messages), 60)
        finally:
            await c.stop()
        # no workspace folder: only the directory of a document that is open may get a file
        c = LambreClient()
        await c.start()
        try:
            sneaky = (no_root / "sub").as_uri() + "/../../made/up/doc.txt"
            assert await c.command("lambre.disableRule", "r1", sneaky) is None
            never_opened = (no_root / "sub" / "never.txt").as_uri()
            assert await c.command("lambre.disableRule", "r1", never_opened) is None
            opened = (no_root / "sub" / "open.txt").as_uri()
            c.open(opened, "Text.")
            assert await c.command("lambre.disableRule", "r1", opened) == \
                str(no_root / "sub" / CONFIG_NAME)
        finally:
            await c.stop()

    _run(go())
    assert target.read_text(encoding="utf-8") == "language: de\n"
    assert (ws / CONFIG_NAME).is_symlink()
    assert not (tmp_path / "made").exists()
    assert not (no_root / CONFIG_NAME).exists()
    assert load_config(no_root / "sub" / CONFIG_NAME).disabled_rules == ("r1",)


def test_unreadable_edit_is_reported_and_the_text_resynced(tmp_path: Path) -> None:
    async def go() -> None:
        c = LambreClient()
        await c.start(root=str(tmp_path))
        try:
            uri = (tmp_path / "doc.txt").as_uri()
            c.open(uri, "Hallo 😀 Welt.\nZweite Zeile.")
            # an editor bug: a negative character; pygls cannot read the message at all
            c.change_raw(uri, [UNREADABLE_EDIT], "X" + c.texts[uri])
            await c.wait_for(lambda: c.rec.diverged, 60)
            assert c.rec.diverged[0]["uri"] == uri
            await c.wait_for(lambda: any("re-requested" in m.message for m in c.rec.messages), 60)
            # the client answered with the whole text: both copies agree again
            state = await c.state_until(
                uri, lambda s: not s["diverged"] and s["version"] == c.versions[uri])
            assert state is not None and not state["diverged"]
            assert state["version"] == c.versions[uri]
            assert state["sha256"] == _sha(c.texts[uri])
            # and incremental edits apply again
            end = types.Position(line=1, character=len("Zweite Zeile"))
            c.change(uri, types.Range(start=end, end=end), "n", c.texts[uri].replace(
                "Zweite Zeile.", "Zweite Zeilen."))
            state = await c.state(uri)
            assert state is not None and state["sha256"] == _sha(c.texts[uri])
        finally:
            await c.stop()
        assert c.process.returncode == 0

    _run(go())


def _frame(body: bytes, length: bytes | None = None) -> bytes:
    return b"Content-Length: " + (length or str(len(body)).encode()) + b"\r\n\r\n" + body


def _messages(out: bytes) -> list[dict[str, Any]]:
    """The JSON messages of a server's stdout (well framed: the server writes them)."""
    got, rest = [], out
    while rest:
        head, _, rest = rest.partition(b"\r\n\r\n")
        n = int(next(h for h in head.split(b"\r\n") if h.startswith(b"Content-Length")).split(b":")[1])
        got.append(json.loads(rest[:n]))
        rest = rest[n:]
    return got


def _request(n: int, method: str, params: Any = None) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}).encode()


def test_framing_errors_are_answered_and_the_server_resynchronizes(tmp_path: Path) -> None:
    """Raw bytes on stdin: a request before initialize, a bad Content-Length, a body that is not
    JSON, then a normal session. Every bad message gets a JSON-RPC error, the good ones their
    answers, and the server exits cleanly on 'exit'."""
    init = {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}}
    stdin = b"".join([
        _frame(_request(1, "shutdown")),  # before initialize
        _frame(_request(2, "initialize", init), b"abc"),  # unreadable length
        _frame(b"{not json"),
        _frame(_request(3, "initialize", init)),
        _frame(json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}).encode()),
        _frame(_request(4, "shutdown")),
        _frame(json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()),
    ])
    res = subprocess.run([sys.executable, "-m", "lambre_server"], input=stdin,
                         capture_output=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    got = _messages(res.stdout)
    answers = {m.get("id"): m for m in got if "result" in m or "error" in m}
    assert answers[1]["error"]["code"] == -32002  # ServerNotInitialized
    parse_errors = [m for m in got if m.get("id") is None and "error" in m]
    assert [m["error"]["code"] for m in parse_errors] == [-32700, -32700], parse_errors
    assert "Content-Length: abc" in parse_errors[0]["error"]["message"]
    assert "not JSON" in parse_errors[1]["error"]["message"]
    assert 2 not in answers  # its header was unreadable: never served
    assert "capabilities" in answers[3]["result"] and answers[4]["result"] is None


def test_a_nested_workspace_config_is_reported_and_checking_goes_on(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text("- " * 100_000 + "x\n", encoding="utf-8")

    async def go() -> None:
        c = LambreClient()
        await c.start(root=str(tmp_path))
        try:
            uri = (tmp_path / "a.txt").as_uri()
            c.open(uri, "Hallo Welt.")
            await c.wait_for(lambda: any(CONFIG_NAME in m.message and "nested" in m.message
                                         for m in c.rec.messages), 60)
            state = await asyncio.wait_for(c.state(uri), 60)
            assert state is not None and state["sha256"] == _sha(c.texts[uri])
        finally:
            await c.stop()
        assert c.process.returncode == 0

    _run(go())


def test_a_talkative_server_keeps_answering(tmp_path: Path) -> None:
    """The client drains the server's stderr. An edit the server cannot read makes pygls log a
    whole traceback there (a few KB); forty of them fill the 64 KB pipe buffer, and an undrained
    pipe would block the server on its next log line, answering nothing more."""
    async def go() -> None:
        c = LambreClient()
        await c.start(root=str(tmp_path))
        try:
            uri = (tmp_path / "doc.txt").as_uri()
            c.open(uri, "Hallo Welt.")
            for _ in range(40):
                c.change_raw(uri, [UNREADABLE_EDIT], "X" + c.texts[uri])
                await asyncio.sleep(0.05)
            state = await asyncio.wait_for(c.state_until(
                uri, lambda s: not s["diverged"] and s["version"] == c.versions[uri]), 120)
            assert state is not None and state["sha256"] == _sha(c.texts[uri])
            assert c.stderr_bytes > 65_536 and c.stderr_tail  # more than a pipe buffer came
        finally:
            await c.stop()
        assert c.process.returncode == 0

    _run(go(), 300)
