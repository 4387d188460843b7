from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from lambre_core.conllu_io import read_conllu
from lambre_core.extract import ExtractOptions, extract_rules, kl_divergence
from lambre_core.rules import load_rules


def test_kl_divergence() -> None:
    assert kl_divergence(Counter({"Nom": 10}), Counter({"Nom": 10})) == 0.0
    # local all-Acc against a global half Acc: log 2
    assert abs(kl_divergence(Counter({"Acc": 5}), Counter({"Acc": 5, "Nom": 5})) - 0.6931) < 1e-3


def test_extract_on_german_treebank(shared: Path) -> None:
    sents = read_conllu(shared / "treebanks/ud/de/de_gsd-ud-dev.conllu")
    sents += read_conllu(shared / "treebanks/ud/de/de_gsd-ud-test.conllu")
    rs = extract_rules(sents, "de", ExtractOptions(min_count=20))
    by_id = rs.by_id
    # the classic ones: determiners and adjectives agree with their noun; objects are accusative
    assert "agree.DET.NOUN.det.Case" in by_id
    assert "agree.ADJ.NOUN.mod.Number" in by_id
    obj = by_id["as.dep.NOUN.VERB.comp:obj.Case"]
    assert "Acc" in obj.allowed and "Gen" not in obj.allowed and obj.kl is not None and obj.kl > 0.9
    # more instances are needed with a higher minimum count: fewer rules
    fewer = extract_rules(sents, "de", ExtractOptions(min_count=200))
    assert 0 < len(fewer.rules) < len(rs.rules)


def test_cli_extract_writes_a_loadable_rule_file(shared: Path, tmp_path: Path) -> None:
    out = tmp_path / "rules" / "el.yaml"
    res = subprocess.run(
        [sys.executable, "-m", "lambre_core.cli", "extract", "--lang", "el",
         str(shared / "treebanks/ud/el/el_gdt-ud-dev.conllu"), "-o", str(out), "--min-count", "20"],
        capture_output=True, text=True,
    )
    assert res.returncode == 0, res.stderr
    rs = load_rules(out)
    assert rs.lang == "el" and rs.rules
    assert rs.sources[0].treebank == "UD_Greek-GDT" and rs.sources[0].license == "CC BY-NC-SA 3.0"
    assert "agreement rules" in res.stderr


def test_cli_extract_reports_and_skips_a_broken_tree(data_dir: Path, tmp_path: Path) -> None:
    text = (data_dir / "figure1.conllu").read_text(encoding="utf-8")
    # make S.2's subject its own head's dependent and vice versa: a cycle
    broken = text.replace("1\tIch\tich\tPRON\tPPER\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t5\tnsubj",
                          "1\tIch\tich\tPRON\tPPER\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t2\tnsubj", 1)
    broken = broken.replace("2\twerde\twerden\tAUX\tVAFIN\tMood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin\t5",
                            "2\twerde\twerden\tAUX\tVAFIN\tMood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin\t1", 1)
    tb = tmp_path / "tb.conllu"
    tb.write_text(broken, encoding="utf-8")
    out = tmp_path / "r.yaml"
    res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "extract", "--lang", "de", str(tb),
                          "-o", str(out), "--min-count", "1"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert f"{tb}:" in res.stderr and "cycle" in res.stderr and "skipped" in res.stderr
    # only S.2 is left: its rules are extracted from one sentence
    assert load_rules(out).rules
