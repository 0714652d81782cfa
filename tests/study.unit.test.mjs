// Unit tests, under node, of the page's study modules: opening names, the
// review's rules, sounds and the library.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Chess } from "chess.js";
import { parseOpenings, openingAt, positionKey } from "../static/openings.js";
import { winProbability, verdictFor, judgeMoves, graphPoints, summary, counted, explainMove } from "../static/review.js";
import { soundFor } from "../static/sounds.js";
import { saveToLibrary, libraryGames, libraryPgn, LIBRARY_SIZE } from "../static/library.js";

const fensOf = (sans) => {
  const g = new Chess();
  const fens = [g.fen()];
  for (const m of sans) {
    g.move(m);
    fens.push(g.fen());
  }
  return fens;
};

test("the committed opening table names well-known openings, and the last known position wins", () => {
  const table = parseOpenings(readFileSync("static/openings.tsv", "utf8"));
  assert.ok(table.size > 10000, `${table.size} positions`);
  const ruy = fensOf(["e4", "e5", "Nf3", "Nc6", "Bb5"]);
  assert.deepEqual(openingAt(table, ruy, 5), { eco: "C60", name: "Ruy Lopez" });
  assert.equal(openingAt(table, ruy, 1).name, "King's Pawn Game");
  assert.equal(openingAt(table, ruy, 0), null, "the start position has no name");
  // A move out of the book keeps the last name.
  const out = fensOf([
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "Ba4",
    "Nf6",
    "O-O",
    "Be7",
    "Re1",
    "b5",
    "Bb3",
    "d6",
    "c3",
    "O-O",
    "h3",
    "Na5",
    "Bc2",
    "c5",
    "d4",
    "Qc7",
    "a3",
    "Rb8",
  ]);
  assert.match(openingAt(table, out, out.length - 1).name, /^Ruy Lopez/);
  assert.equal(positionKey("8/8/8/8/8/8/8/K6k w - - 0 1"), "8/8/8/8/8/8/8/K6k w");
  assert.equal(parseOpenings("a b\tA00\tX\n\nbroken line\n").size, 1);
});

test("the review's scale, verdicts and graph", () => {
  assert.equal(winProbability({ cp: 0 }), 0.5);
  assert.equal(winProbability({ mate: 3 }), 1);
  assert.equal(winProbability({ mate: -1 }), 0);
  assert.ok(Math.abs(winProbability({ cp: 300 }) - 0.75) < 0.01);
  assert.equal(verdictFor(0.049), null);
  assert.equal(verdictFor(0.05).name, "inaccuracy");
  assert.equal(verdictFor(0.1).name, "mistake");
  assert.equal(verdictFor(0.15).name, "blunder");
  const g = new Chess();
  for (const m of ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]) g.move(m);
  const positions = [
    { score: { cp: 30 } },
    { score: { cp: 30 } },
    { score: { cp: 25 } },
    { score: { cp: -60 } },
    { score: { cp: -50 } },
    { score: { cp: 35 }, best: "g7g6", bestSan: "g6" },
    { score: { mate: 1 } },
    { score: { mate: 1 } },
  ];
  const judged = judgeMoves(g.history({ verbose: true }), positions);
  assert.equal(judged.length, 7);
  assert.equal(judged[5].san, "Nf6");
  assert.equal(judged[5].verdict.name, "blunder");
  assert.equal(judged[5].better, "g6");
  assert.equal(judged[2].verdict.name, "inaccuracy", "Qh5: +0.25 to −0.60 loses 0.08 for White");
  assert.equal(judged[6].verdict, null, "the mate itself loses nothing");
  // The engine's own choice is never marked, whatever the next score says
  // (the horizon moved, not the move); every verdict names a better move.
  const horizon = positions.map((p, i) => (i === 2 ? { ...p, best: "d1h5", bestSan: "Qh5" } : p));
  assert.equal(judgeMoves(g.history({ verbose: true }), horizon)[2].verdict, null, "Qh5 was the engine's choice");
  assert.deepEqual(summary(judged).b, { inaccuracy: 0, mistake: 0, blunder: 1 });
  assert.deepEqual(graphPoints([1, 0.5, 0], 100, 40), [
    [0, 0],
    [50, 20],
    [100, 40],
  ]);
  assert.equal(counted(1, "inaccuracy"), "1 inaccuracy");
  assert.equal(counted(2, "inaccuracy"), "2 inaccuracies");
  assert.equal(counted(0, "blunder"), "0 blunders");
});

