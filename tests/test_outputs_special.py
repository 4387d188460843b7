"""``-o`` onto things that are not regular files: a device or FIFO is written in place (it stays
a device or FIFO), ``-`` and ``/dev/stdout`` are stdout, a socket is refused, and the file
redirected to stdin counts as an input."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli_reliability import CONLLU, assert_one_line_error, run_cli


@pytest.fixture
def treebank(tmp_path: Path) -> Path:
    tb = tmp_path / "tb.conllu"
    tb.write_text(CONLLU, encoding="utf-8")
    return tb


def test_a_character_device_stays_a_device(tmp_path: Path, treebank: Path) -> None:
    null = tmp_path / "mynull"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        pytest.skip("creating a device node needs CAP_MKNOD (not root here)")
    for cmd in (["convert", str(treebank), "-o", str(null)],
                ["score", "--lang", "de", "--conllu", str(treebank), "-o", str(null), "--force"]):
        res = run_cli(*cmd)
        assert res.returncode == 0, res.stderr
        assert stat.S_ISCHR(null.stat().st_mode), cmd
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mynull", "tb.conllu"]  # no temp left


def test_a_fifo_is_written_in_place(tmp_path: Path, treebank: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    try:
        res = run_cli("convert", str(treebank), "-o", str(fifo))  # no --force: nothing replaced
        got, _ = reader.communicate(timeout=120)
    finally:
        reader.kill()
    assert res.returncode == 0, res.stderr
    assert got.startswith("# sent_id") and "\tcomp:obj\t" in got
    assert stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize("target", ["-", "/dev/stdout"])
def test_stdout_names(tmp_path: Path, treebank: Path, target: str) -> None:
    res = run_cli("convert", str(treebank), "-o", target, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("# sent_id")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tb.conllu"]  # no file named "-"


def test_a_socket_is_refused(tmp_path: Path, treebank: Path) -> None:
    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))
        res = run_cli("convert", str(treebank), "-o", str(path), "--force")
        assert_one_line_error(res, "socket", str(path))
        assert stat.S_ISSOCK(path.stat().st_mode)


def test_the_file_on_stdin_is_an_input(treebank: Path) -> None:
    with open(treebank, "rb") as fh:
        res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "score", "--lang", "de",
                              "--conllu", "-", "-o", str(treebank), "--force"],
                             stdin=fh, capture_output=True, text=True, timeout=300)
    assert_one_line_error(res, "stdin", str(treebank))
    assert treebank.read_text(encoding="utf-8") == CONLLU


def test_check_needs_force_to_replace_a_report(tmp_path: Path) -> None:
    text = tmp_path / "de.txt"
    text.write_text("Das ist gut.\n", encoding="utf-8")
    report = tmp_path / "report.txt"
    report.write_text("last run\n", encoding="utf-8")
    res = run_cli("check", "--lang", "de", str(text), "-o", str(report))
    assert_one_line_error(res, str(report), "--force")
    assert report.read_text(encoding="utf-8") == "last run\n"
