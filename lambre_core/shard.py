"""Checking many sentences in several processes (placeholder: one process)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .check import SentenceCheck, check_sentences
from .doc import Sentence
from .rules import RuleSet


def check_sharded(sentences: Sequence[Sentence], ruleset: RuleSet, *, precision: Any = None,
                  jobs: int = 1) -> list[SentenceCheck]:
    """``check_sentences`` over ``jobs`` processes."""
    return check_sentences(sentences, ruleset, precision=precision)
