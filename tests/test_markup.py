"""Markup -> checkable segments, with every character mapped back to the document exactly."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lambre_core.markup import Segment, kind_for, segments


def _check_map(doc: str, seg: Segment) -> None:
    """Every segment character comes from the document span it maps to."""
    for i, ch in enumerate(seg.text):
        a, b = seg.doc_span(i, i + 1)
        src = doc[a:b]
        assert 0 <= a < b <= len(doc)
        if b - a == 1:
            assert src == ch, (i, ch, src)
        else:  # an escape such as \n or \" in .po, or \* in Markdown
            assert src.startswith("\\"), (i, ch, src)


def texts(doc: str, kind: str) -> list[str]:
    segs = segments(doc, kind)
    for s in segs:
        _check_map(doc, s)
    return [s.text for s in segs]


def test_plain_paragraphs_and_switch() -> None:
    doc = "Hallo Welt.\r\nNoch ein Satz.\r\n\r\n# lambre: language=ru\nПривет, мир.\n\n" \
          "lambre: language=default\nWieder Deutsch."
    segs = segments(doc, "plain", "de")
    assert [s.text for s in segs] == ["Hallo Welt.\r\nNoch ein Satz.", "Привет, мир.",
                                      "Wieder Deutsch."]
    assert [s.language for s in segs] == ["de", "ru", "de"]
    for s in segs:
        _check_map(doc, s)


def test_markdown_skips_code_front_matter_and_urls() -> None:
    doc = """---
title: Ich werden
---
# Eine *schöne* Überschrift #

Ich **werden** [lange Bücher](https://example.org/x) lesen, siehe `code()` und <https://a.de>.
Zeile\\* zwei https://b.de/y hier.

```python
x = "Ich werden"
```

    eingerückter Code

<!-- lambre: language=ru -->
- Я читаю ![bild](a.png) книгу.
> Цитата здесь.

| Spalte | Zwei |
|---|---|
| Zelle eins | Zelle zwei |
"""
    got = texts(doc, "markdown")
    assert got[0] == "Eine schöne Überschrift"
    assert got[1] == ("Ich werden lange Bücher lesen, siehe  und .\nZeile* zwei  hier.")
    assert "Я читаю  книгу." in got
    assert "Цитата здесь." in got
    assert "Zelle eins" in got and "Zelle zwei" in got
    assert not any("x =" in t or "eingerückter" in t or "title" in t for t in got)
    langs = {s.text: s.language for s in segments(doc, "markdown")}
    assert langs["Я читаю  книгу."] == "ru"
    assert langs["Eine schöne Überschrift"] is None


def test_po_only_translations_with_escapes() -> None:
    doc = '''# Header
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#: src/a.c:1
msgid "I read long books."
msgstr "Ich lese \\"lange\\" "
"Bücher.\\n"

# lambre: language=ru
msgctxt "menu"
msgid ""
msgstr "Я читаю."

msgid "untranslated"
msgstr ""

msgid "one"
msgid_plural "many"
msgstr[0] "ein Buch"
msgstr[1] "viele Bücher"
'''
    segs = segments(doc, "po")
    got = [s.text for s in segs]
    assert got == ['Ich lese "lange" Bücher.', "Я читаю.", "ein Buch", "viele Bücher"]
    assert [s.language for s in segs] == [None, "ru", "ru", "ru"]
    for s in segs:
        _check_map(doc, s)
    # the quote escape maps to both source characters
    s = segs[0]
    i = s.text.index('"')
    a, b = s.doc_span(i, i + 1)
    assert doc[a:b] == '\\"'
    # a span across the line break between the two strings maps to both lines
    a, b = s.doc_span(s.text.index("lange"), s.text.index("Bücher") + len("Bücher"))
    assert doc[a:b].startswith("lange") and doc[a:b].endswith("Bücher")


def test_kind_for() -> None:
    assert kind_for("file:///a/b.md") == "markdown"
    assert kind_for("file:///a/b.txt", "markdown") == "markdown"
    assert kind_for("file:///a/de.po") == "po"
    assert kind_for("file:///a/b.txt", "de") == "plain"


@given(st.text(alphabet=st.sampled_from(list("ab *_`[]()\\#>-|\n\"\r!😀é<>:/")), max_size=80))
def test_markdown_maps_any_input_exactly(doc: str) -> None:
    for s in segments(doc, "markdown"):
        _check_map(doc, s)


@given(st.text(alphabet=st.sampled_from(list('ab msgstrid"\\n\n#[]0 é😀')), max_size=80))
def test_po_maps_any_input_exactly(doc: str) -> None:
    for s in segments(doc, "po"):
        _check_map(doc, s)
