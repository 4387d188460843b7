from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.check import check_sentence
from lambre_core.conllu_io import read_conllu, read_conllu_string
from lambre_core.errors import RuleFileError
from lambre_core.rules import (
    Rule,
    RuleSet,
    Stat,
    available_languages,
    default_rules,
    dump_rules,
    load_rules,
    parse_rules,
    rule_id,
    save_rules,
)

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
    for lang in ("de", "ru", "el", "tr", "cs", "uk"):
        rs = default_rules(lang)
        assert rs.lang == lang and rs.rules
        assert rs.sources and all(s.license != "unknown" for s in rs.sources)
        for r in rs.rules:
            if "added on review" in r.explanation:
                # a linguist's case frame (scripts/extract_rules.py CASE_FRAMES): the treebank
                # arcs are documentation, however few; the lemmas are all named
                assert r.type == "as" and r.allowed and r.kl is None
                # a verb's own frame names the verbs as heads; a verb of position names them as
                # the preposition's governor (GOVERNOR_FRAMES)
                if "dep.lemma" in r.conditions:
                    # a counted noun (COUNTED): the numerals are named, the noun is constrained
                    assert r.side == "head" and r.head_upos == "NOUN"
                    continue
                if "head.lemma" not in r.conditions:
                    # an agreement across two features (HEAD_AGREEMENT): a layered feature of
                    # the head ("Person[psor]") set by the dependent's case and value
                    assert r.side == "head" and "[" in r.feature and "dep.Case" in r.conditions
                    assert r.support >= 5 and r.share is not None and r.share >= 0.5
                    continue
                named = r.conditions.get("governor.lemma", r.conditions["head.lemma"])
                assert {lem for lem, _ in r.evidence} == set(named)
                continue
            assert r.support > 0 and r.explanation and r.examples
            if r.type == "agree":
                assert r.share is not None and r.share > 0.9
            elif "head.lemma" in r.conditions:  # government: the evidence is per lemma
                assert r.share is not None and r.share >= 0.9 and r.allowed
                assert {lem for lem, _ in r.evidence} == set(r.conditions["head.lemma"])
                assert r.id.endswith("." + "+".join(r.allowed))
            else:
                assert r.kl is not None and r.kl > 0.9 and r.allowed and r.side in ("dep", "head")
            if r.when and r.type == "agree":
                assert r.outside is not None and r.outside.share <= 0.75
            assert {lem for lem, _ in r.exceptions} <= r.except_lemmas


def _governed(rs: RuleSet, dep: str, head: str) -> dict[str, tuple[str, ...]]:
    """lemma -> allowed values, over the government rules ``dep --comp:obj--> head``."""
    out = {}
    for r in rs.rules:
        if r.dep_upos == dep and r.head_upos == head and r.relation == "comp:obj" \
                and "head.lemma" in r.conditions and "governor.lemma" not in r.conditions:
            for lemma in r.conditions["head.lemma"]:
                out[lemma] = r.allowed
    return out


def test_shipped_german_and_russian_rules_know_when_they_apply() -> None:
    de = default_rules("de")
    gender = de.by_id["agree.DET.NOUN.det.Gender"]
    assert gender.conditions in ({"head.Number": ("Sing",)}, {"dep.Number": ("Sing",)})
    gov = _governed(de, "NOUN", "ADP")
    for lemma in ("mit", "aus", "bei", "nach", "seit", "von", "zu"):
        assert gov[lemma] == ("Dat",), lemma
    for lemma in ("für", "durch", "gegen", "ohne", "um"):
        assert gov[lemma] == ("Acc",), lemma
    for lemma in ("in", "an", "auf", "über", "unter", "vor", "zwischen", "neben"):
        assert gov[lemma] == ("Acc", "Dat"), lemma  # two-way prepositions are never Dat-only
    assert "Gen" in gov["wegen"] and "Gen" in gov["während"]
    assert "als" not in gov  # a comparative particle, tagged ADP now and then
    # ... but dative-only after a verb of position ("liegt auf dem Tisch"), from the review
    at_rest = de.by_id["as.dep.NOUN.ADP.comp:obj.Case.Dat.liegen"]
    assert at_rest.allowed == ("Dat",) and "wohnen" in at_rest.conditions["governor.lemma"]
    assert "über" not in at_rest.conditions["head.lemma"]  # "bleibt über das Wochenende"
    ru = default_rules("ru")
    assert ru.by_id["agree.ADJ.NOUN.mod.Gender"].conditions["dep.Number"] == ("Sing",)
    assert {"его", "ее", "их"} <= ru.by_id["agree.DET.NOUN.det.Case"].except_lemmas
    gov = _governed(ru, "NOUN", "ADP")
    assert gov["к"] == ("Dat",) and gov["для"] == ("Gen",) and gov["на"] == ("Acc", "Loc")
    assert "как" not in gov


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


