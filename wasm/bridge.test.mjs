// Node test of the JavaScript API the Web Worker uses: loads the real
// kibitz.wasm with Go's wasm_exec.js. Run by ./build.sh test after
// ./build.sh wasm (KIBITZ_WASM and WASM_EXEC name the files).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

const wasmPath = process.env.KIBITZ_WASM ?? "bin/kibitz.wasm";
const execPath = process.env.WASM_EXEC;
await import(execPath);

const go = new globalThis.Go();
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), go.importObject);
// The page's modules embed no net: they are handed the wire-form file
// (KIBITZ_NET), as the worker does.
if (process.env.KIBITZ_NET) globalThis.kibitzNet = new Uint8Array(readFileSync(process.env.KIBITZ_NET));
go.run(instance);
const kibitz = globalThis.kibitz;

function search(limits) {
  return new Promise((resolve, reject) => {
    const infos = [];
    const err = kibitz.search(
      limits,
      (i) => infos.push(i),
      (done) => resolve({ infos, done }),
    );
    if (err) reject(new Error(err));
  });
}

// legal says whether move can be played after moves from fen (kibitz.check
// judges without touching the engine's position).
const legal = (fen, moves, move) => kibitz.check(fen, [...moves, move]) === null;

test("exposes the API, and only it", () => {
  const api = ["newGame", "setPosition", "check", "evaluate", "needs", "search", "stop", "setHash", "loadTable", "loadModel", "join", "peerMessage"];
  for (const f of api) {
    assert.equal(typeof kibitz[f], "function", f);
  }
  const functions = Object.keys(kibitz).filter((k) => typeof kibitz[k] === "function");
  assert.deepEqual(functions.sort(), [...api].sort());
  assert.match(kibitz.version, /^kibitz/);
  // Each module runs the kernels it was built for.
  assert.equal(kibitz.backend, wasmPath.includes("simd") ? "wasm-simd128" : "scalar");
});

test("searches at a depth and reports each iteration", async () => {
  assert.equal(kibitz.setPosition("startpos", ["e2e4"]), null);
  const { infos, done } = await search({ depth: 4 });
  assert.deepEqual(
    infos.map((i) => i.depth),
    [1, 2, 3, 4],
  );
  assert.ok(legal("startpos", ["e2e4"], done.bestmove), done.bestmove);
  assert.equal(typeof infos[3].score.cp, "number");
  assert.ok(Array.isArray(infos[3].pv) && infos[3].pv.length > 0);
});

test("reports errors as strings and keeps the position", async () => {
  const fen = "8/8/8/4k3/8/8/8/KR6 w - - 0 1";
  assert.equal(kibitz.setPosition(fen, []), null);
  assert.match(kibitz.setPosition("nonsense", []), /invalid FEN/);
  assert.match(kibitz.setPosition("startpos", ["e2e5"]), /illegal move/);
  assert.match(kibitz.check("nonsense", []), /invalid FEN/);
  assert.match(kibitz.check("startpos", ["e2e5"]), /illegal move/);
  assert.equal(kibitz.check("startpos", ["e2e4", "e7e5"]), null);
  const { done } = await search({ depth: 2 });
  assert.ok(legal(fen, [], done.bestmove), `${done.bestmove} is not a move of the position set before the errors`);
  assert.match(kibitz.search({ depth: -2 }), /out of range/);
  for (const bad of [undefined, 5, "e2e4", {}]) {
    assert.equal(typeof kibitz.check("startpos", bad), bad === undefined ? "object" : "string", String(bad));
  }
});

test("evaluate: the net's and the classical verdict, each piece's worth, errors as {error}", () => {
  // 1.e4 e5 2.Qh5 Nc6 3.Qxf7+ Kxf7: White, to move, is a queen down for a pawn.
  const { evaluation: ev } = kibitz.evaluate("startpos", ["e2e4", "e7e5", "d1h5", "b8c6", "h5f7", "e8f7"]);
  assert.ok(ev.nnue < -500 && ev.classical < -500, JSON.stringify(ev));
  assert.equal(ev.pieces.length, 28);
  const knight = ev.pieces.find((p) => p.square === "c6");
  assert.equal(knight.piece, "n");
  assert.ok(knight.cp < -100, `the black knight is worth ${knight.cp} from White's view`);
  assert.match(kibitz.evaluate("nonsense", []).error, /invalid FEN/);
  assert.match(kibitz.evaluate("startpos", ["e2e5"]).error, /illegal move/);
});

