"""Train/dev/test splits carved from the shared treebank files.

For German and Russian the shared data are only dev/test files of several treebanks, so the
project carves its own split, deterministically by sentence position, and records it (sent_ids)
next to every model. Nothing a model was trained on is ever used to evaluate it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from .conllu_io import atomic_write, read_conllu
from .doc import Sentence
from .errors import LambreError


@dataclass(frozen=True)
class SourceRule:
    """How one treebank file is divided: every ``test_every``-th sentence (index 0, n, 2n, ...)
    goes to test, every ``dev_every``-th of the rest (offset 1) to dev, the remainder to train.
    0 disables that part. ``train`` False keeps the file out of training (e.g. a test-only file).
    ``part`` sends the whole file to one part (a treebank's own train/dev/test files)."""

    file: str
    licence: str
    test_every: int = 0
    dev_every: int = 0
    train: bool = True
    part: str = ""


@dataclass(frozen=True)
class SplitSpec:
    """A named, recorded split for one language."""

    lang: str
    name: str
    sources: tuple[SourceRule, ...]


def _own_split(lang: str, name: str, stem: str, licence: str) -> SplitSpec:
    """A treebank's own train/dev/test files, kept as they are."""
    return SplitSpec(lang, name, tuple(SourceRule(f"{stem}-ud-{part}.conllu", licence, part=part)
                                       for part in ("train", "dev", "test")))


#: The default splits (German and Russian: redistributable data only). Files are relative to
#: ``shared/treebanks/ud/<lang>/``.
SPLITS: dict[str, SplitSpec] = {
    "de": SplitSpec(
        "de",
        "de-gsd-pud",
        (
            SourceRule("de_gsd-ud-dev.conllu", "CC BY-SA 4.0", dev_every=8),
            SourceRule("de_gsd-ud-test.conllu", "CC BY-SA 4.0", test_every=2),
            SourceRule("de_pud-ud-test.conllu", "CC BY-SA 3.0", dev_every=5),
        ),
    ),
    "ru": SplitSpec(
        "ru",
        "ru-gsd-taiga-pud",
        (
            SourceRule("ru_gsd-ud-dev.conllu", "CC BY-SA 4.0", dev_every=8),
            SourceRule("ru_gsd-ud-test.conllu", "CC BY-SA 4.0", test_every=2),
            SourceRule("ru_taiga-ud-dev.conllu", "CC BY-SA 4.0"),
            SourceRule("ru_taiga-ud-test.conllu", "CC BY-SA 4.0", test_every=2),
            SourceRule("ru_pud-ud-test.conllu", "CC BY-SA 3.0", dev_every=4),
        ),
    ),
    # the treebanks' own splits where they have one; CC BY-NC-SA, recorded in the model cards
    "el": _own_split("el", "el-gdt", "el_gdt", "CC BY-NC-SA 3.0"),
    "tr": _own_split("tr", "tr-imst", "tr_imst", "CC BY-NC-SA 4.0"),
    # FicTree has only dev and test here: carve train from both
    "cs": SplitSpec(
        "cs",
        "cs-fictree",
        (
            SourceRule("cs_fictree-ud-dev.conllu", "CC BY-NC-SA 4.0", dev_every=4),
            SourceRule("cs_fictree-ud-test.conllu", "CC BY-NC-SA 4.0", test_every=2),
        ),
    ),
    # IU likewise has only dev and test here
    "uk": SplitSpec(
        "uk",
        "uk-iu",
        (
            SourceRule("uk_iu-ud-dev.conllu", "CC BY-NC-SA 4.0", dev_every=4),
            SourceRule("uk_iu-ud-test.conllu", "CC BY-NC-SA 4.0", test_every=2),
        ),
    ),
}


@dataclass
class CarvedSplit:
    """The carved files and the sent_ids in each part."""

    train: Path
    dev: Path
    test: Path
    ids: dict[str, list[str]] = field(default_factory=dict)


def shared_dir() -> Path:
    """The shared data directory: ``$LAMBRE_SHARED`` or ``../shared`` beside the checkout."""
    env = os.environ.get("LAMBRE_SHARED")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared"


def _blocks(path: Path) -> list[str]:
    """The sentence blocks of a CoNLL-U file, as raw text (comments included)."""
    text = path.read_text(encoding="utf-8")
    return [b.strip("\n") + "\n" for b in text.split("\n\n") if b.strip()]


def _sent_id(block: str, fallback: str) -> str:
    for line in block.splitlines():
        if line.startswith("# sent_id"):
            return line.split("=", 1)[1].strip()
    return fallback


def carve(spec: SplitSpec, out_dir: Path, treebank_dir: Path | None = None) -> CarvedSplit:
    """Write ``train.conllu``, ``dev.conllu``, ``test.conllu`` and ``split.json`` into ``out_dir``.

    sent_ids are prefixed with the file name so they stay unique across treebanks."""
    tb = treebank_dir or shared_dir() / "treebanks" / "ud" / spec.lang
    parts: dict[str, list[str]] = {"train": [], "dev": [], "test": []}
    ids: dict[str, list[str]] = {"train": [], "dev": [], "test": []}
    for rule in spec.sources:
        path = tb / rule.file
        if not path.exists():
            raise LambreError(f"treebank file missing for split {spec.name}", file=str(path))
        stem = rule.file.removesuffix(".conllu")
        for i, block in enumerate(_blocks(path)):
            if rule.part:
                part = rule.part
            elif rule.test_every and i % rule.test_every == 0:
                part = "test"
            elif rule.dev_every and i % rule.dev_every == 1:
                part = "dev"
            elif rule.train:
                part = "train"
            else:
                continue
            sid = f"{stem}:{_sent_id(block, str(i))}"
            lines = [
                f"# sent_id = {sid}" if ln.startswith("# sent_id") else ln
                for ln in block.splitlines()
            ]
            if not any(ln.startswith("# sent_id") for ln in lines):
                lines.insert(0, f"# sent_id = {sid}")
            parts[part].append("\n".join(lines) + "\n")
            ids[part].append(sid)
    out_dir.mkdir(parents=True, exist_ok=True)
    for part, blocks in parts.items():
        atomic_write(out_dir / f"{part}.conllu", "\n".join(blocks) + "\n")
    record = {
        "split": spec.name,
        "lang": spec.lang,
        "sources": [vars(r) for r in spec.sources],
        "counts": {p: len(v) for p, v in ids.items()},
        "sent_ids": ids,
    }
    atomic_write(out_dir / "split.json", json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    return CarvedSplit(out_dir / "train.conllu", out_dir / "dev.conllu", out_dir / "test.conllu", ids)


def split_sentences(lang: str, part: str, record: Path | None = None,
                    treebank_dir: Path | None = None) -> list[Sentence]:
    """The treebank sentences of one part (``train``, ``dev``, ``test``) of a model's recorded
    split (``record``: its ``split.json``, by default the shipped model's), read from the
    shared treebank files; a missing file raises ``FileNotFoundError``."""
    from .parse import shipped_models_dir

    path = record or shipped_models_dir() / lang / "split.json"
    split = json.loads(Path(path).read_text(encoding="utf-8"))
    ids = set(split["sent_ids"][part])
    tb = treebank_dir or shared_dir() / "treebanks" / "ud" / lang
    out: list[Sentence] = []
    for src in split["sources"]:
        file = tb / src["file"]
        if not file.is_file():
            raise FileNotFoundError(f"{file} not found")
        stem = src["file"].removesuffix(".conllu")
        out += [s for s in read_conllu(file) if f"{stem}:{s.sent_id}" in ids]
    return out
