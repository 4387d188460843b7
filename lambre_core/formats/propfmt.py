"""Java ``.properties`` and Apple ``.strings`` through translate-toolkit, each value mapped back
to its place in the file (continuation lines and escapes followed)."""

from __future__ import annotations

import re
from dataclasses import replace

from ..errors import LambreError
from ..markup import Segment
from .pieces import align


def _java_escape(raw: str, j: int) -> tuple[str, int] | None:
    if raw[j] != "\\" or j + 1 >= len(raw):
        return None
    c = raw[j + 1]
    if c in "\r\n":  # a continuation: the break and the next line's indentation vanish
        k = j + 1 + (2 if raw.startswith("\r\n", j + 1) else 1)
        while k < len(raw) and raw[k] in " \t\f":
            k += 1
        return "", k - j
    if c == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[j + 2 : j + 6]):
        return chr(int(raw[j + 2 : j + 6], 16)), 6
    return {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(c, c), 2


def _strings_escape(raw: str, j: int) -> tuple[str, int] | None:
    if raw[j] != "\\" or j + 1 >= len(raw):
        return None
    c = raw[j + 1]
    if c in "uU" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[j + 2 : j + 6]):
        return chr(int(raw[j + 2 : j + 6], 16)), 6
    return {"t": "\t", "n": "\n", "r": "\r"}.get(c, c), 2


def _parse(text: str, personality: str, file: str) -> list[tuple[str, str]]:
    from translate.storage import properties

    store = properties.propfile(personality=personality, encoding="utf-8")
    try:
        store.parse(text.encode("utf-8"))
    except Exception as exc:  # the toolkit raises plain ValueError/OSError for broken files
        raise LambreError(f"cannot read as {personality} file: {exc}", file, 1, 1) from None
    return [(u.name, u.source) for u in store.units if u.name and not u.isheader()]


def properties_segments(text: str, file: str) -> list[Segment]:
    """The values of a Java ``.properties`` file (UTF-8 or escaped)."""
    out: list[Segment] = []
    cursor = 0
    for key, value in _parse(text, "java-utf8", file):
        m = re.compile(r"(?m)^[ \t\f]*" + re.escape(key).replace("\\ ", "\\\\ ")
                       + r"[ \t\f]*[=: \t\f][ \t\f]*").search(text, cursor)
        if m is None or not value.strip():
            continue
        end = m.end()
        while end < len(text) and text[end] not in "\r\n":
            end += 1
            if text[end - 1] == "\\" and end < len(text) and text[end] in "\r\n":
                end += 1  # continued on the next line
        out.append(replace(align(text, m.end(), end, value, _java_escape), key=key))
        cursor = end
    return out


def strings_segments(text: str, file: str) -> list[Segment]:
    """The values of an Apple ``.strings`` file (``"key" = "value";``)."""
    out: list[Segment] = []
    cursor = 0
    for key, value in _parse(text, "strings", file):
        m = re.compile(r'"?' + re.escape(key) + r'"?\s*=\s*"').search(text, cursor)
        if m is None or not value.strip():
            continue
        end = m.end()
        while end < len(text) and text[end] != '"':
            end += 2 if text[end] == "\\" else 1
        out.append(align(text, m.end(), end, value, _strings_escape))
        cursor = end
    return out
