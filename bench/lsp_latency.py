"""LSP latency of ``lambre-server``, measured with a real client over stdio.

Prints:
- cold start: process start -> first diagnostics, and -> complete diagnostics, for an N-sentence
  German document (default 1,000 sentences);
- one-word edit -> its diagnostics: p50 / p95 over E edits (parse cache on), timed when the
  diagnostics' JSON arrives (and, separately, once this Python client has decoded it);
- the same with the cache off (a full reparse per edit), and the ratio full / cached;
- server RSS (current and peak) with one language loaded, its parser process included;
- model loaded -> first diagnostics, the visible screen being checked first; the number of
  publishes of the first check and the diagnostics they carry in all (linear, not quadratic);
- a restart: a new server opening the same document, whose parses the first one left on disk
  (the cold start uses an empty parse cache directory, this run the same one): start -> first
  diagnostics, and -> complete;
- with ``--pull`` (and ``--full-edits 0``): a pull-diagnostics client's edit -> report latency
  and how many reports were "unchanged" (nothing re-sent).

Usage: python bench/lsp_latency.py [--sentences 1000] [--edits 40] [--full-edits 2] [--also ru]
       [--debounce-ms MS] [--models DIR] [--screen-lines 40] [--pull] [--identify]
Sentences come from the shared German treebanks (../shared/treebanks/ud/de, GSD/PUD text lines);
without them, from examples/de.txt with numbered variants.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lambre_server.client import LambreClient, Published
from lambre_server.settings import Settings
from lsprotocol import types

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "treebanks" / "ud" / "de"


def german_sentences(n: int, lang: str = "de") -> list[str]:
    """``n`` sentences of ``lang`` (treebank text lines; German examples as a fallback)."""
    out: list[str] = []
    shared = SHARED.parent / lang
    if shared.is_dir():
        for f in sorted(shared.glob("*.conllu")):
            if "lit" in f.name.lower():
                continue
            for line in f.read_text(encoding="utf-8").splitlines():
                if line.startswith("# text = "):
                    t = line[9:].strip()
                    if 20 <= len(t) <= 200 and t[-1] in ".!?":
                        out.append(t)
    if not out:
        base = (ROOT / "examples" / "de.txt").read_text(encoding="utf-8").split("\n")
        base = [b.strip() for b in base if b.strip()]
        out = [f"{b[:-1]} am Tag {i}." for i in range(n) for b in base]
    # distinct sentences only: the document should not be mostly cache hits
    seen: dict[str, None] = {}
    for s in out:
        seen.setdefault(s, None)
    return list(seen)[:n]


def document(sentences: list[str]) -> str:
    """Paragraphs of five sentences."""
    paras = [" ".join(sentences[i : i + 5]) for i in range(0, len(sentences), 5)]
    return "\n\n".join(paras) + "\n"


def position(text: str, offset: int) -> types.Position:
    before = text[:offset]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1 :]
    return types.Position(line=line, character=len(col.encode("utf-16-le")) // 2)


def _descendants(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for k in kids:
            out += [int(k), *_descendants(int(k))]
    return out


def rss_kb(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) in kB of a process and its descendants (the server's parser process)
    together: the peaks are added up, an upper bound on the pair's peak."""
    cur = peak = 0
    for p in [pid, *_descendants(pid)]:
        try:
            status = Path(f"/proc/{p}/status").read_text().splitlines()
        except OSError:
            continue
        for line in status:
            if line.startswith("VmRSS:"):
                cur += int(line.split()[1])
            elif line.startswith("VmHWM:"):
                peak += int(line.split()[1])
    return cur, peak


def _kind(progress: object) -> str | None:
    value = getattr(progress, "value", None)
    if isinstance(value, dict):
        return value.get("kind")
    return getattr(value, "kind", None)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


async def one_word_edit(c: LambreClient, uri: str, text: str, rng: random.Random,
                        timeout: float) -> tuple[str, float, float]:
    """Replace one word of a random sentence by another word; seconds until its diagnostics
    arrive, and until this Python client has decoded them."""
    words = [m for m in re.finditer(r"\b[a-zäöüß]{3,}\b", text)]
    m = rng.choice(words)
    repl = {"der": "die", "die": "der", "den": "dem", "dem": "den", "und": "oder"}.get(
        m.group(0), m.group(0) + "e")
    new = text[: m.start()] + repl + text[m.end() :]
    t0 = time.perf_counter()
    v = c.change(uri, types.Range(start=position(text, m.start()), end=position(text, m.end())),
                 repl, new)
    pub = await c.diagnostics(uri, v, timeout=timeout)
    return new, pub.at - t0, pub.handled - t0


