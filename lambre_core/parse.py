"""Text -> UD trees with exact character offsets, through a Stanza pipeline loaded offline.

Models resolve in this order (the first that has the language wins):

1. an explicit ``models_dir`` (``--models DIR``): either ``DIR/<lang>/`` or ``DIR`` itself;
2. ``$LAMBRE_MODELS_DIR`` (same layout);
3. the models shipped with the project (``shipped_models_dir()``: package data when installed,
   ``models/<lang>/`` in a checkout);
4. an official Stanza resources directory (``$STANZA_RESOURCES_DIR`` or ``~/stanza_resources``).

A project model directory holds ``tokenize.pt``, ``mwt.pt`` (where the language has multiword
tokens), ``pos.pt``, ``depparse.pt``, ``lexicon.tsv``, ``lemma.pt`` (optional) and a minimal
``resources.json``. The pipeline runs Stanza's identity lemmatizer, lemma = form, because the
project's parsers were trained that way (they embed lemmas); after parsing, a known form gets its
lemma from the lexicons and any other from the trained lemmatizer ``lemma.pt`` where the model
directory has one (``lemmatize.py``, ``lemma_model.py``); official Stanza models lemmatize
themselves.

Confidence: every word gets ``misc["Conf"]``, the tagger's probability of its final UFeats
bundle (the product over Stanza's per-feature classifiers of the probability of the chosen
value, absence included), and ``misc["FConf"]`` = ``Case:0.93,Number:0.99,...``, the
probability of each rule-relevant feature value it carries; 3 decimals. Cheap: one softmax over
scores the tagger computes anyway.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.machinery
import importlib.util
import json
import logging
import math
import os
import re
import sys
import threading
import types
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .alternatives import shift_alternatives
from .doc import MultiwordToken, Sentence, Word, shift_offsets
from .errors import LambreError
from .gcpause import collector_paused
from .harmonize import harmonize
from .languages import language
from .lemma_model import LEMMA_FILE, LemmaModel, load_lemma_model
from .lemmatize import LemmaOf, ModelLemmatizer, lemmatizer, with_model
from .lexicon import BUNDLE_FEATURES
from .tokens import Token, closed_class_multiwords, split_glued_punctuation
from .wordvec import PRETRAIN_FILE

MODEL_FILES = {"tokenize": "tokenize.pt", "mwt": "mwt.pt", "pos": "pos.pt",
               "depparse": "depparse.pt"}

#: language names for Stanza's resources.json (it only needs the key to exist)

#: longest piece of one sentence parsed at once (memory grows with its square: a 2,800-word
#: sentence took over 20 GB); longer input is cut at spaces and the trees joined
MAX_PIECE_CHARS = 600
MAX_PIECE_TOKENS = 150
#: block of running text handed to the sentence splitter at once
MAX_DOC_CHARS = 20000
#: input shorter than this is parsed on one thread (``Parser._threads_for``)
ONE_THREAD_CHARS = 1000

_CACHE: dict[tuple[str, str, str], Parser] = {}
_CACHE_LOCK = threading.Lock()
#: control characters other than tab/newline confuse the tokenizer; they become spaces
_JUNK = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


@dataclass(frozen=True)
class ModelSource:
    """Where a language's models were found: ``kind`` is "project" or "stanza"."""

    lang: str
    kind: str
    path: Path


def pretrain_path(models_dir: Path) -> str | None:
    """The word vectors a project model directory's tagger and parser read (``wordvec.py``),
    when the models were trained with them."""
    vectors = models_dir / PRETRAIN_FILE
    return str(vectors) if vectors.is_file() else None


def shipped_models_dir() -> Path:
    """Where the shipped models live: ``lambre_core/models/`` in an installed package (the
    top-level ``models/`` installed as package data), else ``models/`` beside the package in a
    checkout or an editable install."""
    here = Path(__file__).resolve().parent
    installed = here / "models"
    return installed if installed.is_dir() else here.parent / "models"


def _project_dir(base: Path, lang: str) -> Path | None:
    for cand in (base / lang, base):
        if (cand / MODEL_FILES["pos"]).is_file() and (cand / MODEL_FILES["depparse"]).is_file():
            return cand
    return None


def _stanza_dir() -> Path:
    env = os.environ.get("STANZA_RESOURCES_DIR")
    return Path(env) if env else Path.home() / "stanza_resources"


def resolve_models(lang: str, models_dir: str | os.PathLike[str] | None = None) -> ModelSource:
    """Find the models for ``lang``; raise ``LambreError`` saying how to get one when none exist."""
    if models_dir is not None:
        base = Path(models_dir).expanduser()
        found = _project_dir(base, lang)
        if found is None:
            raise LambreError(
                f"no parser model for language '{lang}' in {base} (expected {base}/{lang}/ "
                "with pos.pt and depparse.pt)")
        return ModelSource(lang, "project", found.resolve())
    env = os.environ.get("LAMBRE_MODELS_DIR")
    for base in ([Path(env).expanduser()] if env else []) + [shipped_models_dir()]:
        found = _project_dir(base, lang)
        if found is not None:
            return ModelSource(lang, "project", found.resolve())
    sdir = _stanza_dir()
    if (sdir / "resources.json").is_file() and (sdir / lang).is_dir():
        return ModelSource(lang, "stanza", sdir.resolve())
    raise LambreError(
        f"no parser model for language '{lang}': none shipped in {shipped_models_dir()}, none in "
        f"$LAMBRE_MODELS_DIR or the Stanza resources dir {sdir}. Train one with "
        f"`lambre-core train --lang {lang} --split default --out models/{lang}`, pass "
        f"`--models DIR`, or (with internet) run `python -c \"import stanza; "
        f"stanza.download('{lang}')\"`")


