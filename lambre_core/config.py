"""The workspace configuration ``.lambre.yaml``, shared by the editor (``lambre-server``) and the CLI.

One file at the workspace root holds the suppressions a user makes, so that a rule disabled or a
sentence ignored in the editor stays so in the pre-commit check::

    language: de                      # default language of the workspace
    disabled_rules: [de-agree-Number-subj]
    ignored_sentences:
      - "The ignored sentence, exactly as written."
    languages:                        # per-glob languages, first match wins
      "docs/ru/**": ru
    severities:                       # rule-id glob -> error | warning | information | hint | off
      "de-agree-*": warning
    min_severity: hint                # diagnostics below this are hidden

A file that does not validate raises ``ConfigError`` naming file, line, column and the field.
Saving goes through ``atomic_write`` so an interrupted save never leaves half a file.
"""

from __future__ import annotations

import fnmatch
import functools
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from .conllu_io import atomic_write
from .errors import LambreError
from .files import CONFIG_MAX_BYTES, read_regular_text
from .limits import check_yaml

#: the file name looked up at the workspace root
CONFIG_NAME = ".lambre.yaml"

#: severity names, most severe first (LSP's DiagnosticSeverity is index + 1)
SEVERITIES = ("error", "warning", "information", "hint")
#: what a ``severities`` entry may say (``off`` hides the rule's diagnostics)
SEVERITY_VALUES = (*SEVERITIES, "off")

_LANG_RE = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]+)*$")
_KNOWN_KEYS = (
    "language",
    "disabled_rules",
    "ignored_sentences",
    "languages",
    "severities",
    "min_severity",
)


class ConfigError(LambreError):
    """A ``.lambre.yaml`` that cannot be read or does not validate."""


def normalize_sentence(text: str) -> str:
    """The form in which ignored sentences are compared: whitespace runs collapsed, ends stripped."""
    return " ".join(text.split())


@dataclass(frozen=True)
class LambreConfig:
    """The contents of a ``.lambre.yaml`` (all fields optional)."""

    language: str | None = None
    disabled_rules: tuple[str, ...] = ()
    ignored_sentences: tuple[str, ...] = ()
    #: (glob, language) in file order; the first glob matching a path wins
    languages: tuple[tuple[str, str], ...] = ()
    #: (rule-id glob, severity) in file order; the first glob matching a rule id wins
    severities: tuple[tuple[str, str], ...] = ()
    min_severity: str | None = None
    #: where it was read from (None for a config that was never on disk)
    path: Path | None = field(default=None, compare=False)

    @property
    def root(self) -> Path | None:
        """The directory that globs are relative to."""
        return self.path.parent if self.path is not None else None

    def language_for(self, file: str | Path) -> str | None:
        """The language the ``languages`` globs give ``file`` (else the default ``language``)."""
        rel = self.relative(file)
        for glob, lang in self.languages:
            if glob_match(rel, glob):
                return lang
        return self.language

    def severity_for(self, rule_id: str) -> str | None:
        """The severity the ``severities`` globs give ``rule_id`` (``off`` hides it); None if unset."""
        for glob, sev in self.severities:
            if fnmatch.fnmatchcase(rule_id, glob):
                return sev
        return None

    def is_disabled(self, rule_id: str) -> bool:
        """Whether ``rule_id`` is disabled here (by id or by ``severities: off``)."""
        return rule_id in self.disabled_rules or self.severity_for(rule_id) == "off"

    def is_ignored(self, sentence_text: str) -> bool:
        """Whether a sentence is on the ignore list (compared with whitespace normalised)."""
        return normalize_sentence(sentence_text) in self._ignored_set

    @functools.cached_property
    def _ignored_set(self) -> frozenset[str]:
        # computed once per config (the dataclass is frozen; cached_property writes __dict__)
        return frozenset(normalize_sentence(s) for s in self.ignored_sentences)

    def with_disabled_rule(self, rule_id: str) -> LambreConfig:
        """A copy with ``rule_id`` added to ``disabled_rules`` (no duplicate)."""
        if rule_id in self.disabled_rules:
            return self
        return replace(self, disabled_rules=(*self.disabled_rules, rule_id))

    def with_ignored_sentence(self, text: str) -> LambreConfig:
        """A copy with ``text`` (normalised) added to ``ignored_sentences`` (no duplicate)."""
        norm = normalize_sentence(text)
        if not norm or self.is_ignored(norm):
            return self
        return replace(self, ignored_sentences=(*self.ignored_sentences, norm))

    def to_dict(self) -> dict[str, Any]:
        """The YAML mapping this config saves as (empty fields left out)."""
        out: dict[str, Any] = {}
        if self.language:
            out["language"] = self.language
        if self.disabled_rules:
            out["disabled_rules"] = list(self.disabled_rules)
        if self.ignored_sentences:
            out["ignored_sentences"] = list(self.ignored_sentences)
        if self.languages:
            out["languages"] = dict(self.languages)
        if self.severities:
            out["severities"] = dict(self.severities)
        if self.min_severity:
            out["min_severity"] = self.min_severity
        return out

    def relative(self, file: str | Path) -> str:
        """``file`` as a POSIX path relative to the config's directory (when inside it)."""
        p = Path(file)
        root = self.root
        if root is not None and p.is_absolute():
            try:
                p = p.resolve().relative_to(root.resolve())
            except ValueError:
                pass
        return PurePosixPath(*p.parts).as_posix() if p.parts else str(file)