test("needs: the tables a position lacks, in loading order, and the model at five or six men", () => {
  assert.equal(kibitz.setPosition("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", []), null);
  const { tables, model } = kibitz.needs();
  assert.deepEqual(tables.slice(-1), ["KPvK"]);
  assert.deepEqual([...tables].sort(), ["KPvK", "KQvK", "KRvK"]);
  assert.equal(model, false);
  assert.equal(kibitz.setPosition("startpos", []), null);
  assert.deepEqual(kibitz.needs(), { tables: [], model: false });
});

test("stop ends a deep search with a legal move", { timeout: 30000 }, async () => {
  kibitz.newGame();
  const running = search({ depth: 40 });
  setTimeout(() => kibitz.stop(), 50);
  // A stop that is not answered fails here, not at the suite's end.
  let timer;
  const { done } = await Promise.race([running, new Promise((_, fail) => (timer = setTimeout(() => fail(new Error("stop not answered within 10 s")), 10000)))]);
  clearTimeout(timer);
  assert.ok(legal("startpos", [], done.bestmove), done.bestmove);
});

test("an infinite search answers only when stopped, even after its deepest depth", { timeout: 30000 }, async () => {
  assert.equal(kibitz.setPosition("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", []), null);
  let answered = null;
  let deepest;
  const reached = new Promise((resolve) => (deepest = resolve));
  const running = new Promise((resolve) => {
    const err = kibitz.search(
      { infinite: true },
      (i) => i.depth === 100 && deepest(),
      (done) => resolve((answered = done)),
    );
    assert.equal(err, null);
  });
  await reached; // a mate in one is searched to the deepest depth at once
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(answered, null, "no answer before stop");
  kibitz.stop();
  assert.equal((await running).bestmove, "a1a8");
  assert.match(kibitz.search({ infinite: true, depth: 3 }), /infinite/);
});

test("the endgame model: asked for at five or six men, bad bytes refused, the page's model loaded", async () => {
  const krpkr = "8/8/3k4/8/3P4/2R5/6r1/3K4 w - - 0 1";
  assert.equal(kibitz.setPosition("startpos", []), null);
  assert.equal(kibitz.needs().model, false);
  assert.equal(kibitz.setPosition(krpkr, []), null);
  assert.equal(kibitz.needs().model, true);
  assert.equal(kibitz.loadModel([1, 2, 3]), "loadModel: want the model file's bytes");
  assert.equal(kibitz.loadModel(), "loadModel: want the model file's bytes");
  assert.equal(typeof kibitz.loadModel(new Uint8Array([1, 2, 3])), "string");
  assert.equal(kibitz.needs().model, true);
  assert.equal(kibitz.loadModel(new Uint8Array(readFileSync("static/endgame.kwdl"))), null);
  assert.equal(kibitz.needs().model, false);
  const { done } = await search({ depth: 4 });
  assert.ok(legal(krpkr, [], done.bestmove), done.bestmove);
});

// The module searches node for node as the native engine does: the native
// bench's first positions (each from a new game, as bench searches them),
// with the net this module was given or embeds. Middlegames only: the
// endgame files loaded above change endgame searches, by design.
test("searches node for node as the native build", async () => {
  assert.ok(existsSync("bin/kibitz"), "this test needs bin/kibitz: ./build.sh native (the test command builds it first)");
  const out = execFileSync("bin/kibitz", ["bench", "--depth", "7", "-v"], { encoding: "utf8" });
  const native = out
    .split("\n")
    .filter((l) => /^\s*\d+ [a-h][1-8][a-h][1-8]/.test(l))
    .map((l) => {
      const f = l.trim().split(/\s+/);
      return { move: f[1], nodes: Number(f[f.length - 7]), fen: f.slice(-6).join(" ") };
    })
    .filter((p) => [...p.fen.split(" ")[0]].filter((c) => /[a-z]/i.test(c)).length >= 24)
    .slice(0, 3);
  assert.equal(native.length, 3, out);
  for (const p of native) {
    assert.equal(kibitz.newGame(), null);
    assert.equal(kibitz.setPosition(p.fen, []), null);
    const { done } = await search({ depth: 7 });
    assert.deepEqual({ move: done.bestmove, nodes: done.nodes }, { move: p.move, nodes: p.nodes }, p.fen);
  }
});