class _DeferredModule(types.ModuleType):
    """A module imported on its first attribute lookup (``importlib.util.LazyLoader`` loads on
    any lookup, ``__spec__`` included, which every later ``import`` statement makes)."""

    def __getattr__(self, attr: str) -> Any:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        real = importlib.import_module(self.__name__)
        return getattr(real, attr)


class _DeferredPackageInit(types.ModuleType):
    """A package whose submodules import at once but whose ``__init__`` runs on the first
    lookup of anything else: Stanza imports one light submodule of a package whose
    ``__init__`` pulls in a heavy one."""

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") or self.__dict__.get("_init_done") or \
                importlib.machinery.PathFinder.find_spec(f"{self.__name__}.{attr}",
                                                         self.__path__) is not None:
            raise AttributeError(attr)  # a submodule: the import system loads it alone
        spec = self.__spec__
        assert spec is not None and spec.loader is not None
        self.__dict__["_init_done"] = True
        spec.loader.exec_module(self)
        return self.__dict__[attr]


def _defer(name: str, package_init: bool = False) -> None:
    spec = importlib.util.find_spec(name) if name not in sys.modules else None
    if spec is None:
        return
    if package_init and spec.submodule_search_locations is not None:
        pkg = _DeferredPackageInit(name)
        pkg.__spec__ = spec
        pkg.__path__ = list(spec.submodule_search_locations)
        pkg.__file__ = spec.origin
        pkg.__loader__ = spec.loader
        pkg.__package__ = name
        sys.modules[name] = pkg
        return
    stub = _DeferredModule(name)
    stub.__spec__ = None
    stub.__file__ = spec.origin  # (``inspect`` reads every module's, torch calls it)
    sys.modules[name] = stub


def import_stanza() -> Any:
    """Import Stanza, deferring what it imports for work lambre never asks of it: networkx
    (enhanced-dependency graphs), requests (downloads) and the validator that ``udtools``'s
    ``__init__`` loads beside the scorer Stanza imports (the ``regex`` module). Together about
    0.3 s of every cold start, and the editor's first squiggle waits on it."""
    if "stanza" not in sys.modules:
        for name in ("networkx", "requests"):
            _defer(name)
        _defer("udtools", package_init=True)
    with collector_paused():
        import stanza

    return stanza


#: oneDNN primitives torch keeps, one per input shape met: its default of 1,024 grew a parser
#: that sees sentences of ever new lengths (an editor's) by about 0.3 MB a sentence, 125 MB over
#: 400 one-sentence parses, and its size of 32 measured no slower
#: (``python bench/parse_speed.py``)
ONEDNN_CACHE = "32"


def torch_environment() -> None:
    """Settings torch reads from the environment on first use (a user's own value stands)."""
    os.environ.setdefault("ONEDNN_PRIMITIVE_CACHE_CAPACITY", ONEDNN_CACHE)


def _threads() -> int:
    env = os.environ.get("LAMBRE_THREADS")
    if env and env.isdigit() and int(env) > 0:
        return int(env)
    return max(1, min(4, os.cpu_count() or 1))


DEVICES = ("auto", "cpu", "cuda")


def resolve_device(spec: str = "cpu") -> str:
    """``cpu`` or ``cuda`` for a ``--device`` value: ``auto`` takes the GPU when torch sees one;
    asking for ``cuda`` where there is none is an error."""
    if spec not in DEVICES:
        raise LambreError(f"--device {spec!r}: expected one of {', '.join(DEVICES)}")
    if spec == "cpu":
        return "cpu"
    import torch

    if torch.cuda.is_available():
        return "cuda"
    if spec == "cuda":
        raise LambreError("--device cuda: no CUDA GPU is visible to torch (use --device auto "
                          "to fall back to the CPU)")
    return "cpu"



class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextlib.contextmanager
def _stanza_log() -> Iterator[list[str]]:
    """Stanza's log lines while loading, kept instead of printed: a failed load logs the file
    it failed on, which our one-line error names instead."""
    logger = logging.getLogger("stanza")
    kept = _Kept()
    handlers, propagate = logger.handlers[:], logger.propagate
    logger.handlers, logger.propagate = [kept], False
    try:
        yield kept.messages
    finally:
        logger.handlers, logger.propagate = handlers, propagate


def load_failure(exc: BaseException) -> str:
    """Why a model file did not load, in one line (torch's refusals run to many)."""
    text = str(exc).strip()
    if "Weights only load failed" in text:
        return "not a weights file torch loads safely (it would have to unpickle code)"
    first = text.splitlines()[0] if text else ""
    return f"{type(exc).__name__}: {first[:200]}" if first else type(exc).__name__


@contextlib.contextmanager
def no_optimizers() -> Iterator[None]:
    """Stanza's trainers build an optimizer even to run a model, and building one makes PyTorch
    import its compiler (``torch._dynamo``: about 1.2 s of every start-up). The project's own
    models only run here, so the optimizers are not built while they load."""
    from stanza.models.common import utils

    saved = utils.get_optimizer, utils.get_split_optimizer
    utils.get_optimizer = lambda *_a, **_k: None
    utils.get_split_optimizer = lambda *_a, **_k: {}
    try:
        yield
    finally:
        utils.get_optimizer, utils.get_split_optimizer = saved


#: words per tagger and parser batch on CPU. The parser's scores grow with a batch's words times
#: its longest sentence times the labels: Stanza's default batches (3,000-5,000 words) took the
#: language server's parser process about 50 MB higher on a long document, and parsed no faster
#: on CPU (``python bench/lsp_latency.py``, RSS peak; a GPU keeps Stanza's defaults)
CPU_BATCH_WORDS = 300


