"""The indexed rule matching and the direct paper-mode outcomes of ``check_sentence`` give
exactly what the plain definitions give: every rule filtered by UPOS pair, relation and exceptions, and the joint
solver with one analysis per word. Checked arc by arc on real treebank sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.check import RuleIndex, RuleInstance, _exempt, check_sentence, check_sentences, rule_arcs
from lambre_core.conllu_io import read_conllu, tree_error
from lambre_core.joint import Arc, solve
from lambre_core.rules import default_rules
from lambre_core.sud import relation_matches, to_sud


def _reference_arcs(sud, rules):  # type: ignore[no-untyped-def]
    arcs = []
    for dep in sud.words:
        if dep.head == 0:
            continue
        head = sud.word(dep.head)
        rs = []
        for pattern in ((dep.upos, head.upos), ("*", head.upos), (dep.upos, "*"), ("*", "*")):
            rs += [r for r in rules if (r.dep_upos, r.head_upos) == pattern
                   and relation_matches(r.relation, dep.deprel) and not _exempt(r, dep, head)]
        # a rule about the head's own governor ("liegen auf" + dative) only under such a verb
        governor = sud.word(head.head).lemma if head.head else ""
        rs = [r for r in rs if "governor.lemma" not in r.conditions
              or r.names_lemmas(dep.lemma, head.lemma, governor)]
        # a rule naming this governor's lemma replaces the general rule of its relation
        named = {(r.relation, r.feature, r.side) for r in rs if r.type == "as"
                 and "governor.lemma" not in r.conditions and r.names_lemmas(dep.lemma, head.lemma)}
        rs = [r for r in rs if r.type != "as" or r.when or (r.relation, r.feature, r.side) not in named]
        if rs:
            arcs.append(Arc(dep.id, head.id, tuple(rs)))
    return arcs


@pytest.mark.parametrize(("lang", "name"), [("de", "de_gsd-ud-test.conllu"), ("ru", "ru_taiga-ud-test.conllu")])
def test_index_and_direct_outcomes_equal_the_plain_definitions(shared: Path, lang: str, name: str) -> None:
    sentences = [s for s in read_conllu(shared / "treebanks" / "ud" / lang / name) if tree_error(s) is None]
    ruleset = default_rules(lang)
    rules = ruleset.enabled_rules()
    index = RuleIndex(rules)
    n_outcomes = 0
    for s in sentences:
        sud = to_sud(s)
        arcs = rule_arcs(sud, index)
        assert arcs == _reference_arcs(sud, rules)
        expected = solve(sud, arcs, {w.id: (w.feats,) for w in sud.words}).outcomes
        check = check_sentence(sud, ruleset, is_sud=True, index=index)
        assert check.instances == [RuleInstance(r.id, d, h, ok) for r, d, h, ok in expected]
        n_outcomes += len(expected)
    assert n_outcomes > 1000  # the comparison covered real rule instances


def test_check_sentences_is_the_same_with_and_without_a_shared_index(shared: Path) -> None:
    sentences = read_conllu(shared / "treebanks" / "ud" / "de" / "de_pud-ud-test.conllu")[:300]
    ruleset = default_rules("de")
    from lambre_core.check import check_sentence

    one_by_one = [check_sentence(s, ruleset) for s in sentences]
    assert check_sentences(sentences, ruleset) == one_by_one
    assert sum(len(c.violations) for c in one_by_one) > 0