async def run_pull(args: argparse.Namespace, text: str) -> None:
    """The same document with a client that pulls diagnostics (textDocument/diagnostic with
    result ids): edit -> report latency, and how many reports were "unchanged"."""
    c = LambreClient()
    await c.start(initialization_options={"lambre": {"language": "de", "mode": args.mode,
                                                     "debounceMs": args.debounce_ms}},
                  root=str(ROOT), pull=True)
    uri = (ROOT / "bench_document_pull.txt").as_uri()
    v = c.open(uri, text)
    await c.wait_for(lambda: any(s["uri"] == uri and s["version"] == v for s in c.rec.scores),
                     timeout=3600)
    rep = await c.pull(uri)
    rid, n = rep.result_id, len(rep.items)
    rng = random.Random(13)
    lat: list[float] = []
    kinds: dict[str, int] = {}
    for _ in range(args.edits):
        words = [m for m in re.finditer(r"\b[a-zäöüß]{3,}\b", text)]
        m = rng.choice(words)
        # a word replaced by itself and back: the findings are those already held
        t0 = time.perf_counter()
        c.change(uri, types.Range(start=position(text, m.start()), end=position(text, m.end())),
                 m.group(0), text)
        rep = await c.pull(uri, rid)
        lat.append(time.perf_counter() - t0)
        kinds[rep.kind] = kinds.get(rep.kind, 0) + 1
        rid = rep.result_id or rid
    print(f"pull client: {n} diagnostics; an edit that changes no finding -> report: "
          f"p50 {1000 * statistics.median(lat):.0f} ms, p95 {1000 * pct(lat, 95):.0f} ms; "
          f"reports {kinds}")
    await c.stop()


async def run(args: argparse.Namespace) -> None:
    sents = german_sentences(args.sentences)
    text = document(sents)
    print(f"document: {len(sents)} sentences, {len(text):,} characters, "
          f"{text.count(chr(10)) + 1} lines")
    c = LambreClient()
    opts: dict[str, object] = {"debounceMs": args.debounce_ms, "mode": args.mode}
    if not args.identify:
        opts["language"] = "de"
        if args.also:
            opts["languages"] = {f"*.{args.also}.txt": args.also}
    print("language: " + ("identified by the server" if args.identify else "de (set)"))
    print(f"mode: {args.mode}")
    if args.models:
        opts["modelsDir"] = args.models
    # cold: no parse on disk yet (the restart below reads what this server leaves there)
    parse_dir = tempfile.mkdtemp(prefix="lambre-bench-parses-")
    opts["parseCacheDir"] = parse_dir
    text0 = text
    t_start = time.perf_counter()
    server_args = ["--log-file", args.log, "--log-level", "INFO"] if args.log else []
    await c.start(initialization_options={"lambre": opts}, root=str(ROOT),
                  server_args=server_args)
    pid = c.process.pid
    uri = (ROOT / "bench_document.txt").as_uri()
    # the editor shows the first screen (sent before didOpen, as VS Code does on restore)
    screen = args.screen_lines
    c.client.protocol.notify("lambre/visibleRanges", {"uri": uri, "ranges": [
        {"start": {"line": 0, "character": 0}, "end": {"line": screen, "character": 0}}]})
    t_open = time.perf_counter()
    v = c.open(uri, text)
    first = await c.wait_for(lambda: c.rec.latest(uri), timeout=3600)
    final = await c.diagnostics(uri, v, timeout=3600)
    print(f"cold start -> first diagnostics: {first.at - t_start:.2f} s "
          f"(from didOpen {first.at - t_open:.2f} s)")
    loaded = next((at for p, at in zip(c.rec.progress, c.rec.progress_at, strict=True)
                   if _kind(p) == "end"), None)
    pubs = [p for p in c.rec.diagnostics if p.uri == uri and p.version == v]

    def on_screen(p: Published) -> list[tuple[int, int, str]]:
        return sorted((d.range.start.line, d.range.start.character, str(d.code))
                      for d in p.diagnostics if d.range.start.line < screen)

    # the first publish that has every diagnostic the final one has on the screen
    visible = next(p for p in pubs if on_screen(p) == on_screen(final))
    if loaded is not None:
        print(f"model loaded -> first diagnostics: {first.at - loaded:.2f} s; -> all of the "
              f"visible {screen} lines ({len(on_screen(final))} diagnostics): "
              f"{visible.at - loaded:.2f} s")
    print(f"cold start -> complete diagnostics: {final.at - t_start:.2f} s "
          f"({len(final.diagnostics)} diagnostics; {len(pubs)} publishes carrying "
          f"{sum(len(p.diagnostics) for p in pubs)} diagnostics in all)")
    score = [s for s in c.rec.scores if s["uri"] == uri][-1]
    if score["score"] is None:
        for m in c.rec.messages:
            print(f"server: {m.message}", file=sys.stderr)
        await c.stop()
        raise SystemExit("no German model could be loaded; nothing to measure")
    print(f"document score: {score['score']:.4f} over {score['sentences']} sentences, "
          f"{score['violations']} violations")

    rng = random.Random(13)
    lat: list[float] = []
    decoded: list[float] = []
    for _ in range(args.edits):
        text, dt, dd = await one_word_edit(c, uri, text, rng, 600)
        lat.append(dt)
        decoded.append(dd)
        if args.verbose:
            print(f"  edit {len(lat)}: {1000 * dt:.0f} ms (decoded {1000 * dd:.0f} ms)")
    p50, p95 = statistics.median(lat), pct(lat, 95)
    print(f"one-word edit -> diagnostics (cache on, debounce {args.debounce_ms} ms, "
          f"{args.edits} edits): p50 {1000 * p50:.0f} ms, p95 {1000 * p95:.0f} ms")
    print(f"  (until this Python client has decoded all {len(final.diagnostics)} diagnostics: "
          f"p50 {1000 * statistics.median(decoded):.0f} ms, p95 {1000 * pct(decoded, 95):.0f} ms)")
    cur, peak = rss_kb(pid)
    print(f"server RSS after cached edits: {cur / 1024:.0f} MB (peak {peak / 1024:.0f} MB)")
    if args.also:
        # a second language's document: its model loads beside the first one's
        other = (ROOT / f"bench_document.{args.also}.txt").as_uri()
        ov = c.open(other, document(german_sentences(args.sentences, args.also)))
        await c.diagnostics(other, ov, timeout=3600)
        cur, peak = rss_kb(pid)
        print(f"server RSS with a {args.also} document too: {cur / 1024:.0f} MB "
              f"(peak {peak / 1024:.0f} MB)")

    if args.full_edits <= 0:
        print(f"machine: {os.cpu_count()} CPUs, python {sys.version.split()[0]}")
        await c.stop()
        await restart(opts, text0, screen)
        shutil.rmtree(parse_dir, ignore_errors=True)
        if args.pull:
            await run_pull(args, text)
        return
    # cache off: every edit reparses the whole document
    c.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"lambre": {"cache": False}}))
    await asyncio.sleep(0.2)
    # the configuration change itself triggers a full recheck; let it pass
    done_version = c.versions[uri]
    n0 = len(c.rec.scores)
    await c.wait_for(lambda: any(s["uri"] == uri and s["version"] == done_version
                                 for s in c.rec.scores[n0:]), timeout=3600)
    full: list[float] = []
    for _ in range(args.full_edits):
        text, dt, _ = await one_word_edit(c, uri, text, rng, 3600)
        full.append(dt)
    fmed = statistics.median(full)
    print(f"one-word edit -> diagnostics (cache off = full reparse, {args.full_edits} edits): "
          f"p50 {fmed:.2f} s")
    print(f"speed-up of the cache: {fmed / p50:.0f}x at p50, {fmed / p95:.0f}x against p95")
    cur, peak = rss_kb(pid)
    print(f"server RSS at the end: {cur / 1024:.0f} MB (peak {peak / 1024:.0f} MB)")
    print(f"machine: {os.cpu_count()} CPUs, python {sys.version.split()[0]}")
    await c.stop()
    await restart(opts, text0, screen)
    shutil.rmtree(parse_dir, ignore_errors=True)


