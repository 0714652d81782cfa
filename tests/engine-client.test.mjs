// The page's engine client (static/engine.js) against a stand-in worker
// that, like the real one, refuses a search while another runs: every
// path that starts a search first stops and waits for the running one.
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
            this.running = null;
            this.emit({ type: "bestmove", id, result: { bestmove: "e2e4", depth: 1 } });
          }, 5);
        }
        break;
      case "newgame":
        this.emit(this.running === null ? { type: "done", id: msg.id } : { type: "error", id: msg.id, message: "a search is running; stop it first" });
        break;
    }
  }
}
globalThis.Worker = FakeWorker;
const { EngineClient } = await import("../static/engine.js");

test("searches started in quick succession never reach the worker together, and the last one runs", async () => {
  const client = new EngineClient("fake.js");
  await client.ready;
  const first = client.search({ depth: 64 }); // an analysis: runs until stopped
  await new Promise((r) => setTimeout(r, 20));
  // Two more at once (← pressed twice quickly): each must wait for the one before.
  const second = client.search({ depth: 64 });
  const third = client.search({ depth: 64 });
  await first;
  await second;
  await new Promise((r) => setTimeout(r, 30));
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
  const client = new EngineClient("fake.js");
  await client.ready;
  const running = client.search({ depth: 64 });
  await new Promise((r) => setTimeout(r, 10));
  await client.newGame();
  await running;
  assert.deepEqual(client.worker.refused, []);
});

test("holdSearches: every search is sent as infinite, with its position and lines but none of its limits", async () => {
  const client = new EngineClient("fake.js");
  await client.ready;
  client.holdSearches = true;
  const held = client.search({ fen: "startpos", moves: ["e2e4"], depth: 3, movetime: 100, elo: 1200, wtime: 1000, multipv: 2 });
  await new Promise((r) => setTimeout(r, 10));
  assert.ok(client.searching, "the held search runs until stopped");
  client.stop();
  await held;
  client.holdSearches = false;
  const free = client.search({ depth: 3 });
  await new Promise((r) => setTimeout(r, 10));
  client.stop();
  await free;
  const { id: id1, ...first } = client.worker.sent[0];
  const { id: id2, ...second } = client.worker.sent[1];
  assert.ok(id1 < id2);
  assert.deepEqual(first, { type: "search", fen: "startpos", moves: ["e2e4"], multipv: 2, infinite: true });
  assert.deepEqual(second, { type: "search", depth: 3 });
});