class Parser:
    """A loaded Stanza pipeline for one language; thread-safe (calls are serialised)."""

    def __init__(self, source: ModelSource, device: str = "cpu") -> None:
        torch_environment()
        import torch

        stanza = import_stanza()

        self._threads = _threads()
        torch.set_num_threads(self._threads)
        self.source = source
        self.lang = source.lang
        self.device = resolve_device(device)
        self._lock = threading.Lock()
        self.mwt_forms: frozenset[str] = frozenset()
        quiet = {"logging_level": "ERROR", "use_gpu": self.device == "cuda",
                 "device": self.device, "download_method": None,
                 # punctuation a small tokenizer glues to a word (a trailing ";") is cut off
                 "tokenize_postprocessor": self._postprocess_tokens}
        if self.device == "cpu":
            quiet.update(pos_batch_size=CPU_BATCH_WORDS, depparse_batch_size=CPU_BATCH_WORDS)
        if source.kind == "project":
            d = source.path
            if not (d / "resources.json").is_file():
                raise LambreError(f"model directory lacks resources.json for '{self.lang}'",
                                  file=str(d))
            procs = ["tokenize"]
            cfg: dict[str, Any] = {"tokenize_model_path": str(d / MODEL_FILES["tokenize"])}
            if not (d / MODEL_FILES["tokenize"]).is_file():
                raise LambreError(f"model directory lacks {MODEL_FILES['tokenize']}",
                                  file=str(d))
            if (d / MODEL_FILES["mwt"]).is_file():
                procs.append("mwt")
                cfg["mwt_model_path"] = str(d / MODEL_FILES["mwt"])
            procs += ["pos", "lemma", "depparse"]
            # word vectors trained here, when the model was trained with them (``wordvec.py``)
            vectors = pretrain_path(d)
            cfg.update(pos_model_path=str(d / MODEL_FILES["pos"]), pos_pretrain_path=vectors,
                       lemma_use_identity=True,
                       depparse_model_path=str(d / MODEL_FILES["depparse"]),
                       depparse_pretrain_path=vectors)
            try:
                with no_optimizers(), _stanza_log() as logged:
                    self._pipe = stanza.Pipeline(lang=self.lang, dir=str(d),
                                                 processors=",".join(procs), **cfg, **quiet)
            except Exception as exc:  # Stanza raises many types for a bad model file
                failed = next((m.removeprefix("Cannot load model from ").strip()
                               for m in logged if m.startswith("Cannot load model from")), None)
                raise LambreError(f"cannot load the '{self.lang}' models: {load_failure(exc)}",
                                  file=failed or str(d)) from exc
        else:
            try:
                with _stanza_log():
                    self._pipe = stanza.Pipeline(lang=self.lang, dir=str(source.path),
                                                 processors="tokenize,mwt,pos,lemma,depparse",
                                                 **quiet)
            except Exception:
                try:
                    with _stanza_log():
                        self._pipe = stanza.Pipeline(lang=self.lang, dir=str(source.path),
                                                     processors="tokenize,pos,lemma,depparse",
                                                     **quiet)
                except Exception as exc:
                    raise LambreError(f"cannot load Stanza's '{self.lang}' models: "
                                      f"{load_failure(exc)}", file=str(source.path)) from exc
        self._lemma_model: LemmaModel | None = None
        if source.kind == "project":
            try:
                self._lemma_model = load_lemma_model(source.path, self.device)
            except Exception as exc:  # a truncated or foreign file: say which
                raise LambreError(f"cannot load the '{self.lang}' lemmatizer: {load_failure(exc)}",
                                  file=str(source.path / LEMMA_FILE)) from exc
        procs_loaded = self._pipe.processors
        self.has_mwt = "mwt" in procs_loaded
        if self.has_mwt:
            self.mwt_forms = _mwt_forms(procs_loaded["mwt"])
        # the model's lexicon: constrains the tagger, gives lemmas (below) and feeds --precise
        self._lemmatizer: LemmaOf | None = None
        self.lexicon = _model_lexicon(source)
        self._install_confidence()

    def _postprocess_tokens(self, sentences: Sequence[Sequence[Token]]) -> list[list[Token]]:
        """The tokenizer's tokens, punctuation glued to a word split off. Where the language's
        multiword tokens are a closed class (its pack's ``contractions``), exactly its members
        are expanded: a pronoun the tokenizer flagged would get a contraction's invented parts,
        and a contraction it missed would stay an article-less preposition."""
        out = split_glued_punctuation(sentences)
        closed = language(self.lang).contractions
        if closed:
            out = closed_class_multiwords(out, expand=closed & self.mwt_forms,
                                          allowed=closed | self.mwt_forms)
        return out

    # -- public API -------------------------------------------------------------------------

    def parse_sentences(self, texts: Sequence[str]) -> list[Sentence]:
        """Parse each string as exactly one sentence (no sentence splitting).

        Offsets are relative to each string; ``metadata["text"]`` is the string. A blank
        string gives a sentence with no words. A string longer than ``MAX_PIECE_CHARS`` is
        parsed in pieces cut at spaces (the parser's memory grows with the square of a
        sentence's length) whose trees are joined into one (later roots attach to the first as
        ``parataxis``)."""
        texts = list(texts)
        if not texts:
            return []
        # one Stanza document, pieces separated by a blank line, no sentence splitting inside
        # a piece: one pass over the whole batch
        pieces: list[tuple[int, int, str]] = []  # (input index, offset in input, text)
        for i, t in enumerate(texts):
            clean = _JUNK.sub(" ", t).replace("\r", " ").replace("\n", " ")
            for a, b in _cut(clean, MAX_PIECE_CHARS):
                if clean[a:b].strip():
                    pieces.append((i, a, clean[a:b]))
        starts: list[int] = []
        pos = 0
        for _, _, piece in pieces:
            starts.append(pos)
            pos += len(piece) + 2
        groups: list[list[Sentence]] = [[] for _ in texts]
        if pieces:
            joined = "\n\n".join(p for _, _, p in pieces)
            with self._lock, self._threads_for(len(joined)):
                tok = self._pipe.processors["tokenize"]
                old = tok.config.get("no_ssplit", False)
                tok.config["no_ssplit"] = True
                try:
                    doc = self._pipe(joined)
                finally:
                    tok.config["no_ssplit"] = old
            lemma_of = self._lemma_of(doc)
            for st in doc.sentences:
                k = _bisect(starts, st.tokens[0].start_char)
                i, offset, _ = pieces[k]
                groups[i].append(self._sentence(st, starts[k] - offset, lemma_of))
        out = []
        for i, text in enumerate(texts):
            sent = _merge(groups[i])
            sent.metadata["text"] = text
            out.append(sent)
        return out

    def parse_document(self, text: str) -> list[Sentence]:
        """Parse running text with Stanza's sentence splitter; offsets index ``text`` itself.

        ``metadata["text"]`` is the sentence's own span and ``metadata["start_char"]`` where it
        begins in ``text`` (so ``word.start - int(start_char)`` is relative to the sentence).
        The tokenizer finds the sentences; each is then parsed as by ``parse_sentences``."""
        spans = self.split_sentences(text)
        out = []
        for i in range(0, len(spans), 256):
            chunk = spans[i:i + 256]
            for (a, _b), sent in zip(chunk, self.parse_sentences([text[x:y] for x, y in chunk]),
                                    strict=True):
                shift_offsets(sent, a)
                sent.metadata["start_char"] = str(a)
                out.append(sent)
        return out

    def split_sentences(self, text: str) -> list[tuple[int, int]]:
        """The sentences Stanza's tokenizer finds in running text, as (start, end) offsets."""
        if not text.strip():
            return []
        clean = _JUNK.sub(" ", text)
        spans: list[tuple[int, int]] = []
        for a, b in _cut(clean, MAX_DOC_CHARS):
            if not clean[a:b].strip():
                continue
            with self._lock, self._threads_for(b - a):
                doc = self._pipe.process(clean[a:b], processors="tokenize")
            spans += [(a + st.tokens[0].start_char, a + st.tokens[-1].end_char)
                      for st in doc.sentences if st.tokens]
        return spans

    def parse_pretokenized(self, sentences: Sequence[Sequence[str]],
                           expand_mwt: bool = True) -> list[Sentence]:
        """Parse sentences given as surface tokens (e.g. M2 source lines).

        Tokens are joined by single spaces (``metadata["text"]``); offsets index that string.
        Tokens the language's MWT model knows (German preposition-article contractions) are
        expanded into words, unless ``expand_mwt`` is False (the tokens are then taken as
        syntactic words, as when evaluating on gold words). Sentences over ``MAX_PIECE_TOKENS``
        tokens are parsed in pieces and joined as in ``parse_sentences``."""
        from stanza.models.common.doc import Document

        clean = [[t for t in (_JUNK.sub("", x).strip() for x in s) if t] for s in sentences]
        docs: list[list[dict[str, Any]]] = []
        owner: list[tuple[int, int]] = []  # (sentence index, char offset of the piece)
        for i, toks in enumerate(clean):
            pos = 0
            for p0 in range(0, len(toks), MAX_PIECE_TOKENS):
                piece = toks[p0:p0 + MAX_PIECE_TOKENS]
                entries = []
                offset = pos
                for j, t in enumerate(piece):
                    e: dict[str, Any] = {"id": (j + 1,), "text": t, "start_char": pos,
                                         "end_char": pos + len(t)}
                    if expand_mwt and t.lower() in self.mwt_forms:
                        e["misc"] = "MWT=Yes"
                    entries.append(e)
                    pos += len(t) + 1
                docs.append(entries)
                owner.append((i, offset))
        groups: list[list[Sentence]] = [[] for _ in clean]
        if docs:
            doc = Document(docs, text=" ".join(t for d in docs for t in (e["text"] for e in d)))
            procs = [p for p in ("mwt", "pos", "lemma", "depparse") if p in self._pipe.processors]
            if "mwt" in procs and not any(t.get("misc") for d in docs for t in d):
                procs.remove("mwt")
            with self._lock:
                doc = self._pipe.process(doc, processors=",".join(procs))
            lemma_of = self._lemma_of(doc)
            for (i, _off), st in zip(owner, doc.sentences, strict=True):
                groups[i].append(self._sentence(st, 0, lemma_of))
        out = []
        for i, toks in enumerate(clean):
            sent = _merge(groups[i])
            sent.metadata["text"] = " ".join(toks)
            out.append(sent)
        return out

    def _sentence(self, st: Any, base: int, lemma_of: LemmaOf | None) -> Sentence:
        """A parsed Stanza sentence as a ``Sentence``, its noun phrases made to agree where the
        model's lexicon allows (``harmonize.py``)."""
        sent = _convert(st, base, lemma_of)
        if self.lexicon is not None and lexicon_constraint():
            harmonize(sent, self.lexicon)
        return sent

    @contextlib.contextmanager
    def _threads_for(self, chars: int) -> Iterator[None]:
        """Run Stanza on one thread for an input under ``ONE_THREAD_CHARS`` characters (the
        strings a commit touches): a second thread gains nothing on so little, and its pool
        spinning beside the main thread costs a re-run of ``check`` half a second of wall time
        on a busy machine (``bench/check_catalogue.py``). The results are the same on any
        number of threads (``tests/test_parse.py``)."""
        if chars >= ONE_THREAD_CHARS or self._threads == 1:
            yield
            return
        import torch

        torch.set_num_threads(1)
        try:
            yield
        finally:
            torch.set_num_threads(self._threads)

    def _lemma_of(self, doc: Any = None) -> LemmaOf | None:
        """Lemmas for a project model, whose pipeline runs the identity lemmatizer (its parser
        was trained on lemma = form): the lexicons' lemma of a known form, else the trained
        lemmatizer's where the model has ``lemma.pt``, set after parsing so that rules naming
        lemmas (case frames, exceptions) work on text (``lemmatize.py``). ``doc``: the parsed
        Stanza document, lemmatized in one batch. Official models lemmatize themselves."""
        if self.source.kind != "project":
            return None
        if self._lemmatizer is None:
            lex = lemmatizer(self.source.lang, self.lexicon)
            self._lemmatizer = (with_model(self.lang, lex, self._lemma_model)
                                if self._lemma_model else lex)
        if doc is not None and isinstance(self._lemmatizer, ModelLemmatizer):
            self._lemmatizer.prepare((w.text, w.upos or "_", _feats(w.feats))
                                     for st in doc.sentences for w in st.words)
        return self._lemmatizer

    # -- confidence -------------------------------------------------------------------------

    def _install_confidence(self) -> None:
        """Wrap the tagger so each word's feats probability lands in misc Conf (and known forms
        are constrained by the model's lexicon, when it ships one)."""
        pos = self._pipe.processors.get("pos")
        if pos is None:
            return
        self._conf_ok = _patch_tagger(pos, self.lexicon if lexicon_constraint() else None)
        dep = self._pipe.processors.get("depparse")
        self._alts_ok = dep is not None and _patch_depparse(dep)


