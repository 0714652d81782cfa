// Browser tests of studying on the page: analysis mode, engine lines that
// play out, opening names, the game review, sounds and the game library.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import {
  SHOTS,
  open,
  moveTexts,
  waitStatus,
  drag,
  waitMoves,
  boardMatchesGame,
  boardShows,
  typeMove,
  clickInIO,
  fillImport,
  openAndResign,
  resign,
  openSettings,
  closeSettings,
} from "./page.mjs";

// typeMove plays a move through the page's move form.
test("analysis: moves for both sides, live lines with an arrow, a line played by a click, back to play", async (t) => {
  const page = await open(t, "?depth=3&side=w");
  await waitStatus(page, /^Your move/);
  await page.locator("#analyse").click();
  assert.equal(await page.locator("#analyse").getAttribute("aria-pressed"), "true");
  await waitStatus(page, /^Analysis: White to move/);
  await drag(page, "e2", "e4");
  await waitMoves(page, 1);
  await drag(page, "e7", "e5"); // Black moves by hand too: no engine reply
  await waitMoves(page, 2);
  await waitStatus(page, /^Analysis: White to move/);
  // The engine thinks on its own: lines appear, deepen, and an arrow shows the best move.
  await page.waitForFunction(
    () => document.querySelectorAll("#pv-lines button.line").length === 1 && parseInt(document.getElementById("info-depth").textContent, 10) >= 6,
    null,
    { timeout: 60000 },
  );
  const best = await page.evaluate(() => document.querySelector("#board g.arrow[data-arrow]")?.dataset.arrow);
  assert.match(best, /^[a-h][1-8][a-h][1-8]$/);
  assert.ok(new Chess("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").moves({ verbose: true }).some((m) => m.from + m.to === best));
  await page.locator("#lines").selectOption("3");
  await page.waitForFunction(() => document.querySelectorAll("#pv-lines button.line").length === 3, null, { timeout: 60000 });
  await page.screenshot({ path: `${SHOTS}/analysis.png` });
  // Clicking a line plays it out on the board.
  // Read and click in one step: the lines are redrawn as the search deepens.
  const line = await page.evaluate(() => {
    const b = document.querySelector("#pv-lines button.line");
    b.click();
    return b.textContent;
  });
  const played = line
    .replace(/\d+\.(\.\.|…)?\s*/g, "")
    .split(/\s+/)
    .filter(Boolean);
  await waitMoves(page, 2 + played.length);
  assert.deepEqual((await moveTexts(page)).slice(2), played);
  await boardMatchesGame(page);
  // Back to play: the game stays, the player takes the side to move.
  await page.locator("#analyse").click();
  await page.waitForFunction(() => document.getElementById("analyse").getAttribute("aria-pressed") === "false");
  const human = await page.evaluate(() => window.kibitz.state.human);
  assert.equal(human, (2 + played.length) % 2 === 0 ? "w" : "b");
  await waitStatus(page, /^Your move/);
  assert.equal((await moveTexts(page)).length, 2 + played.length);
});

test("analysis with three lines never shows one first move twice", async (t) => {
  const fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 2 8";
  const page = await open(t, `?depth=3&side=w&fen=${encodeURIComponent(fen)}`);
  await waitStatus(page, /^Your move/);
  await page.locator("#lines").selectOption("3");
  await page.locator("#analyse").click();
  await page.waitForFunction(() => document.querySelectorAll("#pv-lines button.line").length === 3, null, { timeout: 60000 });
  // Sample the lines as the search deepens (and re-ranks them).
  // Each sample once the lines have changed: the first 10 updates of the deepening search.
  let shown = "";
  for (let i = 0; i < 10; i++) {
    shown = await page
      .waitForFunction(
        (before) => {
          const now = document.getElementById("pv-lines").textContent;
          return now !== before && now;
        },
        shown,
        { timeout: 60000 },
      )
      .then((h) => h.jsonValue());
    const firsts = await page.evaluate(() =>
      [...document.querySelectorAll("#pv-lines button.line")].map((b) => b.textContent.replace(/^\d+\.(\.\.|…)?\s*/, "").split(/\s+/)[0]),
    );
    assert.equal(new Set(firsts).size, firsts.length, `sample ${i}: ${firsts.join(", ")}`);
  }
});

