// Unit tests, under node, of the page's game tree (static/tree.js over
// cm-pgn): variations from play and analysis, promotion and deletion, and
// PGN with variations, comments and NAGs read and written without loss.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { GameTree, treePgn } from "../static/tree.js";
import { withClocks, reviewNotes } from "../static/gameio.js";

const sans = (moves) => moves.map((m) => m.san);

test("a PGN with variations, comments and NAGs survives a round trip", () => {
  const text = '[Event "Club"]\n[Result "*"]\n\n1. e4 $1 {best by test} e5 (1... c5 $5 {Sicilian} 2. Nf3 (2. c3 d5) d6) 2. Nf3 Nc6 $2 *';
  const t = new GameTree(text);
  assert.deepEqual(sans(t.line), ["e4", "e5", "Nf3", "Nc6"]);
  assert.deepEqual(t.counts(), { variations: 2, nags: 3, comments: 2 });
  const out = treePgn({ Event: "Club", Result: "*" }, t);
  const again = new GameTree(out);
  assert.equal(again.movetext("*"), t.movetext("*"));
  assert.deepEqual(again.counts(), t.counts());
  // The comment before the first move counts too.
  assert.equal(new GameTree("{A game} 1. e4 {x} e5 {y} *").counts().comments, 3);
  const [head, movetext] = out.split("\n\n");
  assert.equal(head, '[Event "Club"]\n[Result "*"]');
  assert.equal(movetext.trim().replace(/\n/g, " "), "1. e4 $1 {best by test} 1... e5 (1... c5 $5 {Sicilian} 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 Nc6 $2 *");
  assert.ok(
    movetext.split("\n").every((l) => l.length < 80),
    "lines are wrapped before 80 columns",
  );
});

test("analysis keeps the old continuation as a variation; play replaces it", () => {
  const t = new GameTree();
  t.follow(["e4", "e5", "Nf3"], true);
  t.follow(["e4", "c5"], true);
  assert.equal(t.movetext("*"), "1. e4 e5 (1... c5) 2. Nf3 *");
  assert.deepEqual(sans(t.line), ["e4", "c5"]);
  assert.deepEqual(
    t.alternatives().map((a) => [a.ply, sans(a.moves)]),
    [[2, ["e5"]]],
  );
  // Stepping back keeps everything; choosing follows a branch to its end.
  t.follow(["e4"], true);
  assert.equal(t.movetext("*"), "1. e4 e5 (1... c5) 2. Nf3 *");
  t.choose(t.continuations(t.line[0])[0]);
  assert.deepEqual(sans(t.line), ["e4", "e5", "Nf3"]);
  assert.deepEqual(sans(t.game().history({ verbose: true })), ["e4", "e5", "Nf3"]);
  // In play, a different move after a takeback replaces what followed.
  t.follow(["e4", "e5", "Nc3"], false);
  assert.equal(t.movetext("*"), "1. e4 e5 (1... c5) 2. Nc3 *");
});

test("promote and delete variations", () => {
  const t = new GameTree("1. e4 e5 (1... c5 2. Nf3) (1... e6 2. d4) 2. Nf3 Nc6 *");
  const [c5, e6] = t.alternatives()[0].moves;
  assert.deepEqual([c5.san, e6.san], ["c5", "e6"]);
  t.promote(c5);
  assert.equal(t.movetext("*"), "1. e4 c5 (1... e5 2. Nf3 Nc6) (1... e6 2. d4) 2. Nf3 *");
  assert.deepEqual(sans(t.mainLine()), ["e4", "c5", "Nf3"]);
  const e5 = t.alternatives(t.line).length ? t.continuations(t.mainLine()[0]).find((m) => m.san === "e5") : null;
  t.choose(e5);
  assert.deepEqual(sans(t.line), ["e4", "e5", "Nf3", "Nc6"]);
  t.remove(e5);
  assert.equal(t.movetext("*"), "1. e4 c5 (1... e6 2. d4) 2. Nf3 *");
  assert.deepEqual(sans(t.line), ["e4"], "the line that was deleted ends before it");
  t.promote(t.mainLine()[1]); // the main line cannot be promoted: nothing changes
  assert.equal(t.movetext("*"), "1. e4 c5 (1... e6 2. d4) 2. Nf3 *");
});

test("a game from a position with Black to move keeps its move numbers", () => {
  const fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30";
  const t = new GameTree("", fen);
  t.follow(["Kd7", "e4", "Ke6"], false);
  t.follow(["Kd7", "e3"], true);
  assert.equal(t.movetext("*"), "30... Kd7 31. e4 (31. e3) 31... Ke6 *");
  const back = new GameTree(treePgn({ SetUp: "1", FEN: fen, Result: "*" }, t));
  assert.equal(back.startFen, fen);
  assert.equal(back.movetext("*"), t.movetext("*"));
  assert.equal(new Chess(fen).fen(), back.game().history({ verbose: true })[0].before);
});

test("review notes annotate the written PGN only, and a move keeps its own assessment", () => {
  const t = new GameTree("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 $6 4. Qxf7# 1-0");
  const notes = new Map([
    [4, { nag: 2, comment: "Mistake. Nf6 was best." }],
    [6, { nag: 4, comment: "Blunder. g6 was best." }],
  ]);
  assert.equal(t.movetext("1-0", notes), "1. e4 e5 2. Qh5 Nc6 $2 {Mistake. Nf6 was best.} 3. Bc4 Nf6 $6 {Blunder. g6 was best.} 4. Qxf7# 1-0");
  assert.equal(t.movetext("1-0"), "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 $6 4. Qxf7# 1-0", "the tree itself is unchanged");
});

test("a timed game's %clk goes on every move, before the review's comment", () => {
  const t = new GameTree("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
  const marks = new Map([[6, { name: "blunder", mark: "??", better: "g6" }]]);
  const clocks = new Map([
    [1, "[%clk 0:03:00]"],
    [2, "[%clk 0:03:00]"],
    [3, "[%clk 0:02:58]"],
    [4, "[%clk 0:02:51]"],
    [5, "[%clk 0:02:55]"],
    [6, "[%clk 0:02:40]"],
    [7, "[%clk 0:02:54]"],
  ]);
  assert.equal(
    t.movetext("1-0", withClocks(reviewNotes(marks), clocks)),
    "1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:03:00]} 2. Qh5 {[%clk 0:02:58]} 2... Nc6 {[%clk 0:02:51]} " +
      "3. Bc4 {[%clk 0:02:55]} 3... Nf6 $4 {[%clk 0:02:40] Blunder. g6 was best.} 4. Qxf7# {[%clk 0:02:54]} 1-0",
  );
});