#: features whose own probability is kept in ``misc["FConf"]`` (the ones rules read)
RULE_FEATURES = ("Animacy", "Case", "Definite", "Gender", "Mood", "Number", "Person", "VerbForm")
#: features the lexicon constraint may correct (the ones agreement and government rules read)
CONSTRAINED = ("Case", "Gender", "Number", "Person")


def _patch_tagger(pos_proc: Any, lexicon: Any = None) -> bool:
    """Make the POS processor record P(predicted UFeats bundle) per word (``_lambre_conf``) and,
    given a lexicon, constrain known forms to their analyses.

    The tagger scores each feature with its own classifier over packed words; a forward hook keeps
    each classifier's softmax. Confidence is the product of the chosen values' probabilities.
    Constraint: when the lexicon knows the form (with the predicted UPOS) and no analysis of it
    matches the predicted Case/Gender/Number/Person, those features are replaced by the analysis
    the classifiers score highest. Returns False (Stanza untouched) for an unexpected model."""
    import torch
    from stanza.models.common import doc as sdoc
    from stanza.models.common.utils import unsort
    from stanza.models.pos.data import Dataset

    try:
        clfs = list(pos_proc.trainer.model.tag_clf["feats"])
        fvocab = pos_proc.trainer.vocab["feats"]
        feat_names = list(fvocab._id2unit.keys())
        value_ids = [dict(fvocab._unit2id[k]) for k in feat_names]
    except (AttributeError, KeyError, TypeError):
        return False
    if len(clfs) != len(feat_names):
        return False
    store: list[torch.Tensor] = []
    upos_store: list[torch.Tensor] = []

    def hook(_mod: Any, _inp: Any, out: torch.Tensor) -> None:
        store.append(torch.log_softmax(out.float(), dim=-1))

    def upos_hook(_mod: Any, _inp: Any, out: torch.Tensor) -> None:
        upos_store.append(torch.log_softmax(out.float(), dim=-1))

    for clf in clfs:
        clf.register_forward_hook(hook)
    upos_clf = getattr(pos_proc.trainer.model, "upos_clf", None)
    try:
        upos_vocab = pos_proc.trainer.vocab["upos"]
    except (AttributeError, KeyError, TypeError):
        upos_vocab = None
    if upos_clf is not None and upos_vocab is not None:
        upos_clf.register_forward_hook(upos_hook)
    orig_process = pos_proc.process

    def process(document: Any) -> Any:
        try:
            return _process(document)
        except Exception:  # never let the add-ons break parsing
            return orig_process(document)

    def _process(document: Any) -> Any:
        config = pos_proc.config
        dataset = Dataset(document, config, pos_proc.pretrain, vocab=pos_proc.vocab,
                          evaluation=True, sort_during_eval=True)
        loader = dataset.to_length_limited_loader(
            batch_size=config["batch_size"],
            maximum_tokens=config.get("batch_maximum_tokens", 5000))
        preds: list[Any] = []
        confs: list[list[tuple[float, dict[str, float], str]]] = []
        idx: list[int] = []
        with torch.no_grad():
            for b in loader:
                idx.extend(b[-1])
                store.clear()
                upos_store.clear()
                p = pos_proc.trainer.predict(b)
                if len(store) != len(feat_names):
                    raise RuntimeError("unexpected tagger forward")
                words = unsort(list(b.text), b.orig_idx) if b.orig_idx is not None \
                    else list(b.text)
                c = _decode(store, list(b.lens), b.orig_idx, p, words, feat_names, value_ids,
                            lexicon, (upos_store[0], upos_vocab) if len(upos_store) == 1
                            else None)
                preds += p
                confs += c
        preds = unsort(preds, idx)
        dataset.doc.set([sdoc.UPOS, sdoc.XPOS, sdoc.FEATS], [y for x in preds for y in x])
        confs = unsort(confs, idx)
        flat = iter([c for x in confs for c in x])
        for sent in dataset.doc.sentences:
            for w in sent.words:
                w._lambre_conf = next(flat, None)
        return dataset.doc

    pos_proc.process = process
    return True


