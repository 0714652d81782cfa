// The Cloudflare Worker build, run locally in workerd, answers like the
// native server. Needs ./build.sh site, worker and native first (the test
// command does that).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { startWorkerd, startNative } from "./workerd.mjs";

// The built site's content-hashed names (./build.sh site).
const manifest = JSON.parse(readFileSync("dist/manifest.json", "utf8"));

let worker, native;
before(async () => {
  // The native server reads the tables the Worker embeds (./build.sh worker).
  [worker, native] = await Promise.all([startWorkerd(), startNative("--tables", "web/worker/tables")]);
});
after(() => {
  worker?.stop();
  native?.stop();
});

const get = async (base, path) => {
  const r = await fetch(base + path);
  return { status: r.status, type: r.headers.get("content-type") || "", body: await r.text() };
};

test("health", async () => {
  const r = await get(worker.url, "/api/health");
  assert.equal(r.status, 200);
  const j = JSON.parse(r.body);
  assert.equal(j.status, "ok");
  assert.equal(j.platform, "cloudflare-workers");
  // KIBITZ_MAX_QUEUE is a binding of the test's workerd configuration.
  assert.equal(j.limits.max_queue, 3);
  assert.equal(j.limits.max_searches, 1);
});

test("one Go runtime serves the isolate's requests: what it counted stays", async () => {
  const searches = async () => JSON.parse((await get(worker.url, "/api/health")).body).searches;
  const before = await searches();
  for (let i = 0; i < 3; i++) assert.equal((await get(worker.url, "/api/bestmove?depth=2")).status, 200);
  assert.equal(await searches(), before + 3);
});

test("bestmove: the same move and node count as the native handler", async () => {
  const fen = encodeURIComponent("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  for (const q of [`?fen=${fen}&depth=6`, `?depth=5&moves=d2d4,d7d5`, `?nodes=30000`]) {
    const [w, n] = await Promise.all([get(worker.url, "/api/bestmove" + q), get(native.url, "/api/bestmove" + q)]);
    assert.equal(w.status, 200, w.body);
    const [jw, jn] = [JSON.parse(w.body), JSON.parse(n.body)];
    assert.equal(jw.bestmove, jn.bestmove, q);
    assert.equal(jw.nodes, jn.nodes, q);
    assert.deepEqual(jw.score, jn.score, q);
  }
});

test("endgame tables: the Worker embeds KQvK, KRvK and KPvK and answers from them as the native server does", async () => {
  assert.deepEqual(JSON.parse((await get(worker.url, "/api/health")).body).tables, ["KPvK", "KQvK", "KRvK"]);
  // KPvK with Black to move, a draw (the king stands in front of the pawn
  // in time), and KRvK, mate in 14.
  for (const fen of ["8/8/8/8/4k3/8/3KP3/8 b - - 0 1", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1"]) {
    const q = `?depth=4&fen=${encodeURIComponent(fen)}`;
    const [w, n] = await Promise.all([get(worker.url, "/api/bestmove" + q), get(native.url, "/api/bestmove" + q)]);
    assert.equal(w.status, 200, w.body);
    const [jw, jn] = [JSON.parse(w.body), JSON.parse(n.body)];
    assert.ok(jw.tb, `no tb field for ${fen}: ${w.body}`);
    assert.deepEqual(jw.tb, jn.tb, fen);
    assert.equal(jw.bestmove, jn.bestmove, fen);
  }
});

test("a bad FEN is a 400 with a JSON error", async () => {
  const r = await get(worker.url, "/api/bestmove?fen=rnbqkbnr%2Fpppppppp%20w");
  assert.equal(r.status, 400);
  assert.match(JSON.parse(r.body).error, /invalid FEN/);
});

test("a depth beyond the Worker's cap is refused", async () => {
  const r = await get(worker.url, "/api/bestmove?depth=20");
  assert.equal(r.status, 400);
  assert.match(JSON.parse(r.body).error, /out of range 1\.\.12/);
});

test("static files come from dist/", async () => {
  const r = await get(worker.url, "/");
  assert.equal(r.status, 200);
  assert.match(r.body, /<title>Kibitz/);
  const w = await fetch(worker.url + "/" + manifest["kibitz.wasm"]);
  assert.equal(w.status, 200);
  // Browsers compile wasm while it streams only when it comes as
  // application/wasm. On Cloudflare the assets platform sets types by
  // extension (here a local disk service stands in for it); the native
  // server sets it itself.
  const n = await fetch(native.url + "/" + manifest["kibitz.wasm"]);
  assert.equal(n.status, 200);
  assert.equal(n.headers.get("content-type"), "application/wasm");
  assert.equal(n.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.equal(n.headers.get("content-encoding"), "gzip", "fetch accepts gzip and the server sends it");
});
