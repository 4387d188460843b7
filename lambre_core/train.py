"""Train compact Stanza models (tokenizer, mwt, pos, depparse, lemma) on a 2-core CPU.

Stanza's own trainers do the work (``python -m stanza.models.<trainer>``, run as child processes
under ``nice`` so a shared machine stays usable); this module prepares their inputs, picks a
compact configuration, applies a step budget, resumes interrupted runs and stores the finished
weights in half precision. Resume: every finished component is kept in the work directory and
skipped on the next run; the parser resumes mid-run from Stanza's own ``*_checkpoint.pt``.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .conllu_io import atomic_write
from .errors import LambreError
from .langid import language_name

#: Stanza processor -> trainer module and the file name a shipped model directory uses
COMPONENTS: dict[str, tuple[str, str]] = {
    "tokenize": ("stanza.models.tokenizer", "tokenize.pt"),
    "mwt": ("stanza.models.mwt_expander", "mwt.pt"),
    "pos": ("stanza.models.tagger", "pos.pt"),
    "depparse": ("stanza.models.parser", "depparse.pt"),
    "lemma": ("stanza.models.lemmatizer", "lemma.pt"),
}

#: compact tagger: small biaffine dims (they dominate the cost; ~0.4 s a step at batch 64)
TAGGER_ARGS = [
    "--no_pretrain", "--hidden_dim", "128", "--char_hidden_dim", "128",
    "--char_emb_dim", "50", "--word_emb_dim", "75", "--tag_emb_dim", "25",
    "--deep_biaff_hidden_dim", "128", "--composite_deep_biaff_hidden_dim", "64",
    "--batch_size", "64",
]
#: compact parser
PARSER_ARGS = [
    "--no_pretrain", "--hidden_dim", "128", "--char_hidden_dim", "128",
    "--char_emb_dim", "50", "--word_emb_dim", "75", "--tag_emb_dim", "25",
    "--deep_biaff_hidden_dim", "128", "--deep_biaff_output_dim", "64",
    "--batch_size", "1500",
]


#: tiny configuration (the measured 0.4 s/step tagger), for quick first models and tests
TINY_TAGGER_ARGS = [
    "--no_pretrain", "--hidden_dim", "64", "--char_hidden_dim", "100",
    "--char_emb_dim", "50", "--word_emb_dim", "50", "--tag_emb_dim", "25",
    "--deep_biaff_hidden_dim", "100", "--composite_deep_biaff_hidden_dim", "50",
    "--batch_size", "64",
]
TINY_PARSER_ARGS = [
    "--no_pretrain", "--hidden_dim", "64", "--char_hidden_dim", "64",
    "--char_emb_dim", "32", "--word_emb_dim", "50", "--tag_emb_dim", "25",
    "--deep_biaff_hidden_dim", "100", "--deep_biaff_output_dim", "50",
    "--batch_size", "1500",
]
SIZES = {"compact": (TAGGER_ARGS, PARSER_ARGS), "tiny": (TINY_TAGGER_ARGS, TINY_PARSER_ARGS)}
#: the lemmatizer's seq2seq (it reads one word at a time: small dims suffice; Stanza puts the
#: UPOS embedding in front of the characters, so pos_dim = emb_dim). An epoch over the 37k
#: German training words takes about 20 s on a free core at the tiny size, a minute under load)
LEMMA_ARGS = {
    "compact": ["--hidden_dim", "100", "--emb_dim", "50", "--pos_dim", "50", "--batch_size", "50"],
    "tiny": ["--hidden_dim", "64", "--emb_dim", "32", "--pos_dim", "32", "--batch_size", "50"],
}

#: step budgets (mwt and lemma: epochs)
DEFAULT_STEPS = {"tokenize": 1500, "mwt": 0, "pos": 3000, "depparse": 2000, "lemma": 10}


@dataclass
class TrainConfig:
    """One training run: data, output, components and their step budgets."""

    lang: str
    train: Path
    dev: Path
    out: Path
    work: Path
    components: Sequence[str] = ("tokenize", "mwt", "pos", "depparse", "lemma")
    steps: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_STEPS))
    #: extra training files (e.g. a noised copy of ``train``) for pos and depparse only
    extra_train: Sequence[Path] = ()
    #: trees from another parser (``scripts/silver_parses.py``) for depparse only: their tags
    #: are the shipped tagger's, their heads and relations the other parser's
    silver_parses: Sequence[Path] = ()
    #: sentences another pipeline tagged (``scripts/silver_parses.py --for tagger``) for pos
    #: only: its classes and features in the treebank's conventions
    silver_tags: Sequence[Path] = ()
    #: how many times the treebank (and its noised copy) go into the parser's or the tagger's
    #: data beside silver data (more silver than treebank drowns the treebank's conventions)
    treebank_copies: int = 1
    size: str = "compact"
    #: one thread: on a shared 2-core machine two OpenMP threads at nice 10 stall badly
    #: (10 s a step instead of 1 s when another process holds a core)
    threads: int = 1
    nice: int = 10
    seed: int = 1234
    #: torch device the trainers run on ("cpu" or "cuda", see ``parse.resolve_device``)
    device: str = "cpu"
    #: a model directory whose parser the parser's training starts from (Stanza's
    #: ``--continue_from``: its weights and vocabularies, a fresh optimizer and step count)
    continue_from: Path | None = None
    #: word vectors (a Stanza ``pretrain.pt``, ``wordvec.train_vectors``) the tagger and the
    #: parser read beside their own embeddings; installed into ``out`` with the models
    wordvec: Path | None = None
    #: what the word vectors were trained on (for the model card)
    wordvec_sources: Sequence[str] = ()


def _log_path(cfg: TrainConfig, comp: str) -> Path:
    return cfg.work / "logs" / f"{comp}.log"


def run_trainer(module: str, args: list[str], log: Path, threads: int = 1, nice: int = 10) -> None:
    """Run one Stanza trainer in a child process, appending its output to ``log``."""
    log.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), MKL_NUM_THREADS=str(threads))
    cmd = [sys.executable, "-m", module, *args]
    if nice and shutil.which("nice"):
        cmd = ["nice", "-n", str(nice), *cmd]
    with open(log, "a", encoding="utf-8") as fh:
        fh.write(f"\n### {time.strftime('%Y-%m-%d %H:%M:%S')} {' '.join(cmd)}\n")
        fh.flush()
        proc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, check=False)
    if proc.returncode != 0:
        raise LambreError(f"{module} failed with exit code {proc.returncode}; see the log",
                          file=str(log))


def prepare_tokenizer_data(conllu: Path, prefix: Path) -> tuple[Path, Path, Path]:
    """Raw text, character labels and MWT expansions for Stanza's tokenizer trainer."""
    from stanza.utils.datasets import prepare_tokenizer_data as ptd
    from stanza.utils.datasets.conllu_to_text import convert_text

    txt = prefix.with_suffix(".txt")
    labels = prefix.with_suffix(".toklabels")
    mwt = prefix.with_name(prefix.name + "-mwt.json")
    prefix.parent.mkdir(parents=True, exist_ok=True)
    convert_text(str(conllu), str(txt))
    ptd.main([str(txt), str(conllu), "-o", str(labels), "-m", str(mwt)])
    return txt, labels, mwt


