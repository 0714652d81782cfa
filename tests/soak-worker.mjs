// Worker soak (./build.sh soak-worker): SEARCHES (1 000) searches through
// the library in headless Chromium, as a page that lives for hours drives
// it — new positions, depth, node and time limits, levels of the strength
// scale, searches stopped by stop() or an AbortSignal at a random moment —
// with terminate() and a new engine (one or two workers, in turn) every
// 100 searches. Every search must answer with a move; one that takes longer
// than STUCK_MS counts as unanswered. The renderer's memory (the workers
// run in it) is sampled at every new engine. Prints the answers by kind and
// the memory, and fails (exit 1) on an unanswered or wrong answer or on
// memory that keeps growing after the first engines (+10 %).
//   node tests/soak-worker.mjs [searches (1000)]
import { readFileSync, readdirSync } from "node:fs";
import { launchChromium } from "./chromium.mjs";
import { startNative } from "./workerd.mjs";

const SEARCHES = Number(process.argv[2] || 1000);
const PER_ENGINE = 100;
const STUCK_MS = 60_000; // far past a depth-8 or 20 000-node search on any device

// The renderers started by this process's Chromium, and their resident
// memory (Linux /proc): the engine's workers are threads of a renderer.
function rendererMB() {
  const parent = new Map();
  const renderers = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes("--type=renderer")) renderers.push(Number(name));
    } catch {
      // the process ended while the list was read
    }
  }
  const ours = (pid) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === process.pid) return true;
    return false;
  };
  let kb = 0;
  for (const pid of renderers.filter(ours)) {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    if (m) kb += Number(m[1]);
  }
  return kb / 1024;
}

const server = await startNative();
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`${server.url}/example/`);
await page.evaluate(async () => {
  window.soakLib = await import("../lib/kibitz.js");
});

const FENS = [
  "startpos",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
  "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
];
const OPENING = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8".split(" ");
// mulberry32: a small seeded generator, so that a run repeats itself.
let seed = 12345;
const random = (n) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
};

const counts = {};
const problems = [];
const memory = [];
let searched = 0;
const t0 = Date.now();
for (let round = 0; searched < SEARCHES; round++) {
  const threads = 1 + (round % 2);
  // Each search's request is drawn here, so the run repeats itself.
  const plan = [];
  for (let i = 0; i < PER_ENGINE && searched + plan.length < SEARCHES; i++) {
    const fen = FENS[random(FENS.length)];
    const req = fen === "startpos" ? { moves: OPENING.slice(0, random(OPENING.length + 1)) } : { fen };
    const kind = ["depth", "nodes", "movetime", "elo", "stop", "abort"][random(6)];
    if (kind === "depth") req.depth = 2 + random(7);
    if (kind === "nodes") req.nodes = 1000 + random(20000);
    if (kind === "movetime") req.movetime = 20 + random(80);
    if (kind === "elo") req.depth = 6;
    if (kind === "stop" || kind === "abort") req.infinite = true;
    plan.push({ kind, req, after: 5 + random(100), level: random(1000) });
  }
  const r = await page.evaluate(
    async ({ threads, plan, stuckMs }) => {
      const engine = await window.soakLib.createEngine({ threads });
      const { levels, full } = engine.strengths;
      const answers = [];
      for (const { kind, req, after, level } of plan) {
        const options = { ...req };
        if (kind === "elo") options.elo = Math.round(levels[0] + ((full - levels[0]) * level) / 1000);
        const abort = new AbortController();
        if (kind === "abort") options.signal = abort.signal;
        const started = performance.now();
        const answer = engine.search(options);
        if (kind === "stop") setTimeout(() => engine.stop(), after);
        if (kind === "abort") setTimeout(() => abort.abort(), after);
        let stuck;
        const res = await Promise.race([
          answer.then(
            (x) => ({ bestmove: x.bestmove }),
            (e) => ({ error: `${e.code}: ${e.message}` }),
          ),
          new Promise((resolve) => (stuck = setTimeout(() => resolve({ error: "unanswered" }), stuckMs))),
        ]);
        clearTimeout(stuck);
        answers.push({ kind, ms: performance.now() - started, ...res });
        if (res.error === "unanswered") break;
      }
      engine.terminate();
      return answers;
    },
    { threads, plan, stuckMs: STUCK_MS },
  );
  for (const [i, a] of r.entries()) {
    const c = (counts[a.kind] ??= { n: 0, ms: 0 });
    c.n++;
    c.ms += a.ms;
    if (a.error || !/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(a.bestmove ?? "")) {
      problems.push(`search ${searched + i} (${a.kind}, ${JSON.stringify(plan[i].req)}): ${a.error ?? a.bestmove}`);
    }
  }
  if (r.length < plan.length) problems.push(`engine ${round}: ${plan.length - r.length} searches never ran after an unanswered one`);
  searched += plan.length;
  await new Promise((res) => setTimeout(res, 500)); // the terminated workers' memory goes back
  memory.push({ searched, threads, mb: rendererMB() });
  console.log(
    `${searched} searches (${threads} worker(s) in the last engine), ${((Date.now() - t0) / 1000).toFixed(0)} s, renderer ${memory.at(-1).mb.toFixed(0)} MB`,
  );
}
await browser.close();
server.stop();

console.log(`worker soak: ${searched} searches, ${Math.round(searched / PER_ENGINE)} engines, ${((Date.now() - t0) / 60000).toFixed(1)} min`);
for (const [kind, c] of Object.entries(counts)) console.log(`  ${kind}: ${c.n} searches, mean ${(c.ms / c.n).toFixed(0)} ms`);
console.log(`  renderer memory after each engine (MB): ${memory.map((m) => m.mb.toFixed(0)).join(", ")}`);
// Compared engine for engine with the same number of workers: the first
// two engines are the warm-up.
const warm = memory.slice(2, 4);
for (const m of memory.slice(4)) {
  const base = warm.find((w) => w.threads === m.threads);
  if (base && m.mb > base.mb * 1.1)
    problems.push(`renderer memory ${m.mb.toFixed(0)} MB after ${m.searched} searches, ${base.mb.toFixed(0)} MB after ${base.searched}`);
}
if (problems.length) {
  console.log(`${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("every search answered with a move; memory flat");
