// The library (static/kibitz.js), which is also the page's engine client,
// against a stand-in worker that, like the real one, refuses a search while
// another runs: every path that starts a search first stops and waits for
// the running one; the worker's refusals and failures become KibitzErrors.
import { test } from "node:test";
import assert from "node:assert/strict";

class FakeWorker extends EventTarget {
  constructor() {
    super();
    this.running = null; // the id of the search running
    this.refused = []; // requests refused because a search was running
    this.searches = 0;
    this.sent = []; // every search request as the worker received it
    setTimeout(() => this.emit({ type: "ready", version: "fake", backend: "scalar", strengths: { levels: [], full: 2250, depths: [] } }));
  }
  emit(data) {
    const e = new Event("message");
    e.data = data;
    this.dispatchEvent(e);
  }
  postMessage(msg) {
    setTimeout(() => this.handle(msg), 1); // a worker answers later, in order
  }
  handle(msg) {
    switch (msg.type) {
      case "search":
        if (this.running !== null) {
          this.refused.push(msg.id);
          this.emit({ type: "error", id: msg.id, message: "a search is running; stop it first" });
          return;
        }
        this.searches++;
        this.sent.push(msg);
        this.running = msg.id;
        this.emit({ type: "info", id: msg.id, info: { depth: 1 } }); // and it runs until stopped
        break;
      case "stop":
        if (this.running !== null) {
          const id = this.running;
          setTimeout(() => {
            if (this.running !== id) return; // a second stop for the same search
            this.running = null;
            this.emit({ type: "bestmove", id, result: { bestmove: "e2e4", depth: 1 } });
          }, 5);
        }
        break;
      case "newgame":
        this.emit(this.running === null ? { type: "done", id: msg.id } : { type: "error", id: msg.id, message: "a search is running; stop it first" });
        break;
      case "check":
      case "evaluate":
        if (msg.fen.split(" ").length !== 6) {
          this.emit({ type: "error", id: msg.id, message: "a FEN has six fields", code: "invalid-position" });
        } else {
          this.emit(msg.type === "check" ? { type: "done", id: msg.id } : { type: "evaluation", id: msg.id, evaluation: { classical: 5, nnue: 7 } });
        }
        break;
      case "hash":
        this.emit(msg.mb > 1024 ? { type: "error", id: msg.id, message: "hash must be 1..1024", code: "invalid-request" } : { type: "done", id: msg.id });
        break;
      case "crash":
        this.dispatchEvent(Object.assign(new Event("error"), { message: "boom" }));
        break;
    }
  }
}
globalThis.Worker = FakeWorker;

// until resolves once cond() holds, looking again after each turn of the
// timers the stand-in worker answers on: what a test waits for is an event,
// never a length of time.
async function until(cond, what) {
  for (let turn = 0; turn < 10000; turn++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 0));
  }
  assert.fail(`never came: ${what}`);
}
const { KibitzEngine, KibitzError, createEngine } = await import("../static/kibitz.js");

test("searches started in quick succession never reach the worker together, and the last one runs", async () => {
  const client = new KibitzEngine({ workerUrl: "fake.js" });
  await client.ready;
  const first = client.search({ depth: 64 }); // an analysis: runs until stopped
  await until(() => client.worker.running !== null, "the first search runs");
  // Two more at once (← pressed twice quickly): each must wait for the one before.
  const second = client.search({ depth: 64 });
  const third = client.search({ depth: 64 });
  await first;
  await second;
  await until(() => client.worker.searches === 3, "the third search reaches the worker");
  assert.deepEqual(client.worker.refused, [], "a search was sent while another ran");
  assert.ok(client.searching, "the last search is running");
  client.stop();
  assert.equal((await third).bestmove, "e2e4");
  assert.equal(client.searching, false);
  await client.newGame(); // the engine is usable afterwards
  assert.deepEqual(client.worker.refused, []);
  assert.equal(client.worker.searches, 3);
});

test("a new game while a search runs stops it first", async () => {
  const client = new KibitzEngine({ workerUrl: "fake.js" });
  await client.ready;
  const running = client.search({ depth: 64 });
  await until(() => client.worker.running !== null, "the search reached the worker");
  await client.newGame();
  await running;
  assert.deepEqual(client.worker.refused, []);
});

test("holdSearches: every search is sent as infinite, with its position and lines but none of its limits", async () => {
  const client = new KibitzEngine({ workerUrl: "fake.js" });
  await client.ready;
  client.holdSearches = true;
  const held = client.search({ fen: "startpos", moves: ["e2e4"], depth: 3, movetime: 100, elo: 1200, wtime: 1000, multipv: 2 });
  await until(() => client.worker.running !== null, "the search reached the worker");
  assert.ok(client.searching, "the held search runs until stopped");
  client.stop();
  await held;
  client.holdSearches = false;
  const free = client.search({ depth: 3 });
  await until(() => client.worker.sent.length === 2, "the second search reached the worker");
  client.stop();
  await free;
  const { id: id1, ...first } = client.worker.sent[0];
  const { id: id2, ...second } = client.worker.sent[1];
  assert.ok(id1 < id2);
  assert.deepEqual(first, { type: "search", fen: "startpos", moves: ["e2e4"], multipv: 2, infinite: true });
  assert.deepEqual(second, { type: "search", depth: 3 });
});

