// @ts-check
// The engine worker of the standalone build (kibitz-standalone.js, the
// package's entry for a bundler that sets neither the "production" nor the
// "development" condition: esbuild, which does not follow
// new URL(…, import.meta.url), evanw/esbuild#795). Its files travel inside
// the bundle, gzip-compressed in kibitz-files.js (scripts/standalone.mjs):
// they are unpacked once a page (and kept while it lives: every engine and
// helper worker starts from them), given blob: addresses, and the worker is
// started from its own source with those addresses written in. Only the
// SIMD module is carried (every browser that unpacks gzip natively but one
// old Chrome has SIMD); the 5-man model and KBNvK, 1.4 MB more, are left
// for the build with the files beside it.
import { hasSimd } from "./wasm-choice.js";

/** @typedef {{worker: string, files: Record<string, [type: string, base64: string]>}} Packed */

/** @type {Promise<string> | null} the blob: address of the worker's script, once per page */
let unpacked = null;

/** @param {string} base64 */
function bytes(base64) {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** @param {Packed} packed @returns {Promise<string>} */
async function unpack({ worker, files }) {
  if (typeof DecompressionStream === "undefined")
    throw new Error("this browser cannot unpack the standalone build (no DecompressionStream): serve the package's files and give baseUrl");
  if (!hasSimd()) throw new Error("this browser has no WebAssembly SIMD, which the standalone build needs: serve the package's files and give baseUrl");
  /** @type {Record<string, string>} */
  const urls = {};
  await Promise.all(
    Object.entries(files).map(async ([name, [type, base64]]) => {
      const stream = new Blob([bytes(base64)]).stream().pipeThrough(new DecompressionStream("gzip"));
      urls[name] = URL.createObjectURL(await new Response(stream, { headers: { "content-type": type } }).blob());
    }),
  );
  // The worker names each file as kibitzFile("./name"); a file left out is null.
  const source = `const kibitzFiles = ${JSON.stringify(urls)}; const kibitzFile = (name) => kibitzFiles[name] ?? null;\n${worker}`;
  return URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
}

/**
 * A Worker whose script is still being unpacked: what is posted meanwhile
 * waits, in order, and a failure to unpack is an error event.
 */
class StandaloneWorker extends EventTarget {
  constructor() {
    super();
    /** @type {Worker | null} */
    this.real = null;
    /** @type {[unknown, Transferable[]][]} */
    this.queue = [];
    this.ended = false;
    unpacked ??= import("./kibitz-files.js").then((m) => unpack(m));
    unpacked.then(
      (url) => {
        if (this.ended) return;
        /** @type {Worker} */
        let real;
        try {
          real = new Worker(url, { type: "module" });
        } catch (err) {
          // A Content-Security-Policy without blob: workers refuses it here.
          const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
          this.dispatchEvent(
            new ErrorEvent("error", {
              message: `the standalone engine's worker (a blob: address) could not be started: ${why} (a Content-Security-Policy needs worker-src blob: and connect-src blob: for it)`,
            }),
          );
          return;
        }
        let started = false;
        real.addEventListener("message", (e) => {
          started = true;
          this.dispatchEvent(new MessageEvent("message", { data: e.data }));
        });
        // A worker that never ran says nothing of why; from a blob: address
        // and with its files unpacked, what stops it is the page's policy.
        const refused =
          "the standalone engine's worker (a blob: address) did not start: a Content-Security-Policy without worker-src blob: and connect-src blob: stops it";
        real.addEventListener("error", (e) => this.dispatchEvent(new ErrorEvent("error", { message: e.message || (started ? "" : refused) })));
        for (const [msg, transfer] of this.queue) real.postMessage(msg, transfer);
        this.queue = [];
        this.real = real;
      },
      (err) =>
        this.dispatchEvent(new ErrorEvent("error", { message: `the standalone engine did not start: ${err instanceof Error ? err.message : String(err)}` })),
    );
  }

  /** @param {unknown} msg @param {Transferable[]} [transfer] */
  postMessage(msg, transfer = []) {
    if (this.real) this.real.postMessage(msg, transfer);
    else this.queue.push([msg, transfer]);
  }

  terminate() {
    this.ended = true;
    this.real?.terminate();
  }
}

/** @returns {Worker} the standalone build's engine worker */
export const standaloneWorker = () => /** @type {Worker} */ (/** @type {unknown} */ (new StandaloneWorker()));
