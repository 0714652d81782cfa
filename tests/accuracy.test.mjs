// Unit tests, under node, of the review's accuracy figures
// (static/accuracy.js): the move curve, the phases, and whole games with
// a known blunder.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { moveAccuracy, phaseOf, accuracy, winPercent } from "../static/accuracy.js";

test("a move's accuracy: 100 % when nothing is lost, falling with the winning chances given away", () => {
  assert.ok(Math.abs(moveAccuracy(50, 50) - 100) < 0.01);
  assert.equal(moveAccuracy(40, 60), moveAccuracy(50, 50), "a gain counts as no loss");
  const drops = [0, 5, 10, 20, 40, 80].map((d) => moveAccuracy(90, 90 - d));
  for (let i = 1; i < drops.length; i++) assert.ok(drops[i] < drops[i - 1], `accuracy falls: ${drops}`);
  assert.ok(drops[3] > 35 && drops[3] < 45, `a 20-point drop: ${drops[3]}`);
  assert.equal(moveAccuracy(100, 0), 0);
  assert.equal(winPercent({ mate: 3 }), 100);
  assert.equal(winPercent({ cp: 0 }), 50);
});

test("phases: the first ten moves are the opening, a light board the endgame", () => {
  const start = new Chess().fen();
  assert.equal(phaseOf(start, 0), "opening");
  assert.equal(phaseOf(start, 30), "middlegame");
  assert.equal(phaseOf("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 3), "endgame");
  assert.equal(phaseOf("r3k3/1b6/8/8/8/8/1B6/R3K3 w - - 0 40", 80), "endgame", "a rook and a bishop each: 16");
});

test("a game: the side that blunders scores lower, with its centipawns lost", () => {
  const g = new Chess();
  for (const san of ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]) g.move(san);
  const history = g.history({ verbose: true });
  // Scores after 0…7 moves; 3…Nf6 (move 6) throws away a level game.
  const scores = [{ cp: 30 }, { cp: 30 }, { cp: 30 }, { cp: -20 }, { cp: -20 }, { cp: -20 }, { mate: 1 }, { mate: 1 }];
  const a = accuracy(history, scores);
  assert.ok(a.w.accuracy > 90, `White ${a.w.accuracy}`);
  assert.ok(a.b.accuracy < 60, `Black ${a.b.accuracy}`);
  assert.equal(a.w.acpl, 50 / 4, "Qh5 gave away 50 cp, the other three nothing");
  assert.equal(a.b.acpl, (0 + 0 + 1020) / 3);
  assert.equal(a.w.phases.middlegame, null);
  assert.ok(a.b.phases.opening < 70);
  // One definition: a game played in the opening alone has the opening's
  // accuracy as its own, for either side.
  assert.equal(a.w.phases.opening, a.w.accuracy);
  assert.equal(a.b.phases.opening, a.b.accuracy);
  const one = accuracy(history.slice(0, 1), scores.slice(0, 2));
  assert.equal(one.b.accuracy, null, "Black made no move");
});
