// Unit tests of the play page's game rules (static/game.js), under node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { scoreText, sanKey, whiteScore, winningChances, scoreValue, boundMark } from "../static/format.js";
import { gameOver, drawAnswer, DRAW_MIN_MOVES, reviewText, pgnHeaders, pgnDate, restoreSaved, readImport, storeGame, loadStoredGame } from "../static/game.js";

test("a finished position is recognised when it is loaded", () => {
  assert.deepEqual(gameOver(new Chess("6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1")), { result: "0-1", reason: "Checkmate — Black wins" });
  assert.deepEqual(gameOver(new Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")), { result: "1/2-1/2", reason: "Stalemate — draw" });
  assert.equal(gameOver(new Chess("4k3/8/8/8/8/8/8/4K2R w - - 100 80")).reason, "Fifty-move rule — draw");
  assert.equal(gameOver(new Chess("4k3/8/8/8/8/8/8/4K2R w - - 99 80")), null);
  assert.equal(gameOver(new Chess("4k3/8/8/8/8/8/8/4KB2 w - - 0 1")).reason, "Insufficient material — draw");
  assert.equal(gameOver(new Chess()), null);
});

test("threefold repetition ends the game", () => {
  const g = new Chess();
  for (let i = 0; i < 2; i++) for (const m of ["Nf3", "Nf6", "Ng1", "Ng8"]) g.move(m);
  assert.equal(gameOver(g).reason, "Threefold repetition — draw");
});

test("the draw offer: too early is declined without a search, later the score decides", () => {
  for (const plies of [0, 1, 10, 2 * DRAW_MIN_MOVES - 1]) {
    const a = drawAnswer(plies, { cp: -500 });
    assert.equal(a.accept, false, `${plies} plies`);
    assert.equal(a.needsSearch, false);
    assert.match(a.text, /too early/);
  }
  assert.match(drawAnswer(0, null).text, /ask again in 20 moves/);
  assert.match(drawAnswer(38, null).text, /ask again in 1 move\)/);
  const later = 2 * DRAW_MIN_MOVES;
  assert.equal(drawAnswer(later, null).needsSearch, true);
  assert.equal(drawAnswer(later, { cp: 0 }).accept, true);
  assert.equal(drawAnswer(later, { cp: 15 }).accept, true);
  assert.equal(drawAnswer(later, { cp: -300 }).accept, true);
  assert.equal(drawAnswer(later, { cp: 16 }).accept, false);
  assert.equal(drawAnswer(later, { mate: 3 }).accept, false);
  assert.equal(drawAnswer(later, { mate: -3 }).accept, true);
  assert.match(drawAnswer(later, { cp: 90 }).text, /stands better/);
});

test("the review line names the position shown", () => {
  assert.equal(reviewText(0, 10), "Reviewing the start position — press End to return");
  assert.equal(reviewText(1, 10), "Reviewing move 1 (1 of 10) — press End to return");
  assert.equal(reviewText(4, 10), "Reviewing move 2… (4 of 10) — press End to return");
});

test("exported PGN keeps the imported headers and fills only what is missing", () => {
  const imported = { Event: "Club", Site: "?", Date: "????.??.??", White: "Ann", Black: "Bob", Result: "*" };
  const h = pgnHeaders(imported, {
    humanColor: "w",
    engineName: "Kibitz (depth 12)",
    result: "1-0",
    termination: "Checkmate — White wins",
    startFen: new Chess().fen(),
    site: "here",
    date: "2026.11.22",
  });
  assert.equal(h.Event, "Club");
  assert.equal(h.White, "Ann");
  assert.equal(h.Black, "Bob");
  assert.equal(h.Site, "here");
  assert.equal(h.Date, "2026.11.22");
  assert.equal(h.Result, "1-0");
  assert.equal(h.SetUp, undefined);
  assert.equal(h.TimeControl, undefined, "an untimed game has no TimeControl");
  const timed = pgnHeaders(
    {},
    {
      humanColor: "w",
      engineName: "K",
      result: "0-1",
      termination: "Your time ran out — Black wins",
      startFen: new Chess().fen(),
      site: "s",
      date: "d",
      timeControl: "180+2",
    },
  );
  assert.deepEqual(Object.keys(timed), ["Event", "Site", "Date", "White", "Black", "Result", "TimeControl", "Termination"]);
  assert.equal(timed.TimeControl, "180+2");
  const fresh = pgnHeaders(
    {},
    { humanColor: "b", engineName: "Kibitz (depth 5)", result: "*", startFen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", site: "s", date: "d" },
  );
  assert.equal(fresh.White, "Kibitz (depth 5)");
  assert.equal(fresh.Black, "You");
  assert.equal(fresh.FEN, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  assert.equal(fresh.SetUp, "1");
  assert.equal(fresh.Termination, undefined);
  assert.equal(pgnDate(new Date(2026, 0, 5)), "2026.01.05");
  // The opening the moves reached, as ECO and Opening; an imported one is kept.
  const opening = { eco: "C50", name: "Italian Game" };
  const named = pgnHeaders(
    {},
    {
      humanColor: "w",
      engineName: "K",
      result: "1-0",
      termination: "Checkmate — White wins",
      startFen: new Chess().fen(),
      site: "s",
      date: "d",
      opening,
    },
  );
  assert.deepEqual(Object.keys(named), ["Event", "Site", "Date", "White", "Black", "Result", "ECO", "Opening", "Termination"]);
  assert.deepEqual([named.ECO, named.Opening, named.Result, named.Termination], ["C50", "Italian Game", "1-0", "Checkmate — White wins"]);
  const kept = pgnHeaders(
    { ECO: "C54", Opening: "Giuoco Piano" },
    { humanColor: "w", engineName: "K", result: "*", termination: "", startFen: new Chess().fen(), site: "s", date: "d", opening },
  );
  assert.deepEqual([kept.ECO, kept.Opening], ["C54", "Giuoco Piano"]);
});

test("scores read the same way for pawns and mates", () => {
  assert.equal(scoreText({ cp: 850 }), "+8.50");
  assert.equal(scoreText({ cp: -40 }), "−0.40");
  assert.equal(scoreText({ cp: 0 }), "0.00");
  assert.equal(scoreText({ mate: 3 }), "#3");
  assert.equal(scoreText({ mate: -1 }), "#−1");
  assert.equal(scoreText(null), "–");
  assert.equal(scoreText({ tb: 1 }), "+TB");
  assert.equal(scoreText({ tb: -1 }), "−TB");
});

test("a table verdict turns with the side to move and ranks between evaluations and mates", () => {
  assert.deepEqual(whiteScore({ tb: 1 }, "b"), { tb: -1 });
  assert.deepEqual(whiteScore({ mate: 2 }, "b"), { mate: -2 });
  assert.deepEqual(whiteScore({ cp: 30 }, "w"), { cp: 30 });
  assert.equal(winningChances({ tb: -1 }), -1);
  const ranked = [{ mate: -1 }, { mate: -9 }, { tb: -1 }, { cp: -5000 }, { cp: 0 }, { cp: 9000 }, { tb: 1 }, { mate: 12 }, { mate: 2 }];
  for (let i = 1; i < ranked.length; i++) assert.ok(scoreValue(ranked[i - 1]) < scoreValue(ranked[i]), JSON.stringify(ranked[i]));
  assert.equal(drawAnswer(40, { tb: -1 }).accept, true);
  assert.equal(drawAnswer(40, { tb: 1 }).accept, false);
});

test("moves are said in words; the position is read as a list", async () => {
  const { spoken, describe } = await import("../static/speech.js");
  assert.equal(spoken("Nxe5+"), "Knight takes e5, check");
  assert.equal(spoken("exd8=Q#"), "e takes d8 promotes to Queen, checkmate");
  assert.equal(spoken("O-O-O+"), "castles queenside, check");
  assert.equal(spoken("e4"), "e4");
  assert.equal(describe("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1"), "White: King e1, Rook h1, Pawn e2. Black: King e8. White to move.");
});

test("a saved game comes back, and a broken save is ignored", () => {
  const r = restoreSaved(JSON.stringify({ start: new Chess().fen(), moves: ["f2f3", "e7e5", "g2g4", "d8h4"], human: "b", headers: { White: "Ann" } }));
  assert.equal(r.game.history().length, 4);
  assert.equal(r.human, "b");
  assert.equal(r.headers.White, "Ann");
  assert.equal(r.over.reason, "Checkmate — Black wins");
  assert.equal(r.clock, null, "an untimed game has no clock");
  const clock = {
    tc: { base: 60000, inc: 0 },
    left: { w: 51000, b: 60000 },
    running: "b",
    since: 1,
    plies: 3,
    after: [60000, 60000, 51000],
  };
  const timed = restoreSaved(JSON.stringify({ start: new Chess().fen(), moves: ["e2e4", "e7e5", "g1f3"], human: "w", clock }));
  assert.deepEqual(timed.clock, clock, "the clock comes back as it was saved");
  assert.equal(restoreSaved(null), null);
  assert.equal(restoreSaved("{nonsense"), null);
  assert.equal(restoreSaved(JSON.stringify({ start: new Chess().fen(), moves: ["e2e5"] })), null);
});

test("imported text is read as a FEN, a PGN or an error", () => {
  assert.equal(readImport("   "), null);
  const fen = "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1";
  assert.deepEqual(readImport(` ${fen}\n`), { fen });
  const pgn = readImport('[Event "x"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1"]\n\n1. O-O Kd7 2. e4 *');
  assert.equal(pgn.start, fen);
  assert.deepEqual(pgn.moves, ["e1g1", "e8d7", "e2e4"]);
  assert.equal(pgn.game.getHeaders().Event, "x");
  const promo = readImport("1. e4 d5 2. exd5 c6 3. dxc6 Qd7 4. cxb7 Kd8 5. bxa8=N *");
  assert.equal(promo.moves.at(-1), "b7a8n");
  assert.equal(promo.start, new Chess().fen());
  assert.match(readImport("1. e4 e5 2. Ke3 *").error, /^Not a valid PGN: /);
});

test("a PGN that cannot be read says where and what, not the parser's list", () => {
  assert.equal(
    readImport('[White "A"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3 Nc6 *').error,
    'Not a valid PGN: line 3, column 17: unexpected "(" (the parentheses of the variations do not match)',
  );
  assert.equal(
    readImport("1. e4 e5 2. Nf3 Nc6 ) *").error,
    'Not a valid PGN: line 1, column 21: unexpected ")" (the parentheses of the variations do not match)',
  );
  assert.equal(readImport("1. e4 e5 2. Nf3 Nc6\n3. Bb5 Qxe5 4. O-O *").error, "Not a valid PGN: line 2, column 8: move 3… Qxe5 is not a legal move");
  // A move named in a comment is not the one meant.
  assert.equal(readImport("1. e4 {Qxe5 is the idea} e5 2. Qxe5 *").error, "Not a valid PGN: line 1, column 32: move 2. Qxe5 is not a legal move");
  assert.equal(readImport("1. e4 e5 2... Ke3 *").error, "Not a valid PGN: line 1, column 15: move 2… Ke3 is not a legal move");
  // Headers, a blank line, the moves: the lines counted are the text's own,
  // blank ones and those before the first header included.
  const afterHeaders = readImport('[Event "x"]\n[White "A"]\n\n1. e4 e5\n2. Ke3 *');
  assert.equal(afterHeaders.error, "Not a valid PGN: line 5, column 4: move 2. Ke3 is not a legal move");
  assert.deepEqual(afterHeaders.at, { line: 5, column: 4 });
  assert.deepEqual(readImport('\n\n[Event "x"]\n\n1. e4 e5 2. Nf3 )').at, { line: 5, column: 17 });
});

test("an exported game carries the page's headers and its tree, and replays", async () => {
  const { GameTree, treePgn, keptText } = await import("../static/tree.js");
  const tree = new GameTree("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... g6) 4. Qxf7# 1-0");
  const headers = pgnHeaders(
    { Event: "Club night" },
    {
      humanColor: "w",
      engineName: "Kibitz (depth 3)",
      result: "1-0",
      termination: "Checkmate — White wins",
      startFen: new Chess().fen(),
      site: "here",
      date: "2026.11.22",
    },
  );
  const text = treePgn(headers, tree);
  const back = new Chess();
  back.loadPgn(text);
  assert.equal(back.history().length, 7);
  assert.ok(back.isCheckmate());
  const h = back.getHeaders();
  assert.equal(h.Event, "Club night");
  assert.equal(h.White, "You");
  assert.equal(h.Black, "Kibitz (depth 3)");
  assert.equal(h.Result, "1-0");
  assert.equal(h.Date, "2026.11.22");
  assert.ok(!("FEN" in h), "a game from the usual start has no FEN header");
  assert.match(text, /\(3\.\.\. g6\)/);
  assert.equal(keptText(tree.counts()), "Imported with 1 variation.");
  assert.equal(keptText({ variations: 2, nags: 1, comments: 3 }), "Imported with 2 variations, 1 annotation symbol and 3 comments.");
  assert.equal(keptText({ variations: 0, nags: 0, comments: 0 }), "");
});

test("the game in progress is stored and loaded back; no storage is no error", () => {
  const store = new Map();
  globalThis.localStorage = { setItem: (k, v) => store.set(k, v), getItem: (k) => store.get(k) ?? null };
  try {
    assert.equal(loadStoredGame(), null);
    storeGame({ start: new Chess().fen(), moves: ["e2e4", "c7c5"], human: "w", over: null, headers: {} });
    const back = loadStoredGame();
    assert.deepEqual(back.game.history(), ["e4", "c5"]);
    assert.equal(back.human, "w");
    assert.equal(back.over, null);
    assert.equal(back.tree, "", "no tree saved: an empty one");
    storeGame({ start: new Chess().fen(), moves: ["e2e4", "c7c5"], human: "w", over: null, headers: {}, tree: "1. e4 c5 (1... e5) *" });
    assert.equal(loadStoredGame().tree, "1. e4 c5 (1... e5) *");
    globalThis.localStorage = {
      setItem: () => {
        throw new Error("quota");
      },
      getItem: () => {
        throw new Error("denied");
      },
    };
    storeGame({ start: new Chess().fen(), moves: ["e2e4"] });
    assert.equal(loadStoredGame(), null);
  } finally {
    delete globalThis.localStorage;
  }
});

test("one move in SAN without its number, for either side", async () => {
  const { moveSan } = await import("../static/format.js");
  assert.equal(moveSan(new Chess().fen(), "g1f3"), "Nf3");
  assert.equal(moveSan("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "g7g6"), "g6");
});

test("what the tables say, in words", async () => {
  const { tableText } = await import("../static/format.js");
  assert.equal(tableText({ wdl: 1, dtm: 33 }), "Tablebase: win in 17");
  assert.equal(tableText({ wdl: 1, dtm: 1 }), "Tablebase: win in 1");
  assert.equal(tableText({ wdl: -1, dtm: 4 }), "Tablebase: loss in 2");
  assert.equal(tableText({ wdl: -1, dtm: 0 }), "Tablebase: checkmated");
  assert.equal(tableText({ wdl: 0, dtm: 0 }), "Tablebase: draw");
});

test("typed moves: check marks, zeros for castling and promotions as people type them", () => {
  const mate = new Chess("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
  const castle = new Chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const promote = new Chess("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  const find = (game, text) => game.moves({ verbose: true }).find((m) => sanKey(m.san) === sanKey(text))?.san;
  for (const [game, typed, san] of [
    [mate, "Ra8", "Ra8#"],
    [mate, "Ra8#", "Ra8#"],
    [mate, "Ra8+", "Ra8#"],
    [mate, "O-O-O", "O-O-O"],
    [mate, "0-0-0", "O-O-O"],
    [castle, "0-0", "O-O"],
    [castle, "o-o", "O-O"],
    [castle, "O-O-O", "O-O-O"],
    [castle, "0-0-0+", "O-O-O"],
    [promote, "bxa8=Q", "bxa8=Q+"],
    [promote, "bxa8Q", "bxa8=Q+"],
    [promote, "bxa8q", "bxa8=Q+"],
    [promote, "b8=N", "b8=N"],
    [promote, "bxa8=R+", "bxa8=R+"],
    [promote, "Ke2!?", "Ke2"],
  ]) {
    assert.equal(find(game, typed), san, typed);
  }
  for (const [game, typed] of [
    [mate, "Ra9"],
    [castle, "0-0-0-0"],
    [promote, "b8=K"],
    [promote, "Kxa8"],
  ]) {
    assert.equal(find(game, typed), undefined, typed);
  }
});

test("a bound is shown from White's view, with words for it", () => {
  // A lower bound for the side to move: at least this for White to move, at most for Black.
  assert.equal(boundMark("lower", "w").mark, " ≥");
  assert.equal(boundMark("lower", "b").mark, " ≤");
  assert.equal(boundMark("upper", "w").mark, " ≤");
  assert.equal(boundMark("upper", "b").mark, " ≥");
  assert.match(boundMark("upper", "b").text, /^At least this, for White: /);
  assert.deepEqual(boundMark("", "w"), { mark: "", text: "" });
});

test("a game from a Chess960 start says so in its PGN headers; a standard one does not", () => {
  const headers = (startFen) => pgnHeaders({}, { humanColor: "w", engineName: "K", result: "*", termination: "", startFen, site: "s", date: "d" });
  const fen960 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
  assert.deepEqual([headers(fen960).Variant, headers(fen960).SetUp, headers(fen960).FEN], ["Chess960", "1", fen960]);
  assert.equal(headers(new Chess().fen()).Variant, undefined);
  assert.equal(headers("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").Variant, undefined, "standard castling squares: standard chess");
  const read = readImport(`[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${fen960}"]\n\n1. e4 e5 2. Nd3 Nd6 3. f3 f6 4. Rf2 Rf7 *`);
  assert.deepEqual(read.moves.slice(-2), ["f1f2", "f8f7"]);
  assert.equal(read.start, fen960);
  assert.equal(read.game.getHeaders().Variant, "Chess960");
});
