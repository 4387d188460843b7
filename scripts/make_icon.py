"""Draw the VS Code extension's icon (vscode-extension/images/icon.png): an amber disc with a
wavy underline, 128x128, anti-aliased by 4x4 supersampling. Pure Python (zlib + struct)."""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

SIZE = 128
SS = 4
AMBER = (255, 176, 32)
DARK = (60, 40, 10)


def coverage(x: float, y: float) -> tuple[float, float]:
    """(disc, squiggle) coverage of one sample point."""
    c = SIZE / 2
    disc = 1.0 if (x - c) ** 2 + (y - c) ** 2 <= (SIZE / 2 - 4) ** 2 else 0.0
    wave_y = 86 + 7 * math.sin((x - 24) / 80 * 4 * math.pi)
    line = 1.0 if 24 <= x <= 104 and abs(y - wave_y) <= 5 else 0.0
    text = 0.0
    # a capital A: two slanted strokes and a bar
    for x0, x1 in ((64, 40), (64, 88)):
        t = (y - 24) / (72 - 24)
        if 0 <= t <= 1 and abs(x - (x0 + (x1 - x0) * t)) <= 6:
            text = 1.0
    if 52 <= y <= 60 and 50 <= x <= 78:
        text = 1.0
    return disc, max(line, text)


def main(out: str) -> None:
    rows = []
    for py in range(SIZE):
        row = bytearray([0])
        for px in range(SIZE):
            d = m = 0.0
            for sy in range(SS):
                for sx in range(SS):
                    a, b = coverage(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS)
                    d += a
                    m += b * a
            d /= SS * SS
            m /= SS * SS
            col = [round((AMBER[i] * (d - m) + DARK[i] * m) / d) if d else 0 for i in range(3)]
            row += bytes([*col, round(255 * d)])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", raw) + chunk(b"IEND", b""))
    Path(out).write_bytes(png)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "vscode-extension/images/icon.png")
