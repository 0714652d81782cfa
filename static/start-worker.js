// @ts-check
// How the library (kibitz.js) starts its engine's worker, and what it says
// when the worker does not load.
import { standaloneWorker } from "./standalone.js";

const NOT_IN_A_BROWSER = "not in a browser: the engine runs in a Web Worker, and this JavaScript runtime has none (Worker is not defined)";

/**
 * Starts the engine's worker. Without baseUrl or workerUrl it is written
 * in the one form that webpack 5 and vite follow when they bundle this
 * module (they emit the worker, and the files it names, beside their
 * output); KIBITZ_WORKER is the worker's name, which the build writes in.
 * The standalone build (KIBITZ_STANDALONE) carries its files instead.
 * A worker that cannot be made (a Node.js process, an address the page's
 * origin may not load) leaves `worker` a stand-in and sets `error`.
 * @param {{baseUrl?: string | URL, workerUrl?: string | URL}} options
 * @returns {{worker: Worker, url: string, error?: string}}
 */
export function startWorker({ baseUrl, workerUrl }) {
  /** @type {string} */
  let url = "";
  try {
    if (typeof Worker === "undefined") throw NOT_IN_A_BROWSER;
    if (baseUrl === undefined && workerUrl === undefined) {
      if (KIBITZ_STANDALONE) {
        url = "(the worker built into this bundle)";
        return { worker: standaloneWorker(), url };
      }
      // The address for messages, in a form the bundlers leave alone (they
      // would emit the worker's file a second time, unbundled).
      url = new URL(KIBITZ_WORKER, `${import.meta.url}`).href;
      return { worker: new Worker(new URL(KIBITZ_WORKER, import.meta.url), { type: "module" }), url };
    }
    const here = typeof location === "undefined" ? "http://localhost/" : location.href;
    const at = workerUrl !== undefined ? new URL(workerUrl, here) : new URL(KIBITZ_WORKER, new URL(String(baseUrl).replace(/([^/])$/, "$1/"), here));
    url = at.href;
    return { worker: new Worker(at, { type: "module" }), url };
  } catch (err) {
    const error =
      err === NOT_IN_A_BROWSER
        ? err
        : `the engine worker ${url || "(no address)"} could not be started: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
    const stub = /** @type {Worker} */ (/** @type {unknown} */ ({ addEventListener() {}, postMessage() {}, terminate() {} }));
    return { worker: stub, url, error };
  }
}

/**
 * Why a worker did not load, as far as a second look at its address can
 * tell (a worker's error event says nothing): the HTTP status, or a page
 * served in its place (a host or dev server that answers every path with
 * index.html).
 * @param {string} url
 * @returns {Promise<string>}
 */
export async function loadFailure(url) {
  const head = `the engine worker ${url} did not load`;
  try {
    const r = await fetch(url);
    const type = r.headers.get("content-type") ?? "";
    if (!r.ok) return `${head}: HTTP ${r.status}`;
    if (type.includes("html"))
      return `${head}: the server answered with a page (${type}), not the script: the library's files are not where it was loaded from (copy them there, or give baseUrl)`;
    return `${head}: the script did not start (a Content-Security-Policy without worker-src or script-src for it, or without 'wasm-unsafe-eval', stops it)`;
  } catch (err) {
    return `${head}: ${String(err)}`;
  }
}
