// Server discovery, each branch, against real files and real processes (small shell scripts
// that answer --version as lambre-server does).
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { candidates, discover, notFoundMessage, whichOnPath } = require("../out/discovery");

const unix = process.platform !== "win32";

// every folder made here is removed when the tests end, so runs leave nothing in the temp dir
const made = [];
function tmp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lambre-discovery-"));
  made.push(dir);
  return dir;
}
test.after(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** An executable that answers `--version` like lambre-server (or fails, when `ok` is false). */
function fakeServer(file, ok = true, expectArgs = "") {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const body = ok
    ? `#!/bin/sh\nif [ "$*" = "${expectArgs}${expectArgs ? " " : ""}--version" ]; then echo "lambre-server 0.1.0"; exit 0; fi\nexit 3\n`
    : `#!/bin/sh\necho "ModuleNotFoundError: No module named 'lambre_server'" >&2\nexit 1\n`;
  fs.writeFileSync(file, body, { mode: 0o755 });
  return file;
}

test("the setting comes first when it works", { skip: !unix }, async () => {
  const dir = tmp();
  const server = fakeServer(path.join(dir, "my-server"));
  const onPath = fakeServer(path.join(dir, "bin", "lambre-server"));
  const d = await discover({
    setting: [server],
    workspaceFolders: [],
    pathEnv: path.dirname(onPath),
  });
  assert.strictEqual(d.found.source, "setting");
  assert.strictEqual(d.found.command, server);
  assert.strictEqual(d.probes.length, 1);
});

test("a broken setting falls through to the Python extension's interpreter", { skip: !unix }, async () => {
  const dir = tmp();
  const broken = fakeServer(path.join(dir, "broken"), false);
  const python = fakeServer(path.join(dir, "venv", "bin", "python"), true, "-m lambre_server");
  const d = await discover({ setting: [broken], pythonInterpreter: python, workspaceFolders: [] });
  assert.strictEqual(d.found.source, "python-extension");
  assert.deepStrictEqual(d.found.args, ["-m", "lambre_server"]);
  assert.strictEqual(d.probes[0].ok, false);
  assert.match(d.probes[0].reason, /No module named/);
});

test("the workspace's .venv when no interpreter is selected", { skip: !unix }, async () => {
  const ws = tmp();
  const exe = fakeServer(path.join(ws, ".venv", "bin", "lambre-server"));
  const d = await discover({ workspaceFolders: [ws], pathEnv: "" });
  assert.strictEqual(d.found.source, "workspace-venv");
  assert.strictEqual(d.found.command, exe);
});

test("an interpreter without the package falls through to the .venv", { skip: !unix }, async () => {
  const ws = tmp();
  const python = fakeServer(path.join(ws, "other", "python"), false);
  fakeServer(path.join(ws, ".venv", "bin", "lambre-server"));
  const d = await discover({ pythonInterpreter: python, workspaceFolders: [ws], pathEnv: "" });
  assert.deepStrictEqual(d.probes.map((p) => [p.candidate.source, p.ok]),
    [["python-extension", false], ["workspace-venv", true]]);
});

test("PATH last", { skip: !unix }, async () => {
  const dir = tmp();
  const exe = fakeServer(path.join(dir, "bin", "lambre-server"));
  const d = await discover({ workspaceFolders: [tmp()], pathEnv: ["/nonexistent", path.dirname(exe)].join(path.delimiter) });
  assert.strictEqual(d.found.source, "path");
  assert.strictEqual(d.found.command, exe);
  assert.strictEqual(whichOnPath("lambre-server", "/nonexistent"), undefined);
});

test("a non-executable file on PATH is not a candidate", { skip: !unix }, async () => {
  const dir = tmp();
  fs.writeFileSync(path.join(dir, "lambre-server"), "not a program", { mode: 0o644 });
  assert.deepStrictEqual(candidates({ workspaceFolders: [], pathEnv: dir }), []);
});

test("nothing works: one message that says what to install and what was tried", { skip: !unix }, async () => {
  const dir = tmp();
  const broken = fakeServer(path.join(dir, "broken"), false);
  const d = await discover({ setting: [broken], workspaceFolders: [tmp()], pathEnv: "" });
  assert.strictEqual(d.found, undefined);
  const msg = notFoundMessage(d);
  assert.match(msg, /pip install lambre/);
  assert.match(msg, /lambre\.serverCommand/);
  assert.ok(msg.includes(broken), msg);
  const none = await discover({ workspaceFolders: [], pathEnv: "" });
  assert.strictEqual(none.probes.length, 0);
  assert.match(notFoundMessage(none), /Nothing to try/);
});

test("a missing command is reported, not thrown", async () => {
  const d = await discover({ setting: ["/nonexistent/lambre-server"], workspaceFolders: [], pathEnv: "" });
  assert.strictEqual(d.found, undefined);
  assert.match(d.probes[0].reason, /ENOENT/);
});
