"""The language server: document sync, the check pipeline, publishing, commands.

Pipeline for one document version (``LambreServer.check_document``):

1. wait ``debounceMs`` (a newer version cancels the wait);
2. markup -> segments -> sentences, each with an exact map back to the document;
3. load the language's parser and rules once (on the worker thread, reported with ``$/progress``);
4. sentences whose (language, model, text) is cached keep their parse and check; the rest are
   parsed in batches on the worker thread (visible sentences first), published progressively on a
   first check; a newer version stops the loop between batches;
5. diagnostics for the whole document are published with the version they were computed for,
   and only if that is still the current version, followed by ``lambre/documentScore``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hashlib
import inspect
import json
import logging
import os
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from lambre_core.check import SentenceCheck
from lambre_core.config import (
    CONFIG_NAME,
    LambreConfig,
    glob_match,
    load_config,
    update_config,
)
from lambre_core.doc import Sentence
from lambre_core.errors import LambreError
from lambre_core.evidence import Precision
from lambre_core.gcpause import keep_for_life
from lambre_core.langid import Identifier, language_name, model_languages
from lambre_core.markup import Segment, segments
from lambre_core.parse_cache import ParseCache, encode, model_key, stored_sentences, text_key
from lambre_core.parse_process import ParserProcess, trim
from lambre_core.score import DEFAULT_AVERAGES, RuleTally, rule_tallies, score_of
from lambre_core.usage import document_checks

from . import __version__
from .diagnostics import Template, render, severity_rank, templates
from .documents import Document, DocumentScore, SentenceResult, SentenceSlice, language_from_id
from .engine import Caches, Engine, load_checker, load_engine, parse_and_check, with_parser
from .framing import run_framed
from .positions import LineIndex, apply_change
from .pull import RawResult, RawResultProtocol, Report
from .sentences import is_checkable, split_spans
from .settings import Settings, parse_settings
from .throttle import PublishThrottle

log = logging.getLogger(__name__)

#: sentences in the first batch of a document's first check (later batches: ``batchSize``)
FIRST_BATCH = 3
SCORE_NOTIFICATION = "lambre/documentScore"
#: server -> client: the server's copy of a document no longer matches the client's; the client
#: answers with a didChange carrying the whole text
DIVERGED_NOTIFICATION = "lambre/documentDiverged"
#: client -> server request: the server's version, UTF-16 length and SHA-256 of a document
STATE_REQUEST = "lambre/documentState"
VISIBLE_NOTIFICATION = "lambre/visibleRanges"
CMD_SCORE = "lambre.documentScore"
CMD_DISABLE_RULE = "lambre.disableRule"
CMD_IGNORE_SENTENCE = "lambre.ignoreSentence"
#: how many rules the score notification names (the status bar's tooltip)
TOP_RULES = 5


K = TypeVar("K")
V = TypeVar("V")


class _BoundedDict(dict[K, V]):
    """A dict that empties itself when full: bounded memory at plain-dict lookup speed."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = max(limit, 1)

    def put(self, key: K, value: V) -> None:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value


#: (language, models dir, rules file, lexicon files): what an engine was loaded from
EngineKey = tuple[str, str | None, str | None, tuple[str, ...]]


class LambreProtocol(RawResultProtocol):
    """pygls's protocol (with raw pull results), told when a ``didChange`` cannot be read: pygls
    drops such a message (a negative position fails validation), and the document's text would
    silently diverge. Before ``initialize`` a request gets the protocol's ``ServerNotInitialized``
    error and a notification is dropped (``exit`` excepted), as the LSP specification says. A
    cancellation of a request already answered is not worth a warning."""

    #: whether this connection's client has sent ``initialize`` (reset per TCP connection)
    initialize_seen = False

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if method == types.INITIALIZE:
            self.initialize_seen = True
        elif not self.initialize_seen and method is not None and method != types.EXIT:
            msg_id = getattr(message, "id", None)
            if msg_id is not None:  # a request: answered with the error; a notification: dropped
                self._send_response(msg_id, None, types.ResponseError(
                    code=types.ErrorCodes.ServerNotInitialized,
                    message=f"lambre-server: {method!r} before 'initialize'"))
            return
        super().handle_message(message)

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        # a client cancels requests whose answer is already on its way (VS Code does on every
        # cursor move): normal, so no warning in the log a user opens
        if msg_id in self._request_futures:
            super()._handle_cancel_notification(msg_id)

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except Exception:
            if data.get("method") == types.TEXT_DOCUMENT_DID_CHANGE and \
                    isinstance(self._server, LambreServer):
                params = data.get("params")
                doc = params.get("textDocument") if isinstance(params, dict) else None
                if isinstance(doc, dict) and isinstance(doc.get("uri"), str):
                    version = doc.get("version")
                    self._server.diverged(doc["uri"], version if isinstance(version, int) else None,
                                          "an edit the server could not read")
            raise