#: the least probability of another head or relation of a word kept in ``misc["Alt"]``: the
#: checker decides which of them are plausible (``alternatives.PLAUSIBLE``); this only bounds
#: what the parse cache stores
ALT_FLOOR = 0.05
#: at most this many alternatives per word, most probable first
MAX_ALTS = 3
#: separates the relation from the alternatives while they travel through Stanza's document
_ALT_SEP = "\t"


def _patch_depparse(dep_proc: Any) -> bool:
    """Make the parser record, for each word, the other heads and relations it scored nearly as
    well as its choice: ``misc["Alt"] = "3/obj/0.31,5/nmod/0.08"`` (head, relation, probability
    of that arc and relation, the head's softmax times the relation's). The checker re-checks a
    violation under these alternatives and proves only what holds under every plausible one
    (``alternatives``). The scores are the ones Stanza's graph parser computes anyway (its
    ``decode_graph_predictions`` sees them); the alternatives ride on the relation string
    through Stanza's document and are split off in ``_convert``. Returns False (Stanza
    untouched) for a parser of another kind."""
    import numpy as np

    model = getattr(getattr(dep_proc, "trainer", None), "model", None)
    orig = getattr(model, "decode_graph_predictions", None)
    if model is None or orig is None:
        return False

    def decode(vocab: Any, batch_size: int, preds: Any, sentlens: Any,
               resolve_head_constraints: bool = False) -> Any:
        if resolve_head_constraints:
            out = orig(vocab, batch_size, preds, sentlens, resolve_head_constraints=True)
        else:
            out = _decode_trees(vocab, batch_size, preds, sentlens)
        if len(preds) < 3:
            return out
        try:
            for i, n in enumerate(sentlens):
                # Stanza's softmax over heads runs over the padded batch: renormalized over
                # this sentence's own words, the probabilities do not depend on the batch
                head_p = np.exp(preds[0][i][:n, :n])
                head_p = head_p / np.maximum(head_p.sum(axis=1, keepdims=True), 1e-30)
                lab_lp = preds[2][i]
                for j in range(1, n):
                    tok = out[i][j - 1]
                    alts = _alternatives(head_p[j], lab_lp[j], int(tok[0]), str(tok[1]), vocab)
                    if alts:
                        tok[1] = f"{tok[1]}{_ALT_SEP}{alts}"
        except Exception:  # noqa: BLE001 - alternatives are an add-on: never break parsing
            return orig(vocab, batch_size, preds, sentlens,
                        resolve_head_constraints=resolve_head_constraints)
        return out

    model.decode_graph_predictions = decode
    return True


