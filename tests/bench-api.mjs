// API latency benchmark (./build.sh bench-api): /api/bestmove at depth 8
// on the native server and on the Worker build in local workerd, the first
// request to the Worker (which starts its Go program) and /api/health. Then a bounded load test of the native server on loopback: 200
// concurrent depth-8 requests, then 50 concurrent depth-24 requests with a
// light request and a health check sent while they run, with the server's
// memory before and after. Prints figures; run after ./build.sh native
// worker site.
import { readFileSync } from "node:fs";
import { startNative, startWorkerd } from "./workerd.mjs";

const FENS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
  "r1b2rk1/ppbn1ppp/4p3/1QP4q/3P4/N4N2/5PPP/R1B2RK1 w - - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];
const ROUNDS = 5;

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function timed(url) {
  const t0 = performance.now();
  const r = await fetch(url);
  await r.text();
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return performance.now() - t0;
}

async function measure(name, base) {
  await timed(base + "/api/health"); // warm up
  const best = [],
    health = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const fen of FENS) best.push(await timed(`${base}/api/bestmove?depth=8&fen=${encodeURIComponent(fen)}`));
    health.push(await timed(base + "/api/health"));
  }
  console.log(
    `${name}: /api/bestmove depth 8: p50 ${pct(best, 0.5).toFixed(1)} ms, p95 ${pct(best, 0.95).toFixed(1)} ms (${best.length} requests); /api/health p50 ${pct(health, 0.5).toFixed(1)} ms`,
  );
}

// rssMB reads a process's resident memory from /proc (Linux).
function rssMB(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return m ? (Number(m[1]) / 1024).toFixed(0) + " MB" : "?";
  } catch {
    return "?";
  }
}

async function request(url) {
  const t0 = performance.now();
  const r = await fetch(url);
  const body = await r.text();
  return { ms: performance.now() - t0, status: r.status, retry: r.headers.get("retry-after"), body };
}

// load runs the two bursts against a server started for it (search-time
// 3 s keeps the run short; the default is 10 s).
async function load() {
  const srv = await startNative("--search-time", "3s");
  try {
    const before = rssMB(srv.pid);
    let t0 = performance.now();
    const light = await Promise.all(
      Array.from({ length: 200 }, (_, i) => request(`${srv.url}/api/bestmove?depth=8&fen=${encodeURIComponent(FENS[i % FENS.length])}`)),
    );
    const ok = light.filter((r) => r.status === 200).length;
    const ms = light.map((r) => r.ms);
    console.log(
      `load: 200 concurrent depth-8 requests: ${ok} answered 200 in ${((performance.now() - t0) / 1000).toFixed(1)} s; latency p50 ${pct(ms, 0.5).toFixed(0)} ms, p95 ${pct(ms, 0.95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
    );
    t0 = performance.now();
    const heavy = Array.from({ length: 50 }, (_, i) => request(`${srv.url}/api/bestmove?depth=24&fen=${encodeURIComponent(FENS[i % FENS.length])}`));
    await new Promise((r) => setTimeout(r, 300));
    const [probe, health] = await Promise.all([request(`${srv.url}/api/bestmove?depth=1`), request(`${srv.url}/api/health`)]);
    const done = await Promise.all(heavy);
    const refused = done.filter((r) => r.status === 503 && r.retry).length;
    const capped = done.filter((r) => r.status === 200 && JSON.parse(r.body).capped).length;
    const full = done.filter((r) => r.status === 200 && !JSON.parse(r.body).capped).length;
    console.log(
      `load: 50 concurrent depth-24 requests: ${refused} refused (503 with Retry-After), ${capped} capped at 3 s, ${full} complete, ${50 - refused - capped - full} other; all settled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    console.log(`load: meanwhile a depth-1 request took ${probe.ms.toFixed(0)} ms (status ${probe.status}) and /api/health ${health.ms.toFixed(0)} ms`);
    console.log(`load: server memory ${before} before, ${rssMB(srv.pid)} after`);
  } finally {
    srv.stop();
  }
}

const native = await startNative();
const worker = await startWorkerd();
try {
  await measure("native", native.url);
  console.log(`workerd: the first request (the isolate starts the Go program): ${worker.firstMs.toFixed(1)} ms`);
  await measure("workerd", worker.url);
} finally {
  native.stop();
  worker.stop();
}
await load();
