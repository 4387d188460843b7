"""Lemmas from the lexicons (``lambre_core/lemmatize.py``) and the verb case frames they unlock."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.check import rule_arcs
from lambre_core.conllu_io import read_conllu
from lambre_core.extract import ExtractOptions, extract_rules
from lambre_core.languages.de.lemmas import german_verb_lemmas
from lambre_core.languages.ru.morph import lemma_of as russian_lemma
from lambre_core.lemmatize import lemmatizer
from lambre_core.rules import default_rules
from lambre_core.sud import to_sud


def test_german_verb_forms_get_their_infinitive() -> None:
    lemma = lemmatizer("de", None)
    assert lemma("helfe", "VERB", {}) == "helfen"
    assert lemma("Hilf", "VERB", {"VerbForm": "Fin", "Mood": "Imp"}) == "helfen"
    assert lemma("geholfen", "VERB", {"VerbForm": "Part"}) == "helfen"
    # finite "gehört" is only "gehören"; the participle belongs to "hören" as well
    assert lemma("gehört", "VERB", {"VerbForm": "Fin"}) == "gehören"
    assert set(german_verb_lemmas("gehört", {"VerbForm": "Part"})) == {"hören", "gehören"}
    # nouns are left to the treebank lexicon (none here)
    assert lemma("Häuser", "NOUN", {}) is None


def test_a_separable_verb_needs_its_particle() -> None:
    # "kriegen" alone is no form of "unterkriegen"; "helfe" none of "mithelfen"
    assert "unterkriegen" not in german_verb_lemmas("kriegen")
    assert german_verb_lemmas("helfe") == ["helfen"]
    assert german_verb_lemmas("aufzuhören") == ["aufhören"]


def test_russian_lemmas_from_pymorphy() -> None:
    assert russian_lemma("книги", "NOUN") == "книга"
    assert russian_lemma("читала", "VERB") == "читать"
    assert russian_lemma("qwerty", "NOUN") is None


def test_reviewed_case_frames_become_government_rules(shared: Path) -> None:
    sents = read_conllu(shared / "treebanks/ud/de/de_gsd-ud-dev.conllu")
    rs = extract_rules(sents, "de", ExtractOptions(min_count=20, case_frames={
        "helfen": ["Dat"], "folgen": ["Dat"]}))
    rule = rs.by_id["as.dep.NOUN.VERB.comp:obl.Case.Dat"]
    assert rule.when == (("head.lemma", ("folgen", "helfen")),)
    assert rule.allowed == ("Dat",)
    assert dict(rule.evidence).keys() == {"folgen", "helfen"}
    assert "added on review" in rule.explanation
    assert "as.dep.PRON.VERB.comp:obj.Case.Dat" in rs.by_id


def test_reviewed_infinitive_verbs_and_counted_nouns_of_several_values(shared: Path) -> None:
    sents = read_conllu(shared / "treebanks/ud/uk/uk_iu-ud-dev.conllu")
    rs = extract_rules(sents, "uk", ExtractOptions(
        min_count=20, infinitive_verbs=("хотіти", "почати"),
        counted_nouns=((("два", "три"), "Case", "Nom+Acc", (), ("двох",)),)))
    inf = rs.by_id["as.dep.VERB.VERB.comp:obj.VerbForm.Inf"]
    assert inf.when == (("head.lemma", ("почати", "хотіти")),) and inf.allowed == ("Inf",)
    assert inf.support > 0 and inf.share > 0.9  # the treebank's arcs bear it out
    counted = rs.by_id["as.head.NUM.NOUN.det.Case.Acc+Nom"]
    assert counted.allowed == ("Nom", "Acc") and counted.except_forms == frozenset({"двох"})
    assert "Case=Nom or Acc" in counted.explanation


def _arc_rules(text: str) -> set[str]:
    from lambre_core.conllu_io import read_conllu_string

    sud = to_sud(read_conllu_string(text)[0])
    rules = default_rules("de").enabled_rules()
    return {r.id for a in rule_arcs(sud, rules) for r in a.rules if sud.word(a.dep).form == "Mann"}


@pytest.mark.parametrize(("verb", "lemma", "governed"), [("helfe", "helfen", True),
                                                         ("sehe", "sehen", True),
                                                         ("trage", "tragen", False)])
def test_a_verbs_own_frame_replaces_the_general_object_rule(verb: str, lemma: str,
                                                             governed: bool) -> None:
    text = (f"1\tIch\tich\tPRON\t_\tCase=Nom|Number=Sing|Person=1\t2\tnsubj\t_\t_\n"
            f"2\t{verb}\t{lemma}\tVERB\t_\tVerbForm=Fin\t0\troot\t_\t_\n"
            f"3\tden\tder\tDET\t_\tCase=Acc|Gender=Masc|Number=Sing\t4\tdet\t_\t_\n"
            f"4\tMann\tMann\tNOUN\t_\tCase=Acc|Gender=Masc|Number=Sing\t2\tobj\t_\t_\n\n")
    ids = _arc_rules(text)
    # (a rule whose lemma condition fails stays a candidate: its ``when`` decides per analysis)
    assert "as.dep.NOUN.VERB.comp:obj.Case.Dat" in ids
    assert ("as.dep.NOUN.VERB.comp:obj.Case" in ids) is not governed


def test_adjectives_get_their_declension_lemma() -> None:
    # the identity lemma ("arme") would say the adjective is uninflected, so unknown
    lemma = lemmatizer("de", None)
    assert lemma("armen", "ADJ", {}) == "arm"
    assert lemma("höheren", "ADJ", {}) == "hoch"
    assert lemma("xyzen", "ADJ", {}) is None


def test_a_small_treebanks_perfect_rare_agreement_is_a_rule_beside_a_sibling(shared: Path) -> None:
    uk = shared / "treebanks/ud/uk"
    sents = read_conllu(uk / "uk_iu-ud-dev.conllu") + read_conllu(uk / "uk_iu-ud-test.conllu")
    plain = extract_rules(sents, "uk", ExtractOptions(learn_conditions=False))
    small = extract_rules(sents, "uk", ExtractOptions(learn_conditions=False,
                                                      perfect_min_count=12))
    # a pronoun subject of a predicate adjective: 13 arcs, all agreeing in gender, beside the
    # noun subjects' rule
    assert "agree.NOUN.ADJ.subj.Gender" in plain.by_id
    assert "agree.PRON.ADJ.subj.Gender" not in plain.by_id
    rule = small.by_id["agree.PRON.ADJ.subj.Gender"]
    assert rule.share == 1.0 and 12 <= rule.support < 30
    # only the relations whose agreement the checker can prove: no conjuncts or names
    assert not {r.id for r in small.rules if r.type == "agree"} - {
        r.id for r in plain.rules} - {r.id for r in small.rules
                                      if r.relation.split("@")[0] in ("det", "mod", "subj",
                                                                       "comp:pred")}
