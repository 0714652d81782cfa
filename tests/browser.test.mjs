// End-to-end tests of the play page in Debian's Chromium, driven by
// playwright-core like a person: drags and clicks on the board, the depth
// slider, every button. Needs dist/ and bin/kibitz (./build.sh test builds
// them). Screenshots go to test-results/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { chromium } from "playwright-core";

const SHOTS = "test-results";
mkdirSync(SHOTS, { recursive: true });
let server, browser, base;

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  server = spawn("bin/kibitz", ["serve", "--addr", `127.0.0.1:${port}`, "--dir", "dist"], { stdio: "pipe" });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => d.toString().includes("serving") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ? (process.env.CHROMIUM.includes("/") ? process.env.CHROMIUM : `/usr/bin/${process.env.CHROMIUM}`) : "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

// open loads the page and fails the test on any console error.
async function open(t, query = "", viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => !r.url().startsWith(base) && !r.url().startsWith("blob:") && !r.url().startsWith("data:") && errors.push(`request to another host: ${r.url()}`));
  t.after(async () => {
    await context.close();
    assert.deepEqual(errors, [], "console errors");
  });
  await page.goto(base + query);
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  return page;
}

const status = (page) => page.locator("#status").textContent();
const moveTexts = (page) => page.locator("#moves button").allTextContents();

async function waitStatus(page, re, timeout = 20000) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById("status").textContent), re.source, { timeout });
}

// squareCenter reads a square's position in one step inside the page: the
// board redraws its squares when it flips or loads a game.
async function squareCenter(page, sq) {
  const handle = await page.waitForFunction((s) => {
    const r = document.querySelector(`#board rect[data-square="${s}"]`)?.getBoundingClientRect();
    return r && r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
  }, sq);
  return handle.jsonValue();
}

async function drag(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

async function clickMove(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

async function waitMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll("#moves button").length === k, n, { timeout: 30000 });
}

// boardMatchesGame waits until the pieces drawn on the board are exactly
// the game's position (animations must not lose or leave pieces).
async function boardMatchesGame(page) {
  await page.waitForFunction(() => {
    const drawn = [...document.querySelectorAll("#board g[data-square][data-piece]")].map((g) => g.dataset.square + g.dataset.piece).sort().join();
    const game = window.kibitz.state.game.board().flat().filter(Boolean).map((p) => p.square + p.color + p.type).sort().join();
    return drawn === game;
  }, null, { timeout: 5000 });
}

async function setDepth(page, depth) {
  await page.locator("#depth").fill(String(depth));
  await page.locator("#depth").dispatchEvent("input");
}