def glob_match(rel_path: str, glob: str) -> bool:
    """Match a relative path against a glob: ``**`` spans directories; a glob without ``/``
    matches the file name anywhere (as in .gitignore)."""
    if "/" not in glob:
        return fnmatch.fnmatchcase(PurePosixPath(rel_path).name, glob)
    if fnmatch.fnmatchcase(rel_path, glob):
        return True
    # "docs/**/x.md" should also match "docs/x.md"
    return "/**/" in glob and fnmatch.fnmatchcase(rel_path, glob.replace("/**/", "/"))


def find_config(start: str | Path) -> Path | None:
    """The nearest ``.lambre.yaml`` in ``start`` (a directory or file) or one of its parents."""
    p = Path(start).resolve()
    if not p.is_dir():
        p = p.parent
    for d in (p, *p.parents):
        candidate = d / CONFIG_NAME
        if candidate.exists() or candidate.is_symlink():  # a bad one is reported, not skipped
            return candidate
    return None


def _fail(path: str, node: yaml.Node | None, message: str) -> ConfigError:
    if node is None:
        return ConfigError(message, path)
    mark = node.start_mark
    return ConfigError(message, path, mark.line + 1, mark.column + 1)


def _str_list(path: str, key: str, node: yaml.Node) -> tuple[str, ...]:
    if not isinstance(node, yaml.SequenceNode):
        raise _fail(path, node, f"field '{key}': expected a list of strings")
    out = []
    for item in node.value:
        if not isinstance(item, yaml.ScalarNode) or not isinstance(item.value, str):
            raise _fail(path, item, f"field '{key}': expected a string")
        if not item.value.strip():
            raise _fail(path, item, f"field '{key}': empty string")
        out.append(item.value)
    return tuple(out)


def _str_map(path: str, key: str, node: yaml.Node) -> list[tuple[yaml.ScalarNode, yaml.ScalarNode]]:
    if not isinstance(node, yaml.MappingNode):
        raise _fail(path, node, f"field '{key}': expected a mapping of glob to value")
    out = []
    for k, v in node.value:
        if not isinstance(k, yaml.ScalarNode) or not isinstance(v, yaml.ScalarNode):
            raise _fail(path, k, f"field '{key}': keys and values must be strings")
        out.append((k, v))
    return out


def _language(path: str, key: str, node: yaml.Node) -> str:
    if not isinstance(node, yaml.ScalarNode) or not _LANG_RE.match(str(node.value)):
        value = getattr(node, "value", node)
        raise _fail(path, node, f"field '{key}': {value!r} is not a language code (e.g. de, ru)")
    return str(node.value)


def _severity(path: str, key: str, node: yaml.Node, allowed: tuple[str, ...]) -> str:
    value = str(getattr(node, "value", "")).lower()
    if not isinstance(node, yaml.ScalarNode) or value not in allowed:
        raise _fail(
            path, node, f"field '{key}': {node.value!r} is not one of {', '.join(allowed)}"
        )
    return value


def parse_config(text: str, path: str | Path = CONFIG_NAME) -> LambreConfig:
    """Validate the YAML ``text`` of a ``.lambre.yaml``; ``path`` names it in errors."""
    spath = str(path)
    check_yaml(text, spath, ConfigError)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise ConfigError(f"not valid YAML: {exc.problem or exc.context}", spath, line, col) from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"not valid YAML: {exc}", spath) from None
    if root is None:
        return LambreConfig(path=Path(path))
    if not isinstance(root, yaml.MappingNode):
        raise _fail(spath, root, "expected a mapping of settings at the top level")
    values: dict[str, Any] = {}
    for knode, vnode in root.value:
        key = str(knode.value)
        if key not in _KNOWN_KEYS:
            raise _fail(spath, knode, f"unknown field '{key}' (known: {', '.join(_KNOWN_KEYS)})")
        if isinstance(vnode, yaml.ScalarNode) and vnode.value in ("", "~", "null"):
            continue  # an empty entry means "not set"
        if key == "language":
            values[key] = _language(spath, key, vnode)
        elif key in ("disabled_rules", "ignored_sentences"):
            values[key] = _str_list(spath, key, vnode)
        elif key == "languages":
            values[key] = tuple(
                (str(k.value), _language(spath, f"languages.{k.value}", v))
                for k, v in _str_map(spath, key, vnode)
            )
        elif key == "severities":
            values[key] = tuple(
                (str(k.value), _severity(spath, f"severities.{k.value}", v, SEVERITY_VALUES))
                for k, v in _str_map(spath, key, vnode)
            )
        elif key == "min_severity":
            values[key] = _severity(spath, key, vnode, SEVERITIES)
    return LambreConfig(path=Path(path), **values)


