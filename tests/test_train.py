"""Splits, fp16 storage, a tiny real training run that resumes, and the model card."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import torch

from lambre_core.conllu_io import read_conllu
from lambre_core.errors import LambreError
from lambre_core.splits import SPLITS, carve
from lambre_core.train import (
    half_precision,
    identity_lemmas,
    rewrite_columns,
    train,
)


@pytest.mark.parametrize("lang", sorted(SPLITS))
def test_carved_split_is_disjoint_and_complete(lang: str, shared: Path, tmp_path: Path) -> None:
    spec = SPLITS[lang]
    c = carve(spec, tmp_path)
    ids = {part: set(v) for part, v in c.ids.items()}
    assert not ids["train"] & ids["test"] and not ids["train"] & ids["dev"]
    assert not ids["dev"] & ids["test"]
    total = sum(len(read_conllu(shared / "treebanks" / "ud" / lang / r.file)) for r in spec.sources)
    assert sum(len(v) for v in ids.values()) == total
    assert len(read_conllu(c.test)) == len(ids["test"]) > 100
    assert len(ids["train"]) > 900 and len(ids["dev"]) > 100  # Ukrainian IU: 954 to train
    assert all("_lit-" not in r.file for r in spec.sources)  # LIT: no features
    for rule in spec.sources:  # a treebank's own test file stays test, whole
        if rule.part:
            stem = rule.file.removesuffix(".conllu")
            n = len(read_conllu(shared / "treebanks" / "ud" / lang / rule.file))
            assert sum(i.startswith(stem + ":") for i in ids[rule.part]) == n


def test_half_precision_halves_floats(tmp_path: Path) -> None:
    src = tmp_path / "m.pt"
    torch.save({"model": {"w": torch.ones(1000), "i": torch.arange(3)}, "config": {"a": 1}}, src)
    half_precision(src, tmp_path / "h.pt")
    d = torch.load(tmp_path / "h.pt", weights_only=True)
    assert d["model"]["w"].dtype == torch.float16 and d["model"]["i"].dtype == torch.int64
    assert (tmp_path / "h.pt").stat().st_size < src.stat().st_size


def test_identity_lemmas(tmp_path: Path) -> None:
    src = tmp_path / "a.conllu"
    src.write_text("# text = Hunde bellen\n1\tHunde\tHund\tNOUN\t_\t_\t2\tnsubj\t_\t_\n"
                   "2\tbellen\tbellen\tVERB\t_\t_\t0\troot\t_\t_\n\n", encoding="utf-8")
    out = read_conllu(identity_lemmas(src, tmp_path / "b.conllu"))
    assert [w.lemma for w in out[0].words] == ["Hunde", "bellen"]


@pytest.mark.slow
def test_tiny_parser_training_resumes(tmp_path: Path,
                                     tiny_train_config: Callable[..., Any]) -> None:
    cfg = tiny_train_config("de", ["depparse"], {"depparse": 2})
    train(cfg)
    model = tmp_path / "out" / "depparse.pt"
    assert model.is_file()
    d = torch.load(model, weights_only=True)
    assert any(v.dtype == torch.float16 for v in d["model"].values())
    # a longer budget continues from Stanza's checkpoint instead of starting over
    (tmp_path / "work" / "depparse.done").unlink()
    cfg.steps = {"depparse": 4}
    train(cfg)
    log = (tmp_path / "work" / "logs" / "depparse.log").read_text(encoding="utf-8")
    assert "Continuing from checkpoint" in log and "previously trained for 2 steps" in log
    assert (tmp_path / "out" / "resources.json").is_file()
    assert (tmp_path / "out" / "lexicon.tsv").is_file()


@pytest.mark.slow
def test_parser_training_continues_from_a_shipped_model(
        tmp_path: Path, tiny_train_config: Callable[..., Any]) -> None:
    from dataclasses import replace

    first = tiny_train_config("de", ["depparse"], {"depparse": 2})
    train(first)  # an fp16 model directory, as shipped
    shipped = tmp_path / "shipped"
    (tmp_path / "out").rename(shipped)
    # other data than the model saw: every word again with a suffix, three times over, so a
    # vocabulary built from this data would hold ids past the model's embedding
    text = first.train.read_text(encoding="utf-8")
    renamed = "\n".join("\t".join([c[0], c[1] + "x", *c[2:]]) if len(c) == 10 else line
                         for line in text.splitlines() for c in [line.split("\t")])
    more = tmp_path / "more.conllu"
    more.write_text(text + (renamed.strip() + "\n\n") * 3, encoding="utf-8")
    cfg = replace(first, train=more, out=tmp_path / "out2", work=tmp_path / "work2",
                  continue_from=shipped)
    train(cfg)
    log = (tmp_path / "work2" / "logs" / "depparse.log").read_text(encoding="utf-8")
    assert f"--continue_from {shipped / 'depparse.pt'}" in log
    assert "lambre_core.continue_parser" in log
    assert (tmp_path / "out2" / "depparse.pt").is_file()
    with pytest.raises(LambreError, match="no parser to continue from"):
        train(replace(cfg, work=tmp_path / "work3", continue_from=tmp_path / "nowhere"))


def test_verbform_harmonized_from_penn_xpos_and_mood(tmp_path: Path) -> None:
    src = tmp_path / "pud.conllu"
    src.write_text("# text = er hat gesehen\n"
                   "1\ter\ter\tPRON\tPRP\tCase=Nom\t2\tnsubj\t_\t_\n"
                   "2\that\thaben\tAUX\tVBC\tMood=Ind|Number=Sing\t0\troot\t_\t_\n"
                   "3\tgesehen\tsehen\tVERB\tVBN\t_\t2\txcomp\t_\t_\n\n", encoding="utf-8")
    out = read_conllu(rewrite_columns(src, tmp_path / "out.conllu"))[0]
    assert out.words[1].feats["VerbForm"] == "Fin" and out.words[2].feats["VerbForm"] == "Part"
    assert "VerbForm" not in out.words[0].feats and out.words[1].xpos == "_"


@pytest.mark.slow
def test_sweep_keeps_the_best_variant_and_honours_the_deadline(
        tmp_path: Path, tiny_train_config: Callable[..., Any]) -> None:
    import json
    import subprocess
    import sys

    cfg = tiny_train_config("de", ["depparse"], {})
    data = tmp_path / "data" / "de"
    data.mkdir(parents=True)
    for part in ("train", "dev"):
        (data / f"depparse-{part}.conllu").write_bytes(cfg.train.read_bytes())
    script = Path(__file__).resolve().parents[1] / "scripts" / "train_sweep.py"

    def sweep(name: str, *extra: str) -> tuple[int, dict[str, Any]]:
        out = tmp_path / name
        proc = subprocess.run([sys.executable, str(script), "--data", str(tmp_path / "data"),
                               "--out", str(out), "--work", str(tmp_path / f"{name}-work"),
                               "--components", "depparse", *extra],
                              capture_output=True, text=True, timeout=600, check=False)
        return proc.returncode, json.loads((out / "sweep.json").read_text(encoding="utf-8"))

    rc, rep = sweep("done", "--steps", "3", "--run", "de:tiny", "--run", "de:compact-c3")
    assert rc == 0
    runs = {r["variant"]: r for r in rep["runs"]}
    assert all(r["stopped"] == "finished" and r["steps"] == 3 for r in runs.values())
    best = max(runs.values(), key=lambda r: r["best"])["variant"]
    assert rep["chosen"] == {"de-depparse": best}
    d = torch.load(tmp_path / "done" / "de" / "depparse.pt", weights_only=True)
    assert any(v.dtype == torch.float16 for v in d["model"].values())
    assert d["config"]["hidden_dim"] == (64 if best == "tiny" else 128)
    # stopped before its first evaluation: no model to keep, and the sweep says so
    rc, rep = sweep("cut", "--deadline", "1", "--run", "de:tiny")
    assert rc == 1 and rep["chosen"] == {} and rep["runs"][0]["stopped"] == "deadline"


def test_word_vectors_text_leaves_out_references(shared: Path, tmp_path: Path) -> None:
    from lambre_core.wordvec import system_outputs, training_text

    outputs = system_outputs(shared, "de")
    if not outputs:
        pytest.skip("no WMT22 German system outputs in ../shared")
    names = [p.name for p in outputs]
    assert not any(n.startswith(("ref", "src")) for n in names)
    assert (shared / "wmt22" / "en-de" / "ref.A.txt").is_file()  # there, and left out
    small = tmp_path / "t.conllu"
    small.write_text("# text = Ein Hund bellt.\n1\tEin\tein\tDET\t_\t_\t2\tdet\t_\t_\n"
                     "2\tHund\tHund\tNOUN\t_\t_\t3\tnsubj\t_\t_\n3\tbellt\tbellen\tVERB\t_\t_\t0\t"
                     "root\t_\t_\n4\t.\t.\tPUNCT\t_\t_\t3\tpunct\t_\t_\n\n", encoding="utf-8")
    text = training_text("de", small, shared)
    assert text.sentences[0] == ["ein", "hund", "bellt", "."]
    assert len(text.sources) == 1 + len(outputs) and "ref" not in " ".join(text.sources)


@pytest.mark.slow
def test_tagger_and_parser_trained_with_word_vectors_load_and_parse(
        tmp_path: Path, tiny_train_config: Callable[..., Any]) -> None:
    import shutil

    from lambre_core.parse import load_parser
    from lambre_core.wordvec import PRETRAIN_FILE, train_vectors, training_text

    cfg = tiny_train_config("de", ["pos", "depparse"], {"pos": 2, "depparse": 2})
    vec = train_vectors(training_text("de", cfg.train, None), tmp_path / "vec" / PRETRAIN_FILE,
                        dim=16, min_count=1, epochs=1)
    cfg.wordvec = vec
    cfg.wordvec_sources = ["the tiny train file"]
    train(cfg)
    for comp in ("pos", "depparse"):
        log = (tmp_path / "work" / "logs" / f"{comp}.log").read_text(encoding="utf-8")
        assert f"--wordvec_pretrain_file {vec}" in log and "--no_pretrain" not in log
    out = tmp_path / "out"
    assert (out / PRETRAIN_FILE).read_bytes() == vec.read_bytes()
    shipped = Path(__file__).resolve().parents[1] / "models" / "de"
    shutil.copyfile(shipped / "tokenize.pt", out / "tokenize.pt")
    parser = load_parser("de", out)
    sent = parser.parse_sentences(["Der Hund bellt laut."])[0]
    assert [w.form for w in sent.words] == ["Der", "Hund", "bellt", "laut", "."]
    assert all(w.upos for w in sent.words)