def _decode_trees(vocab: Any, batch_size: int, preds: Any, sentlens: Any) -> list[Any]:
    """Heads and relations as Stanza's ``decode_graph_predictions`` gives them, the tree found
    by ``one_root_tree``."""
    out = []
    for i in range(batch_size):
        n = sentlens[i]
        tree = one_root_tree(preds[0][i][:n, :n])
        labels = preds[1][i]
        heads = tree[1:]
        rels = vocab.unmap([labels[j + 1][h] for j, h in enumerate(heads)])
        out.append([[heads[j], rels[j]] for j in range(n - 1)])
    return out


def one_root_tree(scores: Any) -> Any:
    """The highest-scoring tree with one root over ``scores`` (``scores[d, h]``: head ``h`` for
    word ``d``; row and column 0 the root), as Stanza's ``chuliu_edmonds_one_root`` finds it.
    Where every word's best head already makes such a tree, that tree is the answer (it beats
    every other tree, hence every other one-rooted tree) and the search is skipped: the common
    case, and most of the search's cost on a short sentence."""
    import numpy as np
    from stanza.models.common.chuliu_edmonds import chuliu_edmonds_one_root

    s = np.array(scores, dtype=np.float64)
    np.fill_diagonal(s, -np.inf)
    s[0] = -np.inf
    s[0, 0] = 0
    tree = s.argmax(axis=1)
    if int(np.count_nonzero(tree[1:] == 0)) == 1 and _acyclic(tree):
        return tree
    return chuliu_edmonds_one_root(scores)


def _acyclic(heads: Any) -> bool:
    """Whether following ``heads`` from every word reaches word 0."""
    n = len(heads)
    state = [0] * n  # 0 unseen, 1 on the current path, 2 reaches the root
    state[0] = 2
    for start in range(1, n):
        path = []
        v = start
        while state[v] == 0:
            state[v] = 1
            path.append(v)
            v = int(heads[v])
        if state[v] == 1:
            return False
        for u in path:
            state[u] = 2
    return True


def _alternatives(head_p: Any, lab_lp: Any, head: int, rel: str, vocab: Any) -> str:
    """The arcs of one word other than (``head``, ``rel``) whose probability is at least
    ``ALT_FLOOR``, as ``misc["Alt"]`` writes them."""
    import numpy as np
    from stanza.models.common.vocab import VOCAB_PREFIX_SIZE

    found: list[tuple[float, int, str]] = []
    for found_h in np.nonzero(head_p >= ALT_FLOOR)[0]:
        h = int(found_h)
        if h >= len(lab_lp):
            continue
        lp = lab_lp[h]
        for r in np.argsort(-lp)[:2]:
            p = float(head_p[h] * np.exp(lp[r]))
            if p < ALT_FLOOR:
                break
            label = vocab.unmap([int(r) + VOCAB_PREFIX_SIZE])[0]
            if (h, label) != (head, rel) and label and "/" not in label:
                found.append((p, h, label))
    found.sort(key=lambda x: -x[0])
    return ",".join(f"{h}/{label}/{p:.2f}" for p, h, label in found[:MAX_ALTS])


def _packed_rows(lens: list[int], orig_idx: Any) -> list[list[int]]:
    """Packed row of word t of each sentence, sentences in their original (unsorted) order.

    Packed data is time-major over length-sorted sequences: word t of sequence b sits at
    sum(batch_sizes[:t]) + rank(b)."""
    order = sorted(range(len(lens)), key=lambda i: -lens[i])
    rank = {seq: r for r, seq in enumerate(order)}
    maxlen = max(lens) if lens else 0
    offsets = [0]
    for t in range(maxlen):
        offsets.append(offsets[-1] + sum(1 for n in lens if n > t))
    rows = [[offsets[t] + rank[b] for t in range(lens[b])] for b in range(len(lens))]
    if orig_idx is not None:
        from stanza.models.common.utils import unsort

        rows = unsort(rows, orig_idx)
    return rows


