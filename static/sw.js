// @ts-check
// The page's service worker, which makes it an app that works offline.
// After one visit the page loads and plays with no network at all:
// installing, it keeps the page (index.html), its bundles, style sheet,
// images, opening names, the net and the engine module this browser runs; the
// endgame tables and model are kept as the page fetches them.
//
// Every file but index.html has a content-hashed name that never changes,
// so they are served from the cache first; index.html is fetched from the
// network first (the cached copy answers only offline), and it names the
// files of its own version: a page never mixes versions. Each build gives
// this file a new VERSION, so the browser installs the new worker beside
// the old one and the page offers a reload (offline.js).
import { hasSimd } from "./wasm-choice.js";

const VERSION = KIBITZ_VERSION; // set by the build
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = "kibitz";
const PAGE = new URL("./", self.location.href).href;
// Matches the names esbuild gives the page's files (web/static.go has the
// same rule for the native server's caching).
const HASHED = /-[A-Z2-7]{8}\.(js|css|wasm|tsv|svg|ktb|kwdl|nnue)$/;
// Left for when the page asks: the tables and the model, and the engine
// module this browser does not run.
const LATER = /\.(ktb|kwdl)$/;

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const files = await (await fetch("manifest.json", { cache: "no-cache" })).json();
      const skip = hasSimd() ? "kibitz.wasm" : "kibitz-simd.wasm";
      const wanted = Object.entries(files)
        .filter(([source]) => source !== skip && !LATER.test(source))
        .map(([, name]) => name);
      const cache = await caches.open(CACHE);
      await cache.addAll([PAGE, ...wanted]);
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  // The first version takes over the page that installed it at once, so
  // that what the page fetches next (the tables) is kept too.
  event.waitUntil(sw.clients.claim());
});

// The page's reload button asks a waiting new version to take over.
sw.addEventListener("message", (event) => {
  if (event.data === "activate") sw.skipWaiting();
  if (event.data === "version") event.source?.postMessage({ version: VERSION });
});

sw.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (req.mode === "navigate" && url.href.split("?")[0] === PAGE) {
    event.respondWith(networkFirst(req));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(req));
  }
});

/** @param {Request} req */
async function networkFirst(req) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) await cache.put(PAGE, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(PAGE);
    if (hit) return hit;
    throw err;
  }
}

/** @param {Request} req */
async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req.url);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req.url, res.clone());
  return res;
}
