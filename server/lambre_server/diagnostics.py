"""Violations -> LSP diagnostics: range on the blamed token, related information on the other end
of the arc, a message a learner understands, and a severity from rule reliability and parser
confidence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from lambre_core.check import Violation
from lambre_core.doc import Sentence, Word
from lambre_core.markup import Segment

from .positions import LineIndex

SOURCE = "lambre"

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}

#: how the dependent relates to its head, for messages (SUD relations, subtypes stripped)
_ROLE = {
    "subj": "subject", "comp:obj": "object", "comp:obl": "oblique complement",
    "comp:aux": "auxiliary complement", "comp:pred": "predicative", "comp": "complement",
    "det": "determiner", "mod": "modifier", "udep": "dependent", "obl": "oblique",
    "appos": "apposition", "conj": "conjunct", "flat": "part", "compound": "compound part",
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


def _vals(word: Word, feature: str) -> str:
    v = word.feats.get(feature)
    return f"{feature}={v}" if v else f"no {feature}"


def _share(v: Violation) -> str:
    r = v.rule
    if r.share is None or not r.support:
        return ""
    pct = r.share * 100
    pct_s = f"{pct:.0f}" if pct < 99.5 or pct >= 100 else f"{pct:.1f}"
    if r.type == "agree":
        return f"; in the treebank this agreement holds in {pct_s} % of {r.support:,} cases."
    return f"; in the treebank {pct_s} % of {r.support:,} such words have it."


def message(v: Violation) -> str:
    """The learner-facing message for a violation, stated for its primary blamed token."""
    blamed, other = v.blamed, v.other
    feat = v.feature
    if v.rule.type == "agree":
        if blamed is v.head:
            rel = role(v.dep.deprel)
            text = (f'"{blamed.form}" ({_vals(blamed, feat)}) does not agree in {feat} with '
                    f'its {rel} "{other.form}" ({_vals(other, feat)})')
        else:
            rel = role(v.dep.deprel)
            tail = _ROLE_VERB.get(rel, f"whose {rel} it is")
            what = _UPOS_NAME.get(other.upos, "word")
            text = (f'"{blamed.form}" ({_vals(blamed, feat)}) does not agree in {feat} with '
                    f'the {what} "{other.form}" ({_vals(other, feat)}) {tail}')
        return text + (_share(v) or ".")
    expected = " or ".join(f"{feat}={x}" for x in v.expected) or f"another {feat}"
    if blamed is v.dep:
        ctx = f'as the {role(v.dep.deprel)} of "{other.form}"'
    else:
        ctx = f'with its {role(v.dep.deprel)} "{other.form}"'
    text = f'"{blamed.form}" ({_vals(blamed, feat)}) should have {expected} {ctx}'
    return text + (_share(v) or ".")


def confidence(*words: Word) -> float:
    """The parser's confidence in the words' analyses (the least of their ``Conf``; 1 if absent)."""
    out = 1.0
    for w in words:
        c = w.misc.get("Conf")
        if c:
            try:
                out = min(out, float(c))
            except ValueError:
                pass
    return out


def severity_name(v: Violation, hint_below: float) -> str:
    """error / warning / information / hint from the rule's reliability times parser confidence."""
    s = v.rule.reliability * confidence(v.blamed, v.other)
    if s < hint_below:
        return "hint"
    if s >= 0.95 and v.rule.support >= 50:
        return "error"
    if s >= 0.85:
        return "warning"
    return "information"


def severity_rank(name: str) -> int:
    """1 (error) .. 4 (hint), as LSP numbers them."""
    return int(_SEVERITY[name])


def word_span(sent: Sentence, word: Word) -> tuple[int, int] | None:
    """Character span of a word in its sentence text: its own offsets, else the multiword
    token it belongs to."""
    if word.start is not None and word.end is not None and word.end > word.start:
        return word.start, word.end
    for m in sent.multiword:
        if m.first <= word.id <= m.last and m.start is not None and m.end is not None:
            return m.start, m.end
    return None


@dataclass(frozen=True)
class Placed:
    """A violation placed in the document: blamed and other spans as document offsets."""

    violation: Violation
    blamed: tuple[int, int]
    other: tuple[int, int] | None
    severity: str


def place(v: Violation, sent: Sentence, seg: Segment, hint_below: float) -> Placed | None:
    """Map a violation's token spans through the sentence's segment map to document offsets."""
    span = word_span(sent, v.blamed)
    if span is None or span[1] > len(seg.text):
        return None
    other = word_span(sent, v.other)
    other_doc = seg.doc_span(*other) if other is not None and other[1] <= len(seg.text) else None
    return Placed(v, seg.doc_span(*span), other_doc, severity_name(v, hint_below))


def to_diagnostic(p: Placed, index: LineIndex, uri: str, sentence_text: str,
                  severity: str) -> types.Diagnostic:
    """The LSP diagnostic for a placed violation."""
    v = p.violation
    token = index.text[p.blamed[0] : p.blamed[1]]
    related = None
    if p.other is not None:
        other = v.other
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=index.range(*p.other)),
            message=f'"{other.form}" ({_vals(other, v.feature)}), '
                    f'the {"head" if other is v.head else role(v.dep.deprel)} of this arc',
        )]
    data: dict[str, Any] = {
        "ruleId": v.rule.id,
        "form": v.blamed.form,
        # the surface token the range covers (a multiword token for "zum" = zu + dem)
        "token": token,
        "lemma": v.blamed.lemma,
        "upos": v.blamed.upos,
        "feats": dict(v.blamed.feats),
        "feature": v.feature,
        "ruleType": v.rule.type,
        "otherFeats": dict(v.other.feats),
        "expected": list(v.expected),
        "sentence": sentence_text,
    }
    return types.Diagnostic(
        range=index.range(*p.blamed),
        message=message(v),
        severity=_SEVERITY[severity],
        code=v.rule.id,
        source=SOURCE,
        related_information=related,
        data=data,
    )
