"""Misses in real machine output, found by consensus: where the systems' outputs of one segment
are the same word for word but for one word's ending, the variant only one system wrote is a
candidate error (or an equally good form); the majority's form is beside it.

    python bench/consensus_variants.py --pair ../shared/wmt22/en-cs --lang cs
    python bench/consensus_variants.py --pair ../shared/wmt22/en-de --lang de --unflagged

Each candidate is checked as the user's text would be (``lambre-core check``, precise mode);
the list marks the flagged ones ``F``. Reading the unflagged ones is how the stop after
96e8eb0 found its misses (a count after "tři" or in digits, a list's odd conjunct). A
candidate is a variant written by one system only, where at least two others wrote the other
form, the two forms sharing all but their last three letters at most.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_TOKEN = re.compile(r"\w+|[^\w\s]")


def candidates(pair: Path) -> list[tuple[str, str, str, str]]:
    """(system, variant, majority form, segment) for every one-ending variant of ``pair``."""
    files = sorted(f for f in pair.glob("*.txt") if f.name != "src.en.txt")
    outs = {f.stem: f.read_text(encoding="utf-8").split("\n") for f in files}
    n = min(len(v) for v in outs.values())
    found: list[tuple[str, str, str, str]] = []
    seen: set[tuple[int, str]] = set()
    for i in range(n):
        toks = {k: _TOKEN.findall(v[i]) for k, v in outs.items() if v[i].strip()}
        for a, ta in toks.items():
            for tb in toks.values():
                if tb is ta or len(ta) != len(tb):
                    continue
                diff = [j for j in range(len(ta)) if ta[j] != tb[j]]
                if len(diff) != 1:
                    continue
                j = diff[0]
                wa, wb = ta[j], tb[j]
                stem = len(os.path.commonprefix([wa.lower(), wb.lower()]))
                if not wa.isalpha() or wa.lower() == wb.lower() or stem < 3 \
                        or len(wa) - stem > 3 or len(wb) - stem > 3 or (i, wa) in seen:
                    continue
                same = [t for t in toks.values() if len(t) == len(ta)]
                if sum(t[j] == wa for t in same) == 1 and sum(t[j] == wb for t in same) >= 2:
                    seen.add((i, wa))
                    found.append((a, wa, wb, outs[a][i]))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pair", type=Path, required=True, help="a WMT folder: one file per system")
    ap.add_argument("--lang", required=True)
    ap.add_argument("--unflagged", action="store_true", help="list only what is not flagged")
    a = ap.parse_args(argv)
    if not a.pair.is_dir():
        print(f"skipped: no folder {a.pair}")
        return 0
    found = candidates(a.pair)
    with tempfile.TemporaryDirectory() as tmp:
        text, report = Path(tmp) / "variants.txt", Path(tmp) / "report.json"
        # a blank line after each: no sentence runs on into the next candidate's
        text.write_text("".join(seg.replace("\n", " ") + "\n\n" for *_, seg in found),
                        encoding="utf-8")
        res = subprocess.run([sys.executable, "-m", "lambre_core.cli", "check", "--lang", a.lang,
                              "--format", "json", "-o", str(report), str(text)],
                             capture_output=True, text=True, cwd=REPO)
        if res.returncode not in (0, 1):
            sys.exit(f"check failed: {res.stderr.strip()[-2000:]}")
        flagged = {(f["line"] + 1) // 2 for f in json.loads(report.read_text(encoding="utf-8"))
                   if f["severity"] == "error"}
    for n, (system, variant, majority, seg) in enumerate(found, 1):
        if a.unflagged and n in flagged:
            continue
        print(f"{'F' if n in flagged else ' '} {variant} <- {majority} [{system}] | {seg}")
    print(f"{len(found)} variants, {len(flagged)} flagged", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
