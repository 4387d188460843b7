"""Rule files: the ``Rule`` and ``RuleSet`` data types, and a YAML loader/dumper that a linguist can
edit by hand. The loader validates every field and reports a bad one by file, line and field.

A rule file looks like::

    lang: de
    sources: [{treebank: UD_German-GSD, files: [de_gsd-ud-dev.conllu], license: CC BY-SA 4.0}]
    rules:
      - id: agree.ADJ.NOUN.mod.Case
        type: agree            # agree | as
        dep: ADJ               # dependent UPOS
        head: NOUN             # head UPOS
        relation: mod          # SUD relation; a bare one also covers its @extensions
        feature: Case
        support: 1234          # instances in the treebank
        share: 0.97            # agree: share of instances that agree
        examples: [dev-s1, dev-s9]
        explanation: ...
        enabled: true          # optional: false disables the rule
        when:                  # optional: where the rule applies; every key must hold (AND)
          head.Number: [Sing]  # dep.<Feature> / head.<Feature>: one of these values
        outside: {support: 1216, share: 0.29}   # optional, documentation: how it fares elsewhere
        except_lemmas: [lem1]  # optional: where the rule does not apply (either end's lemma)
        exceptions:            # optional, documentation of except_lemmas: treebank counts
          lem1: {support: 12, share: 0.08}
        except_forms: []
        weight: 1.0            # optional: weight in the segment score
      - id: as.dep.NOUN.VERB.comp:obj.Case
        type: as
        side: dep              # which end the rule constrains: dep | head
        allowed: [Acc, Dat]
        kl: 1.23               # KL divergence of the local from the global distribution
        ...
      - id: as.dep.NOUN.ADP.comp:obj.Case.Dat   # government: the base id + the allowed values
        type: as
        side: dep
        dep: NOUN
        head: ADP
        relation: comp:obj
        feature: Case
        allowed: [Dat]
        when:
          head.lemma: [prep1, prep2, prep3]   # the prepositions that govern the dative
        evidence:              # optional, documentation: treebank counts per governor lemma
          prep1: {support: 298, share: 0.9966}
        ...

``when`` keys are ``dep.<Feature>``, ``head.<Feature>``, ``dep.lemma``, ``head.lemma`` and
``governor.lemma`` (the lemma of the head's own head: the verb a preposition hangs on, as a verb
of position decides the dative after a two-way preposition); each value is a list of allowed
values. A feature condition holds when the word carries the feature with one of the values (a
multi-value ``Acc,Nom`` holds when any of its values is listed); a word without the feature fails
it. Lemmas are compared case-insensitively (``str.casefold``): extraction puts lemmas
into conditions only for closed classes (determiners, pronouns, numerals...) and for governors
(prepositions, auxiliaries, verbs), all lower-case words, so a capitalised sentence-initial lemma
from a tagger still matches. ``except_lemmas`` and ``except_forms`` are not conditions: the checker
tests them separately (exact lemma; form as written or lower-cased).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

import yaml

from .conllu_io import atomic_write
from .errors import LambreError, RuleFileError
from .files import read_regular_text
from .limits import check_yaml

RuleType = Literal["agree", "as"]
Side = Literal["both", "dep", "head"]
#: a rule's ``when``: (key, allowed values) pairs, all of which must hold
Conditions = tuple[tuple[str, tuple[str, ...]], ...]

#: a ``when`` key: ``dep.`` or ``head.`` and ``lemma`` or a UD feature name (``Number``, ``Number[psor]``)
WHEN_KEY = re.compile(r"^((dep|head)\.(lemma|[A-Z][A-Za-z0-9]*(\[[a-z0-9]+\])?)|governor\.lemma)$")


@dataclass(frozen=True)
class Stat:
    """Treebank counts behind a statement: how many instances, and the share where the rule holds."""

    support: int
    share: float


@dataclass(frozen=True)
class Rule:
    """One morphosyntactic rule over arcs ``dep_upos --relation--> head_upos``."""

    id: str
    type: RuleType
    dep_upos: str
    head_upos: str
    relation: str
    feature: str
    side: Side = "both"
    allowed: tuple[str, ...] = ()
    support: int = 0
    share: float | None = None
    kl: float | None = None
    examples: tuple[str, ...] = ()
    #: one treebank sentence where the rule holds, the two words in [brackets] (for hovers)
    example: str = ""
    explanation: str = ""
    enabled: bool = True
    except_lemmas: frozenset[str] = frozenset()
    except_forms: frozenset[str] = frozenset()
    weight: float = 1.0
    #: where the rule applies (all must hold); empty: everywhere
    when: Conditions = ()
    #: documentation: the rule outside its ``when`` (arcs where at least one end has the feature)
    outside: Stat | None = None
    #: documentation of ``except_lemmas``: lemma -> its treebank counts under this rule
    exceptions: tuple[tuple[str, Stat], ...] = ()
    #: documentation of a ``head.lemma``/``dep.lemma`` condition: lemma -> its treebank counts
    evidence: tuple[tuple[str, Stat], ...] = ()

    @property
    def conditions(self) -> dict[str, tuple[str, ...]]:
        """``when`` as a mapping: key -> allowed values."""
        return dict(self.when)

    @cached_property
    def lemma_sets(self) -> dict[str, frozenset[str]]:
        """The lemma conditions of ``when``: key (``head.lemma``...) -> casefolded lemmas."""
        return {k: frozenset(v.casefold() for v in vals)
                for k, vals in self.when if k.endswith(".lemma")}

    @property
    def names_lemmas_at_all(self) -> bool:
        """Whether the rule's ``when`` names lemmas (``names_lemmas`` is then worth asking)."""
        return bool(self.lemma_sets)

    def names_lemmas(self, dep_lemma: str, head_lemma: str, governor_lemma: str = "") -> bool:
        """Whether the rule names lemmas (government: ``when: {head.lemma: [...]}``) and they
        are these words' lemmas: then it speaks for these words in place of the general rule."""
        sets = self.lemma_sets
        ends = {"dep": dep_lemma, "head": head_lemma, "governor": governor_lemma}
        return bool(sets) and all(ends[key.partition(".")[0]].casefold() in lemmas
                                  for key, lemmas in sets.items())

    @property
    def by_governor(self) -> bool:
        """Whether the rule has a ``governor.lemma`` condition (tested on the tree, per arc)."""
        return "governor.lemma" in self.lemma_sets

    def applies(
        self,
        dep_feats: Mapping[str, str],
        head_feats: Mapping[str, str],
        dep_lemma: str,
        head_lemma: str,
    ) -> bool:
        """Whether the rule's ``when`` conditions all hold for one analysis of an arc (pure; a rule
        without ``when`` applies everywhere). A feature condition holds when the word carries the
        feature with an allowed value; values may be comma-joined (``Acc,Nom``), and then any
        allowed one will do; a word without the feature fails it. Lemmas are compared
        case-insensitively. ``except_lemmas``/``except_forms`` are not tested here."""
        for on_dep, what, allowed in self._tests:
            if what is None:  # a lemma condition (``allowed`` casefolded)
                if (dep_lemma if on_dep else head_lemma).casefold() not in allowed:
                    return False
                continue
            value = (dep_feats if on_dep else head_feats).get(what)
            if not value:
                return False
            if "," in value:
                if not any(v in allowed for v in value.split(",")):
                    return False
            elif value not in allowed:
                return False
        return True

    @cached_property
    def _tests(self) -> tuple[tuple[bool, str | None, frozenset[str]], ...]:
        """``when`` as ``applies`` tests it, worked out once: (on the dependent?, feature or
        None for the lemma, allowed values); ``governor.lemma`` is left to ``rule_arcs``."""
        tests: list[tuple[bool, str | None, frozenset[str]]] = []
        for key, allowed in self.when:
            end, _, what = key.partition(".")
            if end == "governor":
                continue  # a property of the tree, not of the arc's analyses (``rule_arcs``)
            if what == "lemma":
                tests.append((end == "dep", None, self.lemma_sets[key]))
            else:
                tests.append((end == "dep", what, frozenset(allowed)))
        return tuple(tests)

    @property
    def reliability(self) -> float:
        """How often the rule holds in its treebank: the agreement share, or the share of the
        local distribution that the allowed values cover (stored in ``share`` for ``as`` rules)."""
        return self.share if self.share is not None else 1.0