def load_config(path: str | Path) -> LambreConfig:
    """Read and validate a ``.lambre.yaml``; ``ConfigError`` (file/line/column/field) if bad.

    Only a regular file of at most ``CONFIG_MAX_BYTES`` is read: a workspace may hold a FIFO or
    a link to ``/dev/zero`` under that name, and opening it must neither block nor read on."""
    p = Path(path)
    try:
        text = read_regular_text(p, CONFIG_MAX_BYTES)
    except LambreError as err:
        raise ConfigError(err.message, str(p), err.line, err.column) from None
    return parse_config(text, p)


def load_config_or_default(directory: str | Path) -> LambreConfig:
    """The ``.lambre.yaml`` directly in ``directory`` if there is one, else an empty config
    that would be saved there."""
    p = Path(directory) / CONFIG_NAME
    if p.exists():
        return load_config(p)
    return LambreConfig(path=p)


def dump_config(config: LambreConfig) -> str:
    """The YAML text for ``config`` (keys in a fixed order, Unicode kept readable)."""
    data = config.to_dict()
    if not data:
        return "# lambre workspace configuration\n"
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)


def save_config(config: LambreConfig, path: str | Path | None = None) -> Path:
    """Write ``config`` atomically to ``path`` (default: where it was read from)."""
    target = Path(path) if path is not None else config.path
    if target is None:
        raise ConfigError("no path to save the configuration to")
    atomic_write(target, dump_config(config))
    return target


def update_config(directory: str | Path, edits: Iterable[tuple[str, str]]) -> LambreConfig:
    """Load (or start) ``directory/.lambre.yaml``, apply ``edits`` — pairs of
    ``("disable_rule", id)`` or ``("ignore_sentence", text)`` — and save it atomically.

    The file is edited round-trip (``ruamel.yaml``): comments, key order, quoting and
    indentation stay as the user wrote them, and the file keeps its permission bits. A symbolic
    link is refused (writing through it could land anywhere), and so is a missing directory."""
    directory = Path(directory)
    path = directory / CONFIG_NAME
    if path.is_symlink():
        raise ConfigError("a symbolic link; not written (edit the file it points to)", str(path))
    if not directory.is_dir():
        raise ConfigError("no such directory; not written", str(directory))
    text = load_config_text(path) if path.exists() else ""
    new_text = edit_config_text(text, edits, path)
    config = parse_config(new_text, path)  # what is written must validate
    if new_text != text:
        atomic_write(path, new_text)
    return config


def load_config_text(path: Path) -> str:
    """The text of an existing ``.lambre.yaml`` (regular file, size-limited), validated."""
    try:
        text = read_regular_text(path, CONFIG_MAX_BYTES)
    except LambreError as err:
        raise ConfigError(err.message, str(path), err.line, err.column) from None
    parse_config(text, path)  # an invalid file is reported, not overwritten
    return text


def edit_config_text(text: str, edits: Iterable[tuple[str, str]],
                     path: str | Path = CONFIG_NAME) -> str:
    """``text`` (a valid ``.lambre.yaml``) with ``edits`` applied, everything else kept."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    yaml_rt = YAML(typ="rt")
    yaml_rt.preserve_quotes = True
    yaml_rt.width = 4096  # never fold a long sentence onto two lines
    mapping, offset = _guess_indent(text)
    yaml_rt.indent(mapping=mapping, sequence=offset + 2, offset=offset)
    data = yaml_rt.load(text) if text.strip() else None
    prefix = ""
    if not isinstance(data, CommentedMap):
        # empty, or comments only: keep those lines and add a mapping after them
        prefix = text.rstrip("\n") + "\n" if text.strip() else "# lambre workspace configuration\n"
        data = CommentedMap()
    changed = False
    for kind, value in edits:
        if kind == "disable_rule":
            key, item, norm = "disabled_rules", value, (lambda x: x)
        elif kind == "ignore_sentence":
            key, item, norm = "ignored_sentences", normalize_sentence(value), normalize_sentence
            if not item:
                continue
        else:
            raise ValueError(f"unknown config edit {kind!r}")
        seq = data.get(key)
        if seq is None:
            seq = data[key] = CommentedSeq()
        elif not isinstance(seq, list):
            raise ConfigError(f"field '{key}': expected a list", str(path))
        if item not in {norm(str(x)) for x in seq}:
            seq.append(item)
            changed = True
    if not changed:
        return text
    out = io.StringIO()
    yaml_rt.dump(data, out)
    return prefix + out.getvalue()


def _guess_indent(text: str) -> tuple[int, int]:
    """(mapping indent, block-sequence dash offset) the file uses; PyYAML's (2, 0) by default."""
    mapping = offset = None
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        depth = len(line) - len(stripped)
        if not depth or not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("- ") or stripped == "-":
            offset = depth if offset is None else offset
        elif mapping is None:
            mapping = depth
    return mapping or 2, offset or 0
