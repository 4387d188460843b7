"""The hooks of ``.pre-commit-hooks.yaml`` run by the real ``pre-commit`` framework in a
temporary git repository whose config points at this repository: a commit of a German PO, an
i18next JSON, an Android ``strings.xml`` and an XLIFF file with one agreement error each
(placeholders and tags around them) is refused with exactly those four locations; fixed, it
goes through. The ``language: python`` hook builds its own environment (package and models
installed from this repository)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
L10N = Path(__file__).resolve().parent / "data" / "l10n"
EXPECTED = yaml.safe_load((L10N / "expected.yaml").read_text("utf-8"))
FOUR = ["de.po", "locales/de/app.json", "res/values-de/strings.xml", "xliff/messages.de.xlf"]
#: the PyTorch build the python hook pins (the CPU one)
CPU_TORCH = "2.13.0+cpu"
FINDING_RE = re.compile(r"^(\S+):(\d+):(\d+): error: .*\[(\S+)\]$", re.M)


def _git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", *args], cwd=repo, check=check, capture_output=True, text=True,
                          env=env)


def _this_rev() -> str:
    res = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True)
    if res.returncode != 0:
        pytest.skip("this repository is not a git checkout: pre-commit cannot clone it")
    committed = subprocess.run(["git", "cat-file", "-e", "HEAD:.pre-commit-hooks.yaml"], cwd=REPO)
    if committed.returncode != 0:
        pytest.skip(".pre-commit-hooks.yaml is not committed yet")
    return res.stdout.strip()


def _expected(names: list[str]) -> set[tuple[str, int, int, str]]:
    out = set()
    for name in names:
        text = (L10N / name).read_text("utf-8")
        k = text.index(EXPECTED[name]["at"])
        line = text.count("\n", 0, k) + 1
        out.add((name, line, k - (text.rfind("\n", 0, k) + 1) + 1, EXPECTED[name]["rule"]))
    return out


def _translations_repo(root: Path, hook: dict[str, object]) -> tuple[Path, dict[str, str]]:
    repo = root / "translations"
    repo.mkdir()
    _git(repo, "init", "-q")
    for name in FOUR:
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(L10N / name, repo / name)
    config = {"repos": [{"repo": str(REPO), "rev": _this_rev(), "hooks": [hook]}]}
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), "utf-8")
    env = {**os.environ, "PRE_COMMIT_HOME": str(root / "pc-home")}
    return repo, env


def _commit(repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    _git(repo, "add", "-A")
    return subprocess.run(["git", "commit", "-q", "-m", "translations"], cwd=repo, env={
        **env, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t"}, capture_output=True, text=True)


def test_system_hook_refuses_the_four_errors_then_lets_the_fix_through(tmp_path: Path) -> None:
    repo, env = _translations_repo(tmp_path, {"id": "lambre-system"})
    # the `language: system` hook runs the lambre-core on PATH: this interpreter's
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=repo, env=env, check=True,
                   capture_output=True)
    res = _commit(repo, env)
    assert res.returncode != 0, res.stdout + res.stderr
    out = res.stdout + res.stderr
    found = {(f, int(line), int(col), rule) for f, line, col, rule in FINDING_RE.findall(out)}
    assert found == _expected(FOUR), out
    assert len(FINDING_RE.findall(out)) == 4
    assert _git(repo, "rev-list", "--all", check=False).stdout == ""  # nothing committed
    for name in FOUR:
        path = repo / name
        path.write_text(path.read_text("utf-8").replace(EXPECTED[name]["at"], EXPECTED[name]["fix"]),
                        "utf-8")
    res = _commit(repo, env)
    assert res.returncode == 0, res.stdout + res.stderr
    assert _git(repo, "rev-list", "--all").stdout.strip()


@pytest.mark.slow
def test_python_hook_installs_package_and_models(tmp_path: Path) -> None:
    """The default hook: pre-commit builds a virtualenv and pip-installs this repository into it
    (no editable install, no checkout on the path), then the models come from the package.
    PyTorch is pinned to the build this interpreter has, so no CUDA build is pulled in and it
    resolves from the same place this venv's came from."""
    torch = pytest.importorskip("torch")
    hook = {"id": "lambre", "additional_dependencies": [f"torch=={torch.__version__}"]}
    repo, env = _translations_repo(tmp_path, hook)
    for k in ("PYTHONPATH", "LAMBRE_MODELS_DIR", "VIRTUAL_ENV"):
        env.pop(k, None)
    res = subprocess.run([sys.executable, "-m", "pre_commit", "run", "--files", "de.po"],
                         cwd=repo, env=env, capture_output=True, text=True)
    out = res.stdout + res.stderr
    if "An unexpected error has occurred" in out and "install" in out.lower():
        pytest.skip(f"pre-commit could not build the hook environment offline: {out[-400:]}")
    assert res.returncode == 1, out
    found = {(f, int(line), int(col), rule) for f, line, col, rule in FINDING_RE.findall(out)}
    assert found == _expected(["de.po"]), out
    # the environment's torch is the CPU build: no CUDA libraries were installed
    envs = list((tmp_path / "pc-home").glob("repo*/py_env-*"))
    assert envs and not list(envs[0].glob("lib/python*/site-packages/nvidia"))


