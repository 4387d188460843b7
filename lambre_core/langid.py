"""Which language a paragraph is in, for documents no setting gives a language to.

An offline identifier (``lingua-language-detector``, low-accuracy mode: about 40 MB instead of
about 400 MB, and sure enough on a paragraph) chooses among the languages that have a parser model
and a handful of widespread ones, so that text in a language without a model is named as such
instead of being checked as the nearest language that has one."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .parse import MODEL_FILES, shipped_models_dir

#: languages told apart from the modelled ones so that they can be named as unsupported
OTHER_LANGUAGES = ("en", "fr", "es", "it", "nl", "pl", "pt", "uk", "sv", "da", "fi", "hu")
#: below this confidence a paragraph takes the document's language
MIN_CONFIDENCE = 0.5
#: paragraphs shorter than this (letters) take the document's language: too little to go on
MIN_LETTERS = 12

NAMES = {
    "cs": "Czech", "de": "German", "el": "Greek", "ru": "Russian", "tr": "Turkish",
    "en": "English", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
    "pl": "Polish", "pt": "Portuguese", "uk": "Ukrainian", "sv": "Swedish", "da": "Danish",
    "fi": "Finnish", "hu": "Hungarian", "et": "Estonian",
}


def language_name(code: str) -> str:
    """English name of a language code ("de" -> "German"; unknown codes as they are)."""
    return NAMES.get(code, code)


def model_languages(models_dir: str | None = None) -> tuple[str, ...]:
    """Language codes with a parser model: in ``models_dir``, else ``$LAMBRE_MODELS_DIR`` and the
    shipped ``models/`` (sub-directories named by a two-letter code holding the model files)."""
    bases = [Path(models_dir).expanduser()] if models_dir else []
    if not bases:
        env = os.environ.get("LAMBRE_MODELS_DIR")
        bases = ([Path(env).expanduser()] if env else []) + [shipped_models_dir()]
    found: set[str] = set()
    for base in bases:
        try:
            subdirs = list(base.iterdir())
        except OSError:
            continue
        for d in subdirs:
            if len(d.name) == 2 and d.name.isalpha() and d.name.islower() and all(
                    (d / f).is_file() for f in (MODEL_FILES["pos"], MODEL_FILES["depparse"])):
                found.add(d.name)
    return tuple(sorted(found))


@dataclass(frozen=True)
class Guess:
    """A paragraph's language: ``code`` (None when nothing could tell) and how sure."""

    code: str | None
    confidence: float


@lru_cache(maxsize=4)
def _detector(codes: tuple[str, ...]) -> Any:
    from lingua import IsoCode639_1, LanguageDetectorBuilder

    isos = [getattr(IsoCode639_1, c.upper()) for c in codes if hasattr(IsoCode639_1, c.upper())]
    return LanguageDetectorBuilder.from_iso_codes_639_1(*isos).with_low_accuracy_mode().build()


class Identifier:
    """Guesses the language of paragraphs among ``supported`` plus ``OTHER_LANGUAGES``
    (results cached by text: a paragraph is re-identified only when it changes)."""

    def __init__(self, supported: Iterable[str], cache_size: int = 4096) -> None:
        self.supported = tuple(sorted(set(supported)))
        self.codes = tuple(sorted(set(self.supported) | set(OTHER_LANGUAGES)))
        self._cache: dict[str, Guess] = {}
        self._cache_size = cache_size

    def guess(self, text: str) -> Guess:
        """The most likely language of ``text``, with its confidence."""
        hit = self._cache.get(text)
        if hit is not None:
            return hit
        if sum(c.isalpha() for c in text) < MIN_LETTERS:
            result = Guess(None, 0.0)
        else:
            values = _detector(self.codes).compute_language_confidence_values(text)
            if values:
                best = values[0]
                result = Guess(best.language.iso_code_639_1.name.lower(), float(best.value))
            else:
                result = Guess(None, 0.0)
        if len(self._cache) >= self._cache_size:
            self._cache.clear()
        self._cache[text] = result
        return result

    def paragraph_languages(self, paragraphs: list[str]) -> tuple[str | None, list[str | None]]:
        """The document's language (from all its text) and each paragraph's: its own when it is
        long enough and identified with confidence, else the document's."""
        guesses = [self.guess(p) for p in paragraphs]
        # the document's language: the paragraphs' sure guesses, weighted by length (cached per
        # paragraph: an edit re-identifies one paragraph, not the whole document)
        votes: dict[str, int] = {}
        for p, g in zip(paragraphs, guesses, strict=True):
            if g.code is not None and g.confidence >= MIN_CONFIDENCE:
                votes[g.code] = votes.get(g.code, 0) + len(p)
        if votes:
            doc_lang: str | None = max(sorted(votes), key=lambda c: votes[c])
        else:  # only short or unsure paragraphs: all of them together
            doc_lang = self.guess("\n".join(paragraphs)[:2000]).code
        out = [g.code if g.code is not None and g.confidence >= MIN_CONFIDENCE else doc_lang
               for g in guesses]
        return doc_lang, out
