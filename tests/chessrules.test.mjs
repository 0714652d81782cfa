// The page's rules (static/chessrules.js): chess.js with Chess960's
// castling, checked against the published Chess960 perft counts
// (testdata/perft/chess960.epd, as the engine's own move generation is) and
// against what a standard game must keep doing exactly as chess.js does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Chess as StandardChess } from "chess.js";
import { Chess, chess960Fen, chess960Number } from "../static/chessrules.js";

const epd = readFileSync(new URL("../testdata/perft/chess960.epd", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => {
    const [fen, ...depths] = line.split(";").map((s) => s.trim());
    return { fen, counts: depths.map((d) => Number(d.split(" ")[1])) };
  });

test("Chess960 perft: every 40th position of the published 960 to depth 3, and three to depth 4", () => {
  for (let i = 0; i < epd.length; i += 40) {
    const { fen, counts } = epd[i];
    const game = new Chess(fen);
    const depth = i % 320 === 0 ? 4 : 3;
    for (let d = 1; d <= depth; d++) assert.equal(game.perft(d), counts[d - 1], `${fen} depth ${d}`);
    assert.equal(game.fen(), new Chess(fen).fen(), `${fen}: perft leaves the position as it was`);
  }
});

const KINGSIDE_ONLY = "bbqnn1kr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Kk - 0 1";

test("a Chess960 castle: the king onto its rook, O-O, the king on g1 and the rook on f1, and back", () => {
  const game = new Chess(KINGSIDE_ONLY);
  assert.ok(game.isChess960());
  const castle = game.moves({ square: "g1", verbose: true }).find((m) => m.isKingsideCastle());
  assert.ok(castle, "the king on g1 castles with the rook on h1");
  assert.equal(castle.san, "O-O");
  assert.equal(castle.from + castle.to, "g1h1", "written as the king taking its rook (UCI under Chess960)");
  const played = game.move({ from: "g1", to: "h1" });
  assert.equal(played.san, "O-O");
  assert.equal(game.fen(), "bbqnn1kr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1 b k - 1 1");
  game.undo();
  assert.equal(game.fen(), KINGSIDE_ONLY);
  assert.equal(game.move("O-O").to, "h1", "SAN O-O reads as the same move");
});

test("Chess960 castling: refused in check, through an attacked square, and where the rook shielded the king", () => {
  const free = new Chess("4k3/8/8/8/8/8/8/1R1K4 w Q - 0 1");
  assert.ok(free.moves().includes("O-O-O"), "a free path castles");
  free.move("O-O-O");
  assert.equal(free.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
  const shielded = new Chess("4k3/8/8/8/8/8/8/rR1K4 w Q - 0 1");
  assert.ok(!shielded.inCheck());
  assert.ok(!shielded.moves().includes("O-O-O"), "the rook leaving b1 would open the a1 rook's line to c1");
  assert.ok(!new Chess("4k3/8/8/8/8/8/8/1R1K2r1 w Q - 0 1").moves().includes("O-O-O"), "the king in check does not castle");
  assert.ok(!new Chess("4r1k1/8/8/8/8/8/8/1K5R w K - 0 1").moves().includes("O-O"), "b1 to g1 crosses e1, attacked");
  assert.ok(new Chess("r5k1/8/8/8/8/8/8/1K5R w K - 0 1").moves().includes("O-O"), "an attacked a1, off the path, does not matter");
});

test("rights follow the Chess960 rooks and king, not the corners", () => {
  const game = new Chess(chess960Fen(0)); // bbqnnrkr: the rooks on f1 and h1, the king on g1
  assert.ok(game.isChess960());
  assert.equal(game.fen().split(" ")[2], "KQkq");
  for (const m of ["b3", "b6", "Bb2", "Bb7"]) game.move(m); // from a1 and a8, castling squares in standard chess only
  assert.equal(game.fen().split(" ")[2], "KQkq");
  for (const m of ["f4", "f5", "Rf2"]) game.move(m); // the f1 rook, White's queenside castler
  assert.equal(game.fen().split(" ")[2], "Kkq");
  game.move("Rf7");
  assert.equal(game.fen().split(" ")[2], "Kk");
  game.move("Kf1"); // the white king: White's rights go
  assert.equal(game.fen().split(" ")[2], "k");
});

test("X-FEN, Shredder-FEN and an inner rook read alike and are written as the engine writes them", () => {
  const x = new Chess("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  assert.equal(x.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  // Two rooks on the king's left: the inner one is named by its file.
  const inner = new Chess("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
  assert.ok(inner.isChess960());
  assert.equal(inner.fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
  assert.throws(() => new Chess("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), /no white rook/);
  assert.throws(() => new Chess("4k3/8/8/8/8/8/4K3/R7 w Q - 0 1"), /king on its first rank/);
  assert.throws(() => new Chess("4k3/8/8/8/8/8/8/R3K3 w X - 0 1"), /not one of KQkq/);
});

test("a standard game is chess.js's own, and a king moved onto its rook castles there too", () => {
  const fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"];
  for (const fen of fens) {
    const ours = new Chess(fen);
    const theirs = new StandardChess(fen.replace("HAha", "KQkq"));
    assert.ok(!ours.isChess960(), fen);
    assert.deepEqual(ours.moves(), theirs.moves(), fen);
    assert.equal(ours.fen(), theirs.fen());
    assert.equal(ours.perft(3), theirs.perft(3), fen);
  }
  const game = new Chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  assert.equal(game.move({ from: "e1", to: "h1" }).san, "O-O");
  assert.equal(game.move("e8a8").san, "O-O-O", "a UCI king-takes-rook string castles too");
  assert.equal(game.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
});

test("history, undo, repetition and PGN of a Chess960 game", () => {
  const game = new Chess(KINGSIDE_ONLY);
  for (const m of ["e4", "e5", "Nf3", "Nf6", "Ne3", "Ne6", "O-O", "O-O"]) game.move(m);
  const history = game.history({ verbose: true });
  assert.deepEqual(
    history.map((m) => m.from + m.to),
    ["e2e4", "e7e5", "e1f3", "e8f6", "d1e3", "d8e6", "g1h1", "g8h8"],
  );
  assert.equal(history[0].before, KINGSIDE_ONLY);
  assert.equal(game.fen(), "bbq2rk1/pppp1ppp/4nn2/4p3/4P3/4NN2/PPPP1PPP/BBQ2RK1 w - - 6 5");
  game.header("Variant", "Chess960");
  const pgn = game.pgn();
  assert.ok(pgn.includes(`[FEN "${KINGSIDE_ONLY}"]`), pgn);
  const read = new Chess();
  read.loadPgn(pgn);
  assert.equal(read.fen(), game.fen(), "the PGN reads back to the same position");
  for (let i = 0; i < 8; i++) game.undo();
  assert.equal(game.fen(), KINGSIDE_ONLY);
  for (let i = 0; i < 2; i++) {
    assert.ok(!game.isThreefoldRepetition());
    for (const m of ["Nf3", "Nf6", "Ne1", "Ne8"]) game.move(m);
  }
  assert.ok(game.isThreefoldRepetition(), "the start position, its rights intact, a third time");
});

test("chess960Fen numbers the 960 start positions as the standard numbering does", () => {
  assert.equal(chess960Fen(518), new StandardChess().fen(), "518 is the standard start");
  assert.equal(chess960Fen(0).split("/")[7].split(" ")[0], "BBQNNRKR");
  assert.equal(chess960Fen(959).split("/")[7].split(" ")[0], "RKRNNQBB");
  const seen = new Set();
  for (let n = 0; n < 960; n++) {
    const rank = chess960Fen(n).split("/")[7].split(" ")[0];
    seen.add(rank);
    const bishops = [...rank].flatMap((p, i) => (p === "B" ? [i % 2] : []));
    assert.deepEqual(bishops.sort(), [0, 1], `${n}: bishops on both colours`);
    const [r1, k, r2] = [rank.indexOf("R"), rank.indexOf("K"), rank.lastIndexOf("R")];
    assert.ok(r1 < k && k < r2, `${n}: the king between its rooks`);
    assert.equal(chess960Number(chess960Fen(n)), n);
  }
  assert.equal(seen.size, 960);
  assert.equal(chess960Number("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), null);
  assert.throws(() => chess960Fen(960), /out of range/);
});
