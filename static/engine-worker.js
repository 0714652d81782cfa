// The Kibitz engine in a Web Worker: loads the Go wasm build and relays
// messages between the page and the global `kibitz` object it installs.
/* global Go, kibitz */
importScripts("wasm_exec.js");

// The search calls kibitzYield(callback) every few thousand nodes and waits
// for the callback: a MessageChannel round trip lets this worker handle the
// messages queued meanwhile (a "stop") without the 4 ms clamp of setTimeout.
const channel = new MessageChannel();
let resumeSearch = null;
channel.port1.onmessage = () => {
  const resume = resumeSearch;
  resumeSearch = null;
  if (resume) resume();
};
self.kibitzYield = (callback) => {
  resumeSearch = callback;
  channel.port2.postMessage(0);
};

// The module with WebAssembly SIMD kernels for the net where the browser
// has SIMD (a module returning a v128 constant validates), else the
// scalar one; "?wasm=scalar" on the worker's address forces the scalar one
// (benchmarks). Both search node for node alike.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 11,
]);
const useSimd = new URLSearchParams(self.location.search).get("wasm") !== "scalar" && WebAssembly.validate(SIMD_PROBE);
const moduleUrl = useSimd ? "kibitz-simd.wasm" : "kibitz.wasm";

const go = new Go();
// instantiateStreaming compiles the module while it downloads.
const ready = WebAssembly.instantiateStreaming(fetch(moduleUrl), go.importObject)
  .then(({ instance }) => {
    go.run(instance);
    postMessage({ type: "ready", version: kibitz.version, backend: kibitz.backend, strengths: kibitz.strengths });
  })
  .catch((err) => postMessage({ type: "fatal", message: String(err) }));

// Endgame tables (kibitz tb gen) are fetched when a position needs one:
// 1.3 MB gzip for KBNvK, where generating it here would take minutes.
const TABLES = "tables/";
const fetchedTables = new Set();
let stopAsked = false; // a stop that came while a table was on its way

// A table is used once the tables it leads to are there too (KPvK needs
// KQvK and KRvK): fetch until nothing more is needed or a fetch fails.
async function fetchTable() {
  for (let need = kibitz.tableNeeded(); need && !fetchedTables.has(need); need = kibitz.tableNeeded()) {
    fetchedTables.add(need);
    try {
      const r = await fetch(TABLES + need + ".ktb");
      if (!r.ok) return;
      kibitz.loadTable(new Uint8Array(await r.arrayBuffer()));
    } catch {
      return; // No table: the engine searches as it would without one.
    }
  }
}

// The endgame model (docs/endgames.md, 0.9 MB) is fetched once, when a
// game is down to five or six men: the 5-man endings it learned have no
// exact tables in the page, and it corrects the evaluation there.
let modelFetched = false;
async function fetchModel() {
  if (modelFetched || !kibitz.modelNeeded()) return;
  modelFetched = true;
  try {
    const r = await fetch(TABLES + "endgame.kwdl");
    if (r.ok) kibitz.loadModel(new Uint8Array(await r.arrayBuffer()));
  } catch {
    // No model: the engine searches as it would without one.
  }
}

onmessage = async ({ data: msg }) => {
  await ready;
  const reply = (fields) => postMessage({ id: msg.id, ...fields });
  switch (msg.type) {
    case "search": {
      stopAsked = false;
      const bad = kibitz.setPosition(msg.fen || "startpos", msg.moves || []);
      if (!bad) await fetchTable();
      if (!bad) await fetchModel();
      const err =
        bad ||
        kibitz.search(
          { depth: msg.depth || 0, movetime: msg.movetime || 0, nodes: msg.nodes || 0, multipv: msg.multipv || 1, elo: msg.elo || 0 },
          (info) => reply({ type: "info", info }),
          (result) => reply({ type: "bestmove", result }),
        );
      if (err) reply({ type: "error", message: err });
      else if (stopAsked) kibitz.stop();
      break;
    }
    case "stop":
      stopAsked = true;
      kibitz.stop();
      break;
    case "newgame": {
      const err = kibitz.newGame();
      reply(err ? { type: "error", message: err } : { type: "done" });
      break;
    }
    case "validate": {
      // The engine's own FEN parser judges positions for the page.
      const err = kibitz.setPosition(msg.fen, msg.moves || []);
      reply(err ? { type: "error", message: err } : { type: "done" });
      break;
    }
    case "hash": {
      const err = kibitz.setHash(msg.mb);
      reply(err ? { type: "error", message: err } : { type: "done" });
      break;
    }
    default:
      reply({ type: "error", message: `unknown message type ${msg.type}` });
  }
};
