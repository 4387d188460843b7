"""Parser evaluation (Figure 4): LAS and UFeats on clean held-out data and on its noised copy,
over all words and over the altered words only, plus accuracy per feature the rules read.

Evaluation uses gold words (tokenization and multiword expansion are given), so the numbers
measure the tagger and the parser alone. Definitions:

- UPOS, UFeats (the whole bundle must match), UAS, LAS (head and universal deprel, the part before
  ``:``) over all words;
- per feature F: over the words where gold or prediction has F, the share where both agree
  (absent counts as a value), so a missing or spurious feature is an error;
- "altered": the words the noise changed (``misc["Noise"]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .doc import Sentence

RULE_FEATURES = ("Case", "Number", "Gender", "Person", "VerbForm")


@dataclass
class Tally:
    n: int = 0
    upos: int = 0
    feats: int = 0
    uas: int = 0
    las: int = 0
    feat_n: dict[str, int] = field(default_factory=dict)
    feat_ok: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        def pct(a: int, b: int) -> float:
            return round(100.0 * a / b, 2) if b else 0.0

        return {"words": self.n, "UPOS": pct(self.upos, self.n), "UFeats": pct(self.feats, self.n),
                "UAS": pct(self.uas, self.n), "LAS": pct(self.las, self.n),
                # a feature the language lacks (Turkish Gender) is left out, not scored 0
                "features": {f: pct(self.feat_ok.get(f, 0), self.feat_n[f])
                             for f in RULE_FEATURES if self.feat_n.get(f)}}


def _udep(d: str) -> str:
    return d.split(":", 1)[0]


def compare(gold: Sequence[Sentence], pred: Sequence[Sentence]) -> dict[str, Tally]:
    """Tallies over all words and over altered words; sentences must align word by word."""
    out = {"all": Tally(), "altered": Tally()}
    for g, p in zip(gold, pred, strict=True):
        if len(g.words) != len(p.words):
            raise ValueError(f"word count differs in {g.sent_id}: {len(g.words)} vs {len(p.words)}")
        for gw, pw in zip(g.words, p.words, strict=True):
            keys = ["all"] + (["altered"] if "Noise" in gw.misc else [])
            for k in keys:
                t = out[k]
                t.n += 1
                t.upos += gw.upos == pw.upos
                t.feats += gw.feats == pw.feats
                t.uas += gw.head == pw.head
                t.las += gw.head == pw.head and _udep(gw.deprel) == _udep(pw.deprel)
                for f in RULE_FEATURES:
                    if f in gw.feats or f in pw.feats:
                        t.feat_n[f] = t.feat_n.get(f, 0) + 1
                        if gw.feats.get(f) == pw.feats.get(f):
                            t.feat_ok[f] = t.feat_ok.get(f, 0) + 1
    return out


def parse_gold_words(parser: object, gold: Sequence[Sentence], batch: int = 200) -> list[Sentence]:
    """Parse the gold words of each sentence (no tokenizer, no MWT expansion)."""
    out: list[Sentence] = []
    words = [[w.form for w in s.words] for s in gold]
    for i in range(0, len(words), batch):
        out += parser.parse_pretokenized(words[i:i + batch], expand_mwt=False)  # type: ignore[attr-defined]
    return out


def evaluate_parser(parser: object, clean: Sequence[Sentence],
                    noised: Sequence[Sentence]) -> dict[str, object]:
    """Figure 4 numbers for one parser: clean (all words) and noised (all and altered words)."""
    c = compare(clean, parse_gold_words(parser, clean))
    n = compare(noised, parse_gold_words(parser, noised))
    return {"clean": c["all"].as_dict(), "noised": n["all"].as_dict(),
            "noised_altered": n["altered"].as_dict()}
