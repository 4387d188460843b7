"""The VS Code extension: its unit tests (Node's test runner: server discovery, status bar,
report, manifest) and ``npm run package`` (a .vsix with README, LICENSE, changelog, icon,
repository, and no warnings). Skipped without node/npm or when the npm registry cannot be
reached to install the extension's packages."""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

EXT = Path(__file__).resolve().parents[1] / "vscode-extension"


def _npm(*args: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
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
    res = _npm("run", "package")
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-4000:]
    # npm's own notices about the machine's npm config are not the package's
    warnings = [line for line in out.splitlines()
                if "WARNING" in line or ("warn" in line.lower() and "npm warn" not in line)]
    assert not warnings, warnings
    with zipfile.ZipFile(EXT / "lambre.vsix") as z:
        names = set(z.namelist())
        manifest = z.read("extension.vsixmanifest").decode("utf-8")
    for name in ("extension/readme.md", "extension/LICENSE.txt", "extension/changelog.md",
                 "extension/images/icon.png", "extension/dist/extension.js",
                 "extension/package.json"):
        assert name in names, (name, sorted(names))
    assert not any(n.startswith("extension/node_modules/") for n in names)  # bundled
    assert not any(n.startswith("extension/src/") for n in names)
    assert "Microsoft.VisualStudio.Services.Links.Source" in manifest  # the repository