def half_precision(src: Path, dst: Path) -> None:
    """Store a Stanza model with its float tensors in fp16 (Stanza copies them back into fp32)."""
    import torch

    # weights_only: a checkpoint found in a reused work directory is data, never code to run
    try:
        d = torch.load(src, map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else "unpickling refused"
        raise LambreError(f"not a plain weights file (refused to unpickle it: {first})",
                          file=str(src)) from None
    _halve(d)
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    torch.save(d, tmp)
    os.replace(tmp, dst)


def _halve(obj: object) -> None:
    import torch

    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, torch.Tensor) and v.is_floating_point():
                obj[k] = v.half()
            else:
                _halve(v)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            if isinstance(v, torch.Tensor) and v.is_floating_point():
                obj[i] = v.half()
            else:
                _halve(v)


def _has_mwt(conllu: Path) -> bool:
    with open(conllu, encoding="utf-8") as fh:
        return any(line.split("\t", 1)[0].count("-") == 1 and line[:1].isdigit() for line in fh)


def _concat(files: Sequence[Path], dst: Path) -> Path:
    text = "".join(Path(f).read_text(encoding="utf-8").rstrip("\n") + "\n\n" for f in files)
    atomic_write(dst, text)
    return dst


#: German PUD leaves VerbForm out on 97 % of its verbs (GSD marks it on all); its Penn-style
#: XPOS says which form a verb is
_PENN_VERBFORM = {"VBC": "Fin", "VBN": "Part", "VB": "Inf"}


