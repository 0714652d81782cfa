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

async function fetch(req, env, ctx) {
  if (!running || (await running).go.exited) {
    running = start(env, ctx);
    running.catch(() => (running = null));
  }
  let binding;
  try {
    ({ binding } = await running);
  } catch (e) {
    return Response.json({ error: String(e.message ?? e) }, { status: 500 });
  }
  return binding.handleRequest(req);
}

export default { fetch };