test("the sound of a move", () => {
  assert.equal(soundFor("e4", null), "move");
  assert.equal(soundFor("Nxe5", null), "capture");
  assert.equal(soundFor("Qxf7+", null), "check");
  assert.equal(soundFor("Qxf7#", { result: "1-0" }), "end");
});

test("the library keeps the newest games, once each, and exports them oldest first", () => {
  const store = new Map();
  globalThis.localStorage = { setItem: (k, v) => store.set(k, v), getItem: (k) => store.get(k) ?? null };
  try {
    assert.deepEqual(libraryGames(), []);
    saveToLibrary({ id: 1, pgn: '[Event "one"]\n\n1. e4 *' });
    saveToLibrary({ id: 2, pgn: '[Event "two"]\n\n1. d4 *' });
    saveToLibrary({ id: 1, pgn: '[Event "one again"]\n\n1. e4 e5 *' });
    assert.deepEqual(
      libraryGames().map((g) => g.id),
      [1, 2],
    );
    assert.match(libraryPgn(), /two[\s\S]*one again/);
    for (let i = 3; i < LIBRARY_SIZE + 10; i++) saveToLibrary({ id: i, pgn: "*" });
    assert.equal(libraryGames().length, LIBRARY_SIZE);
    store.set("kibitz.library.v1", "{broken");
    assert.deepEqual(libraryGames(), []);
  } finally {
    delete globalThis.localStorage;
  }
});

test("a marked move explained from the engine's line: a mate walked into, material lost, or nothing claimed", () => {
  const after = (sans) => {
    const g = new Chess();
    for (const s of sans) g.move(s);
    return g.fen();
  };
  // 3… Nf6?? and the engine's line is Qxf7#.
  assert.equal(explainMove(after(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]), ["h5f7"], "b"), "It allows mate in 1: 4. Qxf7#");
  // 3. Nxe5?? takes a pawn and loses the knight.
  assert.equal(explainMove(after(["e4", "e5", "Nf3", "d6", "Nxe5"]), ["d6e5", "d2d4"], "w"), "It loses the knight on e5 after 3… dxe5");
  // A pawn given for nothing.
  assert.equal(explainMove(after(["e4", "d5", "Nc3"]), ["d5e4"], "w"), "It loses a pawn after 2… dxe4");
  // Captures that even out claim nothing; nor does an empty or unplayable line.
  assert.equal(explainMove(after(["e4", "d5"]), ["e4d5", "d8d5"], "b"), null);
  assert.equal(explainMove(after(["e4"]), [], "w"), null);
  assert.equal(explainMove(after(["e4"]), ["a1a8"], "w"), null);
  // judgeMoves carries the words with the verdict.
  const g = new Chess();
  for (const s of ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]) g.move(s);
  const history = g.history({ verbose: true });
  const positions = [{ cp: 30 }, { cp: 30 }, { cp: 20 }, { cp: 10 }, { cp: 10 }, { cp: 10 }].map((score) => ({
    score,
    best: "a2a3",
    bestSan: "a3",
    pv: ["a2a3"],
  }));
  positions.push({ score: { mate: 1 }, pv: ["h5f7"] });
  const judged = judgeMoves(history, positions);
  assert.equal(judged[5].verdict.name, "blunder");
  assert.equal(judged[5].why, "It allows mate in 1: 4. Qxf7#");
});