def _harmonize_verbform(upos: str, xpos: str, feats: str) -> str:
    """Add the VerbForm a verb lacks when its Mood or Penn-style XPOS gives it away."""
    if upos not in ("VERB", "AUX") or "VerbForm=" in feats:
        return feats
    parts = [] if feats == "_" else feats.split("|")
    if any(p.startswith("Mood=") for p in parts):
        value = "Fin"
    elif xpos in _PENN_VERBFORM:
        value = _PENN_VERBFORM[xpos]
    else:
        return feats
    parts.append(f"VerbForm={value}")
    return "|".join(sorted(parts, key=str.lower))


def rewrite_columns(src: Path, dst: Path, *, lemma_is_form: bool = False,
                    strip_xpos: bool = True, harmonize: bool = True) -> Path:
    """A copy of a CoNLL-U file with XPOS blanked and/or LEMMA := FORM, and (``harmonize``)
    VerbForm restored where a treebank leaves it out.

    XPOS is blanked because the German treebanks mix tag sets (GSD: STTS, PUD: Penn-style),
    which poisons the tagger and its dev score; the rules read no XPOS."""
    out: list[str] = []
    with open(src, encoding="utf-8") as fh:
        for line in fh:
            cols = line.rstrip("\n").split("\t")
            if len(cols) == 10 and cols[0][:1].isdigit():
                if harmonize and "-" not in cols[0]:
                    cols[5] = _harmonize_verbform(cols[3], cols[4], cols[5])
                if lemma_is_form and "-" not in cols[0]:
                    cols[2] = cols[1]
                if strip_xpos and "-" not in cols[0]:
                    cols[4] = "_"
                line = "\t".join(cols) + "\n"
            out.append(line)
    atomic_write(dst, "".join(out))
    return dst


def identity_lemmas(src: Path, dst: Path) -> Path:
    """A copy of a CoNLL-U file whose LEMMA column repeats FORM."""
    return rewrite_columns(src, dst, lemma_is_form=True, strip_xpos=False, harmonize=False)


