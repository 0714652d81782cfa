// Unit tests, under node, of share links (static/share.js): a game, a
// position from another start and the move shown survive the round trip;
// a damaged link is refused with the reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { shareLink, readShared, withoutShare } from "../static/share.js";

const PAGE = "https://example.org/kibitz/";

test("a game and the move shown come back from its link", () => {
  const link = shareLink(PAGE, new Chess().fen(), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"], 3);
  assert.equal(link, `${PAGE}?moves=e2e4+e7e5+g1f3+b8c6+f1b5&ply=3&analyse=1`);
  const read = readShared(new URL(link).search);
  const g = new Chess();
  g.loadPgn(read.pgn);
  assert.deepEqual(g.history(), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
  assert.equal(read.ply, 3);
});

test("a position from another start, with a promotion, and no ply means the last move", () => {
  const fen = "8/P6k/8/8/8/8/8/K7 w - - 0 60";
  const link = shareLink(PAGE, fen, ["a7a8q"], null);
  const read = readShared(new URL(link).search);
  assert.equal(read.ply, null);
  const g = new Chess();
  g.loadPgn(read.pgn);
  assert.equal(g.getHeaders().FEN, fen);
  assert.deepEqual(g.history(), ["a8=Q"]);
  assert.deepEqual(readShared(new URL(shareLink(PAGE, fen, [], null)).search).pgn.includes(fen), true, "a position alone");
});

test("a game with variations and comments travels as its PGN, whole", () => {
  const pgn = '[White "Ann"]\n\n1. e4 {The king\'s pawn} e5 (1... c5 $1) 2. Nf3 *';
  const link = shareLink(PAGE, new Chess().fen(), ["e2e4", "e7e5", "g1f3"], 2, pgn);
  assert.doesNotMatch(link, /moves=/, "the PGN holds the moves");
  assert.deepEqual(readShared(new URL(link).search), { pgn, ply: 2 });
  assert.equal(withoutShare(link), PAGE);
});

test("a damaged link says what is wrong; an ordinary address is no link", () => {
  assert.equal(readShared("?depth=4&fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201"), null);
  assert.match(readShared("?analyse=1&moves=e2e4+e7e6+e4e6").error, /move 3 \(e4e6\) is not legal/);
  assert.match(readShared("?analyse=1&moves=e2e4+zz").error, /move 2 \(zz\)/);
  assert.match(readShared("?analyse=1&fen=nonsense").error, /position is not valid/);
  assert.equal(readShared("?analyse=1&moves=e2e4&ply=99").ply, 1, "the ply is kept within the game");
  assert.equal(withoutShare(`${PAGE}?depth=4&fen=x&moves=e2e4&pgn=x&ply=1&analyse=1`), `${PAGE}?depth=4`);
});
