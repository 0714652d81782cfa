// Helpers that run the Worker bundle (web/worker/build) in workerd on a
// loopback port, with a small router in front: /api/* goes to the Go
// worker, everything else to dist/ on disk. Also starts the native server.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, copyFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export async function freePort() {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const ROUTER = `export default {
  async fetch(req, env) {
    const url = new URL(req.url);
    if (url.pathname.startsWith("/api/")) return env.API.fetch(req);
    if (url.pathname.endsWith("/")) url.pathname += "index.html";
    return env.SITE.fetch(new Request(url, req));
  },
};
`;

// waitUp polls url until it answers 200 and returns how long that answer
// took (for a Worker: the isolate's start, as the first request pays it).
async function waitUp(url, proc, what) {
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null) throw new Error(`${what} exited with ${proc.exitCode}`);
    try {
      const t0 = performance.now();
      const r = await fetch(url, { signal: AbortSignal.timeout(30000) });
      if (r.ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up`);
}

// startWorkerd returns {url, firstMs, stop}: firstMs is the first request's
// time, which starts the Go program.
export async function startWorkerd() {
  const dir = mkdtempSync(join(tmpdir(), "kibitz-workerd-"));
  for (const f of ["worker.mjs", "runtime.mjs", "wasm_exec.js", "app.wasm"]) copyFileSync(join("web/worker/build", f), join(dir, f));
  writeFileSync(join(dir, "router.mjs"), ROUTER);
  const port = await freePort();
  writeFileSync(
    join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .router),
    (name = "api", worker = .api),
    (name = "site", disk = (path = "${resolve("dist")}", writable = false)),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const router :Workerd.Worker = (
  modules = [(name = "router.mjs", esModule = embed "router.mjs")],
  bindings = [(name = "API", service = "api"), (name = "SITE", service = "site")],
  compatibilityDate = "2026-04-01",
);
const api :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "runtime.mjs", esModule = embed "runtime.mjs"),
    (name = "wasm_exec.js", esModule = embed "wasm_exec.js"),
    (name = "app.wasm", wasm = embed "app.wasm"),
  ],
  bindings = [(name = "KIBITZ_MAX_QUEUE", text = "3")],
  compatibilityDate = "2026-04-01",
);
`,
  );
  const proc = spawn("node_modules/.bin/workerd", ["serve", join(dir, "config.capnp")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  let firstMs;
  try {
    firstMs = await waitUp(url + "/api/health", proc, "workerd");
  } catch (e) {
    proc.kill();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${e.message}: ${stderr}`, { cause: e });
  }
  // workerd has read its modules by now; the directory is not needed while it serves.
  rmSync(dir, { recursive: true, force: true });
  return { url, firstMs, stop: () => proc.kill() };
}

// startNative runs "kibitz serve" on dist/ with extra flags and returns
// {url, pid, stop}.
export async function startNative(...flags) {
  const port = await freePort();
  const proc = spawn("bin/kibitz", ["serve", "--addr", `127.0.0.1:${port}`, "--dir", "dist", ...flags], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url + "/api/health", proc, "kibitz serve");
  return { url, pid: proc.pid, stop: () => proc.kill() };
}