def tagger_parser_args(comp: str, size: str, *, train: Path, dev: Path, pred: Path, steps: int,
                       checkpoint_interval: int = 100, wordvec: Path | None = None) -> list[str]:
    """Stanza trainer options for ``pos`` or ``depparse`` at one of :data:`SIZES` (the recipe
    ``lambre-core train`` and ``scripts/train_sweep.py`` share; language, paths and device are
    added by the caller). ``wordvec``: a Stanza pretrain file to read instead of none."""
    tagger_args, parser_args = SIZES[size]
    sized = list(tagger_args if comp == "pos" else parser_args)
    if wordvec is not None:
        sized[sized.index("--no_pretrain"):sized.index("--no_pretrain") + 1] = [
            "--wordvec_pretrain_file", str(wordvec)]
    args = ["--mode", "train", "--train_file", str(train), "--eval_file", str(dev),
            "--output_file", str(pred), "--max_steps", str(steps),
            "--eval_interval", str(min(100, max(1, steps // 5))), *sized]
    if comp == "depparse":
        args += ["--checkpoint_interval", str(checkpoint_interval)]
    else:
        args += ["--fix_eval_interval"]
    return args


def train_component(cfg: TrainConfig, comp: str) -> Path | None:
    """Train one component into ``cfg.work/models``; return the fp32 model path (None if skipped)."""
    module, fname = COMPONENTS[comp]
    mdir = cfg.work / "models"
    model = mdir / fname
    done = cfg.work / f"{comp}.done"
    if done.exists() and model.exists():
        return model  # resume: finished earlier
    steps = cfg.steps.get(comp, DEFAULT_STEPS[comp])
    log = _log_path(cfg, comp)
    short = f"{cfg.lang}_lambre"
    common = ["--lang", cfg.lang, "--shorthand", short, "--save_dir", str(mdir),
              "--save_name", fname, "--device", cfg.device, "--seed", str(cfg.seed)]
    if comp == "tokenize":
        data = cfg.work / "data"
        txt, lab, mwt = prepare_tokenizer_data(cfg.train, data / "tok-train")
        dtxt, dlab, _ = prepare_tokenizer_data(cfg.dev, data / "tok-dev")
        args = ["--mode", "train", "--txt_file", str(txt), "--label_file", str(lab),
                "--mwt_json_file", str(mwt), "--dev_txt_file", str(dtxt),
                "--dev_label_file", str(dlab), "--dev_conll_gold", str(cfg.dev),
                "--conll_file", str(data / "tok-dev.pred.conllu"),
                "--steps", str(steps), "--eval_steps", "250", *common]
    elif comp == "lemma":
        return _train_lemma(cfg, model, done, log, steps or DEFAULT_STEPS["lemma"])
    elif comp == "mwt":
        if not _has_mwt(cfg.train):
            return None
        epochs = steps or 20
        args = ["--mode", "train", "--train_file", str(cfg.train), "--eval_file", str(cfg.dev),
                "--output_file", str(cfg.work / "data" / "mwt-dev.pred.conllu"),
                "--gold_file", str(cfg.dev), "--num_epoch", str(epochs), *common]
    else:
        train = cfg.train
        dev = cfg.dev
        gold = [cfg.train, *cfg.extra_train]
        silver = list(cfg.silver_tags if comp == "pos" else cfg.silver_parses)
        if silver:
            gold = gold * max(1, cfg.treebank_copies)
        if len(gold) + len(silver) > 1:
            train = _concat([*gold, *silver], cfg.work / "data" / f"{comp}-train-all.conllu")
        # the shipped pipeline runs no lemmatizer (the identity one sets lemma = form), and
        # Stanza's parser embeds lemmas: train it on lemma = form so both sides agree
        ident = comp == "depparse"
        train = rewrite_columns(train, cfg.work / "data" / f"{comp}-train.conllu",
                                lemma_is_form=ident)
        dev = rewrite_columns(dev, cfg.work / "data" / f"{comp}-dev.conllu", lemma_is_form=ident)
        args = [*tagger_parser_args(comp, cfg.size, train=train, dev=dev,
                                    pred=cfg.work / "data" / f"{comp}-dev.pred.conllu",
                                    steps=steps, wordvec=cfg.wordvec), *common]
        if comp == "depparse" and cfg.continue_from is not None:
            start = cfg.continue_from / fname
            if not start.is_file():
                raise LambreError("no parser to continue from", file=str(start))
            # (a checkpoint in the work directory wins: an interrupted run resumes from it);
            # the wrapper reads the data through the model's own vocabularies
            args += ["--continue_from", str(start)]
            module = "lambre_core.continue_parser"
    run_trainer(module, args, log, cfg.threads, cfg.nice)
    if not model.exists():
        raise LambreError(f"trainer finished without writing a {comp} model", file=str(log))
    done.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))
    return model


def _train_lemma(cfg: TrainConfig, model: Path, done: Path, log: Path, epochs: int) -> Path:
    """Stanza's lemmatizer on the clean training file (real lemmas; never the noised copy),
    then the lexicons' (form, UPOS) -> lemma pairs added to its dictionary."""
    from .conllu_io import read_conllu
    from .lemma_model import add_dictionary, lexicon_dictionary

    data = cfg.work / "data"
    train = rewrite_columns(cfg.train, data / "lemma-train.conllu")
    dev = rewrite_columns(cfg.dev, data / "lemma-dev.conllu")
    stanza_model = model.with_name("lemma-treebank.pt")
    # the lemmatizer's options differ from the other trainers' (no --lang, epochs not steps)
    args = ["--mode", "train", "--train_file", str(train), "--eval_file", str(dev),
            "--shorthand", f"{cfg.lang}_lambre", "--save_dir", str(stanza_model.parent),
            "--save_name", stanza_model.name, "--num_epoch", str(epochs),
            "--device", cfg.device, "--seed", str(cfg.seed), "--log_step", "200",
            *LEMMA_ARGS[cfg.size]]
    seq2seq_done = cfg.work / "lemma-seq2seq.done"
    if not (seq2seq_done.exists() and stanza_model.exists()):  # resume: only the dictionary
        run_trainer(COMPONENTS["lemma"][0], args, log, cfg.threads, cfg.nice)
        if not stanza_model.exists():
            raise LambreError("trainer finished without writing a lemma model", file=str(log))
        seq2seq_done.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))
    sents = read_conllu(train)
    known = {(w.form, w.upos) for s in sents for w in s.words}
    # every word's (lemma, UPOS), repeats kept: a form two paradigms share goes to the
    # verb the treebank uses more often (lemma_model.ablaut_verbs)
    lemmas = [(w.lemma, w.upos) for s in sents for w in s.words]
    added = add_dictionary(stanza_model, lexicon_dictionary(cfg.lang, lemmas), model, known)
    with open(log, "a", encoding="utf-8") as fh:
        fh.write(f"lexicon dictionary: {added} (form, UPOS) -> lemma pairs added\n")
    done.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))
    return model


