// Browser tests that the page never scrolls by itself: 30 moves against
// Kibitz on a phone and on a laptop with the settings open, the page's
// scroll position and the board's place read after every reply. The
// player's moves are the page's own hints (the same depth as Kibitz's, so
// the game lasts), clicked on the board as a person would. Needs dist/
// and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { open, waitStatus, waitMoves, clickMove, boardMatchesGame } from "./page.mjs";

// place is where the page is scrolled to and where the board sits.
const place = (page) =>
  page.evaluate(() => {
    const r = document.getElementById("board").getBoundingClientRect();
    return { scrollY: Math.round(window.scrollY), boardTop: Math.round(r.top), boardLeft: Math.round(r.left) };
  });

async function playThirtyMoves(t, viewport, settingsOpen) {
  const page = await open(t, "?depth=2&side=w", viewport);
  await waitStatus(page, /^Your move/);
  if (settingsOpen) await page.locator("#settings").evaluate((d) => (d.open = true));
  await page.evaluate(() => window.scrollTo(0, 0));
  const start = await place(page);
  for (let n = 1; n <= 30; n++) {
    // The hint button pressed without moving the page (a click through
    // Playwright would first scroll it into view).
    await page.locator("#hint").evaluate((b) => b.click());
    await waitStatus(page, /^Hint: /);
    const san = (await page.locator("#status").textContent()).replace(/^Hint: /, "");
    const fen = await page.evaluate(() => window.kibitz.state.game.fen());
    const m = new Chess(fen).move(san);
    assert.equal(m.promotion, undefined, `move ${n}: a promotion (${san}) needs the chooser`);
    await clickMove(page, m.from, m.to);
    await waitMoves(page, 2 * n);
    await boardMatchesGame(page);
    assert.deepEqual(await place(page), start, `after Kibitz's reply to move ${n} (${san}) at ${viewport.width}×${viewport.height}`);
    if (await page.evaluate(() => Boolean(window.kibitz.state.over))) assert.fail(`the game ended at move ${n}`);
    await waitStatus(page, /^Your move/);
  }
}

test("the page never scrolls by itself: 30 moves on a phone", async (t) => {
  await playThirtyMoves(t, { width: 390, height: 844 }, false);
});

test("the page never scrolls by itself: 30 moves on a laptop with the settings open", async (t) => {
  await playThirtyMoves(t, { width: 1366, height: 800 }, true);
});
