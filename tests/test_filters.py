"""Violation filters: syncretism from the lexicon (the automatic "Robust++") and confidence."""

from __future__ import annotations

from pathlib import Path

from lambre_core.check import check_sentence
from lambre_core.conllu_io import read_conllu_string
from lambre_core.filters import confidence_filter, syncretism_filter, uncertain_blame_filter
from lambre_core.lexicon import Lexicon
from lambre_core.rules import load_rules

DATA = Path(__file__).resolve().parent / "data"

# "wir werden" with the tagger's usual mistake: werden tagged 3rd person plural
WERDEN = """# text = wir werden kommen
1\twir\twir\tPRON\t_\tCase=Nom|Number=Plur|Person=1|PronType=Prs\t2\tnsubj\t_\tFConf=Person:0.990
2\twerden\twerden\tAUX\t_\tMood=Ind|Number=Plur|Person=3|VerbForm=Fin\t3\taux\t_\tFConf=Person:0.600
3\tkommen\tkommen\tVERB\t_\tVerbForm=Inf\t0\troot\t_\t_

"""
# a real error: "ich werden" (1st singular subject, plural verb form)
ICH = WERDEN.replace("wir\twir\tPRON\t_\tCase=Nom|Number=Plur|Person=1", "ich\tich\tPRON\t_\t"
                     "Case=Nom|Number=Sing|Person=1").replace("wir werden", "ich werden")


def _lexicon() -> Lexicon:
    lex = Lexicon("de", external=False)
    for person in ("1", "3"):
        lex.add("werden", "AUX", {"Mood": "Ind", "Number": "Plur", "Person": person,
                                  "VerbForm": "Fin"}, "werden")
    lex.add("werden", "AUX", {"Mood": "Ind", "Number": "Sing", "Person": "1",
                              "VerbForm": "Fin"}, "werde")
    return lex


def test_syncretic_person_is_not_flagged_but_a_real_error_is() -> None:
    rules = load_rules(DATA / "figure1_rules.yaml")
    flt = syncretism_filter(_lexicon())
    wir = read_conllu_string(WERDEN)[0]
    assert any(v.feature == "Person" for v in check_sentence(wir, rules).violations)
    assert not check_sentence(wir, rules, violation_filter=flt).violations
    ich = read_conllu_string(ICH)[0]
    kept = check_sentence(ich, rules, violation_filter=flt).violations
    assert [v.feature for v in kept] == ["Number"]  # "werden" cannot be singular


def test_confidence_filters_read_fconf() -> None:
    rules = load_rules(DATA / "figure1_rules.yaml")
    wir = read_conllu_string(WERDEN)[0]
    assert not check_sentence(wir, rules, violation_filter=confidence_filter(0.7)).violations
    assert check_sentence(wir, rules, violation_filter=confidence_filter(0.5)).violations
    # the blamed token (werden, 0.6) is uncertain: kept at 0.7, dropped at 0.5
    assert check_sentence(wir, rules, violation_filter=uncertain_blame_filter(0.7)).violations
    assert not check_sentence(wir, rules, violation_filter=uncertain_blame_filter(0.5)).violations
