"""Open documents: their text (kept with LSP line semantics), version, and last published results."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

from lambre_core.check import SentenceCheck
from lambre_core.doc import Sentence
from lambre_core.markup import Segment, kind_for

from .diagnostics import Template
from .positions import LineIndex

# ISO 639-1 codes: a languageId that is one of these names the document's language
ISO_639_1 = frozenset(
    """aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv
    cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht
    hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la
    lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj
    om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv
    sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu""".split()
)
_LANG_ID_RE = re.compile(r"^([a-z]{2})(?:[-_][A-Za-z0-9]+)?$")


def language_from_id(language_id: str | None) -> str | None:
    """The language code a languageId names ("de", "ru", "de-AT" -> "de"), else None."""
    m = _LANG_ID_RE.match(language_id or "")
    if m and m.group(1) in ISO_639_1:
        return m.group(1)
    return None


@dataclass
class SentenceSlice:
    """A sentence of a document: characters ``start``..``end`` of a segment. Its own offset map
    (a sub-segment) is only built when needed (diagnostics, hover)."""

    lang: str
    text: str
    parent: Segment
    start: int
    end: int

    def __post_init__(self) -> None:
        self._segment: Segment | None = None

    @property
    def segment(self) -> Segment:
        """The sentence's own segment (offset map into the document)."""
        if self._segment is None:
            self._segment = self.parent.slice(self.start, self.end)
        return self._segment

    def doc_span(self) -> tuple[int, int]:
        """Document span of the sentence."""
        return self.parent.doc_span(self.start, self.end)


@dataclass
class SentenceResult(SentenceSlice):
    """One checked sentence of a published version."""

    sentence: Sentence
    check: SentenceCheck
    #: the templates of the diagnostics published for it
    shown: list[Template]


@dataclass
class DocumentScore:
    """What ``lambre/documentScore`` reports for one version."""

    uri: str
    version: int
    score: float | None
    sentences: int
    violations: int
    #: per-rule tallies: [{"id", "satisfied", "violated"}] (a list: rule ids are not identifiers)
    rules: list[dict[str, Any]] = field(default_factory=list)
    #: the diagnostics published with this version, by severity name ("error": 2, ...)
    published: dict[str, int] = field(default_factory=dict)
    #: rules with the most published diagnostics: [{"id", "count", "explanation"}], most first
    top_rules: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The notification's JSON (``diagnostics``: how many were published for the version)."""
        return {"uri": self.uri, "version": self.version, "score": self.score,
                "sentences": self.sentences, "violations": self.violations, "rules": self.rules,
                "diagnostics": sum(self.published.values()), "published": self.published,
                "topRules": self.top_rules}


@dataclass
class Document:
    """An open text document and the server's state for it."""

    uri: str
    language_id: str
    version: int
    text: str
    #: the check in progress (debounce sleep, model load or parse batches)
    task: asyncio.Task[None] | None = None
    #: results of the last published version (for hover and code actions)
    published_version: int | None = None
    results: list[SentenceResult] = field(default_factory=list)
    score: DocumentScore | None = None
    #: document offsets the client says are visible (checked first)
    visible: list[tuple[int, int]] = field(default_factory=list)
    checked_once: bool = False
    #: the server's text may not be the client's (an edit could not be read): not checked until
    #: the client sends the whole text again
    diverged: bool = False
    #: what the document-level readings keep between publishes (``usage.document_checks``)
    usage_memo: dict[str, Any] = field(default_factory=dict)
    _index: LineIndex | None = None

    @property
    def kind(self) -> str:
        """Markup kind: plain, markdown or po."""
        return kind_for(self.uri, self.language_id)

    def index(self, encoding: str) -> LineIndex:
        """The line index of the current text (rebuilt after a change)."""
        if self._index is None or self._index.text is not self.text or \
                self._index.encoding != encoding:
            self._index = LineIndex(self.text, encoding)
        return self._index
