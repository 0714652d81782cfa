// The page's state without a page: createState builds it under node (no
// DOM), and the helpers read only the state they are given.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { createState, startFen, uciMoves, engineColor } from "../static/state.js";

test("createState makes a new game's state, each one its own", () => {
  const a = createState();
  const b = createState();
  assert.equal(a.game.fen(), new Chess().fen());
  assert.equal(a.mode, "play");
  assert.equal(a.human, "w");
  assert.equal(a.viewPly, null);
  assert.equal(a.over, null);
  assert.equal(a.marks.size, 0);
  a.game.move("e4");
  a.marks.set(1, { name: "blunder", mark: "??" });
  a.human = "b";
  assert.equal(b.game.history().length, 0, "a move in one state is not in another");
  assert.equal(b.marks.size, 0);
  assert.equal(b.human, "w");
});

test("startFen, uciMoves and engineColor read the state given", () => {
  const s = createState();
  const fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  s.game = new Chess(fen);
  assert.equal(startFen(s), fen);
  s.game.move("b8=N");
  s.game.move("Kf7");
  assert.equal(startFen(s), fen, "the start, not the position now");
  assert.deepEqual(uciMoves(s), ["b7b8n", "e8f7"]);
  assert.equal(engineColor(s), "b");
  s.human = "b";
  assert.equal(engineColor(s), "w");
  assert.equal(startFen(createState()), new Chess().fen());
});
