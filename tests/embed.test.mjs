// Kibitz in other sites (docs/library.md): the example site, served by a
// plain static server from a sub-path, plays through the library (a level,
// progress, Stop, an endgame answered with the tables' verdict), and two
// <kibitz-game> elements on one page each play with their own engine.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { browser, clickMove } from "./page.mjs";

const PREFIX = "/site/kibitz/"; // where the host serves dist/
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".wasm": "application/wasm" };

// A page of a host site with two games side by side: one sized by its
// container's width, one by the height the page gives it.
const TWO_GAMES = `<!doctype html><meta charset="utf-8"><title>Two games</title><link rel="icon" href="data:,">
<script type="module" src="lib/kibitz-game.js"></script>
<div style="display: flex; gap: 20px; align-items: flex-start">
  <div style="width: 320px"><kibitz-game id="a" depth="2" side="w"></kibitz-game></div>
  <kibitz-game id="b" depth="3" side="b" style="width: 400px; height: 300px"></kibitz-game>
</div>`;

// A game with a quarter-minute clock (the shortest the page plays).
const TIMED = `<!doctype html><meta charset="utf-8"><title>Timed</title><link rel="icon" href="data:,">
<script type="module" src="lib/kibitz-game.js"></script>
<kibitz-game id="t" depth="1" side="w" clock="0.25+0" style="width: 360px"></kibitz-game>`;

// The element under a strict Content-Security-Policy: no inline script or
// style anywhere, WebAssembly allowed (docs/library.md, "CSP").
const STRICT_PREFIX = "/strict/kibitz/";
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const STRICT = `<!doctype html><meta charset="utf-8"><title>Strict</title>
<script type="module" src="lib/kibitz-game.js"></script>
<kibitz-game id="s" depth="1"></kibitz-game>`;

let server, site;
const served = [];

before(async () => {
  server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    served.push(path);
    if (path === "/favicon.ico") return res.writeHead(204).end(); // the strict page names none
    const strict = path.startsWith(STRICT_PREFIX);
    if (!path.startsWith(PREFIX) && !strict) return res.writeHead(404).end();
    if (strict) res.setHeader("content-security-policy", CSP);
    const rel = normalize(path.slice((strict ? STRICT_PREFIX : PREFIX).length) || "index.html").replace(/^(\.\.[/\\])+/, "");
    if (rel === "strict.html") return res.writeHead(200, { "content-type": "text/html" }).end(STRICT);
    if (rel === "two-games.html") return res.writeHead(200, { "content-type": "text/html" }).end(TWO_GAMES);
    if (rel === "timed.html") return res.writeHead(200, { "content-type": "text/html" }).end(TIMED);
    const file = join("dist", rel.endsWith("/") ? join(rel, "index.html") : rel);
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  site = `http://127.0.0.1:${server.address().port}${PREFIX}`;
});

after(() => server?.close());

async function openPage(t, path) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  t.after(async () => {
    await context.close();
    assert.deepEqual(errors, [], "console errors");
  });
  await page.goto(site + path);
  return page;
}

const statusMatches = (page, re, timeout = 60000) =>
  page.waitForFunction((src) => new RegExp(src).test(document.getElementById("status").textContent), re.source, { timeout });

