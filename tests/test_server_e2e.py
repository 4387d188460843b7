"""End to end: the real ``lambre-server`` process over stdio, driven by a real LSP client (pygls's
``LanguageClient``), on the shipped German model and rules.

One server is started for the module (loading Stanza takes seconds); each test opens its own
documents. Skipped when no German parser model can be found.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import subprocess
import sys
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from lambre_server.client import LambreClient
from lsprotocol import types

from lambre_core.config import CONFIG_NAME, load_config
from lambre_core.errors import LambreError

pytestmark = pytest.mark.slow

T = TypeVar("T")

FIG1 = "Ich werden langen Bücher lesen."
SHARED_DE = Path(__file__).resolve().parents[2] / "shared" / "treebanks" / "ud" / "de"
#: treebanks for the inflection lexicon behind "replace with" (LIT has no features)
LEXICON_FILES = sorted(str(p) for p in SHARED_DE.glob("*.conllu") if "lit" not in p.name)
FIXED = "Ich werde lange Bücher lesen."


def _have_german_model() -> bool:
    try:
        from lambre_core.parse import resolve_models

        resolve_models("de")
    except (LambreError, ImportError):
        return False
    return True


if not _have_german_model():
    pytest.skip("no German parser model (models/de/) yet", allow_module_level=True)


def lsp_range_text(text: str, rng: types.Range, encoding: str = "utf-16") -> str:
    """The text an LSP range covers, computed independently of the server's code."""
    lines = text.split("\n")  # the test documents use \n only

    def offset(pos: types.Position) -> int:
        before = sum(len(x) + 1 for x in lines[: pos.line])
        line = lines[pos.line]
        if encoding == "utf-8":
            return before + len(line.encode("utf-8")[: pos.character].decode("utf-8"))
        data = line.encode("utf-16-le")[: 2 * pos.character]
        return before + len(data.decode("utf-16-le"))

    return text[offset(rng.start) : offset(rng.end)]


def lsp_position(text: str, offset: int, encoding: str = "utf-16") -> types.Position:
    """The LSP position of a character offset (\n-only text)."""
    before = text[:offset]
    line = before.count("\n")
    col_text = before[before.rfind("\n") + 1 :]
    if encoding == "utf-8":
        return types.Position(line=line, character=len(col_text.encode("utf-8")))
    return types.Position(line=line, character=len(col_text.encode("utf-16-le")) // 2)


class Session:
    """A started server, a client and the event loop they run on."""

    def __init__(self, root: Path, encodings: list[str] | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.client = LambreClient()
        self.root = root
        self.init = self.run(self.client.start(
            initialization_options={"lambre": {"language": "de", "debounceMs": 20,
                                               "lexiconFiles": {"de": LEXICON_FILES}}},
            root=str(root), encodings=encodings))

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 180) -> T:
        return self.loop.run_until_complete(asyncio.wait_for(coro, timeout))

    def close(self) -> None:
        # (the client's stop waits up to 60 s for shutdown and 60 s for the process, then
        # kills it: a server finishing a long parse in flight must not fail the teardown)
        self.run(self.client.stop(), 150)
        self.loop.close()


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    root = tmp_path_factory.mktemp("workspace")
    s = Session(root)
    yield s
    s.close()


def _open(s: Session, name: str, text: str, language_id: str = "plaintext") -> tuple[str, Any]:
    uri = (s.root / name).as_uri()
    v = s.client.open(uri, text, language_id)
    return uri, s.run(s.client.diagnostics(uri, v))


def _by_form(text: str, diags: list[types.Diagnostic], enc: str = "utf-16") -> dict[str, list]:
    out: dict[str, list] = {}
    for d in diags:
        out.setdefault(lsp_range_text(text, d.range, enc), []).append(d)
    return out


def test_figure1_flags_the_right_tokens(session: Session, tmp_path: Path) -> None:
    uri, pub = _open(session, "fig1.txt", FIG1)
    assert pub.diagnostics, "the Figure 1 sentence must be flagged"
    flagged = _by_form(FIG1, pub.diagnostics)
    # every diagnostic sits on the word it names
    for form, diags in flagged.items():
        for d in diags:
            assert d.source == "lambre"
            assert d.code == d.data["ruleId"]
            assert d.data["form"] == form
            assert f'"{form}' in d.message  # the message names the word ("langen Bücher" too)
    # the subject-verb Number error: on "werden", related information on "Ich"
    number = [d for d in pub.diagnostics if "Number" in str(d.code)
              and {lsp_range_text(FIG1, d.range)} <= {"werden", "Ich"}]
    assert number, f"no Number agreement diagnostic on werden/Ich: {flagged.keys()}"
    d = number[0]
    assert lsp_range_text(FIG1, d.range) == "werden"
    assert d.related_information
    assert lsp_range_text(FIG1, d.related_information[0].location.range) == "Ich"
    # proven by the lexicons: an error, in words a learner knows, with the fix and why
    assert d.message == ('After "Ich" the verb is "werde", not "werden". The verb agrees with '
                         'its subject in person and number.')
    assert d.severity == types.DiagnosticSeverity.Error
    # and the score notification came with the same version
    score = [x for x in session.client.rec.scores if x["uri"] == uri][-1]
    assert score["version"] == 1 and score["sentences"] == 1
    assert score["violations"] >= 1 and 0 <= score["score"] < 1
    # the document score is what `lambre-core score` gives the same text (one average)
    text = tmp_path / "fig1.txt"
    text.write_text(FIG1 + "\n", encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "lambre_core.cli", "score", "--lang", "de",
                          "--format", "json", "--bootstrap", "0", "--no-cache", str(text)],
                         capture_output=True, text=True, timeout=600)
    assert cli.returncode == 0, cli.stderr
    assert score["score"] == pytest.approx(json.loads(cli.stdout)["score"])


