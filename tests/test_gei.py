"""M2 reading and Algorithm 1 scoring (A.3), plus eval-gei on the real Falko-MERLIN file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lambre_core.check import check_sentences
from lambre_core.commands import precision_for
from lambre_core.conllu_io import read_conllu_string
from lambre_core.doc import MultiwordToken, Sentence, Word
from lambre_core.errors import LambreError
from lambre_core.gei import (
    Counts,
    Edit,
    M2Sentence,
    gold_errors,
    read_m2,
    score_gei,
    score_sentence,
    token_detections,
    word_to_token,
)
from lambre_core.rules import default_rules

M2 = """S Die Kinder spielt im Garten .
A 2 3|||R:VERB:FORM|||spielen|||REQUIRED|||-NONE-|||0
A 4 5|||R:SPELL|||Garten|||REQUIRED|||-NONE-|||0

S Das ist gut .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

"""


def test_read_m2_and_gold_types(tmp_path: Path) -> None:
    f = tmp_path / "x.m2"
    f.write_text(M2, encoding="utf-8")
    sents = read_m2(f)
    assert [len(s.tokens) for s in sents] == [6, 4]
    assert gold_errors(sents[0]) == {2}
    assert gold_errors(sents[0], ("R:SPELL",)) == {4}
    assert gold_errors(sents[1]) == set()


def test_malformed_m2_names_the_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.m2"
    f.write_text("S a b\nA 0|||R:X\n", encoding="utf-8")
    with pytest.raises(LambreError) as err:
        read_m2(f)
    assert err.value.line == 2 and "bad.m2" in str(err.value)


def test_algorithm1_counts() -> None:
    c = Counts()
    # token 1 detected against 2 and 3; 1 is gold -> tp; 2 detected against 1 (gold) -> no fp;
    # 3 detected against 1 -> 1 is gold -> no fp; 0 gold, undetected -> fn
    score_sentence(c, 4, {1: {2, 3}, 2: {1}, 3: {1}}, gold={0, 1})
    assert (c.tp, c.fp, c.fn) == (1, 0, 1)
    c = Counts()
    # 2 and 3 flag each other, neither gold: fp 0.5 each
    score_sentence(c, 4, {2: {3}, 3: {2}}, gold=set())
    assert (c.tp, c.fp, c.fn) == (0, 1.0, 0)
    assert c.precision == 0.0


def test_word_to_token_with_multiword() -> None:
    words = [Word(i, f) for i, f in enumerate(["Er", "geht", "zu", "dem", "Haus"], 1)]
    s = Sentence(words, [MultiwordToken(3, 4, "zum")])
    assert word_to_token(s) == {1: 0, 2: 1, 3: 2, 4: 2, 5: 3}


@pytest.mark.slow
def test_eval_gei_on_falko_merlin(shared: Path) -> None:
    m2 = shared / "gec" / "de" / "fm-dev.m2"
    models = Path(__file__).resolve().parents[1] / "models" / "de"
    if not m2.is_file() or not (models / "pos.pt").is_file():
        pytest.skip("needs ../shared/gec/de/fm-dev.m2 and models/de")
    r = subprocess.run([sys.executable, "-m", "lambre_core.cli", "eval-gei", "--lang", "de",
                        "--m2", str(m2), "--limit", "60", "--format", "json"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    for group in ("all", "agree", "as"):
        assert {"precision", "recall", "tp", "fp", "fn"} <= set(res[group])
    assert res["all"]["tp"] + res["all"]["fn"] > 0  # the sample has gold morphological errors
    assert res["all"]["tp"] >= res["agree"]["tp"]


@pytest.mark.slow
def test_eval_gei_card_records_report_and_command(shared: Path, tmp_path: Path) -> None:
    import shutil

    m2 = shared / "gec" / "de" / "fm-dev.m2"
    models = Path(__file__).resolve().parents[1] / "models" / "de"
    if not m2.is_file() or not (models / "pos.pt").is_file():
        pytest.skip("needs ../shared/gec/de/fm-dev.m2 and models/de")
    mdir = tmp_path / "de"
    shutil.copytree(models, mdir)
    cmd = [sys.executable, "-m", "lambre_core.cli", "eval-gei", "--lang", "de", "--m2", str(m2),
           "--limit", "20", "--models", str(mdir), "--card"]
    for _ in range(2):  # a rerun replaces the section
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
    card = (mdir / "README.md").read_text(encoding="utf-8")
    assert card.count("## Grammar error identification (Table 2)") == 1
    section = card.split("## Grammar error identification (Table 2)")[1]
    assert r.stdout.strip() in section and "--limit 20" in section and "--card" not in section
    no_model = subprocess.run(cmd[:-3] + ["--card"], capture_output=True, text=True, timeout=600)
    assert no_model.returncode == 2 and "--card needs --models" in no_model.stderr


KINDER = """# text = Die Kinder spielt .
1\tDie\tder\tDET\t_\tCase=Nom|Definite=Def|Number=Plur|PronType=Art\t2\tdet\t_\t_
2\tKinder\tKind\tNOUN\t_\tCase=Nom|Gender=Neut|Number=Plur\t3\tnsubj\t_\t_
3\tspielt\tspielen\tVERB\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
4\t.\t.\tPUNCT\t_\t_\t3\tpunct\t_\t_

"""


@pytest.mark.parametrize("gold_token", [1, 2])
def test_ends_arc_counts_both_words_blamed_only_the_first(gold_token: int) -> None:
    """'Die Kinder spielt': the checker blames "spielt"; Algorithm 1 (``arc``) detects both words
    of the arc, so a gold error on either is found; ``blamed`` detects "spielt" alone."""
    checks = check_sentences(read_conllu_string(KINDER), default_rules("de"),
                             precision=precision_for("precise", "de", None))
    assert [v.blamed.form for v in checks[0].violations] == ["spielt"]
    assert set(token_detections(checks[0], ["agree"], "arc")) == {1, 2}
    assert set(token_detections(checks[0], ["agree"], "blamed")) == {2}
    kind = "R:VERB:FORM" if gold_token == 2 else "R:NOUN:FORM"
    m2 = [M2Sentence(["Die", "Kinder", "spielt", "."], [Edit(gold_token, gold_token + 1, kind, "x", "0")])]
    arc = score_gei(m2, checks, ends="arc")["all"]
    blamed = score_gei(m2, checks, ends="blamed")["all"]
    assert (arc.tp, arc.fp, arc.fn) == (1, 0, 0)
    assert (blamed.tp, blamed.fn) == ((1, 0) if gold_token == 2 else (0, 1))

