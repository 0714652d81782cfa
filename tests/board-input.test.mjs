// Browser tests of the board's input at its edges in time: a drag begun the
// moment Kibitz's reply is announced, while the board still draws the
// reply, is played — never dropped.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, waitStatus, drag } from "./page.mjs";

// A position where neither side can be mated in ten moves: White moves
// quietly, Black has a king and pawns.
const FEN = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1";

// quietMove is a legal move of White's that neither captures, promotes
// nor checks, and is not a king's move: one whose drag must simply land.
const quietMove = (page) =>
  page.evaluate(() => {
    const m = window.kibitz.state.game.moves({ verbose: true }).find((m) => !m.captured && !m.promotion && m.piece !== "k" && !/[+#]/.test(m.san));
    return [m.from, m.to];
  });

test("a drag begun as soon as Kibitz's reply is announced is played, ten times out of ten", async (t) => {
  const page = await open(t, `?depth=1&side=w&fen=${encodeURIComponent(FEN)}`);
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  await waitStatus(page, /^Your move/);
  for (let i = 0; i < 10; i++) {
    const plies = 2 * i;
    const [from, to] = await quietMove(page);
    await drag(page, from, to);
    // The move played and the reply announced (polled every frame): the
    // next drag starts at once, while the board may still be drawing the
    // reply. A drag lost leaves the game a ply short.
    await page.waitForFunction(
      (n) => window.kibitz.state.game.history().length === n && /^Your move/.test(document.getElementById("status").textContent),
      plies + 2,
      {
        polling: "raf",
        timeout: 60000,
      },
    );
  }
  assert.deepEqual(
    warnings.filter((w) => /no piece on/.test(w)),
    [],
    "every drag found its piece",
  );
});