#: word classes that carry inflection features (a token without letters is none of them)
_INFLECTING = frozenset({"NOUN", "PROPN", "ADJ", "DET", "PRON", "VERB", "AUX", "NUM"})


def _decode(store: list[Any], lens: list[int], orig_idx: Any, preds: list[Any],
            words: list[Any], feat_names: list[str], value_ids: list[dict[str, int]],
            lexicon: Any, upos_scores: tuple[Any, Any] | None = None
            ) -> list[list[tuple[float, dict[str, float], str]]]:
    """Confidence per word and its other plausible word classes (``misc["AltUPOS"]``), and the
    lexicon constraint applied to ``preds`` in place."""
    from stanza.models.common.vocab import EMPTY_ID

    logp = [t.tolist() for t in store]
    upos_lp = upos_scores[0].tolist() if upos_scores is not None else None
    rows = _packed_rows(lens, orig_idx)
    fpos = {f: i for i, f in enumerate(feat_names)}
    out: list[list[tuple[float, dict[str, float], str]]] = []
    for si, sent_rows in enumerate(rows):
        sent_conf = []
        for wi, row in enumerate(sent_rows):
            upos, xpos, feats = preds[si][wi]
            fd = _feats(feats)
            if (si < len(words) and wi < len(words[si]) and upos in _INFLECTING
                    and not any(c.isalnum() for c in words[si][wi])):
                # "&", "→", "%": no letters, no gender, case or number whatever the tagger says
                upos, fd = "SYM", {}
                preds[si][wi] = [upos, xpos, "_"]
            if lexicon is not None and si < len(words) and wi < len(words[si]):
                fixed = lexicon.only_upos(words[si][wi], upos, initial=wi == 0)
                if fixed is not None:
                    if fixed in ("VERB", "AUX") and upos not in ("VERB", "AUX"):
                        fd = {}  # (a noun's case and gender are no verb's: the lexicon's reading)
                    upos = fixed  # a known form the lexicon gives one other word class
                fd = _constrain(lexicon, words[si][wi], upos, fd, logp, row, fpos, value_ids)
                # a dictionary word's own features (aspect, a noun's animacy) whatever the
                # tagger guessed; none the treebank never writes on the class (a noun's degree)
                for f, v in language(lexicon.lang).lexical_features(words[si][wi], upos).items():
                    if f in fpos:  # (only the features the treebank writes)
                        fd[f] = v
                inventory = lexicon.class_features(upos)
                if inventory is not None:
                    fd = {f: v for f, v in fd.items() if f not in BUNDLE_FEATURES or f in inventory}
                new = "|".join(f"{k}={v}" for k, v in sorted(fd.items(), key=lambda x: x[0].lower()))
                preds[si][wi] = [upos, xpos, new or "_"]
            total = 0.0
            per: dict[str, float] = {}
            for i, f in enumerate(feat_names):
                vid = value_ids[i].get(fd[f], EMPTY_ID) if f in fd else EMPTY_ID
                lp = logp[i][row][vid]
                total += lp
                if f in fd:
                    per[f] = math.exp(lp)
            alt_upos = ""
            closed = lexicon is not None and si < len(words) and wi < len(words[si]) \
                and language(lexicon.lang).closed_class(words[si][wi]) is not None
            # (a form of one closed class has no other class to offer: a personal pronoun)
            if upos_lp is not None and upos_scores is not None and row < len(upos_lp) \
                    and not closed:
                alt_upos = _other_classes(upos_lp[row], upos, upos_scores[1])
            sent_conf.append((math.exp(total), per, alt_upos))
        out.append(sent_conf)
    return out


def _other_classes(logp: list[float], chosen: str, vocab: Any) -> str:
    """The word classes other than ``chosen`` the tagger gave at least ``ALT_FLOOR``, as
    ``misc["AltUPOS"]`` writes them ("NOUN/0.31,ADV/0.07")."""
    found = []
    for i, lp in enumerate(logp):
        p = math.exp(lp)
        if p >= ALT_FLOOR:
            name = vocab.unmap([i])[0]
            if name != chosen and name.isalpha() and name.isupper():
                found.append((p, name))
    found.sort(reverse=True)
    return ",".join(f"{name}/{p:.2f}" for p, name in found[:MAX_ALTS])


def _constrain(lexicon: Any, form: str, upos: str, fd: dict[str, str], logp: list[Any],
               row: int, fpos: dict[str, int], value_ids: list[dict[str, int]]) -> dict[str, str]:
    analyses = lexicon.constraint_analyses(form, upos)
    if not analyses:
        return fd

    def fits(a: dict[str, str]) -> bool:
        return all(fd.get(f) == a[f] for f in CONSTRAINED if f in a)

    cands = [dict(b) for b in analyses]
    cands = [a for a in cands if any(f in a for f in CONSTRAINED)]
    if not cands or any(fits(a) for a in cands):
        return fd

    def score(a: dict[str, str]) -> float:
        total = 0.0
        for f in CONSTRAINED:
            if f in a and f in fpos:
                vid = value_ids[fpos[f]].get(a[f])
                total += logp[fpos[f]][row][vid] if vid is not None else -30.0
        return total

    best = max(cands, key=score)
    out = dict(fd)
    for f in CONSTRAINED:
        if f in best:
            out[f] = best[f]
    return out


def lexicon_constraint() -> bool:
    """Whether the tagger is held to the lexicon's analyses of known forms (LAMBRE_LEXICON_CONSTRAINT)."""
    return os.environ.get("LAMBRE_LEXICON_CONSTRAINT", "1") not in ("0", "no", "false")


def _model_lexicon(source: ModelSource) -> Any:
    """The lexicon shipped with a project model (``lexicon.tsv``: form, UPOS, feats), widened
    by the language's PyPI lexicon; None when the model has none."""
    if source.kind != "project":
        return None
    path = source.path / "lexicon.tsv"
    if not path.is_file():
        return None
    from .lexicon import load_lexicon_tsv

    return load_lexicon_tsv(path, source.lang)