def test_incremental_fix_removes_diagnostics(session: Session) -> None:
    text = "Das Wetter ist schön.\n" + FIG1 + "\nEr liest ein Buch."
    uri, pub = _open(session, "fix.txt", text)
    assert "werden" in _by_form(text, pub.diagnostics)
    c = session.client
    # replace "werden" by "werde", then "langen" by "lange", as two incremental edits
    a = text.index("werden")
    new = text[:a] + "werde" + text[a + 6 :]
    c.change(uri, types.Range(start=lsp_position(text, a), end=lsp_position(text, a + 6)),
             "werde", new)
    text = new
    a = text.index("langen")
    new = text[:a] + "lange" + text[a + 6 :]
    v = c.change(uri, types.Range(start=lsp_position(text, a), end=lsp_position(text, a + 6)),
                 "lange", new)
    pub2 = session.run(c.diagnostics(uri, v))
    assert FIXED in new
    left = _by_form(new, pub2.diagnostics)
    # the subject-verb error is gone; anything left is a hint the tagger itself doubts
    assert "werde" not in left and "Ich" not in left, left
    assert all(d.severity == types.DiagnosticSeverity.Hint for d in pub2.diagnostics), left
    # no diagnostics were ever published for a version the client did not end on, after it
    later = [p for p in c.rec.diagnostics if p.uri == uri and p.at > pub2.at]
    assert all(p.version == v for p in later)


def test_a_writers_gender_across_the_document_and_its_edits(session: Session) -> None:
    # "die Tate" (the gallery) in three sentences: the writer's noun, not the dictionary's
    # masculine "Tate" (lambre_core.usage, as `lambre-core check` reads a file)
    text = ("Die Tate veranstaltete am Samstag eine Lesung für Kinder. Fünf Demonstranten hatten "
            "sich Zutritt zur Tate verschafft.\nSie sagte, die Einladung in die Tate sei eine "
            "Ehre gewesen.")
    uri, pub = _open(session, "tate.txt", text)
    assert not any(d.severity == types.DiagnosticSeverity.Error for d in pub.diagnostics), \
        _by_form(text, pub.diagnostics)
    # the third sentence deleted: two are a slip made twice, and the first two are flagged again
    a = text.index("\n")
    new = text[:a]
    c = session.client
    v = c.change(uri, types.Range(start=lsp_position(text, a), end=lsp_position(text, len(text))),
                 "", new)
    pub2 = session.run(c.diagnostics(uri, v))
    flagged = _by_form(new, [d for d in pub2.diagnostics
                             if d.severity == types.DiagnosticSeverity.Error])
    assert {"Die", "zur"} <= set(flagged), flagged