test("analysis: a move on an earlier position starts a variation, the main line staying in the list; the opening is named", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await page.keyboard.press("a");
  await waitStatus(page, /^Analysis/);
  for (const san of ["e4", "e5", "Nf3", "Nc6", "Bb5"]) await typeMove(page, san);
  await waitMoves(page, 5);
  await page.waitForFunction(() => /^C60 Ruy Lopez/.test(document.getElementById("opening").textContent), null, { timeout: 10000 });
  // Back two moves, another third move: the continuation is replaced.
  await page.locator('#moves button[data-ply="4"]').click();
  await page.waitForFunction(() => /^C\d\d /.test(document.getElementById("opening").textContent));
  await typeMove(page, "Bc4");
  await page.waitForFunction(() => window.kibitz.state.game.history().join() === "e4,e5,Nf3,Nc6,Bc4");
  assert.deepEqual(await moveTexts(page), ["e4", "e5", "Nf3", "Nc6", "Bb5"], "the main line stays");
  assert.equal(await page.locator("#moves button.var-move.current").textContent(), "Bc4");
  await page.waitForFunction(() => /Italian Game/.test(document.getElementById("opening").textContent), null, { timeout: 10000 });
  // Shift+← leaves the variation for the position where it parts from 3. Bb5; → then plays the main move;
  // Shift+← on the main line does nothing; Shift+→ from 2… Nc6 goes into the variation again, and once
  // more past the last variation back to the main move.
  const at = (moves, ply) =>
    page.waitForFunction(
      ([moves, ply]) => {
        const s = window.kibitz.state;
        return s.game.history().join() === moves && (s.viewPly ?? s.game.history().length) === ply;
      },
      [moves, ply],
    );
  const main = "e4,e5,Nf3,Nc6,Bb5";
  const italian = "e4,e5,Nf3,Nc6,Bc4";
  await page.keyboard.press("Shift+ArrowLeft");
  await at(main, 4);
  await page.keyboard.press("ArrowRight");
  await at(main, 5);
  await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("ArrowLeft"); // the Shift+← did nothing: this steps back from 3. Bb5
  await at(main, 4);
  await page.keyboard.press("Shift+ArrowRight");
  await at(italian, 5);
  assert.equal(await page.locator("#moves button.var-move.current").textContent(), "Bc4");
  await page.keyboard.press("ArrowLeft");
  await at(italian, 4);
  await page.keyboard.press("Shift+ArrowRight");
  await at(main, 5);
});