def is_subject_rule(rule: Rule) -> bool:
    """Whether a rule is about a subject and its verb (SUD ``subj``): agreement or case."""
    return rule.relation.split("@")[0].split(":")[0] == "subj"


def rule_id(
    type_: str, dep_upos: str, head_upos: str, relation: str, feature: str, side: str = "both",
    allowed: tuple[str, ...] | list[str] = (), when: Conditions = (),
) -> str:
    """The stable id of a rule: the same rule extracted twice gets the same id.

    An assignment rule restricted to some lemmas (``when: {head.lemma: [...]}``, a governor's
    rule) extends the base id with its allowed values: ``as.dep.NOUN.ADP.comp:obj.Case.Dat``,
    ``...Case.Acc+Dat``. A conditioned agreement rule keeps the base id."""
    if type_ == "agree":
        return f"agree.{dep_upos}.{head_upos}.{relation}.{feature}"
    base = f"as.{side}.{dep_upos}.{head_upos}.{relation}.{feature}"
    if allowed and any(k.endswith(".lemma") for k, _ in when):
        gov = dict(when).get("governor.lemma")
        # a frame of the head's governor (verb + preposition + dative) is named after its first verb
        return base + "." + "+".join(sorted(allowed)) + (f".{gov[0]}" if gov else "")
    return base


