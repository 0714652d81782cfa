// Blind mode in Chromium, driven through the accessibility tree alone (roles
// and names, as a screen reader finds them): moves and commands typed and
// answered, Kibitz's replies announced, squares navigated and moves made on
// the board grid, a promotion asked in words, a typed premove, resignation
// with its confirmation, an analysis and a review.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, noAxeViolations } from "./page.mjs";

const commandLine = (page) => page.getByRole("textbox", { name: "Move or command" });
const answer = (page) => page.getByRole("region", { name: "Your move or command" }).getByRole("status");
const lastMove = (page) => page.getByRole("region", { name: "Last move" });
const moveButtons = (page) => page.getByRole("log").getByRole("button");

// say types a line and returns the answer once it has changed (a move
// that is played is answered with nothing: the last move speaks).
async function say(page, text) {
  const before = await answer(page).textContent();
  await commandLine(page).fill(text);
  await commandLine(page).press("Enter");
  for (let i = 0; i < 20 && (await answer(page).textContent()) === before; i++) await new Promise((r) => setTimeout(r, 25));
  return (await answer(page).textContent()).trim();
}

// focused names the grid's square that has the keyboard.
const focused = (page) =>
  page
    .getByRole("grid", { name: "Chess board" })
    .getByRole("gridcell")
    .evaluateAll((cells) => cells.find((c) => c === document.activeElement)?.getAttribute("aria-label"));