test("review: the graph is drawn and a planted blunder is marked with the better move", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  // 3…Nf6?? allows mate in one.
  await fillImport(page, '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
  await page.locator("#import").click();
  await waitStatus(page, /Checkmate — White wins/);
  await page.locator("#review-depth").selectOption("6");
  await page.locator("#review").click();
  await page.waitForFunction(() => !document.getElementById("review-graph").hasAttribute("hidden"), null, { timeout: 60000 });
  assert.equal(await page.locator("#review-graph polyline").count(), 1);
  const points = (await page.locator("#review-graph polyline").getAttribute("points")).trim().split(/\s+/);
  assert.equal(points.length, 8, "a point per position, start included");
  assert.equal(await page.locator('#moves button[data-ply="6"]').getAttribute("class"), "blunder");
  const list = await page.locator("#review-list").textContent();
  assert.match(list, /3… Nf6\?\? — blunder; better (g6|Qe7|Qf6|Nh6|Nd4|Qh4)/);
  assert.match(list, /Black: \d+ inaccurac(y|ies), \d+ mistakes?, [1-9] blunders?/);
  // Accuracy for both players, overall and by phase, and the average loss: Black, who blundered, lower.
  const table = await page.locator(".review-accuracy").evaluate((t) => [...t.rows].map((r) => [...r.cells].map((c) => c.textContent.replaceAll("\u00AD", ""))));
  assert.deepEqual(table[0], ["Side", "Accuracy", "Opening", "Middlegame", "Endgame", "Avg. loss"]);
  assert.deepEqual([table[1][0], table[2][0]], ["White", "Black"]);
  for (const r of table.slice(1)) assert.match(r.slice(1, 3).join(" ") + " " + r[5], /^\d+ % \d+ % \d+ cp$/);
  assert.ok(parseInt(table[1][1], 10) > parseInt(table[2][1], 10), `White ${table[1][1]}, Black ${table[2][1]}`);
  assert.ok(parseInt(table[2][5], 10) > parseInt(table[1][5], 10), "Black lost more centipawns");
  await page.screenshot({ path: `${SHOTS}/review.png`, fullPage: true });
  // A marked move in the list shows the position before it.
  await page.locator("#review-list button.verdict-move", { hasText: "Nf6??" }).click();
  await waitStatus(page, /^Analysis: Black to move/);
  assert.equal(await page.evaluate(() => window.kibitz.state.viewPly), 5);
  // The move itself, clicked: the verdict and the better move under the
  // board, and the bar at the review's score of that position, not the result.
  assert.equal(await page.locator("#verdict").isHidden(), true, "no verdict for 3. Bc4");
  await page.locator('#moves button[data-ply="6"]').click();
  await page.waitForFunction(() => !document.getElementById("verdict").hidden);
  // …and what it allows, in words read from the engine's line.
  assert.match(await page.locator("#verdict").textContent(), /^3… Nf6\?\? Blunder\. (g6|Qe7|Qf6|Nh6|Nd4|Qh4) was best\. It allows mate in 1: 4\. Qxf7#\.$/);
  // In analysis the engine reads the position shown: the bar is its score,
  // not the game's result.
  await page.waitForFunction(() => /^(#−?\d+|\d+\.\d\d)$/.test(document.querySelector(".evalbar-text").textContent), null, { timeout: 30000 });
  // Back in play, browsing the reviewed game: the bar and the score readout
  // are the review's score of the position shown.
  await page.locator("#analyse").click();
  await waitStatus(page, /^Checkmate — White wins/);
  await page.locator('#moves button[data-ply="6"]').click();
  await waitStatus(page, /^Reviewing move 3… \(6 of 7\)/);
  const bar = await page.locator(".evalbar-text").textContent();
  assert.notEqual(bar, "1-0", "browsing, the bar shows the position's score");
  assert.match(bar, /^(#−?\d+|\d+\.\d\d)$/);
  assert.match(await page.locator("#info-score").textContent(), /^(#−?\d+|[+−]?\d+\.\d\d)$/);
  assert.equal(await page.locator("#info-depth").textContent(), "6 (review)");
  // Next mistake walks the marked moves in order, then from the first again.
  const marked = await page.evaluate(() =>
    [...document.querySelectorAll("#moves button[data-ply]")]
      .filter((b) => ["inaccuracy", "mistake", "blunder"].some((c) => b.classList.contains(c)))
      .map((b) => Number(b.dataset.ply)),
  );
  assert.ok(marked.includes(6), `marked: ${marked}`);
  await page.locator('#moves button[data-ply="1"]').click();
  const visited = [];
  for (let i = 0; i <= marked.length; i++) {
    await page.locator("#next-mistake").click();
    visited.push(await page.evaluate(() => window.kibitz.state.viewPly));
    await page.waitForFunction(() => !document.getElementById("verdict").hidden);
  }
  assert.deepEqual(
    visited,
    [...marked.filter((p) => p > 1), ...marked.filter((p) => p <= 1), marked.filter((p) => p > 1)[0] ?? marked[0]].slice(0, marked.length + 1),
  );
  // Clicking the graph's left edge shows the start position (scrolled to
  // first, as a person would: the moves' box scrolls).
  await page.locator("#review-graph").scrollIntoViewIfNeeded();
  const box = await page.locator("#review-graph").boundingBox();
  await page.mouse.click(box.x + 1, box.y + box.height / 2);
  await waitStatus(page, /^Reviewing the start position/);
});

test("annotations: a PGN's marks keep their colours beside the review's, and the review's verdicts go into the PGN", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  // The PGN calls 2…Nc6 a blunder and 3…Nf6 (which allows mate) only dubious.
  await fillImport(page, '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6?? 3. Bc4 Nf6?! 4. Qxf7# 1-0');
  await page.locator("#import").click();
  await waitStatus(page, /Checkmate — White wins/);
  // A successful import reads as a note, not in the error colour.
  assert.equal(await page.locator("#import-error").textContent(), "Imported with 2 annotation symbols.");
  const colour = (selector) => page.locator(selector).evaluate((e) => getComputedStyle(e).color);
  assert.notEqual(await colour("#import-error"), "rgb(217, 83, 79)");
  // An imported "??" is drawn in the blunder colour, not as a good move.
  assert.equal(await page.locator('#moves button[data-ply="4"] .nag').textContent(), "??");
  assert.equal(await colour('#moves button[data-ply="4"] .nag'), "rgb(220, 50, 47)");
  await page.locator("#review-depth").selectOption("6");
  await page.locator("#review").click();
  await page.waitForFunction(() => !document.getElementById("review-graph").hasAttribute("hidden"), null, { timeout: 60000 });
  // The PGN's "?!" and the review's "??" both show on 3…Nf6.
  assert.equal(await page.locator('#moves button[data-ply="6"]').textContent(), "Nf6?!??");
  assert.equal(await page.locator('#moves button[data-ply="6"] .verdict-mark').textContent(), "??");
  assert.equal(await colour('#moves button[data-ply="6"] .nag'), "rgb(181, 137, 0)");
  await clickInIO(page, "#copy-pgn");
  await waitStatus(page, /PGN (copied|is in the text box)/);
  const pgn = (await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value))).replace(/\n/g, " ");
  // The move keeps its own mark and gains the review's words.
  assert.match(pgn, / Nf6 \$6 \{Blunder\. (g6|Qe7|Qf6|Nh6|Nd4|Qh4) was best\.\}/);
  assert.match(pgn, / Nc6 \$4 /);
});

test("learn from your mistakes: the player's blunder comes back as a question, a bad try is refused, the engine's move accepted, the game untouched", async (t) => {
  const page = await open(t, "?depth=2&side=b");
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  const pgn = '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';
  await fillImport(page, pgn);
  await page.locator("#import").click();
  await waitStatus(page, /Checkmate — White wins/);
  const played = await moveTexts(page);
  await page.locator("#review-depth").selectOption("6");
  await page.locator("#review").click();
  await page.waitForFunction(() => !document.getElementById("review-graph").hasAttribute("hidden"), null, { timeout: 60000 });
  await page.locator("#learn").click();
  // Positions before Black's mistakes come one by one; 3…Nf6 is among them.
  for (;;) {
    await waitStatus(page, /^Learn from your mistakes — \d+ of \d+: Black played \S+ here/);
    if (/played Nf6 here/.test(await page.locator("#status").textContent())) break;
    await page.locator("#learn-solution").click();
    await page.waitForFunction(() => document.querySelectorAll("#board g.arrow").length === 1); // the solution, drawn
    await page.locator("#learn-next").click();
  }
  const before = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
  await boardShows(page, before);
  // Nothing shows the answer: no arrow, no engine line, no score, no verdict.
  const givenAway = () =>
    page.evaluate(() => ({
      arrows: document.querySelectorAll("#board g.arrow, #board .best-move").length,
      lines: document.getElementById("pv-lines").textContent,
      score: document.getElementById("info-score").textContent,
      verdicts: getComputedStyle(document.getElementById("review-list")).visibility,
    }));
  assert.deepEqual(await givenAway(), { arrows: 0, lines: "", score: "–", verdicts: "hidden" });
  await drag(page, "a7", "a6"); // allows mate
  await waitStatus(page, /a6 is not good enough: it keeps 0 % against \d+ % for the best move\. Try again\./);
  await boardShows(page, before);
  assert.deepEqual(await givenAway(), { arrows: 0, lines: "", score: "–", verdicts: "hidden" }, "after a wrong try");
  await page.locator("#learn-hint").click();
  const best = await page.evaluate(() => window.kibitz.state.review.positions[5].best);
  await waitStatus(page, new RegExp(`Hint: move the piece on ${best.slice(0, 2)}`));
  await drag(page, best.slice(0, 2), best.slice(2, 4));
  await waitStatus(page, /good move! It is the engine's choice\./);
  while (await page.locator("#learn-box").isVisible()) {
    if (!(await page.locator("#learn-solution").isDisabled())) await page.locator("#learn-solution").click();
    await page.locator("#learn-next").click();
  }
  await waitStatus(page, /^Done: you found 0 of \d+ better moves yourself\./); // the hint does not count
  assert.equal(await page.locator("#review-list").evaluate((e) => getComputedStyle(e).visibility), "visible");
  const sans = async () => (await moveTexts(page)).map((m) => m.replace(/[?!]+$/, "")); // the review's marks aside
  assert.deepEqual(await sans(), played, "the game is as it was");
});

test("sounds follow the toggle; finished games go to the library and come back", async (t) => {
  const page = await open(t, "?depth=1&side=w");
  await waitStatus(page, /^Your move/);
  const played = () => page.evaluate(() => window.kibitz.sounds.played.length);
  await openSettings(page);
  await page.locator("#sounds").setChecked(true);
  await closeSettings(page);
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await page.waitForFunction(() => window.kibitz.sounds.played.length >= 2);
  assert.deepEqual(await page.evaluate(() => window.kibitz.sounds.played.slice(0, 1)), ["move"]);
  await openSettings(page);
  await page.locator("#sounds").setChecked(false);
  await closeSettings(page);
  const before = await played();
  await waitStatus(page, /^Your move/);
  await drag(page, "d2", "d4");
  await waitMoves(page, 4);
  assert.equal(await played(), before, "no sound while they are off");
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("kibitz.settings.v1")).sounds), false);
  // A finished game is kept in the library.
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, '[White "Ann"]\n[Black "Bob"]\n\n1. f3 e5 2. g4 Qh4# 0-1');
  await page.locator("#import").click();
  await waitStatus(page, /Checkmate — Black wins/);
  await page.locator("summary", { hasText: "Saved games" }).click();
  await page.waitForFunction(() => document.querySelectorAll("#library li").length === 1);
  assert.match(await page.locator("#library li").first().textContent(), /Ann – Bob 0-1 \(2 moves\)/);
  await page.locator("#new-game").click();
  await waitStatus(page, /^Your move/);
  await page.locator("#library li button").first().click();
  await waitStatus(page, /Checkmate — Black wins/);
  assert.deepEqual(await moveTexts(page), ["f3", "e5", "g4", "Qh4#"]);
  const download = page.waitForEvent("download");
  await page.locator("#export-library").click();
  const text = await (await (await download).createReadStream()).toArray();
  assert.match(Buffer.concat(text).toString(), /\[White "Ann"\][\s\S]*Qh4#/);
});

test("a resigned game is saved with its players and how it ended, and reopening it adds no copy", async (t) => {
  const page = await openAndResign(t);
  await waitStatus(page, /You resigned — Black \(Kibitz\) wins/);
  await page.locator("summary", { hasText: "Saved games" }).click();
  await page.waitForFunction(() => document.querySelectorAll("#library li").length === 1);
  assert.match(await page.locator("#library li").first().textContent(), /You – Kibitz \(depth 1\) 0-1 \(1 move\)/);
  await page.locator("#new-game").click();
  await waitStatus(page, /^Your move/);
  await page.locator("#library li button").first().click();
  await waitStatus(page, /You resigned — Black \(Kibitz\) wins/);
  assert.equal((await moveTexts(page)).length, 2);
  // A second save would come with the reopened game's end (its status, above); the reloads
  // below show what was stored.
  assert.equal(await page.locator("#library li").count(), 1, "reopened, not saved again");
  // Reloads bring the finished game back without saving it again.
  const saved = () => page.evaluate(() => JSON.parse(localStorage.getItem("kibitz.library.v1") || "[]").length);
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
    await waitStatus(page, /You resigned — Black \(Kibitz\) wins/);
    assert.equal(await saved(), 1, `after reload ${i + 1}`);
  }
});

test("a variation tried after the game ended keeps the game's result and how it ended in the PGN", async (t) => {
  const page = await open(t, "?depth=1&side=w");
  await waitStatus(page, /^Your move/);
  for (const [n, m] of [
    ["e2", "e4"],
    ["g1", "f3"],
    ["f1", "c4"],
  ].entries()) {
    await drag(page, m[0], m[1]);
    await waitMoves(page, 2 * (n + 1));
    await waitStatus(page, /^Your move/);
  }
  await resign(page);
  await page.locator("#analyse").click();
  await waitStatus(page, /You resigned — Black \(Kibitz\) wins\. Analysis: /);
  await page.locator('#moves button[data-ply="3"]').click(); // 2. Nf3
  const { reply, fen } = await page.evaluate(() => {
    const h = window.kibitz.state.game.history({ verbose: true });
    return { reply: h[3].san, fen: h[2].after };
  });
  const other = new Chess(fen).moves().find((m) => m !== reply && !/[+#]/.test(m));
  await typeMove(page, other);
  await page.waitForFunction((m) => window.kibitz.state.game.history().at(-1) === m, other);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await clickInIO(page, "#copy-pgn");
  await waitStatus(page, /PGN (copied|is in the text box)/);
  const pgn = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.match(pgn, /\[Result "0-1"\]/);
  assert.match(pgn, /\[Termination "[^"]*resign/i);
  assert.match(pgn.trim(), /0-1$/);
  assert.ok(pgn.includes(`(2... ${other}`), `the variation is in the PGN:\n${pgn}`);
});

test("saved games: a finished game takes no takeback and stays saved; an entry can be deleted", async (t) => {
  const page = await openAndResign(t);
  await page.locator("summary", { hasText: "Saved games" }).click();
  await page.waitForFunction(() => document.querySelectorAll("#library li").length === 1);
  // A finished game is final: no takeback, the saved copy stays as it ended.
  assert.equal(await page.locator("#takeback").isDisabled(), true);
  const moves = (await moveTexts(page)).length;
  await page.evaluate(() => document.getElementById("takeback").click()); // even forced: nothing
  await waitStatus(page, /You resigned/);
  assert.equal((await moveTexts(page)).length, moves);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("kibitz.library.v1") || "[]").length), 1);
  // Analysing it works on the page's copy: a move taken back there leaves the saved game whole.
  await page.locator("#analyse").click();
  await waitStatus(page, /^You resigned — Black \(Kibitz\) wins\. Analysis: /);
  await page.locator("#takeback").click();
  await page.waitForFunction((n) => window.kibitz.state.game.history().length === n - 1, moves);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("kibitz.library.v1") || "[]"));
  assert.equal(saved.length, 1);
  assert.match(saved[0].pgn ?? JSON.stringify(saved[0]), /0-1/);
  // Deleted, then put back with Undo, then deleted for good.
  await page.locator("#library li .library-delete").click();
  await page.waitForFunction(() => document.querySelectorAll("#library li").length === 0);
  assert.match(await page.locator("#library-undo").textContent(), /^Deleted: .+ 0-1 .+\. Undo$/);
  await page.locator("#library-undo-button").click();
  await page.waitForFunction(() => document.querySelectorAll("#library li").length === 1);
  assert.equal(await page.locator("#library-undo").isHidden(), true);
  await page.locator("#library li .library-delete").click();
  await page.waitForFunction(() => document.querySelectorAll("#library li").length === 0);
  await page.reload();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  await page.locator("summary", { hasText: "Saved games" }).click();
  assert.equal(await page.locator("#library li").count(), 0, "deleted, and not saved again on reload");
});

