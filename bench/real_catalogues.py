"""The pre-commit check on real translation catalogues: ``lambre-core check`` (the hook's
command, default settings) on every catalogue of ``../shared/l10n-real/`` (32 catalogues of 11
open-source projects: German, Russian and Czech PO, Qt TS, Android XML, WebExtension JSON,
Flutter ARB, XLIFF, Java properties), every blocking finding read and labelled.

    python bench/real_catalogues.py            # all catalogues (~5 min on 2 cores, cold)
    python bench/real_catalogues.py --show     # every finding with its label
    python bench/real_catalogues.py --write    # add new findings to the label file

Labels live in ``bench/real_catalogues.tsv`` in the real-text gauntlet's format
(``bench/realtext.py``: ``key``, ``label`` = ``error`` | ``false`` | empty, ``cause``, ``note``,
``now``, then what was flagged); a label is never lost. The figure that counts is false blocking
findings (``error`` severity, the ones that fail a commit) per 2,000 strings, the issue's goal
being at most 1; real errors found are printed beside it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(REPO))

from realtext import read_labels, write_labels  # noqa: E402

from lambre_core.files import decode_text  # noqa: E402

LABELS = REPO / "bench" / "real_catalogues.tsv"


def catalogues(root: Path) -> list[tuple[str, str, int]]:
    """(file, language, strings) of each catalogue the manifest lists."""
    out = []
    lines = (root / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    for line in lines[1:]:
        row = dict(zip(head, line.split("\t"), strict=False))
        path = root / row["repo"].replace("/", "+") / row["path"]
        out.append((str(path), row["language"], int(row["strings"])))
    return out


def run(files: list[str], cache: str) -> tuple[list[dict[str, object]], float]:
    """The JSON findings of one ``lambre-core check`` run over ``files``, and its wall time."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "findings.json"
        t = time.time()
        proc = subprocess.run([sys.executable, "-m", "lambre_core.cli", "check", "--format",
                               "json", "--cache", cache, "-o", str(out), *files],
                              cwd=REPO, capture_output=True, text=True)
        took = time.time() - t
        if proc.returncode not in (0, 1):
            sys.exit(f"lambre-core check failed ({proc.returncode}):\n{proc.stderr}")
        if proc.stderr.strip():
            print(proc.stderr.strip(), file=sys.stderr)
        return list(json.loads(out.read_text(encoding="utf-8"))), took


def key(root: Path, f: dict[str, object]) -> str:
    """A finding's label key: catalogue and sentence digest, rule, blamed word and its place in
    the sentence (stable across runs and line shifts)."""
    rel = str(Path(str(f["file"])).resolve().relative_to(root.resolve()))
    digest = hashlib.sha1(f"{rel}\t{f['sentence']}".encode()).hexdigest()[:12]
    return f"{digest}:{f['rule']}:{f['word']}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", default=str(REPO.parent / "shared"))
    ap.add_argument("--cache", help="parse cache directory (default: a fresh temporary one)")
    ap.add_argument("--show", action="store_true", help="print every finding with its label")
    ap.add_argument("--write", action="store_true", help="add new findings to the label file")
    args = ap.parse_args()
    root = Path(args.shared) / "l10n-real"
    if not (root / "MANIFEST.tsv").is_file():
        sys.exit(f"skipped: no {root / 'MANIFEST.tsv'}")
    cats = catalogues(root)
    with tempfile.TemporaryDirectory() as tmp:
        findings, took = run([c[0] for c in cats], args.cache or tmp)
    blocking = [f for f in findings if f["severity"] == "error"]
    texts: dict[str, str] = {}
    for f in blocking:
        if f["file"] not in texts:
            # decoded as the checker decodes it (Latin-1 .properties, UTF-16 .strings)
            texts[str(f["file"])] = decode_text(Path(str(f["file"])).read_bytes(), str(f["file"]))
        f["word"] = texts[str(f["file"])][int(str(f["start"])):int(str(f["end"]))]
    known = read_labels(LABELS)
    keys = [key(root, f) for f in blocking]
    labels = {k: known.get(k, {}).get("label", "") for k in keys}
    strings = sum(c[2] for c in cats)
    print(f"{'catalogue':<62} {'lang':<4} {'strings':>7} {'block':>5} {'real':>4} "
          f"{'false':>5} {'unread':>6}")
    by_file: dict[str, list[str]] = {}
    for f, k in zip(blocking, keys, strict=True):
        by_file.setdefault(str(Path(str(f["file"])).resolve()), []).append(k)
    for path, lang, n in cats:
        ks = by_file.get(str(Path(path).resolve()), [])
        print(f"{str(Path(path).relative_to(root)):<62.62} {lang:<4} {n:>7} {len(ks):>5} "
              f"{sum(labels[k] == 'error' for k in ks):>4} "
              f"{sum(labels[k] == 'false' for k in ks):>5} {sum(not labels[k] for k in ks):>6}")
    false = sum(v == "false" for v in labels.values())
    real = sum(v == "error" for v in labels.values())
    unread = sum(not v for v in labels.values())
    causes = Counter(known[k].get("cause", "") or "?" for k in keys if labels[k] == "false")
    print(f"\n{len(cats)} catalogues, {strings:,} strings, {len(blocking)} blocking findings: "
          f"real {real}, false {false}, unread {unread}   [{took:.0f} s]")
    print(f"false blocking findings per 2,000 strings: {2000 * false / strings:.2f}"
          + (f" (<= {2000 * (false + unread) / strings:.2f} with unread)" if unread else ""))
    if causes:
        print("false by cause: " + ", ".join(f"{c} {n}" for c, n in causes.most_common()))
    if args.show:
        for f, k in zip(blocking, keys, strict=True):
            print(f"  [{labels[k] or '?'}] {Path(str(f['file'])).relative_to(root)}:{f['line']} "
                  f"{f['word']}: {f['message']} [{f['rule']}]\n      "
                  + " ".join(str(f["sentence"]).split()))
    if args.write:
        rows = []
        for f, k in zip(blocking, keys, strict=True):
            row = dict(known.get(k, {}))
            row.update(key=k, now="yes", word=str(f["word"]), rule=str(f["rule"]),
                       sentence=str(f["sentence"]), message=str(f["message"]))
            rows.append(row)
        now = set(keys)
        rows += [dict(r, now="no") for k, r in known.items() if k not in now and r.get("label")]
        write_labels(LABELS, rows)


if __name__ == "__main__":
    main()