GOVERNED = """lang: de
rules:
  - id: as.dep.NOUN.ADP.comp:obj.Case.Dat
    type: as
    side: dep
    dep: NOUN
    head: ADP
    relation: comp:obj
    feature: Case
    allowed: [Dat]
    when:
      head.lemma: [mit, aus]
    support: 440
    share: 0.99
    evidence:
      mit: {support: 339, share: 0.997}
      aus: {support: 106, share: 0.98}
  - id: agree.DET.NOUN.det.Gender
    type: agree
    dep: DET
    head: NOUN
    relation: det
    feature: Gender
    when:
      head.Number: [Sing]
    outside: {support: 1157, share: 0.29}
    except_lemmas: [lauter, etwas]
    exceptions:
      lauter: {support: 7, share: 0.0}
"""


def test_when_exceptions_and_evidence_load_and_round_trip(tmp_path: Path) -> None:
    rs = parse_rules(GOVERNED, "g.yaml")
    gov, gender = rs.rules
    assert gov.when == (("head.lemma", ("mit", "aus")),)
    assert gov.evidence == (("mit", Stat(339, 0.997)), ("aus", Stat(106, 0.98)))
    assert gender.conditions == {"head.Number": ("Sing",)}
    assert gender.outside == Stat(1157, 0.29)
    assert gender.except_lemmas == frozenset({"lauter", "etwas"})
    assert dict(gender.exceptions) == {"lauter": Stat(7, 0.0)}
    save_rules(rs, tmp_path / "g.yaml")
    text = (tmp_path / "g.yaml").read_text(encoding="utf-8")
    assert "head.Number: [Sing]" in text and "lauter: {support: 7, share: 0.0}" in text
    back = load_rules(tmp_path / "g.yaml")
    assert back.rules == rs.rules and back.version == rs.version
    assert dump_rules(back) == text


def test_version_changes_with_conditions_only() -> None:
    plain = parse_rules(GOOD)
    assert parse_rules(dump_rules(plain)).version == plain.version
    conditioned = parse_rules(GOOD + "    when: {head.Number: [Sing]}\n")
    assert conditioned.version != plain.version


@pytest.mark.parametrize(
    ("extra", "line", "needle"),
    [
        ("    when: {head.number: [Sing]}\n", 10, "unknown key 'head.number'"),
        ("    when:\n      head.Number: [Sing]\n      noun.Case: [Dat]\n", 12, "unknown key 'noun.Case'"),
        ("    when: {head.Number: Sing}\n", 10, "non-empty list"),
        ("    when: {head.Number: []}\n", 10, "non-empty list"),
        ("    when: [head.Number]\n", 10, "'when': must be a mapping"),
        ("    except_lemmas: [etwas]\n    exceptions:\n      etwas: {support: -1, share: 0.1}\n", 12, "'support'"),
        ("    except_lemmas: [etwas]\n    exceptions:\n      etwas: {support: 3, share: 1.5}\n", 12, "'share'"),
        ("    except_lemmas: [etwas]\n    exceptions:\n      etwas: {support: 3, share: 0.5, note: x}\n", 12, "unknown key 'note'"),
        ("    except_lemmas: [etwas]\n    exceptions:\n      mehr: {support: 3, share: 0.5}\n", 12, "'mehr' is not in except_lemmas"),
        ("    exceptions: [etwas]\n", 10, "'exceptions': must be a mapping"),
        ("    outside: 0.3\n", 10, "'outside'"),
        ("    evidence:\n      mit: 12\n", 11, "'evidence': lemma 'mit'"),
    ],
)
def test_bad_conditions_and_exceptions_name_file_line_and_field(extra: str, line: int, needle: str) -> None:
    with pytest.raises(RuleFileError) as info:
        parse_rules(GOOD + extra, "w.yaml")
    assert info.value.file == "w.yaml" and info.value.line == line
    assert needle in str(info.value)


