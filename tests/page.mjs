// Shared set-up of the browser tests (browser, looks, study, analysis, timed and levels tests):
// the native server on dist/, Debian's Chromium driven by playwright-core,
// and helpers that act on the page like a person.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { launchChromium } from "./chromium.mjs";
import { Chess } from "chess.js";
import { freePort } from "./workerd.mjs";

export const SHOTS = "test-results";
mkdirSync(SHOTS, { recursive: true });
let server;
export let browser, base;

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  server = spawn("bin/kibitz", ["serve", "--addr", `127.0.0.1:${port}`, "--dir", "dist"], { stdio: "pipe" });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => d.toString().includes("serving") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.kill();
});

// open loads the page and fails the test on any console error.
export async function open(t, query = "", viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on(
    "request",
    (r) => !r.url().startsWith(base) && !r.url().startsWith("blob:") && !r.url().startsWith("data:") && errors.push(`request to another host: ${r.url()}`),
  );
  t.after(async () => {
    await context.close();
    assert.deepEqual(errors, [], "console errors");
  });
  await page.goto(base + query);
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  return page;
}

export const status = (page) => page.locator("#status").textContent();
// The main line's moves as the list shows them (the variations' moves are not counted).
export const moveTexts = (page) => page.locator("#moves button[data-ply]").allTextContents();

export async function waitStatus(page, re, timeout = 60000) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById("status").textContent), re.source, { timeout });
}

// squareCenter reads a square's position in one step inside the page: the
// board redraws its squares when it flips or loads a game.
export async function squareCenter(page, sq) {
  const handle = await page.waitForFunction((s) => {
    const r = document.querySelector(`#board rect[data-square="${s}"]`)?.getBoundingClientRect();
    return r && r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
  }, sq);
  return handle.jsonValue();
}

// boardInView scrolls the whole board into view first, as a person would
// before moving a piece (a click on a button further down may have
// scrolled the page).
async function boardInView(page) {
  await page.evaluate(() => {
    const r = document.getElementById("board").getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) document.getElementById("board").scrollIntoView({ block: "nearest" });
  });
}

export async function drag(page, from, to) {
  await boardInView(page);
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

export async function clickMove(page, from, to) {
  await boardInView(page);
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

// typeMove plays a move through the move form, as a person types it.
export async function typeMove(page, text) {
  await page.locator("#move-text").fill(text);
  await page.locator("#move-submit").click();
}

export async function waitMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll("#moves button[data-ply]").length === k, n, { timeout: 60000 });
}

// boardMatchesGame waits until the pieces drawn on the board are exactly
// the game's position (animations must not lose or leave pieces).
export async function boardMatchesGame(page) {
  await page.waitForFunction(
    () => {
      const drawn = [...document.querySelectorAll("#board g[data-square][data-piece]")]
        .map((g) => g.dataset.square + g.dataset.piece)
        .sort()
        .join();
      const game = window.kibitz.state.game
        .board()
        .flat()
        .filter(Boolean)
        .map((p) => p.square + p.color + p.type)
        .sort()
        .join();
      return drawn === game;
    },
    null,
    { timeout: 30000 },
  );
}

// boardShows waits until the board draws exactly the pieces of fen.
export async function boardShows(page, fen) {
  const want = new Chess(fen)
    .board()
    .flat()
    .filter(Boolean)
    .map((p) => p.square + p.color + p.type)
    .sort()
    .join();
  await page.waitForFunction(
    (w) => {
      const drawn = [...document.querySelectorAll("#board g[data-square][data-piece]")]
        .map((g) => g.dataset.square + g.dataset.piece)
        .sort()
        .join();
      return drawn === w;
    },
    want,
    { timeout: 30000 },
  );
}

// openSettings unfolds the settings as a person would, by their summary;
// closeSettings folds them again (on a wide screen they drop down over the
// panel, covering what is under them).
export async function openSettings(page) {
  if (!(await page.locator("#settings").evaluate((d) => d.open))) await page.locator("#settings > summary").click();
}

export async function closeSettings(page) {
  if (await page.locator("#settings").evaluate((d) => d.open)) await page.locator("#settings > summary").click();
}

// setDepth moves the depth slider in the settings, then folds them.
export async function setDepth(page, depth) {
  await openSettings(page);
  await page.locator("#depth").fill(String(depth));
  await page.locator("#depth").dispatchEvent("input");
  await closeSettings(page);
}

// clickInIO clicks a button of the "PGN / FEN" box, opening the box first
// as a person would (an import closes it).
export async function clickInIO(page, selector) {
  await page.evaluate(() => (document.querySelector(".io details").open = true));
  await page.locator(selector).click();
}

// fillImport types text into the import box, opening the "PGN / FEN" box
// first as a person would (an import closes it).
export async function fillImport(page, text) {
  await page.evaluate(() => (document.querySelector(".io details").open = true));
  await page.locator("#import-text").fill(text);
}

// longGame is a long game, the same every run (plies half-moves, none
// ending it), in UCI: for the layout tests' move lists.
export function longGame(plies = 60) {
  const g = new Chess();
  const uci = [];
  for (let i = 0; uci.length < plies; i++) {
    const moves = g.moves({ verbose: true });
    const m = moves[(i * 7) % moves.length];
    g.move(m);
    if (g.isGameOver()) {
      g.undo();
      continue;
    }
    uci.push(m.from + m.to + (m.promotion || ""));
  }
  return uci;
}

// openAndResign opens a game against Kibitz at depth 1, plays 1. e4,
// waits for the reply and resigns (two clicks: the button arms first).
export async function openAndResign(t) {
  const page = await open(t, "?depth=1&side=w");
  await waitStatus(page, /^Your move/);
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  await resign(page);
  return page;
}

export async function resign(page) {
  await page.locator("#resign").click();
  await page.locator("#resign").click();
  await waitStatus(page, /You resigned/);
}

// noAxeViolations runs axe-core (what Lighthouse's accessibility audit
// runs) on the page as it is and fails on any violation, naming each
// rule and its first elements.
const AXE = readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
export async function noAxeViolations(page, state) {
  await page.evaluate(AXE);
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
  assert.deepEqual(found, [], `axe-core in ${state}`);
}
