"""``lambre-core score`` on plain text, with the shipped German model (real Stanza)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CONTRACTIONS = {"im", "am", "zum", "zur", "vom", "beim", "ins", "ans", "aufs", "durchs", "fürs", "ums"}


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True, text=True)


@pytest.fixture(scope="module")
def essay_report() -> dict:  # type: ignore[type-arg]
    res = run_cli("score", "--lang", "de", str(REPO / "examples" / "de.txt"), "--format", "json")
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_one_sentence_per_line_with_offsets_into_each_line(essay_report: dict) -> None:  # type: ignore[type-arg]
    lines = (REPO / "examples" / "de.txt").read_text(encoding="utf-8").splitlines()
    sents = essay_report["sentences"]
    assert [s["id"] for s in sents] == [f"line-{i}" for i in range(1, len(lines) + 1)]
    assert [s["text"] for s in sents] == lines
    for s, line in zip(sents, lines, strict=True):
        for v in s["violations"]:
            for end in ("token", "head"):
                tok = v[end]
                surface = line[tok["start"]:tok["end"]]
                # a word inside a contraction ("dem" in "im") carries the contraction's span
                assert surface == tok["form"] or surface.lower() in CONTRACTIONS
    assert 0.0 <= essay_report["score"] <= 1.0
    assert "|parser:project:de-" in essay_report["signature"]


def test_running_text_with_sentence_splitting(tmp_path: Path) -> None:
    text = "Ich werde lange Bücher lesen. Meine Schwester wohnt in einer kleinen Stadt.\n"
    f = tmp_path / "essay.txt"
    f.write_text(text, encoding="utf-8")
    res = run_cli("score", "--lang", "de", "--ssplit", str(f), "--format", "json")
    assert res.returncode == 0, res.stderr
    sents = json.loads(res.stdout)["sentences"]
    assert len(sents) == 2
    assert sents[1]["text"].startswith("Meine")


def test_line_segments_keep_a_title_line_apart(tmp_path: Path) -> None:
    # a title without a full stop: the Czech splitter reads it as the next line's first words
    f = tmp_path / "mt.txt"
    f.write_text("Pozitivní poznámka\n1 z ventilátorů zněl nevyváženě. Druhý byl tichý.\n",
                 encoding="utf-8")
    texts = {}
    for flag in ([], ["--line-segments"]):
        res = run_cli("score", "--lang", "cs", "--ssplit", *flag, str(f), "--format", "json")
        assert res.returncode == 0, res.stderr
        report = json.loads(res.stdout)
        texts[bool(flag)] = [s["text"] for s in report["sentences"]]
        assert report["signature"].endswith("|seg:ssplit-in-lines" if flag else "|seg:ssplit")
    assert texts[True] == ["Pozitivní poznámka", "1 z ventilátorů zněl nevyváženě.",
                           "Druhý byl tichý."]
    assert texts[False][0].startswith("Pozitivní poznámka\n")  # running text: one sentence


@pytest.mark.parametrize(
    ("content", "needle"),
    [(b"", "empty input"), (b"\n  \n", "empty input"), (b"ab\x00cd", "1:3: binary data"),
     (b"Ich bin\n\xff\xfe", ":2:1: not UTF-8")],
)
def test_bad_text_input_exits_2_with_location(tmp_path: Path, content: bytes, needle: str) -> None:
    f = tmp_path / "in.txt"
    f.write_bytes(content)
    res = run_cli("score", "--lang", "de", str(f))
    assert res.returncode == 2
    assert needle in res.stderr and "Traceback" not in res.stderr


def test_language_without_model_is_one_clear_error(tmp_path: Path) -> None:
    f = tmp_path / "in.txt"
    f.write_text("Пример текста.\n", encoding="utf-8")
    empty_models = tmp_path / "models"
    empty_models.mkdir()
    res = run_cli("score", "--lang", "ru", "--models", str(empty_models), str(f))
    assert res.returncode == 2
    assert "no parser model for language 'ru'" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_default_mode_is_precise_and_proves_the_real_errors(essay_report: dict) -> None:  # type: ignore[type-arg]
    """The quick start's file: the correct sentences stay clean, each real error is blamed on the
    word to correct, with the corrected form."""
    assert "|mode:precise|" in essay_report["signature"]
    blamed = {s["id"]: sorted({v["token"]["form"] if v["blame"][0] == v["token"]["id"] else v["head"]["form"]
                               for v in s["violations"]})
              for s in essay_report["sentences"]}
    assert blamed["line-1"] == [] and blamed["line-4"] == [] and blamed["line-5"] == [] and blamed["line-6"] == []
    assert "werden" in blamed["line-2"] and "langen" in blamed["line-2"]
    assert blamed["line-3"] == ["spielt"]
    fixes = {v["suggestions"][0] for s in essay_report["sentences"] for v in s["violations"] if v["suggestions"]}
    assert {"werde", "spielen"} <= fixes


def test_paper_mode_is_the_plain_method_and_marked_in_the_signature(essay_report: dict) -> None:  # type: ignore[type-arg]
    res = run_cli("score", "--lang", "de", str(REPO / "examples" / "de.txt"), "--format", "json",
                  "--mode", "paper")
    assert res.returncode == 0, res.stderr
    paper = json.loads(res.stdout)
    # the same but for the mode, the lexicons (only the precise mode reads them) and the
    # average (the paper's own, macro)
    precise = essay_report["signature"]
    expected = re.sub(r"\|lex:[^|]*", "|lex:-", precise.replace("|mode:precise", "|mode:paper"))
    assert paper["signature"] == expected.replace("|avg:micro", "|avg:macro")
    # the tagger's single guesses flag correct sentences that the precise checker leaves alone
    flagged = {s["id"] for s in paper["sentences"] if s["violations"]}
    assert flagged - {"line-2", "line-3"}


def test_precise_mode_on_parsed_conllu() -> None:
    res = run_cli("score", "--lang", "de", "--conllu", str(REPO / "tests" / "data" / "figure1.conllu"),
                  "--format", "json")
    assert res.returncode == 0, res.stderr
    assert "|parser:gold|mode:precise|" in json.loads(res.stdout)["signature"]