def test_manifest_hooks() -> None:
    """Both hooks as pre-commit reads them: one process per run, CPU-only PyTorch for the
    python one, and default files that take translation files but not code or project JSON."""
    from pre_commit.clientlib import load_manifest

    hooks = {h["id"]: h for h in load_manifest(str(REPO / ".pre-commit-hooks.yaml"))}
    assert set(hooks) == {"lambre", "lambre-system"}
    assert hooks["lambre"]["language"] == "python"
    # pre-commit 4.4 reads `system` as its new name `unsupported`; older ones as `system`
    assert hooks["lambre-system"]["language"] in ("system", "unsupported")
    assert hooks["lambre"]["additional_dependencies"] == [f"torch=={CPU_TORCH}"]
    for hook in hooks.values():
        assert hook["require_serial"] and hook["entry"] == "lambre-core check"
        files = re.compile(hook["files"])
        for name in [*EXPECTED, "README.md", "docs/guide.txt", "po/de.pot"]:
            assert files.search(name), name
        for name in ["package.json", "src/main.ts", "pom.xml", "app/config.yml", "setup.py"]:
            assert not files.search(name), name


def _wheel(index: Path, name: str, version: str) -> None:
    """A minimal wheel of ``name`` ``version`` in a PEP 503 simple index at ``index``."""
    import zipfile

    folder = index / name
    folder.mkdir(parents=True, exist_ok=True)
    dist = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(folder / f"{name}-{version}-py3-none-any.whl", "w") as z:
        z.writestr(f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        z.writestr(f"{dist}/WHEEL", "Wheel-Version: 1.0\nGenerator: t\nRoot-Is-Purelib: true\n"
                   "Tag: py3-none-any\n")
        z.writestr(f"{dist}/RECORD", "")
    links = "".join(f'<a href="{w.name}">{w.name}</a>\n' for w in sorted(folder.glob("*.whl")))
    (folder / "index.html").write_text(f"<!DOCTYPE html><html><body>\n{links}</body></html>\n",
                                       "utf-8")


def _pip_resolve(index: Path, requirement: str) -> subprocess.CompletedProcess[str]:
    """``pip install --dry-run`` of ``requirement`` from ``index`` alone (no config, no cache)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--ignore-installed",
                           "--index-url", index.as_uri(), "--no-input", requirement],
                          capture_output=True, text=True, env=env, timeout=120)


def test_python_hook_stops_loudly_where_only_the_cuda_build_is_served(tmp_path: Path) -> None:
    """An index that serves PyTorch without the CPU build (PyPI's torch is the CUDA one): the
    hook's pinned requirement makes pip stop with a line naming it, where an unpinned ``torch``
    would silently take the big build."""
    from pre_commit.clientlib import load_manifest

    hooks = {h["id"]: h for h in load_manifest(str(REPO / ".pre-commit-hooks.yaml"))}
    (requirement,) = hooks["lambre"]["additional_dependencies"]
    index = tmp_path / "simple"
    _wheel(index, "torch", CPU_TORCH.split("+")[0])  # the stand-in of the CUDA build
    unpinned = _pip_resolve(index, "torch")
    assert unpinned.returncode == 0 and "Would install torch-2.13.0" in unpinned.stdout
    pinned = _pip_resolve(index, requirement)
    assert pinned.returncode != 0
    assert f"No matching distribution found for {requirement}" in pinned.stderr
    _wheel(index, "torch", CPU_TORCH)  # an index that carries the CPU build: it is taken
    served = _pip_resolve(index, requirement)
    assert served.returncode == 0 and f"Would install torch-{CPU_TORCH}" in served.stdout
