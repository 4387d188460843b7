"""``lambre-core check`` on a generated gettext catalogue: wall time, CPU time and peak memory of
a cold run (a fresh process: model load included), then of re-runs unchanged and with one string
edited.

    python bench/check_catalogue.py [--strings 5000] [--lang de] [--no-cache] [--cold-lexicons]

The catalogue is German, built from templates with placeholders, markup and plural forms (seeded,
so every run checks the same text). The runs share fresh parse and check caches (a temporary
``--cache`` directory): the cold run parses and checks every string, the re-runs only what
changed, and each row says how many strings came from each cache and how many were parsed and
checked (``--cache-stats``). The issue's goal for the edited re-run is 3 s on 2 cores.
``--no-cache`` adds a row without the caches. The row "one new string alone" checks a catalogue
of one new string with empty caches: what any re-run that parses one string costs at least
(model load and lexicons). The last row, "import torch + stanza", is a process that only imports
them: the part of that floor the project does not control. The German noun index
(``lambre_core.noun_store``) and verb-form index (``lambre_core.verb_store``) are built once per
machine, in the user cache dir, before the first row; ``--cold-lexicons`` builds them in the
cold run instead.
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
from typing import Any

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


#: the lexicon indexes built once per machine (``--cold-lexicons`` leaves them to the cold run)
PREBUILD = ("from lambre_core.languages.de.nouns import german_nouns; german_nouns();"
            " from lambre_core.languages.de.morph_de import _verb_index; _verb_index()")


def timed(cmd: list[str], stderr: Any = subprocess.DEVNULL) -> tuple[float, float, float, int]:
    """(seconds, CPU seconds, peak resident MB, exit status) of a process running ``cmd``.
    CPU time (user + system) varies less than wall time on a shared machine."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=stderr)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    return (seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
            os.waitstatus_to_exitcode(status))


def timed_check(po: Path, cache: Path | None) -> tuple[float, float, float, int, str]:
    """``timed`` for ``lambre-core check`` on ``po``, and its cache statistics."""
    where = ["--cache", str(cache)] if cache is not None else ["--no-cache"]
    cmd = [sys.executable, "-m", "lambre_core.cli", "check", "--format", "json", "--cache-stats",
           *where, str(po)]
    with tempfile.TemporaryFile() as err:
        seconds, cpu, mb, rc = timed(cmd, err)
        err.seek(0)
        said = err.read().decode("utf-8", "replace")
    # "parse cache: A strings cached, B parsed" and "check cache: C strings cached, D checked"
    got = {ln.split(": ")[1]: ln.split(": ", 2)[2] for ln in said.splitlines()
           if ln.startswith("lambre-core: ") and " cache: " in ln}
    stats = ("parse: {} | check: {}".format(got["parse cache"], got.get("check cache", "-"))
             if "parse cache" in got else said.strip()[-200:])
    return seconds, cpu, mb, rc, stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strings", type=int, default=5000)
    ap.add_argument("--lang", default="de")
    ap.add_argument("--no-cache", action="store_true",
                    help="also time the edited re-run without the parse cache")
    ap.add_argument("--cold-lexicons", "--cold-nouns", action="store_true",
                    help="a fresh user cache dir: the cold run builds the German noun and "
                         "verb-form indexes")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.cold_lexicons:
            os.environ["LAMBRE_CACHE_DIR"] = str(Path(tmp) / "user-cache")
        else:  # built once per machine: not part of any row
            subprocess.run([sys.executable, "-c", PREBUILD], check=True,
                           cwd=Path(__file__).parents[1])
        po = Path(tmp) / "locales" / args.lang / "app.po"
        po.parent.mkdir(parents=True)
        text = catalogue(args.strings)
        po.write_text(text, "utf-8")
        print(f"catalogue: {args.strings} strings, {len(text):,} characters, {os.cpu_count()} CPUs")
        print(f"load average {os.getloadavg()[0]:.1f}")
        print(f"{'run':24s} {'seconds':>8s} {'CPU s':>6s} {'peak MB':>8s} {'exit':>5s}  caches")
        cache = Path(tmp) / "cache"

        def row(name: str, where: Path | None) -> None:
            secs, cpu, mb, rc, stats = timed_check(po, where)
            print(f"{name:24s} {secs:8.1f} {cpu:6.1f} {mb:8.0f} {rc:5d}  {stats}", flush=True)

        row("cold", cache)
        row("unchanged", cache)
        # the first translated string (the header is msgstr ""\n"...")
        po.write_text(text.replace('msgstr "Die', 'msgstr "Heute: Die', 1), "utf-8")
        row("one string edited", cache)
        if args.no_cache:
            row("edited, no cache", None)
        # the floor of any edited re-run, whatever is cached: the model and the lexicons load
        # for the one new string
        po.write_text(catalogue(0) + '\nmsgid "new"\nmsgstr "Morgen: Die Datei wurde geprüft."\n',
                      "utf-8")
        row("one new string alone", Path(tmp) / "cache-floor")
        secs, cpu, mb, rc = timed([sys.executable, "-c", "import torch, stanza"])
        print(f"{'import torch + stanza':24s} {secs:8.1f} {cpu:6.1f} {mb:8.0f} {rc:5d}  -")
    return 0


if __name__ == "__main__":
    sys.exit(main())
