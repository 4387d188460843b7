"""`.lambre.yaml`: load, validate with file/line/field errors, globs, atomic save, round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from lambre_core.config import (
    CONFIG_NAME,
    ConfigError,
    LambreConfig,
    edit_config_text,
    find_config,
    load_config,
    parse_config,
    save_config,
    update_config,
)

GOOD = """\
language: de
disabled_rules: [agree.DET.NOUN.det.Case]
ignored_sentences:
  - "Ich werden   langen Bücher lesen."
languages:
  "docs/ru/**": ru
  "*.el.md": el
severities:
  "agree.*.Number": warning
  "as.*": off
min_severity: information
"""


def test_load_good_file(tmp_path: Path) -> None:
    p = tmp_path / CONFIG_NAME
    p.write_text(GOOD, encoding="utf-8")
    cfg = load_config(p)
    assert cfg.language == "de"
    assert cfg.disabled_rules == ("agree.DET.NOUN.det.Case",)
    assert cfg.is_ignored("Ich werden langen  Bücher lesen.")
    assert not cfg.is_ignored("Ich werde lange Bücher lesen.")
    assert cfg.language_for(tmp_path / "docs/ru/a/b.md") == "ru"
    assert cfg.language_for(tmp_path / "docs/ru/b.md") == "ru"
    assert cfg.language_for(tmp_path / "x/notes.el.md") == "el"
    assert cfg.language_for(tmp_path / "x/notes.md") == "de"
    assert cfg.severity_for("agree.VERB.PRON.Number") == "warning"
    assert cfg.severity_for("agree.DET.NOUN.Case") is None
    assert cfg.is_disabled("as.dep.NOUN.ADP.comp:obj.Case")
    assert cfg.is_disabled("agree.DET.NOUN.det.Case")
    assert cfg.min_severity == "information"


@pytest.mark.parametrize(
    ("text", "line", "col", "fragment"),
    [
        ("language: de\nbogus: 1\n", 2, 1, "unknown field 'bogus'"),
        ("disabled_rules: agree.x\n", 1, 17, "field 'disabled_rules'"),
        ("language: de\nseverities:\n  'agree.*': loud\n", 3, 14, "severities.agree.*"),
        ("languages:\n  '*.md': german\n", 2, 11, "not a language code"),
        ("min_severity: fatal\n", 1, 15, "field 'min_severity'"),
        ("language: [de\n", 2, 1, "not valid YAML"),
        ("- a\n- b\n", 1, 1, "mapping"),
        ("ignored_sentences:\n  - ''\n", 2, 5, "empty string"),
    ],
)
def test_bad_file_names_line_and_field(tmp_path: Path, text: str, line: int, col: int,
                                       fragment: str) -> None:
    p = tmp_path / CONFIG_NAME
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(p)
    err = info.value
    assert err.file == str(p)
    assert err.line == line
    assert err.column == col
    assert fragment in err.message
    assert str(err).startswith(f"{p}:{line}:{col}: ")
    assert "\n" not in str(err)


def test_not_utf8(tmp_path: Path) -> None:
    p = tmp_path / CONFIG_NAME
    p.write_bytes(b"language: d\xe9\n")
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(p)


def test_empty_file_is_empty_config(tmp_path: Path) -> None:
    p = tmp_path / CONFIG_NAME
    p.write_text("# nothing yet\n", encoding="utf-8")
    cfg = load_config(p)
    assert cfg == LambreConfig()
    assert cfg.path == p


def test_round_trip_and_atomic_save(tmp_path: Path) -> None:
    p = tmp_path / CONFIG_NAME
    p.write_text(GOOD, encoding="utf-8")
    cfg = load_config(p)
    out = tmp_path / "copy.yaml"
    save_config(cfg, out)
    again = load_config(out)
    assert again == cfg
    # no temporary files are left behind
    assert sorted(x.name for x in tmp_path.iterdir()) == [CONFIG_NAME, "copy.yaml"]


def test_update_adds_once_and_keeps_other_fields(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text(GOOD, encoding="utf-8")
    cfg = update_config(tmp_path, [("disable_rule", "agree.ADJ.NOUN.mod.Case"),
                                   ("ignore_sentence", "Ein  Satz.\n")])
    cfg2 = update_config(tmp_path, [("disable_rule", "agree.ADJ.NOUN.mod.Case"),
                                    ("ignore_sentence", "Ein Satz.")])
    assert cfg == cfg2
    loaded = load_config(tmp_path / CONFIG_NAME)
    assert loaded.disabled_rules == ("agree.DET.NOUN.det.Case", "agree.ADJ.NOUN.mod.Case")
    assert loaded.ignored_sentences[-1] == "Ein Satz."
    assert loaded.language == "de" and loaded.min_severity == "information"


def test_update_creates_file(tmp_path: Path) -> None:
    update_config(tmp_path, [("ignore_sentence", "Über Bücher.")])
    text = (tmp_path / CONFIG_NAME).read_text(encoding="utf-8")
    assert "Über Bücher." in text  # Unicode kept readable
    assert load_config(tmp_path / CONFIG_NAME).is_ignored("Über Bücher.")


def test_find_config_walks_up(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text("language: ru\n", encoding="utf-8")
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert find_config(deep) == (tmp_path / CONFIG_NAME).resolve()
    assert parse_config("language: ru\n").language == "ru"


def test_edit_keeps_flow_lists_quotes_and_comment_only_files() -> None:
    flow = 'language: "de"  # quoted\ndisabled_rules: [a.b]\n'
    out = edit_config_text(flow, [("disable_rule", "c.d"), ("ignore_sentence", "Ja, gut.")])
    assert out.startswith('language: "de"  # quoted\ndisabled_rules: [a.b, c.d]\n')
    assert parse_config(out).ignored_sentences == ("Ja, gut.",)
    only_comments = "# nothing set yet\n# (see the README)\n"
    out = edit_config_text(only_comments, [("disable_rule", "x")])
    assert out.startswith(only_comments) and parse_config(out).disabled_rules == ("x",)
    # nothing to add: the text comes back unchanged
    assert edit_config_text(flow, [("disable_rule", "a.b")]) is flow


def test_update_refuses_an_invalid_file_rather_than_overwriting_it(tmp_path: Path) -> None:
    bad = "language: de\nseverities:\n  'x.*': loud\n"
    (tmp_path / CONFIG_NAME).write_text(bad, encoding="utf-8")
    with pytest.raises(ConfigError, match=":3:"):
        update_config(tmp_path, [("disable_rule", "r")])
    assert (tmp_path / CONFIG_NAME).read_text(encoding="utf-8") == bad


def test_config_with_byte_order_mark_and_oversized_file(tmp_path: Path) -> None:
    p = tmp_path / CONFIG_NAME
    p.write_bytes(b"\xef\xbb\xbflanguage: ru\n")
    assert load_config(p).language == "ru"
    p.write_bytes(b"# padding\n" * 200_000)
    with pytest.raises(ConfigError, match="over the limit"):
        load_config(p)