def write_resources(models_dir: Path, lang: str) -> None:
    """The minimal ``resources.json`` Stanza's Pipeline needs to load models from a directory."""
    # "packages"/"tokenize" must exist (empty) for a language without mwt, or Stanza's
    # add_mwt() fails looking for a default package
    atomic_write(models_dir / "resources.json",
                 json.dumps({lang: {"lang_name": language_name(lang), "packages": {},
                                    "tokenize": {}}}) + "\n")


def train(cfg: TrainConfig) -> dict[str, Path]:
    """Train the requested components and install them (fp16) into ``cfg.out``."""
    cfg.work.mkdir(parents=True, exist_ok=True)
    installed: dict[str, Path] = {}
    for comp in cfg.components:
        if comp not in COMPONENTS:
            raise LambreError(f"unknown component {comp!r}; choose from {', '.join(COMPONENTS)}")
        model = train_component(cfg, comp)
        if model is None:
            continue
        dst = cfg.out / COMPONENTS[comp][1]
        half_precision(model, dst)
        installed[comp] = dst
    if cfg.wordvec is not None and any(c in ("pos", "depparse") for c in cfg.components):
        from .wordvec import PRETRAIN_FILE

        dst = cfg.out / PRETRAIN_FILE
        dst.parent.mkdir(parents=True, exist_ok=True)
        tmp = dst.with_name(dst.name + ".tmp")
        shutil.copyfile(cfg.wordvec, tmp)
        os.replace(tmp, dst)
        installed["wordvec"] = dst
    write_resources(cfg.out, cfg.lang)
    # the lexicon the tagger is constrained by at run time (closed classes; see parse.py)
    from .lexicon import build_lexicon, save_lexicon_tsv

    save_lexicon_tsv(build_lexicon(cfg.lang, [cfg.train], external=False),
                     cfg.out / "lexicon.tsv")
    return installed


def noised_copy(cfg: TrainConfig, seed: int = 1) -> tuple[Path, dict[str, object]]:
    """Write a noised copy of the training file (lexicon from the training file itself plus the
    PyPI lexicons) and return it with the noise report."""
    from .conllu_io import read_conllu, to_conllu
    from .lexicon import build_lexicon
    from .noise import noise_corpus

    dst = cfg.work / "data" / "train-noised.conllu"
    lex = build_lexicon(cfg.lang, [cfg.train])
    sents = read_conllu(cfg.train)
    out, rep = noise_corpus(sents, lex, seed=seed)
    atomic_write(dst, to_conllu(out))
    info: dict[str, object] = {"sentences": rep.sentences, "noised": rep.noised,
                               "share": round(rep.share, 4), "by_feature": rep.by_feature,
                               "lexicon": lex.sources}
    return dst, info