test("variations: made in analysis, shown inline under the main line, folded, promoted and deleted from a move's menu, exported in PGN", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await page.locator("#analyse").click();
  await waitStatus(page, /^Analysis/);
  for (const san of ["e4", "e5", "Nf3"]) await typeMove(page, san);
  await waitMoves(page, 3);
  // Back to 1. e4 and another reply: the main line stays in the list, the
  // new move is a variation under the move it replaces.
  await page.locator('#moves button[data-ply="1"]').click();
  await typeMove(page, "c5");
  const varMove = (san) => page.locator("#moves button.var-move", { hasText: new RegExp(`^${san}$`) });
  await varMove("c5").waitFor();
  assert.deepEqual(await moveTexts(page), ["e4", "e5", "Nf3"], "the main line is never replaced by the variation");
  assert.match(await page.locator("#moves .move-variations").textContent(), /1… c5/);
  assert.match(await varMove("c5").getAttribute("class"), /current/);
  // The variation row comes right after 1… e5, before 2. Nf3.
  const order = await page.evaluate(() => [...document.querySelectorAll("#moves > li")].map((li) => li.className || li.textContent.trim()));
  assert.deepEqual(order, ["1.e4e5", "move-variations", "2.Nf3"]);
  // Copied once the status says so (the copy is done, to the clipboard or the box);
  // the status is emptied first, so that an earlier copy's words do not count.
  const pgn = async () => {
    await page.evaluate(() => {
      document.querySelector(".io details").open = true;
      document.getElementById("status").textContent = "";
      document.getElementById("copy-pgn").click();
    });
    await waitStatus(page, /^PGN (copied|is in the text box)/);
    return page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  };
  assert.match((await pgn()).replace(/\n/g, " "), /1\. e4 e5 \(1\.\.\. c5\) 2\. Nf3 \*/);
  // The tree survives a reload (in play mode, on the line that was shown).
  await page.reload();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  await waitMoves(page, 3);
  await varMove("c5").waitFor();
  assert.match(await varMove("c5").getAttribute("class"), /current/);
  await page.locator("#analyse").click();
  await waitStatus(page, /^Analysis/);
  // Folded, the variation says how long it is; unfolded, its moves are back.
  await page.locator("#moves .variation button.fold").click();
  await page.waitForFunction(() => /\(1 move\)/.test(document.querySelector("#moves .variation").textContent));
  assert.equal(await varMove("c5").count(), 0);
  await page.locator("#moves .variation button.fold").click();
  await varMove("c5").waitFor();
  // Its menu (right click) promotes it: 1… c5 becomes the main line.
  await varMove("c5").click({ button: "right" });
  await page.locator(".tree-menu button", { hasText: "Promote variation" }).click();
  await page.waitForFunction(() => [...document.querySelectorAll("#moves button[data-ply]")].map((b) => b.textContent).join() === "e4,c5");
  assert.match((await pgn()).replace(/\n/g, " "), /1\. e4 c5 \(1\.\.\. e5 2\. Nf3\) \*/);
  assert.match(await page.locator("#moves .move-variations").textContent(), /1… e5 2\. Nf3/);
  // A move of the variation shows its line, the main line still in the list.
  await varMove("Nf3").click();
  await page.waitForFunction(() => window.kibitz.state.game.history().join() === "e4,e5,Nf3");
  assert.deepEqual(await moveTexts(page), ["e4", "c5"]);
  assert.match(await varMove("Nf3").getAttribute("class"), /current/);
  // Deleted from its menu, it is gone from the list and the PGN.
  await varMove("e5").click({ button: "right" });
  await page.locator(".tree-menu button", { hasText: "Delete variation" }).click();
  await page.waitForFunction(() => document.querySelectorAll("#moves .move-variations").length === 0);
  assert.match((await pgn()).replace(/\n/g, " "), /1\. e4 c5 \*/);
  assert.deepEqual(await moveTexts(page), ["e4", "c5"]);
});

