"""YAML translation files (Rails i18n and alike): every string value, with the locale from a
single top-level key (``de:``). PyYAML's composer gives each scalar's source span."""

from __future__ import annotations

import re

import yaml

from ..errors import LambreError
from ..limits import check_yaml
from ..markup import Segment
from .jsonfmt import decode_json_escape
from .pieces import align

_STR = "tag:yaml.org,2002:str"


def _double(raw: str, j: int) -> tuple[str, int] | None:
    if raw[j] != "\\" or j + 1 >= len(raw):
        return None
    c = raw[j + 1]
    if c in "\r\n":  # an escaped line break joins the lines
        return "", 2
    if c in "xuU":
        width = {"x": 2, "u": 4, "U": 8}[c]
        digits = raw[j + 2 : j + 2 + width]
        if re.fullmatch(r"[0-9a-fA-F]+", digits) and len(digits) == width:
            return chr(int(digits, 16)), 2 + width
    if c in "0aevN_LP ":
        return {"0": "\0", "a": "\a", "e": "\x1b", "v": "\v", "N": "\x85", "_": "\xa0",
                "L": "\u2028", "P": "\u2029", " ": " "}[c], 2
    return decode_json_escape(raw, j)


def _single(raw: str, j: int) -> tuple[str, int] | None:
    return ("'", 2) if raw.startswith("''", j) else None


def yaml_file(text: str, file: str) -> tuple[str | None, list[Segment]]:
    """(the locale of the single top-level key, every string value) of a YAML file."""
    check_yaml(text, file)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise LambreError(f"invalid YAML: {exc.problem or exc.context}", file, line, col) from None
    if root is None:
        return None, []
    language = None
    if isinstance(root, yaml.MappingNode) and len(root.value) == 1:
        key = root.value[0][0]
        if isinstance(key, yaml.ScalarNode) and re.fullmatch(r"[a-z]{2,3}(?:[-_][A-Za-z]+)?",
                                                             str(key.value)):
            language = str(key.value)
    out: list[Segment] = []

    def walk(node: yaml.Node) -> None:
        if isinstance(node, yaml.MappingNode):
            for _k, v in node.value:
                walk(v)
        elif isinstance(node, yaml.SequenceNode):
            for v in node.value:
                walk(v)
        elif isinstance(node, yaml.ScalarNode) and node.tag == _STR and str(node.value).strip():
            start, end = node.start_mark.index, node.end_mark.index
            style = node.style
            if style in ("|", ">"):
                nl = text.find("\n", start)
                start = nl + 1 if 0 <= nl < end else start
            decode = _double if style == '"' else _single if style == "'" else None
            out.append(align(text, start, end, str(node.value), decode))

    walk(root)
    return language, out
