// Browser tests of the panels over the board: the result panel at the end
// of a game (how it ended, accuracy once reviewed, Rematch) and the net's
// piece values on the analysis board. Needs dist/ and bin/kibitz.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, waitStatus, drag, waitMoves, squareCenter, openAndResign, resign } from "./page.mjs";

test("the result panel: how the game ended, accuracy once reviewed, Rematch with the colours swapped, closed for good", async (t) => {
  const page = await openAndResign(t);
  const panel = page.locator("#result-panel");
  await panel.waitFor({ state: "visible" });
  assert.equal(await page.locator("#result-title").textContent(), "Kibitz won");
  assert.equal(await page.locator("#result-reason").textContent(), "0-1 · You resigned — Black (Kibitz) wins");
  assert.equal(await page.locator("#result-accuracy").isHidden(), true, "no accuracy before a review");
  // Review from the panel: the accuracy appears in it.
  await page.selectOption("#review-depth", "6");
  await page.locator("#result-review").click();
  await waitStatus(page, /^Review done/);
  assert.match(await page.locator("#result-accuracy").textContent(), /^Accuracy: you \d+ %, Kibitz \d+ %$/);
  assert.equal(await page.locator("#result-review").isHidden(), true);
  // Rematch: a new game, the colours swapped — Kibitz now has White and opens.
  await page.locator("#rematch").click();
  await panel.waitFor({ state: "hidden" });
  await waitMoves(page, 1);
  await waitStatus(page, /^Your move \(Black\)/);
  assert.equal(await page.evaluate(() => window.kibitz.state.human), "b");
  const [a1, a8] = [await squareCenter(page, "a1"), await squareCenter(page, "a8")];
  assert.ok(a1.y < a8.y, "the board turned: Black at the bottom");
  assert.equal(await page.evaluate(() => window.kibitz.state.game.history().length), 1);
  // Resigned again, closed: it stays closed, and a reload does not open it.
  await resign(page);
  await panel.waitFor({ state: "visible" });
  assert.equal(await page.locator("#result-reason").textContent(), "1-0 · You resigned — White (Kibitz) wins");
  await page.locator("#result-close").click();
  await panel.waitFor({ state: "hidden" });
  await page.reload();
  await waitStatus(page, /You resigned — White \(Kibitz\) wins/);
  // The restored game is drawn (and the panel decided) by the time the status says it.
  assert.equal(await panel.isHidden(), true, "a restored finished game opens no panel");
});

// The result panel leaves the final position in view: beside the board on
// a wide screen, under it on a phone — never over it.
test("the result panel stands beside the board, not over the final position", async (t) => {
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 980, height: 760 },
    { width: 390, height: 844 },
  ]) {
    const page = await open(t, "?depth=1&side=w", viewport);
    await waitStatus(page, /^Your move/);
    await drag(page, "e2", "e4");
    await waitMoves(page, 2);
    await waitStatus(page, /^Your move/);
    await resign(page);
    await page.locator("#result-panel").waitFor({ state: "visible" });
    const [board, panel] = await Promise.all(["#board", "#result-panel"].map((s) => page.locator(s).boundingBox()));
    const apart = panel.x >= board.x + board.width || panel.y >= board.y + board.height;
    assert.ok(apart, `${viewport.width}×${viewport.height}: the panel ${JSON.stringify(panel)} over the board ${JSON.stringify(board)}`);
    if (viewport.width > 720) assert.ok(panel.y < board.y + board.height / 2, "beside the board, near its top");
  }
});

test("piece values: the net's worth of each piece on the analysis board, following the position shown", async (t) => {
  const page = await open(t, "?depth=3&side=w");
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator("#piece-worth").isDisabled(), true, "only in analysis");
  await page.locator("#analyse").click();
  await waitStatus(page, /^Analysis: White to move/);
  await page.locator("#piece-worth").click();
  assert.equal(await page.locator("#piece-worth").getAttribute("aria-pressed"), "true");
  const labels = () =>
    page.evaluate(() => Object.fromEntries([...document.querySelectorAll("#piece-worth-layer .piece-worth")].map((l) => [l.dataset.square, l.textContent])));
  await page.waitForFunction(() => document.querySelectorAll("#piece-worth-layer .piece-worth").length === 30);
  const start = await labels();
  assert.equal(start.e1, undefined, "the kings have no value of their own");
  const pawns = (text) => Number(text.replace("−", "-"));
  assert.ok(pawns(start.d1) > 3, `White's queen: ${start.d1}`);
  assert.ok(pawns(start.d8) < -3, `Black's queen: ${start.d8}`);
  assert.ok(pawns(start.e2) > 0 && pawns(start.e7) < 0, `pawns: ${start.e2}, ${start.e7}`);
  // Each label sits on its piece's square.
  const d1 = await squareCenter(page, "d1");
  const box = await page.locator('#piece-worth-layer .piece-worth[data-square="d1"]').boundingBox();
  assert.ok(Math.abs(box.x + box.width / 2 - d1.x) < 2 && box.y > d1.y - 40 && box.y < d1.y + 40, JSON.stringify({ box, d1 }));
  // A move: the values follow the position.
  await drag(page, "e2", "e4");
  await page.waitForFunction(() => document.querySelector('#piece-worth-layer .piece-worth[data-square="e4"]') !== null);
  assert.equal((await labels()).e2, undefined);
  // Back to play: the overlay goes, and the button with it.
  await page.locator("#analyse").click();
  await page.locator("#piece-worth-layer").waitFor({ state: "hidden" });
  assert.equal(await page.locator("#piece-worth").getAttribute("aria-pressed"), "false");
  assert.equal(await page.locator("#piece-worth").isDisabled(), true);
});

// A review done on a laptop's screen brings its results into view in the
// moves' box; the box's heading (Review, Learn from your mistakes, Next
// mistake) stays on top and clickable — the annotation buttons of the move
// shown, which keep to the box's foot, never cover it.
test("after a review the moves' heading stays clickable over the annotation buttons, at 1280×860, 1366×800 and 980×760", async (t) => {
  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 1366, height: 800 },
    { width: 980, height: 760 },
  ]) {
    const page = await open(t, "?depth=2&side=w", viewport);
    await waitStatus(page, /^Your move/);
    await page.evaluate(() => (document.querySelector(".io details").open = true));
    await page.locator("#import-text").fill('[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
    await page.locator("#import").click();
    await waitStatus(page, /Checkmate — White wins/);
    await page.locator("#review-depth").selectOption("6");
    await page.locator("#review").click();
    await waitStatus(page, /^Review done/);
    await page.locator("#learn").waitFor({ state: "visible" });
    for (const id of ["review", "learn", "next-mistake"]) {
      const on = await page.evaluate((id) => {
        const el = document.getElementById(id);
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }, id);
      assert.ok(on, `${viewport.width}×${viewport.height}: #${id} is covered`);
    }
    await page.locator("#learn").click();
    await page.locator("#learn-box").waitFor({ state: "visible" });
  }
});
