"""Units of the editor features: publish throttling and language identification."""

from __future__ import annotations

import pytest
from lambre_server.throttle import PublishThrottle

from lambre_core.langid import Identifier, model_languages


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("batches", [10, 100, 1000, 10000])
def test_partial_publishes_add_up_to_less_than_twice_the_whole(batches: int) -> None:
    clock = FakeClock()
    throttle = PublishThrottle(clock=clock)
    sent = 0
    publishes = 0
    for done in range(1, batches + 1):
        clock.now += 0.05  # batches faster than the interval
        if throttle.should_publish(done):
            sent += done  # a publish re-sends every diagnostic found so far
            publishes += 1
    assert sent < 2 * batches  # linear in the document, not quadratic
    assert publishes <= 2 + batches.bit_length()


def test_at_most_a_few_publishes_a_second() -> None:
    clock = FakeClock()
    throttle = PublishThrottle(clock=clock, growth=1.0)  # growth alone would publish every batch
    times = []
    for done in range(1, 200):
        clock.now += 0.01
        if throttle.should_publish(done):
            times.append(clock.now)
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    assert gaps and min(gaps) >= 0.3 - 1e-9


def test_visible_part_published_as_soon_as_it_is_done() -> None:
    clock = FakeClock()
    throttle = PublishThrottle(clock=clock)
    assert throttle.should_publish(1)  # first batch
    clock.now += 0.01
    assert throttle.should_publish(2, visible_done=True)  # not waiting for the interval
    clock.now += 0.01
    assert not throttle.should_publish(3, visible_done=True)  # once only


def test_identifier_over_model_languages() -> None:
    langs = model_languages()
    if "de" not in langs:
        pytest.skip("no German model shipped")
    ident = Identifier(langs)
    german = "Ich habe gestern ein sehr interessantes Buch über die Geschichte gelesen."
    english = "Yesterday I read a very interesting book about the history of the city."
    assert ident.guess(german).code == "de"
    assert ident.guess(english).code == "en"  # named, so that it can be said it has no model
    doc, paras = ident.paragraph_languages([german, english, "Ja."])
    assert paras[0] == "de" and paras[1] == "en"
    assert paras[2] == doc  # too short to tell: the document's language
    assert ident.guess("12345 !!!").code is None


def test_model_languages_reads_a_models_dir(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from lambre_core.parse import MODEL_FILES

    for lang, complete in (("xx", True), ("yy", False), ("de-original", True)):
        d = tmp_path / lang
        d.mkdir()
        (d / MODEL_FILES["pos"]).write_bytes(b"")
        if complete:
            (d / MODEL_FILES["depparse"]).write_bytes(b"")
    assert model_languages(str(tmp_path)) == ("xx",)


def test_report_result_ids_name_the_content() -> None:
    import json

    from lambre_server.pull import Report

    a = Report(3, '[{"message": "x"}]', True)
    b = Report(7, '[{"message": "x"}]', True)  # another version, same findings
    c = Report(7, '[{"message": "y"}]', True)
    assert a.result_id == b.result_id != c.result_id
    full = json.loads(a.response(None))
    assert full == {"kind": "full", "resultId": a.result_id, "items": [{"message": "x"}]}
    assert json.loads(b.response(a.result_id)) == {"kind": "unchanged", "resultId": a.result_id}
    assert json.loads(c.response(a.result_id))["kind"] == "full"
