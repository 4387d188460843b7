"""Text files read by a spaCy pipeline, for the offline scripts that learn from a stronger
tagger or parser (``mine_noun_genders.py --tagger``, ``silver_parses.py``). spaCy and its
models are tools of those scripts only, not dependencies of the project."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def spacy_docs(paths: list[Path], model: str, option: str) -> Iterator[Any]:
    """One spaCy ``Doc`` per distinct segment of the text files (one segment a line)."""
    try:
        import spacy
    except ImportError:
        sys.exit(f"{option} spacy:... needs spaCy and the model: "
                 "pip install spacy cs-core-news-sm")
    nlp = spacy.load(model, exclude=["ner"])
    texts: dict[str, None] = {}
    for p in paths:
        texts.update((line.strip(), None) for line in p.read_text(encoding="utf-8").splitlines()
                     if line.strip())
    yield from nlp.pipe(texts, batch_size=64)
