"""The judgement suites (tests/data/{de,ru,uk,cs,el,tr}/judgements.tsv) through the shipped models and rules in
the default (precise) mode: no diagnostic on a correct sentence, the marked token blamed on an
erroneous one. Cases the checker still gets wrong stay in the files with a ``gap`` reason; they
are reported, not asserted (and a gap that now passes is reported too, so it can be cleared)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lambre_core.commands import precision_for
from lambre_core.judge import Outcome, judge, read_judgements, summarize
from lambre_core.languages import language
from lambre_core.parse import load_parser
from lambre_core.rules import default_rules

DATA = Path(__file__).resolve().parent / "data"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["de", "ru", "uk", "cs", "el", "tr"])
def outcomes(request: pytest.FixtureRequest) -> list[Outcome]:
    lang = request.param
    parser = load_parser(lang)
    items = read_judgements(DATA / lang / "judgements.tsv")
    return judge(items, parser, default_rules(lang), precision=precision_for("precise", lang, parser))


def _show(o: Outcome) -> str:
    j = o.judgement
    return f"{j.id} ({j.label} {j.token}): {j.sentence} -> blamed {o.blamed}: {o.messages}"


def test_suite_size_and_coverage(outcomes: list[Outcome]) -> None:
    s = summarize(outcomes)
    lang = outcomes[0].judgement.id.split("-")[0]
    assert s.correct + s.errors >= (200 if lang == "de" else 100)
    assert s.correct >= 60 and s.errors >= 50


def test_no_diagnostic_on_correct_sentences(outcomes: list[Outcome]) -> None:
    flagged = [_show(o) for o in outcomes
               if o.judgement.label == "ok" and not o.judgement.gap and o.blamed]
    assert not flagged, "\n".join(flagged)


def test_errors_blamed_on_the_marked_token(outcomes: list[Outcome]) -> None:
    wrong = [_show(o) for o in outcomes
             if o.judgement.label == "error" and not o.judgement.gap and not o.passed]
    assert not wrong, "\n".join(wrong)


#: the share of a suite's errors that must be blamed on their marked word, gaps included: a
#: floor at what each suite reaches (issue targets: 85 % for German and Russian, 70 % for a new
#: language; Czech stands at 72 % and Greek at 20 %: no dictionary offline, only the paradigms
#: of their packs)
_MIN_BLAMED = {"de": 0.85, "ru": 0.85, "uk": 0.70, "cs": 0.70, "el": 0.70, "tr": 0.70}


def test_share_of_errors_blamed(outcomes: list[Outcome]) -> None:
    lang = outcomes[0].judgement.id.split("-")[0]
    errors = [o for o in outcomes if o.judgement.label == "error"]
    blamed = sum(1 for o in errors if o.passed)
    assert blamed / len(errors) >= _MIN_BLAMED[lang], f"{blamed}/{len(errors)} blamed"


def test_known_gaps_are_reported(outcomes: list[Outcome], capsys: pytest.CaptureFixture[str]) -> None:
    gaps = [o for o in outcomes if o.judgement.gap]
    cleared = [o.judgement.id for o in gaps if o.passed]
    s = summarize(outcomes)
    with capsys.disabled():
        print(f"\n{outcomes[0].judgement.id[:2]}: correct flagged {s.correct_flagged}/{s.correct}, "
              f"errors blamed {s.errors_blamed}/{s.errors}, known gaps {len(gaps)}"
              + (f", gaps now passing: {', '.join(cleared)}" if cleared else ""))
    # every gap says why
    assert all(len(o.judgement.gap) > 10 for o in gaps)


#: fixes that differ from the suite's correction, with why; any other difference fails
_OTHER_FIX = {
    "de-025": ("Verkehres", "a genitive variant as correct as the suite's Verkehrs"),
    "de-063": ("dem", "auf dem Tisch is correct too (where, not whither)"),
    "de-122": ("habest", "the subjunctive of the same person: the mood is not asked for"),
    "ru-072": ("красивого", "the case of a case-ambiguous noun is the solver's guess"),
    "ru-047": ("друга", "с takes the genitive or instrumental: the first is offered"),
    "ru-092": ("Москву", "в takes the accusative or locative: the first is offered"),
    # Ukrainian: the dictionary lists variants side by side, unranked; the one offered is
    # correct too
    # Czech: two standard forms, the one offered as correct
    "cs-037": ("nerozumí", "the third person plural rozumí, as standard as rozumějí"),
    "cs-122": ("Má", "má, as standard as moje"),
    "cs-100": ("", "no fix: a noun in -es may drop its -e- (psa) or keep it (lesa)"),
    "cs-036": ("nemohu", "nemohu, as standard as nemůžu"),
    "uk-016": ("великім", "the locative's variant in -ім, as correct as -ому"),
    "uk-020": ("зеленім", "the locative's variant in -ім, as correct as -ому"),
    "uk-036": ("цім", "the locative's variant, as correct as цьому"),
    "uk-055": ("будем", "the colloquial variant of будемо"),
    "uk-063": ("запізнились", "the reflexive's variant in -сь after a vowel"),
    "uk-094": ("друга", "з takes the genitive or instrumental: the first is offered"),
    "uk-224": ("підстанцію", "на takes the accusative or locative: the first is offered"),
    # known defects: the fix is not found (the dictionary reading the checker chose has no
    # instrumental / locative form in its lexeme as looked up)
    "uk-100": ("", "no fix offered yet for this neuter noun's instrumental"),
    "uk-163": ("", "no fix offered yet for a city name's locative"),
}


def _fixable(lang: str, token: str) -> bool:
    """Whether the pack offers fixes for the marked word's class: Greek only for articles (its
    nouns and adjectives are read by their ending, and their stress moves between cells)."""
    if lang == "el":
        from lambre_core.languages.el.morph import article

        return article(token) is not None
    return True


def test_the_fix_offered_is_the_correction(outcomes: list[Outcome]) -> None:
    """The fix table: every error of the suite blamed on its marked word is offered the
    suite's correction ("den -> dem"), but the few listed differences; and the corrected
    sentence raises nothing on the corrected word."""
    lang = outcomes[0].judgement.id.split("-")[0]
    if language(lang).inflect is None:
        pytest.skip(f"{lang}: the pack inflects no word, so no fix is offered")
    parser = load_parser(lang)
    table = [(o, [f for b, f in zip(o.blamed, o.fixes, strict=True) if b == o.judgement.token])
             for o in outcomes
             if o.judgement.label == "error" and o.passed and o.expected_fix
             and _fixable(lang, o.judgement.token)]
    assert len(table) >= {"de": 80, "cs": 20, "el": 6}.get(lang, 40)
    wrong = []
    for o, fixes in table:
        got = fixes[0] if fixes else ""
        want, _why = _OTHER_FIX.get(o.judgement.id, (o.expected_fix, ""))
        if got.lower() != want.lower():
            wrong.append(f"{o.judgement.id}: {o.judgement.sentence} -> {got!r}, want {want!r}")
    assert not wrong, "\n".join(wrong)
    # the corrected sentences: the corrected word is blamed for nothing
    fixed = [(o, " ".join(fixes[0] if t.strip('.,;:!?"„“«»()') == o.judgement.token else t
                          for t in o.judgement.sentence.split()))
             for o, fixes in table if fixes and " " not in fixes[0]]
    again = judge([replace(o.judgement, sentence=s, label="ok") for o, s in fixed], parser,
                  default_rules(lang), precision=precision_for("precise", lang, parser))
    blamed = [f"{a.judgement.id}: {a.judgement.sentence} -> {a.messages}" for (o, _s), a
              in zip(fixed, again, strict=True)
              if any(b.lower() == o.fixes[0].lower() for b in a.blamed)]
    assert not blamed, "\n".join(blamed)
