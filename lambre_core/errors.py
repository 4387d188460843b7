"""Errors that carry a location, so the CLI and the server can say where input went wrong."""

from __future__ import annotations


class LambreError(Exception):
    """A user-facing error: bad input, missing model, bad rule file.

    ``str(err)`` is one line: ``FILE:LINE:COL: MESSAGE`` (location parts omitted when unknown).
    """

    def __init__(
        self,
        message: str,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = [str(p) for p in (self.file, self.line, self.column) if p is not None]
        prefix = ":".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


class ConlluError(LambreError):
    """Malformed CoNLL-U input."""


class RuleFileError(LambreError):
    """A rule file that does not validate."""


class TreeError(LambreError):
    """A sentence whose tree is not a tree (cycle, missing head); reported and skipped."""
