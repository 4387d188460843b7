"""``--device auto|cpu|cuda`` for parsing and training: auto falls back to the CPU when torch
sees no GPU, cuda without one is a one-line error before any work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import torch

from lambre_core.errors import LambreError
from lambre_core.parse import resolve_device

no_gpu = pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU is present here")


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True, text=True)


def test_device_names() -> None:
    assert resolve_device("cpu") == "cpu"
    assert resolve_device("auto") == ("cuda" if torch.cuda.is_available() else "cpu")
    with pytest.raises(LambreError, match="expected one of auto, cpu, cuda"):
        resolve_device("tpu")


@no_gpu
def test_cuda_without_a_gpu_is_refused() -> None:
    with pytest.raises(LambreError, match="no CUDA GPU is visible"):
        resolve_device("cuda")


@pytest.mark.slow
@no_gpu
def test_auto_loads_the_parser_on_the_cpu() -> None:
    from lambre_core.parse import load_parser

    parser = load_parser("de", device="auto")
    assert parser.device == "cpu"
    assert parser.parse_sentences(["Das Haus ist groß."])[0].words[1].upos == "NOUN"


@no_gpu
def test_train_device_cuda_fails_before_any_work(tmp_path: Path) -> None:
    res = run_cli("train", "--lang", "de", "--split", "default", "--out", str(tmp_path / "m"),
                  "--work", str(tmp_path / "w"), "--device", "cuda")
    assert res.returncode == 2 and "no CUDA GPU is visible" in res.stderr
    assert not (tmp_path / "w").exists()  # nothing carved, nothing trained


@no_gpu
def test_score_device_cuda_without_a_gpu_is_one_clear_error(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    a.write_text("Das Haus ist groß.\n", encoding="utf-8")
    res = run_cli("score", "--lang", "de", str(a), "--device", "cuda", "--no-cache")
    assert res.returncode == 2
    assert res.stderr.strip() == ("lambre-core: error: --device cuda: no CUDA GPU is visible to torch "
                                  "(use --device auto to fall back to the CPU)")
