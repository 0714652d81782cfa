// API latency benchmark (./build.sh bench-api): /api/bestmove at depth 8
// on the native server and on the Worker build in local workerd, and the
// cost of a request that starts a fresh Go runtime (/api/health on the
// Worker). Prints figures; run after ./build.sh native worker site.
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
  const best = [], health = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const fen of FENS) best.push(await timed(`${base}/api/bestmove?depth=8&fen=${encodeURIComponent(fen)}`));
    health.push(await timed(base + "/api/health"));
  }
  console.log(`${name}: /api/bestmove depth 8: p50 ${pct(best, 0.5).toFixed(1)} ms, p95 ${pct(best, 0.95).toFixed(1)} ms (${best.length} requests); /api/health p50 ${pct(health, 0.5).toFixed(1)} ms`);
}

const native = await startNative();
const worker = await startWorkerd();
try {
  await measure("native", native.url);
  await measure("workerd", worker.url);
} finally {
  native.stop();
  worker.stop();
}
