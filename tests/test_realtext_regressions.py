"""Correct sentences from real text that the checker once flagged (issue 21's examples), through
the shipped models and rules in the default (precise) mode: none may get a diagnostic. Each is
held here only after the general mechanism that clears it was in (parse alternatives, lexicon
variants, sentence-opening phrases, numeral phrases, ...); the real-text gauntlet
(``bench/realtext.py``) measures the mechanisms on text nobody looked at."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.check import SentenceCheck, check_sentence
from lambre_core.commands import precision_for
from lambre_core.messages import message
from lambre_core.parse import load_parser
from lambre_core.rules import default_rules

REPO = Path(__file__).resolve().parents[1]

CLEAN = {
    "de": [
        "Ich wohne in Berlin und habe einen Wagen.",  # a noun the lexicon lacks ("Wagen")
        "Wegen irgendeiner Angelegenheit muss ich zum Amt.",  # an unknown determiner
        "Infolge größerer Arbeitsmöglichkeiten haben Frauen jetzt ihr eigenes Geld.",
        "Ich kann ab nächsten Monat anfangen.",  # ab + accusative of time
        "Das meiste ihrer Studienzeit verbringen sie in der Bibliothek.",
        "Sie helfen den geringer Qualifizierten.",  # an adverbial comparative
        "Ich weiß, dass man später spezifische Jobs finden kann.",
        "Dieses Hochschulsystem produziert keine Experten.",  # a compound's head gender
        "Mit freundlichen Grüßen",
        "Er hat den Coronavirus.",  # der/das Virus
        "Bitte die Tür schließen.",  # an infinitive instruction, its "subject" no nominative
    ],
    "ru": [
        "При этом руководители полагают, что ситуация улучшится.",  # opening phrases
        "В связи с этим министр подал в отставку.",
        "Между тем цены растут.",
        "Из-за всего этого студенты опоздали.",
        "Три иранских журналиста были арестованы.",  # a numeral the parse lost
        "Она купила пиццу размером с тарелку.",  # comparative "с"
        "Они тянутся друг к другу.",  # the reciprocal
        "А после нам стало легче.",  # a preposition that is an adverb
        "Мы не случайно говорим о том, что это так.",  # "говорим" is no short participle here
    ],
    "cs": [
        "Vím, že to jsou zábavné zkušenosti.",  # the predicate noun sets the copula's number
        "Podle původní jaderné dohody, od které v roce 2018 odstoupil prezident, je to jinak.",
    ],
}

#: errors next to those constructions that must still be found: (sentence, the blamed word)
STILL_FOUND = {
    "de": [("Er schließen die Tür.", "schließen"), ("Der Mann schließen die Tür.", "schließen")],
    "ru": [("Мальчик читала книгу.", "читала")],  # a sentence-initial noun tagged as a name
}


def _checks(lang: str, texts: list[str]) -> list[SentenceCheck]:
    """The default checker's result on each text, with the shipped models of ``lang``."""
    if not (REPO / "models" / lang / "depparse.pt").is_file():
        pytest.skip(f"models/{lang} not shipped in this checkout")
    parser = load_parser(lang)
    rules = default_rules(lang)
    precision = precision_for("precise", lang, parser)
    return [check_sentence(sent, rules, precision=precision)
            for sent in parser.parse_sentences(texts)]


@pytest.mark.parametrize("lang", sorted(CLEAN))
def test_correct_real_sentences_get_no_diagnostic(lang: str) -> None:
    flagged = [f"{text}: {v.rule.id}: {message(v)}"
               for text, check in zip(CLEAN[lang], _checks(lang, CLEAN[lang]), strict=True)
               for v in check.violations]
    assert not flagged, "\n".join(flagged)


@pytest.mark.parametrize("lang", sorted(STILL_FOUND))
def test_errors_beside_them_are_still_found(lang: str) -> None:
    texts = [t for t, _ in STILL_FOUND[lang]]
    for (text, word), check in zip(STILL_FOUND[lang], _checks(lang, texts), strict=True):
        assert word in {v.blamed.form for v in check.violations}, text
