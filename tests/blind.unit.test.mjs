// Blind mode's words (static/blind.js) under node: squares, pieces, files
// and ranks, the last move, scores and the commands as typed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { squareName, piecesText, scanText, lastMoveText, parseCommand, scoreWords } from "../static/blind.js";
import { matchTyped, whyNotLegal } from "../static/movetext.js";

const start = new Chess().fen();

test("a square is named with what stands on it", () => {
  const g = new Chess();
  assert.equal(squareName(g, "e2"), "e2, white pawn");
  assert.equal(squareName(g, "g8"), "g8, black knight");
  assert.equal(squareName(g, "e4"), "e4, empty");
});

test("pieces of one kind, of one side or every piece", () => {
  assert.equal(piecesText(start, "N"), "White knights: b1, g1");
  assert.equal(piecesText(start, "n"), "Black knights: b8, g8");
  assert.equal(piecesText(start, "q"), "Black queen: d8");
  assert.equal(piecesText("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "R"), "White rooks: none");
  const all = piecesText("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "a");
  assert.equal(all, "White king: e1. White pawn: e2. Black king: e8");
  assert.match(piecesText(start, "x"), /^No such piece: x\./);
});

test("a file or a rank read square by square, empty runs together", () => {
  assert.equal(scanText(start, "e"), "e1 white king, e2 white pawn, e3 to e6 empty, e7 black pawn, e8 black king");
  assert.equal(scanText("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "4"), "a4 to c4 empty, d4 white pawn, e4 to h4 empty");
  assert.equal(scanText("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1"), "a1 white rook, b1 to d1 empty, e1 white king, f1 to h1 empty");
  assert.match(scanText(start, "9"), /^No such file or rank: 9/);
});

test("the last move with its number and side", () => {
  const g = new Chess();
  assert.equal(lastMoveText([], start), "No move played yet");
  g.move("e4");
  assert.equal(lastMoveText(g.history({ verbose: true }), start), "1. White: e4");
  g.move("e5");
  g.move("Nf3");
  g.move("Nc6");
  assert.equal(lastMoveText(g.history({ verbose: true }), start), "2. Black: Knight c6");
  const fromBlack = "4k3/8/8/8/8/8/q7/4K3 b - - 0 30";
  const h = new Chess(fromBlack);
  h.move("Qa1");
  assert.equal(lastMoveText(h.history({ verbose: true }), fromBlack), "30. Black: Queen a1, check");
  h.move("Kd2");
  assert.equal(lastMoveText(h.history({ verbose: true }), fromBlack), "31. White: King d2");
});

test("commands are read; moves are not taken for commands", () => {
  assert.deepEqual(parseCommand("c"), { name: "c", arg: "" });
  assert.deepEqual(parseCommand("p N"), { name: "p", arg: "N" });
  assert.deepEqual(parseCommand("s e"), { name: "s", arg: "e" });
  assert.deepEqual(parseCommand("b e4"), { name: "b", arg: "e4" });
  assert.deepEqual(parseCommand("Resign"), { name: "resign", arg: "" });
  assert.deepEqual(parseCommand("?"), { name: "help", arg: "" });
  for (const move of ["e4", "Nf3", "b4", "bxc3", "Bxc3", "O-O", "oo", "e8=Q", "e7e8q", "b"]) assert.equal(parseCommand(move), null, move);
});

test("typed moves in every spelling blind players use", () => {
  const castle = new Chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").moves({ verbose: true });
  for (const t of ["O-O", "0-0", "oo", "OO", "o-o"]) assert.equal(matchTyped(t, castle)?.san, "O-O", t);
  for (const t of ["O-O-O", "0-0-0", "ooo"]) assert.equal(matchTyped(t, castle)?.san, "O-O-O", t);
  // bxc3 is the pawn when a pawn can take; Bxc3 the bishop.
  const both = new Chess("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1").moves({ verbose: true });
  assert.equal(matchTyped("bxc3", both)?.san, "bxc3");
  assert.equal(matchTyped("Bxc3", both)?.san, "Bxc3");
});

test("scores in words, from White's view", () => {
  assert.equal(scoreWords({ cp: 120 }), "White is better, plus 1.2");
  assert.equal(scoreWords({ cp: -45 }), "Black is slightly better, minus 0.5");
  assert.equal(scoreWords({ cp: 10 }), "equal, plus 0.1");
  assert.equal(scoreWords({ cp: -900 }), "Black is winning, minus 9.0");
  assert.equal(scoreWords({ mate: 3 }), "White mates in 3");
  assert.equal(scoreWords({ mate: -2 }), "Black mates in 2");
});

test("why a typed move is refused, in words", () => {
  const moves = new Chess("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").moves({ verbose: true });
  assert.equal(whyNotLegal("Nd2", moves), "Nd2 is ambiguous: Nbd2 or Nfd2");
  assert.equal(whyNotLegal("Nb5", moves), "Nb5 is not a legal move here: no knight can go to b5");
  assert.equal(whyNotLegal("Nfa3", moves), "Nfa3 is not a legal move here: no knight on the f-file can go to a3");
  assert.equal(whyNotLegal("e4", moves), "e4 is not a legal move here: no pawn can go to e4");
  assert.equal(whyNotLegal("Ke3e4", moves), "Ke3e4 is not a legal move here: no king on e3 can go to e4");
  assert.match(whyNotLegal("hello", moves), /^hello is not a move: type it as e4/);
});