def test_hover_explains_the_rule(session: Session) -> None:
    uri, pub = _open(session, "hover.txt", FIG1)
    d = next(d for d in pub.diagnostics if lsp_range_text(FIG1, d.range) == "werden")
    h = session.run(session.client.hover(uri, types.Position(line=0, character=6)))
    assert h is not None
    value = h.contents.value  # type: ignore[union-attr]
    assert d.data["ruleId"] in value
    assert 'the verb is "werde"' in value
    assert "Treebank example" in value
    # a person's words first: no word class, relation or feature before the details
    first = value.split("Details:")[0]
    assert "The verb agrees with its subject" in first
    assert not re.search(r"\b(NOUN|VERB|AUX|PRON|DET|ADJ|subj|comp)\b|[A-Z][a-z]+=[A-Z]", first)
    # a right and a wrong sentence of the rule from the treebank, the changed word in bold
    right = re.search(r"^Right: (.*\*\*(\w+)\*\*.*)$", first, re.M)
    wrong = re.search(r"^Wrong: (.*\*\*(\w+)\*\*.*)$", first, re.M)
    assert right and wrong, first
    assert right.group(2) != wrong.group(2)
    assert right.group(1).replace(right.group(2), "") == wrong.group(1).replace(wrong.group(2), "")
    assert lsp_range_text(FIG1, h.range) == "werden"
    # a word that breaks nothing still gets its analysis
    h2 = session.run(session.client.hover(uri, types.Position(line=0, character=27)))
    assert h2 is not None and '"lesen"' in h2.contents.value  # type: ignore[union-attr]


def test_code_actions_write_lambre_yaml(session: Session) -> None:
    c = session.client
    text = FIG1 + " Die Kinder spielt im Garten."
    uri, pub = _open(session, "actions.txt", text)
    d = next(d for d in pub.diagnostics if lsp_range_text(text, d.range) == "werden")
    actions = session.run(c.code_actions(uri, d))
    titles = [a.title for a in actions]
    assert any(t.startswith("Disable rule") for t in titles)
    assert any(t.startswith("Ignore this sentence") for t in titles)
    if LEXICON_FILES:
        # the lexicon knows "werde" (Number=Sing, Person=1, as the subject "Ich" has)
        replace = [a for a in actions if a.title == 'Replace with "werde"']
        assert replace, titles
        edit = replace[0].edit.changes[uri][0]
        assert edit.new_text == "werde" and lsp_range_text(text, edit.range) == "werden"
    ignore = next(a for a in actions if a.title.startswith("Ignore this sentence"))
    n_before = len(c.rec.diagnostics)
    try:
        _ignore_then_disable(session, uri, text, ignore, n_before)
    finally:
        # the workspace is shared with the other tests: take the suppressions back
        (session.root / CONFIG_NAME).unlink(missing_ok=True)


def test_a_contractions_article_is_fixed_as_the_contraction(session: Session) -> None:
    """The quick fix replaces the token written: "zum" whose article is wrong becomes "zur"
    (the preposition kept, the pair contracted again), and the message says so."""
    c = session.client
    text = "Ich gehe morgen zum Schule."
    uri, pub = _open(session, "contraction.txt", text)
    d = next(d for d in pub.diagnostics if lsp_range_text(text, d.range) == "zum")
    assert '"zur"' in d.message
    actions = session.run(c.code_actions(uri, d))
    edits = [a.edit.changes[uri][0] for a in actions if a.title.startswith("Replace with")]
    assert edits and edits[0].new_text == "zur", [a.title for a in actions]
    assert lsp_range_text(text, edits[0].range) == "zum"


