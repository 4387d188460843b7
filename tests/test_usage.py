"""A writer's own usage across a document (``lambre_core.usage``): a rare noun used in three
sentences in one gender that is not the dictionary's is that gender in the text; a slip made
twice, a document that also uses the dictionary's gender, and a common noun keep their findings.
Through ``lambre-core check`` on real files with the shipped German model; ``score`` judges each
segment alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not (REPO / "models" / "de" / "depparse.pt").is_file(),
                                reason="models/de not shipped in this checkout")

#: "die Tate", the gallery: the dictionary has a masculine noun "Tate"
TATE = ["Die Tate veranstaltete am Samstag eine Lesung für Kinder.",
        "Fünf Demonstranten hatten sich Zutritt zur Tate verschafft.",
        "Sie sagte, die Einladung in die Tate sei eine Ehre gewesen."]
#: the dictionary's masculine "Tate" in use in the same document
MASCULINE = "Er kannte einen Tate aus Kasan."
#: a common noun (the treebank has it) in the wrong gender three times
PROBLEM = ["Das ist die Problem.", "Wir lösen die Problem morgen.", "Die Problem bleibt."]


def _check(tmp_path: Path, docs: dict[str, list[str]]) -> dict[str, list[dict]]:  # type: ignore[type-arg]
    paths = []
    for name, sentences in docs.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("\n\n".join(sentences) + "\n", encoding="utf-8")
        paths.append(str(path))
    res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "check", "--lang", "de",
                          "--format", "json", "--no-cache", *paths],
                         capture_output=True, text=True, timeout=600)
    assert res.returncode in (0, 1), res.stderr
    found: dict[str, list[dict]] = {name: [] for name in docs}  # type: ignore[type-arg]
    for f in json.loads(res.stdout):
        found[Path(f["file"]).stem].append(f)
    return found


def test_a_writers_gender_for_a_rare_noun_holds_across_the_document(tmp_path: Path) -> None:
    found = _check(tmp_path, {"three": TATE, "two": TATE[:2], "mixed": [*TATE, MASCULINE],
                              "common": PROBLEM})
    # three sentences in one gender: the writer's noun, not the dictionary's
    assert found["three"] == []
    # two are a slip made twice, and the dictionary's gender in use keeps every finding
    assert {f["line"] for f in found["two"]} == {1, 3}
    assert {f["line"] for f in found["mixed"]} >= {1, 3, 5}
    # a noun the treebank has is a common word: a learner's repeated error stays an error
    assert {f["line"] for f in found["common"]} == {1, 3, 5}


def test_scores_judge_each_segment_alone(tmp_path: Path) -> None:
    text = tmp_path / "three.txt"
    text.write_text("\n".join(TATE) + "\n", encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "score", "--lang", "de",
                          "--format", "json", "--bootstrap", "0", "--no-cache", str(text)],
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["score"] < 1.0  # a segment's score does not depend on the other segments
