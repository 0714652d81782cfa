// Premove targets (static/input.js) under node: where a piece may be
// premoved while Kibitz thinks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { premoveTargets } from "../static/input.js";

const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const sorted = (a) => [...a].sort();

test("premove targets: each piece's reach on an empty board", () => {
  assert.deepEqual(sorted(premoveTargets(start, "e2")), ["d3", "e3", "e4", "f3"]);
  assert.deepEqual(sorted(premoveTargets(start, "a7")), ["a5", "a6", "b6"], "a black pawn, on the edge");
  assert.deepEqual(sorted(premoveTargets(start, "g1")), ["e2", "f3", "h3"], "own pieces' squares too: a recapture may free them");
  assert.deepEqual(sorted(premoveTargets(start, "e1")), ["c1", "d1", "d2", "e2", "f1", "f2", "g1"], "castling both ways");
  assert.equal(premoveTargets(start, "d1").length, 21, "a queen on d1 reaches 7 + 7 + 3 + 4 squares");
  assert.equal(premoveTargets(start, "a1").length, 14);
  assert.equal(premoveTargets("4k3/8/8/8/3B4/8/8/4K3 b - - 0 1", "d4").length, 13);
  assert.deepEqual(sorted(premoveTargets("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "e5")), [], "an empty square");
  assert.deepEqual(sorted(premoveTargets("4k3/8/8/8/8/8/4P3/3K4 w - - 0 1", "d1")), ["c1", "c2", "d2", "e1", "e2"], "no castling off the first square");
});
