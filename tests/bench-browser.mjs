// Browser benchmark (./build.sh bench-browser): Kibitz's wasm engine in
// Chromium against the native build and against Stockfish's npm "lite
// single-threaded" build in the same browser; think time per depth; page
// weight. Prints figures; asserts only that wasm and native agree node for
// node. Needs dist/ and bin/kibitz.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { launchChromium } from "./chromium.mjs";
import { freePort } from "./workerd.mjs";

const DEPTH = parseInt(process.env.BENCH_DEPTH || "9", 10);
const SF_VERSION = "19.0.0";

// The bench positions and native figures, from the native binary.
const nativeOut = execFileSync("bin/kibitz", ["bench", "--depth", String(DEPTH), "-v"], { encoding: "utf8" });
// A position's line starts with its index and a move; bench's closing line
// ("N nodes N nps", for OpenBench) starts with a number too and is not one.
const positions = nativeOut
  .split("\n")
  .filter((l) => /^\s*\d+ [a-h][1-8][a-h][1-8]/.test(l))
  .map((l) => {
    const f = l.trim().split(/\s+/); // index, move, score (one or two words), nodes, six FEN fields
    return { nodes: Number(f[f.length - 7]), fen: f.slice(-6).join(" ") };
  });
const nativeNps = Number(nativeOut.match(/Nodes\/second\s*:\s*(\d+)/)[1]);

// Stockfish lite single-threaded, fetched once into a cache (not a project dependency).
const cache = join(tmpdir(), `kibitz-bench-stockfish-${SF_VERSION}`);
if (!existsSync(join(cache, "package/bin/stockfish-19-lite-single.wasm"))) {
  mkdirSync(cache, { recursive: true });
  execFileSync("npm", ["pack", `stockfish@${SF_VERSION}`, "--silent"], { cwd: cache, stdio: "ignore" });
  execFileSync("tar", ["xzf", `stockfish-${SF_VERSION}.tgz`, "package/bin/stockfish-19-lite-single.js", "package/bin/stockfish-19-lite-single.wasm"], {
    cwd: cache,
  });
}
const site = mkdtempSync(join(tmpdir(), "kibitz-bench-site-"));
cpSync("dist", site, { recursive: true });
for (const f of ["stockfish-19-lite-single.js", "stockfish-19-lite-single.wasm"]) cpSync(join(cache, "package/bin", f), join(site, f));

