"""XML translation files: XLIFF 1.2 and 2.0 (targets), Android ``strings.xml`` (strings, plurals,
string arrays) and Qt Linguist ``.ts`` (translations, numerus forms).

``defusedxml`` parses the file first, so a file declaring entities (a "billion laughs" bomb) or
reaching for external ones is refused before anything expands them. An expat pass then finds
each translated element's inner source span; its text is decoded from that span (entities,
CDATA, Android's backslash escapes) with the inline tags kept for the placeholder masking."""

from __future__ import annotations

import re
import xml.parsers.expat
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from itertools import accumulate

import defusedxml
import defusedxml.ElementTree as safe_et

from ..errors import LambreError
from ..markup import Segment
from .pieces import RunBuilder

_ENTITY = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_INNER_RE = re.compile(
    r"(?P<cdata><!\[CDATA\[(?P<cbody>.*?)\]\]>)|(?P<comment><!--.*?-->)|(?P<pi><\?.*?\?>)"
    r"|(?P<entity>&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][\w.-]*);)|(?P<text>[^<&]+)|(?P<tag><[^>]*>)",
    re.S,
)
_START_TAG_END_RE = re.compile(r"""<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(/?)>""")
_ANDROID_ESC = {"n": "\n", "t": "\t", "'": "'", '"': '"', "\\": "\\", "@": "@", "?": "?"}


@dataclass
class XmlDoc:
    """The translated strings of an XML file and the language it declares."""

    language: str | None = None
    segments: list[Segment] = field(default_factory=list)


def _entity(ref: str) -> str:
    body = ref[1:-1]
    if body.startswith("#x"):
        return chr(int(body[2:], 16))
    if body.startswith("#"):
        return chr(int(body[1:]))
    return _ENTITY.get(body, " ")


def inner_segment(raw: str, start: int, end: int, android: bool = False) -> Segment:
    """The text of ``raw[start:end]`` (an element's content): entities and CDATA decoded,
    comments dropped, tags kept as written; Android's escapes and quoting decoded."""
    out = RunBuilder()
    parts: list[str] = []
    for m in _INNER_RE.finditer(raw, start, end):
        if m.group("cdata") is not None:
            a = m.start("cbody")
            if m.group("cbody"):
                out.verbatim(a, len(m.group("cbody")))
                parts.append(m.group("cbody"))
        elif m.group("entity") is not None:
            out.stand_in(m.start(), len(m.group(0)))
            parts.append(_entity(m.group(0)))
        elif m.group("text") is not None or m.group("tag") is not None:
            _text(out, parts, raw, m.start(), m.end(), android and m.group("text") is not None)
    runs = tuple(out.runs)
    return Segment("".join(parts), runs)


def _text(out: RunBuilder, parts: list[str], raw: str, a: int, b: int, android: bool) -> None:
    if not android:
        out.verbatim(a, b - a)
        parts.append(raw[a:b])
        return
    j = a
    while j < b:
        c = raw[j]
        if c == "\\" and j + 1 < b:
            nxt = raw[j + 1]
            if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[j + 2 : j + 6]):
                out.stand_in(j, 6)
                parts.append(chr(int(raw[j + 2 : j + 6], 16)))
                j += 6
                continue
            out.stand_in(j, 2)
            parts.append(_ANDROID_ESC.get(nxt, nxt))
            j += 2
        elif c == '"':
            j += 1  # Android's quoting (keeps whitespace): not text
        else:
            out.verbatim(j, 1)
            parts.append(c)
            j += 1


def _check_safe(data: bytes, file: str) -> None:
    try:
        safe_et.fromstring(data)
    except defusedxml.DefusedXmlException as exc:
        raise LambreError(f"XML refused: {exc} (entity declarations and external references "
                          "are not expanded)", file, 1, 1) from None
    except safe_et.ParseError as exc:
        line, col = exc.position
        raise LambreError(f"invalid XML: {str(exc).split(': line')[0]}", file, line, col + 1) from None