def test_applies() -> None:
    base = dict(id="r", type="agree", dep_upos="DET", head_upos="NOUN", relation="det", feature="Gender")
    plain = Rule(**base)  # type: ignore[arg-type]
    assert plain.applies({}, {}, "", "")
    sing = Rule(**base, when=(("head.Number", ("Sing",)),))  # type: ignore[arg-type]
    assert sing.applies({}, {"Number": "Sing"}, "der", "Hund")
    assert not sing.applies({}, {"Number": "Plur"}, "die", "Hunde")
    assert not sing.applies({"Number": "Sing"}, {}, "der", "Hund")  # a word without the feature
    assert sing.applies({}, {"Number": "Plur,Sing"}, "die", "Leute")  # multi-values: any of them
    both = Rule(**base, when=(("head.Number", ("Sing",)), ("dep.Case", ("Dat", "Gen"))))  # type: ignore[arg-type]
    assert both.applies({"Case": "Acc,Dat"}, {"Number": "Sing"}, "", "")
    assert not both.applies({"Case": "Acc,Nom"}, {"Number": "Sing"}, "", "")
    gov = Rule(id="g", type="as", dep_upos="NOUN", head_upos="ADP", relation="comp:obj", feature="Case",
               side="dep", allowed=("Dat",), when=(("head.lemma", ("mit", "aus")),))
    assert gov.applies({}, {}, "Kind", "mit") and gov.applies({}, {}, "Kind", "Mit")  # case-insensitive
    assert not gov.applies({}, {}, "Kind", "für")
    lem = Rule(**base, when=(("dep.lemma", ("один",)),))  # type: ignore[arg-type]
    assert lem.applies({}, {}, "Один", "") and not lem.applies({}, {}, "два", "")


def test_rule_ids_of_government_rules_extend_the_base_id() -> None:
    when = (("head.lemma", ("in", "an")),)
    assert rule_id("as", "NOUN", "ADP", "comp:obj", "Case", "dep", ("Dat", "Acc"), when) == \
        "as.dep.NOUN.ADP.comp:obj.Case.Acc+Dat"
    assert rule_id("as", "NOUN", "ADP", "comp:obj", "Case", "dep", ("Dat",)) == "as.dep.NOUN.ADP.comp:obj.Case"
    assert rule_id("agree", "DET", "NOUN", "det", "Gender", when=(("head.Number", ("Sing",)),)) == \
        "agree.DET.NOUN.det.Gender"
    # a hand-written government rule without an id gets the extended one
    text = GOOD + "  - {type: as, side: dep, dep: NOUN, head: ADP, relation: comp:obj, feature: Case, allowed: [Acc], when: {head.lemma: [für]}}\n"
    assert "as.dep.NOUN.ADP.comp:obj.Case.Acc" in parse_rules(text).by_id


PP = """# text = Ich spiele {prep} {det} {noun} .
1\tIch\tich\tPRON\tPPER\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t2\tnsubj\t_\t_
2\tspiele\tspielen\tVERB\tVVFIN\tMood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
3\t{prep}\t{prep}\tADP\tAPPR\t_\t5\tcase\t_\t_
4\t{det}\tder\tDET\tART\tCase={case}|Definite=Def|Number=Plur|PronType=Art\t5\tdet\t_\t_
5\t{noun}\tKind\tNOUN\tNN\tCase={case}|Gender=Neut|Number=Plur\t2\tobl\t_\t_
6\t.\t.\tPUNCT\t$.\t_\t2\tpunct\t_\t_

"""