test("play by dragging; the engine answers at the chosen depth; panel, bar and slider update", async (t) => {
  const page = await open(t, "?depth=3&side=w");
  await waitStatus(page, /^Your move/);
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  assert.equal((await moveTexts(page))[0], "e4");
  assert.match(await page.locator("#info-depth").textContent(), /^3\//);
  assert.notEqual(await page.locator("#info-nodes").textContent(), "–");
  assert.match(await page.locator("#pv-lines li").first().textContent(), /[+−]?\d\.\d\d/);
  const bar = await page.locator(".evalbar-fill").evaluate((el) => el.style.height);
  assert.match(bar, /^\d+(\.\d)?%$/);
  await setDepth(page, 5);
  assert.equal(await page.locator("#depth-value").textContent(), "5");
  await clickMove(page, "g1", "f3");
  await waitMoves(page, 4);
  await waitStatus(page, /^Your move/);
  assert.match(await page.locator("#info-depth").textContent(), /^5\//);
  await boardMatchesGame(page);
  for (const [a, b] of [["f1", "c4"], ["b1", "c3"]]) {
    const n = (await moveTexts(page)).length;
    if (!(await page.evaluate(([a, b]) => window.kibitz.state.game.moves({ verbose: true }).some((m) => m.from === a && m.to === b), [a, b]))) continue;
    await clickMove(page, a, b);
    await waitMoves(page, n + 2);
    await boardMatchesGame(page);
  }
  await page.screenshot({ path: `${SHOTS}/desktop.png` });

  // Takeback removes the engine's reply and our move.
  const before = (await moveTexts(page)).length;
  await page.locator("#takeback").click();
  await waitMoves(page, before - 2);
  await boardMatchesGame(page);
  // Clicking a move shows that position; End returns.
  await page.locator('#moves button[data-ply="1"]').click();
  await waitStatus(page, /^Reviewing/);
  await page.keyboard.press("End");
  await waitStatus(page, /^Your move/);
});

test("flip, new game as Black, offer draw and resign", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  // waitWhiteBottom waits until the board shows White (or Black) at the bottom.
  const waitWhiteBottom = (want) =>
    page.waitForFunction((w) => {
      const y = (s) => document.querySelector(`#board rect[data-square="${s}"]`)?.getBoundingClientRect().y;
      return y("a1") > y("a8") === w;
    }, want);
  await waitWhiteBottom(true);
  await page.locator("#flip").click();
  await waitWhiteBottom(false);
  await page.locator("#side").selectOption("b");
  await page.locator("#new-game").click();
  await waitMoves(page, 1); // the engine opens as White
  await waitStatus(page, /^Your move \(Black\)/);
  await waitWhiteBottom(false); // Black plays from the bottom
  await page.locator("#draw").click();
  await waitStatus(page, /Draw agreed|declines/);
  if (!/Draw agreed/.test(await status(page))) {
    await page.locator("#resign").click();
    await waitStatus(page, /You resigned — White \(Kibitz\) wins/);
  }
  assert.equal(await page.locator("#hint").isDisabled(), true, "no hint after the game ended");
});

test("fool's mate ends the game with the right message; PGN round trip", async (t) => {
  const page = await open(t, "?depth=2");
  await page.locator("summary").click();
  await page.locator("#import-text").fill("1. f3 e5 2. g4");
  await page.locator("#import").click();
  await waitStatus(page, /Game loaded — your move/);
  await drag(page, "d8", "h4");
  await waitStatus(page, /^Checkmate — Black wins/);
  assert.deepEqual(await moveTexts(page), ["f3", "e5", "g4", "Qh4#"]);
  await page.locator("#copy-pgn").click();
  await waitStatus(page, /PGN (copied|is in the text box)/);
  const pgn = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.match(pgn, /\[Result "0-1"\]/);
  await page.locator("#new-game").click();
  await waitStatus(page, /^Your move|thinking/);
  await page.locator("#import-text").fill(pgn);
  await page.locator("#import").click();
  await waitStatus(page, /^Checkmate — Black wins/);
  assert.deepEqual(await moveTexts(page), ["f3", "e5", "g4", "Qh4#"]);
  await page.locator("#import-text").fill("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0");
  await page.locator("#import").click();
  assert.match(await page.locator("#import-error").textContent(), /Not a valid FEN/);
});

test("promotion dialog and hint arrow", async (t) => {
  const page = await open(t, "?depth=3&side=w&fen=" + encodeURIComponent("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
  await waitStatus(page, /^Your move/);
  await page.locator("#hint").click();
  await waitStatus(page, /^Hint: /);
  assert.ok((await page.locator("#board .arrow, #board [class*=arrow]").count()) > 0, "an arrow is drawn");
  await drag(page, "b7", "b8");
  await page.locator(".promotion-dialog-button-group[data-piece='wq']").click();
  await waitMoves(page, 2);
  assert.equal((await moveTexts(page))[0], "b8=Q+");
});

test("move now stops a deep search quickly", async (t) => {
  const page = await open(t, "?depth=20&side=w");
  await waitStatus(page, /^Your move/);
  await drag(page, "d2", "d4");
  await waitStatus(page, /thinking/);
  await page.waitForFunction(() => document.getElementById("info-depth").textContent.match(/^(\d+)/)?.[1] >= 6, null, { timeout: 20000 });
  const started = Date.now();
  await page.locator("#stop").click();
  await waitMoves(page, 2);
  const ms = Date.now() - started;
  console.log(`# stop answered in ${ms} ms`);
  assert.ok(ms < 3000, `stop took ${ms} ms`);
});

test("phone width: the page fits and plays", async (t) => {
  const page = await open(t, "?depth=2&side=w", { width: 360, height: 740 });
  await waitStatus(page, /^Your move/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
  await clickMove(page, "e2", "e4");
  await waitMoves(page, 2);
  await page.screenshot({ path: `${SHOTS}/phone.png`, fullPage: true });
});
