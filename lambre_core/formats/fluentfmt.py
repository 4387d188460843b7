"""Project Fluent ``.ftl`` files through ``fluent.syntax``: every message and term value and
attribute; a select expression's variants each give a sentence, other placeables are masked."""

from __future__ import annotations

from itertools import product

from fluent.syntax import FluentParser, ast

from ..errors import LambreError
from ..markup import Segment
from .pieces import align, concat, stand_in
from .placeholders import MAX_VARIANTS, NOUN_SLOT, NUMBER_SLOT


def _line_col(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _selector_var(expr: ast.SelectExpression) -> str | None:
    """The variable a select expression switches on (``$count``, ``NUMBER($count)``)."""
    sel: ast.BaseNode = expr.selector
    if isinstance(sel, ast.FunctionReference) and sel.arguments.positional:
        sel = sel.arguments.positional[0]
    return sel.id.name if isinstance(sel, ast.VariableReference) else None


def _pattern(text: str, pattern: ast.Pattern, numeric: frozenset[str] = frozenset()) -> list[Segment]:
    """The variants of a pattern; variables in ``numeric`` stand for numbers."""
    options: list[list[Segment]] = []
    for el in pattern.elements:
        if isinstance(el, ast.TextElement) and el.span is not None:
            options.append([align(text, el.span.start, el.span.end, el.value)])
        elif isinstance(el, ast.Placeable) and el.span is not None:
            expr = el.expression
            if isinstance(expr, ast.SelectExpression):
                variants: list[Segment] = []
                var = _selector_var(expr)
                inner = numeric | {var} if var else numeric
                for v in expr.variants:
                    variants.extend(_pattern(text, v.value, inner))
                options.append(variants or [stand_in(NOUN_SLOT, el.span.start, el.span.end)])
            elif isinstance(expr, ast.StringLiteral | ast.NumberLiteral) and expr.span is not None:
                options.append([align(text, expr.span.start, expr.span.end, expr.parse()["value"]
                                      if isinstance(expr, ast.StringLiteral) else expr.value)])
            else:
                number = (isinstance(expr, ast.FunctionReference) and expr.id.name == "NUMBER") \
                    or (isinstance(expr, ast.VariableReference) and expr.id.name in numeric)
                options.append([stand_in(NUMBER_SLOT if number else NOUN_SLOT,
                                         el.span.start, el.span.end)])
    out: list[Segment] = []
    for combo in product(*options):
        out.append(concat(combo))
        if len(out) >= MAX_VARIANTS:
            break
    return out


def fluent_segments(text: str, file: str) -> list[Segment]:
    """The checkable variants of every message and term of a Fluent file."""
    resource = FluentParser(with_spans=True).parse(text)
    out: list[Segment] = []
    for entry in resource.body:
        if isinstance(entry, ast.Junk):
            start = entry.annotations[0].span.start if entry.annotations and \
                entry.annotations[0].span else (entry.span.start if entry.span else 0)
            msg = entry.annotations[0].message if entry.annotations else "syntax error"
            if start >= len(text.rstrip()) and entry.span is not None:
                start = entry.span.start  # the file ended inside the entry: point at the entry
            line, col = _line_col(text, start)
            raise LambreError(f"invalid Fluent: {msg}", file, line, col)
        if isinstance(entry, ast.Message | ast.Term):
            patterns = ([entry.value] if entry.value is not None else []) + \
                [a.value for a in entry.attributes]
            for p in patterns:
                out.extend(s for s in _pattern(text, p) if s.text.strip())
    return out