test("refusals are KibitzErrors that say what was wrong; check and evaluate answer", async () => {
  const engine = await createEngine({ workerUrl: "fake.js" });
  assert.equal(await engine.check("8/8/8/8/8/8/8/K6k w - - 0 1"), null);
  assert.equal(await engine.check("not a fen"), "a FEN has six fields");
  assert.deepEqual(await engine.evaluate("8/8/8/8/8/8/8/K6k w - - 0 1"), { classical: 5, nnue: 7 });
  await assert.rejects(engine.evaluate("nonsense"), (err) => err instanceof KibitzError && err.code === "invalid-position");
  await assert.rejects(engine.setHash(4096), (err) => err instanceof KibitzError && err.code === "invalid-request" && /1\.\.1024/.test(err.message));
  await engine.setHash(64);
});

test("an abort signal stops the search, which still answers", async () => {
  const engine = await createEngine({ workerUrl: "fake.js" });
  const ctl = new AbortController();
  const infos = [];
  const running = engine.search({ infinite: true, signal: ctl.signal, onInfo: (i) => infos.push(i) });
  await until(() => infos.length === 1, "the search's first info");
  ctl.abort();
  assert.equal((await running).bestmove, "e2e4");
  assert.deepEqual(infos, [{ depth: 1 }]);
  const sent = engine.worker.sent[0];
  assert.equal("onInfo" in sent || "signal" in sent, false, "callbacks are not sent to the worker");
});

test("terminate rejects what waits, and every later call, with code terminated", async () => {
  const engine = await createEngine({ workerUrl: "fake.js" });
  engine.worker.terminate = () => {};
  const running = engine.search({ infinite: true });
  await until(() => engine.worker.running !== null, "the search reached the worker");
  engine.terminate();
  await assert.rejects(running, (err) => err.code === "terminated");
  await assert.rejects(engine.search({ depth: 1 }), (err) => err.code === "terminated");
  await assert.rejects(engine.newGame(), (err) => err.code === "terminated");
  assert.equal(engine.searching, false);
});

test("a worker that fails is never a wedged engine: what waits rejects (crashed)", async () => {
  const engine = await createEngine({ workerUrl: "fake.js" });
  const running = engine.search({ infinite: true });
  await until(() => engine.worker.running !== null, "the search reached the worker");
  engine.worker.postMessage({ type: "crash" });
  await assert.rejects(running, (err) => err.code === "crashed" && err.message === "boom");
  await assert.rejects(engine.evaluate("8/8/8/8/8/8/8/K6k w - - 0 1"), (err) => err.code === "crashed");
});

test("a worker that cannot start rejects createEngine with load-failed", async () => {
  class Fatal extends FakeWorker {
    emit(data) {
      super.emit(data.type === "ready" ? { type: "fatal", message: "no WebAssembly" } : data);
    }
  }
  globalThis.Worker = Fatal;
  try {
    await assert.rejects(
      createEngine({ workerUrl: "fake.js" }),
      (err) => err instanceof KibitzError && err.code === "load-failed" && err.message === "no WebAssembly",
    );
  } finally {
    globalThis.Worker = FakeWorker;
  }
});

// Every order of search() and stop() calls, in one tick, a tick apart or a
// few milliseconds apart (while the earlier search stops): a stop() stops
// every search asked for before it, whether it runs yet or still waits for
// the one before it; only a search asked for after the last stop() may be
// left running.
test("a stop() is never lost, whatever the order of search and stop", { timeout: 60000 }, async () => {
  const client = new KibitzEngine({ workerUrl: "fake.js" });
  await client.ready;
  const steps = ["search", "stop", "tick", "wait"];
  const orders = [[]];
  // All orders of four steps (a shorter one is one of them with ticks).
  for (let n = 0; n < 4; n++) for (const o of orders.splice(0)) for (const s of steps) orders.push([...o, s]);
  let tried = 0;
  for (const order of orders) {
    if (!order.includes("search")) continue;
    tried++;
    const answers = [];
    for (const step of order) {
      if (step === "search") answers.push(client.search({ infinite: true }));
      else if (step === "stop") client.stop();
      else await new Promise((r) => setTimeout(r, step === "tick" ? 0 : 5));
    }
    // Every search before the last was stopped (by a stop() or by the next
    // search) and answers by itself; so does the last when a stop() came
    // after it — a lost stop() would leave its answer waiting forever.
    const wantRunning = order.lastIndexOf("search") > order.lastIndexOf("stop");
    await Promise.all(wantRunning ? answers.slice(0, -1) : answers);
    if (wantRunning) await until(() => client.worker.running !== null, `${order.join(" ")}: the last search runs`);
    assert.equal(client.searching, wantRunning, `${order.join(" ")}: searching ${client.searching}`);
    client.stop();
    const results = await Promise.all(answers);
    assert.ok(
      results.every((r) => r.bestmove === "e2e4"),
      `${order.join(" ")}: every search answers`,
    );
    assert.equal(client.searching, false);
    assert.deepEqual(client.worker.refused, [], `${order.join(" ")}: no search was sent while another ran`);
  }
  assert.equal(tried, 4 ** 4 - 3 ** 4);
});
