"""Nested, huge and alias-bombed inputs: one line ``lambre-core: error: FILE:LINE:COL: what``
and exit 2 (the other files of a ``check`` run are still checked), never a traceback or a run
that does not end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_reliability import CONLLU, assert_one_line_error, run_cli

from lambre_core.config import parse_config
from lambre_core.errors import LambreError
from lambre_core.limits import MAX_ALIAS_NODES, MAX_DEPTH, check_json, check_yaml
from lambre_core.rules import parse_rules

#: block style: "- - - x" opens a sequence per dash on one line (indenting would be quadratic)
DEEP_BLOCK = "- " * 100_000 + "x\n"
DEEP_FLOW = "a: " + "[" * 100_000 + "]" * 100_000 + "\n"
#: nine aliases per level, seven levels: 9**7 = 4.8 million nodes from eight lines
BOMB = "de:\n  a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  {n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdef", "bcdefg", strict=True))
RAILS = ("defaults: &defaults\n  title: Titel\n  save: Speichern\n"
         "de:\n  <<: *defaults\n  greeting: Willkommen zurück\n")


@pytest.mark.parametrize("text", [DEEP_BLOCK, DEEP_FLOW])
def test_deep_yaml_is_one_error_everywhere(text: str) -> None:
    with pytest.raises(LambreError, match=f"nested more than {MAX_DEPTH} levels") as err:
        parse_rules(text, "rules.yaml")
    assert err.value.line is not None and err.value.line <= MAX_DEPTH + 1
    with pytest.raises(LambreError, match="nested more than"):
        parse_config(text, ".lambre.yaml")


def test_alias_bomb_is_refused_and_real_aliases_are_not() -> None:
    with pytest.raises(LambreError, match=f"more than {MAX_ALIAS_NODES:,} nodes") as err:
        check_yaml(BOMB, "de.yml")
    assert err.value.file == "de.yml" and err.value.line is not None
    check_yaml(RAILS, "de.yml")  # a merge key of a few aliases is fine
    for name in ("cs", "de", "el", "ru", "tr"):  # so are the shipped rule files
        path = Path(__file__).resolve().parents[1] / "rules" / f"{name}.yaml"
        check_yaml(path.read_text(encoding="utf-8"), str(path))


def test_deep_json() -> None:
    with pytest.raises(LambreError, match="nested more than") as err:
        check_json("[" * 10_000 + "]" * 10_000, "x.json")
    assert (err.value.line, err.value.column) == (1, MAX_DEPTH + 1)
    check_json(json.dumps({"a": ["[{", {"b": "]}"}]}), "ok.json")  # brackets inside strings


def test_check_reports_each_bad_file_and_checks_the_others(tmp_path: Path) -> None:
    (tmp_path / "bomb").mkdir()
    (tmp_path / "bomb" / "de.yml").write_text(BOMB, encoding="utf-8")
    (tmp_path / "deep").mkdir()
    (tmp_path / "deep" / "de.yml").write_text("de:\n  " + DEEP_BLOCK, encoding="utf-8")
    (tmp_path / "de.json").write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"x": "Wir spielt heute."}), encoding="utf-8")
    res = run_cli("check", "--lang", "de", "bomb/de.yml", "deep/de.yml", "de.json", "good.json",
                  cwd=tmp_path, timeout=600)
    assert "Traceback" not in res.stderr, res.stderr[-3000:]
    assert res.returncode in (1, 2), res.stderr
    out = res.stdout + res.stderr
    assert "bomb/de.yml:" in out and "alias" in out
    assert "deep/de.yml:" in out and "nested more than" in out
    assert "de.json:1:101: " in out and "nested more than" in out
    assert "good.json:1:" in out  # the good file was still checked: "spielt" after "Wir"
    assert len(res.stderr.splitlines()) < 20


def test_deep_config_and_rules_on_the_command_line(tmp_path: Path) -> None:
    tb = tmp_path / "tb.conllu"
    tb.write_text(CONLLU, encoding="utf-8")
    deep = tmp_path / "deep.yaml"
    deep.write_text(DEEP_BLOCK, encoding="utf-8")
    res = run_cli("score", "--lang", "de", "--conllu", str(tb), "--rules", str(deep))
    assert_one_line_error(res, str(deep), "nested more than")
    text = tmp_path / "de.txt"
    text.write_text("Das ist gut.\n", encoding="utf-8")
    res = run_cli("check", "--lang", "de", "--config", str(deep), str(text))
    assert_one_line_error(res, str(deep), "nested more than")


def test_input_size_limits(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("Das ist ein Satz.\n" * 200, encoding="utf-8")  # 3.6 kB
    for cmd in (["score", "--lang", "de", str(big)], ["check", "--lang", "de", str(big)]):
        res = run_cli(*cmd, "--max-input-mb", "0.001")
        assert res.returncode == 2, res.stderr
        assert "big.txt" in res.stderr and "over the input limit of" in res.stderr
        assert "--max-input-mb" in res.stderr and "Traceback" not in res.stderr
    long_line = tmp_path / "long.txt"
    long_line.write_text("Ein Satz.\n" + "wort " * 20_001 + "\n", encoding="utf-8")
    res = run_cli("score", "--lang", "de", str(long_line))
    assert_one_line_error(res, f"{long_line}:2:1:", "100,000")
