// Browser tests of move confirmation (Settings: Confirm moves): a move made
// against Kibitz waits on the board, unplayed, until Confirm or Enter;
// Cancel or Escape takes it back; analysis plays at once; the choice is kept.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, waitStatus, waitMoves, moveTexts, drag, typeMove, openSettings, closeSettings, boardMatchesGame } from "./page.mjs";

test("confirm moves: a move waits for Confirm or Enter, Cancel or Escape takes it back, analysis does not ask", async (t) => {
  const page = await open(t, "?depth=1&side=w");
  await waitStatus(page, /^Your move/);
  await openSettings(page);
  await page.locator("#confirm-moves").check();
  await closeSettings(page);
  const waiting = () => page.evaluate(() => ({ confirming: window.kibitz.state.confirming, thinking: window.kibitz.state.thinking }));
  // Dragged, then cancelled with the button: the move is gone, nothing was asked of Kibitz.
  await drag(page, "e2", "e4");
  await waitStatus(page, /^Confirm e4\? Enter plays it, Escape takes it back/);
  assert.deepEqual(await waiting(), { confirming: true, thinking: false });
  assert.deepEqual(await moveTexts(page), ["e4"]);
  assert.equal(await page.locator("#resign").isDisabled(), true, "no resigning over an unplayed move");
  await page.locator("#cancel-move").click();
  await waitStatus(page, /^Your move/);
  assert.deepEqual(await moveTexts(page), []);
  await boardMatchesGame(page);
  // Dragged and confirmed: Kibitz answers.
  await drag(page, "d2", "d4");
  await waitStatus(page, /^Confirm d4\?/);
  await page.locator("#confirm-move").click();
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  // Escape takes a move back, Enter plays one (a typed move too).
  await drag(page, "g1", "f3");
  await waitStatus(page, /^Confirm Nf3\?/);
  await page.keyboard.press("Escape");
  await waitStatus(page, /^Your move/);
  assert.equal((await moveTexts(page)).length, 2);
  await typeMove(page, "c4");
  await waitStatus(page, /^Confirm c4\?/);
  await page.keyboard.press("Enter");
  await waitMoves(page, 4);
  assert.equal((await moveTexts(page))[2], "c4");
  // The choice is kept across a reload; analysis plays both sides at once.
  await page.reload();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  assert.equal(await page.locator("#confirm-moves").isChecked(), true);
  await waitStatus(page, /your move/i);
  await page.locator("#analyse").click();
  await waitStatus(page, /^Analysis: White to move/);
  await drag(page, "b1", "c3");
  await waitMoves(page, 5);
  assert.equal(await page.evaluate(() => window.kibitz.state.confirming), false);
});
