// Where the language server is: the `lambre.serverCommand` setting, else the Python interpreter
// the Python extension has selected, else the workspace's `.venv`, else `lambre-server` on PATH.
// No `vscode` import: the logic is tested with Node's test runner against real files and
// processes (see test/discovery.test.js).

import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";

export type Source = "setting" | "python-extension" | "workspace-venv" | "path";

export interface Candidate {
  source: Source;
  command: string;
  args: string[];
}

export interface Probe {
  candidate: Candidate;
  ok: boolean;
  /** why it did not work (one line), empty when it did */
  reason: string;
}

export interface DiscoveryInput {
  /** `lambre.serverCommand` when the user set it (undefined or empty: not set) */
  setting?: string[];
  /** the interpreter the Python extension selected for the workspace, if any */
  pythonInterpreter?: string;
  workspaceFolders: string[];
  /** the PATH the extension host has */
  pathEnv?: string;
  platform?: NodeJS.Platform;
}

export interface Discovery {
  /** the first candidate that answered `--version` */
  found?: Candidate;
  /** every candidate tried, in order */
  probes: Probe[];
}

/** `lambre-server`'s file name in a virtualenv's bin directory on this platform. */
function venvServer(venv: string, platform: NodeJS.Platform): string {
  return platform === "win32"
    ? path.join(venv, "Scripts", "lambre-server.exe")
    : path.join(venv, "bin", "lambre-server");
}

function isExecutable(file: string, platform: NodeJS.Platform): boolean {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) {
      return false;
    }
    if (platform === "win32") {
      return true;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` looked up in a PATH string (undefined when no directory has it). */
export function whichOnPath(
  name: string,
  pathEnv: string | undefined,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const exts = platform === "win32" ? [".exe", ".cmd", ""] : [""];
  for (const dir of (pathEnv ?? "").split(path.delimiter)) {
    if (!dir) {
      continue;
    }
    for (const ext of exts) {
      const file = path.join(dir, name + ext);
      if (isExecutable(file, platform)) {
        return file;
      }
    }
  }
  return undefined;
}

/** The candidates, in the order they are tried. */
export function candidates(input: DiscoveryInput): Candidate[] {
  const platform = input.platform ?? process.platform;
  const out: Candidate[] = [];
  if (input.setting && input.setting.length > 0 && input.setting[0].trim()) {
    out.push({ source: "setting", command: input.setting[0], args: input.setting.slice(1) });
  }
  if (input.pythonInterpreter) {
    out.push({
      source: "python-extension",
      command: input.pythonInterpreter,
      args: ["-m", "lambre_server"],
    });
  }
  for (const folder of input.workspaceFolders) {
    const exe = venvServer(path.join(folder, ".venv"), platform);
    if (isExecutable(exe, platform)) {
      out.push({ source: "workspace-venv", command: exe, args: [] });
    }
  }
  const onPath = whichOnPath("lambre-server", input.pathEnv, platform);
  if (onPath) {
    out.push({ source: "path", command: onPath, args: [] });
  }
  return out;
}

/** Does the candidate start? (`--version` answers without loading any model.) */
export function probe(candidate: Candidate, timeoutMs = 20000): Promise<Probe> {
  return new Promise((resolve) => {
    execFile(
      candidate.command,
      [...candidate.args, "--version"],
      { timeout: timeoutMs, windowsHide: true },
      (err, stdout, stderr) => {
        if (!err && /lambre-server/.test(String(stdout))) {
          resolve({ candidate, ok: true, reason: "" });
          return;
        }
        const detail = String(stderr || stdout || (err ? err.message : ""))
          .trim()
          .split("\n")
          .pop();
        resolve({ candidate, ok: false, reason: detail || "no answer to --version" });
      },
    );
  });
}

/** Try the candidates in order; the first that answers wins. */
export async function discover(
  input: DiscoveryInput,
  prober: (c: Candidate) => Promise<Probe> = probe,
): Promise<Discovery> {
  const probes: Probe[] = [];
  for (const c of candidates(input)) {
    const p = await prober(c);
    probes.push(p);
    if (p.ok) {
      return { found: c, probes };
    }
  }
  return { probes };
}

export const INSTALL_HINT =
  "pip install lambre (or, from a checkout: pip install torch==2.13.0 -e .)";

/** The one notification shown when no candidate works: what to install, what was tried. */
export function notFoundMessage(d: Discovery): string {
  const tried = d.probes.map((p) => `${p.candidate.source}: ${p.candidate.command} (${p.reason})`);
  return (
    "L'AMBRE: lambre-server was not found. Install it into the Python environment you use " +
    `(${INSTALL_HINT}), select that interpreter in the Python extension, or set ` +
    "lambre.serverCommand to the command that starts it." +
    (tried.length ? ` Tried: ${tried.join("; ")}.` : " Nothing to try: no setting, interpreter, .venv or PATH entry.")
  );
}
