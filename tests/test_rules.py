from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.check import check_sentence
from lambre_core.conllu_io import read_conllu
from lambre_core.errors import RuleFileError
from lambre_core.rules import available_languages, default_rules, load_rules, parse_rules, save_rules

GOOD = """lang: de
rules:
  - id: agree.ADJ.NOUN.mod.Case
    type: agree
    dep: ADJ
    head: NOUN
    relation: mod
    feature: Case
    share: 0.99
"""


def test_shipped_rule_files_load_and_carry_provenance() -> None:
    assert set(available_languages()) >= {"de", "ru", "el", "tr", "cs"}
    for lang in ("de", "ru", "el", "tr", "cs"):
        rs = default_rules(lang)
        assert rs.lang == lang and rs.rules
        assert rs.sources and all(s.license != "unknown" for s in rs.sources)
        for r in rs.rules:
            assert r.support > 0 and r.explanation and r.examples
            if r.type == "agree":
                assert r.share is not None and r.share > 0.9
            else:
                assert r.kl is not None and r.kl > 0.9 and r.allowed and r.side in ("dep", "head")


@pytest.mark.parametrize(
    ("edit", "line", "field"),
    [
        (lambda t: t.replace("type: agree", "type: agreee"), 4, "type"),
        (lambda t: t.replace("share: 0.99", "share: 1.5"), 9, "share"),
        (lambda t: t.replace("    feature: Case\n", "    feature: Case\n    colour: red\n"), 9, "colour"),
        (lambda t: t.replace("    relation: mod\n", ""), 3, "relation"),
        (lambda t: t + "  - {type: as, dep: NOUN, head: VERB, relation: subj, feature: Case}\n", 10, "side"),
    ],
)
def test_bad_fields_are_reported_by_file_line_and_field(edit, line: int, field: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleFileError) as info:
        parse_rules(edit(GOOD), "x.yaml")
    assert info.value.file == "x.yaml"
    assert info.value.line == line
    assert f"'{field}'" in str(info.value)


def test_yaml_syntax_errors_and_duplicates() -> None:
    with pytest.raises(RuleFileError) as info:
        parse_rules("lang: de\nrules: [\n", "y.yaml")
    assert info.value.line is not None and "YAML" in str(info.value)
    with pytest.raises(RuleFileError, match="duplicate"):
        parse_rules(GOOD + GOOD.split("rules:\n")[1], "z.yaml")
    with pytest.raises(RuleFileError, match="empty"):
        parse_rules("", "e.yaml")
    with pytest.raises(RuleFileError, match="unknown language 'xx'"):
        default_rules("xx")


def test_hand_edits_disable_except_and_add(tmp_path: Path, data_dir: Path) -> None:
    s2 = read_conllu(data_dir / "figure1.conllu")[1]
    rs = load_rules(data_dir / "figure1_rules.yaml")
    assert len(check_sentence(s2, rs).violations) == 2
    text = (data_dir / "figure1_rules.yaml").read_text(encoding="utf-8")
    # disable the case agreement rule, except the lemma "werden" from number agreement
    text = text.replace("feature: Case, share: 0.99", "feature: Case, share: 0.99, enabled: false")
    text = text.replace("feature: Number, share: 0.98", "feature: Number, share: 0.98, except_lemmas: [werden]")
    edited = tmp_path / "edited.yaml"
    edited.write_text(text, encoding="utf-8")
    assert check_sentence(s2, load_rules(edited)).violations == []
    # add a rule by hand (no id: one is derived) and round-trip through save
    text += "  - {type: as, side: dep, dep: ADJ, head: NOUN, relation: mod, feature: Case, allowed: [Nom]}\n"
    edited.write_text(text, encoding="utf-8")
    rs2 = load_rules(edited)
    assert "as.dep.ADJ.NOUN.mod.Case" in rs2.by_id
    save_rules(rs2, tmp_path / "saved.yaml")
    rs3 = load_rules(tmp_path / "saved.yaml")
    assert rs3.version == rs2.version
    assert rs3.by_id["agree.PRON.AUX.subj.Number"].except_lemmas == frozenset({"werden"})
    assert [v.rule.id for v in check_sentence(s2, rs3).violations] == ["as.dep.ADJ.NOUN.mod.Case"]
