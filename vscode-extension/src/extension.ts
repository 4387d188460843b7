// VS Code client for lambre-server: finds and starts the server (discovery.ts), forwards the
// `lambre` settings, shows the document score in the status bar (status.ts), tells the server
// which part of each document is visible (so a long document's first check starts there), and
// adds the per-rule report, restart and set-language commands.

import * as path from "path";
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { Candidate, discover, notFoundMessage } from "./discovery";
import { DocumentScore, reportHtml, statusView } from "./status";

const LANGUAGES: { code: string; label: string }[] = [
  { code: "", label: "Identify from the text" },
  { code: "de", label: "German" },
  { code: "ru", label: "Russian" },
  { code: "cs", label: "Czech" },
  { code: "el", label: "Greek" },
  { code: "tr", label: "Turkish" },
];

let client: LanguageClient | undefined;
let statusItem: vscode.StatusBarItem;
let output: vscode.OutputChannel;
const scores = new Map<string, DocumentScore>();
let extensionContext: vscode.ExtensionContext | undefined;
let watchingInterpreter = false;

function settings(): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration("lambre");
  const keys = [
    "language", "languages", "modelsDir", "parseCacheDir", "rulesFile", "minSeverity",
    "hintBelow", "disabledRules", "debounceMs", "mode", "showUncertain", "messageLanguage",
  ];
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = c.get(k);
    if (v !== undefined && v !== null) {
      out[k] = v;
    }
  }
  // VS Code shows the diagnostic's message in the same hover: the server leaves it out
  out.hoverMessage = false;
  return out;
}

/** The interpreter the Python extension selected (its public API), if it is installed. */
async function pythonInterpreter(): Promise<string | undefined> {
  if (!vscode.extensions.getExtension("ms-python.python")) {
    return undefined;
  }
  try {
    const { PythonExtension } = await import("@vscode/python-extension");
    const api = await PythonExtension.api();
    if (!watchingInterpreter) {
      // another interpreter selected: find the server again (it may have lambre there)
      watchingInterpreter = true;
      extensionContext?.subscriptions.push(
        api.environments.onDidChangeActiveEnvironmentPath(() => {
          void vscode.commands.executeCommand("lambre.restartServer");
        }),
      );
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const env = await api.environments.resolveEnvironment(
      api.environments.getActiveEnvironmentPath(folder),
    );
    return env?.executable.uri?.fsPath;
  } catch (err) {
    output.appendLine(`Python extension: no interpreter (${String(err)})`);
    return undefined;
  }
}

/** One error notification with the buttons that fix it (not awaited: activation goes on). */
function notify(message: string): void {
  void vscode.window.showErrorMessage(message, "Open setting", "Show log").then((choice) => {
    if (choice === "Open setting") {
      void vscode.commands.executeCommand("workbench.action.openSettings", "lambre.serverCommand");
    } else if (choice === "Show log") {
      output.show();
    }
  });
}

async function findServer(): Promise<Candidate | undefined> {
  const inspected = vscode.workspace.getConfiguration("lambre").inspect<string[]>("serverCommand");
  // only a value the user set (the setting is machine-scoped: never a workspace's)
  const setting = inspected?.globalValue;
  const d = await discover({
    setting,
    pythonInterpreter: await pythonInterpreter(),
    workspaceFolders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    pathEnv: process.env.PATH,
  });
  for (const p of d.probes) {
    output.appendLine(
      `server candidate (${p.candidate.source}): ${[p.candidate.command, ...p.candidate.args].join(" ")}` +
        (p.ok ? ": ok" : `: ${p.reason}`),
    );
  }
  if (!d.found) {
    notify(notFoundMessage(d));
  }
  return d.found;
}

function showScore(editor: vscode.TextEditor | undefined): void {
  const s = editor ? scores.get(editor.document.uri.toString()) : undefined;
  if (!s) {
    statusItem.hide();
    return;
  }
  const view = statusView(s);
  statusItem.text = view.text;
  statusItem.tooltip = view.tooltip;
  // a screen reader (and a test) hears what the icon and the count mean
  statusItem.accessibilityInformation = { label: view.label };
  statusItem.show();
}

function sendVisible(editor: vscode.TextEditor): void {
  if (!client) {
    return;
  }
  client.sendNotification("lambre/visibleRanges", {
    uri: editor.document.uri.toString(),
    ranges: editor.visibleRanges.map((r) => ({
      start: { line: r.start.line, character: r.start.character },
      end: { line: r.end.line, character: r.end.character },
    })),
  });
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const found = await findServer();
  if (!found) {
    return;
  }
  const serverOptions: ServerOptions = {
    command: found.command,
    args: found.args,
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "plaintext" },
      { scheme: "file", language: "markdown" },
      { scheme: "file", language: "po" },
      { scheme: "file", pattern: "**/*.po" },
      { scheme: "untitled", language: "plaintext" },
    ],
    initializationOptions: settings(),
    outputChannel: output,
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/.lambre.yaml"),
    },
  };
  client = new LanguageClient("lambre", "L'AMBRE", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    output.appendLine(`the server did not start: ${String(err)}`);
    notify(`L'AMBRE: ${found.command} did not start (${String(err)}).`);
    client = undefined;
    return;
  }
  context.subscriptions.push(
    client.onNotification("lambre/documentScore", (s: DocumentScore) => {
      scores.set(s.uri, s);
      showScore(vscode.window.activeTextEditor);
    }),
    // the server could not apply an edit: send it the whole text so both copies agree again
    client.onNotification("lambre/documentDiverged", (p: { uri: string }) => {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === p.uri);
      if (doc && client) {
        client.sendNotification("textDocument/didChange", {
          textDocument: { uri: p.uri, version: doc.version },
          contentChanges: [{ text: doc.getText() }],
        });
      }
    }),
  );
  for (const e of vscode.window.visibleTextEditors) {
    sendVisible(e);
  }
}