test("the example site plays Kibitz through the library from a sub-path", async (t) => {
  const page = await openPage(t, "example/");
  await statusMatches(page, /^Your move$/);
  // A level: Kibitz answers at the level chosen, and says so.
  const level = await page.locator("#strength option").nth(1).getAttribute("value");
  await page.selectOption("#strength", { index: 1 });
  await clickMove(page, "e2", "e4");
  await statusMatches(page, new RegExp(`^Kibitz played \\S+ at level 1 \\(${level} Elo\\)\\. Your move\\.$`));
  assert.match(await page.locator("#moves li").first().textContent(), /^e4 \S+$/);

  // Progress and Stop: an analysis runs until Stop, reporting as it deepens.
  await page.click("#analyse");
  await page.waitForFunction(() => /^depth ([4-9]|\d\d) · /.test(document.getElementById("progress").textContent));
  await page.click("#stop");
  await statusMatches(page, /^Analysis stopped at depth \d+: \S+ is best \([^)]+\)\.$/);

  // An ending the tables know: Kibitz, Black with a lone king, hears it is lost.
  await page.selectOption("#strength", { index: 0 });
  await page.fill("#fen", "8/8/8/4k3/8/8/8/4K2Q b - - 0 1");
  await page.click("#setup button");
  await statusMatches(page, /^Kibitz played K\S+ at depth \d+\. The endgame tables: Black loses, mate in \d+\. Your move\.$/);
  assert.ok(
    served.some((p) => /^\/site\/kibitz\/lib\/KQvK-\w+\.ktb$/.test(p)),
    "the KQvK table came from the library's folder",
  );
  // A bad position is refused with the engine's reason.
  await page.fill("#fen", "8/8/8/8/8/8/8/8 w - - 0 1");
  await page.click("#setup button");
  await statusMatches(page, /^Not a position Kibitz can play: .+/);
  const outside = served.filter((p) => !p.startsWith(PREFIX) && p !== "/favicon.ico");
  assert.deepEqual(outside, [], "everything came from under the sub-path");
});

async function elementSquare(page, id, sq) {
  const handle = await page.waitForFunction(
    ([id, s]) => {
      const r = document.querySelector(`#${id} rect[data-square="${s}"]`)?.getBoundingClientRect();
      return r && r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
    },
    [id, sq],
  );
  return handle.jsonValue();
}

test("two <kibitz-game> elements on one page, each with its own engine", async (t) => {
  const page = await openPage(t, "two-games.html");
  await page.evaluate(() => {
    window.seen = { a: [], b: [] };
    for (const id of ["a", "b"]) {
      const el = document.getElementById(id);
      for (const type of ["move", "gameover"]) el.addEventListener(type, (e) => window.seen[id].push({ type, ...e.detail }));
    }
  });
  // b's player has Black: its Kibitz opens on its own.
  await page.waitForFunction(() => window.seen.b.some((e) => e.type === "move" && e.by === "kibitz"), null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.seen.a.length), 0, "a waits for its player");
  await page.waitForFunction(() => /Your move/.test(document.querySelector("#a .kibitz-game-status").textContent));
  const [e2, e4] = [await elementSquare(page, "a", "e2"), await elementSquare(page, "a", "e4")];
  await page.mouse.click(e2.x, e2.y);
  await page.mouse.click(e4.x, e4.y);
  await page.waitForFunction(() => window.seen.a.filter((e) => e.type === "move").length === 2, null, { timeout: 60000 });
  const a = await page.evaluate(() => window.seen.a);
  assert.deepEqual([a[0].san, a[0].by, a[1].by], ["e4", "player", "kibitz"]);
  // Two engines: two workers, one per element.
  assert.equal(page.workers().length, 2);
  assert.equal(await page.evaluate(() => document.getElementById("a").engine !== document.getElementById("b").engine), true);
  // Each board is sized by its container: a by the width of its column,
  // b by the height the page gives it (less its status line).
  const sizes = await page.evaluate(() => ["a", "b"].map((id) => document.querySelector(`#${id} .kibitz-game-board`).getBoundingClientRect().width));
  assert.equal(sizes[0], 320);
  assert.ok(sizes[1] < 300 && sizes[1] > 240, `b's board is ${sizes[1]} px for 300 px of height`);
  // A new position through the fen attribute; mate in one ends the game.
  await page.evaluate(() => document.getElementById("a").setAttribute("fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"));
  await page.waitForFunction(
    () =>
      document.querySelector("#a .kibitz-game-status").textContent === "Your move" &&
      document.querySelectorAll("#a g[data-square][data-piece]").length === 9 &&
      document.querySelector('#a g[data-square="a1"][data-piece="wr"]') !== null,
  );
  const [a1, a8] = [await elementSquare(page, "a", "a1"), await elementSquare(page, "a", "a8")];
  await page.mouse.click(a1.x, a1.y);
  await page.mouse.click(a8.x, a8.y);
  await page.waitForFunction(() => window.seen.a.some((e) => e.type === "gameover"));
  const end = await page.evaluate(() => window.seen.a.find((e) => e.type === "gameover"));
  assert.deepEqual(end, { type: "gameover", result: "1-0", reason: "Checkmate — White wins" });
  assert.equal(await page.locator("#a .kibitz-game-status").textContent(), "Checkmate — White wins");
});

