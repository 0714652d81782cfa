// Premove targets (static/input.js) under node: where a piece may be
// premoved while Kibitz thinks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { matchTyped, unfinishedPromotion } from "../static/movetext.js";
import { premoveTargets } from "../static/premove.js";

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

test("typed moves: SAN, lower-case pieces, long algebraic with or without a hyphen, UCI", () => {
  const moves = new Chess().moves({ verbose: true });
  const typed = (t) => matchTyped(t, moves)?.san;
  for (const t of ["Nf3", "nf3", "Ng1f3", "ng1f3", "g1-f3", "g1f3", "Ng1-f3", "Nf3!", "N g1f3".replace(" ", "")]) assert.equal(typed(t), "Nf3", t);
  assert.equal(typed("e4"), "e4");
  assert.equal(typed("e2-e4"), "e4");
  assert.equal(typed("e2e4"), "e4");
  assert.equal(typed("b4"), "b4", "a pawn move, not a bishop");
  assert.equal(typed("nf4"), undefined, "no knight reaches f4");
  assert.equal(typed("Bg1f3"), undefined, "the piece named is not the one on g1");
  assert.equal(typed("e2-e5"), undefined);
  // A capture both ways: "bxc6" is the pawn; "Bxc6" the bishop.
  const pos = new Chess("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  const captures = pos.moves({ verbose: true });
  assert.equal(matchTyped("bxc6", captures)?.san, "Bxc6", "no pawn can take on c6: the bishop");
  assert.equal(matchTyped("b5xc6", captures)?.san, "Bxc6");
  const promo = new Chess("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").moves({ verbose: true });
  assert.equal(matchTyped("b7b8q", promo)?.san, "b8=Q+");
  assert.equal(matchTyped("b7-b8=N", promo)?.san, "b8=N");
  assert.equal(matchTyped("b8q", promo)?.san, "b8=Q+");
});

test("a promotion typed without its piece asks which: the four moves; anything else none", () => {
  const moves = new Chess("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").moves({ verbose: true });
  const asked = (t) =>
    unfinishedPromotion(t, moves)
      .map((m) => m.san)
      .sort();
  assert.deepEqual(asked("b8"), ["b8=B", "b8=N", "b8=Q+", "b8=R+"]);
  assert.deepEqual(asked("bxa8"), ["bxa8=B", "bxa8=N", "bxa8=Q+", "bxa8=R+"]);
  assert.deepEqual(asked("b7b8"), ["b8=B", "b8=N", "b8=Q+", "b8=R+"]);
  assert.deepEqual(asked("b7-a8"), ["bxa8=B", "bxa8=N", "bxa8=Q+", "bxa8=R+"]);
  for (const t of ["b8=Q", "b8q", "Ke2", "b6", "e8", "Nb8"]) assert.deepEqual(asked(t), [], t);
});
