"""lambre-server in a real editor: headless Neovim (0.7+) as the LSP client.

Neovim opens the Figure 1 sentence, attaches ``lambre-server`` over stdio, and must show a
diagnostic on "werden" and a hover on it in plain words; an edit through the buffer API (sent as didChange) fixes the sentence and
the diagnostic goes. Skipped without ``nvim`` or without a German model."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_server_e2e import FIG1, FIXED

pytestmark = pytest.mark.slow

LUA = r"""
local cfg = vim.fn.json_decode(vim.fn.readfile(vim.env.LAMBRE_TEST_CFG)[1])
vim.cmd("edit " .. cfg.file)
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = "lambre", cmd = { cfg.python, "-m", "lambre_server" }, root_dir = cfg.root,
  init_options = { lambre = { language = "de" } },
})
vim.lsp.buf_attach_client(buf, id)
local function has_werden()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('"werden"', 1, true) then return true end
  end
  return false
end
local out = {}
out.shown = vim.wait(90000, has_werden, 50)
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(out.diagnostics, { lnum = d.lnum, col = d.col, end_col = d.end_col,
                                  severity = d.severity, message = d.message,
                                  source = d.source })
end
-- the hover on "werden", as K would show it
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) },
                 position = { line = 0, character = 5 } }
out.hover = ""
for _, r in pairs(vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 60000) or {}) do
  local c = r.result and r.result.contents
  if type(c) == "table" then out.hover = c.value or "" elseif c then out.hover = tostring(c) end
end
vim.api.nvim_buf_set_lines(buf, 0, 1, false, { cfg.fixed })
out.gone = vim.wait(90000, function() return not has_werden() end, 50)
vim.fn.writefile({ vim.fn.json_encode(out) }, cfg.out)
vim.lsp.stop_client(id)
vim.cmd("qa!")
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="nvim is not installed")
def test_neovim_shows_and_clears_the_diagnostic(tmp_path: Path) -> None:
    doc = tmp_path / "fig1.txt"
    doc.write_text(FIG1 + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps({"file": str(doc), "root": str(tmp_path), "out": str(out),
                               "python": sys.executable, "fixed": FIXED}), encoding="utf-8")
    script = tmp_path / "test.lua"
    script.write_text(LUA, encoding="utf-8")
    env = {**os.environ, "LAMBRE_TEST_CFG": str(cfg)}
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp_path / var.lower())
    subprocess.run(["nvim", "--headless", "--clean", "-i", "NONE", "-n", "-c",
                    f"luafile {script}"], env=env, timeout=400, check=False,
                   stdin=subprocess.DEVNULL, capture_output=True)
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["shown"], result
    werden = [d for d in result["diagnostics"] if '"werden"' in d["message"]]
    assert werden and (werden[0]["lnum"], werden[0]["col"], werden[0]["end_col"]) == (0, 4, 10)
    assert werden[0]["source"] == "lambre"
    # the hover speaks to a person first: no word class, relation or feature before the details
    hover = result["hover"]
    assert "agrees" in hover and "Treebank example" in hover, hover
    first = hover.split("Details")[0]
    assert not re.search(r"\b(NOUN|VERB|AUX|PRON|DET|ADJ|subj|comp)\b|[A-Z][a-z]+=[A-Z]", first), \
        hover
    assert result["gone"], "the diagnostic went after the fix"


LUA_NOCONFIG = r"""
local cfg = vim.fn.json_decode(vim.fn.readfile(vim.env.LAMBRE_TEST_CFG)[1])
local messages = {}
vim.lsp.handlers["window/showMessage"] = function(_, result) table.insert(messages, result.message) end
vim.cmd("edit " .. cfg.file)
local buf = vim.api.nvim_get_current_buf()
-- no init_options, no settings, no .lambre.yaml: the server must find the language itself
local id = vim.lsp.start_client({ name = "lambre", cmd = { cfg.python, "-m", "lambre_server" },
                                  root_dir = cfg.root })
vim.lsp.buf_attach_client(buf, id)
local function werden_line()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('"werden"', 1, true) then return d.lnum, d.col, d.end_col end
  end
  return nil
end
local out = { messages = messages }
out.shown = vim.wait(120000, function() return werden_line() ~= nil end, 50)
out.before = { werden_line() }
-- two lines inserted above: the diagnostic must move down with its text
vim.api.nvim_buf_set_lines(buf, 0, 0, false, { "Das ist ein neuer Satz.", "" })
out.moved = vim.wait(120000, function() return werden_line() == out.before[1] + 2 end, 50)
out.after = { werden_line() }
vim.fn.writefile({ vim.fn.json_encode(out) }, cfg.out)
vim.lsp.stop_client(id)
vim.cmd("qa!")
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="nvim is not installed")
def test_neovim_without_configuration_and_diagnostics_move_with_edits(tmp_path: Path) -> None:
    doc = tmp_path / "essay.txt"
    doc.write_text("Das Wetter ist heute schön.\n" + FIG1 + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps({"file": str(doc), "root": str(tmp_path), "out": str(out),
                               "python": sys.executable}), encoding="utf-8")
    script = tmp_path / "test.lua"
    script.write_text(LUA_NOCONFIG, encoding="utf-8")
    env = {**os.environ, "LAMBRE_TEST_CFG": str(cfg)}
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp_path / var.lower())
    subprocess.run(["nvim", "--headless", "--clean", "-i", "NONE", "-n", "-c",
                    f"luafile {script}"], env=env, timeout=400, check=False,
                   stdin=subprocess.DEVNULL, capture_output=True)
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["shown"], result
    assert result["before"] == [1, 4, 10]
    assert result["moved"] and result["after"] == [3, 4, 10], result
    said = [m for m in result["messages"] if "essay.txt" in m]
    assert len(said) == 1 and "German" in said[0], result["messages"]
