"""``lambre-core train --lang L (--split default | --train F --dev F) --out DIR``."""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import sys
from pathlib import Path

from ..errors import LambreError
from ..parse import DEVICES, resolve_device
from ..splits import SPLITS, carve
from ..train import (
    COMPONENTS,
    DEFAULT_STEPS,
    SIZES,
    TrainConfig,
    noised_copy,
    train,
    write_model_card,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("train", help="train compact Stanza models (tokenizer, mwt, pos, depparse, "
                       "lemma)")
    p.add_argument("--lang", required=True)
    p.add_argument("--split", help="carve the project's recorded split ('default') from ../shared")
    p.add_argument("--train", type=Path, help="training CoNLL-U (instead of --split)")
    p.add_argument("--dev", type=Path, help="dev CoNLL-U (instead of --split)")
    p.add_argument("--out", required=True, type=Path,
                   help="model directory to write; the model files, README.md, resources.json "
                        "and lexicon.tsv in it are replaced (documented: no --force needed)")
    p.add_argument("--work", type=Path, help="work directory for data, logs, checkpoints "
                   "(default work/train/<lang>-<name of out>); rerun to resume")
    p.add_argument("--components", default="tokenize,mwt,pos,depparse,lemma",
                   help="comma-separated components to train")
    p.add_argument("--tokenizer-from", type=Path,
                   help="copy tokenize.pt/mwt.pt from this model dir instead of training them")
    p.add_argument("--continue-from", type=Path,
                   help="start the parser's training from this model dir's depparse.pt (its "
                        "weights and vocabularies; Stanza's tagger has no such option)")
    p.add_argument("--wordvec", metavar="PATH|train",
                   help="word vectors for the tagger and the parser: a Stanza pretrain file, or "
                        "'train' to train them here (gensim) on the train split and the WMT22 "
                        "system outputs into the language (WORK/pretrain.pt; never a reference "
                        "or a test split)")
    p.add_argument("--threads", type=int, default=1,
                   help="CPU threads per trainer (default 1: on a shared 2-core machine two "
                        "threads stall badly when another process holds a core)")
    p.add_argument("--silver-parses", type=Path, action="append", default=[], metavar="CONLLU",
                   help="trees another parser gave raw text (scripts/silver_parses.py), added "
                        "to the parser's training data only (repeatable)")
    p.add_argument("--silver-tags", type=Path, action="append", default=[], metavar="CONLLU",
                   help="sentences another pipeline tagged (scripts/silver_parses.py --for "
                        "tagger), added to the tagger's training data only (repeatable)")
    p.add_argument("--treebank-copies", type=int, default=1, metavar="N",
                   help="with --silver-parses or --silver-tags: the treebank's training data N "
                        "times over beside the silver data (default 1)")
    p.add_argument("--clean", action="store_true",
                   help="train pos/depparse on clean data only (the 'original' comparison)")
    p.add_argument("--steps", default="", help="step budgets, e.g. pos=3000,depparse=2000 "
                   f"(defaults {DEFAULT_STEPS}; for mwt and lemma: epochs)")
    p.add_argument("--size", choices=sorted(SIZES), default="compact")
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--device", choices=DEVICES, default="cpu",
                   help="where the trainers run: cpu (default), cuda, or auto (the GPU when "
                        "torch sees one)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    device = resolve_device(args.device)  # before any work: --device cuda without a GPU fails now
    work = args.work or Path("work") / "train" / f"{lang}-{args.out.name}"
    split_info = None
    if args.split:
        if lang not in SPLITS:
            raise LambreError(f"no recorded split for language '{lang}'; pass --train/--dev")
        carved = carve(SPLITS[lang], work / "split")
        train_file, dev_file = carved.train, carved.dev
        split_info = json.loads((work / "split" / "split.json").read_text(encoding="utf-8"))
    else:
        if not args.train or not args.dev:
            raise LambreError("give --split default, or both --train and --dev")
        train_file, dev_file = args.train, args.dev
        for f in (train_file, dev_file):
            if not f.is_file():
                raise LambreError("no such file", file=str(f))
    steps = dict(DEFAULT_STEPS)
    for part in filter(None, args.steps.split(",")):
        k, _, v = part.partition("=")
        if k not in COMPONENTS or not v.isdigit():
            raise LambreError(f"bad --steps entry {part!r} (want component=N)")
        steps[k] = int(v)
    comps = [c.strip() for c in args.components.split(",") if c.strip()]
    args.out.mkdir(parents=True, exist_ok=True)
    if args.tokenizer_from:
        for name in ("tokenize.pt", "mwt.pt"):
            src = args.tokenizer_from / name
            if src.is_file():
                shutil.copyfile(src, args.out / name)
        comps = [c for c in comps if c not in ("tokenize", "mwt")]
    cfg = TrainConfig(lang=lang, train=train_file, dev=dev_file, out=args.out, work=work,
                      components=comps, steps=steps, size=args.size, seed=args.seed,
                      device=device, continue_from=args.continue_from,
                      threads=max(1, args.threads), silver_parses=args.silver_parses,
                      silver_tags=args.silver_tags, treebank_copies=args.treebank_copies)
    for f in [*args.silver_parses, *args.silver_tags]:
        if not f.is_file():
            raise LambreError("no such silver data file", file=str(f))
    if args.wordvec == "train":
        from ..splits import shared_dir
        from ..wordvec import PRETRAIN_FILE, train_vectors, training_text

        vec = work / PRETRAIN_FILE
        text = training_text(lang, train_file, shared_dir())
        cfg.wordvec_sources = text.sources
        if not vec.is_file():  # resume: trained before
            train_vectors(text, vec, seed=args.seed)
        cfg.wordvec = vec
    elif args.wordvec:
        cfg.wordvec = Path(args.wordvec)
        if not cfg.wordvec.is_file():
            raise LambreError("no such word vector file", file=str(cfg.wordvec))
    noise_info = None
    if not args.clean and any(c in comps for c in ("pos", "depparse")):
        noised, noise_info = noised_copy(cfg)
        cfg.extra_train = [noised]
        print(f"noised {noise_info['noised']} of {noise_info['sentences']} training sentences",
              file=sys.stderr)
    installed = train(cfg)
    if split_info is not None:
        shutil.copyfile(work / "split" / "split.json", args.out / "split.json")
    command = "lambre-core " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    write_model_card(args.out, lang, command=command, split=split_info, noise=noise_info,
                     cfg=cfg)
    for comp, path in installed.items():
        print(f"{comp}: {path} ({path.stat().st_size / 1e6:.2f} MB)")
    return 0
