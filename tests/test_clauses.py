"""Subject-verb agreement clause by clause (lambre_core/languages/de/clauses.py), on parses the small parser
really gives: the subject arc lost or misread. Real lexicons (morph_de, pymorphy3), no model."""

from __future__ import annotations

import pytest

from lambre_core.check import check_sentence
from lambre_core.conllu_io import read_conllu_string
from lambre_core.evidence import Precision
from lambre_core.rules import default_rules

#: lemmas where the test needs them (the parser's lemmatizer sets them in real use)
_LEMMAS = {"звонит": "звонить"}


def _conllu(text: str, rows: list[tuple[str, str, int, str]]) -> str:
    lines = [f"# text = {text}"]
    for i, (form, upos, head, rel) in enumerate(rows, 1):
        lemma = _LEMMAS.get(form, form)
        lines.append(f"{i}\t{form}\t{lemma}\t{upos}\t_\t_\t{head}\t{rel}\t_\t_")
    return "\n".join(lines) + "\n\n"


def _proven(lang: str, text: str, rows: list[tuple[str, str, int, str]]) -> list[tuple[str, str]]:
    sent = read_conllu_string(_conllu(text, rows))[0]
    check = check_sentence(sent, default_rules(lang), precision=Precision(lang))
    return [(v.blamed.form, v.suggestions[0] if v.suggestions else "") for v in check.violations]


def test_german_verb_blamed_though_the_parse_lost_its_subject() -> None:
    # "morgen" read as a verb and "kommst" hung on it: no subject arc to check
    rows = [("Ich", "PRON", 2, "nsubj"), ("glaube", "VERB", 0, "root"), (",", "PUNCT", 7, "punct"),
            ("dass", "SCONJ", 7, "mark"), ("er", "PRON", 6, "nsubj"), ("morgen", "VERB", 7, "xcomp"),
            ("kommst", "VERB", 2, "ccomp"), (".", "PUNCT", 2, "punct")]
    assert _proven("de", "Ich glaube, dass er morgen kommst.", rows) == [("kommst", "kommt")]
    rows[6] = ("kommt", "VERB", 2, "ccomp")
    assert _proven("de", "Ich glaube, dass er morgen kommt.", rows) == []


@pytest.mark.parametrize(("text", "rows"), [
    # the subject is the was-clause: "die Leute" is accusative
    ("Die Leute interessiert nicht, was er sagt.",
     [("Die", "DET", 2, "det"), ("Leute", "NOUN", 3, "nsubj"), ("interessiert", "VERB", 0, "root"),
      ("nicht", "PART", 3, "advmod"), (",", "PUNCT", 7, "punct"), ("was", "PRON", 7, "nsubj"),
      ("er", "PRON", 8, "nsubj"), ("sagt", "VERB", 3, "ccomp"), (".", "PUNCT", 3, "punct")]),
    # an infinitive as an instruction has no subject to agree with
    ("Bitte die Tür schließen.",
     [("Bitte", "ADV", 4, "advmod"), ("die", "DET", 3, "det"), ("Tür", "NOUN", 4, "obj"),
      ("schließen", "VERB", 0, "root"), (".", "PUNCT", 4, "punct")]),
    # "oder": the verb agrees with the nearer conjunct
    ("Entweder du oder er muss gehen.",
     [("Entweder", "CCONJ", 2, "cc"), ("du", "PRON", 6, "nsubj"), ("oder", "CCONJ", 4, "cc"),
      ("er", "PRON", 2, "conj"), ("muss", "AUX", 6, "aux"), ("gehen", "VERB", 0, "root"),
      (".", "PUNCT", 6, "punct")]),
])
def test_german_clauses_that_prove_nothing(text: str, rows: list[tuple[str, str, int, str]]) -> None:
    assert _proven("de", text, rows) == []


def test_german_coordinated_subject_is_plural() -> None:
    rows = [("Mein", "DET", 2, "det"), ("Bruder", "NOUN", 5, "nsubj"), ("und", "CCONJ", 4, "cc"),
            ("ich", "PRON", 5, "nsubj"), ("spiele", "VERB", 0, "root"), ("gern", "ADV", 5, "advmod"),
            ("Fußball", "NOUN", 5, "obj"), (".", "PUNCT", 5, "punct")]
    assert _proven("de", "Mein Bruder und ich spiele gern Fußball.", rows) == [("spiele", "spielen")]


def test_russian_nominative_only_subject_and_object() -> None:
    rows = [("Я", "PRON", 3, "nsubj"), ("очень", "ADV", 3, "advmod"), ("хочешь", "VERB", 0, "root"),
            ("пить", "NOUN", 3, "obj"), (".", "PUNCT", 3, "punct")]
    assert [b for b, _ in _proven("ru", "Я очень хочешь пить.", rows)] == ["хочешь"]
    rows = [("Она", "PRON", 2, "nsubj"), ("звонит", "VERB", 0, "root"), ("мама", "NOUN", 2, "obj"),
            ("каждый", "DET", 5, "det"), ("день", "NOUN", 2, "obl"), (".", "PUNCT", 2, "punct")]
    assert _proven("ru", "Она звонит мама каждый день.", rows) == [("мама", "маме")]
    rows[2] = ("маме", "NOUN", 2, "obj")
    assert _proven("ru", "Она звонит маме каждый день.", rows) == []


def test_russian_fix_keeps_the_words_own_lemma() -> None:
    # "большая" is a form of "большой" and of "больший": the fix inflects the word's own lemma
    _LEMMAS["большая"] = "большой"
    try:
        rows = [("Это", "PRON", 3, "nsubj"), ("большая", "ADJ", 3, "amod"), ("дом", "NOUN", 0, "root"),
                (".", "PUNCT", 3, "punct")]
        assert _proven("ru", "Это большая дом.", rows) == [("большая", "большой")]
    finally:
        del _LEMMAS["большая"]
