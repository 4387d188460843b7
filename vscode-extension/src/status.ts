// What the status bar item and the per-rule report show for a document, from the server's
// `lambre/documentScore` notification. No `vscode` import: tested with Node's test runner.

export interface RuleTally {
  id: string;
  satisfied: number;
  violated: number;
}

export interface TopRule {
  id: string;
  count: number;
  explanation: string;
}

export interface DocumentScore {
  uri: string;
  version: number;
  score: number | null;
  sentences: number;
  violations: number;
  rules: RuleTally[];
  /** diagnostics published with this version (what the Problems panel lists) */
  diagnostics?: number;
  published?: Record<string, number>;
  topRules?: TopRule[];
}

export interface StatusView {
  text: string;
  tooltip: string;
  /** The spoken label: the text without its codicon, named as lambre's. */
  label: string;
}

/** The codicon for a score: a check only when nothing was found. */
export function scoreIcon(s: DocumentScore): string {
  const errors = s.published?.error ?? 0;
  const shown = s.diagnostics ?? 0;
  if (s.score === null || (shown === 0 && s.score >= 0.999)) {
    return "$(check)";
  }
  if (errors > 0 || s.score < 0.8) {
    return "$(error)";
  }
  return shown > 0 || s.score < 0.95 ? "$(warning)" : "$(check)";
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Status bar text and tooltip: how many problems first (errors before the rest), the score
 * in the tooltip with the top rules. */
export function statusView(s: DocumentScore): StatusView {
  const shown = s.diagnostics ?? 0;
  const order = ["error", "warning", "information", "hint"];
  const counts = Object.entries(s.published ?? {})
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([sev, n]) => plural(n, sev === "information" ? "info" : sev));
  const said = counts.length > 0 ? counts.join(" · ") : plural(shown, "problem");
  const text = shown === 0 ? `${scoreIcon(s)} lambre: no problems` : `${scoreIcon(s)} ${said}`;
  const lines = [
    shown === 0 ? "lambre: no problems in this document" : `lambre: ${said} in this document`,
    s.score === null
      ? "L'AMBRE: nothing checked in this document"
      : `L'AMBRE well-formedness ${(100 * s.score).toFixed(2)} % over ${plural(s.sentences, "sentence")}`,
  ];
  const top = s.topRules ?? [];
  if (top.length > 0) {
    lines.push("", "Top rules:");
    for (const r of top) {
      lines.push(`• ${r.id} (${r.count})${r.explanation ? ": " + r.explanation : ""}`);
    }
  }
  lines.push("", "Click for the per-rule report");
  return { text, tooltip: lines.join("\n"), label: lines[0] };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The per-rule report of a document as an HTML page (for a webview; no scripts). */
export function reportHtml(s: DocumentScore, title: string): string {
  const shownBy = new Map((s.topRules ?? []).map((r) => [r.id, r] as const));
  const rows = [...s.rules]
    .sort((a, b) => b.violated - a.violated || a.id.localeCompare(b.id))
    .map((r) => {
      const total = r.satisfied + r.violated;
      const share = total ? ((100 * r.satisfied) / total).toFixed(1) : "–";
      const top = shownBy.get(r.id);
      return (
        `<tr><td><code>${escapeHtml(r.id)}</code></td><td>${r.satisfied}</td>` +
        `<td>${r.violated}</td><td>${share}</td>` +
        `<td>${escapeHtml(top?.explanation ?? "")}</td></tr>`
      );
    })
    .join("\n");
  const score = s.score === null ? "–" : `${(100 * s.score).toFixed(2)} %`;
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #8884;text-align:left}</style>
<title>${escapeHtml(title)}</title></head><body>
<h2>${escapeHtml(title)}</h2>
<p>Score ${score} over ${s.sentences} sentences, ${s.violations} violations,
${s.diagnostics ?? 0} diagnostics shown.</p>
<table><thead><tr><th>rule</th><th>satisfied</th><th>violated</th><th>% satisfied</th><th>explanation</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}
