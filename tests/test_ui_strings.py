"""UI strings as the pre-commit hook meets them, with the shipped models: labels are no
sentences, placeholders are tokens of their own, plural forms count, and each catalogue format
reads its source strings and its encoding. One ``lambre-core check`` run over a catalogue of
every format; each file holds correct strings beside a placeholder or in label form (no
finding) and one real error (a blocking finding on the word to correct). Keyed catalogues take
their source strings from the base-language file beside them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RU_PLURALS = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
              "(n%100<10 || n%100>=20) ? 1 : 2);")

FILES: dict[str, str] = {
    "de.po": """msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Delete file"
msgstr "Datei löschen"

msgid "Show the user documentation"
msgstr "Die Benutzerdokumentation anzeigen"

msgid "Take a screenshot (without subtitles)"
msgstr "Screenshot aufnehmen (ohne Untertitel)"

msgid "The new {name} is set."
msgstr "Der neue {name} ist gesetzt."

msgid "Open _file"
msgstr "_Datei öffnen"

msgid "The children play in the garden."
msgstr "Die Kinder spielt im Garten."
""",
    "ru.po": f"""msgid ""
msgstr ""
"Language: ru\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: {RU_PLURALS}\\n"

msgid "Create shortcuts for %s"
msgstr "Создать ярлыки для %s"

msgid "Link to"
msgstr "Ссылка на"

msgid "Drink"
msgstr "Я очень хочешь пить."

msgid "I am very thirsty."
msgstr "Я очень хочешь пить."

msgid "%d new file"
msgid_plural "%d new files"
msgstr[0] "%d новый файл"
msgstr[1] "%d новых файла"
msgstr[2] "%d новая файл"
""",
    "values-ru/strings.xml": """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="from">Новое сообщение от %1$s</string>
    <string name="drink">Я очень хочешь пить.</string>
    <string name="thirsty">Я очень хочешь пить.</string>
    <plurals name="files">
        <item quantity="one">%d новый файл</item>
        <item quantity="few">%d новая файла</item>
    </plurals>
</resources>
""",
    "app_de.arb": json.dumps({
        "@@locale": "de",
        "set": "Der neue {name} ist gesetzt.",
        "kids": "{count, plural, one{Das Kind spielt.} other{Die Kinder spielt.}}",
    }, ensure_ascii=False),
    "messages.de.xlf": """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="de" datatype="plaintext" original="ng2.template">
    <body>
      <trans-unit id="a"><source>Delete file</source><target>Die Datei löschen</target></trans-unit>
      <trans-unit id="b"><source>The new <x id="INTERPOLATION"/> is set.</source>
        <target>Der neue <x id="INTERPOLATION"/> ist gesetzt.</target></trans-unit>
      <trans-unit id="c"><source>The children play.</source>
        <target>Die Kinder spielt im Garten.</target></trans-unit>
    </body>
  </file>
</xliff>
""",
    "pcmanfm_de.ts": """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context><name>Main</name>
<message><source>&amp;Open file</source><translation>&amp;Datei öffnen</translation></message>
<message><source>Search history</source><translation>Suchverlauf löschen</translation></message>
<message><source>The children play.</source><translation>Die Kinder spielt im Garten.</translation></message>
</context>
</TS>
""",
    # a Qt numerus form says nothing of its number: "%n položka" is the form for one
    "pcmanfm_cs.ts": """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs">
<context><name>Main</name>
<message numerus="yes"><source>%n item(s)</source><translation>
<numerusform>%n položka</numerusform><numerusform>%n položky</numerusform>
<numerusform>%n položek</numerusform></translation></message>
<message><source>I went to the river.</source><translation>Šel jsem k řeka.</translation></message>
</context>
</TS>
""",
}
FILES["locales/de/app.json"] = json.dumps({
    "set": "Der neue {{name}} ist gesetzt.", "playing": "Die Kinder spielt im Garten.",
    "play": "Die Kinder spielt im Garten.",
    "ext": {"message": "Datei öffnen", "description": "Die Kinder spielt, a note in English"}},
    ensure_ascii=False)
#: base-language files beside the catalogues: the source strings of keyed formats (not checked)
BASES: dict[str, str] = {
    "values/strings.xml": """<resources><string name="drink">Drink</string>
