// Browser benchmark of the engine's workers (./build.sh bench-browser, after
// bench-browser.mjs): with 1, 2 … workers (BENCH_THREADS, default "1 2") in
// Chromium, through the library, the time to each depth up to 18 on the 20
// middlegames of bench-browser.mjs (the native bench's positions 7–26),
// nodes per second summed over the workers, and a review of a 40-move game
// (searchEach at depth 10) with its verdicts compared, the worker counts
// taking turns (below). Prints figures;
// fails only when a review's answers differ between worker counts. Needs
// dist/ and bin/kibitz.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import { launchChromium } from "./chromium.mjs";
import { startNative } from "./workerd.mjs";

const THREADS = (process.env.BENCH_THREADS || "1 2").split(/\s+/).filter(Boolean).map(Number);
const DEPTH = 18;
const out = execFileSync("bin/kibitz", ["bench", "--depth", "1", "-v"], { encoding: "utf8" });
const fens = out
  .split("\n")
  .filter((l) => /^\s*\d+ [a-h][1-8][a-h][1-8]/.test(l))
  .map((l) => l.trim().split(/\s+/).slice(-6).join(" "))
  .slice(6, 26);
// Fischer–Spassky 1972, game 6, as in bench-browser.mjs: its first 40 moves.
const GAME =
  "c2c4 e7e6 g1f3 d7d5 d2d4 g8f6 b1c3 f8e7 c1g5 e8g8 e2e3 h7h6 g5h4 b7b6 c4d5 f6d5 h4e7 d8e7 c3d5 e6d5 a1c1 c8e6 d1a4 c7c5 a4a3 f8c8 f1b5 a7a6 d4c5 b6c5 e1g1 a8a7 b5e2 b8d7 f3d4 e7f8 d4e6 f7e6 e3e4 d5d4 f2f4 f8e7 e4e5 c8b8 e2c4 g8h8 a3h3 d7f8 b2b3 a6a5 f4f5 e6f5 f1f5 f8h7 c1f1 e7d8 h3g3 a7e7 h2h4 b8b7 e5e6 b7c7 g3e5 d8e8 a2a4 e8d8 f1f2 d8e8 f2f3 e8d8 c4d3 d8e8 e5e4 h7f6 f5f6 g7f6 f3f6 h8g8 d3c4 g8h8".split(
    " ",
  );

/** The resident bytes of every running Chromium process (Linux /proc). */
function chromiumResidentBytes() {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!/chrom/.test(readlinkSync(`/proc/${pid}/exe`))) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // a process that ended meanwhile, or one not ours to read
    }
  }
  return total;
}

const server = await startNative();
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`${server.url}/example/`);
const cores = await page.evaluate(() => navigator.hardwareConcurrency);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// The worker counts take turns on each position (the order rotating), and
// the review runs twice for each, interleaved: a shared machine's speed
// drifts by tens of percent within a minute, and taking turns gives every
// count the same drift (below).
//
// What a worker costs in memory: the resident memory of every Chromium
// process (the workers are threads of the page's renderer), read before
// the engines and after each is ready and has searched once (its table and
// heap touched), divided by the engine's workers.
const memory = [];
let before = chromiumResidentBytes();
await page.evaluate(async () => {
  const { createEngine } = await import("../lib/kibitz.js");
  window.benchEngines = [];
  window.benchCreate = async (n) => {
    const t0 = performance.now();
    const engine = await createEngine({ threads: n });
    const startMs = performance.now() - t0;
    await engine.search({ depth: 12 });
    window.benchEngines.push({ n, engine, startMs, toDepth: [], nodes: 0, ms: 0, reviewMs: Infinity, verdicts: [] });
  };
});
for (const n of THREADS) {
  await page.evaluate((n) => window.benchCreate(n), n);
  await new Promise((r) => setTimeout(r, 500));
  const after = chromiumResidentBytes();
  memory.push({ n, bytes: after - before });
  before = after;
}
const runs = await page.evaluate(
  async ({ fens, depth, game }) => {
    const engines = window.benchEngines;
    for (const [i, fen] of fens.entries()) {
      for (let k = 0; k < engines.length; k++) {
        const e = engines[(i + k) % engines.length];
        await e.engine.newGame();
        const s = performance.now();
        const reached = {};
        const res = await e.engine.search({
          fen,
          depth,
          onInfo: (info) => info.multipv === 1 && !info.bound && (reached[info.depth] ??= performance.now() - s),
        });
        const took = performance.now() - s;
        e.toDepth.push(reached[depth] ?? took); // a completed depth: its exact line, or the answer
        e.nodes += res.nodes;
        e.ms += took;
      }
    }
    const searches = Array.from({ length: game.length + 1 }, (_, i) => ({ moves: game.slice(0, i), depth: 10 }));
    for (let round = 0; round < 2; round++) {
      for (const e of round ? [...engines].reverse() : engines) {
        await e.engine.newGame();
        const rs = performance.now();
        const review = await e.engine.searchEach(searches);
        e.reviewMs = Math.min(e.reviewMs, performance.now() - rs);
        e.verdicts = review.map((x) => `${x.bestmove} ${JSON.stringify(x.score)} ${x.nodes}`);
      }
    }
    return engines.map((e) => {
      e.engine.terminate();
      return { threads: e.n, startMs: e.startMs, toDepth: e.toDepth, nps: e.nodes / (e.ms / 1000), reviewMs: e.reviewMs, verdicts: e.verdicts };
    });
  },
  { fens, depth: DEPTH, game: GAME },
);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const rows = [];
for (const r of runs) {
  rows.push(r);
  console.log(
    `${r.threads} worker(s): ready in ${Math.round(r.startMs)} ms; depth ${DEPTH} median ${Math.round(median(r.toDepth))} ms over ${fens.length} positions (sum ${(sum(r.toDepth) / 1000).toFixed(1)} s, max ${Math.round(Math.max(...r.toDepth))}); ${Math.round(r.nps)} nodes/s summed; review of ${GAME.length / 2} moves (${GAME.length + 1} positions) at depth 10 in ${(r.reviewMs / 1000).toFixed(1)} s (the better of two)`,
  );
  if (process.env.BENCH_VERBOSE) console.log(`  ms to depth ${DEPTH}: ${r.toDepth.map(Math.round).join(" ")}`);
}
await browser.close();
server.stop();
const [one] = rows;
let differ = 0;
for (const r of rows.slice(1)) {
  const d = r.verdicts.filter((v, i) => v !== one.verdicts[i]).length;
  differ += d;
  const pairs = one.toDepth.map((t, i) => t / r.toDepth[i]);
  console.log(
    `${r.threads} against 1 worker (${cores} cores reported): depth ${DEPTH} ${(median(one.toDepth) / median(r.toDepth)).toFixed(2)}× sooner by the medians (median of the 20 ratios ${median(pairs).toFixed(2)}, sums ${(sum(one.toDepth) / sum(r.toDepth)).toFixed(2)}), ${(r.nps / one.nps).toFixed(2)}× the nodes/s, review ${(one.reviewMs / r.reviewMs).toFixed(2)}× faster, its answers ${d === 0 ? "identical" : `DIFFERENT in ${d} positions`}`,
  );
}
for (const m of memory)
  console.log(
    `memory: an engine of ${m.n} worker(s), ready and after one search, added ${(m.bytes / 2 ** 20).toFixed(1)} MiB resident to Chromium (${(m.bytes / m.n / 2 ** 20).toFixed(1)} MiB a worker${m === memory[0] ? ", with what the page's later workers share: the compiled module" : ""})`,
  );
if (differ) process.exit(1);
