// Drives a real VS Code (code-server) in Debian's Chromium with Playwright: opens a German file,
// reads the Problems panel, the status bar and the hover, applies the first quick fix, and
// writes what it saw to OUT/result.json (screenshots beside it). Run by tests/test_vscode_real.py.
// Env: PLAYWRIGHT (path of playwright-core), URL (code-server, folder opened), FILE (name to
// open), OUT (output directory), CHROMIUM (browser binary).

const fs = require("fs");
const path = require("path");
const { chromium } = require(process.env.PLAYWRIGHT);

const OUT = process.env.OUT;
const result = { steps: [] };

function save() {
  fs.writeFileSync(path.join(OUT, "result.json"), JSON.stringify(result, null, 2));
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
}

/** Run a command from the command palette. */
async function command(page, title) {
  await page.keyboard.press("Control+Shift+P");
  await page.waitForSelector(".quick-input-widget input", { timeout: 10000 });
  await page.keyboard.type(title);
  await page.waitForTimeout(800);
  await page.keyboard.press("Enter");
}

/** The text of the first frame (webview) whose body contains `needle`. */
async function frameText(page, needle, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      try {
        const text = await frame.evaluate(() => (document.body ? document.body.innerText : ""));
        if (text.includes(needle)) {
          return text;
        }
      } catch { /* a frame that went away */ }
    }
    await page.waitForTimeout(250);
  }
  return "";
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update"],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(process.env.URL);
    await page.waitForSelector(".monaco-workbench", { timeout: 60000 });
    result.steps.push("workbench");
    // open the file from the Explorer (a double click opens it pinned)
    const item = page.locator(".explorer-viewlet .monaco-list-row", { hasText: process.env.FILE });
    await item.first().waitFor({ timeout: 60000 });
    await item.first().dblclick();
    await page.waitForSelector(".monaco-editor .view-lines", { timeout: 60000 });
    result.steps.push("opened");
    const t0 = Date.now();
    await page.waitForSelector(".monaco-editor .squiggly-error", { timeout: 180000 });
    result.squiggleSeconds = (Date.now() - t0) / 1000;
    result.steps.push("squiggle");
    // the status bar item arrives with the score notification; its text is an icon and the
    // count, its accessible label names lambre
    const status = page.locator('.part.statusbar [aria-label^="lambre:"]');
    await status.first().waitFor({ timeout: 60000 });
    result.status = (await status.first().innerText()).trim();
    await shot(page, "1-diagnostics");

    // Problems panel
    await page.keyboard.press("Control+Shift+M");
    await page.waitForSelector(".markers-panel .monaco-list-row", { timeout: 30000 });
    await page.waitForTimeout(1000);
    result.problems = await page.$$eval(".markers-panel .monaco-list-row",
      (rows) => rows.map((r) => r.getAttribute("aria-label") || r.textContent));
    await shot(page, "2-problems");
    await page.keyboard.press("Control+Shift+M");  // close the panel again

    // hover over the squiggle
    await page.waitForTimeout(500);
    const squiggle = page.locator(".monaco-editor .squiggly-error >> visible=true").first();
    await squiggle.waitFor({ timeout: 30000 });
    const box = await squiggle.boundingBox();
    // the cursor in the word, then "Show Hover" (Ctrl+K Ctrl+I): what the mouse would show
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(300);
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    const hover = page.locator(".monaco-hover-content", { hasText: "Treebank example" });
    await hover.first().waitFor({ timeout: 30000 });
    await page.waitForTimeout(1000);
    result.hover = await page.locator(".monaco-hover-content").allInnerTexts();
    await shot(page, "3-hover");
    await page.mouse.move(5, 5);
    await page.keyboard.press("Escape");

    // the per-rule report (a webview: its page is a nested frame)
    await command(page, "L'AMBRE: Show per-rule report");
    result.report = await frameText(page, "satisfied", 30000);
    await shot(page, "3b-report");
    await page.keyboard.press("Control+W");  // close the report again
    await page.waitForTimeout(500);
    await page.locator(".monaco-editor .view-lines").first().click();

    // quick fix at the error: click into it, Ctrl+. and take the first (preferred) fix
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await page.keyboard.press("Control+.");
    const menu = page.locator(".action-widget .monaco-list-row, .context-view .action-label");
    await menu.first().waitFor({ timeout: 30000 });
    await page.waitForTimeout(500);
    result.fixes = await page.$$eval(".action-widget .monaco-list-row",
      (rows) => rows.map((r) => r.textContent.trim()));
    await shot(page, "4-quickfix");
    await page.keyboard.press("Enter");
    await page.waitForTimeout(1000);
    result.text = await page.$eval(".monaco-editor .view-lines", (e) => e.innerText);
    // the error goes once the fixed text is checked
    await page.waitForFunction(() => !document.querySelector(".monaco-editor .squiggly-error"),
      null, { timeout: 60000 }).then(() => { result.fixedClean = true; },
      () => { result.fixedClean = false; });
    await shot(page, "5-fixed");
    // set this file's language: written to the workspace folder's settings
    await page.locator(".monaco-editor .view-lines").first().click();
    await command(page, "L'AMBRE: Set the language of this file");
    await page.waitForSelector(".quick-input-widget .monaco-list-row", { timeout: 10000 });
    await page.waitForTimeout(500);
    await page.keyboard.type("Russian");
    await page.waitForTimeout(800);
    await shot(page, "6-language");
    await page.keyboard.press("Enter");
    await page.waitForTimeout(2000);
    result.steps.push("done");
  } catch (err) {
    result.error = String(err && err.stack ? err.stack : err);
    try { await shot(page, "error"); } catch { /* the page may be gone */ }
  } finally {
    save();
    await browser.close();
  }
}

main();