test("a timed <kibitz-game>: the clocks run from each side's second move, and a fallen flag ends the game", async (t) => {
  const page = await openPage(t, "timed.html");
  await page.evaluate(() => {
    window.seen = [];
    for (const type of ["move", "gameover"]) document.getElementById("t").addEventListener(type, (e) => window.seen.push({ type, ...e.detail }));
  });
  await page.waitForFunction(() => document.querySelector("#t .kibitz-game-status").textContent === "Your move");
  const clocks = () => page.locator("#t .kibitz-game-clocks").textContent();
  assert.equal(await clocks(), "White 0:15Black 0:15");
  const [e2, e4] = [await elementSquare(page, "t", "e2"), await elementSquare(page, "t", "e4")];
  await page.mouse.click(e2.x, e2.y);
  await page.mouse.click(e4.x, e4.y);
  await page.waitForFunction(() => window.seen.filter((e) => e.type === "move").length === 2, null, { timeout: 30000 });
  // Both first moves were free; now the player's clock runs down until the flag falls.
  await page.waitForFunction(() => window.seen.some((e) => e.type === "gameover"), null, { timeout: 30000 });
  const end = await page.evaluate(() => window.seen.find((e) => e.type === "gameover"));
  assert.deepEqual(end, { type: "gameover", result: "0-1", reason: "Your time ran out — Black wins" });
  assert.match(await clocks(), /^White 0:00\.0Black 0:1\d/);
  assert.equal(await page.evaluate(() => window.seen.filter((e) => e.type === "move").length), 2, "no move after the flag");
});

test("<kibitz-game> under a strict Content-Security-Policy: no violation, a game to its end, a PGN with its result", async (t) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  t.after(() => context.close());
  const page = await context.newPage();
  // Seen before any script of the page runs (an init script is not the page's).
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`),
    );
  });
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}${STRICT_PREFIX}strict.html`);
  await page.evaluate(() => {
    window.seen = [];
    for (const type of ["move", "gameover", "error"]) document.getElementById("s").addEventListener(type, (e) => window.seen.push({ type, ...e.detail }));
  });
  await page.waitForFunction(() => document.querySelector("#s .kibitz-game-status").textContent === "Your move", null, { timeout: 60000 });
  // Styled by the adopted sheet: a board of real size, pieces drawn.
  const size = await page.evaluate(() => document.querySelector("#s .kibitz-game-board").getBoundingClientRect().width);
  assert.ok(size > 300, `the board is ${size} px wide`);
  const [e2, e4] = [await elementSquare(page, "s", "e2"), await elementSquare(page, "s", "e4")];
  await page.mouse.move(e2.x, e2.y);
  await page.mouse.down();
  await page.mouse.move(e4.x, e4.y, { steps: 6 });
  await page.mouse.up();
  await page.waitForFunction(() => window.seen.filter((e) => e.type === "move").length === 2, null, { timeout: 60000 });
  // A refused attribute says what was wrong, and the game goes on.
  await page.evaluate(() => document.getElementById("s").setAttribute("depth", "99"));
  await page.waitForFunction(() => window.seen.some((e) => e.type === "error"));
  assert.equal((await page.evaluate(() => window.seen.find((e) => e.type === "error"))).message, "depth 99 is not an integer in 1..20");
  // Mate in one from a set position: the PGN ends with the result.
  await page.evaluate(() => {
    const el = document.getElementById("s");
    el.setAttribute("depth", "2");
    el.setAttribute("fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  });
  await page.waitForFunction(
    () =>
      document.querySelector('#s g[data-square="a1"][data-piece="wr"]') !== null &&
      document.querySelector("#s .kibitz-game-status").textContent === "Your move",
  );
  const [a1, a8] = [await elementSquare(page, "s", "a1"), await elementSquare(page, "s", "a8")];
  await page.mouse.click(a1.x, a1.y);
  await page.mouse.click(a8.x, a8.y);
  await page.waitForFunction(() => window.seen.some((e) => e.type === "gameover"));
  const pgn = await page.evaluate(() => document.getElementById("s").pgn);
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.match(pgn, /1\. Ra8#\s+1-0$/);
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(errors, []);
});
