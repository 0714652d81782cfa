// API soak (./build.sh soak-api): a bounded number of clients send mixed
// requests to `kibitz serve` on loopback for a while — bestmove at several
// depths, eval, legal, health and bad requests — and the server's memory
// (VmRSS) is sampled every 30 s. Every request must be answered as asked
// (200, 400 for a bad one) or refused with a 503; a request that takes
// longer than the server's own caps allow counts as stuck. Prints p50/p99
// latency per kind, the RSS samples, and fails (exit 1) on a stuck or
// unexpected answer or on memory that keeps growing after warm-up.
//   node tests/soak-api.mjs [minutes (10)] [clients (8)]
import { readFileSync } from "node:fs";
import { startNative } from "./workerd.mjs";

const MINUTES = Number(process.argv[2] || 10);
const CLIENTS = Number(process.argv[3] || 8);
const STUCK_MS = 20_000; // far beyond --search-time 3s and the queue's wait

const FENS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
];
const q = (fen) => `fen=${encodeURIComponent(fen)}`;
// Each kind: how to make a request, and the statuses that are right for it.
const KINDS = {
  "bestmove d4": { url: (f) => `/api/bestmove?depth=4&${q(f)}`, ok: [200, 503] },
  "bestmove d10": { url: (f) => `/api/bestmove?depth=10&${q(f)}`, ok: [200, 503] },
  "bestmove d18": { url: (f) => `/api/bestmove?depth=18&${q(f)}`, ok: [200, 503] },
  "bestmove nodes": { url: (f) => `/api/bestmove?nodes=20000&moves=&${q(f)}`, ok: [200, 503] },
  eval: { url: (f) => `/api/eval?${q(f)}`, ok: [200, 503] },
  legal: { url: (f) => `/api/legal?${q(f)}`, ok: [200, 503] },
  health: { url: () => `/api/health`, ok: [200] },
  "bad fen": { url: () => `/api/bestmove?depth=3&fen=${encodeURIComponent("rnbqkbnr/pppppppp/8/8 w")}`, ok: [400] },
  "bad move": { url: (f) => `/api/legal?moves=e2e5&${q(f)}`, ok: [400] },
  "bad depth": { url: (f) => `/api/bestmove?depth=abc&${q(f)}`, ok: [400] },
};
const names = Object.keys(KINDS);

function rssMB(pid) {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : NaN;
}

const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN);

const server = await startNative("--search-time", "3s");
const stats = Object.fromEntries(names.map((n) => [n, { ms: [], statuses: {} }]));
const problems = [];
const end = Date.now() + MINUTES * 60_000;
let seq = 0;

async function client(id) {
  while (Date.now() < end) {
    const i = seq++;
    const kind = names[(i * 7 + id) % names.length];
    const url = server.url + KINDS[kind].url(FENS[i % FENS.length]);
    const t0 = performance.now();
    let status;
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(STUCK_MS) });
      await r.text();
      status = r.status;
    } catch (err) {
      status = err.name === "TimeoutError" ? "stuck" : `error ${err.message}`;
    }
    const ms = performance.now() - t0;
    const s = stats[kind];
    s.ms.push(ms);
    s.statuses[status] = (s.statuses[status] || 0) + 1;
    if (!KINDS[kind].ok.includes(status)) problems.push(`${kind}: ${status} after ${ms.toFixed(0)} ms (${url})`);
  }
}

const samples = [];
const sample = () => samples.push({ t: Math.round((Date.now() - (end - MINUTES * 60_000)) / 1000), rss: rssMB(server.pid) });
sample();
const sampler = setInterval(sample, 30_000);
await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
clearInterval(sampler);
sample();
server.stop();

console.log(`soak: ${MINUTES} min, ${CLIENTS} clients, ${seq} requests against kibitz serve --search-time 3s`);
for (const n of names) {
  const s = stats[n];
  console.log(
    `  ${n.padEnd(15)} ${String(s.ms.length).padStart(6)} requests  p50 ${pct(s.ms, 0.5).toFixed(1)} ms  p99 ${pct(s.ms, 0.99).toFixed(1)} ms  ${JSON.stringify(s.statuses)}`,
  );
}
console.log(`  RSS (s: MB): ${samples.map((x) => `${x.t}: ${x.rss.toFixed(0)}`).join(", ")}`);
// Memory after warm-up (the first minute) must stay flat: the last sample
// within 10 % of the first one after warm-up.
const warm = samples.find((x) => x.t >= 60) ?? samples[0];
const last = samples.at(-1);
if (last.rss > warm.rss * 1.1) problems.push(`memory grew from ${warm.rss.toFixed(0)} MB at ${warm.t} s to ${last.rss.toFixed(0)} MB`);
if (problems.length) {
  console.log(`FAILED: ${problems.length} problems\n  ${problems.slice(0, 20).join("\n  ")}`);
  process.exit(1);
}
console.log("no request stuck or answered wrongly; memory flat after warm-up");
