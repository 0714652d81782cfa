// Browser test of the board editor: a position built by hand (palette
// clicks, a drag, side to move, castling), judged by the engine, then
// played from and analysed from.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, waitStatus, waitMoves, clickInIO } from "./page.mjs";

async function square(page, sq) {
  const handle = await page.waitForFunction((s) => {
    const r = document.querySelector(`#editor-board rect[data-square="${s}"]`)?.getBoundingClientRect();
    return r && r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
  }, sq);
  return handle.jsonValue();
}

async function put(page, piece, sq) {
  const p = await square(page, sq);
  const before = await page.locator("#editor-fen").inputValue();
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((b) => document.getElementById("editor-fen").value !== b, before);
}

const fen = (page) => page.locator("#editor-fen").inputValue();

// openEditor opens the board editor from the page's "PGN / FEN" box, once a game is ready.
async function openEditor(page) {
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await page.locator("#edit-position").click();
  await page.locator("#editor").waitFor({ state: "visible" });
}
const settled = (page) =>
  page.waitForFunction(() => {
    const error = document.getElementById("editor-error").textContent !== "";
    return error || !document.getElementById("editor-play").disabled;
  });

test("board editor: a position set up by hand, judged by the engine, then played and analysed", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await openEditor(page);
  await page.waitForFunction(() => document.getElementById("editor-fen").value === "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  await page.locator("#editor-clear").click();
  await page.waitForFunction(() => document.getElementById("editor-fen").value === "8/8/8/8/8/8/8/8 w - - 0 1");
  await settled(page);
  assert.match(await page.locator("#editor-error").textContent(), /^Not a legal position: .+/);
  assert.equal(await page.locator("#editor-play").isDisabled(), true);
  // Pieces from the palette.
  await page.locator('#editor-palette button[data-piece="wk"]').click();
  await put(page, "wk", "e1");
  await page.locator('#editor-palette button[data-piece="wr"]').click();
  await put(page, "wr", "a1");
  await page.locator('#editor-palette button[data-piece="bk"]').click();
  await put(page, "bk", "e8");
  assert.equal(await fen(page), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  assert.equal(await page.locator("#editor-castle-K").isDisabled(), true, "no rook on h1: no O-O");
  await page.locator("#editor-castle-Q").check();
  await page.waitForFunction(() => document.getElementById("editor-fen").value === "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  await settled(page);
  assert.equal(await page.locator("#editor-error").textContent(), "");
  assert.equal(await page.locator("#editor-play").isDisabled(), false);
  // The same piece again takes it off: without a black king, the engine refuses.
  await put(page, "bk", "e8");
  await settled(page);
  assert.match(await page.locator("#editor-error").textContent(), /^Not a legal position: /);
  await put(page, "bk", "e8");
  // No piece in hand: a drag moves the rook, and O-O-O goes with it.
  await page.locator('#editor-palette button[data-piece="bk"]').click();
  assert.equal(await page.locator('#editor-palette button[aria-pressed="true"]').count(), 0);
  const [a1, a7] = [await square(page, "a1"), await square(page, "a7")];
  await page.mouse.move(a1.x, a1.y);
  await page.mouse.down();
  await page.mouse.move(a1.x, (a1.y + a7.y) / 2, { steps: 4 });
  await page.mouse.move(a7.x, a7.y, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => document.getElementById("editor-fen").value === "4k3/R7/8/8/8/8/8/4K3 w - - 0 1");
  await page.selectOption("#editor-side", "b");
  await page.waitForFunction(() => document.getElementById("editor-fen").value === "4k3/R7/8/8/8/8/8/4K3 b - - 0 1");
  await settled(page);
  // Played from: Black to move is Kibitz's, and it answers.
  await page.locator("#editor-play").click();
  await page.locator("#editor").waitFor({ state: "hidden" });
  await waitMoves(page, 1);
  await waitStatus(page, /^Your move \(White\)/);
  assert.equal(await page.evaluate(() => window.kibitz.state.tree.line.length), 1);
  assert.equal(await page.evaluate(() => window.kibitz.state.game.history({ verbose: true })[0].before), "4k3/R7/8/8/8/8/8/4K3 b - - 0 1");
  // The editor opens on the position shown; Analyse opens the analysis board on it.
  const shown = await page.evaluate(() => window.kibitz.state.game.fen().split(" ").slice(0, 2).join(" "));
  await clickInIO(page, "#edit-position"); // the box closed when the editor opened
  await page.waitForFunction((s) => document.getElementById("editor-fen").value.startsWith(s) && !document.getElementById("editor-analyse").disabled, shown);
  await page.locator("#editor-analyse").click();
  await page.locator("#editor").waitFor({ state: "hidden" });
  await waitStatus(page, /^Analysis: White to move/);
  assert.equal(await page.locator("#analyse").getAttribute("aria-pressed"), "true");
});

// The editor opens on the position shown with its move counters, and an
// edit keeps them (it used to reset them to "0 1").
test("board editor: the move number and halfmove clock of the position shown are kept", async (t) => {
  const start = "4k3/8/8/8/8/8/4P3/4K3 w - - 7 31";
  const page = await open(t, `?depth=2&side=w&fen=${encodeURIComponent(start)}`);
  await openEditor(page);
  await page.waitForFunction((f) => document.getElementById("editor-fen").value === f, start);
  await page.locator('#editor-palette button[data-piece="wq"]').click();
  await put(page, "wq", "d1");
  assert.equal(await fen(page), "4k3/8/8/8/8/8/4P3/3QK3 w - - 7 31");
});

// The FEN field: a position typed or pasted sets the board up and is
// judged as any edit; a text that is no FEN says why and changes nothing.
test("board editor: a FEN typed into its field sets the board up; a broken one is refused with the reason", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await openEditor(page);
  const field = page.locator("#editor-fen");
  await page.waitForFunction(() => document.getElementById("editor-fen").value.startsWith("rnbqkbnr/"));
  await field.fill("8/8/8/8/8/5k2/8/4K2R w K - 3 40");
  await field.press("Enter");
  // The board set up (three men on it), then judged.
  await page.waitForFunction(() => document.querySelectorAll("#editor-board [data-piece]").length === 3);
  await page.waitForFunction(() => document.getElementById("editor-castle-K").checked);
  await settled(page);
  assert.equal(await page.locator("#editor-error").textContent(), "");
  assert.equal(await page.locator("#editor-castle-K").isChecked(), true);
  assert.equal(await page.locator('#editor-board [data-piece="wr"]').count(), 1);
  // A rank of nine squares: refused, the board and the field's last good position kept.
  await field.fill("8/8/8/8/8/8/5k3/4K2R w - - 0 1");
  await field.press("Enter");
  assert.match(await page.locator("#editor-error").textContent(), /^Not a FEN: rank 2 \("5k3"\) is not eight squares/);
  assert.equal(await field.getAttribute("aria-invalid"), "true");
  assert.equal(await page.locator('#editor-board [data-piece="wr"]').count(), 1);
  // Played from: the game starts there.
  await field.fill("8/8/8/8/8/5k2/8/4K2R w K - 3 40");
  await field.press("Enter");
  await settled(page);
  assert.equal(await field.getAttribute("aria-invalid"), null);
  await page.locator("#editor-play").click();
  await waitStatus(page, /^Your move/);
  assert.equal(await page.evaluate(() => window.kibitz.state.game.fen()), "8/8/8/8/8/5k2/8/4K2R w K - 3 40");
});
