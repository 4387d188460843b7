// The status bar item and the per-rule report, from a documentScore notification.
const test = require("node:test");
const assert = require("node:assert");
const { reportHtml, scoreIcon, statusView } = require("../out/status");

const base = {
  uri: "file:///a.txt", version: 3, score: 0.75, sentences: 4, violations: 3,
  rules: [
    { id: "agree.PRON.AUX.subj.Number", satisfied: 1, violated: 2 },
    { id: "agree.DET.NOUN.det.Case", satisfied: 5, violated: 0 },
  ],
  diagnostics: 2, published: { error: 1, hint: 1 },
  topRules: [{ id: "agree.PRON.AUX.subj.Number", count: 2, explanation: "A PRON agrees <in> Number." }],
};

test("the status bar says how many problems, errors first; the score is in the tooltip", () => {
  const v = statusView(base);
  assert.match(v.text, /1 error · 1 hint$/);
  assert.doesNotMatch(v.text, /75/);
  assert.match(v.tooltip, /^lambre: 1 error · 1 hint in this document\n/);
  assert.match(v.tooltip, /well-formedness 75\.00 % over 4 sentences/);
  assert.match(v.tooltip, /agree\.PRON\.AUX\.subj\.Number \(2\): A PRON agrees/);
  const clean = statusView({ ...base, score: 1, diagnostics: 0, published: {} });
  assert.match(clean.text, /no problems$/);
  // the spoken label names the tool and has no codicon syntax
  assert.strictEqual(v.label, "lambre: 1 error · 1 hint in this document");
  assert.doesNotMatch(clean.label, /\$\(/);
});

test("the icon reflects the score", () => {
  assert.strictEqual(scoreIcon({ ...base, score: 1, diagnostics: 0, published: {} }), "$(check)");
  assert.strictEqual(scoreIcon({ ...base, score: 0.97, diagnostics: 1, published: { hint: 1 } }), "$(warning)");
  assert.strictEqual(scoreIcon({ ...base, score: 0.97, published: { error: 1 } }), "$(error)");
  assert.strictEqual(scoreIcon({ ...base, score: 0.5, diagnostics: 0, published: {} }), "$(error)");
  assert.notStrictEqual(statusView({ ...base }).text.slice(0, 8), "$(check)");
});

test("nothing checked", () => {
  const v = statusView({ ...base, score: null, sentences: 0, rules: [], diagnostics: 0, published: {}, topRules: [] });
  assert.match(v.text, /no problems/);
  assert.match(v.tooltip, /nothing checked/);
});

test("the report is a table of every rule, escaped, most violated first", () => {
  const html = reportHtml(base, "L'AMBRE report: <a.txt>");
  const rows = html.match(/<tr><td>/g);
  assert.strictEqual(rows.length, 2);
  assert.ok(html.indexOf("subj.Number") < html.indexOf("det.Case"));
  assert.ok(html.includes("&#60;a.txt&#62;") && !html.includes("<a.txt>"));
  assert.ok(html.includes("&#60;in&#62;"));
  assert.match(html, /default-src 'none'/);
});
