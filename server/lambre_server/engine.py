"""Per-language engines (parser + rules, loaded once and kept resident) and the caches.

``Engines.load`` is blocking (Stanza model loading takes seconds) and runs on the worker thread;
``parse_and_check`` too. The LRU caches are only touched on the event loop, so they need no lock:
the loop looks up what is cached, hands the rest to the worker, and stores what comes back.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cachetools import LRUCache

from lambre_core.check import SentenceCheck, check_sentence
from lambre_core.doc import Sentence
from lambre_core.evidence import Precision
from lambre_core.gcpause import collector_paused
from lambre_core.rules import RuleSet, default_rules, load_rules
from lambre_core.score import weights_from

log = logging.getLogger(__name__)

#: (language, model, sentence text)
ParseKey = tuple[str, str, str]
#: (language, model, sentence text, rule-set version, disabled rule ids)
CheckKey = tuple[str, str, str, str, frozenset[str]]


@dataclass
class Engine:
    """A loaded language: its parser, its rules and the key that identifies the model."""

    lang: str
    parser: Any
    ruleset: RuleSet
    model_key: str
    lexicon: Any | None = None
    #: the rule set's content hash, computed once (it hashes every rule)
    rules_version: str = ""
    #: per-rule weights for the document score (as the rule file gives them)
    weights: dict[str, float] = field(default_factory=dict)
    #: the lexicon shipped with the model (``lexicon`` may be built from other files)
    shipped_lexicon: Any | None = None

    def __post_init__(self) -> None:
        if not self.rules_version:
            self.rules_version = self.ruleset.version
        if not self.weights:
            self.weights = weights_from(self.ruleset)


def load_checker(lang: str, models_dir: str | None, rules_file: str | None,
                 lexicon_files: tuple[str, ...] = (), shipped: Any = None) -> Engine:
    """The checking half of an engine: rules, lexicons and the model's key, no parser
    (``parser`` is None). It needs no torch and loads in a fraction of a second, so a document
    whose parses are on disk is checked with it while the parser still loads. ``shipped``: the
    model's lexicon when the caller has it already (else read from the model directory).
    Raises ``LambreError`` when the model or the rules are missing."""
    from lambre_core.parse import _model_lexicon, resolve_models

    source = resolve_models(lang, models_dir)  # fast: a missing model is said at once
    with collector_paused():  # rules and lexicons live as long as the server (see gcpause)
        ruleset = load_rules(rules_file) if rules_file else default_rules(lang)
        _warm_analyzer(lang)
        if shipped is None:
            shipped = _model_lexicon(source)
        lexicon = _load_lexicon(lang, lexicon_files, shipped)
    return Engine(lang, None, ruleset, str(source.path), lexicon, shipped_lexicon=shipped)


def with_parser(checker: Engine, parser: Any) -> Engine:
    """The whole engine: ``checker`` (from ``load_checker``) with its parser."""
    return replace(checker, parser=parser)


def load_engine(lang: str, models_dir: str | None, rules_file: str | None,
                lexicon_files: tuple[str, ...] = ()) -> Engine:
    """Load parser, rules and the inflection lexicon for ``lang``, the parser in this process
    (with a parser process the server loads the two halves itself: ``load_checker`` here while
    ``ParserProcess.load_model`` runs in the child). Raises ``LambreError`` with a user-facing
    message when something is missing."""
    from lambre_core.parse import load_parser

    parser = load_parser(lang, models_dir)
    return with_parser(load_checker(lang, models_dir, rules_file, lexicon_files, parser.lexicon),
                       parser)


def _warm_analyzer(lang: str) -> None:
    """Load the field lexicons now, with the model (german-nouns, ablaut, pymorphy3 load on
    their first lookup: about 3 s that would otherwise delay the first diagnostics)."""
    from lambre_core.analyses import analyzer_for

    analyzer, _name = analyzer_for(lang)
    if analyzer is None:
        return
    for upos in ("NOUN", "PROPN", "VERB", "AUX", "ADJ", "DET", "PRON"):
        try:
            analyzer("a", upos, None)
        except Exception:  # a lexicon problem shows on the first real lookup, as before
            log.debug("warming the %s analyzer on %s failed", lang, upos, exc_info=True)


def _load_lexicon(lang: str, files: tuple[str, ...], shipped: Any = None) -> Any | None:
    """The inflection lexicon for quick fixes: treebanks (.conllu) and UniMorph TSVs given in the
    settings, else the one shipped with the model (``shipped``: its ``lexicon.tsv``), else the
    PyPI lexicons alone (german-nouns, pymorphy3). None if it cannot be built."""
    # regular files only: a FIFO or a device named in the settings would block the worker
    skipped = [f for f in files if not os.path.isfile(f)]
    if skipped:
        log.warning("lexicon files skipped (not regular files): %s", ", ".join(skipped))
        files = tuple(f for f in files if f not in skipped)
    if not files and shipped is not None:
        return shipped
    try:
        from lambre_core.lexicon import build_lexicon

        conllu = [f for f in files if f.endswith(".conllu")]
        unimorph = next((f for f in files if not f.endswith(".conllu")), None)
        return build_lexicon(lang, conllu, unimorph=unimorph)
    except Exception as exc:  # a missing lexicon only removes the replace action
        log.info("no inflection lexicon for %s: %s", lang, exc)
        return None


def _parse_each(engine: Engine, texts: list[str]) -> list[Sentence | str]:
    """Parse a batch; if the parser fails on it, parse the sentences one at a time so one bad
    sentence costs only itself (its entry is then the error message)."""
    try:
        return list(engine.parser.parse_sentences(texts))
    except Exception as exc:  # Stanza raises many types on odd input
        if len(texts) == 1:
            log.warning("parser failed on %r: %s", texts[0][:80], exc)
            return [f"parser failed: {type(exc).__name__}: {exc}"]
    out: list[Sentence | str] = []
    for t in texts:
        out.extend(_parse_each(engine, [t]))
    return out


def parse_and_check(
    engine: Engine,
    items: Sequence[tuple[str, Sentence | None]],
    disabled: frozenset[str],
    mode: str = "precise",
) -> list[tuple[Sentence, SentenceCheck]]:
    """Parse the texts that have no parse yet (one batch) and check every sentence.
    Runs on the worker thread; pure apart from the parser's own lock. A sentence the parser
    or the checker fails on gets a check with ``error`` set and no violations. ``mode`` is
    "precise" (the default of every front end) or "paper"."""
    todo = [i for i, (_, parsed) in enumerate(items) if parsed is None]
    parsed_new = _parse_each(engine, [items[i][0] for i in todo]) if todo else []
    by_index = dict(zip(todo, parsed_new, strict=True))
    out: list[tuple[Sentence, SentenceCheck]] = []
    for i, (text, parsed) in enumerate(items):
        got = parsed if parsed is not None else by_index[i]
        if isinstance(got, str):
            empty = Sentence(words=[], metadata={"text": text})
            out.append((empty, SentenceCheck(empty, error=got)))
            continue
        try:
            precision = Precision(engine.lang, engine.lexicon) if mode == "precise" else None
            check = check_sentence(got, engine.ruleset, disabled=disabled, precision=precision)
        except Exception as exc:  # a checker bug must not cost the document its diagnostics
            log.exception("checking %r failed", text[:80])
            check = SentenceCheck(got, error=f"{type(exc).__name__}: {exc}")
        out.append((got, check))
    return out


class Caches:
    """The bounded LRU caches of parses and checks (the only process-wide state besides models)."""

    def __init__(self, size: int = 20000) -> None:
        self.resize(size)

    def resize(self, size: int) -> None:
        """Start over with caches holding at most ``size`` sentences each."""
        self.size = size
        self.parses: LRUCache[ParseKey, Sentence] = LRUCache(maxsize=max(size, 1))
        self.checks: LRUCache[CheckKey, SentenceCheck] = LRUCache(maxsize=max(size, 1))
