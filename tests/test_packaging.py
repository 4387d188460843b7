"""The built wheel carries the shipped models as package data and every package of the source
tree, and a non-editable install finds its models there (as a pre-commit environment does)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # built from a copy: setuptools writes build/ and egg-info into the source tree
    src = out / "src"
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "build", "*.egg-info", "__pycache__", ".*_cache",
        "vscode-extension"))
    # no build isolation: the venv's setuptools builds it, offline
    res = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                          "-q", "-w", str(out), str(src)], capture_output=True, text=True,
                         cwd=out)
    if res.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {res.stderr.strip().splitlines()[-1:]}")
    (whl,) = out.glob("lambre-*.whl")
    return whl


def test_wheel_has_models_and_every_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang_dir in sorted((REPO / "models").iterdir()):
        if lang_dir.name == "de-original":
            continue  # the evaluation comparison model stays in the checkout
        for f in lang_dir.iterdir():
            assert f"lambre_core/models/{lang_dir.name}/{f.name}" in names
    assert not any(n.startswith("lambre_core/models/de-original/") for n in names)
    # every package directory of the source tree is listed in pyproject (packages are listed
    # by hand there, so a new subpackage must be added)
    for init in [*REPO.glob("lambre_core/**/__init__.py"), *REPO.glob("server/lambre_server/**/__init__.py")]:
        rel = init.relative_to(REPO / "server" if "lambre_server" in init.parts else REPO).as_posix()
        assert rel in names, f"{rel} missing from the wheel: add its package to pyproject.toml"
    assert any(n.endswith("share/lambre/rules/de.yaml") for n in names)
    # every data file a language pack reads (the Czech noun list) is package data too
    from lambre_core.languages import language, pack_codes
    from lambre_core.mined import paths as mined_paths

    for code in pack_codes():  # (and the lists mined from its treebank)
        for data in (*language(code).data_files(), *(p for p in mined_paths(code) if p.is_file())):
            if data.is_relative_to(REPO / "lambre_core"):
                rel = data.relative_to(REPO).as_posix()
                assert rel in names, f"{rel} missing from the wheel: add it to package-data"


def test_installed_package_finds_its_models(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, capture_output=True)
    code = ("from lambre_core.parse import resolve_models, shipped_models_dir;"
            "print(shipped_models_dir()); print(resolve_models('de').path)")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LAMBRE_MODELS_DIR")}
    env["PYTHONPATH"] = str(target)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    models, de = res.stdout.split()
    assert Path(models) == (target / "lambre_core" / "models").resolve()
    assert Path(de) == Path(models) / "de"