def dev_scores(cfg: TrainConfig) -> dict[str, str]:
    """The last 'best' dev score line of each trainer log (for the model card)."""
    out: dict[str, str] = {}
    for comp in COMPONENTS:
        log = _log_path(cfg, comp)
        if not log.exists():
            continue
        text = log.read_text(encoding="utf-8", errors="replace").splitlines()
        best = [ln.strip() for ln in text if "Best dev" in ln or "Ensemble dev F1" in ln]
        if best:
            out[comp] = best[-1][-200:]
    return out


_NO_LEMMA_NOTE = ["No lemmatizer: the pipeline uses Stanza's identity lemmatizer (lemma = form) and",
                  "the parser was trained with lemma = form."]
_LEMMA_NOTE = ["The parser was trained with lemma = form and the pipeline runs Stanza's identity",
               "lemmatizer; `lemma.pt`, Stanza's lemmatizer with the lexicons in its dictionary,",
               "lemmatizes the parsed words afterwards (`lambre_core/lemma_model.py`)."]


def write_model_card(out: Path, lang: str, *, command: str, split: dict[str, object] | None,
                     noise: dict[str, object] | None, cfg: TrainConfig,
                     scores: dict[str, object] | None = None) -> Path:
    """README.md in the model directory: data, split, licences, scores, size, command."""
    sizes = {p.name: p.stat().st_size for p in sorted(out.iterdir())
             if p.is_file() and p.suffix == ".pt"}
    total = sum(sizes.values())
    lines = [f"# lambre {lang} parser models ({'robust' if cfg.extra_train else 'original'})", ""]
    vectors = ("word vectors trained here (`pretrain.pt`, see below)" if cfg.wordvec
               else "no pretrained word vectors")
    lines += ["Stanza models trained by `lambre-core train` with Stanza's own trainers on CPU,",
              f"{cfg.size} configuration, {vectors}, weights stored in fp16.",
              *(_LEMMA_NOTE if (out / COMPONENTS["lemma"][1]).is_file() else _NO_LEMMA_NOTE), ""]
    lines += ["## Command", "", "```", command, "```", ""]
    lines += ["## Data and split", ""]
    if split:
        lines.append(f"Split `{split.get('split')}`; counts {split.get('counts')}. The sent_ids of "
                     "each part are in `split.json`. Sources (file, licence, rule):")
        lines.append("")
        sources = split.get("sources", [])
        for src in sources if isinstance(sources, list) else []:
            lines.append(f"- {src}")
    else:
        lines.append(f"train: `{cfg.train}`; dev: `{cfg.dev}`")
    lines.append("")
    if cfg.wordvec is not None:
        lines += ["## Word vectors", "",
                  "`pretrain.pt`: word2vec (gensim, skip-gram) trained here, lower-cased, read by "
                  "the tagger and the parser. Text it was trained on:", ""]
        lines += [f"- {src}" for src in cfg.wordvec_sources] or [f"- `{cfg.wordvec}`"]
        lines.append("")
    if cfg.silver_parses:
        lines += ["## Silver trees (parser only)", "",
                  "The parser also learnt from trees another parser gave raw text "
                  "(`scripts/silver_parses.py`: its heads and relations, the shipped tagger's "
                  "tags); the model carries that parser's licence as well as the treebanks':", ""]
        lines += [f"- `{p.name}`: {_silver_source(p)}" for p in cfg.silver_parses]
        lines += ["", f"The treebank's training data went in {cfg.treebank_copies} time(s).", ""]
    if cfg.silver_tags:
        lines += ["## Silver tags (tagger only)", "",
                  "The tagger also learnt from sentences another pipeline tagged "
                  "(`scripts/silver_parses.py --for tagger`: its word classes and features, "
                  "in the treebank's conventions); the model carries that pipeline's licence as "
                  "well as the treebanks':", ""]
        lines += [f"- `{p.name}`: {_silver_source(p)}" for p in cfg.silver_tags]
        lines += ["", f"The treebank's training data went in {cfg.treebank_copies} time(s).", ""]
    if noise:
        lines += ["## Noise (robust training)", "",
                  f"A noised copy of the training file was added for pos and depparse: {noise}", ""]
    trained = {c: cfg.steps.get(c, DEFAULT_STEPS[c]) for c in cfg.components if c in COMPONENTS}
    lines += ["## Steps", "", f"{trained} (mwt and lemma: epochs)", ""]
    copied = [c for c in ("tokenize", "mwt") if c not in cfg.components
              and (out / COMPONENTS[c][1]).is_file()]
    if copied:
        lines += [f"{' and '.join(COMPONENTS[c][1] for c in copied)} copied from an earlier "
                  "model (`--tokenizer-from`), not retrained.", ""]
    lines += ["## Scores", ""]
    for comp, line in dev_scores(cfg).items():
        lines.append(f"- {comp} (dev, from the trainer log): `{line}`")
    if scores:
        lines.append("")
        lines.append("Held-out test (gold tokenization, `lambre-core eval-parser`):")
        lines.append("")
        lines.append("```")
        lines.append(json.dumps(scores, indent=1))
        lines.append("```")
    lines += ["", "## Size", ""]
    for name, n in sizes.items():
        lines.append(f"- {name}: {n / 1e6:.2f} MB")
    lines.append(f"- total: {total / 1e6:.2f} MB")
    licences = _licences(split)
    lines += ["", "## Licence", "",
              "Trained on the treebanks listed above; the models are derived works of that data "
              f"and carry its licence ({licences or 'see the treebanks'}).", ""]
    card = out / "README.md"
    atomic_write(card, "\n".join(lines))
    return card


