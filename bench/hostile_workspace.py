"""``lambre-server`` in a hostile workspace, measured with a real client over stdio.

For each kind of ``.lambre.yaml`` (a normal file, a FIFO, a symbolic link to ``/dev/zero``, a
2 MB file, none) prints: the time from starting the server process to the answer to
``initialize``, the time until the server's message about the file (if any) arrives, whether a
``lambre/documentState`` request is answered afterwards, and the server's peak RSS (``VmHWM``).
No parser model is loaded (the document's language has none): the numbers are the server's own.

Usage: python bench/hostile_workspace.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from pathlib import Path

from lambre_server.client import LambreClient

from lambre_core.config import CONFIG_NAME


def _peak_rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _make(root: Path, kind: str) -> None:
    cfg = root / CONFIG_NAME
    if kind == "normal":
        cfg.write_text("# workspace\nlanguage: fi\n", encoding="utf-8")
    elif kind == "fifo":
        os.mkfifo(cfg)
    elif kind == "/dev/zero link":
        cfg.symlink_to("/dev/zero")
    elif kind == "2 MB file":
        cfg.write_text("# padding\n" * 200_000, encoding="utf-8")


async def _one(kind: str) -> tuple[str, float, float | None, bool, float]:
    with tempfile.TemporaryDirectory(prefix="lambre-hostile-") as tmp:
        root = Path(tmp)
        _make(root, kind)
        c = LambreClient()
        t0 = time.perf_counter()
        await asyncio.wait_for(c.start(root=str(root)), 30)
        t_init = time.perf_counter() - t0
        uri = (root / "a.txt").as_uri()
        c.open(uri, "Minä luen kirjaa.", "fi")
        t_msg: float | None = None
        try:
            await c.wait_for(lambda: any(CONFIG_NAME in m.message for m in c.rec.messages), 5)
            t_msg = time.perf_counter() - t0
        except TimeoutError:
            pass
        try:
            state = await asyncio.wait_for(c.state(uri), 5)
            alive = state is not None
        except Exception:
            alive = False
        rss = _peak_rss_mb(c.process.pid)
        await c.stop()
        return kind, t_init, t_msg, alive, rss


async def main() -> None:
    print(f"{'.lambre.yaml':<16}{'start+init (s)':>16}{'message (s)':>13}{'answers':>9}"
          f"{'peak RSS (MB)':>15}")
    for kind in ("none", "normal", "fifo", "/dev/zero link", "2 MB file"):
        name, t_init, t_msg, alive, rss = await _one(kind)
        msg = f"{t_msg:.2f}" if t_msg is not None else "-"
        print(f"{name:<16}{t_init:>16.2f}{msg:>13}{'yes' if alive else 'NO':>9}{rss:>15.0f}")


if __name__ == "__main__":
    asyncio.run(main())