class LambreServer(LanguageServer):
    """pygls server with lambre's state: settings, workspace config, engines, caches, documents."""

    def __init__(self, parser_process: ParserProcess | None = None) -> None:
        super().__init__("lambre-server", __version__, protocol_cls=LambreProtocol)
        #: where models load and sentences are parsed (None: in this process)
        self.parser_process = parser_process
        self.settings = Settings()
        self.caches = Caches(self.settings.cache_size)
        self.docs: dict[str, Document] = {}
        self.engines: dict[EngineKey, Engine] = {}
        self.engine_failures: dict[EngineKey, str] = {}
        self._loading: dict[EngineKey, asyncio.Future[Engine]] = {}
        #: the checking half of each engine, ready before its parser (``load_checker``)
        self._checkers: dict[EngineKey, asyncio.Future[Engine | None]] = {}
        #: parses on disk, shared with later runs (None: not opened yet, or off after an error)
        self._disk: ParseCache | None = None
        self._disk_off = False
        self._disk_models: dict[tuple[str, str | None], str] = {}
        self._disk_writer: ThreadPoolExecutor | None = None
        self._disk_pending: list[concurrent.futures.Future[None]] = []
        #: (language, sentence text) already written to disk by this server
        self._persisted: _BoundedDict[tuple[str, str], bool] = _BoundedDict(100_000)
        # one worker: Stanza/torch already use the cores; requests never wait on it
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lambre-parse")
        self.root: Path | None = None
        self.config = LambreConfig()
        self._config_stamp: ConfigStamp | None = None
        self._config_error_shown: str | None = None
        self._config_lock = asyncio.Lock()
        self._pending_visible: dict[str, list[types.Range]] = {}
        #: the client pulls diagnostics (textDocument/diagnostic) instead of being sent them
        self.pull = False
        self.refresh_support = False
        self.reports: dict[str, Report] = {}
        self._report_events: dict[str, asyncio.Event] = {}
        #: documents whose current report a pull has answered (a later one needs a refresh)
        self._delivered: set[str] = set()
        self._identifier: Identifier | None = None
        self._identifier_key: str | None = None
        #: per document: what was said about its identified languages (said once)
        self._announced: dict[str, set[Any]] = {}
        # keyed by id(check) (checks are not hashable); the check is kept to rule out id reuse
        # per-sentence derived data, looked up thousands of times per keystroke: plain dicts
        # (an LRU's bookkeeping costs more than the lookups), emptied when they grow too big
        self._template_cache: _BoundedDict[
            int, tuple[SentenceCheck, tuple[float, bool, str], list[Template]]] = \
            _BoundedDict(4 * self.settings.cache_size)
        self._tally_cache: _BoundedDict[int, tuple[SentenceCheck, list[tuple[str, int, int]]]] = \
            _BoundedDict(4 * self.settings.cache_size)
        self._render_cache: _BoundedDict[tuple[Any, ...], tuple[SentenceCheck, list[str]]] = \
            _BoundedDict(4 * self.settings.cache_size)

    # -- settings and configuration ---------------------------------------------------------

    @property
    def encoding(self) -> str:
        """The negotiated position encoding (UTF-16 unless the client offered UTF-8 first)."""
        try:
            return str(self.workspace.position_encoding or types.PositionEncodingKind.Utf16)
        except RuntimeError:
            return types.PositionEncodingKind.Utf16

    def apply_settings(self, raw: Any) -> None:
        """Take new settings; report bad values once; resize caches when asked."""
        new = parse_settings(raw, self.settings)
        for problem in new.problems:
            self.show(problem, types.MessageType.Warning)
        if new.cache_size != self.caches.size:
            self.caches.resize(new.cache_size)
        if new.parse_cache_dir != self.settings.parse_cache_dir:
            self._disk, self._disk_off = None, False  # opened again where the setting says
            self._persisted.clear()
        self.settings = new

    def config_path(self) -> Path | None:
        """``.lambre.yaml`` at the workspace root (None without a root)."""
        return self.root / CONFIG_NAME if self.root is not None else None

    async def refresh_config(self) -> bool:
        """Reload ``.lambre.yaml`` when it changed on disk; True if it did.

        The file is stat'ed and read on a thread (the event loop keeps answering whatever the
        workspace put there), and only when it is a regular file within the size limit."""
        path = self.config_path()
        if path is None:
            return False
        async with self._config_lock:
            stamp, config, error = await asyncio.to_thread(_read_config, path, self._config_stamp)
            if stamp == self._config_stamp and config is None and error is None:
                return False
            self._config_stamp = stamp
            self.config = config if config is not None else LambreConfig(path=path)
            if error is None:
                self._config_error_shown = None
            elif self._config_error_shown != error:
                # keep checking with an empty configuration, say once what is wrong
                self._config_error_shown = error
                self.show(f"lambre: {error}", types.MessageType.Error)
            return True

    def language_for(self, doc: Document) -> str | None:
        """languageId when it is a language code, else a glob map, else the default language."""
        lang = language_from_id(doc.language_id)
        if lang:
            return lang
        path = to_fs_path(doc.uri) or doc.uri
        if self.root is not None:
            rel = LambreConfig(path=self.root / CONFIG_NAME).relative(path)
        else:
            rel = Path(path).name
        for glob, glang in (*self.settings.languages, *self.config.languages):
            if glob_match(rel, glob):
                return glang
        return self.settings.language or self.config.language

    def show(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        """window/showMessage (and the log)."""
        log.info("%s", message)
        try:
            self.window_show_message(types.ShowMessageParams(type=kind, message=message))
        except Exception:  # no client attached (unit use): the log is enough
            pass

    # -- engines ----------------------------------------------------------------------------

    def _engine_key(self, lang: str) -> EngineKey:
        return (lang, self.settings.models_dir, self.settings.rules_file_for(lang),
                self.settings.lexicon_files_for(lang))

    async def engine(self, lang: str) -> Engine | None:
        """The loaded engine for ``lang`` (loading it once, with progress); None when it cannot
        be loaded — the user is told once per language."""
        key = self._engine_key(lang)
        if key in self.engines:
            return self.engines[key]
        if key in self.engine_failures:
            return None
        fut = self._loading.get(key)
        if fut is None:
            fut = asyncio.ensure_future(self._load(key))
            self._loading[key] = fut
        try:
            return await asyncio.shield(fut)
        except LambreError:
            return None

    async def _load(self, key: EngineKey) -> Engine:
        lang, models_dir, rules_file, lexicon_files = key
        token = await self._progress_begin(f"lambre: loading {lang} models", "parser and rules")
        loop = asyncio.get_running_loop()
        checker = self._checkers.setdefault(key, loop.create_future())
        process = self.parser_process
        try:
            if process is None:
                eng = await loop.run_in_executor(self.worker, load_engine, lang, models_dir,
                                                 rules_file, lexicon_files)
                if not checker.done():
                    checker.set_result(eng)
            else:
                # the child loads the model while the worker loads rules and lexicons; the
                # worker is then free to check what is on disk until the parser is ready
                model = loop.run_in_executor(None, process.load_model, lang, models_dir)
                try:
                    half = await loop.run_in_executor(self.worker, load_checker, lang,
                                                      models_dir, rules_file, lexicon_files)
                except BaseException:
                    await asyncio.gather(model, return_exceptions=True)
                    raise
                if not checker.done():
                    checker.set_result(half)
                eng = with_parser(half, process.parser(await model, half.shipped_lexicon))
        except Exception as exc:
            msg = str(exc) if isinstance(exc, LambreError) else f"{type(exc).__name__}: {exc}"
            self.engine_failures[key] = msg
            self._progress_end(token, "failed")
            self.show(f"lambre: cannot check '{lang}' text: {msg}", types.MessageType.Warning)
            raise LambreError(msg) from None
        finally:
            self._loading.pop(key, None)
            if not checker.done():
                checker.set_result(None)
        self.engines[key] = eng
        keep_for_life()  # rules and lexicons: no collection walks them again (see gcpause)
        self._progress_end(token, f"{lang}: {len(eng.ruleset.rules)} rules")
        return eng

    async def checker(self, lang: str) -> Engine | None:
        """``lang``'s rules and lexicons without its parser (starting the engine's load): ready
        a second or two before the parser. None when the engine cannot be loaded."""
        key = self._engine_key(lang)
        if key in self.engines:
            return self.engines[key]
        if key in self.engine_failures:
            return None
        if key not in self._loading:
            self._loading[key] = asyncio.ensure_future(self._load(key))
        fut = self._checkers.setdefault(key, asyncio.get_running_loop().create_future())
        return await asyncio.shield(fut)

    # -- parses on disk ---------------------------------------------------------------------

    def _disk_cache(self) -> ParseCache | None:
        where = self.settings.parse_cache_dir
        if where == "" or not self.settings.cache:
            return None
        if self._disk is None and not self._disk_off:
            try:
                self._disk = ParseCache(where)
            except Exception as exc:  # an unwritable cache directory: memory caches only
                self._disk_failed(exc)
        return self._disk

    def _disk_failed(self, exc: BaseException) -> None:
        if not self._disk_off:
            log.warning("parse cache on disk turned off: %s", exc)
        self._disk_off = True
        self._disk = None

    def _disk_model(self, lang: str) -> str | None:
        """The parse cache's key of ``lang``'s model (hashes its files once; on a thread)."""
        mk = (lang, self.settings.models_dir)
        if mk not in self._disk_models:
            try:
                self._disk_models[mk] = model_key(lang, self.settings.models_dir)
            except Exception as exc:  # no model: the engine's load says so
                log.debug("no parse cache key for %s: %s", lang, exc)
                return None
        return self._disk_models[mk]

    def _disk_read(self, lang: str, texts: list[str]) -> dict[str, Sentence]:
        cache = self._disk_cache()
        model = self._disk_model(lang)
        if cache is None or model is None:
            return {}
        try:
            return stored_sentences(cache, lang, model, texts)
        except Exception as exc:
            self._disk_failed(exc)
            return {}

    def _disk_write(self, parsed: list[tuple[str, str, Sentence]]) -> None:
        cache = self._disk_cache()
        if cache is None:
            return
        items: dict[str, str] = {}
        for lang, text, sent in parsed:
            model = self._disk_model(lang)
            if model is not None:
                items[text_key(lang, model, text)] = encode([sent])
        try:
            cache.put_many(items)
        except Exception as exc:
            self._disk_failed(exc)

    def persist(self, doc: Document) -> None:
        """Write the parses of a document's published sentences to disk, on a thread (its first
        check, a save and a close: not every keystroke's sentence, which would grow the store
        without end). What a restart finds there it need not parse."""
        if self._disk_off or not self.settings.cache or self.settings.parse_cache_dir == "":
            return
        todo: list[tuple[str, str, Sentence]] = []
        for r in doc.results:
            key = (r.lang, r.text)
            if r.check.error is None and r.sentence.words and key not in self._persisted:
                self._persisted.put(key, True)
                todo.append((r.lang, r.text, r.sentence))
        if todo:
            self._disk_pending.append(self._disk_pool().submit(self._disk_write, todo))
            self._disk_pending = [f for f in self._disk_pending if not f.done()]

    def _disk_pool(self) -> ThreadPoolExecutor:
        if self._disk_writer is None:
            self._disk_writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lambre-disk")
        return self._disk_writer

    def flush_disk(self, timeout: float = 10.0) -> None:
        """Wait (a while) for the parses on their way to disk (before the server stops)."""
        pending, self._disk_pending = self._disk_pending, []
        concurrent.futures.wait(pending, timeout=timeout)

    async def _from_disk(self, doc: Document, version: int, items: list[SentenceSlice],
                         disabled: frozenset[str]) -> None:
        """A document's first check starts with the sentences whose parses are on disk (parsed
        by this server before, in this run or an earlier one): they are checked at once, the
        visible ones first, and published, so a document reopened after a restart shows its
        squiggles without waiting for the parser to load or to parse it again. The results go
        into the caches, where the full check finds them."""
        if not self.settings.cache or doc.checked_once or self._disk_off \
                or self.settings.parse_cache_dir == "":
            return
        slots: list[tuple[Sentence, SentenceCheck] | None] = [None] * len(items)
        loop = asyncio.get_running_loop()
        for lang in sorted({it.lang for it in items}):
            checker = await self.checker(lang)  # (the whole engine once it has loaded)
            if checker is None or self._current(doc.uri, version) is None:
                continue
            idxs = []
            for i, it in enumerate(items):
                if it.lang != lang:
                    continue
                ck = self.caches.checks.get(self._check_key(checker, it.text, disabled))
                if ck is None:
                    idxs.append(i)
                else:  # in memory already: in the partial publishes too
                    parsed = self.caches.parses.get((lang, checker.model_key, it.text))
                    slots[i] = (parsed if parsed is not None else ck.sentence, ck)
            if not idxs:
                continue
            stored = await asyncio.to_thread(
                self._disk_read, lang, list(dict.fromkeys(items[i].text for i in idxs)))
            idxs = [i for i in self._order(doc, idxs, items) if items[i].text in stored]
            first = [i for i in idxs if self._visible(doc, items[i])] or idxs[:FIRST_BATCH]
            for part in (first, [i for i in idxs if i not in set(first)]):
                if not part or self._current(doc.uri, version) is None:
                    continue
                texts = list(dict.fromkeys(items[i].text for i in part))
                results = await loop.run_in_executor(
                    self.worker, parse_and_check, checker, [(t, stored[t]) for t in texts],
                    disabled, self.settings.mode)
                by_text = dict(zip(texts, results, strict=True))
                for text, (sent, check) in by_text.items():
                    self.caches.parses[(lang, checker.model_key, text)] = sent
                    self.caches.checks[self._check_key(checker, text, disabled)] = check
                for i in part:
                    slots[i] = by_text[items[i].text]
                if self._current(doc.uri, version) is not None:
                    self.publish(doc, version, items, slots, final=False)

    # -- progress ---------------------------------------------------------------------------

    def _can_progress(self) -> bool:
        try:
            caps = self.client_capabilities
        except Exception:
            return False
        return bool(caps and caps.window and caps.window.work_done_progress)

    async def _progress_begin(self, title: str, message: str) -> str | None:
        if not self._can_progress():
            return None
        token = f"lambre-{uuid.uuid4().hex[:12]}"
        try:
            await asyncio.wait_for(self.work_done_progress.create_async(token), 5)
            self.work_done_progress.begin(
                token, types.WorkDoneProgressBegin(title=title, message=message, percentage=0))
        except Exception:  # a client that refuses the token gets no progress
            return None
        return token

    def _progress_report(self, token: str | None, message: str, pct: int) -> None:
        if token is not None:
            self.work_done_progress.report(
                token, types.WorkDoneProgressReport(message=message, percentage=pct))

    def _progress_end(self, token: str | None, message: str) -> None:
        if token is not None:
            self.work_done_progress.end(token, types.WorkDoneProgressEnd(message=message))

    # -- documents --------------------------------------------------------------------------

    def schedule(self, doc: Document, delay_ms: int) -> None:
        """Check ``doc`` at its current version after ``delay_ms``; supersede older work."""
        if doc.task is not None and not doc.task.done():
            doc.task.cancel()
        doc.task = asyncio.ensure_future(self._run(doc.uri, doc.version, delay_ms))

    async def _run(self, uri: str, version: int, delay_ms: int) -> None:
        try:
            if delay_ms > 0:
                await asyncio.sleep(delay_ms / 1000)
            await self.check_document(uri, version)
        except asyncio.CancelledError:
            raise
        except Exception:  # never let one document take the server down
            log.exception("checking %s (version %s) failed", uri, version)

    def _current(self, uri: str, version: int) -> Document | None:
        doc = self.docs.get(uri)
        return doc if doc is not None and doc.version == version else None

    def identifier(self) -> Identifier:
        """The language identifier over the languages that have a model (built once per models
        directory)."""
        key = self.settings.models_dir
        if self._identifier is None or self._identifier_key != key:
            self._identifier = Identifier(model_languages(key))
            self._identifier_key = key
        return self._identifier

    async def _segment_languages(self, doc: Document, segs: list[Segment],
                                 default_lang: str | None) -> list[str | None]:
        """Each segment's language: a switch line's, else ``default_lang``, else identified per
        paragraph (off the event loop: a long document's first identification takes a moment);
        says once per document which language it chose, or that a language has no model."""
        if default_lang is not None:
            return [seg.language or default_lang for seg in segs]
        langs: list[str | None] = [seg.language for seg in segs]
        todo = [i for i, seg in enumerate(segs) if seg.language is None]
        if not todo:
            return langs
        ident = self.identifier()
        loop = asyncio.get_running_loop()
        _doc_lang, guessed = await loop.run_in_executor(
            None, ident.paragraph_languages, [segs[i].text for i in todo])
        for i, lang in zip(todo, guessed, strict=True):
            # only languages with a model are checked
            langs[i] = lang if lang in ident.supported else None
        chosen = {lang for lang in guessed if lang is not None}
        said = self._announced.setdefault(doc.uri, set())
        name = Path(to_fs_path(doc.uri) or doc.uri).name
        supported = sorted(chosen & set(ident.supported))
        if supported and tuple(supported) not in said:
            said.add(tuple(supported))
            names = ", ".join(language_name(c) for c in supported)
            self.show(f"lambre: {name}: checking as {names} (identified from the text; set "
                      "lambre.language, or write a line 'lambre: language=xx', to choose)")
        for lang in sorted(chosen - set(ident.supported)):
            if lang not in said:
                said.add(lang)
                have = ", ".join(language_name(c) for c in ident.supported) or "none"
                self.show(f"lambre: {name}: text in {language_name(lang)} is not checked: there is "
                          f"no parser model for it (models: {have}); set lambre.language to choose",
                          types.MessageType.Warning)
        return langs

    async def _sentences(self, doc: Document, default_lang: str | None) -> list[SentenceSlice]:
        items: list[SentenceSlice] = []
        segs = segments(doc.text, doc.kind)
        seg_langs = await self._segment_languages(doc, segs, default_lang)
        for seg, lang in zip(segs, seg_langs, strict=True):
            if lang is None:
                continue
            for a, b in split_spans(seg.text):
                text = seg.text[a:b]
                if not is_checkable(text) or self.config.is_ignored(text):
                    continue
                items.append(SentenceSlice(lang, text, seg, a, b))
        return items

    @staticmethod
    def _visible(doc: Document, item: SentenceSlice) -> bool:
        a, b = item.doc_span()
        return any(a < ve and va < b for va, ve in doc.visible)

    def _order(self, doc: Document, idxs: list[int], items: list[SentenceSlice]) -> list[int]:
        """Visible sentences first, then document order."""
        if not doc.visible:
            return idxs
        return sorted(idxs, key=lambda i: (not self._visible(doc, items[i]), i))

    async def check_document(self, uri: str, version: int) -> None:
        """Check one version of a document and publish, unless a newer version arrives."""
        doc = self._current(uri, version)
        if doc is None:
            return
        await self.refresh_config()  # a new config applies from this check on
        if self._current(uri, version) is None:
            return
        items = await self._sentences(doc, self.language_for(doc))
        if self._current(uri, version) is None:
            return  # edited while the language was identified
        disabled = frozenset(self.settings.disabled_rules | set(self.config.disabled_rules))
        await self._from_disk(doc, version, items, disabled)
        engines: dict[str, Engine] = {}
        for lang in sorted({it.lang for it in items}):
            eng = await self.engine(lang)
            if eng is not None:
                engines[lang] = eng
        if self._current(uri, version) is None:
            return
        use_cache = self.settings.cache
        slots: list[tuple[Sentence, SentenceCheck] | None] = [None] * len(items)
        missing: dict[str, list[int]] = {}
        for i, it in enumerate(items):
            eng = engines.get(it.lang)
            if eng is None:
                continue
            if use_cache:
                ck = self.caches.checks.get(self._check_key(eng, it.text, disabled))
                if ck is not None:
                    parsed = self.caches.parses.get((eng.lang, eng.model_key, it.text))
                    slots[i] = (parsed if parsed is not None else ck.sentence, ck)
                    continue
            missing.setdefault(it.lang, []).append(i)
        total = sum(len(v) for v in missing.values())
        # sentences whose results came from the cache are in every publish too: the throttle
        # counts them, or a document half in the cache would publish its cached half each time
        cached = sum(1 for x in slots if x is not None)
        t0 = time.perf_counter()
        batch = self.settings.batch_size
        progressive = not doc.checked_once and total > batch
        token = None
        if progressive:
            token = await self._progress_begin("lambre: checking", f"{total} sentences")
        done = 0
        throttle = PublishThrottle()
        loop = asyncio.get_running_loop()
        try:
            for lang, idxs in missing.items():
                eng = engines[lang]
                # without the cache, a full reparse goes in one call (what a naive server does)
                step = batch if (use_cache or progressive) else len(idxs)
                remaining = list(idxs)
                while remaining:
                    if self._current(uri, version) is None:
                        return  # superseded: the newer version's check takes over
                    # re-ordered before every batch: the client may scroll meanwhile
                    remaining = self._order(doc, remaining, items)
                    # a first check's first batch is small: the first squiggles come sooner
                    n = min(step, FIRST_BATCH) if progressive and done == 0 else step
                    chunk, remaining = remaining[:n], remaining[n:]
                    payload = [
                        (items[i].text,
                         self.caches.parses.get((eng.lang, eng.model_key, items[i].text))
                         if use_cache else None)
                        for i in chunk
                    ]
                    fut = loop.run_in_executor(self.worker, parse_and_check, eng, payload, disabled,
                                               self.settings.mode)
                    if use_cache:
                        keys = [items[i].text for i in chunk]
                        fut.add_done_callback(functools.partial(self._store, eng, keys, disabled))
                    # shielded: a cancelled check still lets the batch land in the cache
                    results = await asyncio.shield(fut)
                    for i, res in zip(chunk, results, strict=True):
                        slots[i] = res
                    done += len(chunk)
                    if progressive and self._current(uri, version) is not None:
                        self._progress_report(token, f"{done}/{total} sentences",
                                              int(100 * done / max(total, 1)))
                        visible_done = bool(doc.visible) and not any(
                            self._visible(doc, items[i]) for i in remaining)
                        if throttle.should_publish(cached + done, visible_done):
                            self.publish(doc, version, items, slots, final=False)
        finally:
            self._progress_end(token, "done")
        if self._current(uri, version) is None:
            return
        if items and not engines:
            # no model for any of the document's languages: nothing to publish but emptiness
            self.publish(doc, version, [], [], final=True)
            return
        t1 = time.perf_counter()
        first = not doc.checked_once
        self.publish(doc, version, items, slots, final=True)
        if first:
            self.persist(doc)  # the document as opened: what a restart will find
        keep_for_life()  # the parses and checks just cached (see gcpause)
        trim()  # what the check freed goes back to the system (about 10 MB on a long document)
        t2 = time.perf_counter()
        log.info("%s v%s: %d sentences, %d parsed/checked in %.0f ms, published in %.0f ms",
                 uri, version, len(items), total, 1000 * (t1 - t0), 1000 * (t2 - t1))

    def _check_key(self, eng: Engine, text: str,
                   disabled: frozenset[str]) -> tuple[str, str, str, str, frozenset[str]]:
        return (eng.lang, eng.model_key, text, f"{eng.rules_version}|{self.settings.mode}", disabled)

    def _store(self, eng: Engine, texts: list[str], disabled: frozenset[str],
               fut: asyncio.Future[list[tuple[Sentence, SentenceCheck]]]) -> None:
        if fut.cancelled() or fut.exception() is not None:
            return
        for text, (sent, check) in zip(texts, fut.result(), strict=True):
            self.caches.parses[(eng.lang, eng.model_key, text)] = sent
            self.caches.checks[self._check_key(eng, text, disabled)] = check

    def _templates(self, check: SentenceCheck, text_len: int) -> list[Template]:
        """A check's diagnostic templates, computed once per (check, hint threshold)."""
        key = id(check)
        hit = self._template_cache.get(key)
        view = (self.settings.hint_below, self.settings.show_uncertain,
                self.settings.message_language)
        if hit is not None and hit[0] is check and hit[1] == view:
            return hit[2]
        shown = check.violations + (check.uncertain if self.settings.show_uncertain else [])
        out = templates(check.sentence, shown, text_len, self.settings.hint_below,
                        self.settings.message_language)
        self._template_cache.put(key, (check, view, out))
        return out

    def _tallies(self, check: SentenceCheck) -> list[tuple[str, int, int]]:
        """Per-rule (id, satisfied, violated) of a check (cached like the templates)."""
        hit = self._tally_cache.get(id(check))
        if hit is not None and hit[0] is check:
            return hit[1]
        tallies = [(rid, t.satisfied, t.violated) for rid, t in rule_tallies(check).items()]
        self._tally_cache.put(id(check), (check, tallies))
        return tallies

    def _send_raw(self, method: str, params: dict[str, Any]) -> None:
        # a plain JSON object goes straight to json.dumps (lsprotocol objects would be built and
        # unstructured again by cattrs: most of a keystroke's time in a long document)
        self._send_body(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}))

    def _send_body(self, body: str) -> None:
        """Write one JSON-RPC message (``body`` is ASCII: ``json.dumps`` escapes the rest)."""
        writer = self.protocol.writer
        if writer is None:
            return
        data = f"Content-Length: {len(body)}\r\n\r\n{body}".encode("ascii")
        try:
            res = writer.write(data)
            if inspect.isawaitable(res):
                asyncio.ensure_future(res)
        except (BrokenPipeError, ConnectionError):
            log.warning("client gone; diagnostics not sent")

    def _rendered(self, doc: Document, it: SentenceSlice, check: SentenceCheck, shown: list[Template],
                  index: LineIndex, severities: list[str], epoch: tuple[Any, ...]) -> list[str]:
        """The JSON of a sentence's diagnostics, reused while the sentence starts at the same
        line and column with the same source text (an edit elsewhere leaves it alone)."""
        a, b = it.doc_span()
        start = index.position_json(a)
        key = (id(check), start["line"], start["character"], index.text[a:b], epoch)
        hit = self._render_cache.get(key)
        if hit is not None and hit[0] is check:
            return hit[1]
        out = [json.dumps(render(t, it.parent, it.start, index, doc.uri, sev))
               for t, sev in zip(shown, severities, strict=True)]
        self._render_cache.put(key, (check, out))
        return out

    def _document_readings(self, items: list[SentenceSlice],
                           slots: list[tuple[Sentence, SentenceCheck] | None],
                           memo: dict[str, Any]) -> list[tuple[Sentence, SentenceCheck] | None]:
        """The sentences' checks after the readings that need the whole document
        (``usage.document_checks``, as ``lambre-core check`` applies them to a file); cached
        checks stay each sentence's own, and an unchanged check keeps its identity (its
        rendered diagnostics are reused)."""
        where = [i for i, slot in enumerate(slots) if slot is not None]
        if self.settings.mode != "precise" or not where:
            return slots

        def precision(lang: str) -> Precision | None:
            eng = self.engines.get(self._engine_key(lang))
            return Precision(lang, eng.lexicon) if eng is not None else None

        final = document_checks([items[i].lang for i in where],
                                [slot[1] for i in where if (slot := slots[i]) is not None],
                                precision, memo)
        out = list(slots)
        for i, check in zip(where, final, strict=True):
            slot = slots[i]
            if slot is not None and check is not slot[1]:
                out[i] = (slot[0], check)
        return out

    def publish(self, doc: Document, version: int, items: list[SentenceSlice],
                slots: list[tuple[Sentence, SentenceCheck] | None], *, final: bool) -> None:
        """Publish diagnostics for ``version`` (the current one) and, when final, the score."""
        # the document score is each sentence's own, as `lambre-core score` gives it; the
        # diagnostics also read the whole document, as `lambre-core check` does
        own = [slot[1] if slot is not None else None for slot in slots]
        slots = self._document_readings(items, slots, doc.usage_memo)
        index = doc.index(self.encoding)
        min_sev = self.config.min_severity or self.settings.min_severity
        min_rank = severity_rank(min_sev)
        epoch = (id(self.config), min_sev, self.settings.hint_below, self.encoding, doc.uri)
        parts: list[str] = []
        results: list[SentenceResult] = []
        checks: list[SentenceCheck] = []
        weights: dict[str, float] = {}
        # what was published, for the status bar (its count must equal the diagnostics shown)
        by_severity: dict[str, int] = {}
        by_rule: dict[str, int] = {}
        explanations: dict[str, str] = {}
        for it, slot, alone in zip(items, slots, own, strict=True):
            if slot is None or alone is None:
                continue
            sent, check = slot
            checks.append(alone)
            shown: list[Template] = []
            sevs: list[str] = []
            for t in self._templates(check, len(it.text)):
                sev = self.config.severity_for(t.violation.rule.id) or t.severity
                if sev == "off" or severity_rank(sev) > min_rank:
                    continue
                shown.append(t)
                sevs.append(sev)
                by_severity[sev] = by_severity.get(sev, 0) + 1
                by_rule[t.violation.rule.id] = by_rule.get(t.violation.rule.id, 0) + 1
                explanations.setdefault(t.violation.rule.id, t.violation.rule.explanation or "")
            if shown:
                parts.extend(self._rendered(doc, it, check, shown, index, sevs, epoch))
            result = SentenceResult(it.lang, it.text, it.parent, it.start, it.end, sent, check, shown)
            result._segment = it._segment  # keep the offset map already built
            results.append(result)
        doc.results = results
        doc.published_version = version
        if self.pull:
            self._store_report(doc.uri, Report(version, f'[{", ".join(parts)}]', final))
        else:
            self._send_body(
                '{"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": '
                f'{{"uri": {json.dumps(doc.uri)}, "version": {int(version)}, '
                f'"diagnostics": [{", ".join(parts)}]}}}}')
        if not final:
            return
        doc.checked_once = True
        for eng in self.engines.values():
            weights.update(eng.weights)
        doc.score = self._score(doc.uri, version, checks, weights)
        doc.score.published = by_severity
        doc.score.top_rules = [
            {"id": rid, "count": n, "explanation": explanations[rid]}
            for rid, n in sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_RULES]]
        self._send_raw(SCORE_NOTIFICATION, doc.score.to_json())

    # -- pull diagnostics ---------------------------------------------------------------------

    def _store_report(self, uri: str, report: Report) -> None:
        """Keep a document's newest report for the client's next pull; wake pulls waiting for
        it, and ask the client to pull again when it already took an older report."""
        old = self.reports.get(uri)
        self.reports[uri] = report
        self._report_events.setdefault(uri, asyncio.Event()).set()
        # a new version is pulled by the client itself; a better report of the same version
        # (the rest of a long first check) needs a refresh
        if uri in self._delivered and old is not None and old.version == report.version \
                and old.body != report.body:
            self._delivered.discard(uri)
            if self.refresh_support:
                try:
                    self.workspace_diagnostic_refresh(None)
                except Exception:  # no client attached
                    log.debug("diagnostic refresh not sent", exc_info=True)

    async def pull_report(self, uri: str, previous_result_id: str | None,
                          timeout: float = 300.0) -> RawResult:
        """``textDocument/diagnostic``: the report of the document's current version (waiting
        for its first publish); "unchanged" when the client already has that content."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            doc = self.docs.get(uri)
            report = self.reports.get(uri)
            if doc is None:
                return Report(0, "[]", True).response(previous_result_id)
            if report is not None and report.version == doc.version:
                break
            left = deadline - loop.time()
            if left <= 0:
                if report is None:
                    return Report(doc.version, "[]", False).response(previous_result_id)
                break  # an older version's report beats none
            event = self._report_events.setdefault(uri, asyncio.Event())
            event.clear()
            try:
                await asyncio.wait_for(event.wait(), left)
            except TimeoutError:
                pass
        self._delivered.add(uri)
        return report.response(previous_result_id)

    def _score(self, uri: str, version: int, checks: list[SentenceCheck],
               weights: dict[str, float]) -> DocumentScore:
        """The document score as ``lambre_core.score.score_corpus`` computes it (weighted
        average over rules of their satisfied share, as the mode averages), from cached
        per-sentence tallies."""
        sat: dict[str, int] = {}
        vio: dict[str, int] = {}
        for check in checks:
            for rid, ns, nv in self._tallies(check):
                sat[rid] = sat.get(rid, 0) + ns
                vio[rid] = vio.get(rid, 0) + nv
        totals = {rid: RuleTally(sat[rid], vio[rid]) for rid in sat}
        # (the average of ``lambre-core score`` in the same mode: the same text, the same score)
        average = DEFAULT_AVERAGES.get(self.settings.mode, "macro")
        score = score_of(totals, weights, average) if checks else None
        return DocumentScore(
            uri=uri, version=version, score=score, sentences=len(checks),
            violations=sum(t.violated for t in totals.values()),
            rules=[{"id": rid, "satisfied": t.satisfied, "violated": t.violated}
                   for rid, t in sorted(totals.items())],
        )

    # -- edits from the client -----------------------------------------------------------------

    def open(self, item: types.TextDocumentItem) -> None:
        """didOpen: take the text, check at once."""
        doc = Document(item.uri, item.language_id, item.version, item.text)
        # a reopened document starts its versions again: an old report must not pass for new
        self.reports.pop(item.uri, None)
        self._delivered.discard(item.uri)
        pending = self._pending_visible.pop(item.uri, None)
        old = self.docs.get(item.uri)
        if old is not None and old.task is not None:
            old.task.cancel()
        self.docs[item.uri] = doc
        if pending is not None:
            self.set_visible(item.uri, pending)
        self.schedule(doc, 0)

    def change(self, params: types.DidChangeTextDocumentParams) -> None:
        """didChange: apply the (incremental) changes, check after the debounce. A diverged
        document takes only a whole-text change (the resync it asked for); edits before that
        would apply to the wrong text and are dropped."""
        doc = self.docs.get(params.text_document.uri)
        if doc is None:
            return
        text = doc.text
        for change in params.content_changes:
            if doc.diverged and isinstance(change, types.TextDocumentContentChangePartial):
                continue
            if not isinstance(change, types.TextDocumentContentChangePartial):
                doc.diverged = False
            text = apply_change(text, change, self.encoding)
        doc.text = text
        doc.version = params.text_document.version
        if doc.diverged:
            return
        self.schedule(doc, self.settings.debounce_ms)

    def diverged(self, uri: str, version: int | None, why: str) -> None:
        """The server's text of ``uri`` is no longer the client's: stop checking it, clear its
        diagnostics (their ranges would be wrong), tell the user, and ask the client for the
        whole text (``lambre/documentDiverged``, answered by a full didChange)."""
        doc = self.docs.get(uri)
        if doc is None:
            return
        log.warning("%s: %s; the document's text is re-requested", uri, why)
        if doc.task is not None and not doc.task.done():
            doc.task.cancel()
        if version is not None:
            doc.version = version
        first = not doc.diverged
        doc.diverged = True
        doc.results = []
        doc.published_version = None
        self._send_raw(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, {"uri": uri, "diagnostics": []})
        self._send_raw(DIVERGED_NOTIFICATION, {"uri": uri, "version": doc.version, "reason": why})
        if first:
            self.show(f"lambre: {why} in {uri}; the text is re-requested from the editor",
                      types.MessageType.Warning)

    def document_state(self, uri: str) -> dict[str, Any] | None:
        """What the server holds for ``uri``: version, UTF-16 length, SHA-256 of the UTF-8 text
        and whether it is diverged (lets a client or a test compare texts cheaply)."""
        doc = self.docs.get(uri)
        if doc is None:
            return None
        data = doc.text.encode("utf-8", "surrogatepass")
        return {"uri": uri, "version": doc.version, "diverged": doc.diverged,
                "length": len(doc.text.encode("utf-16-le", "surrogatepass")) // 2,
                "sha256": hashlib.sha256(data).hexdigest()}

    def close(self, uri: str) -> None:
        """didClose: stop work, forget the document, clear its diagnostics."""
        doc = self.docs.pop(uri, None)
        if doc is not None:
            self.persist(doc)
        self._announced.pop(uri, None)
        self.reports.pop(uri, None)
        self._delivered.discard(uri)
        event = self._report_events.pop(uri, None)
        if event is not None:
            event.set()  # a pull waiting for it answers now
        if doc is not None and doc.task is not None:
            doc.task.cancel()
        if not self.pull:
            self._send_raw(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, {"uri": uri, "diagnostics": []})

    def recheck_all(self) -> None:
        """Check every open document again (settings or configuration changed)."""
        for doc in self.docs.values():
            if not doc.diverged:
                self.schedule(doc, 0)

    def set_visible(self, uri: str, ranges: list[types.Range]) -> None:
        """Remember which part of a document the client shows (checked first)."""
        doc = self.docs.get(uri)
        if doc is None:
            # sent before didOpen: keep it for the open (a few documents at most)
            if len(self._pending_visible) < 64:
                self._pending_visible[uri] = ranges
            return
        index = doc.index(self.encoding)
        doc.visible = [(index.offset(r.start), index.offset(r.end)) for r in ranges]

    # -- workspace configuration edits -------------------------------------------------------

    def config_dir_for(self, uri: str | None) -> Path | None:
        """Where ``.lambre.yaml`` may be written: the workspace root, else the directory of the
        open document ``uri`` names. Any other URI (a file never opened, one with ``..`` that
        points elsewhere) gets None: a command's arguments do not choose where files go."""
        if self.root is not None:
            return self.root
        doc = self.docs.get(uri) if uri else None
        if doc is None:
            return None
        path = to_fs_path(doc.uri)
        if not path:
            return None
        directory = Path(os.path.normpath(path)).parent
        return directory if directory.is_dir() else None

    async def edit_config(self, edits: list[tuple[str, str]], uri: str | None) -> str | None:
        """Write suppressions to ``.lambre.yaml`` (on a thread) and recheck; the file written,
        or None."""
        directory = self.config_dir_for(uri)
        if directory is None:
            self.show(f"lambre: not writing {CONFIG_NAME}: no workspace folder, and {uri!r} is "
                      "not an open document", types.MessageType.Warning)
            return None
        try:
            cfg = await asyncio.to_thread(update_config, directory, edits)
        except (LambreError, OSError) as err:
            self.show(f"lambre: cannot update {CONFIG_NAME}: {err}", types.MessageType.Error)
            return None
        if self.root is None or directory == self.root:
            self.config = cfg
            self._config_stamp = None
            await self.refresh_config()
        self.recheck_all()
        return str(directory / CONFIG_NAME)

    def start_io(self, stdin: Any = None, stdout: Any = None) -> None:
        """Serve over stdin/stdout (pygls's loop, with framing errors answered: ``framing``)."""
        import sys

        from pygls.io_ import StdinAsyncReader, StdoutWriter

        self._stop_event = threading.Event()
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        reader = StdinAsyncReader(stdin or sys.stdin.buffer, self.thread_pool)
        try:
            asyncio.run(run_framed(self._stop_event, reader, self.protocol, log,
                                   self.report_server_error))
        except BrokenPipeError:
            log.error("the client's pipe is closed; shutting down")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    def reset_session(self) -> None:
        """Forget the client's documents and stop their checks (models and caches stay warm)."""
        if isinstance(self.protocol, LambreProtocol):
            self.protocol.initialize_seen = False
        for doc in self.docs.values():
            if doc.task is not None:
                doc.task.cancel()
        self.docs.clear()
        self.reports.clear()
        self._delivered.clear()
        self._announced.clear()

    def shutdown_worker(self) -> None:
        """Stop the parse thread without waiting for a batch in flight, and the parser process
        (parses on their way to disk are waited for a little)."""
        self.flush_disk()
        self.worker.shutdown(wait=False, cancel_futures=True)
        if self.parser_process is not None:
            self.parser_process.close()


