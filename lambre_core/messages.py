"""Words for people: the learner-facing message of a violation and its severity.

Shared by the language server (diagnostics) and ``lambre-core check`` (pre-commit), so a violation
reads the same in the editor and in CI.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from .check import Violation
from .doc import Word

#: languages every message template has (``messages.yaml``); others fall back to English
MESSAGE_LANGUAGES = ("en", "de", "ru")


@cache
def catalog() -> dict[str, Any]:
    """The message templates (``lambre_core/messages.yaml``): message id -> language -> text."""
    import yaml

    text = resources.files("lambre_core").joinpath("messages.yaml").read_text("utf-8")
    return dict(yaml.safe_load(text))


def _pick(table: dict[str, Any], lang: str) -> Any:
    return table.get(lang, table["en"])


def render(message_id: str, args: dict[str, str], lang: str = "en") -> str:
    """The message ``message_id`` in ``lang`` with ``args`` filled in: words as written
    (``word``, ``fix``, ...) and codes the catalogue names (``feature``, ``cases``, ``decl``)."""
    cat = catalog()
    names = cat["names"]
    fix = args.get("fix", "")
    fill = dict(args)
    table = "form_feature" if message_id == "wrong_form" else "feature"
    if "feature" in args:
        fill["feature"] = _pick(names[table], lang).get(args["feature"], args["feature"])
    if "cases" in args:
        case = _pick(names["case"], lang)
        fill["cases"] = _pick(names["or"], lang).join(case.get(c, c) for c in
                                                     args["cases"].split("|"))
    if "decl" in args:
        fill["decl"] = _pick(names["decl"], lang).get(args["decl"], args["decl"].lower())
    fill["use"] = _pick(cat["use"], lang).format(**fill) if fix else ""
    fill["shown"] = _pick(cat["shown"], lang).format(**fill) if fix and "noun" in fill else ""
    return str(_pick(cat["messages"][message_id], lang).format(**fill))


def reason(v: Violation, lang: str = "en") -> str:
    """The one-line reason of a violation in plain words ("" when it has none)."""
    why = catalog()["why"].get(v.message_id)
    return str(_pick(why, lang)) if why else ""

#: severities from most to least serious, as LSP numbers them (1..4)
SEVERITIES = ("error", "warning", "information", "hint")


def severity_rank(name: str) -> int:
    """1 (error) .. 4 (hint)."""
    return SEVERITIES.index(name) + 1


#: how the dependent relates to its head, for messages (SUD relations, subtypes stripped)
_ROLE = {
    "subj": "subject", "comp:obj": "object", "comp:obl": "oblique complement",
    "comp:aux": "auxiliary complement", "comp:pred": "predicative", "comp": "complement",
    "det": "determiner", "mod": "modifier", "udep": "dependent", "obl": "oblique",
    "appos": "apposition", "conj:appos": "apposition", "conj": "conjunct", "flat": "part",
    "compound": "compound part",
    "vocative": "vocative", "dislocated": "dislocated element", "cc": "conjunction",
}
_ROLE_VERB = {
    "subject": "whose subject it is", "object": "whose object it is",
    "determiner": "it determines", "modifier": "it modifies",
    "predicative": "whose predicative it is",
}
_UPOS_NAME = {
    "NOUN": "noun", "PROPN": "name", "PRON": "pronoun", "VERB": "verb", "AUX": "auxiliary",
    "ADJ": "adjective", "DET": "determiner", "ADP": "preposition", "NUM": "numeral",
    "ADV": "adverb", "PART": "particle",
}


def role(deprel: str) -> str:
    """A plain-English name for a SUD relation ("comp:obj" -> "object")."""
    if deprel in _ROLE:
        return _ROLE[deprel]
    base = deprel.split("@")[0]
    if base in _ROLE:
        return _ROLE[base]
    return _ROLE.get(base.split(":")[0], "dependent")


def feature_text(word: Word, feature: str) -> str:
    """``Number=Plur``, or ``no Number`` when the word lacks the feature."""
    v = word.feats.get(feature)
    return f"{feature}={v}" if v else f"no {feature}"


def pair_label(key: str, lang: str = "en") -> str:
    """The label of an example pair's right or wrong sentence (``key``: "right", "wrong")."""
    return str(_pick(catalog()["pair"][key], lang))


