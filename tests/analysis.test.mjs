// Browser tests of the analysis board's additions: an arrow per engine
// line, the threat, arrows and circles drawn with the right mouse button,
// assessments and comments added on the page (all kept in the PGN), and
// the review's better move drawn before a marked mistake.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { SHOTS, open, status, waitStatus, squareCenter, clickInIO, fillImport, drag, waitMoves } from "./page.mjs";

async function importPgn(page, pgn) {
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, pgn);
  await page.locator("#import").click();
}

async function exportedPgn(page) {
  await clickInIO(page, "#copy-pgn");
  return page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
}

// rightDrag draws with the right mouse button from one square to another
// (the same square: a right-click), with modifier keys held.
async function rightDrag(page, from, to, modifiers = []) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  for (const k of modifiers) await page.keyboard.down(k);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: "right" });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up({ button: "right" });
  for (const k of modifiers) await page.keyboard.up(k);
}

// linesHaveArrows: an arrow per engine line, the first line's the strongest
// (read in one step: the search goes on deepening between any two reads).
async function linesHaveArrows(page) {
  const { arrows, first } = await page.evaluate(() => ({
    arrows: [...document.querySelectorAll("#board g.arrow[data-arrow]")].map((g) => [g.dataset.arrow, g.getAttribute("class")]),
    first: document.querySelector("#pv-lines li").textContent,
  }));
  const legal = new Chess("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3").moves({ verbose: true }).map((m) => m.from + m.to);
  for (const [uci] of arrows) assert.ok(legal.includes(uci), `${uci} is a move of Black's`);
  assert.deepEqual(arrows.map(([, c]) => c.split(" ")[1]).sort(), ["arrow-line-1", "arrow-line-2", "arrow-line-3"]);
  const best = arrows.find(([, c]) => c.includes("arrow-line-1"))[0];
  assert.ok(
    first.includes(new Chess("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3").move({ from: best.slice(0, 2), to: best.slice(2, 4) }).san),
    `the strongest arrow is the first line's move: ${best}, ${first}`,
  );
}

// threatIsShown: X shows what White would play if it were White's move
// (Qxf7#), and the score and the bar keep the position's own.
async function threatIsShown(page) {
  const before = { score: await page.locator("#info-score").textContent(), bar: await page.locator(".evalbar-text").textContent() };
  assert.notEqual(before.score, "–");
  await page.evaluate(() => document.activeElement.blur()); // keys typed into a select are the select's
  await page.keyboard.press("x");
  await waitStatus(page, /^Threat: what White would play/);
  assert.equal(await page.locator("#threat").getAttribute("aria-pressed"), "true");
  await page.waitForFunction(() => document.querySelector("#board g.arrow.arrow-threat-1")?.dataset.arrow === "h5f7", null, {
    timeout: 60000,
  });
  await page.waitForFunction(() => /#1/.test(document.querySelector("#pv-lines li")?.textContent || ""), null, { timeout: 60000 });
  // The threat is not the position's evaluation: the score and the bar keep the position's.
  const during = {
    score: (await page.locator("#info-score").textContent()).replace(/ [≥≤]$/, ""),
    bar: await page.locator(".evalbar-text").textContent(),
  };
  assert.notEqual(during.score, "–");
  assert.notEqual(during.bar, "0.0");
  assert.ok(!/#/.test(during.score), `the threat's mate is not the position's score: ${during.score}`);
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/threat.png` });
  await page.keyboard.press("x");
  await waitStatus(page, /^Analysis: Black to move/);
  await page.waitForFunction(() => document.querySelectorAll("#board g.arrow[class*='arrow-threat']").length === 0);
}

// shapesAreDrawn: arrows and circles drawn by hand (green, red with Shift;
// the same again takes one away), on their squares, the position's own.
async function shapesAreDrawn(page) {
  await rightDrag(page, "g8", "f6");
  await rightDrag(page, "f7", "f7", ["Shift"]);
  await rightDrag(page, "d8", "e7");
  await rightDrag(page, "d8", "e7"); // drawn twice: gone
  const shapes = () =>
    page.evaluate(() => ({
      arrows: [...document.querySelectorAll(".user-shapes line:not(.best-move)")].map((l) => l.dataset.arrow),
      circles: [...document.querySelectorAll(".user-shapes circle")].map((c) => c.dataset.square + " " + c.style.stroke + c.getAttribute("stroke")),
    }));
  const drawn = await shapes();
  assert.deepEqual(drawn.arrows, ["g8f6"]);
  assert.equal(drawn.circles.length, 1);
  assert.match(drawn.circles[0], /^f7 .*#882020/);
  // The circle sits on its square.
  const circle = await page.locator(".user-shapes circle").boundingBox();
  const f7 = await squareCenter(page, "f7");
  assert.ok(Math.abs(circle.x + circle.width / 2 - f7.x) < 3 && Math.abs(circle.y + circle.height / 2 - f7.y) < 3, "the circle is centred on f7");
  // They belong to the position: gone on another move, back on this one.
  await page.keyboard.press("ArrowLeft");
  assert.deepEqual((await shapes()).arrows, []);
  await page.keyboard.press("ArrowRight");
  assert.deepEqual((await shapes()).arrows, ["g8f6"]);
}

// annotationsAreExported: an assessment and a comment on 3. Qh5, in the
// PGN with the shapes.
async function annotationsAreExported(page) {
  await page.locator('#nag-buttons button[data-nag="6"]').click();
  await page.locator("#comment-edit").fill("Too early for the queen.");
  await page.locator("#comment-edit").blur();
  await page.waitForFunction(() => document.getElementById("comment").textContent === "Too early for the queen.");
  assert.equal(await page.locator('#nag-buttons button[data-nag="6"]').getAttribute("aria-pressed"), "true");
  assert.match(await page.locator('#moves button[data-ply="5"]').textContent(), /Qh5\?!/);
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/annotate.png` });
  const pgn = await exportedPgn(page);
  assert.match(pgn.replace(/\s+/g, " "), /3\. Qh5 \$6 \{\[%csl Rf7\] \[%cal Gg8f6\]\} \{Too early for the queen\.\}/, pgn);
}

