"""Checking one file of any supported format: read it (``formats.read``), choose its language,
check its segments (``document.check_segments``). What ``lambre-core check`` runs per file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .config import LambreConfig, glob_match
from .document import EngineLoader, Finding, check_segments
from .errors import LambreError
from .files import decode_text, foreign_bom, read_input
from .formats.locale import language_from_path, normalize
from .formats.read import read_file
from .markup import Segment


@dataclass
class FileReport:
    """What checking a file gave: findings, or a note why it was skipped, or an error."""

    path: str
    format: str | None = None
    language: str | None = None
    findings: list[Finding] = field(default_factory=list)
    #: why the file was not checked (binary, unknown format): not an error
    note: str | None = None
    error: LambreError | None = None
    #: languages met that have no model, with the reason
    unavailable: dict[str, str] = field(default_factory=dict)
    #: 1-based (line, column) just past each finding's blamed word (SARIF regions)
    ends: list[tuple[int, int]] = field(default_factory=list)


def read_source(path: str, max_bytes: int | None = None) -> tuple[str | None, str | None]:
    """(text, None), or (None, why it is skipped) for binary data; the text decoded as
    ``files.decode_text`` decodes it (as ``score`` does): undecodable text raises
    ``LambreError`` at its line and column, and so does a file over ``max_bytes`` (default:
    ``files.read_input``'s)."""
    try:
        data = read_input(path, max_bytes)
    except FileNotFoundError:
        raise LambreError("no such file", path) from None
    except IsADirectoryError:
        return None, "a directory"
    if foreign_bom(data[:4]) is None and b"\x00" in data[:8000]:
        return None, "binary file"
    return decode_text(data, path), None


def choose_language(path: str, declared: str | None, config: LambreConfig,
                    fallback: str | None) -> tuple[str | None, bool]:
    """(the file's language, whether it was found rather than asked for): what the file declares,
    a ``languages`` glob of the config, ``fallback`` (``--lang``: it beats any guess from the
    path), a locale in the path (``de/``, ``values-de/``, ``app_de.arb``), the config's default.
    None when nothing names one (the caller identifies it from the text)."""
    if declared:
        return declared, True
    rel = config.relative(Path(path).resolve())
    for glob, lang in config.languages:
        if glob_match(rel, glob):
            return normalize(lang), False
    if fallback:
        return normalize(fallback), False
    found = language_from_path(path)
    if found:
        return found, True
    return normalize(config.language), False


def identify_language(segments: list[Segment]) -> str | None:
    """The language of a file's text when nothing names it: the offline identifier the
    language server uses (``langid``), among the languages with a model and a few others."""
    from .langid import Identifier, model_languages

    texts = [s.text for s in segments[:400] if s.text.strip()]
    if not texts:
        return None
    doc_lang, _per = Identifier(model_languages()).paragraph_languages(texts)
    return doc_lang


def check_file(path: str, load: EngineLoader, config: LambreConfig, fallback: str | None,
               include_fuzzy: bool = False, max_bytes: int | None = None,
               **options: Any) -> FileReport:
    """Check one file; a bad file gives a report with ``error`` set (never raises for one).
    ``include_fuzzy``: check the fuzzy entries of a PO file too. ``options`` go to
    ``check_segments`` (severities, precision, ...)."""
    report = FileReport(path)
    try:
        text, note = read_source(path, max_bytes)
        if text is None:
            report.note = note
            return report
        checkable = read_file(path, text, include_fuzzy) if text.strip() else None
        if checkable is None:
            if text.strip():
                report.note = "not a format lambre checks"
            return report
        report.format = checkable.format
        lang, found = choose_language(path, checkable.language, config, fallback)
        if lang is None and checkable.segments and all(s.language for s in checkable.segments):
            lang = checkable.segments[0].language  # a string catalog: each string names its own
            found = True
        if lang is None:
            lang, found = identify_language(checkable.segments), True
        report.language = lang
        if lang is None:
            raise LambreError("no language: the file names none and its text tells none; pass "
                              "--lang or set 'language' in .lambre.yaml", path)
        result = check_segments(text, checkable.segments, lang, load, config, **options)
        report.findings = result.findings
        report.ends = [_line_col(text, f.end) for f in result.findings]
        report.unavailable = result.unavailable
        if lang in result.unavailable and not result.checks and checkable.segments:
            if found:
                # a catalogue of a language lambre has no model for (fr/, values-es/): a
                # multilingual repository commits those too, so this is a note, not an error
                report.note = f"no model for its language '{lang}'"
                report.unavailable = {}
                return report
            raise LambreError(result.unavailable[lang], path)
    except LambreError as exc:
        if exc.file is None:
            exc.file = path
        report.error = exc
    return report




def _line_col(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1
