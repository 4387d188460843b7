"""Server building blocks without a model: positions, incremental changes, sentence splitting,
settings, and language selection."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lambre_server.documents import language_from_id
from lambre_server.positions import UTF8, UTF16, LineIndex, apply_change
from lambre_server.sentences import MAX_CHARS, is_checkable, split_segment, split_text
from lambre_server.settings import parse_settings
from lsprotocol import types

from lambre_core.markup import segments

P = types.Position


def test_positions_utf16_and_utf8() -> None:
    text = "a😀b\r\nñ\rx\n"
    u16 = LineIndex(text, UTF16)
    assert u16.position(2) == P(line=0, character=3)  # after the astral char: 2 code units
    assert u16.position(5) == P(line=1, character=0)  # \r\n is one break
    assert u16.position(7) == P(line=2, character=0)  # a lone \r is a break
    u8 = LineIndex(text, UTF8)
    assert u8.position(2) == P(line=0, character=5)
    assert u8.position(6) == P(line=1, character=2)  # ñ is two bytes
    for idx in (u16, u8):
        for off in range(len(text) + 1):
            if text[off - 1 : off + 1] == "\r\n":
                continue  # between \r and \n is not a position
            assert idx.offset(idx.position(off)) == off


def test_form_feed_is_not_a_line_break() -> None:
    # Python's splitlines breaks at \x0c and \u2028; LSP does not
    idx = LineIndex("a\x0cb\u2028c\nd")
    assert idx.position(4) == P(line=0, character=4)
    assert idx.position(6) == P(line=1, character=0)


def test_position_past_end_is_clamped() -> None:
    idx = LineIndex("ab\ncd")
    assert idx.offset(P(line=0, character=99)) == 2
    assert idx.offset(P(line=9, character=0)) == 5
    # inside a surrogate pair rounds down to the character start
    assert LineIndex("😀x").offset(P(line=0, character=1)) == 0


@given(st.text(alphabet=st.sampled_from(list("ab\n\r😀ñ ")), max_size=30), st.data())
def test_incremental_change_matches_string_edit(text: str, data: st.DataObject) -> None:
    a = data.draw(st.integers(0, len(text)))
    b = data.draw(st.integers(a, len(text)))
    if text[a - 1 : a + 1] == "\r\n" or text[b - 1 : b + 1] == "\r\n":
        return
    new = data.draw(st.text(alphabet=st.sampled_from(list("xy😀\n")), max_size=5))
    for enc in (UTF16, UTF8):
        idx = LineIndex(text, enc)
        change = types.TextDocumentContentChangePartial(
            range=types.Range(start=idx.position(a), end=idx.position(b)), text=new)
        assert apply_change(text, change, enc) == text[:a] + new + text[b:]


def test_split_sentences() -> None:
    t = ("Ich werden langen Bücher lesen. Am 3. Oktober kam z. B. Dr. Müller. "
         "„Komm!“, sagte er. Was? Ja… Nein.")
    got = [t[s.start : s.end] for s in split_text(t)]
    assert got == ["Ich werden langen Bücher lesen.", "Am 3. Oktober kam z. B. Dr. Müller.",
                   "„Komm!“, sagte er.", "Was?", "Ja…", "Nein."]


def test_number_at_line_end_ends_a_sentence() -> None:
    t = "Es war am Tag 3.\nWir gingen am 3. Mai heim."
    assert [t[s.start : s.end] for s in split_text(t)] == ["Es war am Tag 3.",
                                                           "Wir gingen am 3. Mai heim."]


def test_junk_lines_stand_alone() -> None:
    t = "\x00\x01" * 5 + "a" * 2000 + "\nIch werden lesen."
    got = [t[s.start : s.end] for s in split_text(t)]
    assert got[-1] == "Ich werden lesen."
    assert all(len(x) <= MAX_CHARS for x in got)
    t2 = "Ein Satz mit https://example.org/" + "x" * 90 + "\nund weiter."
    assert len(split_text(t2)) == 2


def test_edit_in_one_sentence_keeps_the_others() -> None:
    a = "Das ist gut. Ich werden lesen. Er liest."
    b = "Das ist gut. Ich werde lesen. Er liest."
    sa = [a[s.start : s.end] for s in split_text(a)]
    sb = [b[s.start : s.end] for s in split_text(b)]
    assert sa[0] == sb[0] and sa[2] == sb[2] and sa[1] != sb[1]


def test_long_lines_are_cut() -> None:
    t = "wort " * 30000
    spans = split_text(t)
    assert all(s.end - s.start <= MAX_CHARS for s in spans)
    assert sum(s.end - s.start for s in spans) >= len(t.strip()) - len(spans)
    assert not is_checkable("\x00\x01\x02abc\x03\x04")
    assert not is_checkable("!!! ---")
    assert is_checkable("Ein Satz.")


def test_sentences_map_into_the_document() -> None:
    doc = "# Titel\n\nEin *erster* Satz. Ein [zweiter](http://x) Satz.\n"
    seg_sents = [x for seg in segments(doc, "markdown") for x in split_segment(seg)]
    texts = [t for t, _ in seg_sents]
    assert texts == ["Titel", "Ein erster Satz.", "Ein zweiter Satz."]
    t, sub = seg_sents[2]
    i = t.index("zweiter")
    a, b = sub.doc_span(i, i + len("zweiter"))
    assert doc[a:b] == "zweiter"


def test_language_from_id() -> None:
    assert language_from_id("de") == "de"
    assert language_from_id("de-AT") == "de"
    assert language_from_id("markdown") is None
    assert language_from_id("go") is None  # a programming language, not ISO 639-1
    assert language_from_id("plaintext") is None


def test_settings() -> None:
    s = parse_settings({"lambre": {"language": "de", "debounceMs": 10, "minSeverity": "WARNING",
                                   "rulesFile": {"ru": "/r.yaml"}, "cache": False,
                                   "disabledRules": ["x"], "hintBelow": 2}})
    assert s.language == "de" and s.debounce_ms == 10 and s.min_severity == "warning"
    assert s.rules_file_for("ru") == "/r.yaml" and s.rules_file_for("de") is None
    assert s.cache is False and s.disabled_rules == {"x"}
    assert s.hint_below == 0.5 and len(s.problems) == 1 and "hintBelow" in s.problems[0]
    s2 = parse_settings({"debounce_ms": 5}, s)
    assert s2.debounce_ms == 5 and s2.language == "de"
    assert s2.parse_cache_dir is None  # the default directory
    s3 = parse_settings({"parseCacheDir": ""}, s2)
    assert s3.parse_cache_dir == "" and not s3.problems
    s4 = parse_settings({"parseCacheDir": 3}, s3)
    assert s4.parse_cache_dir == "" and "parseCacheDir" in s4.problems[0]


def _fig1_violation() -> tuple[object, object]:
    from lambre_core.check import check_sentence
    from lambre_core.doc import Sentence, Word
    from lambre_core.rules import Rule, RuleSet

    words = [
        Word(1, "Ich", "ich", "PRON", feats={"Case": "Nom", "Number": "Sing", "Person": "1"},
             head=2, deprel="nsubj", misc={"Conf": "0.97"}, start=0, end=3),
        Word(2, "werden", "werden", "AUX", feats={"Number": "Plur", "Person": "3"}, head=3,
             deprel="aux", misc={"Conf": "0.99"}, start=4, end=10),
        Word(3, "lesen", "lesen", "VERB", feats={"VerbForm": "Inf"}, head=0, deprel="root",
             start=11, end=16),
        Word(4, ".", ".", "PUNCT", head=3, deprel="punct", start=16, end=17),
    ]
    sent = Sentence(words=words, metadata={"text": "Ich werden lesen."})
    rule = Rule(id="agree.PRON.AUX.subj.Number", type="agree", dep_upos="PRON", head_upos="AUX",
                relation="subj", feature="Number", support=14358, share=0.99)
    check = check_sentence(sent, RuleSet("de", [rule]))
    return check, sent


def test_message_severity_and_placement() -> None:
    from lambre_server.diagnostics import confidence, message, render, severity_name, templates

    check, _ = _fig1_violation()
    [v] = check.violations  # type: ignore[attr-defined]
    assert v.blamed.form == "werden"
    assert message(v) == ('"werden" (Number=Plur) does not agree in Number with its subject "Ich" '
                          "(Number=Sing); in the treebank this agreement holds in 99 % of "
                          "14,358 cases.")
    assert confidence(v.blamed, v.other) == 0.97
    assert severity_name(v, 0.6) == "error"  # 0.99 x 0.97 with broad support
    assert severity_name(v, 0.99) == "hint"  # below the hint threshold
    doc = "Titel\n\nIch werden lesen."
    [_, seg] = segments(doc, "plain")
    [t] = templates(check.sentence, check.violations, len(seg.text), 0.6)  # type: ignore
    assert t.blamed == (4, 10) and t.other == (0, 3) and t.severity == "error"
    d = render(t, seg, 0, LineIndex(doc), "file:///x.txt", "warning")
    assert d["range"] == {"start": {"line": 2, "character": 4}, "end": {"line": 2, "character": 10}}
    assert d["relatedInformation"][0]["location"]["range"]["start"] == {"line": 2, "character": 0}
    # the related word's value in plain words, in the message language
    assert d["relatedInformation"][0]["message"] == '"Ich" (singular), the subject of this arc'
    [t_de] = templates(check.sentence, check.violations, len(seg.text), 0.6, "de")  # type: ignore
    assert t_de.related_message == "„Ich“ (Singular)"
    assert d["code"] == "agree.PRON.AUX.subj.Number" and d["source"] == "lambre"
    assert d["severity"] == 2 and d["message"] == message(v)
    assert d["data"] == {"ruleId": "agree.PRON.AUX.subj.Number", "form": "werden",
                         "token": "werden"}
    # the same template placed after an edit before the sentence moved it
    doc2 = "Ein Titel\n\nIch werden lesen."
    [_, seg2] = segments(doc2, "plain")
    d2 = render(t, seg2, 0, LineIndex(doc2), "file:///x.txt", "warning")
    assert d2["range"]["start"] == {"line": 2, "character": 4}
    assert d2["data"]["token"] == "werden"


def test_cancelling_an_answered_request_is_no_warning(caplog: pytest.LogCaptureFixture) -> None:
    """VS Code cancels requests whose answers are on their way: the log a user opens stays
    quiet (pygls warned on each); a request still running is still cancelled."""
    import asyncio
    import logging

    from lambre_server.server import LambreProtocol, LambreServer

    server = LambreServer()
    protocol = server.protocol
    assert isinstance(protocol, LambreProtocol)
    with caplog.at_level(logging.WARNING):
        protocol._handle_cancel_notification(41)
    assert not [r for r in caplog.records if "Cancel" in r.getMessage()]
    loop = asyncio.new_event_loop()
    try:
        fut = loop.create_future()
        protocol._request_futures[42] = fut
        protocol._handle_cancel_notification(42)
        assert fut.cancelled() and 42 not in protocol._request_futures
    finally:
        loop.close()