test("endgame tables: from K+B+N against K, Kibitz mates within 33 moves and says so", async (t) => {
  const fen = "4k3/8/8/8/8/8/8/4KBN1 w - - 0 1";
  const page = await open(t, `?side=b&depth=12&fen=${encodeURIComponent(fen)}`);
  let sawTable = false;
  for (let move = 1; move <= 34; move++) {
    await page.waitForFunction(() => /^(Your move|Checkmate)/.test(document.getElementById("status").textContent), null, {
      timeout: 60000,
    });
    sawTable ||= /^Tablebase: win in \d+$/.test(await page.locator("#tb-status").textContent());
    if (/^Checkmate/.test(await page.locator("#status").textContent())) break;
    assert.ok(move <= 33, "no mate after 33 moves");
    // Black answers with its first legal move.
    const san = await page.evaluate(() => window.kibitz.state.game.moves()[0]);
    await typeMove(page, san);
  }
  await waitStatus(page, /^Checkmate — White wins/);
  assert.ok(sawTable, "the engine panel showed the table's result");
  const plies = await page.evaluate(() => window.kibitz.state.game.history().length);
  assert.ok(plies <= 65, `${plies} plies`);
});

test("endgame tables: a won ending reads as a table win or a mate, never as hundreds of pawns", async (t) => {
  // K+Q against K, far from mate: the search reaches table positions long
  // before it sees a mate, and used to show their score as +313.71.
  const fen = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";
  const page = await open(t, `?side=b&depth=6&fen=${encodeURIComponent(fen)}`);
  await waitMoves(page, 1);
  await waitStatus(page, /^Your move/);
  const score = await page.locator("#info-score").textContent();
  assert.match(score, /^(\+TB|#\d+)$/, `engine panel: ${score}`);
  const bar = await page.locator(".evalbar-text").textContent();
  assert.match(bar, /^(TB|#\d+)$/, `evaluation bar: ${bar}`);
  assert.match(await page.locator(".evalbar-fill").evaluate((el) => el.style.height), /^100(\.0)?%$/);
});

test("endgame model: down to five men, the worker fetches the model once and the engine plays on", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  const models = [];
  // What crossed the network: the service worker's own fetch, not its answer to the engine's worker.
  page.context().on("response", (r) => /\/endgame-[A-Z2-7]{8}\.kwdl$/.test(r.url()) && !r.fromServiceWorker() && models.push(r.status()));
  const fen = "8/8/3k4/8/3P4/2R5/6r1/3K4 w - - 0 1"; // rook and pawn against rook
  await page.goto(page.url().split("?")[0] + `?side=b&depth=6&fen=${encodeURIComponent(fen)}`);
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  for (let move = 1; move <= 2; move++) {
    await waitStatus(page, /^Your move/, 60000);
    await typeMove(page, await page.evaluate(() => window.kibitz.state.game.moves()[0]));
  }
  await waitStatus(page, /^Your move/, 60000);
  assert.equal(await page.evaluate(() => window.kibitz.state.game.history().length), 5);
  assert.deepEqual(models, [200], "the model, fetched once");
});