def _ignore_then_disable(session: Session, uri: str, text: str, ignore: Any,
                         n_before: int) -> None:
    c = session.client
    session.run(c.command(ignore.command.command, *ignore.command.arguments))
    cfg = load_config(session.root / CONFIG_NAME)
    assert cfg.is_ignored(FIG1)
    # the document is rechecked: the ignored sentence's diagnostics go, the other one's stay
    pub2 = session.run(c.wait_for(
        lambda: next((p for p in c.rec.diagnostics[n_before:] if p.uri == uri), None)))
    forms = _by_form(text, pub2.diagnostics)
    assert "werden" not in forms and "langen" not in forms
    assert pub2.diagnostics, "the second sentence is still checked"
    other = pub2.diagnostics[0]
    disable = next(a for a in session.run(c.code_actions(uri, other))
                   if a.title.startswith("Disable rule"))
    session.run(c.command(disable.command.command, *disable.command.arguments))
    assert other.data["ruleId"] in load_config(session.root / CONFIG_NAME).disabled_rules


def test_document_score_command(session: Session) -> None:
    text = "Ich werde lange Bücher lesen. " + FIG1
    uri, _ = _open(session, "score.txt", text)
    got = session.run(session.client.command("lambre.documentScore", uri))
    pushed = [x for x in session.client.rec.scores if x["uri"] == uri][-1]
    assert got["uri"] == uri and got["version"] == 1
    assert got == pushed
    assert got["sentences"] == 2 and 0 < got["score"] < 1
    assert sum(r["violated"] for r in got["rules"]) == got["violations"]


def test_emoji_and_combining_marks(session: Session) -> None:
    # astral characters and a combining accent before the error, on the same line
    text = "Cafe\u0301 😀 und 👩‍👩‍👧 sind da. " + FIG1 + "\nNoch 😀😀 hier. " + FIG1
    uri, pub = _open(session, "emoji.txt", text)
    flagged = _by_form(text, pub.diagnostics)
    assert "werden" in flagged, flagged.keys()
    for form, diags in flagged.items():
        assert all(d.data["form"] == form for d in diags)


def test_utf8_negotiated(tmp_path: Path) -> None:
    s = Session(tmp_path, encodings=["utf-8", "utf-16"])
    try:
        assert s.init.capabilities.position_encoding == "utf-8"
        text = "Grüße 😀 aus Köln. " + FIG1
        uri = (tmp_path / "u8.txt").as_uri()
        v = s.client.open(uri, text)
        pub = s.run(s.client.diagnostics(uri, v))
        assert "werden" in _by_form(text, pub.diagnostics, "utf-8")
    finally:
        s.close()


def test_markdown_and_po(session: Session) -> None:
    md = f"---\ntitle: {FIG1}\n---\n\n```\n{FIG1}\n```\n\nEin [Link](http://x.de). **{FIG1}**\n"
    uri, pub = _open(session, "doc.md", md, "markdown")
    assert pub.diagnostics
    # only the prose is checked: no range in the front matter or the code block
    after_code = md.index("```\n\n") + 3
    for d in pub.diagnostics:
        start = sum(len(x) + 1 for x in md.split("\n")[: d.range.start.line]) + \
            d.range.start.character
        assert start >= after_code
        assert lsp_range_text(md, d.range) == d.data["form"]
    assert "werden" in _by_form(md, pub.diagnostics)
    po = f'msgid "I will read long books."\nmsgstr "{FIG1}"\n'
    uri, pub = _open(session, "de.po", po, "po")
    assert "werden" in _by_form(po, pub.diagnostics)


def test_language_without_model_one_message_no_crash(session: Session) -> None:
    c = session.client
    before = len(c.rec.messages)
    _, pub1 = _open(session, "fi1.txt", "Minä luen kirjaa.", "fi")
    _, pub2 = _open(session, "fi2.txt", "Sinä luet kirjaa.", "fi")
    assert pub1.diagnostics == [] and pub2.diagnostics == []
    msgs = [m for m in c.rec.messages[before:] if "'fi'" in m.message]
    assert len(msgs) == 1
    # still alive and checking German
    _, pub = _open(session, "alive.txt", FIG1)
    assert pub.version == 1 and "werden" in _by_form(FIG1, pub.diagnostics)


