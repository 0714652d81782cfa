// End-to-end tests of the play page in Debian's Chromium, driven by
// playwright-core like a person: drags and clicks on the board, the depth
// slider, every button. Needs dist/ and bin/kibitz (./build.sh test builds
// them). Screenshots go to test-results/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { statSync, cpSync, rmSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { freePort } from "./workerd.mjs";
import { Chess } from "chess.js";
import {
  SHOTS,
  base,
  browser,
  open,
  status,
  moveTexts,
  waitStatus,
  drag,
  clickMove,
  waitMoves,
  boardMatchesGame,
  boardShows,
  setDepth,
  clickInIO,
  fillImport,
  openSettings,
  closeSettings,
  typeMove,
} from "./page.mjs";

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
  assert.match(await page.locator("#depth-value").textContent(), /^5( · about \d+ engine Elo)?$/);
  await clickMove(page, "g1", "f3");
  await waitMoves(page, 4);
  await waitStatus(page, /^Your move/);
  assert.match(await page.locator("#info-depth").textContent(), /^5\//);
  await boardMatchesGame(page);
  for (const [a, b] of [
    ["f1", "c4"],
    ["b1", "c3"],
  ]) {
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
  // What the engine said was about the position taken back: it goes too.
  assert.equal(await page.locator("#info-score").textContent(), "–");
  assert.equal(await page.locator("#info-depth").textContent(), "–");
  assert.equal(await page.locator("#pv-lines li").count(), 0);
  // Clicking a move shows that position (the board, the status), the
  // focus stays on the list for the keyboard; End returns.
  const first = (await moveTexts(page))[0];
  const afterFirst = new Chess();
  afterFirst.move(first);
  await page.locator('#moves button[data-ply="1"]').click();
  await waitStatus(page, /^Reviewing move 1 \(1 of \d+\)/);
  await boardShows(page, afterFirst.fen());
  await page.locator('#moves button[data-ply="2"]').focus();
  await page.keyboard.press("Enter");
  await waitStatus(page, /^Reviewing move 1… \(2 of/);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.ply), "2", "focus stays on the move");
  await page.keyboard.press("Home");
  await waitStatus(page, /^Reviewing the start position/);
  await boardShows(page, new Chess().fen());
  await page.keyboard.press("End");
  await waitStatus(page, /^Your move/);
  await boardMatchesGame(page);
  // lichess's ↑ and ↓: the start and the last move.
  await page.keyboard.press("ArrowUp");
  await waitStatus(page, /^Reviewing the start position/);
  await boardShows(page, new Chess().fen());
  await page.keyboard.press("ArrowDown");
  await waitStatus(page, /^Your move/);
  await boardMatchesGame(page);
  // "?" shows the sheet of keys, Esc closes it; so do the Keys button and Close.
  const sheetOpen = () => page.evaluate(() => document.getElementById("shortcuts").open);
  await page.keyboard.press("?");
  await page.waitForFunction(() => document.getElementById("shortcuts").open);
  assert.match(await page.locator("#shortcuts").textContent(), /↑ Home\s*the start of the game/);
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.getElementById("shortcuts").open);
  await page.locator("#shortcuts-open").click();
  assert.equal(await sheetOpen(), true);
  await page.locator("#shortcuts-close").click();
  await page.waitForFunction(() => !document.getElementById("shortcuts").open);
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
  await openSettings(page);
  await page.locator("#side").selectOption("b");
  await closeSettings(page);
  await page.locator("#new-game").click();
  await waitMoves(page, 1); // the engine opens as White
  await waitStatus(page, /^Your move \(Black\)/);
  await waitWhiteBottom(false); // Black plays from the bottom
  // A draw offer in the opening is declined as too early.
  await page.locator("#draw").click();
  await waitStatus(page, /^Kibitz declines: it is too early for a draw/);
  // Resigning needs a second click.
  await page.locator("#resign").click();
  assert.equal(await page.locator("#resign").textContent(), "Really resign?");
  assert.doesNotMatch(await status(page), /resigned/, "one click does not resign");
  await page.locator("#resign").click();
  await waitStatus(page, /You resigned — White \(Kibitz\) wins/);
  assert.equal(await page.locator("#hint").isDisabled(), true, "no hint after the game ended");
  assert.equal(await page.locator(".evalbar-text").textContent(), "1-0", "the bar shows the result");
  // Backspace does not take a move back.
  const n = (await moveTexts(page)).length;
  await page.keyboard.press("Backspace");
  assert.equal((await moveTexts(page)).length, n);
});

