// Unit tests, under node, of annotating on the analysis board: the
// player's arrows and circles as PGN comment commands (static/shapes.js),
// assessments and comment words (static/annotate.js), and the position
// with the turn passed that the threat is read from (static/study.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { parseShapes, withShapes, toggleShape } from "../static/shapes.js";
import { commentWords, withWords, toggleAssessment } from "../static/annotate.js";
import { passTurn } from "../static/analysis.js";
import { GameTree } from "../static/tree.js";

test("arrows and circles read from and written to comments as lichess writes them", () => {
  const comments = ["[%csl Gd4,Rf7] [%cal Ge2e4,Bg1f3]", "A good square."];
  assert.deepEqual(parseShapes(comments), {
    arrows: [
      { colour: "G", from: "e2", to: "e4" },
      { colour: "B", from: "g1", to: "f3" },
    ],
    circles: [
      { colour: "G", square: "d4" },
      { colour: "R", square: "f7" },
    ],
  });
  assert.deepEqual(
    parseShapes(["[%cal Xe2e4,Ge2e2,Ge9e4, Ra1a8 ]"]),
    { arrows: [{ colour: "R", from: "a1", to: "a8" }], circles: [] },
    "bad items are skipped",
  );
  assert.deepEqual(parseShapes(undefined), { arrows: [], circles: [] });
  const shapes = toggleShape(toggleShape({ arrows: [], circles: [] }, { from: "e2", to: "e4", colour: "G" }), {
    square: "e5",
    colour: "R",
  });
  assert.deepEqual(withShapes(["[%clk 0:05:00] [%cal Rd1d8]", "Hello."], shapes), ["[%csl Re5] [%cal Ge2e4]", "[%clk 0:05:00]", "Hello."]);
  assert.deepEqual(withShapes(["[%cal Rd1d8]"], { arrows: [], circles: [] }), [], "an empty comment goes");
  // The same shape again takes it away; another colour recolours it.
  assert.deepEqual(toggleShape(shapes, { from: "e2", to: "e4", colour: "G" }).arrows, []);
  assert.deepEqual(toggleShape(shapes, { square: "e5", colour: "G" }).circles, [{ square: "e5", colour: "G" }]);
  // Through the tree and back: a PGN keeps them.
  const tree = new GameTree("1. e4 e5 2. Nf3 *");
  tree.line[1].comments = withShapes(tree.line[1].comments, shapes);
  const again = new GameTree(tree.movetext("*"));
  assert.deepEqual(parseShapes(again.line[1].comments), shapes);
});

test("assessments: one at a time; comment words edited around the commands", () => {
  assert.deepEqual(toggleAssessment(undefined, 1), [1]);
  assert.deepEqual(toggleAssessment([2, 14], 4), [4, 14], "?? replaces ?, a position NAG stays");
  assert.deepEqual(toggleAssessment([4, 14], 4), [14]);
  assert.equal(commentWords(["[%clk 0:04:58] Blunder.", "g6 was best."]), "Blunder. g6 was best.");
  assert.deepEqual(withWords(["[%clk 0:04:58] [%cal Ge2e4] old words"], " New {words} "), ["[%clk 0:04:58] [%cal Ge2e4]", "New words"]);
  assert.deepEqual(withWords(["old"], ""), []);
});

test("the threat's position: the turn passed, no en passant, the clocks moved on", () => {
  const fen = passTurn("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  assert.equal(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
  assert.equal(new Chess(fen).turn(), "w");
  assert.equal(passTurn("4k3/8/8/8/8/8/8/4K3 w - - 7 30"), "4k3/8/8/8/8/8/8/4K3 b - - 8 30");
});
