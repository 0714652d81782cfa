// Browser tests of moves typed as people type them and of Copy FEN, which
// copies the board on screen.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { open, status, moveTexts, waitStatus, waitMoves, typeMove, clickInIO, fillImport } from "./page.mjs";

test("typed moves: lower-case piece letters and long algebraic, with or without a hyphen", async (t) => {
  const page = await open(t, "?depth=1&side=w");
  await waitStatus(page, /^Your move/);
  await typeMove(page, "nf3");
  await waitMoves(page, 2);
  assert.equal((await moveTexts(page))[0], "Nf3");
  await waitStatus(page, /^Your move/);
  await typeMove(page, "e2-e4");
  await waitMoves(page, 4);
  assert.equal((await moveTexts(page))[2], "e4");
  await waitStatus(page, /^Your move/);
  await typeMove(page, "Bf1c4");
  await waitMoves(page, 6); // Kibitz answers at once: wait for its reply too
  assert.equal((await moveTexts(page))[4], "Bc4");
  assert.equal(await page.locator("#move-error").textContent(), "");
  // What is not a legal move is still refused, with the text quoted.
  await waitStatus(page, /^Your move/);
  await typeMove(page, "Ng1f3");
  assert.equal(await page.locator("#move-error").textContent(), "Ng1f3 is not a legal move here: no knight on g1 can go to f3");
});

test("Copy FEN copies the board on screen and says which move it follows", async (t) => {
  const page = await open(t, "?depth=1&side=w");
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *");
  await page.locator("#import").click();
  await waitStatus(page, /^Analysis: /);
  await waitMoves(page, 8);
  const game = new Chess();
  for (const san of ["e4", "e5", "Nf3", "Nc6"]) game.move(san);
  // Back to 2… Nc6 (the fourth move) in the move list.
  await page.locator("#moves button[data-ply]").nth(3).click();
  await page.waitForFunction(() => window.kibitz.state.viewPly === 4);
  await clickInIO(page, "#copy-fen");
  await waitStatus(page, /^FEN after 2… Nc6 (copied|is in the text box)/);
  const copied = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.equal(copied, game.fen());
  // At the end of the game: the last position.
  await page.keyboard.press("End");
  await clickInIO(page, "#copy-fen");
  await waitStatus(page, /^FEN after 4… Nf6 /);
  for (const san of ["Bb5", "a6", "Ba4", "Nf6"]) game.move(san);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value)), game.fen());
  assert.match(await status(page), /^FEN after 4… Nf6 (copied|is in the text box)/);
});
