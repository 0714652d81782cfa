// Several engine workers (the library's `threads`, the page's Cores):
// a search of them all, a review spread over them with the answers of one,
// a worker lost in the middle of a search, and no special headers needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, base, browser, fillImport, openSettings, closeSettings } from "./page.mjs";

test("two workers search together without cross-origin isolation, and the page's Cores picks them", async (t) => {
  const res = await fetch(base);
  for (const h of ["cross-origin-opener-policy", "cross-origin-embedder-policy"]) assert.equal(res.headers.get(h), null, `${h} is sent`);
  const page = await open(t, "?threads=2");
  assert.equal(await page.evaluate(() => window.crossOriginIsolated), false);
  assert.equal(await page.evaluate(() => window.kibitz.engine.threads), 2);
  assert.equal(await page.locator("#threads").inputValue(), "2");
  const r = await page.evaluate(async () => {
    const infos = [];
    const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    const result = await window.kibitz.engine.search({ fen, depth: 11, onInfo: (i) => infos.push(i) });
    return { result, last: infos.at(-1) };
  });
  assert.match(r.result.bestmove, /^[a-h][1-8][a-h][1-8]$/);
  assert.ok(r.result.depth >= 11, `depth ${r.result.depth}`);
  // The answer counts both workers' nodes; the reports only the first's.
  assert.ok(r.result.nodes > r.last.nodes, `answer ${r.result.nodes} nodes, the first worker's last report ${r.last.nodes}`);
  // Back to one from the settings: the engine follows, and remembers.
  await openSettings(page);
  await page.locator("#threads").selectOption("1");
  await closeSettings(page);
  await page.waitForFunction(() => window.kibitz.engine.threads === 1);
  await page.goto(base);
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  assert.equal(await page.evaluate(() => window.kibitz.engine.threads), 1);
  assert.equal(await page.locator("#threads").inputValue(), "1");
});

test("a review with two workers gives the verdicts of one", async (t) => {
  const PGN = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1";
  const review = async (threads) => {
    const page = await open(t, `?threads=${threads}`);
    await page.locator("summary", { hasText: "PGN / FEN" }).click();
    await fillImport(page, PGN);
    await page.locator("#import").click();
    await page.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length === 14);
    await page.locator("#review-depth").selectOption("8");
    await page.locator("#review").click();
    await page.waitForFunction(() => !document.getElementById("review-graph").hasAttribute("hidden"), null, { timeout: 120000 });
    return { list: await page.locator("#review-list").innerText(), threads: await page.evaluate(() => window.kibitz.engine.threads) };
  };
  const one = await review(1);
  const two = await review(2);
  assert.deepEqual([one.threads, two.threads], [1, 2]);
  assert.ok(one.list.length > 0);
  assert.equal(two.list, one.list, "the review's verdicts differ between one and two workers");
});

test("a worker lost in the middle of a search: the search answers, the next ones go on without it", async (t) => {
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(base + "example/");
  const out = await page.evaluate(async () => {
    const { createEngine } = await import("../lib/kibitz.js");
    const warnings = [];
    const engine = await createEngine({ threads: 2, onWarning: (m) => warnings.push(m) });
    const before = engine.threads;
    let reports = 0;
    const searching = engine.search({ infinite: true, onInfo: () => reports++ });
    while (reports < 3) await new Promise((r) => setTimeout(r, 10));
    engine.team.helpers[0].worker.terminate(); // killed: it answers nothing any more
    await new Promise((r) => setTimeout(r, 100));
    engine.stop();
    const first = await searching;
    const second = await engine.search({ depth: 6 });
    const after = engine.threads;
    engine.terminate();
    return { before, after, first: first.bestmove, second: second.bestmove, warnings };
  });
  assert.equal(out.before, 2);
  assert.match(out.first, /^[a-h][1-8][a-h][1-8]$/);
  assert.match(out.second, /^[a-h][1-8][a-h][1-8]$/);
  assert.equal(out.after, 1);
  assert.equal(out.warnings.length, 1, JSON.stringify(out.warnings));
  assert.match(out.warnings[0], /stopped answering.*the others search without it/);
});
