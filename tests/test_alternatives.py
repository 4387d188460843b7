"""Robust to the parse: the parser's other arcs (``misc["Alt"]``) and the re-check under them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lambre_core.alternatives import alternative_trees, read_alternatives, shift_alternatives
from lambre_core.check import check_sentence
from lambre_core.conllu_io import read_conllu_string, tree_error
from lambre_core.evidence import Precision
from lambre_core.rules import default_rules

REPO = Path(__file__).resolve().parents[1]

# "Ich sehe den Frau.": proven wrong on the best parse ("den" the determiner of "Frau"), but the
# parser scored "den" as an object of "sehe" nearly as well (as a pronoun it fits)
_DEN_FRAU = """\
1\tIch\tich\tPRON\t_\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t2\tnsubj\t_\t_
2\tsehe\tsehen\tVERB\t_\tMood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
3\tden\tder\tDET\t_\tCase=Acc|Definite=Def|Gender=Masc|Number=Sing|PronType=Art\t4\tdet\t_\t{alt}
4\tFrau\tFrau\tNOUN\t_\tCase=Acc|Gender=Fem|Number=Sing\t2\tobj\t_\t_
5\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

"""


def _sentence(alt: str):  # type: ignore[no-untyped-def]
    return read_conllu_string(_DEN_FRAU.format(alt=alt))[0]


def test_alternatives_read_and_shift() -> None:
    assert read_alternatives("3/obj/0.31,0/root/0.12,x/y/z,5/nsubj:pass/0.20") == [
        (3, "obj", 0.31), (0, "root", 0.12), (5, "nsubj:pass", 0.2)]
    assert shift_alternatives("3/obj/0.31,0/root/0.12", 10) == "13/obj/0.31,0/root/0.12"


def test_alternative_trees_keep_a_tree() -> None:
    # a second root, a second object of one verb and a cycle are no trees of the sentence; an
    # alternative below the threshold is no plausible one; the rest come most probable first
    s = _sentence("Alt=2/obl/0.40,0/root/0.30,2/obj/0.35,1/det/0.10")
    s.words[1].misc["Alt"] = "3/acl/0.50"  # "sehe" under "den": a cycle
    s.words[3].misc["AltUPOS"] = "PROPN/0.60,ADJ/0.30"
    trees = list(alternative_trees(s, plausible=0.2, class_ok=lambda w, u: False))
    assert [(k, t.words[k - 1].head, t.words[k - 1].deprel, t.words[k - 1].upos)
            for k, t in trees] == [(3, 2, "obl", "DET")]
    assert all(tree_error(t) is None for _, t in trees)
    assert s.words[2].head == 4  # the best parse itself is unchanged
    # other word classes keep the word's relation; which ones are possible, the caller says
    # (``analyses.class_possible``: a name is no other reading of a noun)
    with_classes = list(alternative_trees(s, plausible=0.2, class_ok=lambda w, u: u == "ADJ"))
    assert [(k, t.words[k - 1].upos) for k, t in with_classes] == [(3, "DET"), (4, "ADJ")]


def test_a_clausal_subject_beside_a_nominal_one_is_no_reading() -> None:
    # "Wir kann das machen": "machen" as the clausal subject of "kann" would excuse the verb's
    # person, but "kann" has its subject already; an object clause would be a reading
    s = read_conllu_string(
        "1\tWir\twir\tPRON\t_\tCase=Nom|Number=Plur|Person=1|PronType=Prs\t2\tnsubj\t_\t_\n"
        "2\tkann\tkönnen\tAUX\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin"
        "\t0\troot\t_\t_\n"
        "3\tdas\tder\tPRON\t_\tCase=Acc|Gender=Neut|Number=Sing|PronType=Dem\t4\tobj\t_\t_\n"
        "4\tmachen\tmachen\tVERB\t_\tVerbForm=Inf\t2\txcomp\t_\t"
        "Alt=2/csubj/0.40,2/ccomp/0.30\n\n")[0]
    trees = list(alternative_trees(s, plausible=0.2))
    assert [(k, t.words[k - 1].deprel) for k, t in trees] == [(4, "ccomp")]


@pytest.mark.skipif(not (REPO / "rules" / "de.yaml").is_file(), reason="no German rules")
def test_a_real_error_stays_proven_under_plausible_parses() -> None:
    rules = default_rules("de")
    # every alternative of "den" gives it a place where no rule holds for it, or a second
    # object of "sehe": none explains the error away
    for alt in ("_", "Alt=2/obl/0.40", "Alt=2/iobj/0.40", "Alt=2/nsubj/0.40", "Alt=4/nmod/0.40",
                "Alt=2/advmod/0.40"):
        check = check_sentence(_sentence(alt), rules, precision=Precision("de"))
        assert [v.blamed.form for v in check.violations] == ["den"], alt


#: correct sentences the shipped parsers misparse, with the parse they score nearly as well
#: (searched for in WMT22 system outputs, never the references; each parser retraining fixes
#: some, so the examples follow the shipped models. Examples leave the list when a mechanism
#: of their own stops the best parse alone from proving them: "домашних животных и табачного
#: дыма" ("домашних" hung on "дыма": "домашних животных" is a phrase of its own before it),
#: "поэтому имейте это в виду" (a pronoun after an imperative is its object), "Ihm zu Ehren
#: wurden vier Tage Staatstrauer ausgerufen" ("vier" hung on "Staatstrauer": a noun between a
#: numeral and its noun leaves the count in doubt))
_MISPARSED = [
    # the conjuncts hung on the subject's genitive ("игры" is also a nominative plural): the
    # parser nearly made them the subject's own (a word nearly hung on a subject is weighed)
    ("ru", "Сюжет игры, идеи и вопросы, которые она поднимает, кажутся своевременными."),
]


@pytest.mark.parametrize(("lang", "text"), _MISPARSED)
def test_failure_that_a_plausible_parse_removes_is_uncertain(lang: str, text: str) -> None:
    from lambre_core.commands import precision_for
    from lambre_core.parse import load_parser

    if not (REPO / "models" / lang / "depparse.pt").is_file():
        pytest.skip(f"models/{lang} not shipped in this checkout")
    parser = load_parser(lang)
    sent = parser.parse_sentences([text])[0]
    rules = default_rules(lang)
    precision = precision_for("precise", lang, parser)
    best_only = check_sentence(sent, rules, precision=replace(precision, plausible=None))
    assert best_only.violations  # proven on the best parse alone
    robust = check_sentence(sent, rules, precision=precision)
    assert not robust.violations
    moved = {(v.rule.id, v.blamed.id) for v in best_only.violations}
    assert moved <= {(v.rule.id, v.blamed.id) for v in robust.uncertain}
    # the failing rule instances count as satisfied, so the score does not fall
    failing = {(i.rule_id, i.dep, i.head) for i in best_only.instances if not i.satisfied}
    assert failing and not any((i.rule_id, i.dep, i.head) in failing and not i.satisfied
                               for i in robust.instances)


@pytest.mark.skipif(not (REPO / "models" / "de" / "depparse.pt").is_file(),
                    reason="models/de not shipped in this checkout")
def test_parser_records_alternatives() -> None:
    from lambre_core.parse import load_parser

    parser = load_parser("de")
    texts = ["Ich wohne in Berlin und habe einen Wagen.",
             "Gestern hat der Mann, den ich kenne, seiner Frau ein Buch gegeben."]
    found = 0
    for sent in parser.parse_sentences(texts):
        n = len(sent.words)
        for w in sent.words:
            assert "\t" not in w.deprel  # the carrier never leaks into the relation
            for head, rel, p in read_alternatives(w.misc.get("Alt", "")):
                found += 1
                assert 0 <= head <= n and head != w.id and rel
                assert 0.05 <= p <= 1.0
                assert (head, rel) != (w.head, w.deprel)
    assert found > 0


def test_other_word_classes_the_lexicon_allows() -> None:
    from lambre_core.analyses import analyzer_for, class_possible

    assert not class_possible("de", "Frau", "PROPN", "NOUN")  # only the rules would change
    assert class_possible("de", "später", "ADV", "ADJ")  # uninflected classes: any form
    if analyzer_for("ru")[0] is not None:
        assert not class_possible("ru", "моего", "NOUN", "ADJ")  # no noun reading
        assert class_possible("ru", "книга", "NOUN", "ADV")
