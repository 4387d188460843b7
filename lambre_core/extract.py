"""Rule extraction from SUD treebanks (L'AMBRE §3).

Agreement, ``r_agree(x, y, d) -> f``: over arcs ``x --d--> y`` where both ends carry ``f``, the share
that agree (their value sets intersect). Candidates with share > ``agree_threshold`` and at least
``min_count`` instances are kept, then only the most frequent ones covering ``agree_coverage`` (80 %)
of all candidate instances.

Case assignment / verb form choice, ``r_as(x, y, d) -> f_x in {F...}``: for the dependent side, the
local distribution of ``f`` on ``x`` over arcs ``(x, y, d)`` against the global distribution of ``f`` on
``x``; for the head side, the same for the head. Rules whose KL(local || global) (natural log) exceeds
``kl_threshold`` (0.9) with at least ``min_count`` instances are kept. The allowed values are the
smallest set of most frequent local values that covers ``allowed_coverage`` (95 %) of the local
distribution; values below ``min_value_share`` (2 %) are never allowed (treebank noise).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .conllu_io import read_conllu, tree_error
from .doc import Sentence
from .errors import TreeError
from .rules import Rule, RuleSet, Side, TreebankSource, rule_id
from .sud import base_relation, to_sud

DEFAULT_AGREE_FEATURES = ("Case", "Number", "Gender", "Person", "Animacy", "Definite")
DEFAULT_AS_FEATURES = ("Case", "VerbForm", "Mood")
#: relations that never carry morphosyntactic constraints
_SKIP_RELATIONS = {"punct", "root", "reparandum", "goeswith", "unk", "orphan", "dep"}

_LANGUAGE_NAMES = {
    "de": "German", "ru": "Russian", "el": "Greek", "tr": "Turkish", "cs": "Czech",
    "fr": "French", "fi": "Finnish", "et": "Estonian", "it": "Italian",
}


@dataclass
class ExtractOptions:
    """Thresholds of rule extraction (defaults follow the paper where it gives them)."""

    min_count: int = 30
    agree_threshold: float = 0.9
    agree_coverage: float = 0.8
    kl_threshold: float = 0.9
    allowed_coverage: float = 0.95
    min_value_share: float = 0.02
    agree_features: tuple[str, ...] = DEFAULT_AGREE_FEATURES
    as_features: tuple[str, ...] = DEFAULT_AS_FEATURES
    max_examples: int = 3


Triple = tuple[str, str, str]  # (dependent UPOS, head UPOS, relation)


@dataclass
class _Stats:
    agree_total: Counter[tuple[Triple, str]] = field(default_factory=Counter)
    agree_ok: Counter[tuple[Triple, str]] = field(default_factory=Counter)
    agree_examples: dict[tuple[Triple, str], list[str]] = field(default_factory=dict)
    # (kind, triple, feature) -> a marked example sentence
    marked: dict[tuple[str, Triple, str], str] = field(default_factory=dict)
    # global: (upos, feature) -> value -> weight
    global_dist: dict[tuple[str, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter))
    # local: (side, triple, feature) -> value -> weight
    local_dist: dict[tuple[str, Triple, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter))
    local_examples: dict[tuple[str, Triple, str], list[tuple[str, frozenset[str]]]] = field(
        default_factory=dict)


def _add_values(counter: Counter[str], values: frozenset[str]) -> None:
    # a multi-valued feature (Case=Acc,Nom) counts as a fraction of each value
    for v in values:
        counter[v] += 1.0 / len(values)  # type: ignore[assignment]


def collect(sentences: Iterable[Sentence], options: ExtractOptions) -> _Stats:
    """Count arcs, agreements and feature distributions over SUD-converted sentences."""
    stats = _Stats()
    for i, ud in enumerate(sentences):
        if tree_error(ud) is not None:
            continue
        sent = to_sud(ud)
        sid = sent.sent_id or f"s{i + 1}"
        for w in sent.words:
            for f in options.as_features:
                vals = w.feat_values(f)
                if vals:
                    _add_values(stats.global_dist[(w.upos, f)], vals)
        for w in sent.words:
            if w.head == 0:
                continue
            rel = base_relation(w.deprel)
            if rel in _SKIP_RELATIONS:
                continue
            h = sent.word(w.head)
            triple = (w.upos, h.upos, rel)
            for f in options.agree_features:
                dv, hv = w.feat_values(f), h.feat_values(f)
                if dv and hv:
                    key = (triple, f)
                    stats.agree_total[key] += 1
                    if dv & hv:
                        stats.agree_ok[key] += 1
                        if ("agree", triple, f) not in stats.marked:
                            stats.marked[("agree", triple, f)] = _mark(sent, w.id, h.id)
                        ex = stats.agree_examples.setdefault(key, [])
                        if len(ex) < options.max_examples and sid not in ex:
                            ex.append(sid)
            for f in options.as_features:
                for side, word in (("dep", w), ("head", h)):
                    vals = word.feat_values(f)
                    if vals:
                        lkey = (side, triple, f)
                        _add_values(stats.local_dist[lkey], vals)
                        lex = stats.local_examples.setdefault(lkey, [])
                        if len(lex) < 50:
                            lex.append((sid, vals))
                            stats.marked.setdefault((sid + side, triple, f), _mark(sent, w.id, h.id))
    return stats


def _mark(sent: Sentence, a: int, b: int, limit: int = 160) -> str:
    """The sentence's forms with words ``a`` and ``b`` in brackets, cut around them if long."""
    forms = [f"[{w.form}]" if w.id in (a, b) else w.form for w in sent.words]
    lo, hi = min(a, b) - 1, max(a, b)
    while len(" ".join(forms[lo:hi])) < limit and (lo > 0 or hi < len(forms)):
        lo, hi = max(lo - 1, 0), min(hi + 1, len(forms))
    text = " ".join(forms[lo:hi])
    return ("… " if lo > 0 else "") + text + (" …" if hi < len(forms) else "")


