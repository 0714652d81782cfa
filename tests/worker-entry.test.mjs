// The Worker's entry point (web/worker/worker.mjs) under Node, with the Go
// glue and the module loader replaced by stubs: one Go program per
// isolate, a program that dies while starting fails the request at once
// with a JSON error, and the next request starts it again.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// A module that imports workers.ready and calls it from its start
// function, as the Go program does once its handler is set.
const CALLS_READY = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00, // magic, version
  0x01,
  0x04,
  0x01,
  0x60,
  0x00,
  0x00, // one type: () → ()
  0x02,
  0x11,
  0x01,
  0x07,
  ...Buffer.from("workers"),
  0x05,
  ...Buffer.from("ready"),
  0x00,
  0x00, // import workers.ready
  0x08,
  0x01,
  0x00, // start: call it
]);
const SILENT = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

// entry copies worker.mjs beside stubs: failures is how many starts exit
// before they are ready; globalThis.stats counts module loads and answers.
const dirs = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function entry(failures) {
  const dir = mkdtempSync(join(tmpdir(), "kibitz-entry-"));
  dirs.push(dir);
  copyFileSync("web/worker/worker.mjs", join(dir, "worker.mjs"));
  writeFileSync(
    join(dir, "wasm_exec.js"),
    `
globalThis.Go = class {
  constructor() { this.importObject = {}; this.exited = false; }
  run(instance, ctx) {
    if (globalThis.stats.failing > 0) {
      globalThis.stats.failing--;
      this.exited = true;
      return Promise.resolve();
    }
    ctx.binding.handleRequest = async () => new Response("answer " + ++globalThis.stats.answers);
    return new Promise(() => {}); // serves until the isolate goes away
  }
};`,
  );
  writeFileSync(
    join(dir, "runtime.mjs"),
    `
const ready = new Uint8Array([${CALLS_READY}]), silent = new Uint8Array([${SILENT}]);
export async function loadModule() {
  globalThis.stats.loads++;
  return new WebAssembly.Module(globalThis.stats.failing > 0 ? silent : ready);
}
export function createRuntimeContext(c) { return c; }`,
  );
  globalThis.stats = { loads: 0, answers: 0, failing: failures };
  return (await import(pathToFileURL(join(dir, "worker.mjs")))).default;
}

const req = () => new Request("http://worker/api/health");

test("one Go program serves the isolate's requests, concurrent ones included", { timeout: 10000 }, async () => {
  const worker = await entry(0);
  const answers = await Promise.all([worker.fetch(req()), worker.fetch(req())]);
  const third = await worker.fetch(req());
  assert.deepEqual(
    answers.map((r) => r.status),
    [200, 200],
  );
  assert.equal(await third.text(), "answer 3");
  assert.equal(globalThis.stats.loads, 1);
});

test("a program that dies while starting fails the request at once; the next one starts again", { timeout: 10000 }, async () => {
  const worker = await entry(1);
  // "At once": the exit itself fails the request (the error says so), not a timeout.
  const failed = await worker.fetch(req());
  assert.equal(failed.status, 500);
  assert.match((await failed.json()).error, /exited while starting/);
  const next = await worker.fetch(req());
  assert.equal(next.status, 200);
  assert.equal(globalThis.stats.loads, 2);
});