const port = await freePort();
const server = spawn("bin/kibitz", ["serve", "--addr", `127.0.0.1:${port}`, "--dir", site], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const base = `http://127.0.0.1:${port}/`;
const browser = await launchChromium();
const page = await browser.newPage();
const loaded = [];
page.on("response", async (r) => {
  try {
    const body = await r.body();
    loaded.push({ url: r.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  } catch {
    // redirects and the like have no body
  }
});
// Time to interactive, from the page's own clock (navigation start = 0):
// the board's pieces drawn, then the engine ready to play.
await page.addInitScript(() => {
  const seen = new MutationObserver(() => {
    if (!window.boardAt && document.querySelector("#board svg g[data-piece]")) window.boardAt = performance.now();
    if (!window.engineAt && document.getElementById("engine-version")?.textContent) window.engineAt = performance.now();
  });
  document.addEventListener("DOMContentLoaded", () => seen.observe(document.body, { subtree: true, childList: true, characterData: true }));
});
await page.goto(base);
await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
const [boardMs, engineMs] = (await page.evaluate(() => [window.boardAt, window.engineAt])).map(Math.round);
await page.waitForTimeout(500);
const weight = loaded.filter((x) => x.url.startsWith(base));

// Kibitz in its worker: every bench position at DEPTH from a fresh game.
const manifest = JSON.parse(readFileSync("dist/manifest.json", "utf8"));
const workerUrl = manifest["engine-worker.js"];
// The worker picks the SIMD module in this Chromium; ?wasm=scalar forces
// the scalar one, measured second for comparison.
const benchWorker = (url, withTimes) =>
  page.evaluate(
    async ({ positions, depth, workerUrl, withTimes }) => {
      // A module worker, as the library starts it; one that fails to load
      // says so rather than leaving the bench waiting.
      const w = new Worker(workerUrl, { type: "module" });
      const backend = await new Promise((resolve, reject) => {
        w.addEventListener("message", (e) =>
          e.data.type === "ready" ? resolve(e.data.backend) : e.data.type === "fatal" && reject(new Error(e.data.message)),
        );
        w.addEventListener("error", (e) => reject(new Error(`the engine worker ${workerUrl} did not load: ${e.message || "an error event"}`)));
      });
      let nextId = 1; // the worker's protocol wants integer ids
      const call = (msg) =>
        new Promise((resolve) => {
          const id = nextId++;
          const on = (e) => {
            if (e.data.id !== id) return;
            if (e.data.type === "bestmove" || e.data.type === "done" || e.data.type === "error") {
              w.removeEventListener("message", on);
              resolve(e.data);
            }
          };
          w.addEventListener("message", on);
          w.postMessage({ ...msg, id });
        });
      const out = [];
      for (const p of positions) {
        await call({ type: "newgame" });
        const t0 = performance.now();
        const r = await call({ type: "search", fen: p.fen, depth });
        if (r.type !== "bestmove") throw new Error(`${p.fen}: ${r.type} ${r.message}`);
        out.push({ nodes: r.result.nodes, ms: performance.now() - t0 });
      }
      // Think time per depth on 20 middlegame positions: one search to depth
      // 18 each from a fresh game, timing the report of every iteration.
      const times = {};
      for (const p of withTimes ? positions.slice(6, 26) : []) {
        await call({ type: "newgame" });
        const t0 = performance.now();
        const onInfo = (e) => {
          if (e.data.type === "info" && e.data.info.multipv === 1) (times[e.data.info.depth] ??= []).push(performance.now() - t0);
        };
        w.addEventListener("message", onInfo);
        await call({ type: "search", fen: p.fen, depth: 18 });
        w.removeEventListener("message", onInfo);
      }
      w.terminate();
      return { out, times, backend };
    },
    { positions, depth: DEPTH, workerUrl: url, withTimes },
  );
const kib = await benchWorker(workerUrl, true);
const scalar = await benchWorker(workerUrl + "?wasm=scalar", false);

// A full review of a 41-move game (Fischer–Spassky, 1972, game 6) at
// depth 10 on the page: from the click to the graph.
const REVIEW_PGN = `[White "Fischer"]\n[Black "Spassky"]\n[Result "1-0"]\n\n1. c4 e6 2. Nf3 d5 3. d4 Nf6 4. Nc3 Be7 5. Bg5 O-O 6. e3 h6 7. Bh4 b6 8. cxd5 Nxd5 9. Bxe7 Qxe7 10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 13. Qa3 Rc8 14. Bb5 a6 15. dxc5 bxc5 16. O-O Ra7 17. Be2 Nd7 18. Nd4 Qf8 19. Nxe6 fxe6 20. e4 d4 21. f4 Qe7 22. e5 Rb8 23. Bc4 Kh8 24. Qh3 Nf8 25. b3 a5 26. f5 exf5 27. Rxf5 Nh7 28. Rcf1 Qd8 29. Qg3 Re7 30. h4 Rbb7 31. e6 Rbc7 32. Qe5 Qe8 33. a4 Qd8 34. R1f2 Qe8 35. R2f3 Qd8 36. Bd3 Qe8 37. Qe4 Nf6 38. Rxf6 gxf6 39. Rxf6 Kg8 40. Bc4 Kh8 41. Qf4 1-0`;
await page.locator("summary", { hasText: "PGN / FEN" }).click();
await page.locator("#import-text").fill(REVIEW_PGN);
await page.locator("#import").click();
await page.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length === 81);
await page.locator("#review-depth").selectOption("10");
const reviewStart = Date.now();
await page.locator("#review").click();
await page.waitForFunction(() => !document.getElementById("review-graph").hasAttribute("hidden"), null, { timeout: 600000 });
const reviewMs = Date.now() - reviewStart;
const reviewMarks = await page.locator("#review-list li.verdict").count();

// Kibitz against Stockfish lite single-threaded, paired: on each of ten
// positions, one second of Kibitz (its worker, SIMD module) and then one
// second of Stockfish, from a fresh game each, for ROUNDS rounds. This
// machine's speed drifts by tens of percent within minutes, so only
// searches run next to each other are compared: the ratio of each pair,
// and their median.
const ROUNDS = parseInt(process.env.BENCH_ROUNDS || "3", 10);
const pairs = await page.evaluate(
  async ({ fens, workerUrl, rounds }) => {
    const sf = new Worker("stockfish-19-lite-single.js");
    const lines = [];
    let waiter = null;
    sf.onmessage = (e) => {
      lines.push(String(e.data));
      if (waiter && waiter.test(String(e.data))) {
        const r = waiter.resolve;
        waiter = null;
        r();
      }
    };
    const until = (re) => new Promise((resolve) => (waiter = { test: (s) => re.test(s), resolve }));
    sf.postMessage("uci");
    await until(/^uciok/);
    const kib = new Worker(workerUrl, { type: "module" });
    await new Promise((r) => kib.addEventListener("message", (e) => e.data.type === "ready" && r()));
    let nextId = 1; // the worker's protocol wants integer ids
    const call = (msg) =>
      new Promise((resolve) => {
        const id = nextId++;
        const on = (e) => {
          if (e.data.id !== id || !["bestmove", "done", "error"].includes(e.data.type)) return;
          kib.removeEventListener("message", on);
          resolve(e.data);
        };
        kib.addEventListener("message", on);
        kib.postMessage({ ...msg, id });
      });
    const out = [];
    for (let round = 0; round < rounds; round++) {
      for (const fen of fens) {
        await call({ type: "newgame" });
        const r = await call({ type: "search", fen, movetime: 1000 });
        if (r.type !== "bestmove") throw new Error(`${fen}: ${r.type} ${r.message}`);
        const kibNps = r.result.nodes / (r.result.time / 1000);
        sf.postMessage("ucinewgame");
        sf.postMessage("position fen " + fen);
        lines.length = 0;
        sf.postMessage("go movetime 1000");
        await until(/^bestmove/);
        const info = lines.filter((l) => / nps /.test(l)).pop();
        out.push({ round, kib: kibNps, sf: Number(info.match(/ nps (\d+)/)[1]) });
      }
    }
    sf.terminate();
    kib.terminate();
    return out;
  },
  { fens: positions.slice(0, 10).map((p) => p.fen), workerUrl, rounds: ROUNDS },
);

await browser.close();
server.kill();
rmSync(site, { recursive: true, force: true });

// The page probes its endgame tables (the .ktb files of dist/manifest.json),
// which the native bench does not have: positions they cover search
// differently by design.
const pageTables = new Set(
  Object.keys(manifest)
    .filter((f) => /\.(ktb|kwdl)$/.test(f))
    .map((f) => f.replace(/\.ktb$/, "")),
);
const signature = (fen) => {
  const men = (side) =>
    "KQRBNP"
      .split("")
      .map((t) => t.repeat([...fen.split(" ")[0]].filter((c) => c === (side ? t : t.toLowerCase())).length))
      .join("");
  return [`${men(true)}v${men(false)}`, `${men(false)}v${men(true)}`];
};
// It also fetches its endgame model at five or six men (engine-worker.js).
const men = (fen) => [...fen.split(" ")[0]].filter((c) => /[a-z]/i.test(c)).length;
const inTables = (fen) => signature(fen).some((sig) => pageTables.has(sig)) || (pageTables.has("endgame.kwdl") && men(fen) >= 5 && men(fen) <= 6);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quartile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)];
const mismatches = positions.filter((p, i) => !inTables(p.fen) && (p.nodes !== kib.out[i].nodes || p.nodes !== scalar.out[i].nodes)).length;
const nps = (run) => run.out.reduce((s, x) => s + x.nodes, 0) / (run.out.reduce((s, x) => s + x.ms, 0) / 1000);
const wasmNps = nps(kib);
const scalarNps = nps(scalar);
const tabled = positions.filter((p) => inTables(p.fen)).length;
console.log(
  `bench positions: ${positions.length}, depth ${DEPTH}; wasm node counts (both modules) equal to native: ${mismatches === 0 ? "yes" : `NO (${mismatches} differ)`}` +
    (tabled ? ` (${tabled} position(s) the page's endgame tables cover left out: the page probes them, the native bench does not)` : ""),
);
positions.forEach((p, i) => {
  if (p.nodes !== kib.out[i].nodes || p.nodes !== scalar.out[i].nodes) {
    console.log(
      `  position ${i + 1} (${p.fen}${inTables(p.fen) ? ", in the page's tables" : ""}): native ${p.nodes} nodes, SIMD module ${kib.out[i].nodes}, scalar module ${scalar.out[i].nodes}`,
    );
  }
});
console.log(`Kibitz native:   ${Math.round(nativeNps)} nps`);
console.log(`Kibitz wasm:     ${Math.round(wasmNps)} nps in Chromium (${(wasmNps / nativeNps).toFixed(2)} of native), net kernels ${kib.backend}`);
console.log(
  `Kibitz wasm:     ${Math.round(scalarNps)} nps in Chromium (${(scalarNps / nativeNps).toFixed(2)} of native), net kernels ${scalar.backend} (the fallback module)`,
);
const sum = (xs) => xs.reduce((s, x) => s + x, 0);
const ratios = pairs.map((x) => x.kib / x.sf);
console.log(`Kibitz vs Stockfish ${SF_VERSION} lite single-threaded, 1 s each in turn on 10 positions × ${ROUNDS} rounds (${pairs.length} pairs):`);
for (let r = 0; r < ROUNDS; r++) {
  const round = pairs.filter((x) => x.round === r);
  console.log(
    `  round ${r + 1}: Kibitz ${Math.round(sum(round.map((x) => x.kib)) / round.length)} nps, Stockfish ${Math.round(sum(round.map((x) => x.sf)) / round.length)} nps, ratio ${(sum(round.map((x) => x.kib)) / sum(round.map((x) => x.sf))).toFixed(2)}`,
  );
}
console.log(
  `  Kibitz/Stockfish: median of the ${pairs.length} pairs ${median(ratios).toFixed(2)} (quartiles ${quartile(ratios, 0.25).toFixed(2)}–${quartile(ratios, 0.75).toFixed(2)}), of the sums ${(sum(pairs.map((x) => x.kib)) / sum(pairs.map((x) => x.sf))).toFixed(2)}`,
);
for (const d of [10, 12])
  console.log(
    `median time to depth ${d} over 20 middlegame positions: ${Math.round(median(kib.times[d]))} ms (max ${Math.round(Math.max(...kib.times[d]))} ms)`,
  );
console.log(`review of a 41-move game (82 positions) at depth 10: ${(reviewMs / 1000).toFixed(1)} s, ${reviewMarks} moves marked`);
console.log(
  "median ms by depth: " +
    Object.keys(kib.times)
      .map((d) => `${d}: ${Math.round(median(kib.times[d]))}`)
      .join(", "),
);
console.log(`time to interactive (local server, cold cache): board drawn after ${boardMs} ms, engine ready after ${engineMs} ms`);
console.log(`page weight: ${weight.length} files, ${weight.reduce((s, x) => s + x.raw, 0)} bytes raw, ${weight.reduce((s, x) => s + x.gzip, 0)} bytes gzip`);
for (const x of weight.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${x.url.slice(base.length) || "/"}: ${x.raw} raw, ${x.gzip} gzip`);
if (mismatches) process.exit(1);