def kl_divergence(local: Counter[str], global_: Counter[str]) -> float:
    """KL(local || global) in nats; both are raw counts over values."""
    lt = sum(local.values())
    gt = sum(global_.values())
    kl = 0.0
    for v, c in local.items():
        p = c / lt
        q = global_.get(v, 0.0) / gt
        if p > 0:
            # a local value never seen globally cannot happen (local is a subset); guard anyway
            kl += p * math.log(p / max(q, 1e-12))
    return kl


def allowed_values(local: Counter[str], options: ExtractOptions) -> tuple[tuple[str, ...], float]:
    """The most frequent local values covering ``allowed_coverage``, and the share they cover."""
    total = sum(local.values())
    chosen: list[str] = []
    covered = 0.0
    for value, count in sorted(local.items(), key=lambda kv: (-kv[1], kv[0])):
        share = count / total
        if share < options.min_value_share:
            break
        chosen.append(value)
        covered += share
        if covered >= options.allowed_coverage:
            break
    return tuple(sorted(chosen)), covered


def _agree_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    candidates = []
    for key, total in stats.agree_total.items():
        share = stats.agree_ok[key] / total
        if total >= options.min_count and share > options.agree_threshold:
            candidates.append((key, total, share))
    candidates.sort(key=lambda c: (-c[1], c[0]))
    grand = sum(c[1] for c in candidates)
    rules = []
    covered = 0
    for (triple, f), total, share in candidates:
        if grand and covered >= options.agree_coverage * grand:
            break
        covered += total
        x, y, d = triple
        rules.append(Rule(
            id=rule_id("agree", x, y, d, f), type="agree", dep_upos=x, head_upos=y, relation=d,
            feature=f, side="both", support=total, share=share,
            examples=tuple(stats.agree_examples.get((triple, f), [])),
            example=stats.marked.get(("agree", triple, f), ""),
            explanation=(f"A {x} attached to a {y} by '{d}' agrees with it in {f} "
                         f"({100 * share:.0f} % of {total:,} cases in the treebank)."),
        ))
    return rules