<string name="thirsty">I am very thirsty.</string></resources>
""",
    "locales/en/app.json": json.dumps({"set": "The new {{name}} is set.",
                                       "playing": "Children playing",
                                       "play": "The children play in the garden."}),
}
#: Java properties are ISO-8859-1 unless they are UTF-8 (written below in Latin-1)
PROPERTIES = "a=Der neue {0} ist gesetzt.\nb=Schöne Grüße aus Köln\nc=Die Kinder spielt im Garten.\n"

#: (file, word) of every blocking finding expected: the one real error of each file
EXPECTED = {
    ("de.po", "spielt"), ("ru.po", "хочешь"), ("ru.po", "новая"),
    ("values-ru/strings.xml", "новая"), ("app_de.arb", "spielt"), ("messages.de.xlf", "spielt"),
    ("pcmanfm_de.ts", "spielt"), ("pcmanfm_cs.ts", "řeka"), ("messages_de.properties", "spielt"),
    ("values-ru/strings.xml", "хочешь"), ("locales/de/app.json", "spielt"),
}


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, object]]]:
    root = tmp_path_factory.mktemp("ui")
    for name, text in {**FILES, **BASES}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "messages_de.properties").write_bytes(PROPERTIES.encode("latin-1"))
    names = [*FILES, "messages_de.properties"]
    res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "check", "--no-cache",
                          "--format", "json", *names], cwd=root, capture_output=True, text=True)
    assert res.returncode == 1, res.stderr
    return root, json.loads(res.stdout)


def _word(root: Path, f: dict[str, object]) -> str:
    from lambre_core.files import decode_text

    path = root / str(f["file"])
    return decode_text(path.read_bytes(), str(path))[int(str(f["start"])):int(str(f["end"]))]


def test_only_the_real_errors_block(checked: tuple[Path, list[dict[str, object]]]) -> None:
    root, findings = checked
    got = [(str(f["file"]), _word(root, f)) for f in findings if f["severity"] == "error"]
    assert sorted(got) == sorted(EXPECTED)  # each once: the label beside it has none


def test_keyed_findings_name_their_key(checked: tuple[Path, list[dict[str, object]]]) -> None:
    _root, findings = checked
    keys = {(f["file"], f.get("key")) for f in findings if f["severity"] == "error"}
    assert ("locales/de/app.json", "play") in keys
    assert ("values-ru/strings.xml", "thirsty") in keys and ("messages_de.properties", "c") in keys
    assert ("de.po", None) in keys  # a PO finding has its line, no key


def test_no_message_quotes_a_placeholder_stand_in(
        checked: tuple[Path, list[dict[str, object]]]) -> None:
    _root, findings = checked
    assert findings and not any("ABC" in str(f["message"]) for f in findings)


def test_plural_forms_take_their_number() -> None:
    from lambre_core.formats.pofmt import plural_numbers

    ru = plural_numbers(RU_PLURALS)
    de = plural_numbers("nplurals=2; plural=(n != 1);")
    assert ru is not None and de is not None
    assert [ru(i) for i in range(3)] == ["1", "2", "5"]
    assert [de(i) for i in range(2)] == ["1", "2"]
    assert plural_numbers("nplurals=2; plural=n !!= 1;") is None


def test_source_strings_decide_labels() -> None:
    from lambre_core.formats.genre import is_label
    from lambre_core.formats.read import read_file

    labels = {"Open Image": True, "Save file": True, "Importing…": True, "Recent files:": True,
              "The file contains errors.": False, "%d files were deleted": False,
              "Could not open {file}": False, "It's done": False, None: False,
              "s0": False, "app.title": False, "MENU_OPEN": False, "Save": True}
    assert {s: is_label(s) for s in labels} == labels
    checkable = read_file("de.po", FILES["de.po"])
    assert checkable is not None
    assert [s.source for s in checkable.segments][:2] == ["Delete file",
                                                          "Show the user documentation"]


def test_utf16_plain_text_is_refused_alike_by_check_and_score(tmp_path: Path) -> None:
    path = tmp_path / "de.txt"
    path.write_bytes("Die Kinder spielen.\n".encode("utf-16"))
    said = []
    for cmd in (["check", "--lang", "de"], ["score", "--lang", "de"]):
        res = subprocess.run([sys.executable, "-m", "lambre_core.cli", *cmd, str(path)],
                             capture_output=True, text=True)
        assert res.returncode == 2
        said.append(res.stderr.strip().splitlines()[-1])
    assert said[0] == said[1] and "UTF-16 LE" in said[0] and f"{path}:1:1" in said[0]


def test_messages_in_the_translators_language(tmp_path: Path) -> None:
    """``--message-language``: the message and its reason from the one catalogue of templates,
    in German or Russian, the words quoted as the file has them (a contraction as written, and
    its fix contracted again)."""
    path = tmp_path / "de.txt"
    path.write_text("Ich gehe zum Schule.\n", encoding="utf-8")
    said = {}
    for lang in ("en", "de", "ru"):
        res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "check", "--lang", "de",
                              "--no-cache", "--format", "json", "--message-language", lang,
                              str(path)], capture_output=True, text=True)
        assert res.returncode == 1, res.stderr
        (finding,) = json.loads(res.stdout)
        said[lang] = (finding["message"], finding["reason"])
    assert said["en"] == ('"zum" does not fit "Schule" in gender: "zur".',
                          "Articles, determiners and adjectives take the case, number and gender "
                          "of their noun.")
    assert said["de"][0] == "„zum“ passt im Genus nicht zu „Schule“: „zur“."
    assert said["ru"][0] == "«zum» не согласуется с «Schule» по роду: «zur»."
    assert all(reason and "{" not in reason for _m, reason in said.values())
