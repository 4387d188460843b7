"""Morphological noise for robust parser training (§4.1 of the L'AMBRE paper).

In each sentence at most one token is replaced by another form of the same lemma whose feature
bundle differs in exactly one feature; the token keeps its place in the tree and takes the
features of its new form. The replaced word is marked in MISC (``Noise=Feature:Old>New``,
``OrigForm=...``) so evaluations can score altered tokens separately.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from .doc import Sentence, Word, surface_text
from .lexicon import Lexicon

#: features noise may change (the ones agreement and government rules read)
NOISE_FEATURES = ("Case", "Number", "Gender", "Person", "Tense", "Mood")
#: word classes noise touches
NOISE_UPOS = ("NOUN", "ADJ", "DET", "PRON", "VERB", "AUX")


@dataclass
class NoiseReport:
    """How much was noised: sentences, changed ones, and counts per feature."""

    sentences: int = 0
    noised: int = 0
    by_feature: dict[str, int] = field(default_factory=dict)

    @property
    def share(self) -> float:
        return self.noised / self.sentences if self.sentences else 0.0


def _match_case(new: str, old: str) -> str:
    if old[:1].isupper() and not new[:1].isupper():
        return new[:1].upper() + new[1:]
    if old[:1].islower() and new[:1].isupper() and not old.istitle():
        return new
    return new


def noise_sentence(sent: Sentence, lexicon: Lexicon, rng: random.Random,
                   features: Sequence[str] = NOISE_FEATURES) -> Sentence | None:
    """A copy of ``sent`` with one token inflected differently, or None when none can be."""
    inside = {i for m in sent.multiword for i in range(m.first, m.last + 1)}
    options: list[tuple[Word, tuple[str, str, str, str]]] = []
    for w in sent.words:
        if w.id in inside or w.upos not in NOISE_UPOS or not w.feats:
            continue
        for alt in lexicon.neighbours(w.lemma, w.upos, w.feats, w.form, features):
            options.append((w, alt))
    if not options:
        return None
    # choose the token first (uniformly), then one of its alternatives
    by_word: dict[int, list[tuple[str, str, str, str]]] = {}
    for w, alt in options:
        by_word.setdefault(w.id, []).append(alt)
    wid = rng.choice(sorted(by_word))
    new_form, feat, old_v, new_v = rng.choice(by_word[wid])
    words = []
    for w in sent.words:
        if w.id != wid:
            words.append(replace(w, feats=dict(w.feats), misc=dict(w.misc)))
            continue
        form = _match_case(new_form, w.form)
        feats = dict(w.feats)
        feats[feat] = new_v
        misc = dict(w.misc)
        misc["Noise"] = f"{feat}:{old_v}>{new_v}"
        misc["OrigForm"] = w.form
        words.append(replace(w, form=form, feats=feats, misc=misc))
    out = replace(sent, words=words, multiword=list(sent.multiword),
                  metadata=dict(sent.metadata))
    _fix_offsets(out, wid, len(words[wid - 1].form) - len(sent.word(wid).form))
    out.metadata["text"] = surface_text(out)
    if out.sent_id:
        out.metadata["sent_id"] = out.sent_id + "-noised"
    return out


def _fix_offsets(sent: Sentence, wid: int, delta: int) -> None:
    """Shift character offsets after a form changed length (the tree is unchanged)."""
    w = sent.word(wid)
    if w.start is None or w.end is None:
        return
    old_end = w.end
    w.end = w.end + delta
    for other in sent.words:
        if other.id != wid and other.start is not None and other.start >= old_end:
            other.start += delta
            other.end = None if other.end is None else other.end + delta
    for m in sent.multiword:
        if m.start is not None and m.start >= old_end:
            m.start += delta
            m.end = None if m.end is None else m.end + delta
    for x in sent.words:
        for k in ("start_char", "end_char", "TokenRange"):
            x.misc.pop(k, None)


def noise_corpus(sentences: Iterable[Sentence], lexicon: Lexicon, seed: int = 1,
                 features: Sequence[str] = NOISE_FEATURES,
                 keep_unchanged: bool = False) -> tuple[list[Sentence], NoiseReport]:
    """Noise every sentence that can be; ``keep_unchanged`` also returns the others as they are.

    Deterministic for a given seed (each sentence draws from its own generator)."""
    report = NoiseReport()
    out: list[Sentence] = []
    for i, s in enumerate(sentences):
        report.sentences += 1
        rng = random.Random(f"{seed}:{i}")
        n = noise_sentence(s, lexicon, rng, features)
        if n is None:
            if keep_unchanged:
                out.append(s)
            continue
        report.noised += 1
        changed = next(w.misc["Noise"] for w in n.words if "Noise" in w.misc)
        feat = changed.split(":", 1)[0]
        report.by_feature[feat] = report.by_feature.get(feat, 0) + 1
        out.append(n)
    return out, report