async function waitFor(locator, re, timeout = 60000) {
  const start = Date.now();
  for (;;) {
    const text = (await locator.textContent()) ?? "";
    if (re.test(text)) return text;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${re}; last ${JSON.stringify(text)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("blind mode: found at the top, a document of headings, remembered", async (t) => {
  let page = await open(t, "?blind&depth=2");
  const toggle = page.getByRole("button", { name: "Leave blind mode" });
  assert.equal(await toggle.getAttribute("aria-pressed"), "true");
  for (const name of [
    "Game",
    "Moves",
    "Pieces",
    "Status",
    "Last move",
    "Clocks",
    "Your move or command",
    "Actions",
    "Analysis",
    "Review",
    "Board",
    "Games",
    "Settings",
    "Help",
  ]) {
    assert.equal(await page.getByRole("heading", { name, exact: true, level: 2 }).count(), 1, name);
  }
  assert.equal(await page.getByRole("log").getAttribute("aria-live"), "off", "the moves are a log that does not speak");
  assert.equal(await page.getByRole("grid", { name: "Chess board" }).getByRole("gridcell").count(), 64);
  await noAxeViolations(page, "blind mode");
  // Remembered: the page opened again without ?blind is still blind.
  page = await page.context().newPage();
  await page.goto(new URL("/", page.context().pages()[0].url()).href);
  await page.getByRole("button", { name: "Leave blind mode" }).click();
  assert.equal(await page.getByRole("button", { name: "Blind mode", exact: true }).getAttribute("aria-pressed"), "false");
  assert.equal(await page.getByRole("heading", { name: "Your move or command" }).count(), 0, "the document is gone");
  // Back over the drawn board once the board has been laid out again.
  await page.getByRole("grid", { name: "Chess board" }).waitFor({ state: "visible", timeout: 10000 });
});

test("blind mode: a game of typed moves and commands, replies announced, resigned with confirmation", async (t) => {
  const page = await open(t, "?blind&depth=2&side=w");
  assert.equal(await say(page, "e4"), "");
  await waitFor(lastMove(page), /Kibitz played/);
  assert.equal(await moveButtons(page).count(), 2);
  assert.match(await say(page, "l"), /^1\. Black: /);
  assert.equal(await say(page, "p N"), "White knights: b1, g1");
  assert.equal(await say(page, "b e4"), "e4, white pawn");
  assert.match(await say(page, "s e"), /^e1 white king, e2 to e3 empty, e4 white pawn/);
  assert.equal(await say(page, "c"), "No clock in this game");
  assert.match(await say(page, "o"), /^Kibitz, playing at depth 2/);
  assert.match(await say(page, "help"), /c: the clocks\. l: the last move/);
  assert.equal(await say(page, "e5e6"), "e5e6 is not a legal move here: no pawn on e5 can go to e6. Type help for the commands");
  assert.equal(await say(page, "zz"), "zz is not a move: type it as e4, Nf3, exd5, O-O, e8=Q or e7e8q. Type help for the commands");
  assert.match(await say(page, "p x"), /^No such piece: x/);
  assert.equal(await say(page, "abort"), "Only a game in which you have not moved yet can be aborted");
  // Through the game from the keyboard: the page's keys work from the moves log.
  const status = page.getByRole("region", { name: "Status" });
  await moveButtons(page).first().focus();
  await page.keyboard.press("Home");
  await waitFor(status, /Reviewing the start position/);
  assert.equal(await say(page, "b e4"), "e4, empty", "the commands read the position shown");
  await moveButtons(page).first().focus();
  await page.keyboard.press("ArrowRight");
  await waitFor(status, /Reviewing move 1 \(1 of 2\)/);
  await page.keyboard.press("End");
  await waitFor(status, /Your move/);
  // The same reply twice is announced twice: the region's text changes.
  const first = await lastMove(page).textContent();
  assert.match(await say(page, "Nf3"), /^$/);
  await waitFor(lastMove(page), /Kibitz played/);
  assert.notEqual(await lastMove(page).textContent(), first);
  // A draw offer is answered; a takeback takes back the player's move and Kibitz's reply.
  await say(page, "draw");
  await waitFor(page.getByRole("region", { name: "Status" }), /declin|accept|too early/i);
  const plies = await moveButtons(page).count();
  await say(page, "takeback");
  for (let i = 0; i < 100 && (await moveButtons(page).count()) !== plies - 2; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(await moveButtons(page).count(), plies - 2, "takeback");
  assert.equal(await say(page, "Nf3"), "");
  await waitFor(lastMove(page), /Kibitz played/);
  assert.equal(await say(page, "resign"), "Type resign again to confirm");
  assert.match(await say(page, "resign"), /You resigned/);
  await noAxeViolations(page, "blind mode, the game over");
  assert.equal(
    await page.getByRole("region", { name: "Status" }).ariaSnapshot(),
    '- region "Status":\n  - heading "Status" [level=2]\n  - status: You resigned — Black (Kibitz) wins',
  );
});

test("blind mode: moves made on the board grid, a promotion asked in words", async (t) => {
  const page = await open(t, "?blind&depth=2&side=w");
  const grid = page.getByRole("grid", { name: "Chess board" });
  await grid.getByRole("gridcell", { name: "g1, white knight" }).focus();
  await page.keyboard.press("Space");
  await waitFor(lastMove(page), /g1, white knight, picked up\. It can go to f3, h3/);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await focused(page), "f3, empty");
  await page.keyboard.press("Enter");
  await waitFor(lastMove(page), /Kibitz played/);
  assert.match(await moveButtons(page).first().textContent(), /Nf3/);
  assert.equal(await grid.getByRole("gridcell", { name: "f3, white knight" }).count(), 1);
  // Jumps: Shift+5 goes to the e-file, 8 to the eighth rank; k goes to a king.
  await page.keyboard.press("Shift+Digit5");
  await page.keyboard.press("Digit8");
  assert.equal(await focused(page), "e8, black king");
  await page.keyboard.press("k");
  assert.equal(await focused(page), "e1, white king");
  // f flips the board: the grid's first row is then the first rank, from h1, and the keyboard stays on e1.
  await page.keyboard.press("f");
  const firstCell = () => grid.getByRole("row").first().getByRole("gridcell").first().getAttribute("aria-label");
  for (let i = 0; i < 100 && !(await firstCell()).startsWith("h1"); i++) await new Promise((r) => setTimeout(r, 50));
  assert.match(await firstCell(), /^h1, /);
  assert.equal(await focused(page), "e1, white king");
  await page.keyboard.press("ArrowDown"); // as the board is turned: the first rank is now the top row
  assert.equal(await focused(page), "e2, white pawn");

  // A pawn on the seventh rank: the grid asks for the piece in words.
  const promo = await open(t, `?blind&depth=2&side=w&fen=${encodeURIComponent("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")}`);
  await promo.getByRole("gridcell", { name: "e7, white pawn" }).focus();
  await promo.keyboard.press("Space");
  await promo.keyboard.press("ArrowUp");
  await promo.keyboard.press("Space");
  await waitFor(lastMove(promo), /Promote to which piece\? q queen, r rook, b bishop, n knight/);
  await noAxeViolations(promo, "blind mode, a promotion asked");
  await promo.keyboard.press("n");
  await waitFor(lastMove(promo), /You played e8 promotes to Knight, check/);
  assert.match(await moveButtons(promo).first().textContent(), /e8=N/);
});

test("blind mode: a premove typed while Kibitz thinks, then analysis and review in words", async (t) => {
  const page = await open(t, "?blind&depth=2&side=w");
  await page.evaluate(() => (window.kibitz.engine.holdSearches = true)); // Kibitz thinks until Move now
  await say(page, "d4");
  await waitFor(page.getByRole("region", { name: "Status" }), /Kibitz is thinking/);
  assert.match(await say(page, "Nf3"), /^Premove Nf3/);
  assert.equal(await say(page, ""), "Premove cancelled", "an empty line cancels it");
  assert.match(await say(page, "c4"), /^Premove c4/);
  await page.getByRole("button", { name: "Move now" }).click();
  await waitFor(lastMove(page), /You played c4/);
  await page.getByRole("button", { name: "Move now" }).click();
  await waitFor(lastMove(page), /Kibitz played/);
  assert.equal(await moveButtons(page).count(), 4);
  await page.evaluate(() => (window.kibitz.engine.holdSearches = false));

  await page.getByRole("button", { name: "Analyse" }).click();
  await waitFor(page.getByRole("region", { name: "Status" }), /Analysis: /);
  let best = "";
  for (let i = 0; i < 200 && !/^Best: /.test(best); i++) {
    best = await say(page, "best");
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.match(best, /^Best: .+; (equal|White|Black).*, depth \d+$/);
  // The engine's lines: SAN, with the score read in words.
  assert.match(
    await page.getByRole("list", { name: "Engine lines" }).getByRole("listitem").first().ariaSnapshot(),
    /text: "(equal|White is|Black is|White mates|Black mates)[^"]*:"\n\s*- button "\d+(\.|…) (O-O|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8])/,
  );
  assert.match(await say(page, "score"), /^(equal|White is|Black is|White mates|Black mates).*, depth \d+$/);
  await noAxeViolations(page, "blind mode, analysis");
  await page.getByRole("button", { name: "Analyse" }).click();
  await page.getByRole("button", { name: "Review game" }).click();
  await waitFor(page.getByRole("region", { name: "Review" }), /Accuracy|accuracy|best|good|mistake|inaccuracy|blunder/i, 120000);
  await noAxeViolations(page, "blind mode, a review");
});

test("blind mode: a game imported, its blunder found in the review, learnt from by typed moves", async (t) => {
  const page = await open(t, "?blind&depth=2&side=b");
  const status = page.getByRole("region", { name: "Status" });
  await page.getByText("PGN / FEN").click();
  await page.getByRole("textbox", { name: "Paste a PGN or a FEN" }).fill('[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
  await page.getByRole("button", { name: "Load", exact: true }).click();
  await waitFor(status, /Checkmate — White wins/);
  const review = page.getByRole("region", { name: "Review" });
  await review.getByRole("combobox", { name: "at depth" }).selectOption("6");
  await review.getByRole("button", { name: "Review game" }).click();
  // The review's list jumps to the position before a move it marked, where the better move was.
  const blunder = review.getByRole("button", { name: "Show the position before Nf6, a blunder" });
  await blunder.waitFor({ timeout: 120000 });
  await blunder.click();
  // The import opened the analysis board: it shows that position, Black to move.
  await waitFor(status, /Analysis: Black to move/);
  assert.equal(await page.evaluate(() => window.kibitz.state.viewPly), 5);
  assert.equal(await say(page, "b g8"), "g8, black knight");
  // Learn from the mistakes: the feedback is the status, which is read out.
  await review.getByRole("button", { name: "Learn from your mistakes" }).click();
  for (;;) {
    const text = await waitFor(status, /Learn from your mistakes — \d+ of \d+: Black played \S+ here/);
    if (/played Nf6 here/.test(text)) break;
    await review.getByRole("button", { name: "Show solution" }).click();
    await review.getByRole("button", { name: "Next" }).click();
  }
  assert.equal(await say(page, "a6"), "");
  await waitFor(status, /a6 is not good enough: it keeps 0 % against \d+ % for the best move\. Try again\./);
  await review.getByRole("button", { name: "Hint" }).click();
  await waitFor(status, /Hint: move the piece on [a-h][1-8]/);
  await review.getByRole("button", { name: "Stop" }).click();
});

test("blind mode: the clocks in words", async (t) => {
  const page = await open(t, "?blind&depth=2&side=w&clock=3%2B2");
  assert.match(await say(page, "c"), /^You \(White\) 3:00(\.0)?; Kibitz \(Black\) 3:00(\.0)?$/);
  await say(page, "e4");
  await waitFor(lastMove(page), /Kibitz played/);
  assert.match(await say(page, "c"), /^You \(White\) [23]:\d\d, running; Kibitz \(Black\) [23]:\d\d/);
  assert.match(await page.getByRole("region", { name: "Clocks" }).textContent(), /You \(White\)/);
});

test("blind mode: a variation made in analysis, walked with Shift and the arrows", async (t) => {
  const page = await open(t, "?blind&depth=2&side=w&analyse=1&moves=e2e4+e7e5+g1f3+b8c6+f1b5");
  await waitFor(page.getByRole("region", { name: "Status" }), /Analysis: /);
  await page.getByRole("log").getByRole("button", { name: "Show the position after Nc6" }).click();
  assert.equal(await say(page, "Bc4"), "", "a move on an earlier position starts a variation");
  assert.equal(await say(page, "b c4"), "c4, white bishop");
  const press = async (key) => {
    await moveButtons(page).first().focus();
    await page.keyboard.press(key);
  };
  const shows = async (square, name) => {
    for (let i = 0; i < 100 && (await say(page, `b ${square}`)) !== name; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await say(page, `b ${square}`), name);
  };
  await press("Shift+ArrowLeft"); // out of the variation, to where it parts from 3. Bb5
  await shows("c4", "c4, empty");
  await shows("b5", "b5, empty");
  await press("ArrowRight"); // the main line's move
  await shows("b5", "b5, white bishop");
  await press("ArrowLeft");
  await press("Shift+ArrowRight"); // into the variation again
  await shows("c4", "c4, white bishop");
});
