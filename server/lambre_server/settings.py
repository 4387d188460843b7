"""The server's settings (section ``lambre``), from initializationOptions or didChangeConfiguration.

Keys (camelCase as editors send them; snake_case accepted too)::

    language        default language code ("de"; "" or unset: identified from the text)
    languages       {glob: language} for files whose languageId is not a language code
    modelsDir       directory of parser models (see lambre_core.parse.resolve_models)
    rulesFile       a rule file for every language, or {language: path}
    minSeverity     error | warning | information | hint: diagnostics below it are hidden
    hintBelow       paper mode: reliability x parser confidence under which a violation is a hint
    mode            precise (default: analyses from the lexicons, proven errors only) | paper
    showUncertain   precise mode: also show violations the lexicons cannot prove, as hints
    disabledRules   rule ids never reported
    hoverMessage    false: hover leaves out the diagnostic's message (VS Code shows it in the same
                    hover already)
    messageLanguage language of messages and their reasons: en (default), de or ru
    debounceMs      wait after the last change before checking (default 5: keystrokes come 50 ms
                    or more apart, so the wait only merges changes sent together, such as a
                    multi-cursor edit; a newer version cancels an older check anyway)
    cache           false turns the parse cache off (a full reparse on every change; for benches)
    cacheSize       sentences kept in the parse cache (default 20000)
    parseCacheDir   where parses are kept on disk between runs (default: $LAMBRE_CACHE_DIR or
                    ~/.cache/lambre, shared with lambre-core; "" keeps them in memory only)
    batchSize       sentences parsed per batch on a first check (diagnostics published per batch)
    lexiconFiles    {language: [treebank .conllu or UniMorph TSV paths]} for the "replace with"
                    quick fix (the PyPI lexicons german-nouns / pymorphy3 are always used)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from lambre_core.config import SEVERITIES
from lambre_core.messages import MESSAGE_LANGUAGES


def _get(raw: dict[str, Any], camel: str) -> Any:
    snake = "".join("_" + c.lower() if c.isupper() else c for c in camel)
    if camel in raw:
        return raw[camel]
    return raw.get(snake)


@dataclass(frozen=True)
class Settings:
    """Validated settings; a bad value keeps the default (and is listed in ``problems``)."""

    language: str | None = None
    languages: tuple[tuple[str, str], ...] = ()
    models_dir: str | None = None
    rules_file: str | None = None
    rules_files: tuple[tuple[str, str], ...] = ()
    min_severity: str = "hint"
    hint_below: float = 0.5
    mode: str = "precise"
    show_uncertain: bool = False
    hover_message: bool = True
    message_language: str = "en"
    disabled_rules: frozenset[str] = frozenset()
    debounce_ms: int = 5
    cache: bool = True
    #: None: the default cache directory; "": no parses on disk
    parse_cache_dir: str | None = None
    cache_size: int = 20000
    batch_size: int = 32
    lexicon_files: tuple[tuple[str, tuple[str, ...]], ...] = ()
    problems: tuple[str, ...] = field(default=(), compare=False)

    def lexicon_files_for(self, lang: str) -> tuple[str, ...]:
        """Lexicon sources configured for ``lang``."""
        return next((v for k, v in self.lexicon_files if k == lang), ())

    def rules_file_for(self, lang: str) -> str | None:
        """The rule file configured for ``lang`` (None: the shipped rules)."""
        for k, v in self.rules_files:
            if k == lang:
                return v
        return self.rules_file


def _section(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        return {}
    inner = raw.get("lambre")
    return inner if isinstance(inner, dict) else raw


def parse_settings(raw: Any, base: Settings | None = None) -> Settings:
    """Settings from a client's JSON (either ``{"lambre": {...}}`` or the section itself),
    on top of ``base``."""
    data = _section(raw)
    cur = {f.name: getattr(base or Settings(), f.name) for f in fields(Settings)}
    problems: list[str] = []

    def bad(name: str, value: Any) -> None:
        problems.append(f"setting lambre.{name}: ignored bad value {value!r}")

    v = _get(data, "language")
    if v is not None:
        if v == "":
            cur["language"] = None  # unset: identify each document's language
        elif isinstance(v, str) and v.strip():
            cur["language"] = v.strip()
        else:
            bad("language", v)
    v = _get(data, "languages")
    if v is not None:
        if isinstance(v, dict) and all(isinstance(x, str) for x in [*v, *v.values()]):
            cur["languages"] = tuple(v.items())
        else:
            bad("languages", v)
    v = _get(data, "modelsDir")
    if v is not None:
        cur["models_dir"] = str(v) if v else None
    v = _get(data, "rulesFile")
    if v is not None:
        if isinstance(v, dict):
            cur["rules_files"] = tuple((str(k), str(p)) for k, p in v.items())
        elif isinstance(v, str):
            cur["rules_file"] = v or None
        else:
            bad("rulesFile", v)
    v = _get(data, "minSeverity")
    if v is not None:
        if isinstance(v, str) and v.lower() in SEVERITIES:
            cur["min_severity"] = v.lower()
        else:
            bad("minSeverity", v)
    v = _get(data, "hintBelow")
    if v is not None:
        if isinstance(v, int | float) and 0 <= v <= 1:
            cur["hint_below"] = float(v)
        else:
            bad("hintBelow", v)
    v = _get(data, "mode")
    if v is not None:
        if v in ("precise", "paper"):
            cur["mode"] = v
        else:
            bad("mode", v)
    v = _get(data, "showUncertain")
    if v is not None:
        if isinstance(v, bool):
            cur["show_uncertain"] = v
        else:
            bad("showUncertain", v)
    v = _get(data, "hoverMessage")
    if v is not None:
        if isinstance(v, bool):
            cur["hover_message"] = v
        else:
            bad("hoverMessage", v)
    v = _get(data, "messageLanguage")
    if v is not None:
        if v in MESSAGE_LANGUAGES:
            cur["message_language"] = v
        else:
            bad("messageLanguage", v)
    v = _get(data, "disabledRules")
    if v is not None:
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            cur["disabled_rules"] = frozenset(v)
        else:
            bad("disabledRules", v)
    for name, attr, lo, hi in (("debounceMs", "debounce_ms", 0, 10_000),
                               ("cacheSize", "cache_size", 0, 10_000_000),
                               ("batchSize", "batch_size", 1, 10_000)):
        v = _get(data, name)
        if v is not None:
            if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
                cur[attr] = v
            else:
                bad(name, v)
    v = _get(data, "lexiconFiles")
    if v is not None:
        if isinstance(v, dict) and all(isinstance(x, list) for x in v.values()):
            cur["lexicon_files"] = tuple((str(k), tuple(str(p) for p in ps))
                                         for k, ps in v.items())
        else:
            bad("lexiconFiles", v)
    v = _get(data, "parseCacheDir")
    if v is not None:
        if isinstance(v, str):
            cur["parse_cache_dir"] = v
        else:
            bad("parseCacheDir", v)
    v = _get(data, "cache")
    if v is not None:
        if isinstance(v, bool):
            cur["cache"] = v
        else:
            bad("cache", v)
    cur["problems"] = tuple(problems)
    return Settings(**cur)
