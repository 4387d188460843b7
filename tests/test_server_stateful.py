"""A hypothesis state machine of random edits (insert/delete anywhere, astral characters, line
breaks) sent to the real ``lambre-server`` over stdio: after every edit, the diagnostics published
for that version lie inside the document and on the token they name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test
from lsprotocol import types
from test_server_e2e import FIG1, Session, lsp_position, lsp_range_text

pytestmark = pytest.mark.slow

START = "Das Wetter ist schön.\n" + FIG1 + " Die Kinder spielt im Garten.\n😀 Er liest."
PIECES = ["werden", " werde ", "langen ", "Bücher", "😀", "👩‍👩‍👧", "e\u0301", "\n", ". ", " ",
          "Ich ", "Die Kinder spielen. ", "x"]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    s = Session(tmp_path_factory.mktemp("stateful"))
    yield s
    s.close()


def _inside(text: str, pos: types.Position) -> bool:
    lines = text.split("\n")
    if not 0 <= pos.line < len(lines):
        return False
    return 0 <= pos.character <= len(lines[pos.line].encode("utf-16-le")) // 2


def test_random_edits_keep_ranges_on_words(session: Session) -> None:
    counter = iter(range(1_000_000))

    class Edits(RuleBasedStateMachine):
        @initialize()
        def open(self) -> None:
            self.text = START
            self.uri = (session.root / f"doc{next(counter)}.txt").as_uri()
            self.version = session.client.open(self.uri, self.text)
            self._sync()

        def _sync(self) -> None:
            pub = session.run(session.client.diagnostics(self.uri, self.version), 120)
            self.last = pub

        def _edit(self, a: int, b: int, new: str) -> None:
            # never split a surrogate pair or a \r\n: offsets are code points here
            text = self.text[:a] + new + self.text[b:]
            rng = types.Range(start=lsp_position(self.text, a), end=lsp_position(self.text, b))
            self.version = session.client.change(self.uri, rng, new, text)
            self.text = text
            self._sync()

        @rule(data=st.data(), piece=st.sampled_from(PIECES))
        def insert(self, data: st.DataObject, piece: str) -> None:
            a = data.draw(st.integers(0, len(self.text)))
            self._edit(a, a, piece)

        @rule(data=st.data())
        def delete(self, data: st.DataObject) -> None:
            if not self.text:
                return
            a = data.draw(st.integers(0, len(self.text) - 1))
            b = data.draw(st.integers(a, min(len(self.text), a + 12)))
            self._edit(a, b, "")

        @invariant()
        def ranges_inside_and_on_the_flagged_word(self) -> None:
            if not hasattr(self, "last"):
                return
            assert self.last.version == self.version
            for d in self.last.diagnostics:
                assert _inside(self.text, d.range.start) and _inside(self.text, d.range.end)
                covered = lsp_range_text(self.text, d.range)
                assert covered == d.data["token"], (covered, d.data)
                assert covered and covered.strip() == covered
                if covered != d.data["form"]:  # only a multiword token may differ
                    assert " " not in covered

    run_state_machine_as_test(Edits, settings=settings(
        max_examples=6, stateful_step_count=8, deadline=None,
        suppress_health_check=list(HealthCheck)))