def test_bad_input_and_edit_burst(session: Session) -> None:
    c = session.client
    junk = "\x00\x01\ufffe" * 50 + "a" * 100_000 + "\n" + FIG1
    uri, pub = _open(session, "junk.txt", junk)
    assert "werden" in _by_form(junk, pub.diagnostics)
    # 1,000 one-character edits as fast as the pipe takes them; the last version wins
    text = FIG1
    uri = (session.root / "burst.txt").as_uri()
    session.run(c.diagnostics(uri, c.open(uri, text)))
    v = 1
    for i in range(1000):
        pos = len(text) - 1  # before the final full stop
        new = text[:pos] + "x" + text[pos:] if i % 2 == 0 else text[: pos - 1] + text[pos:]
        rng = (types.Range(start=lsp_position(text, pos), end=lsp_position(text, pos))
               if i % 2 == 0 else
               types.Range(start=lsp_position(text, pos - 1), end=lsp_position(text, pos)))
        v = c.change(uri, rng, "x" if i % 2 == 0 else "", new)
        text = new
    assert text == FIG1
    pub = session.run(c.diagnostics(uri, v))
    assert pub.version == v == 1001
    assert "werden" in _by_form(text, pub.diagnostics)
    assert c.process.returncode is None


def test_progress_reported_for_model_loading(session: Session) -> None:
    # a document of its own: the model loads with the first one this session checks, whichever
    # test opens it (test order differs between runs and workers)
    _open(session, "progress.txt", FIG1)
    kinds = [getattr(p.value, "kind", None) if not isinstance(p.value, dict)
             else p.value.get("kind") for p in session.client.rec.progress]
    assert "begin" in kinds and "end" in kinds


def test_large_document_progressive_visible_first(tmp_path: Path) -> None:
    """A long document's first check publishes batch by batch, the visible part first."""
    s = Session(tmp_path)
    try:
        filler = ["Das Wetter ist heute schön.", "Wir gehen in den Park.",
                  "Der Hund spielt im Garten.", "Sie liest ein gutes Buch."]
        lines = [f"{filler[i % 4][:-1]} am Tag {i}." for i in range(60)] + [FIG1]
        text = "\n".join(lines)
        uri = (tmp_path / "long.txt").as_uri()
        c = s.client
        c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lambre": {"batchSize": 8}}))
        # the client shows the last lines (sent before didOpen, as an editor restoring a view)
        c.client.protocol.notify("lambre/visibleRanges", {"uri": uri, "ranges": [
            {"start": {"line": 58, "character": 0}, "end": {"line": 60, "character": 40}}]})
        v = c.open(uri, text)
        final = s.run(c.diagnostics(uri, v))
        pubs = [p for p in c.rec.diagnostics if p.uri == uri and p.version == v]
        # the visible part first, on its own; then a few partial publishes, not one per batch
        assert 2 <= len(pubs) < 8, len(pubs)
        assert "werden" in _by_form(text, pubs[0].diagnostics), "the visible sentence first"
        assert "werden" in _by_form(text, final.diagnostics)
        kinds = [p.value.get("kind") if isinstance(p.value, dict) else p.value.kind
                 for p in c.rec.progress]
        assert kinds.count("begin") >= 2  # model loading, then the document check
    finally:
        s.close()


def test_language_switch_comment(session: Session) -> None:
    """`lambre: language=xx` switches the paragraphs that follow; the German ones stay checked
    (here the switch goes to a language without a model: no diagnostics there, one message)."""
    c = session.client
    before = len(c.rec.messages)
    text = f"{FIG1}\n\n<!-- lambre: language=sw -->\nNinasoma vitabu.\n\n" \
           f"<!-- lambre: language=default -->\n{FIG1}\n"
    uri, pub = _open(session, "switch.md", text, "markdown")
    lines = {d.range.start.line for d in pub.diagnostics
             if lsp_range_text(text, d.range) == "werden"}
    assert lines == {0, 6}
    assert [m for m in c.rec.messages[before:] if "'sw'" in m.message]


