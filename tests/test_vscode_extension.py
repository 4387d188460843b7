"""The VS Code extension: its unit tests (Node's test runner: server discovery, status bar,
report, manifest) and ``npm run package`` (a .vsix with README, LICENSE, changelog, icon,
repository, and no warnings). Skipped without node/npm or when the npm registry cannot be
reached to install the extension's packages."""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

EXT = Path(__file__).resolve().parents[1] / "vscode-extension"


@contextlib.contextmanager
def extension_lock() -> Iterator[None]:
    """One npm job at a time in vscode-extension/ (pytest-xdist runs this module and the real
    VS Code test side by side; both build into out/, dist/ and lambre.vsix)."""
    path = Path(tempfile.gettempdir()) / "lambre-vscode-extension.lock"
    with open(path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _npm(*args: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    with extension_lock():
        return subprocess.run(["npm", *args], cwd=EXT, capture_output=True, text=True,
                              timeout=timeout, env={**os.environ, "npm_config_fund": "false",
                                                    "npm_config_audit": "false"})


@pytest.fixture(scope="module")
def installed() -> Path:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node/npm are not installed")
    marker = EXT / "node_modules" / ".package-lock.json"
    lock = EXT / "package-lock.json"
    if not marker.is_file() or marker.stat().st_mtime < lock.stat().st_mtime:
        res = _npm("ci")
        if res.returncode != 0:
            pytest.skip(f"npm ci failed (no registry?): {res.stderr.strip().splitlines()[-1:]}")
    return EXT


def test_extension_unit_tests(installed: Path) -> None:
    res = _npm("test")
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    assert "# fail 0" in res.stdout and "# pass " in res.stdout


def test_package_builds_a_complete_vsix_without_warnings(installed: Path) -> None:
    with extension_lock():  # packaging and reading the .vsix, with no other build between
        res = subprocess.run(["npm", "run", "package"], cwd=EXT, capture_output=True, text=True,
                             timeout=600)
        with zipfile.ZipFile(EXT / "lambre.vsix") as z:
            names = set(z.namelist())
            manifest = z.read("extension.vsixmanifest").decode("utf-8")
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-4000:]
    # npm's own notices about the machine's npm config are not the package's
    warnings = [line for line in out.splitlines()
                if "WARNING" in line or ("warn" in line.lower() and "npm warn" not in line)]
    assert not warnings, warnings
    for name in ("extension/readme.md", "extension/LICENSE.txt", "extension/changelog.md",
                 "extension/images/icon.png", "extension/dist/extension.js",
                 "extension/package.json"):
        assert name in names, (name, sorted(names))
    assert not any(n.startswith("extension/node_modules/") for n in names)  # bundled
    assert not any(n.startswith("extension/src/") for n in names)
    assert "Microsoft.VisualStudio.Services.Links.Source" in manifest  # the repository
