"""Robust to the parse: the parser's other arcs (``misc["Alt"]``) and the re-check under them."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.alternatives import alternative_trees, read_alternatives, robust_to_parse, shift_alternatives
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
    # a second root is no tree, nor is a cycle; only the plausible arc that keeps a tree is
    # offered, and one below the threshold is not
    s = _sentence("Alt=2/obj/0.40,0/root/0.30,1/det/0.10")
    s.words[1].misc["Alt"] = "3/acl/0.50"  # "sehe" under "den": a cycle
    trees = [t for _, t in alternative_trees(s, plausible=0.2)]
    assert len(trees) == 1
    assert tree_error(trees[0]) is None
    assert trees[0].words[2].head == 2 and trees[0].words[2].deprel == "obj"
    assert s.words[2].head == 4  # the best parse itself is unchanged


@pytest.mark.skipif(not (REPO / "rules" / "de.yaml").is_file(), reason="no German rules")
def test_violation_that_a_plausible_parse_removes_is_uncertain() -> None:
    rules = default_rules("de")
    precision = Precision("de")
    alone = check_sentence(_sentence("_"), rules, precision=precision)
    assert [v.blamed.form for v in alone.violations] == ["den"]  # proven on the best parse
    hedged = check_sentence(_sentence("Alt=2/obj/0.40"), rules, precision=precision)
    assert not hedged.violations
    assert [v.blamed.form for v in hedged.uncertain if v.blamed.form == "den"] == ["den"]
    # the failing rule instance counts as satisfied, so the score does not fall
    assert all(i.satisfied for i in hedged.instances if i.dep == 3)
    # an alternative below the threshold, or the mechanism switched off, proves it again
    low = check_sentence(_sentence("Alt=2/obj/0.10"), rules, precision=precision)
    assert [v.blamed.form for v in low.violations] == ["den"]
    off = check_sentence(_sentence("Alt=2/obj/0.40"), rules,
                         precision=Precision("de", plausible=None))
    assert [v.blamed.form for v in off.violations] == ["den"]


def test_robust_to_parse_keeps_what_every_parse_supports() -> None:
    rules = default_rules("de")
    precision = Precision("de", plausible=None)
    s = _sentence("Alt=2/obj/0.40")
    best = check_sentence(s, rules, precision=precision)
    # a re-check that blames the same word under the alternative keeps the violation proven
    same = robust_to_parse(s, best, lambda _alt: best)
    assert same.violations == best.violations
    gone = robust_to_parse(s, best, lambda alt: check_sentence(alt, rules, precision=precision))
    assert not gone.violations and len(gone.uncertain) == len(best.uncertain) + 1


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
