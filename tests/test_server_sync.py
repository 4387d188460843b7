"""A hypothesis state machine of random edits sent to the real ``lambre-server`` over stdio, with
the shipped German model: insertions and deletions anywhere (astral characters, emoji ZWJ
sequences, combining marks, CRLF and CR line breaks), several changes in one message, and edits a
buggy editor sends with a negative position (the server cannot read them, reports the divergence,
and the client answers with the whole text). After every step the server's text equals the
client's (``lambre/documentState``) and every published diagnostic range is a valid UTF-16 range
of the current text."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test
from lsprotocol import types
from test_server_e2e import FIG1, Session

pytestmark = pytest.mark.slow

START = "Das Wetter ist schön.\r\n" + FIG1 + " Die Kinder spielt im Garten.\n😀 Er liest."
PIECES = ["werden", " werde ", "langen ", "Bücher", "😀", "👩‍👩‍👧", "e\u0301", "a\u0308\u0323", "𝔘𝔫𝔦",
          "\n", "\r\n", "\r", ". ", " ", "Ich ", "Die Kinder spielen. ", "x"]

_BREAK = re.compile(r"\r\n|\r|\n")


def lsp_lines(text: str) -> list[str]:
    """The document's lines as LSP counts them (breaks at CRLF, CR and LF only)."""
    return _BREAK.split(text)


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def position(text: str, offset: int) -> types.Position:
    """The UTF-16 LSP position of character ``offset`` (not inside a CRLF)."""
    before = text[:offset]
    breaks = list(_BREAK.finditer(before))
    start = breaks[-1].end() if breaks else 0
    return types.Position(line=len(breaks), character=utf16_len(before[start:]))


def snap(text: str, offset: int) -> int:
    """``offset`` moved off the middle of a CRLF (no LSP position points there)."""
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        return offset - 1
    return offset


def valid_utf16_position(lines: list[str], pos: types.Position) -> bool:
    """Inside the text, and not between the two halves of a surrogate pair."""
    if not 0 <= pos.line < len(lines):
        return False
    units = lines[pos.line].encode("utf-16-le")
    if not 0 <= pos.character <= len(units) // 2:
        return False
    prefix = units[: 2 * pos.character]
    return prefix.decode("utf-16-le", "strict").encode("utf-16-le") == prefix if prefix else True


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    s = Session(tmp_path_factory.mktemp("sync"))
    yield s
    s.close()


def test_random_edits_keep_server_and_client_text_equal(session: Session) -> None:
    counter = iter(range(1_000_000))
    c = session.client

    class Edits(RuleBasedStateMachine):
        @initialize()
        def open(self) -> None:
            self.uri = (session.root / f"sync{next(counter)}.txt").as_uri()
            c.open(self.uri, START)
            self._sync()

        @property
        def text(self) -> str:
            return c.texts[self.uri]

        def _sync(self) -> None:
            session.run(self._agree(), 120)
            self.published = session.run(c.diagnostics(self.uri, c.versions[self.uri]), 120)

        async def _agree(self) -> None:
            # a resync is a round trip (notification, then the client's whole text): poll
            want = hashlib.sha256(self.text.encode("utf-8")).hexdigest()
            state = await c.state_until(
                self.uri, lambda s: s["version"] == c.versions[self.uri] and not s["diverged"])
            assert state is not None and not state["diverged"], state
            assert state["version"] == c.versions[self.uri]
            assert state["sha256"] == want, (state, self.text)
            assert state["length"] == utf16_len(self.text)

        def _change(self, a: int, b: int, new: str) -> tuple[types.Range, str]:
            text = self.text
            rng = types.Range(start=position(text, a), end=position(text, b))
            return rng, text[:a] + new + text[b:]

        @rule(data=st.data(), piece=st.sampled_from(PIECES))
        def insert(self, data: st.DataObject, piece: str) -> None:
            a = snap(self.text, data.draw(st.integers(0, len(self.text))))
            rng, new_text = self._change(a, a, piece)
            c.change(self.uri, rng, piece, new_text)
            self._sync()

        @rule(data=st.data())
        def delete(self, data: st.DataObject) -> None:
            if not self.text:
                return
            a = snap(self.text, data.draw(st.integers(0, len(self.text) - 1)))
            b = snap(self.text, data.draw(st.integers(a, min(len(self.text), a + 12))))
            rng, new_text = self._change(a, max(a, b), "")
            c.change(self.uri, rng, "", new_text)
            self._sync()

        @rule(data=st.data(), first=st.sampled_from(PIECES), second=st.sampled_from(PIECES))
        def two_changes_in_one_message(self, data: st.DataObject, first: str, second: str) -> None:
            a = snap(self.text, data.draw(st.integers(0, len(self.text))))
            r1, mid = self._change(a, a, first)
            b = snap(mid, data.draw(st.integers(0, len(mid))))
            r2 = types.Range(start=position(mid, b), end=position(mid, b))
            final = mid[:b] + second + mid[b:]
            changes = [{"range": _json(r1), "text": first}, {"range": _json(r2), "text": second}]
            c.change_raw(self.uri, changes, final)
            self._sync()

        @rule(data=st.data(), piece=st.sampled_from(PIECES))
        def edit_with_a_negative_position(self, data: st.DataObject, piece: str) -> None:
            # the editor's buffer changes, but the message it sends cannot be read
            a = snap(self.text, data.draw(st.integers(0, len(self.text))))
            rng, new_text = self._change(a, a, piece)
            bad = _json(rng)
            bad["start"]["character"] = -1 - data.draw(st.integers(0, 3))
            c.change_raw(self.uri, [{"range": bad, "text": piece}], new_text)
            self._sync()

        @invariant()
        def diagnostics_are_valid_utf16_ranges(self) -> None:
            if not hasattr(self, "published"):
                return
            assert self.published.version == c.versions[self.uri]
            lines = lsp_lines(self.text)
            for d in self.published.diagnostics:
                s, e = d.range.start, d.range.end
                assert valid_utf16_position(lines, s) and valid_utf16_position(lines, e), d.range
                assert (s.line, s.character) <= (e.line, e.character), d.range

    run_state_machine_as_test(Edits, settings=settings(
        max_examples=5, stateful_step_count=8, deadline=None,
        suppress_health_check=list(HealthCheck)))
    print(f"diverged and resynced: {len(c.rec.diverged)} times")


def _json(rng: types.Range) -> dict[str, dict[str, int]]:
    return {"start": {"line": rng.start.line, "character": rng.start.character},
            "end": {"line": rng.end.line, "character": rng.end.character}}
