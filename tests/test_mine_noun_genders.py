"""``scripts/mine_noun_genders.py``, run as a person runs it, on text it parses with the shipped
Czech model: a noun no list has gets the gender its attributes show, and a lemma without two
nominative attestations, or one the train split's list has, is left out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _mine(tmp_path: Path, lines: list[str]) -> dict[str, str]:
    if not (REPO / "models" / "cs" / "depparse.pt").is_file():
        pytest.skip("models/cs not shipped in this checkout")
    text = tmp_path / "cs.txt"
    text.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "mined.tsv"
    res = subprocess.run([sys.executable, "scripts/mine_noun_genders.py", str(text), "--out",
                          str(out)], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    rows = [line.split("\t") for line in out.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    return {r[0]: r[1] for r in rows}


def test_attributes_give_an_unlisted_noun_its_gender(tmp_path: Path) -> None:
    mined = _mine(tmp_path, [
        "Nová bunda je drahá.", "To je moje nová bunda.", "Koupil jsem novou bundu.",
        "Mám starou bundu.", "Nová bunda visí na věšáku.",
        # "kniha" is in the train split's list already; "čepice" is seen once, never as a
        # nominative singular
        "Čtu novou knihu.", "Nová kniha leží na stole.", "Mám novou čepici.",
    ])
    assert mined.get("bunda") == "Fem"
    assert "kniha" not in mined and "čepice" not in mined