@dataclass
class TreebankSource:
    """A treebank a rule file (or model) was built from."""

    treebank: str
    files: list[str] = field(default_factory=list)
    license: str = "unknown"


@dataclass
class RuleSet:
    """The rules of one language, with their provenance."""

    lang: str
    rules: list[Rule]
    sources: list[TreebankSource] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    path: str | None = None

    @property
    def by_id(self) -> dict[str, Rule]:
        return {r.id: r for r in self.rules}

    @property
    def version(self) -> str:
        """A short content hash: two rule sets with the same rules have the same version."""
        h = hashlib.sha1()
        for r in sorted(self.rules, key=lambda r: r.id):
            key: tuple[Any, ...] = (r.id, r.allowed, r.enabled, sorted(r.except_lemmas),
                                    sorted(r.except_forms), r.weight)
            if r.when:  # rules without conditions hash as before
                key += (r.when,)
            h.update(repr(key).encode())
        return f"{self.lang}-{h.hexdigest()[:8]}"

    def enabled_rules(self, disabled: frozenset[str] | set[str] = frozenset()) -> list[Rule]:
        """The rules that are on: enabled in the file and not in ``disabled``."""
        return [r for r in self.rules if r.enabled and r.id not in disabled]


# ---------------------------------------------------------------- loading

_REQUIRED = ("type", "dep", "head", "relation", "feature")
_KNOWN = set(_REQUIRED) | {
    "id", "side", "allowed", "support", "share", "kl", "examples", "example", "explanation",
    "enabled",
    "except_lemmas", "except_forms", "weight",
    "when", "outside", "exceptions", "evidence",
}
_STAT_KEYS = ("support", "share")


class _LineLoader(yaml.SafeLoader):
    """A SafeLoader whose mappings remember the line of each key (``__lines__``)."""


#: the same with libyaml's parser, when PyYAML has it: a rule file loads several times faster
#: (it showed in the start-up of every command). Errors are reported by ``_LineLoader``, so
#: their wording is the same either way.
_FastLineLoader: type[Any] = (
    type("_FastLineLoader", (yaml.CSafeLoader,), {}) if getattr(yaml, "__with_libyaml__", False)
    else _LineLoader)


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> dict[Any, Any]:
    mapping = loader.construct_mapping(node, deep=True)
    lines = {}
    for key_node, _ in node.value:
        lines[loader.construct_object(key_node)] = key_node.start_mark.line + 1
    mapping["__lines__"] = lines
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


for _loader in (_LineLoader, _FastLineLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in ("__lines__", "__line__")}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def _str_list(value: Any, what: str, err: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str | int | float) for v in value):
        raise err(f"{what} must be a list of strings")
    return [str(v) for v in value]


def _line_of(mapping: dict[str, Any], key: Any, default: int | None) -> int | None:
    lines = mapping.get("__lines__", {}) if isinstance(mapping, dict) else {}
    line = lines.get(key)
    return line if isinstance(line, int) else default


