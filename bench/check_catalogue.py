"""``lambre-core check`` on a generated gettext catalogue: wall time and peak memory of a cold
run (a fresh process: model load included), then of a re-run with one string edited.

    python bench/check_catalogue.py [--strings 5000] [--lang de]

The catalogue is German, built from templates with placeholders, markup and plural forms (seeded,
so every run checks the same text). Without a parse cache the edited re-run costs what the cold
one does; the issue's goal for it is 3 s on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SUBJECTS = [("Der Benutzer", "hat", "wurde"), ("Die Datei", "hat", "wurde"),
            ("Das Programm", "hat", "wurde"), ("Die Dateien", "haben", "wurden"),
            ("{name}", "hat", "wurde"), ("Ihr Konto", "hat", "wurde"),
            ("Die Nachrichten", "haben", "wurden"), ("Der Server", "hat", "wurde")]
OBJECTS = ["die Einstellungen", "den Bericht", "eine neue Nachricht", "das Dokument",
           "%(count)d Dateien", "die <b>Schaltfläche</b>", "den Ordner {folder}", "ein Update"]
PARTICIPLES = ["gespeichert", "gelöscht", "geöffnet", "gesendet", "aktualisiert", "geprüft"]


def catalogue(n: int, seed: int = 7) -> str:
    """A PO file of ``n`` translated strings (a plural entry counts two)."""
    rnd = random.Random(seed)
    out = ['msgid ""', 'msgstr ""', '"Language: de\\n"',
           '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', ""]
    k = 0
    while k < n:
        subj, have, passive = rnd.choice(SUBJECTS)
        obj, part = rnd.choice(OBJECTS), rnd.choice(PARTICIPLES)
        if rnd.random() < 0.1 and k + 2 <= n:
            out += [f'msgid "%d item {k}"', f'msgid_plural "%d items {k}"',
                    f'msgstr[0] "%d Element wurde {part}."',
                    f'msgstr[1] "%d Elemente wurden {part}."', ""]
            k += 2
            continue
        text = (f"{subj} {have} {obj} {part}." if rnd.random() < 0.5
                else f"{subj} {passive} von {{user}} {part}.")
        out += [f'msgid "string {k}"', f'msgstr "{text}"', ""]
        k += 1
    return "\n".join(out)


def timed_check(po: Path, lang: str) -> tuple[float, float, int]:
    """(seconds, peak resident MB of the check process, exit status)."""
    cmd = [sys.executable, "-m", "lambre_core.cli", "check", "--format", "json", str(po)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    return seconds, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strings", type=int, default=5000)
    ap.add_argument("--lang", default="de")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        po = Path(tmp) / "locales" / args.lang / "app.po"
        po.parent.mkdir(parents=True)
        text = catalogue(args.strings)
        po.write_text(text, "utf-8")
        print(f"catalogue: {args.strings} strings, {len(text):,} characters, {os.cpu_count()} CPUs")
        print(f"{'run':24s} {'seconds':>8s} {'peak MB':>8s} {'exit':>5s}")
        secs, mb, rc = timed_check(po, args.lang)
        print(f"{'cold':24s} {secs:8.1f} {mb:8.0f} {rc:5d}")
        edited = text.replace('msgstr "', 'msgstr "Heute: ', 1)
        po.write_text(edited, "utf-8")
        secs, mb, rc = timed_check(po, args.lang)
        print(f"{'one string edited':24s} {secs:8.1f} {mb:8.0f} {rc:5d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