test("analysis: an arrow per line, the threat on X, drawn arrows and circles, assessments and comments in the PGN", async (t) => {
  const page = await open(t, "?depth=3&side=w", { width: 1366, height: 800 });
  await waitStatus(page, /^Your move/);
  // 1. e4 e5 2. Bc4 Nc6 3. Qh5: White threatens Qxf7#.
  await importPgn(page, "1. e4 e5 2. Bc4 Nc6 3. Qh5 *");
  await waitStatus(page, /^Analysis: /);
  await page.locator("#lines").selectOption("3");
  await page.waitForFunction(
    () => document.querySelectorAll("#board g.arrow[data-arrow]").length === 3 && parseInt(document.getElementById("info-depth").textContent, 10) >= 6,
    null,
    { timeout: 60000 },
  );
  await linesHaveArrows(page);
  await threatIsShown(page);
  await shapesAreDrawn(page);
  await annotationsAreExported(page);
  // A reload keeps them (the tree is saved with the game).
  await page.reload();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  await page.waitForFunction(() => document.querySelectorAll(".user-shapes line").length === 1);
  assert.match(await status(page), /your move|Your game is back/i);
});

test("review: the better move is drawn before a marked mistake", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await importPgn(page, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
  await waitStatus(page, /Checkmate — White wins/);
  await page.locator("#review-depth").selectOption("6");
  await page.locator("#review").click();
  await page.waitForFunction(() => !document.getElementById("review-graph").hasAttribute("hidden"), null, { timeout: 60000 });
  await page.locator("#review-list button.verdict-move", { hasText: "Nf6??" }).click();
  await waitStatus(page, /^Analysis: Black to move/);
  assert.equal(await page.evaluate(() => window.kibitz.state.viewPly), 5);
  const better = await page.evaluate(() => document.querySelector(".user-shapes line.best-move")?.dataset.arrow);
  const list = await page.locator("#review-list").textContent();
  const san = /3… Nf6\?\? — blunder; better (\S+)/.exec(list)[1];
  const m = new Chess("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3").move(san);
  assert.equal(better, m.from + m.to);
  await page.keyboard.press("ArrowRight"); // on the blunder itself: no arrow
  assert.equal(await page.locator(".user-shapes line.best-move").count(), 0);
});

// engineThinks waits until the engine has reported a depth on the position shown.
async function engineThinks(page) {
  await page.waitForFunction(() => parseInt(document.getElementById("info-depth").textContent, 10) >= 2, null, { timeout: 60000 });
}

test("every import opens the analysis board at its last position, the engine thinking; Continue against Kibitz makes it a game", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  const analysing = () => page.locator("#analyse").getAttribute("aria-pressed");
  // A game that ended by resignation: analysed at its end, the bar the engine's, no game to continue there.
  await importPgn(page, '[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0');
  await waitStatus(page, /^Game over \(1-0\)\. Analysis: White to move/);
  await engineThinks(page);
  assert.equal(await analysing(), "true");
  assert.notEqual(await page.locator(".evalbar-text").textContent(), "1-0");
  assert.equal(await page.locator("#continue").isHidden(), true, "a finished game does not go on from its end");
  await page.keyboard.press("ArrowLeft");
  await page.locator("#continue").waitFor({ state: "visible" });
  // A game in progress: analysed too, not silently a game.
  await fillImport(page, "1. d4 d5 *");
  await page.locator("#import").click();
  await waitStatus(page, /^Analysis: White to move/);
  await page.waitForFunction(() => window.kibitz.state.game.history().length === 2 && window.kibitz.state.viewPly === null);
  await engineThinks(page);
  assert.equal(await analysing(), "true");
  await page.locator("#continue").click();
  await waitStatus(page, /^Your move \(White\)/);
  assert.equal(await analysing(), "false");
  await drag(page, "c2", "c4");
  await waitMoves(page, 4); // Kibitz answers
  // A FEN: the analysis board too, and it stays there.
  await fillImport(page, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  await page.locator("#import").click();
  await waitStatus(page, /^Analysis: White to move/);
  await engineThinks(page);
  assert.equal(await analysing(), "true");
  assert.equal(await page.evaluate(() => window.kibitz.state.mode), "analyse");
});
