// The Worker's entry point, in place of the one workers-assets-gen writes:
// that one starts a fresh Go runtime for every request (about 30 ms before
// any work, and nothing kept between requests). Here an isolate starts the
// Go program once and hands it every request; the program serves until
// the isolate goes away, so the limits on deep searches hold across the
// requests an isolate handles. Should the program ever exit, the next
// request starts it again.
import "./wasm_exec.js";
import { createRuntimeContext, loadModule } from "./runtime.mjs";

globalThis.tryCatch = (fn) => {
  try {
    return { result: fn() };
  } catch (e) {
    return { error: e };
  }
};

let running = null; // {go, binding} once the program is ready

async function start(env, ctx) {
  const mod = await loadModule();
  const go = new Go();
  const binding = {};
  let ready;
  const readyPromise = new Promise((resolve) => (ready = resolve));
  const instance = new WebAssembly.Instance(mod, { ...go.importObject, workers: { ready: () => ready() } });
  const exited = go.run(instance, createRuntimeContext({ env, ctx, binding }));
  // A program that exits before it is ready (a panic while starting) must
  // fail the request at once, not leave it waiting until the runtime
  // cancels it as hung.
  await Promise.race([
    readyPromise,
    exited.then(() => {
      throw new Error("the Go program exited while starting (its log has the reason)");
    }),
  ]);
  return { go, binding };
}

// program returns the isolate's running Go program, starting it when there
// is none, when it has exited, or when its start failed (the next request
// tries again). Requests that arrive together share one start.
async function program(env, ctx) {
  const current = running;
  if (current) {
    try {
      const r = await current;
      if (!r.go.exited) return r;
    } catch {
      // its start failed: start again below
    }
  }
  if (running === current) running = start(env, ctx);
  return running;
}

async function fetch(req, env, ctx) {
  let binding;
  try {
    ({ binding } = await program(env, ctx));
  } catch (e) {
    return Response.json({ error: String(e.message ?? e) }, { status: 500 });
  }
  return binding.handleRequest(req);
}

export default { fetch };