def model_lexicon(lang: str, models_dir: str | os.PathLike[str] | None = None) -> Any:
    """The treebank lexicon shipped with the language's model, without loading the model (None
    when there is no project model or it has no lexicon)."""
    try:
        return _model_lexicon(resolve_models(lang, models_dir))
    except LambreError:
        return None


def _mwt_forms(mwt_proc: Any) -> frozenset[str]:
    try:
        return frozenset(k.lower() for k in mwt_proc.trainer.expansion_dict)
    except AttributeError:
        return frozenset()


def _cut(text: str, limit: int) -> list[tuple[int, int]]:
    """Spans covering ``text`` of at most ``limit`` characters each, cut preferably after a
    blank line, then after sentence punctuation, then at a space (hard cut as a last resort)."""
    spans = []
    a = 0
    n = len(text)
    while n - a > limit:
        window = text[a:a + limit]
        cut = -1
        for pat in ("\n\n", ". ", "! ", "? ", "; ", ", ", " ", "\n"):
            k = window.rfind(pat)
            if k > limit // 4:
                cut = k + len(pat)
                break
        if cut <= 0:
            cut = limit
        spans.append((a, a + cut))
        a += cut
    spans.append((a, n))
    return spans


def _bisect(starts: list[int], x: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= x:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _feats(s: str | None) -> dict[str, str]:
    if not s or s == "_":
        return {}
    out = {}
    for part in s.split("|"):
        k, _, v = part.partition("=")
        if k and v:
            out[k] = v
    return out


def _convert(s: Any, base: int,
             lemma_of: LemmaOf | None = None) -> Sentence:
    """A Stanza sentence as a ``Sentence``; offsets shifted by ``-base``."""
    words: list[Word] = []
    mwts: list[MultiwordToken] = []
    tokens = s.tokens
    for k, tok in enumerate(tokens):
        a, b = tok.start_char - base, tok.end_char - base
        nxt = tokens[k + 1].start_char - base if k + 1 < len(tokens) else None
        space_no = nxt is not None and nxt == b
        if len(tok.words) > 1:
            m = MultiwordToken(first=tok.words[0].id, last=tok.words[-1].id, form=tok.text,
                               start=a, end=b)
            if space_no:
                m.misc["SpaceAfter"] = "No"
            mwts.append(m)
        for w in tok.words:
            misc: dict[str, str] = {}
            if space_no and len(tok.words) == 1:
                misc["SpaceAfter"] = "No"
            conf = getattr(w, "_lambre_conf", None)
            if conf is not None:
                misc["Conf"] = f"{conf[0]:.3f}"
                fconf = ",".join(f"{k}:{v:.3f}" for k, v in sorted(conf[1].items())
                                 if k in RULE_FEATURES)
                if fconf:
                    misc["FConf"] = fconf
                if len(conf) > 2 and conf[2]:
                    misc["AltUPOS"] = conf[2]
            feats = _feats(w.feats)
            deprel, _, alts = (w.deprel or "_").partition(_ALT_SEP)
            if alts:
                misc["Alt"] = alts
            words.append(Word(
                id=w.id, form=w.text,
                lemma=(lemma_of(w.text, w.upos or "_", feats) if lemma_of else None) or w.lemma or "_",
                upos=w.upos or "_",
                xpos=w.xpos or "_", feats=feats, head=w.head or 0,
                deprel=deprel, misc=misc, start=a, end=b))
    return Sentence(words=words, multiword=mwts)


def _merge(parts: list[Sentence]) -> Sentence:
    """Join sentences the tokenizer split inside one input (rare with no_ssplit): later roots
    attach to the first root as ``parataxis`` so the result stays one tree."""
    if not parts:
        return Sentence(words=[])
    if len(parts) == 1:
        return parts[0]
    words: list[Word] = []
    mwts: list[MultiwordToken] = []
    root0 = 0
    for p in parts:
        off = len(words)
        for w in p.words:
            head = w.head + off if w.head else 0
            deprel = w.deprel
            if head == 0 and root0:
                head, deprel = root0, "parataxis"
            elif head == 0:
                root0 = w.id + off
            misc = w.misc
            if off and "Alt" in misc:  # alternative heads are word ids of the piece
                misc = dict(misc, Alt=shift_alternatives(misc["Alt"], off))
            words.append(Word(w.id + off, w.form, w.lemma, w.upos, w.xpos, w.feats, head,
                              deprel, w.deps, misc, w.start, w.end))
        for m in p.multiword:
            mwts.append(MultiwordToken(m.first + off, m.last + off, m.form, m.misc, m.start,
                                       m.end))
    return Sentence(words=words, multiword=mwts)


def load_parser(lang: str, models_dir: str | os.PathLike[str] | None = None,
                device: str = "cpu") -> Parser:
    """The parser for ``lang`` on ``device`` (``cpu``, ``cuda`` or ``auto``), cached per
    language, resolved model directory and device."""
    source = resolve_models(lang, models_dir)
    dev = resolve_device(device)
    key = (lang, str(source.path), dev)
    with _CACHE_LOCK:
        parser = _CACHE.get(key)
        if parser is None:
            logging.getLogger("stanza").setLevel(logging.WARNING)
            with collector_paused():
                parser = Parser(source, dev)
            _CACHE[key] = parser
    return parser


def model_files(lang: str, models_dir: str | os.PathLike[str] | None = None) -> dict[str, int]:
    """Sizes in bytes of the model files a language resolves to (for benches and model cards)."""
    src = resolve_models(lang, models_dir)
    if src.kind != "project":
        return {}
    return {p.name: p.stat().st_size for p in sorted(src.path.iterdir()) if p.is_file()}


def read_resources(path: Path) -> dict[str, Any]:
    """The resources.json of a model directory (empty when absent)."""
    try:
        return dict(json.loads((path / "resources.json").read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}