def _as_rules(stats: _Stats, options: ExtractOptions) -> list[Rule]:
    rules = []
    side: Side
    for (side_name, triple, f), local in sorted(stats.local_dist.items()):
        side = "dep" if side_name == "dep" else "head"
        support = round(sum(local.values()))
        if support < options.min_count:
            continue
        x, y, d = triple
        upos = x if side == "dep" else y
        kl = kl_divergence(local, stats.global_dist[(upos, f)])
        if kl <= options.kl_threshold:
            continue
        allowed, covered = allowed_values(local, options)
        glob = stats.global_dist[(upos, f)]
        gtotal = sum(glob.values())
        common = {v for v, c in glob.items() if c / gtotal >= options.min_value_share}
        if common <= set(allowed):
            continue  # allows every common value: it would never fire
        examples = [sid for sid, vals in stats.local_examples.get((side, triple, f), [])
                    if vals & set(allowed)]
        examples = list(dict.fromkeys(examples))[: options.max_examples]
        role = f"a {x} attached to a {y} by '{d}'" if side == "dep" else \
            f"a {y} that has a {x} attached by '{d}'"
        rules.append(Rule(
            id=rule_id("as", x, y, d, f, side), type="as", dep_upos=x, head_upos=y, relation=d,
            feature=f, side=side, allowed=allowed, support=support, share=covered, kl=kl,
            examples=tuple(examples),
            example=stats.marked.get((examples[0] + side, triple, f), "") if examples else "",
            explanation=(f"{role[0].upper()}{role[1:]} has {f}="
                         f"{' or '.join(allowed)} ({100 * covered:.0f} % of {support:,} cases)."),
        ))
    return rules


def extract_rules(
    sentences: Iterable[Sentence], lang: str, options: ExtractOptions | None = None
) -> RuleSet:
    """Extract agreement and assignment rules from UD sentences (converted to SUD here)."""
    options = options or ExtractOptions()
    stats = collect(sentences, options)
    rules = _agree_rules(stats, options) + _as_rules(stats, options)
    opts = asdict(options)
    opts["agree_features"] = list(options.agree_features)
    opts["as_features"] = list(options.as_features)
    return RuleSet(lang, rules, [], opts)


def treebank_source(path: Path) -> TreebankSource:
    """Name and licence of the treebank a CoNLL-U file belongs to, from the ``licenses/`` folder
    beside it (``treebanks/ud/de/de_gsd-ud-dev.conllu`` -> ``treebanks/licenses/UD_German-GSD``)."""
    stem = path.name.split("-")[0]  # de_gsd
    lang, _, code = stem.partition("_")
    name = f"UD_{_LANGUAGE_NAMES.get(lang, lang)}-{code.upper()}"
    for base in path.resolve().parents:
        lic_root = base / "licenses"
        if not lic_root.is_dir():
            continue
        for d in lic_root.iterdir():
            if d.name.lower() == name.lower() or (
                d.name.startswith("UD_") and d.name.lower().endswith("-" + code.lower())
                and _LANGUAGE_NAMES.get(lang, "@").lower() in d.name.lower()
            ):
                readme = d / "README.md"
                if readme.is_file():
                    for line in readme.read_text(encoding="utf-8", errors="replace").splitlines():
                        if line.lower().startswith("license:"):
                            return TreebankSource(d.name, [path.name], line.split(":", 1)[1].strip())
                return TreebankSource(d.name, [path.name])
        break
    return TreebankSource(name, [path.name])


def extract_from_files(
    paths: list[Path], lang: str, options: ExtractOptions | None = None,
    on_skip: Callable[[TreeError], None] | None = None,
) -> RuleSet:
    """Read treebank files, extract rules, and record the treebanks and their licences.

    Sentences whose tree is broken are left out; ``on_skip`` hears about each one."""
    sentences: list[Sentence] = []
    for p in paths:
        for sent in read_conllu(p):
            problem = tree_error(sent)
            if problem is None:
                sentences.append(sent)
            elif on_skip is not None:
                on_skip(problem)
    ruleset = extract_rules(sentences, lang, options)
    merged: dict[str, TreebankSource] = {}
    for p in paths:
        src = treebank_source(Path(p))
        if src.treebank in merged:
            merged[src.treebank].files.extend(src.files)
        else:
            merged[src.treebank] = src
    ruleset.sources = list(merged.values())
    return ruleset