def _silver_source(path: Path) -> str:
    """The ``# source`` comment of a silver file's first sentence."""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("# source = "):
                return line.removeprefix("# source = ").strip()
            if line.strip() and not line.startswith("#"):
                break
    return "(no source recorded)"


def _licences(split: dict[str, object] | None) -> str:
    """'CC BY-SA 4.0 for de_gsd-ud-dev, ...' from a split record's sources."""
    sources = (split or {}).get("sources", [])
    by_licence: dict[str, list[str]] = {}
    for src in sources if isinstance(sources, list) else []:
        by_licence.setdefault(str(src.get("licence")), []).append(
            str(src.get("file", "")).removesuffix(".conllu"))
    return "; ".join(f"{lic} for {', '.join(files)}" for lic, files in by_licence.items())


def append_card_section(out: Path, title: str, body: str) -> None:
    """Replace the ``## title`` section of a model card in place (up to the next ``## ``
    heading), or add it at the end; every other section stays as it was."""
    card = out / "README.md"
    text = card.read_text(encoding="utf-8") if card.exists() else ""
    section = f"## {title}\n\n{body.rstrip(chr(10))}\n"
    lines = text.splitlines(keepends=True)
    headings = _section_headings(lines)
    start = next((i for i in headings if lines[i].rstrip("\r\n") == f"## {title}"), None)
    if start is None:
        atomic_write(card, (text.rstrip("\n") + "\n\n" if text.strip() else "") + section)
        return
    end = next((i for i in headings if i > start), len(lines))
    after = "".join(lines[end:])
    atomic_write(card, "".join(lines[:start]) + section + ("\n" + after if after else ""))


def _section_headings(lines: list[str]) -> list[int]:
    """Indices of the ``## `` heading lines outside fenced code blocks (a report in a fence
    may hold a line that looks like one)."""
    out: list[int] = []
    fenced = False
    for i, ln in enumerate(lines):
        if ln.startswith("```"):
            fenced = not fenced
        elif not fenced and ln.startswith("## "):
            out.append(i)
    return out
