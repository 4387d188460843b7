"""Reading LSP messages off a stream, with bad framing answered instead of waited on.

pygls's reader skips a header it cannot read (``Content-Length: abc``) and then waits for a
header that never comes: the bad message's body, which has no line end, swallows the next
message's header too. Here a header block without a readable ``Content-Length`` and a body that
is not JSON are answered with a JSON-RPC parse error (``id`` null, as JSON-RPC 2.0 says), and
reading resynchronizes on the next ``Content-Length:`` in the stream, so the messages after a
bad one are served. End of input ends the loop as before.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import JsonRPCProtocol

#: the largest message body read (a larger Content-Length is a framing error, not an allocation)
MAX_BODY = 256 * 1024 * 1024
_LENGTH = b"content-length:"


class Reader(Protocol):
    def readline(self) -> Awaitable[bytes]: ...
    def readexactly(self, n: int) -> Awaitable[bytes]: ...


def parse_error(protocol: JsonRPCProtocol, what: str) -> None:
    """Answer a message that could not be read: a JSON-RPC parse error with id null."""
    protocol._send_data(types.ResponseErrorMessage(
        id=None, error=types.ResponseError(code=types.ErrorCodes.ParseError,
                                           message=f"lambre-server: {what}")))


async def run_framed(stop_event: threading.Event, reader: Reader, protocol: JsonRPCProtocol,
                     logger: logging.Logger,
                     error_handler: Callable[[Exception, type[JsonRpcException]], Any]) -> None:
    """Serve messages from ``reader`` until end of input or ``stop_event`` (pygls's
    ``run_async`` with framing errors answered and resynchronized)."""
    pending = b""  # a header line found glued to the end of a bad message's body
    while not stop_event.is_set():
        length: int | None = None
        problem: str | None = None
        seen = False
        while True:  # one header block, up to its empty line
            line = pending or await reader.readline()
            pending = b""
            if not line:
                return
            if not line.strip():
                if seen:
                    break
                continue  # blank lines between messages
            seen = True
            name, sep, value = line.partition(b":")
            if name.strip().lower() == b"content-length" and sep:
                v = value.strip()
                if v.isdigit() and int(v) <= MAX_BODY:
                    length = int(v)
                else:
                    problem = f"bad header {line.strip()[:80].decode('utf-8', 'replace')!r}"
            elif not sep or b" " in name.strip():
                problem = "a header line that is not 'Name: value'"
        if problem is None and length is None:
            problem = "a message without a Content-Length header"
        if problem is not None or length is None:
            logger.warning("framing error: %s; resynchronizing", problem)
            parse_error(protocol, f"{problem}; skipped to the next Content-Length header")
            pending = await _resync(reader)
            continue
        body = await reader.readexactly(length)
        if len(body) < length:
            return  # input ended inside a body
        try:
            message = json.loads(body, object_hook=protocol.structure_message)
        except json.JSONDecodeError as exc:
            parse_error(protocol, f"the message body is not JSON ({exc.msg})")
            continue
        except Exception as exc:  # valid JSON that is not a message pygls can read
            logger.exception("Unable to handle message")
            error_handler(exc, JsonRpcException)
            continue
        try:
            protocol.handle_message(message)
        except Exception as exc:
            logger.exception("Unable to handle message")
            error_handler(exc, JsonRpcException)


async def _resync(reader: Reader) -> bytes:
    """Discard input up to the next ``Content-Length:``; the header line from there (empty at
    end of input)."""
    while True:
        line = await reader.readline()
        if not line:
            return b""
        at = line.lower().find(_LENGTH)
        if at >= 0:
            return line[at:]