def _parse_stat(value: Any, what: str, path: str, line: int | None) -> Stat:
    """``{support: N, share: x}`` (both required)."""
    if not isinstance(value, dict):
        raise RuleFileError(f"{what}: must be a mapping {{support: N, share: x}}", path, line)
    for key in value:
        if key not in ("__lines__", "__line__") and key not in _STAT_KEYS:
            raise RuleFileError(f"{what}: unknown key {key!r} (known: support, share)", path,
                                _line_of(value, key, line))
    support, share = value.get("support"), value.get("share")
    if not isinstance(support, int) or isinstance(support, bool) or support < 0:
        raise RuleFileError(f"{what}: 'support' must be a non-negative integer", path,
                            _line_of(value, "support", line))
    if not isinstance(share, int | float) or isinstance(share, bool) or not 0.0 <= share <= 1.0:
        raise RuleFileError(f"{what}: 'share' must be a number in [0.0, 1.0]", path,
                            _line_of(value, "share", line))
    return Stat(support, float(share))


def _parse_when(value: Any, path: str, line: int | None) -> Conditions:
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise RuleFileError("field 'when': must be a mapping like {head.Number: [Sing]}", path, line)
    out = []
    for key, allowed in value.items():
        if key in ("__lines__", "__line__"):
            continue
        kline = _line_of(value, key, line)
        if not isinstance(key, str) or not WHEN_KEY.match(key):
            raise RuleFileError(
                f"field 'when': unknown key {key!r} (use dep.<Feature>, head.<Feature>, "
                "dep.lemma, head.lemma or governor.lemma)", path, kline)
        if (not isinstance(allowed, list) or not allowed
                or not all(isinstance(v, str | int) and not isinstance(v, bool) for v in allowed)):
            raise RuleFileError(f"field 'when': {key!r} must be a non-empty list of values", path, kline)
        out.append((key, tuple(str(v) for v in allowed)))
    return tuple(out)


