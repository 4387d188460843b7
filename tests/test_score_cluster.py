"""``lambre-core score --cluster``: a local Ray instance started here (a head node on a free
port), parsing sharded over Ray actors; the report equals the one-process report exactly."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TEXT = ["Ich werde lange Bücher lesen.", "Ich werden langen Bücher lesen.", "Die Kinder spielt im Garten.",
        "Wir haben einen neuen Hund gekauft.", "Der Lehrer gibt den Schülern ein Buch.",
        "Er geht zum Bahnhof, weil es regnet."]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def ray_head() -> Iterator[str]:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'lambre[cluster]')")
    ray_bin = Path(sys.executable).with_name("ray")
    if not ray_bin.is_file():
        pytest.skip(f"no 'ray' command beside {sys.executable}")
    port = _free_port()
    tmp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # Ray's socket paths must stay short
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
           "RAY_USAGE_STATS_ENABLED": "0"}
    # --block keeps `ray start` in the foreground as the parent of the head's processes, in a
    # process group of its own: stopping that group stops exactly this instance
    proc = subprocess.Popen(
        [str(ray_bin), "start", "--head", "--block", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", "--object-store-memory=100000000", "--disable-usage-stats",
         f"--temp-dir={tmp}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    address = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.skip("the local Ray head did not start")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(1)
        else:
            pytest.skip("the local Ray head did not open its port in 120 s")
        yield address
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # whatever of the group is left
        except ProcessLookupError:
            pass
        proc.wait(15)
        shutil.rmtree(tmp, ignore_errors=True)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "lambre_core.cli", *args], capture_output=True, text=True,
                          env=env, timeout=600)


@pytest.mark.slow
def test_cluster_report_equals_the_local_report(ray_head: str, tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("\n".join(TEXT) + "\n", encoding="utf-8")
    b.write_text("\n".join(reversed(TEXT)) + "\n", encoding="utf-8")
    common = ["score", "--lang", "de", str(a), str(b), "--format", "json", "--per-sentence", "--no-cache",
              "--device", "cpu", "--mode", "paper"]
    local = run_cli(*common)
    assert local.returncode == 0, local.stderr
    remote = run_cli(*common, "--cluster", ray_head, "--jobs", "2")
    assert remote.returncode == 0, remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_an_unreachable_cluster_is_one_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'lambre[cluster]')")
    a = tmp_path / "a.txt"
    a.write_text(TEXT[0] + "\n", encoding="utf-8")
    res = run_cli("score", "--lang", "de", str(a), "--no-cache", "--cluster", f"127.0.0.1:{_free_port()}")
    assert res.returncode == 2
    assert "--cluster 127.0.0.1:" in res.stderr and "cannot connect to Ray" in res.stderr
    assert "Traceback" not in res.stderr