def test_checker_applies_government_only_to_its_lemmas() -> None:
    rs = parse_rules(GOVERNED, "g.yaml")

    def violations(prep: str, det: str, noun: str, case: str) -> list[str]:
        sent = read_conllu_string(PP.format(prep=prep, det=det, noun=noun, case=case))[0]
        return [v.rule.id for v in check_sentence(sent, rs).violations]

    assert violations("mit", "den", "Kindern", "Dat") == []
    assert violations("mit", "die", "Kinder", "Acc") == ["as.dep.NOUN.ADP.comp:obj.Case.Dat"]
    assert violations("Mit", "die", "Kinder", "Acc") == ["as.dep.NOUN.ADP.comp:obj.Case.Dat"]
    assert violations("für", "die", "Kinder", "Acc") == []  # the rule is about mit and aus only


AT_REST = """lang: de
rules:
  - id: as.dep.NOUN.ADP.comp:obj.Case.Dat.liegen
    type: as
    side: dep
    dep: NOUN
    head: ADP
    relation: comp:obj
    feature: Case
    allowed: [Dat]
    when:
      head.lemma: [auf, unter]
      governor.lemma: [liegen]
    support: 26
    share: 1.0
"""

LIES = """# text = Das Buch {verb} {prep} den Tisch .
1\tDas\tder\tDET\tART\tCase=Nom|Gender=Neut|Number=Sing\t2\tdet\t_\t_
2\tBuch\tBuch\tNOUN\tNN\tCase=Nom|Gender=Neut|Number=Sing\t3\tnsubj\t_\t_
3\t{verb}\t{lemma}\tVERB\tVVFIN\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
4\t{prep}\t{prep}\tADP\tAPPR\t_\t6\tcase\t_\t_
5\tden\tder\tDET\tART\tCase=Acc|Gender=Masc|Number=Sing\t6\tdet\t_\t_
6\tTisch\tTisch\tNOUN\tNN\tCase=Acc|Gender=Masc|Number=Sing\t3\tobl\t_\t_
7\t.\t.\tPUNCT\t$.\t_\t3\tpunct\t_\t_

"""


def test_a_governor_condition_applies_under_its_verbs_only() -> None:
    rs = parse_rules(AT_REST, "g.yaml")
    rule = rs.rules[0]
    assert rule.by_governor and rule.conditions["governor.lemma"] == ("liegen",)
    # the condition is about the tree, not an analysis: applies() leaves it to rule_arcs
    assert rule.applies({"Case": "Acc"}, {}, "Tisch", "auf")

    def violations(verb: str, lemma: str, prep: str) -> list[str]:
        sent = read_conllu_string(LIES.format(verb=verb, lemma=lemma, prep=prep))[0]
        return [v.rule.id for v in check_sentence(sent, rs).violations]

    assert violations("liegt", "liegen", "auf") == ["as.dep.NOUN.ADP.comp:obj.Case.Dat.liegen"]
    assert violations("legt", "legen", "auf") == []  # direction: the accusative is right
    assert violations("liegt", "liegen", "über") == []  # not one of its prepositions
    # written back as it was read
    again = parse_rules(dump_rules(rs), "again.yaml")
    assert again.rules[0].conditions == rule.conditions
    with pytest.raises(RuleFileError, match="governor.lemma"):
        parse_rules(AT_REST.replace("governor.lemma", "grandparent.lemma"), "bad.yaml")


def test_libyaml_and_python_parsers_read_rule_files_alike() -> None:
    # rule files are read with libyaml's parser when PyYAML has it: the same data, line numbers
    # (``__lines__``, for error messages) included, as the Python parser gives
    import yaml

    from lambre_core import rules as rules_module
    from lambre_core.rules import rules_path

    if yaml.__with_libyaml__:
        assert issubclass(rules_module._FastLineLoader, yaml.CSafeLoader)
    for lang in available_languages():
        text = rules_path(lang).read_text(encoding="utf-8")
        fast = yaml.load(text, Loader=rules_module._FastLineLoader)  # noqa: S506
        slow = yaml.load(text, Loader=rules_module._LineLoader)  # noqa: S506
        assert fast == slow and fast["rules"][0]["__lines__"]