def read_xml(text: str, file: str, dialect: str) -> XmlDoc:
    """The translated strings of an XML file of ``dialect`` (xliff, android, ts)."""
    data = text.encode("utf-8")
    _check_safe(data, file)
    # expat reports byte offsets: a table maps them to character offsets
    byte_at = list(accumulate((len(c.encode("utf-8")) for c in text), initial=0))
    doc = XmlDoc()
    stack: list[tuple[str, dict[str, str], int]] = []  # (name, attrs, inner start)
    has_child: list[bool] = []
    unit_source: list[str | None] = [None]  # the <source> of the unit being read
    parser = xml.parsers.expat.ParserCreate()

    def char_at(byte: int) -> int:
        return bisect_right(byte_at, byte) - 1

    def start(name: str, attrs: dict[str, str]) -> None:
        pos = char_at(parser.CurrentByteIndex)
        m = _START_TAG_END_RE.match(text, pos)
        inner = m.end() if m else pos
        if has_child:
            has_child[-1] = True
        local = name.split(":")[-1] if dialect != "android" else name
        if local in ("file", "xliff") and doc.language is None:
            doc.language = attrs.get("target-language") or attrs.get("trgLang")
        if local == "TS" and dialect == "ts":
            doc.language = attrs.get("language")
        if local in _UNITS:
            unit_source[0] = None
        stack.append((local, attrs, inner))
        has_child.append(False)

    def end(name: str) -> None:
        pos = char_at(parser.CurrentByteIndex)
        local, attrs, inner = stack.pop()
        children = has_child.pop()
        parent = stack[-1][0] if stack else ""
        if local == "source" and parent in _UNITS and pos > inner:
            unit_source[0] = _TAG_RE.sub("", inner_segment(text, inner, pos).text)
        if pos <= inner or not _wanted(dialect, local, attrs, parent, children, stack):
            return
        seg = inner_segment(text, inner, pos, android=dialect == "android")
        if seg.text.strip():
            count = (_QUANTITY_NUMBER.get(attrs.get("quantity", ""))
                     if dialect == "android" and parent == "plurals" else None)
            key = None
            if dialect == "android":
                # a string's name, or its plural's or array's name (the source's own items
                # differ in number: English has "one" and "other")
                key = attrs.get("name") or (stack[-1][1].get("name") if stack else None)
            doc.segments.append(replace(seg, source=unit_source[0], count=count, key=key))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.EntityDeclHandler = _refuse  # belt and braces: defusedxml refused these already
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        raise LambreError(f"invalid XML: {xml.parsers.expat.errors.messages[exc.code]}", file,
                          exc.lineno, exc.offset + 1) from None
    return doc


#: elements holding one source string and its translation (XLIFF 1.2, XLIFF 2.0, Qt)
_UNITS = ("trans-unit", "segment", "message")
_TAG_RE = re.compile(r"<[^<>]*>")
#: an Android plural item's quantity -> a number of it in every language lambre checks (not
#: "many" and "other": Russian "other" is for fractions, Czech "many" too)
_QUANTITY_NUMBER = {"zero": "0", "one": "1", "two": "2", "few": "3"}


def _refuse(*_args: object) -> None:
    raise LambreError("XML entity declarations are refused")


def _wanted(dialect: str, local: str, attrs: dict[str, str], parent: str, children: bool,
            stack: list[tuple[str, dict[str, str], int]]) -> bool:
    """Whether an element holds a translation to check."""
    if dialect == "xliff":
        # XLIFF 1.2 <trans-unit><target>, 2.0 <segment><target>; alt-trans targets are not ours
        return local == "target" and parent in ("trans-unit", "segment")
    if dialect == "android":
        if any(a.get("translatable") == "false" for _, a, _ in stack) or \
                attrs.get("translatable") == "false":
            return False
        return (local == "string" and parent == "resources") or \
            (local == "item" and parent in ("plurals", "string-array", "array"))
    if dialect == "ts":
        if local == "numerusform":
            return True
        return (local == "translation" and not children
                and attrs.get("type") not in ("obsolete", "vanished"))
    return False
