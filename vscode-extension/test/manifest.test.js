// The manifest: what a workspace may not choose, untrusted workspaces, packaging fields.
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const path = require("path");

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8"));
const props = pkg.contributes.configuration.properties;

test("commands and paths are machine settings", () => {
  assert.strictEqual(props["lambre.serverCommand"].scope, "machine");
  assert.strictEqual(props["lambre.modelsDir"].scope, "machine");
  assert.strictEqual(props["lambre.rulesFile"].scope, "machine");
});

test("untrusted workspaces: limited, with the path settings restricted", () => {
  const u = pkg.capabilities.untrustedWorkspaces;
  assert.strictEqual(u.supported, "limited");
  for (const key of ["lambre.serverCommand", "lambre.modelsDir", "lambre.rulesFile"]) {
    assert.ok(u.restrictedConfigurations.includes(key), key);
  }
});

test("packaging fields and files", () => {
  assert.ok(pkg.repository && pkg.repository.url);
  assert.ok(pkg.license && pkg.icon);
  for (const f of ["README.md", "LICENSE", "CHANGELOG.md", pkg.icon]) {
    assert.ok(fs.existsSync(path.join(__dirname, "..", f)), f);
  }
  const commands = pkg.contributes.commands.map((c) => c.command);
  for (const c of ["lambre.showReport", "lambre.restartServer", "lambre.setLanguage"]) {
    assert.ok(commands.includes(c), c);
  }
  // no language by default: the server identifies it
  assert.strictEqual(props["lambre.language"].default, "");
});