@pytest.mark.skipif(not (Path(__file__).resolve().parents[1] / "models" / "ru" / "pos.pt").is_file(),
                    reason="models/ru not shipped")
def test_russian_document_by_language_id(session: Session) -> None:
    """A second language in the same server: the Russian model loads on first use; subject-verb
    gender agreement is flagged on the verb, and the corrected text is clean."""
    bad = "Мальчик читала книгу."
    _, pub = _open(session, "ru.txt", bad, "ru")
    flagged = _by_form(bad, pub.diagnostics)
    assert "читала" in flagged, pub.diagnostics
    assert any(d.code == "agree.NOUN.VERB.subj.Gender" for d in flagged["читала"])
    good = "Мальчик читал книгу."
    _, pub = _open(session, "ru-good.txt", good, "ru")
    assert pub.diagnostics == []


@pytest.mark.parametrize(("lang", "said"), [
    ("de", 'Nach „Ich“ heißt das Verb „werde“, nicht „werden“. Das Verb richtet sich in Person '
           'und Numerus nach seinem Subjekt.'),
    ("ru", 'После «Ich» нужна форма «werde», а не «werden». Глагол согласуется с подлежащим в '
           'лице и числе, в прошедшем времени — в роде и числе.'),
])
def test_message_language_setting(session: Session, lang: str, said: str) -> None:
    """``lambre.messageLanguage``: the same finding in German or Russian words, with the
    words of the text quoted as they are."""
    c = session.client
    try:
        c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lambre": {"messageLanguage": lang}}))
        _, pub = _open(session, f"fig1-{lang}.txt", FIG1)
        messages = [d.message for d in pub.diagnostics if lsp_range_text(FIG1, d.range) == "werden"]
        assert said in messages, messages
    finally:
        c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lambre": {"messageLanguage": "en"}}))


def test_a_restarted_server_checks_from_disk_before_its_parser_loads(tmp_path: Path) -> None:
    """Parses outlive the server: a new server on the same document publishes its diagnostics
    from the parses on disk before its own parser has loaded, and the same ones."""
    text = "\n".join([FIG1, "Das Wetter ist heute schön.", "Die Kinder spielt im Garten."])
    opts = {"language": "de", "debounceMs": 20, "parseCacheDir": str(tmp_path / "parses")}
    uri = (tmp_path / "doc.txt").as_uri()

    def kind(p: Any) -> Any:
        return p.value.get("kind") if isinstance(p.value, dict) else getattr(p.value, "kind", None)

    async def one_run() -> tuple[Any, Any, float]:
        c = LambreClient()
        await c.start(initialization_options={"lambre": opts}, root=str(tmp_path))
        try:
            v = c.open(uri, text)
            final = await c.diagnostics(uri, v, timeout=180)
            first = next(p for p in c.rec.diagnostics if p.uri == uri)
            loaded = next(at for p, at in zip(c.rec.progress, c.rec.progress_at, strict=True)
                          if kind(p) == "end")
            return first, final, loaded
        finally:
            await c.stop()

    def found(pub: Any) -> list[tuple[int, int, str]]:
        return sorted((d.range.start.line, d.range.start.character, str(d.code))
                      for d in pub.diagnostics)

    loop = asyncio.new_event_loop()
    try:
        first, final, loaded = loop.run_until_complete(one_run())
        assert first.at >= loaded  # nothing on disk yet: the first squiggles wait for the parser
        assert (tmp_path / "parses" / "parses.sqlite").is_file()
        first2, final2, loaded2 = loop.run_until_complete(one_run())
    finally:
        loop.close()
    assert first2.at < loaded2, "the restarted server waited for its parser"
    assert found(final) and found(first2) == found(final) == found(final2)