def related_text(v: Violation, lang: str = "en") -> str:
    """The related information beside a finding, in ``lang``: the arc's other word and its
    value of the rule's feature in plain words ('"<word>" (singular), the subject of this arc')."""
    cat = catalog()
    o, feat = v.other, v.feature
    values = _pick(cat["names"]["value"], lang)
    feature = _pick(cat["names"]["form_feature"], lang).get(feat, feat)
    val = o.feats.get(feat)
    if val:
        # a multi-valued feature ("Masc,Neut") in words one by one; an unknown code as itself
        value = ", ".join(values.get(x, f"{feat}={x}") for x in val.split(","))
    else:
        value = str(values["none"]).format(feature=feature)
    rel = "head" if o is v.head else role(v.dep.deprel)
    return str(_pick(cat["related"], lang).format(other=o.form, value=value, role=rel))


def _share(v: Violation) -> str:
    r = v.rule
    if r.share is None or not r.support:
        return ""
    pct = r.share * 100
    pct_s = f"{pct:.0f}" if pct < 99.5 or pct >= 100 else f"{pct:.1f}"
    if r.type == "agree":
        return f"; in the treebank this agreement holds in {pct_s} % of {r.support:,} cases."
    return f"; in the treebank {pct_s} % of {r.support:,} such words have it."


def message(v: Violation, lang: str = "en") -> str:
    """The learner-facing message for a violation, stated for its primary blamed token, in
    ``lang`` where the catalogue has it (the linguist's wording of a rule otherwise)."""
    if v.message_id:
        return render(v.message_id, dict(v.message_args), lang)
    if v.note:
        return v.note
    blamed, other = v.blamed, v.other
    feat = v.feature
    if v.rule.type == "agree":
        if blamed is v.head:
            rel = role(v.dep.deprel)
            text = (f'"{blamed.form}" ({feature_text(blamed, feat)}) does not agree in {feat} with '
                    f'its {rel} "{other.form}" ({feature_text(other, feat)})')
        else:
            rel = role(v.dep.deprel)
            tail = _ROLE_VERB.get(rel, f"whose {rel} it is")
            what = _UPOS_NAME.get(other.upos, "word")
            text = (f'"{blamed.form}" ({feature_text(blamed, feat)}) does not agree in {feat} with '
                    f'the {what} "{other.form}" ({feature_text(other, feat)}) {tail}')
        return text + (_share(v) or ".")
    expected = " or ".join(f"{feat}={x}" for x in v.expected) or f"another {feat}"
    if blamed is v.dep:
        ctx = f'as the {role(v.dep.deprel)} of "{other.form}"'
    else:
        ctx = f'with its {role(v.dep.deprel)} "{other.form}"'
    text = f'"{blamed.form}" ({feature_text(blamed, feat)}) should have {expected} {ctx}'
    return text + (_share(v) or ".")


def confidence(*words: Word) -> float:
    """The parser's confidence in the words' whole analyses (the least ``Conf``; 1 if absent)."""
    out = 1.0
    for w in words:
        try:
            out = min(out, float(w.misc.get("Conf", "1")))
        except ValueError:
            pass
    return out


def severity_name(v: Violation, hint_below: float) -> str:
    """Severity follows evidence: a violation the lexicons prove is an error, an uncertain one a
    hint. In the paper's plain mode (evidence "tagger"): error / warning / information / hint
    from the rule's reliability times the tagger's
    confidence in the rule's feature on both ends of the arc (``FConf``; the whole-bundle
    ``Conf`` of a word with five features is low even when its Number is certain)."""
    from .filters import feature_conf  # the lexicon behind filters loads only when needed

    if v.evidence == "proven":
        return "error"  # the forms themselves prove it
    if v.evidence == "uncertain":
        return "hint"  # the parse or an unknown word may be to blame
    if v.evidence == "colloquial":
        return "information"  # the spoken register's form, no error in it
    conf = min(feature_conf(v.dep, v.feature), feature_conf(v.head, v.feature))
    s = v.rule.reliability * conf
    if s < hint_below:
        return "hint"
    if s >= 0.95 and v.rule.support >= 50:
        return "error"
    if s >= 0.85:
        return "warning"
    return "information"