def serve_tcp(ls: LambreServer, host: str, port: int) -> None:
    """Listen on TCP and serve one client at a time; a client that disconnects leaves the server
    (and its loaded models and caches) up for the next one. A client's ``exit`` ends it."""
    busy = asyncio.Lock()
    done = asyncio.Event()

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        async with busy:
            log.info("client connected")
            ls.reset_session()
            ls.protocol._shutdown = False
            ls.protocol.set_writer(writer)
            stop = threading.Event()
            try:
                await run_framed(stop, reader, ls.protocol, log, ls.report_server_error)
            except (ConnectionError, asyncio.IncompleteReadError):
                pass
            except SystemExit:
                done.set()  # the client said exit
            finally:
                ls.reset_session()
                writer.close()
                log.info("client disconnected; still listening on %s:%s", host, port)

    async def main() -> None:
        server = await asyncio.start_server(connection, host, port)
        async with server:
            await done.wait()

    try:
        asyncio.run(main())
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass


def root_from(params: types.InitializeParams) -> Path | None:
    """The workspace root directory from initialize params."""
    uri = params.root_uri
    if params.workspace_folders:
        uri = params.workspace_folders[0].uri
    if uri:
        path = to_fs_path(uri)
        if path and os.path.isdir(path):
            return Path(path)
    if params.root_path and os.path.isdir(params.root_path):
        return Path(params.root_path)
    return None


ConfigStamp = tuple[float, int, int]


def _read_config(path: Path, old: ConfigStamp | None
                 ) -> tuple[ConfigStamp | None, LambreConfig | None, str | None]:
    """(stamp, config, error) for ``path``; config and error None when the stamp is unchanged
    or the file is gone. Runs on a thread: it touches the disk."""
    try:
        st = path.stat()
        stamp: ConfigStamp | None = (st.st_mtime, st.st_size, st.st_ino)
    except OSError:
        stamp = None
    if stamp == old or stamp is None:
        return stamp, None, None
    try:
        return stamp, load_config(path), None
    except LambreError as err:
        return stamp, None, str(err)
    except Exception as err:  # noqa: BLE001 - whatever a workspace file breaks, check on
        return stamp, None, f"{path}: cannot read it ({type(err).__name__}); using defaults"