def test_a_document_opened_later_is_checked_from_disk_without_the_parser(tmp_path: Path) -> None:
    """Once the parser is up, a document whose sentences are on disk is not parsed again: with
    the parser process killed, its diagnostics still come, the same as the first server's, and
    no new parser process is started for it."""
    import os
    import signal

    text = "\n".join([FIG1, "Die Kinder spielt im Garten."])
    opts = {"language": "de", "debounceMs": 20, "parseCacheDir": str(tmp_path / "parses")}

    def children(pid: int) -> list[int]:
        out: list[int] = []
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                out += [int(k) for k in (task / "children").read_text().split()]
            except OSError:
                pass
        return out

    async def go() -> tuple[list[tuple[int, int, str]], list[tuple[int, int, str]], list[int]]:
        first = LambreClient()
        await first.start(initialization_options={"lambre": opts}, root=str(tmp_path))
        try:
            uri = (tmp_path / "a.txt").as_uri()
            before = await first.diagnostics(uri, first.open(uri, text), timeout=180)
        finally:
            await first.stop()
        c = LambreClient()
        await c.start(initialization_options={"lambre": opts}, root=str(tmp_path))
        try:
            other = (tmp_path / "b.txt").as_uri()
            await c.diagnostics(other, c.open(other, "Das Wetter ist heute schön."), timeout=180)
            for pid in children(c.process.pid):
                with contextlib.suppress(ProcessLookupError):  # (gone meanwhile)
                    os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.5)
            uri = (tmp_path / "a.txt").as_uri()
            after = await c.diagnostics(uri, c.open(uri, text), timeout=180)
            alive = [p for p in children(c.process.pid)
                     if Path(f"/proc/{p}/stat").is_file()
                     and Path(f"/proc/{p}/stat").read_text().split()[2] != "Z"]
        finally:
            await c.stop()
        def key(pub: Any) -> list[tuple[int, int, str]]:
            return sorted((d.range.start.line, d.range.start.character, str(d.code))
                          for d in pub.diagnostics)
        return key(before), key(after), alive

    if not Path("/proc/self/task").is_dir():
        pytest.skip("needs /proc to find the parser process")
    loop = asyncio.new_event_loop()
    try:
        before, after, alive = loop.run_until_complete(go())
    finally:
        loop.close()
    assert before and after == before
    assert alive == [], "a parser process was started for sentences on disk"


def test_parses_reach_the_disk_when_opened_saved_or_closed_not_per_keystroke(
        tmp_path: Path) -> None:
    """The store on disk grows with documents, not with typing: a document's sentences are
    written at its first check, at a save and at a close; a version in between is not."""
    from lambre_core.parse_cache import ParseCache, model_key, stored_sentences

    opts = {"language": "de", "debounceMs": 20, "parseCacheDir": str(tmp_path / "parses")}
    first, typed, saved = ("Die Kinder spielt im Garten.", "Die Kinder spielen im Gart.",
                           "Die Kinder spielen im Garten.")
    uri = (tmp_path / "d.txt").as_uri()

    def on_disk() -> set[str]:
        return set(stored_sentences(ParseCache(tmp_path / "parses"), "de", model_key("de"),
                                    [first, typed, saved]))

    async def go() -> tuple[set[str], set[str]]:
        c = LambreClient()
        await c.start(initialization_options={"lambre": opts}, root=str(tmp_path))
        try:
            await c.diagnostics(uri, c.open(uri, first), timeout=180)
            await c.diagnostics(uri, c.change(uri, None, typed, typed), timeout=180)
            v = c.change(uri, None, saved, saved)
            await c.diagnostics(uri, v, timeout=180)
            await asyncio.sleep(0.5)
            before_save = on_disk()
            c.client.text_document_did_save(types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=uri)))
        finally:
            await c.stop()  # (shutdown waits for the writes)
        return before_save, on_disk()

    loop = asyncio.new_event_loop()
    try:
        before_save, after = loop.run_until_complete(go())
    finally:
        loop.close()
    assert before_save == {first}
    assert after == {first, saved}