test("draw offers later in the game: accepted when level, declined when Kibitz is better", async (t) => {
  const level = "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 41";
  let page = await open(t, "?depth=6&side=w&fen=" + encodeURIComponent(level));
  await waitStatus(page, /^Your move/);
  await page.locator("#draw").click();
  await waitStatus(page, /^Draw agreed — Kibitz accepts \(it sees [+−]?0\.\d\d for White\)/);
  assert.equal(await page.locator(".evalbar-text").textContent(), "½-½");
  const worse = "4k3/8/8/8/8/8/q7/4K3 w - - 0 41";
  page = await open(t, "?depth=6&side=w&fen=" + encodeURIComponent(worse));
  await waitStatus(page, /^Your move/);
  await page.locator("#draw").click();
  // With the KQvK table in the worker, Kibitz knows it mates: "it sees #−N" (a score, "−9.00", without).
  await waitStatus(page, /^Kibitz declines the draw: it thinks it stands better \(it sees (#−\d+|−)/);
});

test("positions: a decided one is shown as over, an illegal one is refused with the engine's reason", async (t) => {
  let page = await open(t, "?side=w&fen=" + encodeURIComponent("6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1"));
  await waitStatus(page, /^Checkmate — Black wins/);
  assert.equal(await page.locator("#hint").isDisabled(), true);
  assert.equal(await page.locator("#draw").isDisabled(), true);
  page = await open(t, "?side=w&fen=" + encodeURIComponent("4k3/8/8/8/8/8/8/4K2R w - - 100 80"));
  await waitStatus(page, /^Fifty-move rule — draw/);
  page = await open(t, "?side=w&fen=" + encodeURIComponent("kQ6/8/8/8/8/8/8/K7 w - - 0 1"));
  await waitStatus(page, /black is not to move but is in check — the address's fen was ignored/);
  assert.equal(await page.evaluate(() => window.kibitz.state.game.fen()), new Chess().fen());
  page = await open(t, "?side=w&fen=garbage");
  await waitStatus(page, /^Not a valid position: invalid FEN "garbage"/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  await page.locator("#import").click();
  await page.waitForFunction(() => document.getElementById("import-error").textContent !== "");
  assert.match(await page.locator("#import-error").textContent(), /^Not a valid FEN: invalid FEN ".*": rank 7 has 7 squares, want 8$/);
  assert.equal(await page.locator("#import-text").getAttribute("aria-invalid"), "true");
});

// A PGN with headers and a blank line: the error names the box's own line,
// the cursor waits on the move refused, the box is marked invalid, and a
// good PGN clears the mark.
test("a PGN error names its line, puts the cursor on it and marks the box invalid", async (t) => {
  const page = await open(t, "?side=w");
  await waitStatus(page, /^Your move/);
  const pgn = '[Event "Casual"]\n[White "A"]\n\n1. e4 e5\n2. Ke3 Nc6 *';
  await fillImport(page, pgn);
  await page.locator("#import").click();
  await page.waitForFunction(() => document.getElementById("import-error").textContent !== "");
  assert.equal(await page.locator("#import-error").textContent(), "Not a valid PGN: line 5, column 4: move 2. Ke3 is not a legal move");
  const field = await page.evaluate(() => {
    const f = document.getElementById("import-text");
    return {
      invalid: f.getAttribute("aria-invalid"),
      focused: document.activeElement === f,
      at: f.selectionStart,
      described: f.getAttribute("aria-describedby"),
    };
  });
  assert.deepEqual(field, { invalid: "true", focused: true, at: pgn.indexOf("Ke3"), described: "import-error" });
  await fillImport(page, "1. e4 e5 *");
  await page.locator("#import").click();
  await page.waitForFunction(() => !document.getElementById("import-text").hasAttribute("aria-invalid"));
});

test("a hint can be stopped with Move now, and its arrow goes when reviewing", async (t) => {
  const page = await open(t, "?depth=20&side=w");
  // The hint's search runs until Move now, however fast the machine.
  await page.evaluate(() => (window.kibitz.engine.holdSearches = true));
  await waitStatus(page, /^Your move/);
  await page.locator("#hint").click();
  await waitStatus(page, /^Looking for a hint/);
  await page.waitForFunction(() => document.getElementById("info-depth").textContent.match(/^(\d+)/)?.[1] >= 6, null, { timeout: 60000 });
  assert.equal(await page.locator("#stop").isDisabled(), false, "Move now is offered during a hint");
  await page.locator("#stop").click();
  await waitStatus(page, /^Hint: /);
  assert.equal(await page.locator("#board g.arrow[data-arrow]").count(), 1);
  // Reviewing an earlier position takes the hint's arrow away.
  await drag(page, "e2", "e4");
  await waitStatus(page, /^Kibitz is thinking/);
  await page.locator("#stop").click();
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  await page.locator("#hint").click();
  await page.waitForFunction(() => document.getElementById("info-depth").textContent.match(/^(\d+)/)?.[1] >= 4, null, { timeout: 60000 });
  await page.locator("#stop").click();
  await waitStatus(page, /^Hint: /);
  assert.equal(await page.locator("#board g.arrow[data-arrow]").count(), 1);
  await page.keyboard.press("ArrowLeft");
  await waitStatus(page, /^Reviewing/);
  assert.equal(await page.locator("#board g.arrow[data-arrow]").count(), 0, "no arrow while reviewing");
  // New game clears the read-outs of the old one.
  await page.locator("#new-game").click();
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator("#info-depth").textContent(), "–");
  assert.equal(await page.locator("#board g.arrow[data-arrow]").count(), 0);
});

test("the game survives a reload; an imported game keeps its headers, comments, variations and NAGs", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  const moves = await moveTexts(page);
  await page.goto(base + "?depth=2");
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  await waitMoves(page, 2);
  assert.deepEqual(await moveTexts(page), moves);
  await boardMatchesGame(page);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, '[Event "Club final"]\n[White "Ann"]\n[Black "Bob"]\n\n1. e4 {The king\'s pawn} e5 (1... c5) 2. Nf3 $1 Nc6 *');
  await page.locator("#import").click();
  await waitStatus(page, /^Analysis: /);
  assert.equal(await page.locator("#import-error").textContent(), "Imported with 1 variation, 1 annotation symbol and 1 comment.");
  assert.equal(await page.locator('#moves button[data-ply="3"]').getAttribute("data-nag"), "!");
  await page.locator('#moves button[data-ply="1"]').click();
  await page.waitForFunction(() => document.getElementById("comment").textContent === "The king's pawn");
  await page.keyboard.press("End");
  await clickInIO(page, "#copy-pgn");
  await waitStatus(page, /PGN (copied|is in the text box)/);
  const pgn = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.match(pgn, /\[Event "Club final"\]/);
  assert.match(pgn, /\[White "Ann"\]/);
  assert.match(pgn, /\[Black "Bob"\]/);
  assert.match(pgn.replace(/\n/g, " "), /1\. e4 \{The king's pawn\} 1\.\.\. e5 \(1\.\.\. c5\) 2\. Nf3 \$1 Nc6 \*/);
});

test("reloading a ?fen= link keeps the game played from it", async (t) => {
  const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  const page = await open(t, `?depth=2&side=w&fen=${encodeURIComponent(fen)}`);
  await waitStatus(page, /^Your move/);
  await drag(page, "f1", "b5");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  const moves = await moveTexts(page);
  assert.equal(moves[0], "Bb5");
  assert.doesNotMatch(page.url(), /fen=/, "the address no longer starts the position again");
  assert.match(page.url(), /depth=2/);
  await page.reload();
  await waitStatus(page, /^Your game is back — your move/);
  assert.deepEqual(await moveTexts(page), moves);
  await boardMatchesGame(page);
  assert.equal(await page.evaluate(() => window.kibitz.state.game.history({ verbose: true })[0].before), fen);
});

test("fool's mate ends the game with the right message; PGN round trip", async (t) => {
  const page = await open(t, "?depth=2");
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, "1. f3 e5 2. g4");
  await page.locator("#import").click();
  await waitStatus(page, /^Analysis: Black to move/);
  await page.locator("#continue").click();
  await waitStatus(page, /^Your move \(Black\)/);
  await drag(page, "d8", "h4");
  await waitStatus(page, /^Checkmate — Black wins/);
  assert.deepEqual(await moveTexts(page), ["f3", "e5", "g4", "Qh4#"]);
  await clickInIO(page, "#copy-pgn");
  await waitStatus(page, /PGN (copied|is in the text box)/);
  const pgn = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.match(pgn, /\[Result "0-1"\]/);
  await page.locator("#new-game").click();
  await waitStatus(page, /^Your move|thinking/);
  await fillImport(page, pgn);
  await page.locator("#import").click();
  await waitStatus(page, /^Checkmate — Black wins/);
  assert.deepEqual(await moveTexts(page), ["f3", "e5", "g4", "Qh4#"]);
  // A finished game keeps the board's side (no flip to the loser), and
  // stepping back through it is analysis, not the result.
  const whiteBottom = () =>
    page.evaluate(() => {
      const y = (s) => document.querySelector(`#board rect[data-square="${s}"]`).getBoundingClientRect().y;
      return y("a1") > y("a8");
    });
  const before = await whiteBottom();
  await page.keyboard.press("ArrowLeft");
  await waitStatus(page, /^Analysis: Black to move/);
  assert.equal(await whiteBottom(), before);
  await page.keyboard.press("End");
  await waitStatus(page, /^Checkmate — Black wins/);
  await fillImport(page, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0");
  await page.locator("#import").click();
  // The engine judges the FEN through the worker: the answer is not instant.
  await page.waitForFunction(() => document.getElementById("import-error").textContent !== "");
  assert.match(await page.locator("#import-error").textContent(), /Not a valid FEN/);
});

test("promotion dialog and hint arrow", async (t) => {
  const page = await open(t, "?depth=3&side=w&fen=" + encodeURIComponent("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
  await waitStatus(page, /^Your move/);
  await page.locator("#hint").click();
  await waitStatus(page, /^Hint: /);
  // The arrow goes from and to the squares of the hinted move.
  const san = (await status(page)).replace(/^Hint: /, "");
  const hinted = new Chess("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").move(san);
  const arrows = await page.locator("#board g.arrow[data-arrow]").evaluateAll((els) => els.map((e) => e.dataset.arrow));
  assert.deepEqual(arrows, [hinted.from + hinted.to]);
  await drag(page, "b7", "b8");
  // The chooser stands on the b-file from b8 down, the queen on b8 itself (not half a square off).
  await page.locator(".promotion-dialog").waitFor();
  const [dialog, b8, b5] = await page.evaluate(() =>
    [".promotion-dialog", '#board rect[data-square="b8"]', '#board rect[data-square="b5"]'].map((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return { x: r.x, y: r.y, bottom: r.bottom, width: r.width };
    }),
  );
  assert.ok(Math.abs(dialog.x - b8.x) < 1 && Math.abs(dialog.y - b8.y) < 1 && Math.abs(dialog.bottom - b5.bottom) < 1, JSON.stringify({ dialog, b8, b5 }));
  await page.locator(".promotion-dialog-button-group[data-piece='wq']").click();
  await waitMoves(page, 2);
  assert.equal((await moveTexts(page))[0], "b8=Q+");
});

test("the promotion chooser of a flipped board stands on its square too", async (t) => {
  const page = await open(t, "?depth=3&side=b&fen=" + encodeURIComponent("4k3/8/8/8/8/8/6p1/K7 b - - 0 1"));
  await waitStatus(page, /^Your move/);
  await drag(page, "g2", "g1");
  await page.locator(".promotion-dialog").waitFor();
  const [dialog, g1, g4] = await page.evaluate(() =>
    [".promotion-dialog", '#board rect[data-square="g1"]', '#board rect[data-square="g4"]'].map((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return { x: r.x, y: r.y, bottom: r.bottom };
    }),
  );
  assert.ok(Math.abs(dialog.x - g1.x) < 1 && Math.abs(dialog.y - g1.y) < 1 && Math.abs(dialog.bottom - g4.bottom) < 1, JSON.stringify({ dialog, g1, g4 }));
  await page.locator(".promotion-dialog-button-group[data-piece='bn']").click();
  await waitMoves(page, 1);
  assert.equal((await moveTexts(page))[0], "g1=N");
});

test("move now stops a deep search with a legal move", async (t) => {
  const page = await open(t, "?depth=20&side=w");
  await page.evaluate(() => (window.kibitz.engine.holdSearches = true));
  await waitStatus(page, /^Your move/);
  await drag(page, "d2", "d4");
  await waitStatus(page, /thinking/);
  await page.waitForFunction(() => document.getElementById("info-depth").textContent.match(/^(\d+)/)?.[1] >= 6, null, { timeout: 60000 });
  const started = Date.now();
  await page.locator("#stop").click();
  await waitMoves(page, 2);
  // How quickly is a figure, not a pass mark (docs/testing.md: no test races the machine).
  console.log(`# stop answered in ${Date.now() - started} ms`);
  const [white, black] = await moveTexts(page);
  assert.equal(white, "d4");
  assert.ok(new Chess("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1").moves().includes(black), `Black's answer ${black} is legal`);
  await boardMatchesGame(page);
});

test("keyboard and screen readers: a typed move plays like a dragged one, moves are announced", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  // The board is a grid of named squares (blind.test.mjs drives it); the drawing is hidden from readers.
  assert.equal(await page.getByRole("grid", { name: "Chess board" }).getByRole("gridcell", { name: "e2, white pawn" }).count(), 1);
  assert.equal(await page.locator("#board svg").first().getAttribute("aria-hidden"), "true");
  // The first Tab stop is a visible control.
  await page.keyboard.press("Tab");
  const box = await page.evaluate(() => document.activeElement.getBoundingClientRect().width);
  assert.ok(box > 10, `the first Tab stop is ${box} px wide`);
  await page.locator("#move-text").fill("e4");
  await page.locator("#move-text").press("Enter");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move \(White\)/);
  assert.equal((await moveTexts(page))[0], "e4");
  await boardMatchesGame(page);
  assert.match(await page.locator("#announce").textContent(), /^Kibitz played /);
  // The board still takes the mouse afterwards.
  await drag(page, "g1", "f3");
  await waitMoves(page, 4);
  await page.locator("#move-text").fill("Ke3");
  await page.locator("#move-text").press("Enter");
  await page.waitForFunction(() => document.getElementById("move-error").textContent !== "");
  assert.match(await page.locator("#move-error").textContent(), /Ke3 is not a legal move here/);
  await page.locator("#describe").click();
  assert.match(await page.locator("#position-text").textContent(), /^White: King e1, Queen d1, .*Black: King e8/);
  // A mate typed without its mark, and castling with zeros, are moves.
  await page.goto(page.url().split("?")[0] + "?depth=2&side=w&fen=" + encodeURIComponent("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1"));
  await waitStatus(page, /^Your move/);
  await page.locator("#move-text").fill("Ra8");
  await page.locator("#move-text").press("Enter");
  await waitStatus(page, /^Checkmate — White wins/);
  assert.equal((await moveTexts(page))[0], "Ra8#");
  await page.goto(page.url().split("?")[0] + "?depth=2&side=w&fen=" + encodeURIComponent("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"));
  await waitStatus(page, /^Your move/);
  await page.locator("#move-text").fill("0-0");
  await page.locator("#move-text").press("Enter");
  await waitMoves(page, 2);
  assert.equal((await moveTexts(page))[0], "O-O");
  // Depth 1 reads in the singular; the times are estimates for this device.
  await setDepth(page, 1);
  assert.match(await page.locator("#depth-help").textContent(), /looks 1 half-move ahead, about .* per move (on this device \(estimated\)|in this browser)/);
});

// recordRequests records every request of the page and its worker: bytes
// are what crossed the network (encoded body and headers; nothing for a
// cache hit). settled waits until none is in flight.
function recordRequests(page) {
  const out = { seen: [], settled: async () => {} };
  let pending = 0;
  page.on("request", () => pending++);
  page.on("requestfailed", () => pending--);
  page.on("requestfinished", async (req) => {
    pending--;
    try {
      const resp = await req.response();
      const sizes = await req.sizes();
      out.seen.push({
        url: req.url(),
        status: resp?.status(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        body: sizes.responseBodySize,
        encoding: resp?.headers()["content-encoding"] ?? "",
      });
    } catch {
      // A request that finished as the test closed its context: not counted.
    }
  });
  out.settled = async () => {
    while (pending > 0) await new Promise((r) => setTimeout(r, 20));
  };
  return out;
}

// cameAsBuilt checks that every file came precompressed (brotli where the
// browser takes it, otherwise gzip), byte for byte the file the build
// wrote beside it.
function cameAsBuilt(first, names) {
  first.forEach((r, i) => {
    assert.ok(["br", "gzip"].includes(r.encoding), `${names[i]} came with encoding "${r.encoding}"`);
    const file = `dist/${names[i]}.${r.encoding === "br" ? "br" : "gz"}`;
    // (A body sent in chunks carries a few bytes of framing; the worker's
    // own script is counted in the worker, not here: 0.)
    const size = statSync(file).size;
    assert.ok(r.body === 0 || (r.body >= size && r.body <= size * 1.005 + 64), `${names[i]}: ${r.body} bytes of body, ${file} has ${size}`);
  });
}

test("the page travels compressed, and a reload fetches only index.html again", async (t) => {
  // Without the service worker, whose fetches the page does not see (the
  // offline test below covers it): what any visitor's first load costs.
  const context = await browser.newContext({ serviceWorkers: "block" });
  t.after(() => context.close());
  const page = await context.newPage();
  const requests = recordRequests(page);
  const ready = () => page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  const { settled } = requests;
  // The first visit: everything fetched until the first move can be played.
  await page.goto(base);
  await ready();
  await waitStatus(page, /^Your move/);
  await settled();
  const isOpenings = (r) => /\/openings-[A-Z2-7]{8}\.tsv$/.test(r.url);
  assert.ok(!requests.seen.some(isOpenings), "the opening names wait for the first move");
  // The opening names follow the first move.
  await typeMove(page, "e4");
  while (!requests.seen.some(isOpenings)) await new Promise((r) => setTimeout(r, 20));
  await settled();
  await page.waitForFunction(() => /^[A-E][0-9][0-9] /.test(document.getElementById("opening").textContent));
  const first = requests.seen.filter((r) => r.url.startsWith(base));
  const names = first.map((r) => new URL(r.url).pathname.slice(1) || "index.html");
  assert.ok(
    names.some((n) => n.endsWith(".wasm")),
    `the wasm is among ${names}`,
  );
  cameAsBuilt(first, names);
  const wire = first.reduce((s, r) => s + r.bytes, 0);
  const sizes = (ext) => names.reduce((s, n) => s + statSync(`dist/${n}.${ext}`).size, 0);
  const before = names.filter((n) => !/^openings-/.test(n));
  const sum = (ns, ext) => ns.reduce((s, n) => s + statSync(`dist/${n}.${ext}`).size, 0);
  assert.equal(names.filter((n) => n.endsWith(".nnue")).length, 1, `one net among ${names}`);
  assert.equal(names.filter((n) => n.endsWith(".wasm")).length, 1, `one engine module among ${names}`);
  console.log(
    `# first visit (until the first move can be played): ${before.length} files, brotli ${sum(before, "br")}, gzip ${sum(before, "gz")}; ` +
      `with the opening names after the first move: ${first.length} files, ${wire} bytes on the wire (${[...new Set(first.map((r) => r.encoding))]}), brotli ${sizes("br")}, gzip ${sizes("gz")}`,
  );
  for (const n of names) console.log(`#   ${n}: brotli ${statSync(`dist/${n}.br`).size}`);
  requests.seen = [];
  await page.reload();
  await ready();
  await settled();
  const again = requests.seen.filter((r) => r.url.startsWith(base));
  console.log(`# reload: ${JSON.stringify(again.map(({ url, status, bytes }) => [url.slice(base.length), status, bytes]))}`);
  const index = again.find((r) => new URL(r.url).pathname === "/");
  const fetched = again.filter((r) => r !== index && r.bytes > 0);
  // index.html is revalidated: a 304, headers only (the browser reports
  // the cached 200 it then uses).
  assert.ok(index && index.body === 0 && index.bytes > 0 && index.bytes < 1000, `index.html: ${JSON.stringify(index)}`);
  assert.deepEqual(
    fetched.map((r) => r.url),
    [],
    "nothing else is fetched again",
  );
});

test("share: a link to the game at the move shown opens it on the analysis board in a fresh page", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
  await page.locator("#import").click();
  await waitStatus(page, /^Analysis: /);
  await page.locator('#moves button[data-ply="3"]').click();
  await clickInIO(page, "#share");
  await waitStatus(page, /^Link to this game (copied|is in the text box)/);
  const link = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.match(link, /\?moves=e2e4\+e7e5\+g1f3\+b8c6\+f1b5\+a7a6&ply=3&analyse=1$/);
  // Somebody else, with nothing saved: a new context.
  const other = await open(t, link.slice(base.length));
  await other.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length === 6);
  assert.deepEqual(await moveTexts(other), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
  assert.equal(await other.locator("#analyse").getAttribute("aria-pressed"), "true");
  assert.equal(await other.evaluate(() => window.kibitz.state.viewPly), 3);
  assert.equal(await other.locator('#moves button[data-ply="3"]').getAttribute("class"), "current");
  assert.doesNotMatch(await other.evaluate(() => location.search), /moves=/, "the link's game is not opened again on a reload");
});

// serveCopy serves a copy of dist/ (which the test may change) with the
// native server; stop() takes the site off the network.
async function serveCopy(t) {
  const dir = mkdtempSync(join(tmpdir(), "kibitz-site-"));
  cpSync("dist", dir, { recursive: true });
  const port = await freePort();
  const server = spawn("bin/kibitz", ["serve", "--addr", `127.0.0.1:${port}`, "--dir", dir], { stdio: "pipe" });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => d.toString().includes("serving") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  const stop = () => server.kill();
  t.after(() => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return { url: `http://127.0.0.1:${port}/`, dir, stop };
}

test("an app that works offline: installable, loads and plays with the server gone after one visit, offers a new version with a reload", async (t) => {
  const site = await serveCopy(t);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(site.url + "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  // Installable: a manifest with its icons.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const m = await (await fetch(link.href)).json();
    const icons = await Promise.all(m.icons.map(async (i) => [i.sizes, (await fetch(new URL(i.src, link.href))).headers.get("content-type")]));
    return { name: m.short_name, display: m.display, start: m.start_url, icons };
  });
  assert.deepEqual(manifest, {
    name: "Kibitz",
    display: "standalone",
    start: "./",
    icons: [
      ["192x192", "image/png"],
      ["512x512", "image/png"],
    ],
  });
  // The service worker takes the page over and keeps what it needs.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  const kept = async () => page.evaluate(async () => (await (await caches.open("kibitz")).keys()).map((r) => new URL(r.url).pathname));
  // The service worker keeps the engine module once the page has fetched it.
  await page.waitForFunction(async () => (await (await caches.open("kibitz")).keys()).some((r) => r.url.endsWith(".wasm")), null, {
    timeout: 60000,
    polling: 100,
  });
  const files = await kept();
  assert.ok(files.includes("/") && files.some((p) => /^\/app-.*\.js$/.test(p)) && files.some((p) => /^\/lib\/engine-worker-.*\.js$/.test(p)), `kept: ${files}`);
  assert.equal(files.filter((p) => p.endsWith(".wasm")).length, 1, `one engine module: ${files}`);
  // A new version: the browser finds a changed service worker; the page offers it.
  for (const ext of ["br", "gz"]) rmSync(join(site.dir, `sw.js.${ext}`), { force: true });
  const sw = join(site.dir, "sw.js");
  writeFileSync(sw, readFileSync(sw, "utf8").replace(/"[0-9a-f]{16}"/, '"0000000000000000"'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForFunction(() => !document.getElementById("update-notice").hidden, null, { timeout: 60000 });
  await Promise.all([page.waitForEvent("load"), page.locator("#update-reload").click()]);
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  assert.equal(await page.locator("#update-notice").isHidden(), true, "the new version is running");
  // The server goes away: the page still loads, and Kibitz still answers a move.
  site.stop();
  await page.reload();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "", null, { timeout: 60000 });
  await waitStatus(page, /[Yy]our move/);
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await page.screenshot({ path: `${SHOTS}/offline.png` });
});

// What the Engine panel shows belongs to the position on the board: a
// position of the game reviewed has no lines of the live one beside it,
// and a game mated on the board keeps no search of the move before.
test("the Engine panel never shows lines of another position", async (t) => {
  let page = await open(t, "?depth=4&side=w");
  await waitStatus(page, /^Your move/);
  await typeMove(page, "e4");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  assert.ok((await page.locator("#pv-lines li").count()) > 0, "Kibitz's lines after its reply");
  await page.locator('#moves button[data-ply="1"]').click();
  await waitStatus(page, /^Reviewing move 1/);
  assert.equal(await page.locator("#pv-lines li").count(), 0);
  assert.equal(await page.locator("#info-depth").textContent(), "–");
  // Kibitz mates on the board: its search's lines go with the game.
  page = await open(t, "?depth=4&side=w&fen=" + encodeURIComponent("r5k1/8/8/8/8/1P6/5PPP/6K1 w - - 0 1"));
  await waitStatus(page, /^Your move/);
  await typeMove(page, "b4");
  await waitStatus(page, /^Checkmate — Black wins/);
  // The result closes the move list, as on lichess.
  assert.equal(await page.locator("#moves li.move-result").textContent(), "0-1 · Checkmate — Black wins");
  assert.equal(await page.locator("#pv-lines li").count(), 0);
  assert.equal(await page.locator("#info-score").textContent(), "–");
});

// A comment that holds only commands for programs (an arrow, a clock)
// takes no room in the move list; one with words keeps its row.
test("a comment of only an arrow leaves the move row whole", async (t) => {
  const page = await open(t, "?side=w");
  await waitStatus(page, /^Your move/);
  await fillImport(page, "1. e4 {[%cal Ge2e4]} e5 {[%clk 0:04:59]} 2. Nf3 {A good square.} Nc6 *");
  await page.locator("#import").click();
  await waitMoves(page, 4);
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll("#moves li.move-comment")].map((li) => li.textContent)), ["A good square."]);
});

// "b8" typed for a promotion asks which piece (in words and on the board)
// instead of calling it illegal; the piece chosen is played.
test("a promotion typed without its piece asks which, and plays the one chosen", async (t) => {
  const page = await open(t, "?depth=2&side=w&fen=" + encodeURIComponent("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
  await waitStatus(page, /^Your move/);
  // No promotion asked for: the board exposes no empty chooser.
  const chooser = () => page.evaluate(() => getComputedStyle(document.querySelector("#board .promotion-dialog-group")).display);
  assert.equal(await chooser(), "none");
  await typeMove(page, "b8");
  await page.locator(".promotion-dialog").waitFor();
  assert.notEqual(await chooser(), "none");
  assert.equal(await page.locator("#move-error").textContent(), "b8 promotes: choose the piece on the board, or type b8=Q+, b8=R+, b8=B, b8=N");
  await page.locator(".promotion-dialog-button-group[data-piece='wn']").click();
  await waitMoves(page, 1);
  assert.equal((await moveTexts(page))[0], "b8=N");
  assert.equal(await page.locator("#move-error").textContent(), "");
});

// Zen mode (z, or the Zen button): the board, its status and the clocks
// alone; z or "Leave zen mode" brings the rest back.
test("zen mode shows the board and the clocks alone, and z brings the rest back", async (t) => {
  const page = await open(t, "?depth=2&side=w&clock=5+3");
  await waitStatus(page, /^Your move/);
  const shown = () =>
    page.evaluate(() =>
      Object.fromEntries(
        ["board", "clocks", "status", "new-game", "moves", "evalbar", "move-form", "zen-exit"].map((id) => [id, document.getElementById(id).checkVisibility()]),
      ),
    );
  assert.deepEqual(await shown(), {
    board: true,
    clocks: true,
    status: true,
    "new-game": true,
    moves: true,
    evalbar: true,
    "move-form": true,
    "zen-exit": false,
  });
  await page.keyboard.press("z");
  await page.waitForFunction(() => document.body.classList.contains("zen"));
  assert.deepEqual(await shown(), {
    board: true,
    clocks: true,
    status: true,
    "new-game": false,
    moves: false,
    evalbar: false,
    "move-form": false,
    "zen-exit": true,
  });
  assert.equal(await page.evaluate(() => document.querySelector(".top").checkVisibility()), false);
  await page.keyboard.press("z");
  await page.waitForFunction(() => !document.body.classList.contains("zen"));
  assert.equal(await page.locator("#zen").getAttribute("aria-pressed"), "false");
  await page.locator("#zen").click();
  await page.locator("#zen-exit").click();
  assert.deepEqual((await shown())["new-game"], true);
});

test("share: a game with a variation and a comment travels whole, and opens with them", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, '[White "Ann"]\n\n1. e4 {The king\'s pawn} e5 (1... c5 $1) 2. Nf3 *');
  await page.locator("#import").click();
  await waitStatus(page, /^Analysis: /);
  await page.locator('#moves button[data-ply="2"]').click();
  await clickInIO(page, "#share");
  await waitStatus(page, /^Link to this game (copied|is in the text box)/);
  const link = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.match(link, /[?&]pgn=/);
  const other = await open(t, link.slice(base.length));
  await other.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length === 3);
  assert.deepEqual(await moveTexts(other), ["e4", "e5", "Nf3"]);
  assert.equal(await other.evaluate(() => window.kibitz.state.viewPly), 2);
  await other.locator("#moves button.var-move", { hasText: /^c5/ }).waitFor();
  assert.deepEqual(await other.evaluate(() => window.kibitz.state.tree.counts()), { variations: 1, nags: 1, comments: 1 });
  assert.match(await other.evaluate(() => document.querySelector("#moves").textContent), /The king's pawn/);
  assert.doesNotMatch(await other.evaluate(() => location.search), /pgn=/, "the link's game is not opened again on a reload");
});
