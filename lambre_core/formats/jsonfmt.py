"""JSON translation files: i18next / generic nested JSON, Flutter ARB and Apple ``.xcstrings``.

``json`` validates the file (errors with line and column); a small tokenizer then finds every
string value with its source span, so each translated string maps back to the file."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..errors import LambreError
from ..limits import check_json
from ..markup import Segment
from .pieces import align

_TOKEN_RE = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+', re.S)
_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def decode_json_escape(raw: str, j: int) -> tuple[str, int] | None:
    """A JSON escape at ``raw[j]`` (``\\n``, ``\\u00e4``, a ``\\ud83d\\ude00`` pair)."""
    if raw[j] != "\\" or j + 1 >= len(raw):
        return None
    c = raw[j + 1]
    if c in _ESC:
        return _ESC[c], 2
    if c == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[j + 2 : j + 6]):
        code = int(raw[j + 2 : j + 6], 16)
        low = raw[j + 6 : j + 12]
        if 0xD800 <= code < 0xDC00 and re.fullmatch(r"\\u[dD][c-fC-F][0-9a-fA-F]{2}", low):
            pair = chr(code) + chr(int(low[2:], 16))
            return pair.encode("utf-16", "surrogatepass").decode("utf-16"), 12
        return chr(code), 6
    return None


@dataclass(frozen=True)
class JsonString:
    """A string value: its key path and its span inside the quotes."""

    path: tuple[str, ...]
    start: int
    end: int
    value: str


def strings(text: str, file: str) -> Iterator[JsonString]:
    """Every string value (not key) of a JSON document, in file order."""
    check_json(text, file)
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise LambreError(f"invalid JSON: {exc.msg}", file, exc.lineno, exc.colno) from None
    # stack of (container kind, current key or index)
    stack: list[list[str]] = []
    expect_key = False
    for m in _TOKEN_RE.finditer(text):
        tok = m.group(0)
        if tok in "{[":
            stack.append(["{" if tok == "{" else "[", "" if tok == "{" else "0"])
            expect_key = tok == "{"
        elif tok in "}]":
            stack.pop()
            expect_key = False
        elif tok == ":":
            expect_key = False
        elif tok == ",":
            if stack and stack[-1][0] == "{":
                expect_key = True
            elif stack:
                stack[-1][1] = str(int(stack[-1][1]) + 1)
        elif tok.startswith('"'):
            value = json.loads(tok)
            if expect_key:
                stack[-1][1] = value
            else:
                yield JsonString(tuple(s[1] for s in stack), m.start() + 1, m.end() - 1, value)


def _segment(text: str, s: JsonString, language: str | None = None) -> Segment:
    seg = align(text, s.start, s.end, s.value, decode_json_escape, language)
    return replace(seg, key=".".join(s.path))


#: keys whose values describe a message for translators (WebExtension/Chrome ``messages.json``:
#: ``{"key": {"message": ..., "description": ...}}``), not text of the language
_METADATA_KEYS = ("description", "placeholders", "example")


def i18next_segments(text: str, file: str) -> list[Segment]:
    """Every string value of an i18next / nested JSON file (keys are not text; a WebExtension
    message's description and placeholders are not translations)."""
    return [_segment(text, s) for s in strings(text, file) if s.value.strip()
            and not any(p in _METADATA_KEYS for p in s.path[1:])]


def arb_language(text: str) -> str | None:
    """An ARB file's ``@@locale``."""
    data = json.loads(text)
    locale = data.get("@@locale") if isinstance(data, dict) else None
    return locale if isinstance(locale, str) else None


def arb_segments(text: str, file: str) -> list[Segment]:
    """The messages of a Flutter ARB file (``@`` metadata left out)."""
    return [_segment(text, s) for s in strings(text, file)
            if s.value.strip() and not any(p.startswith("@") for p in s.path)]


def xcstrings_segments(text: str, file: str) -> list[Segment]:
    """The ``stringUnit`` values of an Apple string catalog, each in its localization's language."""
    out: list[Segment] = []
    for s in strings(text, file):
        path = s.path
        if len(path) < 5 or path[0] != "strings" or path[2] != "localizations":
            continue
        if path[-2:] != ("stringUnit", "value") or not s.value.strip():
            continue
        out.append(_segment(text, s, path[3]))
    return out
