// Browser tests of Chess960 on the page: a game from a chosen start position
// (Settings → Variant), castling by moving the king onto its own rook (by
// drag and by two clicks), the engine answering in the same game, and the
// PGN's Variant header, imported and exported.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SHOTS, open, waitStatus, drag, clickMove, openSettings, closeSettings, boardShows, boardMatchesGame, clickInIO, fillImport } from "./page.mjs";
import { chess960Fen } from "../static/chessrules.js";

// A Chess960 position (the kings and rooks off the standard squares) where
// White castles at once: the king from b1 to g1, the h1 rook to f1.
const CASTLE_NOW = "1r4k1/pppppppp/8/8/8/8/PPPPPPPP/1K5R w K - 0 1";
const AFTER_CASTLE = "1r4k1/pppppppp/8/8/8/8/PPPPPPPP/5RK1 b - - 1 1";

const history = (page) => page.evaluate(() => window.kibitz.state.game.history({ verbose: true }).map((m) => ({ san: m.san, uci: m.from + m.to })));

const exportedPgn = async (page) => {
  await clickInIO(page, "#copy-pgn");
  await waitStatus(page, /PGN (copied|is in the text box)/);
  return page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
};

test("Chess960 from the settings: the position chosen, named under the board, played against Kibitz, exported with its Variant", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  await openSettings(page);
  await page.locator("#variant").selectOption("chess960");
  assert.ok(await page.locator("#chess960-position").isVisible(), "the start position's field shows with the variant");
  await page.locator("#chess960-position").fill("960");
  await page.locator("#chess960-position").dispatchEvent("change");
  assert.equal(await page.locator("#chess960-position").getAttribute("aria-invalid"), "true", "960 is no start position");
  await page.locator("#chess960-position").fill("0");
  await page.locator("#chess960-position").dispatchEvent("change");
  assert.equal(await page.locator("#chess960-position").getAttribute("aria-invalid"), "false");
  assert.match(await page.locator("#settings-summary").textContent(), /Chess960 0/);
  await closeSettings(page);
  const start = chess960Fen(0);
  await page.locator("#new-game").click();
  // The last game's status already said "Your move": wait for the new game itself.
  await page.waitForFunction((fen) => window.kibitz.state.game.fen() === fen, start, { timeout: 60000 });
  await waitStatus(page, /^Your move/);
  assert.equal(await page.evaluate(() => window.kibitz.state.game.fen()), start);
  await boardShows(page, start);
  assert.equal(await page.locator("#opening").textContent(), "Chess960 · position 0");
  // 1. Nf3 (the e1 knight) and Kibitz's reply, legal in the same game.
  await drag(page, "e1", "f3");
  await page.waitForFunction(() => window.kibitz.state.game.history().length === 2, null, { timeout: 60000 });
  await waitStatus(page, /^Your move/);
  await boardMatchesGame(page);
  await page.screenshot({ path: `${SHOTS}/chess960.png` });
  const pgn = await exportedPgn(page);
  assert.match(pgn, /\[Variant "Chess960"\]/);
  assert.ok(pgn.includes(`[FEN "${start}"]`), pgn);
  assert.match(pgn, /1\. Nf3 /);
  // The settings are kept: the next game starts from position 0 again.
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("kibitz.settings.v1")).chess960), 0);
});

test("castling in Chess960: the king dragged onto its own rook, or clicked then the rook clicked", async (t) => {
  for (const input of [drag, clickMove]) {
    const page = await open(t, `?depth=1&side=w&fen=${encodeURIComponent(CASTLE_NOW)}`);
    await waitStatus(page, /^Your move/);
    const kingMoves = await page.evaluate(() => window.kibitz.state.game.moves({ square: "b1", verbose: true }).map((m) => m.to));
    assert.ok(kingMoves.includes("h1"), `the king's moves include its rook's square: ${kingMoves}`);
    await input(page, "b1", "h1");
    await page.waitForFunction(() => window.kibitz.state.game.history().length === 2, null, { timeout: 60000 });
    const [castle, reply] = await history(page);
    assert.deepEqual(castle, { san: "O-O", uci: "b1h1" }, input.name);
    assert.ok(reply.san, "Kibitz answered the castled position");
    const afterCastle = await page.evaluate(() => window.kibitz.state.game.history({ verbose: true })[0].after);
    assert.equal(afterCastle, AFTER_CASTLE);
    await waitStatus(page, /^Your move/);
    await boardMatchesGame(page);
    assert.equal(await page.evaluate(() => window.kibitz.state.game.get("g1")?.type), "k");
    assert.equal(await page.evaluate(() => window.kibitz.state.game.get("f1")?.type), "r");
    assert.equal(await page.locator('#moves button[data-ply="1"]').textContent(), "O-O");
  }
});

test("a Chess960 PGN imported opens on the analysis board with its castling replayed, the engine thinking", async (t) => {
  const page = await open(t, "?depth=2");
  await waitStatus(page, /^Your move/);
  const start = chess960Fen(0);
  await fillImport(page, `[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${start}"]\n\n1. e4 e5 2. Nd3 Nd6 3. f3 f6 4. Rf2 Rf7 5. Ne3 Ne6 *`);
  await clickInIO(page, "#import");
  await page.waitForFunction(() => window.kibitz.state.game.history().length === 10, null, { timeout: 30000 });
  await page.waitForFunction(() => /\d/.test(document.getElementById("info-depth").textContent), null, { timeout: 60000 });
  assert.equal(await page.locator("#opening").textContent(), "Chess960 · position 0");
  // White may now castle kingside only: the f1 rook (its queenside castler) has moved.
  const castles = await page.evaluate(() =>
    window.kibitz.state.game
      .moves({ verbose: true })
      .filter((m) => m.isKingsideCastle() || m.isQueensideCastle())
      .map((m) => m.san),
  );
  assert.deepEqual(castles, ["O-O"]);
  assert.match(await exportedPgn(page), /\[Variant "Chess960"\]/);
});