async function documentScore(editor: vscode.TextEditor): Promise<DocumentScore | null> {
  if (!client) {
    return null;
  }
  return (await client.sendRequest("workspace/executeCommand", {
    command: "lambre.documentScore",
    arguments: [editor.document.uri.toString()],
  })) as DocumentScore | null;
}

async function showReport(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    return;
  }
  const s = await documentScore(editor);
  if (!s) {
    vscode.window.showInformationMessage("L'AMBRE: no score for this document yet");
    return;
  }
  const title = `L'AMBRE report: ${path.basename(editor.document.uri.fsPath || editor.document.uri.path)}`;
  const panel = vscode.window.createWebviewPanel("lambreReport", title, vscode.ViewColumn.Beside, {
    enableScripts: false,
  });
  panel.webview.html = reportHtml(s, title);
}

async function setLanguage(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    return;
  }
  const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
  if (!folder) {
    vscode.window.showWarningMessage(
      "L'AMBRE: only a file in a workspace folder can have its own language; " +
        "set lambre.language, or write a line 'lambre: language=xx' in it.",
    );
    return;
  }
  const pick = await vscode.window.showQuickPick(
    LANGUAGES.map((l) => ({ label: l.label, description: l.code, code: l.code })),
    { placeHolder: "Language of this file for L'AMBRE" },
  );
  if (!pick) {
    return;
  }
  // relative to the workspace folder, as the server matches globs (lambre.languages is a
  // window-scoped setting: it is written to the workspace, not per folder)
  const rel = path.relative(folder.uri.fsPath, editor.document.uri.fsPath).split(path.sep).join("/");
  const config = vscode.workspace.getConfiguration("lambre");
  const map = { ...(config.inspect<Record<string, string>>("languages")?.workspaceValue ?? {}) };
  if (pick.code) {
    map[rel] = pick.code;
  } else {
    delete map[rel];
  }
  try {
    await config.update("languages", map, vscode.ConfigurationTarget.Workspace);
  } catch (err) {
    vscode.window.showErrorMessage(`L'AMBRE: cannot set the language: ${String(err)}`);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionContext = context;
  output = vscode.window.createOutputChannel("L'AMBRE");
  statusItem = vscode.window.createStatusBarItem("lambre.status", vscode.StatusBarAlignment.Right, 100);
  statusItem.name = "L'AMBRE";
  statusItem.command = "lambre.showReport";
  context.subscriptions.push(statusItem, output);

  context.subscriptions.push(
    vscode.commands.registerCommand("lambre.showDocumentScore", async () => {
      const editor = vscode.window.activeTextEditor;
      const s = editor ? await documentScore(editor) : null;
      if (s && s.score !== null) {
        vscode.window.showInformationMessage(statusView(s).tooltip.split("\n").slice(0, 2).join(", "));
      } else {
        vscode.window.showInformationMessage("L'AMBRE: no score for this document");
      }
    }),
    vscode.commands.registerCommand("lambre.showReport", showReport),
    vscode.commands.registerCommand("lambre.setLanguage", setLanguage),
    vscode.commands.registerCommand("lambre.restartServer", async () => {
      if (client) {
        await client.stop();
        client = undefined;
      }
      await start(context);
    }),
    vscode.window.onDidChangeActiveTextEditor((e) => showScore(e)),
    vscode.window.onDidChangeTextEditorVisibleRanges((e) => sendVisible(e.textEditor)),
    // a newly shown editor: its screen is checked first
    vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach(sendVisible)),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("lambre.serverCommand")) {
        await vscode.commands.executeCommand("lambre.restartServer");
      } else if (e.affectsConfiguration("lambre") && client) {
        client.sendNotification("workspace/didChangeConfiguration", {
          settings: { lambre: settings() },
        });
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
