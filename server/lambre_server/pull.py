"""Pull diagnostics (``textDocument/diagnostic``): the last report of each document, with a result
id that names its content, so a client that already has it gets "unchanged" instead of every
diagnostic again; and a raw JSON result, so thousands of diagnostics are not rebuilt as objects."""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
from dataclasses import dataclass
from typing import Any

from pygls.protocol import LanguageServerProtocol


@dataclass(frozen=True)
class Report:
    """The diagnostics computed for one version of a document (``body``: a JSON array)."""

    version: int
    body: str
    #: False while a long first check is still going (a partial report)
    final: bool

    @property
    def result_id(self) -> str:
        """Names the content: equal reports have equal ids whatever their version."""
        return hashlib.blake2b(self.body.encode("ascii"), digest_size=12).hexdigest()

    def response(self, previous_result_id: str | None) -> RawResult:
        """The ``DocumentDiagnosticReport`` for a client that holds ``previous_result_id``."""
        rid = self.result_id
        if previous_result_id == rid:
            return RawResult(json.dumps({"kind": "unchanged", "resultId": rid}))
        return RawResult(f'{{"kind": "full", "resultId": "{rid}", "items": {self.body}}}')


class RawResult(str):
    """A request's result already encoded as JSON (ASCII), written out as it is."""


class RawResultProtocol(LanguageServerProtocol):
    """pygls's protocol, writing ``RawResult`` results without decoding and re-encoding them."""

    def _send_response(self, msg_id: Any, result: Any | None = None, error: Any = None) -> None:
        if error is None and isinstance(result, RawResult):
            self._result_types.pop(msg_id, None)
            writer = self.writer
            if writer is None:
                return
            body = f'{{"jsonrpc": "2.0", "id": {json.dumps(msg_id)}, "result": {result}}}'
            res = writer.write(f"Content-Length: {len(body)}\r\n\r\n{body}".encode("ascii"))
            if inspect.isawaitable(res):  # the TCP transport's writer
                asyncio.ensure_future(res)
            return
        super()._send_response(msg_id, result, error)