async def restart(opts: dict[str, object], text: str, screen: int) -> None:
    """A new server on the same document and parse cache directory (an editor restarted)."""
    c = LambreClient()
    t_start = time.perf_counter()
    await c.start(initialization_options={"lambre": opts}, root=str(ROOT))
    uri = (ROOT / "bench_document.txt").as_uri()
    c.client.protocol.notify("lambre/visibleRanges", {"uri": uri, "ranges": [
        {"start": {"line": 0, "character": 0}, "end": {"line": screen, "character": 0}}]})
    v = c.open(uri, text)
    first = await c.wait_for(lambda: c.rec.latest(uri), timeout=3600)
    final = await c.diagnostics(uri, v, timeout=3600)
    print(f"restart, parses on disk: start -> first diagnostics {first.at - t_start:.2f} s "
          f"({len(first.diagnostics)} diagnostics), -> complete {final.at - t_start:.2f} s "
          f"({len(final.diagnostics)})")
    await c.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sentences", type=int, default=1000)
    ap.add_argument("--edits", type=int, default=40)
    ap.add_argument("--full-edits", type=int, default=2)
    ap.add_argument("--debounce-ms", type=int, default=Settings.debounce_ms,
                    help="default: the server's own")
    ap.add_argument("--models", help="parser models directory (default: shipped)")
    ap.add_argument("--verbose", action="store_true", help="print every edit's latency")
    ap.add_argument("--identify", action="store_true",
                    help="no language setting: the server identifies it (as with no configuration)")
    ap.add_argument("--pull", action="store_true",
                    help="then measure a pull-diagnostics client (textDocument/diagnostic)")
    ap.add_argument("--screen-lines", type=int, default=40,
                    help="lines the client says are visible at the top (checked first)")
    ap.add_argument("--mode", choices=["precise", "paper"], default="precise",
                    help="the server's checking mode (precise: the default; paper: the baseline)")
    ap.add_argument("--also", metavar="LANG",
                    help="then open a document in this language too (its sentences from the "
                         "shared treebanks) and report the memory with two models loaded")
    ap.add_argument("--log", help="write the server's log (one line per check) here")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
