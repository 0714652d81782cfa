// What the declarations must refuse (tests/package.test.mjs expects tsc to
// report each line marked "error").
import { createEngine } from "kibitz-chess";

const engine = await createEngine();
await engine.search({ depth: "deep" }); // error: depth is a number
await engine.search({ fen: "startpos", moves: "e2e4" }); // error: moves is a list
const r = await engine.search();
r.bestMove; // error: the field is bestmove
await engine.evaluate(42); // error: a FEN is a string
engine.worker; // error: the library's internals are not in its types
engine.holdSearches = true; // error: nor is the tests' switch
const game = document.createElement("kibitz-game");
game.addEventListener("move", (e) => e.detail.piece); // error: a move's detail has no piece
