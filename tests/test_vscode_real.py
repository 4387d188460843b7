"""The packaged extension in a real VS Code: code-server 4.100.3 with the ``.vsix`` installed
offline, driven headless by Playwright in Debian's Chromium (``tests/editors/vscode_e2e.js``).

A German file with one agreement error and one correct sentence: the Problems panel lists exactly
that diagnostic with its line and column, the status bar shows the score and the count, the
hover explains the rule with a treebank example, and the first quick fix writes the standard
form; the per-rule report opens, and "set the language of this file" writes the folder's
settings. The extension finds ``lambre-server`` in the workspace's ``.venv`` by itself. Screenshots go to
the test's temporary directory. Skipped with the reason when code-server (``work/editors``,
``scripts/install_code_server.sh``), Chromium or node is missing, or no German model exists."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_server_e2e import _have_german_model
from test_vscode_extension import extension_lock

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
EXT = ROOT / "vscode-extension"
EDITORS = ROOT / "work" / "editors" / "node_modules"
CODE_SERVER = EDITORS / ".bin" / "code-server"
PLAYWRIGHT = EDITORS / "playwright-core"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

ERROR_LINE = "Ich werden das Buch morgen lesen."
CORRECT_LINE = "Das Wetter ist heute sehr schön."


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def vsix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed")
    if not CODE_SERVER.exists() or not PLAYWRIGHT.is_dir():
        pytest.skip("code-server/playwright-core not installed in work/editors "
                    "(run scripts/install_code_server.sh)")
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium)")
    if not _have_german_model():
        pytest.skip("no German parser model")
    out = tmp_path_factory.mktemp("vsix") / "lambre.vsix"
    with extension_lock():
        if not (EXT / "node_modules").is_dir():
            res = subprocess.run(["npm", "ci"], cwd=EXT, capture_output=True, text=True,
                                 timeout=600)
            if res.returncode != 0:
                pytest.skip("npm ci failed for the extension")
        res = subprocess.run(["npm", "run", "package"], cwd=EXT, capture_output=True, text=True,
                             timeout=600)
        assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
        shutil.copyfile(EXT / "lambre.vsix", out)  # our own copy: another test may rebuild it
    return out


def test_real_vscode_problems_status_hover_quickfix(vsix: Path, tmp_path: Path) -> None:
    ws = tmp_path / "workspace"
    ws.mkdir()
    (ws / "brief.txt").write_text(f"{ERROR_LINE}\n{CORRECT_LINE}\n", encoding="utf-8")
    # lambre-server in the workspace's .venv: the extension must find it unaided (no setting;
    # PATH is no use here: the extension host takes its environment from a login shell)
    bindir = ws / ".venv" / "bin"
    bindir.mkdir(parents=True)
    server = bindir / "lambre-server"
    pythonpath = os.pathsep.join([str(ROOT), str(ROOT / "server"),
                                  os.environ.get("PYTHONPATH", "")])
    server.write_text(f'#!/bin/sh\nPYTHONPATH="{pythonpath}" exec "{sys.executable}" '
                      f'-m lambre_server "$@"\n', encoding="utf-8")
    server.chmod(0o755)
    data, exts = tmp_path / "user-data", tmp_path / "extensions"
    env = {**os.environ,
           # code-server writes its config under XDG_CONFIG_HOME: keep it in the test's dir
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    subprocess.run([str(CODE_SERVER), "--install-extension", str(vsix), "--extensions-dir",
                    str(exts), "--user-data-dir", str(data)], check=True, env=env,
                   capture_output=True, timeout=300)
    (data / "User").mkdir(parents=True, exist_ok=True)
    (data / "User" / "settings.json").write_text(json.dumps({
        "workbench.startupEditor": "none", "telemetry.telemetryLevel": "off",
        "workbench.tips.enabled": False}), encoding="utf-8")
    port = _free_port()
    proc = subprocess.Popen(
        [str(CODE_SERVER), "--bind-addr", f"127.0.0.1:{port}", "--auth", "none",
         "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust",
         "--user-data-dir", str(data), "--extensions-dir", str(exts), str(ws)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.2)
        out = tmp_path / "out"
        out.mkdir()
        subprocess.run(["node", str(ROOT / "tests" / "editors" / "vscode_e2e.js")], check=False,
                       timeout=480, capture_output=True,
                       env={**env, "PLAYWRIGHT": str(PLAYWRIGHT), "CHROMIUM": CHROMIUM or "",
                            "URL": f"http://127.0.0.1:{port}/?folder={ws}",
                            "FILE": "brief.txt", "OUT": str(out)})
        result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(json.dumps(result, indent=2, ensure_ascii=False))
    print(f"screenshots: {out}")
    assert "error" not in result, result.get("error")
    # exactly the expected diagnostic, on "werden" (line 1, column 5 in VS Code's 1-based terms)
    problems = result["problems"]
    lambre = [p for p in problems if "lambre" in p.lower()]
    assert len(lambre) == 1, problems
    assert '"werden"' in lambre[0] and "1" in lambre[0] and "5" in lambre[0], lambre[0]
    # the status bar says how many problems; the score is in its tooltip
    assert "1 error" in result["status"], result["status"]
    hover = "\n".join(result["hover"])
    assert "Treebank example" in hover and "agrees" in hover, hover
    # a person's words first: no word class, relation or feature before the details
    # (VS Code itself writes the diagnostic's source and code, the rule id, after its message)
    first = re.sub(r"lambre\([^)]*\)", "", hover.split("Details:")[0])
    assert not re.search(r"\b(NOUN|VERB|AUX|PRON|DET|ADJ|subj|comp)\b|[A-Z][a-z]+=[A-Z]", first), hover
    assert hover.count('the verb is "werde"') == 1, hover
    fixes = [f for f in result["fixes"] if f != "Quick Fix"]  # the menu's header row
    assert fixes and fixes[0] == 'Replace with "werde"', result["fixes"]
    assert "Ich werde das Buch" in result["text"].replace("\xa0", " "), result["text"]
    assert result["fixedClean"]
    # the per-rule report lists the broken rule with its counts
    assert "agree.PRON.AUX.subj.Number" in result["report"], result["report"]
    # "Set the language of this file" wrote the folder's settings
    folder_settings = json.loads((ws / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    assert folder_settings["lambre.languages"] == {"brief.txt": "ru"}, folder_settings
