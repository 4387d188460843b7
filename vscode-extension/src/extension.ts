// VS Code client for lambre-server: starts the server over stdio, forwards the `lambre`
// settings, shows the document score in the status bar and tells the server which part of each
// document is visible (so a long document's first check starts there).

import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

interface DocumentScore {
  uri: string;
  version: number;
  score: number | null;
  sentences: number;
  violations: number;
}

let client: LanguageClient | undefined;
let statusItem: vscode.StatusBarItem;
const scores = new Map<string, DocumentScore>();

function serverOptions(): ServerOptions {
  const cmd = vscode.workspace
    .getConfiguration("lambre")
    .get<string[]>("serverCommand", ["lambre-server"]);
  return {
    command: cmd[0],
    args: cmd.slice(1),
    transport: TransportKind.stdio,
  };
}

function settings(): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration("lambre");
  const keys = [
    "language", "languages", "modelsDir", "rulesFile", "minSeverity",
    "hintBelow", "disabledRules", "debounceMs", "mode", "showUncertain",
  ];
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = c.get(k);
    if (v !== undefined && v !== null) {
      out[k] = v;
    }
  }
  return out;
}

function showScore(editor: vscode.TextEditor | undefined): void {
  const s = editor ? scores.get(editor.document.uri.toString()) : undefined;
  if (!s || s.score === null) {
    statusItem.hide();
    return;
  }
  statusItem.text = `$(check) L'AMBRE ${(100 * s.score).toFixed(1)}`;
  statusItem.tooltip =
    `Well-formedness ${(100 * s.score).toFixed(2)} % over ${s.sentences} sentences, ` +
    `${s.violations} violation(s)`;
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
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "plaintext" },
      { scheme: "file", language: "markdown" },
      { scheme: "file", language: "po" },
      { scheme: "file", pattern: "**/*.po" },
      { scheme: "untitled", language: "plaintext" },
    ],
    initializationOptions: settings(),
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/.lambre.yaml"),
    },
  };
  client = new LanguageClient("lambre", "L'AMBRE", serverOptions(), clientOptions);
  await client.start();
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

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  statusItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  statusItem.command = "lambre.showDocumentScore";
  context.subscriptions.push(statusItem);

  context.subscriptions.push(
    vscode.commands.registerCommand("lambre.showDocumentScore", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!client || !editor) {
        return;
      }
      const s = (await client.sendRequest("workspace/executeCommand", {
        command: "lambre.documentScore",
        arguments: [editor.document.uri.toString()],
      })) as DocumentScore | null;
      if (s && s.score !== null) {
        vscode.window.showInformationMessage(
          `L'AMBRE score ${(100 * s.score).toFixed(2)} % — ${s.sentences} sentences, ` +
            `${s.violations} violation(s)`,
        );
      } else {
        vscode.window.showInformationMessage("L'AMBRE: no score for this document");
      }
    }),
    vscode.commands.registerCommand("lambre.restartServer", async () => {
      if (client) {
        await client.stop();
      }
      await start(context);
    }),
    vscode.window.onDidChangeActiveTextEditor((e) => showScore(e)),
    vscode.window.onDidChangeTextEditorVisibleRanges((e) => sendVisible(e.textEditor)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("lambre") && client) {
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