def _parse_lemma_stats(value: Any, fld: str, path: str, line: int | None) -> tuple[tuple[str, Stat], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise RuleFileError(f"field '{fld}': must be a mapping lemma -> {{support: N, share: x}}",
                            path, line)
    return tuple(
        (str(lemma), _parse_stat(stat, f"field '{fld}': lemma {lemma!r}", path,
                                 _line_of(value, lemma, line)))
        for lemma, stat in value.items() if lemma not in ("__lines__", "__line__")
    )


def _parse_rule(raw: Any, path: str, index: int) -> Rule:
    if not isinstance(raw, dict):
        raise RuleFileError(f"rule #{index + 1} must be a mapping", path)
    lines: dict[str, int] = raw.get("__lines__", {})
    start = raw.get("__line__")

    def err_for(fld: str) -> Any:
        def make(msg: str) -> RuleFileError:
            return RuleFileError(f"field '{fld}': {msg}", path, lines.get(fld, start))
        return make

    for key in raw:
        if key in ("__lines__", "__line__"):
            continue
        if key not in _KNOWN:
            raise RuleFileError(
                f"field '{key}': unknown field (known: {', '.join(sorted(_KNOWN))})",
                path, lines.get(key, start),
            )
    for key in _REQUIRED:
        if key not in raw or raw[key] in (None, ""):
            raise RuleFileError(f"field '{key}': missing", path, start)
        if not isinstance(raw[key], str):
            raise err_for(key)("must be a string")
    type_ = raw["type"]
    if type_ not in ("agree", "as"):
        raise err_for("type")(f"must be 'agree' or 'as', not {type_!r}")
    side = raw.get("side", "both" if type_ == "agree" else None)
    if type_ == "as" and side not in ("dep", "head"):
        raise err_for("side")("an 'as' rule needs side: dep or head")
    if type_ == "agree" and side != "both":
        raise err_for("side")("an 'agree' rule constrains both ends: omit side or use 'both'")
    allowed = _str_list(raw.get("allowed"), "allowed", err_for("allowed"))
    if type_ == "as" and not allowed:
        raise err_for("allowed")("an 'as' rule needs a non-empty list of allowed values")
    support = raw.get("support", 0)
    if not isinstance(support, int) or isinstance(support, bool) or support < 0:
        raise err_for("support")("must be a non-negative integer")
    numbers: dict[str, float | None] = {}
    for key, lo, hi in (("share", 0.0, 1.0), ("kl", 0.0, float("inf")),
                        ("weight", 0.0, float("inf"))):
        value = raw.get(key)
        if value is None:
            numbers[key] = None
            continue
        if not isinstance(value, int | float) or isinstance(value, bool) or not lo <= value <= hi:
            raise err_for(key)(f"must be a number in [{lo}, {hi}]")
        numbers[key] = float(value)
    enabled = raw.get("enabled", True)
    if not isinstance(enabled, bool):
        raise err_for("enabled")("must be true or false")
    explanation = raw.get("explanation", "")
    if not isinstance(explanation, str):
        raise err_for("explanation")("must be a string")
    example = raw.get("example", "")
    if not isinstance(example, str):
        raise err_for("example")("must be a string")
    when = _parse_when(raw.get("when"), path, lines.get("when", start))
    outside = None
    if raw.get("outside") is not None:
        outside = _parse_stat(raw["outside"], "field 'outside'", path, lines.get("outside", start))
    except_lemmas = frozenset(_str_list(raw.get("except_lemmas"), "except_lemmas",
                                        err_for("except_lemmas")))
    exceptions = _parse_lemma_stats(raw.get("exceptions"), "exceptions", path,
                                    lines.get("exceptions", start))
    for lemma, _ in exceptions:
        if lemma not in except_lemmas:
            raise RuleFileError(
                f"field 'exceptions': lemma {lemma!r} is not in except_lemmas (list it there, "
                "or remove it here)", path, _line_of(raw["exceptions"], lemma, start))
    evidence = _parse_lemma_stats(raw.get("evidence"), "evidence", path,
                                  lines.get("evidence", start))
    rid = raw.get("id") or rule_id(type_, raw["dep"], raw["head"], raw["relation"],
                                   raw["feature"], side or "both", allowed, when)
    if not isinstance(rid, str):
        raise err_for("id")("must be a string")
    weight = numbers["weight"]
    return Rule(
        id=rid,
        type=type_,
        dep_upos=raw["dep"],
        head_upos=raw["head"],
        relation=raw["relation"],
        feature=raw["feature"],
        side=side or "both",
        allowed=tuple(allowed),
        support=support,
        share=numbers["share"],
        kl=numbers["kl"],
        examples=tuple(_str_list(raw.get("examples"), "examples", err_for("examples"))),
        example=example,
        explanation=explanation,
        enabled=enabled,
        except_lemmas=except_lemmas,
        except_forms=frozenset(_str_list(raw.get("except_forms"), "except_forms",
                                         err_for("except_forms"))),
        weight=1.0 if weight is None else weight,
        when=when,
        outside=outside,
        exceptions=exceptions,
        evidence=evidence,
    )


def parse_rules(text: str, path: str = "<string>") -> RuleSet:
    """Parse and validate the text of a rule file."""
    check_yaml(text, path, RuleFileError)
    try:
        try:
            data = yaml.load(text, Loader=_FastLineLoader)  # noqa: S506 - a SafeLoader subclass
        except yaml.YAMLError:
            data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - the same, in Python
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        raise RuleFileError(f"not valid YAML: {exc.problem}", path,
                            mark.line + 1 if mark else None,
                            mark.column + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise RuleFileError(f"not valid YAML: {exc}", path) from None
    if data is None:
        raise RuleFileError("empty rule file", path, 1)
    if not isinstance(data, dict):
        raise RuleFileError("a rule file is a mapping with 'lang' and 'rules'", path, 1)
    lines = data.get("__lines__", {})
    lang = data.get("lang")
    if not isinstance(lang, str) or not lang:
        raise RuleFileError("field 'lang': missing or not a string", path, lines.get("lang", 1))
    raw_rules = data.get("rules")
    if not isinstance(raw_rules, list):
        raise RuleFileError("field 'rules': must be a list", path, lines.get("rules", 1))
    rules = [_parse_rule(r, path, i) for i, r in enumerate(raw_rules)]
    seen: dict[str, Rule] = {}
    for raw, rule in zip(raw_rules, rules, strict=True):
        if rule.id in seen:
            line = raw.get("__lines__", {}).get("id", raw.get("__line__"))
            raise RuleFileError(f"field 'id': duplicate rule id {rule.id!r}", path, line)
        seen[rule.id] = rule
    sources = []
    for s in _strip(data.get("sources") or []):
        if isinstance(s, dict) and "treebank" in s:
            sources.append(TreebankSource(str(s["treebank"]), [str(f) for f in s.get("files", [])],
                                          str(s.get("license", "unknown"))))
    options = _strip(data.get("options") or {})
    return RuleSet(lang, rules, sources, options if isinstance(options, dict) else {}, path)


#: the largest rule file read (the shipped ones are under 100 kB)
RULES_MAX_BYTES = 64_000_000


def load_rules(path: str | os.PathLike[str]) -> RuleSet:
    """Load and validate a rule file; a bad one raises ``RuleFileError`` (file, line, field)."""
    name = str(path)
    if not os.path.lexists(name):
        raise RuleFileError("rule file not found", name)
    try:
        # a regular file of bounded size only: a FIFO or /dev/zero named here must not hang
        text = read_regular_text(name, RULES_MAX_BYTES)
    except LambreError as err:
        raise RuleFileError(f"cannot read rule file: {err.message}", name, err.line,
                            err.column) from None
    return parse_rules(text, name)


def rules_dir() -> Path:
    """Where the shipped rule files live: ``LAMBRE_RULES_DIR``, the repo's ``rules/``, or the
    installed ``share/lambre/rules``."""
    env = os.environ.get("LAMBRE_RULES_DIR")
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[1] / "rules"
    if repo.is_dir():
        return repo
    import sys

    return Path(sys.prefix) / "share" / "lambre" / "rules"


def rules_path(lang: str) -> Path:
    """The shipped rule file of ``lang``."""
    return rules_dir() / f"{lang}.yaml"


def available_languages() -> list[str]:
    """Languages with a shipped rule file."""
    d = rules_dir()
    return sorted(p.stem for p in d.glob("*.yaml")) if d.is_dir() else []


def default_rules(lang: str) -> RuleSet:
    """The shipped rules of ``lang``; an unknown language raises ``RuleFileError``."""
    path = rules_path(lang)
    if not path.is_file():
        langs = ", ".join(available_languages()) or "none"
        raise RuleFileError(f"unknown language {lang!r}: no rule file (shipped: {langs})")
    return load_rules(path)


# ---------------------------------------------------------------- writing

class _Flow(list[Any]):
    """A list written in YAML flow style: ``[Acc, Dat]``."""


class _FlowMap(dict[str, Any]):
    """A mapping written in YAML flow style: ``{support: 12, share: 0.08}``."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(
    _Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))
_Dumper.add_representer(
    _FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))


def _stat(stat: Stat) -> _FlowMap:
    return _FlowMap(support=stat.support, share=round(stat.share, 4))


def _rule_to_dict(rule: Rule) -> dict[str, Any]:
    d = asdict(rule)
    out: dict[str, Any] = {
        "id": rule.id, "type": rule.type, "dep": rule.dep_upos, "head": rule.head_upos,
        "relation": rule.relation, "feature": rule.feature,
    }
    if rule.type == "as":
        out["side"] = rule.side
        out["allowed"] = _Flow(rule.allowed)
    if rule.when:
        out["when"] = {k: _Flow(v) for k, v in rule.when}
    out["support"] = rule.support
    if rule.share is not None:
        out["share"] = round(rule.share, 4)
    if rule.kl is not None:
        out["kl"] = round(rule.kl, 4)
    if rule.outside is not None:
        out["outside"] = _stat(rule.outside)
    out["examples"] = _Flow(rule.examples)
    if rule.example:
        out["example"] = rule.example
    out["explanation"] = rule.explanation
    if not rule.enabled:
        out["enabled"] = False
    for key in ("except_lemmas", "except_forms"):
        if d[key]:
            out[key] = _Flow(sorted(d[key]))
            documented = {lem: _stat(s) for lem, s in rule.exceptions if lem in rule.except_lemmas}
            if key == "except_lemmas" and documented:
                out["exceptions"] = documented
    if rule.evidence:
        out["evidence"] = {lemma: _stat(s) for lemma, s in rule.evidence}
    if rule.weight != 1.0:
        out["weight"] = rule.weight
    return out


def dump_rules(ruleset: RuleSet, header: str = "") -> str:
    """The YAML text of a rule set (stable key order, one rule per block)."""
    data: dict[str, Any] = {
        "lang": ruleset.lang,
        "sources": [asdict(s) for s in ruleset.sources],
        "options": ruleset.options,
        "rules": [_rule_to_dict(r) for r in ruleset.rules],
    }
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return (header + body) if header else body


def save_rules(ruleset: RuleSet, path: str | os.PathLike[str], header: str = "") -> None:
    """Write a rule file atomically."""
    atomic_write(path, dump_rules(ruleset, header))
