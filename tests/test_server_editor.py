"""The editor experience against the real ``lambre-server`` over stdio: no configuration at all
(the language is identified), pull diagnostics with result ids, the status counts, the hover, and
the bytes a long first check publishes. Skipped when no German parser model can be found."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lambre_server.client import LambreClient
from lsprotocol import types
from test_server_e2e import FIG1, lsp_range_text

pytestmark = pytest.mark.slow

ENGLISH = "This is an English paragraph about the weather, which has been very nice this week."


class Bare:
    """A server started with no initialization options and no workspace file."""

    def __init__(self, root: Path, pull: bool = False) -> None:
        self.loop = asyncio.new_event_loop()
        self.client = LambreClient()
        self.root = root
        self.run(self.client.start(root=str(root), pull=pull))

    def run(self, coro: Any, timeout: float = 240) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(coro, timeout))

    def close(self) -> None:
        # (the client's stop waits up to 60 s for shutdown and 60 s for the process, then
        # kills it: a server finishing a long parse in flight must not fail the teardown)
        self.run(self.client.stop(), 150)
        self.loop.close()


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bare]:
    s = Bare(tmp_path_factory.mktemp("bare"))
    yield s
    s.close()


def test_no_configuration_identifies_german_and_says_so(bare: Bare) -> None:
    c = bare.client
    uri = (bare.root / "essay.txt").as_uri()
    pub = bare.run(c.diagnostics(uri, c.open(uri, FIG1 + "\nDas Wetter ist heute schön.\n")))
    assert {lsp_range_text(FIG1, d.range) for d in pub.diagnostics
            if d.severity == types.DiagnosticSeverity.Error} == {"werden", "langen"}
    said = [m.message for m in c.rec.messages if "essay.txt" in m.message]
    assert len(said) == 1 and "German" in said[0], said
    # an edit does not repeat it
    v = c.change(uri, None, FIG1 + "\n", FIG1 + "\n")
    bare.run(c.diagnostics(uri, v))
    assert len([m for m in c.rec.messages if "essay.txt" in m.message]) == 1


def test_unsupported_language_gets_one_message(bare: Bare) -> None:
    c = bare.client
    uri = (bare.root / "english.txt").as_uri()
    pub = bare.run(c.diagnostics(uri, c.open(uri, ENGLISH)))
    assert pub.diagnostics == []
    v = c.change(uri, None, ENGLISH + " More of it.", ENGLISH + " More of it.")
    bare.run(c.diagnostics(uri, v))
    said = [m for m in c.rec.messages if "english.txt" in m.message]
    assert len(said) == 1, [m.message for m in said]
    assert "English" in said[0].message and "no parser model" in said[0].message
    assert said[0].type == types.MessageType.Warning


def test_mixed_document_paragraphs_each_in_their_language(bare: Bare) -> None:
    c = bare.client
    text = f"{ENGLISH}\n\n{FIG1}\n"
    uri = (bare.root / "mixed.txt").as_uri()
    pub = bare.run(c.diagnostics(uri, c.open(uri, text)))
    assert "werden" in {lsp_range_text(text, d.range) for d in pub.diagnostics}
    assert all(d.range.start.line == 2 for d in pub.diagnostics)


def test_setting_overrides_identification(bare: Bare) -> None:
    c = bare.client
    uri = (bare.root / "forced.txt").as_uri()
    c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"lambre": {"language": "ru"}}))
    try:
        pub = bare.run(c.diagnostics(uri, c.open(uri, FIG1)))
        # checked as Russian: the German error is not found, and nothing is said about German
        assert not any(lsp_range_text(FIG1, d.range) == "werden"
                       and d.severity == types.DiagnosticSeverity.Error for d in pub.diagnostics)
        assert not [m for m in c.rec.messages if "forced.txt" in m.message]
    finally:
        c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lambre": {"language": ""}}))


def test_status_counts_equal_published_diagnostics(bare: Bare) -> None:
    c = bare.client
    text = FIG1 + " Die Kinder spielt im Garten. Das Wetter ist schön."
    uri = (bare.root / "counts.txt").as_uri()
    pub = bare.run(c.diagnostics(uri, c.open(uri, text)))
    score = [s for s in c.rec.scores if s["uri"] == uri][-1]
    assert score["diagnostics"] == len(pub.diagnostics) > 0
    by_sev: dict[str, int] = {}
    names = {1: "error", 2: "warning", 3: "information", 4: "hint"}
    for d in pub.diagnostics:
        by_sev[names[int(d.severity or 1)]] = by_sev.get(names[int(d.severity or 1)], 0) + 1
    assert score["published"] == by_sev
    top = score["topRules"]
    assert top and sum(r["count"] for r in top) <= len(pub.diagnostics)
    assert top[0]["count"] == max(sum(1 for d in pub.diagnostics if d.code == r["id"]) for r in top)
    assert all(r["explanation"] for r in top)


def test_hover_message_once_and_the_example_marked(bare: Bare) -> None:
    c = bare.client
    uri = (bare.root / "hover.txt").as_uri()
    pub = bare.run(c.diagnostics(uri, c.open(uri, FIG1)))
    d = next(d for d in pub.diagnostics if lsp_range_text(FIG1, d.range) == "werden")
    h = bare.run(c.hover(uri, types.Position(line=0, character=6)))
    value = h.contents.value
    assert value.count(d.message.replace('"', '"')) <= 1
    assert value.count("the verb is") == 1, value
    assert "Treebank example: " in value
    example = value.split("Treebank example: ", 1)[1].split("\n", 1)[0]
    assert example.count("**") == 4, example  # the arc's two ends, in bold
    # with the value each has of the rule's feature where the lexicon is sure of it
    assert re.search(r"\*\* \((Sing|Plur)\).*\*\* \((Sing|Plur)\)", example), example
    # VS Code shows the diagnostic's message in the same hover: the extension turns it off
    c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"lambre": {"hoverMessage": False}}))
    try:
        v = c.change(uri, None, FIG1, FIG1)
        bare.run(c.diagnostics(uri, v))
        h = bare.run(c.hover(uri, types.Position(line=0, character=6)))
        assert "the verb is" not in h.contents.value and "Treebank example" in h.contents.value
    finally:
        c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lambre": {"hoverMessage": True}}))


def test_pull_diagnostics_with_result_ids(tmp_path: Path) -> None:
    s = Bare(tmp_path, pull=True)
    try:
        c = s.client
        uri = (tmp_path / "pull.txt").as_uri()
        c.open(uri, FIG1)
        rep = s.run(c.pull(uri))
        assert rep.kind == "full" and rep.result_id
        assert {lsp_range_text(FIG1, d.range) for d in rep.items
                if d.severity == types.DiagnosticSeverity.Error} == {"werden", "langen"}
        # nothing changed: the client is told so, not sent the diagnostics again
        same = s.run(c.pull(uri, rep.result_id))
        assert same.kind == "unchanged" and same.result_id == rep.result_id
        # an edit that changes the findings: a full report with another id
        fixed = FIG1.replace("werden", "werde")
        c.change(uri, None, fixed, fixed)
        rep2 = s.run(c.pull(uri, rep.result_id))
        assert rep2.kind == "full" and rep2.result_id != rep.result_id
        assert "werde" not in {lsp_range_text(fixed, d.range) for d in rep2.items
                               if d.severity == types.DiagnosticSeverity.Error}
        # a pull client is never pushed diagnostics
        assert not [p for p in c.rec.diagnostics if p.uri == uri]
    finally:
        s.close()


def test_long_first_check_publishes_linear_bytes(tmp_path: Path) -> None:
    """A long document's first check publishes partial results, but rarely: what it sends in
    all stays within a small multiple of the final diagnostics, for any length (the second
    document begins with the first's sentences: cached results are in every publish, and the
    partial publishes still grow geometrically, at any load)."""
    s = Bare(tmp_path)
    try:
        c = s.client
        c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lambre": {"language": "de", "batchSize": 4}}))
        ratios = []
        for n in (24, 96):
            text = "\n".join(f"Ich werden {i} langen Bücher lesen." for i in range(n))
            uri = (tmp_path / f"long{n}.txt").as_uri()
            v = c.open(uri, text)
            final = s.run(c.diagnostics(uri, v))
            pubs = [p for p in c.rec.diagnostics if p.uri == uri and p.version == v]
            sent = sum(len(json.dumps([str(d) for d in p.diagnostics])) for p in pubs)
            last = len(json.dumps([str(d) for d in final.diagnostics]))
            assert last > 0 and len(final.diagnostics) >= n
            assert len(pubs) < n // 4, "not one publish per batch"
            ratios.append(sent / last)
        # partial publishes grow geometrically: all of them < 2x the final one, plus the final
        assert all(r < 3.2 for r in ratios), ratios
    finally:
        s.close()


def test_pull_long_document_partial_report_then_refresh(tmp_path: Path) -> None:
    """A pull during a long first check gets what is done so far; the server then asks the
    client to pull again (workspace/diagnostic/refresh), and the next pull has everything."""
    s = Bare(tmp_path, pull=True)
    try:
        c = s.client
        c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lambre": {"language": "de", "batchSize": 4}}))
        text = "\n".join(f"Ich werden {i} langen Bücher lesen." for i in range(48))
        uri = (tmp_path / "long.txt").as_uri()
        v = c.open(uri, text)
        first = s.run(c.pull(uri))
        s.run(c.wait_for(lambda: any(x["uri"] == uri and x["version"] == v
                                     for x in c.rec.scores), 240))
        last = s.run(c.pull(uri, first.result_id))
        items = first.items if last.kind == "unchanged" else last.items
        lines = {d.range.start.line for d in items if lsp_range_text(text, d.range) == "werden"}
        assert lines == set(range(48))
        print(f"first pull: {len(first.items)} of {len(items)} diagnostics; "
              f"refreshes: {c.rec.refreshes}")
        if len(first.items) < len(items):
            s.run(c.wait_for(lambda: c.rec.refreshes > 0, 120))
    finally:
        s.close()
