// @ts-check
// The Kibitz engine in a Web Worker: loads the Go wasm build and relays
// messages between the page and the global `kibitz` object it installs.
// The messages are defined in protocol.js; this script is bundled with it.
// The engine modules, Go's glue, the net and the endgame files come from
// the build (kibitz-page/…, build.sh site), which gives them content-hashed
// names.
import "kibitz-page/wasm_exec.js";
import scalarUrl from "kibitz-page/kibitz.wasm";
import simdUrl from "kibitz-page/kibitz-simd.wasm";
import netUrl from "kibitz-page/kibitz.nnue";
import { hasSimd } from "./wasm-choice.js";
import { tables as tableUrls, model as modelUrl } from "kibitz-page/tables.js";
import { parseRequest, reply } from "./protocol.js";

// The search calls kibitzYield(callback) every few thousand nodes and waits
// for the callback: a MessageChannel round trip lets this worker handle the
// messages queued meanwhile (a "stop") without the 4 ms clamp of setTimeout.
const channel = new MessageChannel();
/** @type {(() => void) | null} */
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

// The SIMD module where the browser has SIMD (wasm-choice.js); "?wasm=scalar"
// on the worker's address forces the scalar one (benchmarks).
const useSimd = new URLSearchParams(self.location.search).get("wasm") !== "scalar" && hasSimd();
const moduleUrl = useSimd ? simdUrl : scalarUrl;

const go = new Go();
// The net is a file of its own (one download for either module, in its
// wire form: nnue/wire.go), fetched while instantiateStreaming compiles
// the module as it downloads; the engine takes it as it starts.
/** @param {string} relative the net's address, from the worker's */
const netBytes = (relative) => {
  const url = new URL(relative, self.location.href).href;
  return fetch(url).then(
    async (r) => {
      if (!r.ok) throw new Error(`the net ${url} did not load: HTTP ${r.status}`);
      return new Uint8Array(await r.arrayBuffer());
    },
    (err) => {
      throw new Error(`the net ${url} did not load: ${err}`);
    },
  );
};
const ready = Promise.all([WebAssembly.instantiateStreaming(fetch(moduleUrl), go.importObject), netBytes(netUrl)])
  .then(([{ instance }, net]) => {
    // Marks on the worker's timeline, for whoever times a cold start
    // (performance.getEntriesByType("mark") in the worker; docs/benchmarks.md,
    // "Where a cold start's time goes now"): the module compiled and
    // instantiated with the net here, then Go's start done.
    performance.mark("kibitz-instantiated");
    self.kibitzNet = net;
    go.run(instance);
    performance.mark("kibitz-started");
    if (kibitz.loadError) throw new Error(kibitz.loadError);
    postMessage(reply.ready(kibitz.version, kibitz.backend, kibitz.strengths));
  })
  .catch((err) => postMessage(reply.fatal(String(err))));

// What a position needs from the server is decided once per position
// (kibitz.needs): the endgame tables (kibitz tb gen; 1.3 MB gzip for KBNvK,
// where generating it here would take minutes), fetched side by side and
// loaded in the order given (a table is used once the tables it leads to
// are there), and, once a game is down to five or six men, the endgame
// model (docs/endgames.md, 0.9 MB): the 5-man endings it learned have no
// exact tables in the page. What failed to arrive is not asked for again;
// the engine then searches as it would without it.
const asked = new Set(); // the files asked for: names of tables, "model"
let lastPosition = "";

/** @param {string} url */
async function fetchBytes(url) {
  try {
    const r = await fetch(url);
    return r.ok ? new Uint8Array(await r.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** @param {string} position the position's FEN and moves, as one key */
async function fetchNeeds(position) {
  if (position === lastPosition) return;
  lastPosition = position;
  const { tables, model } = kibitz.needs();
  // A file the build left out (the standalone build's KBNvK and model) is null.
  /** @type {{name: string, url: string, load: (data: Uint8Array) => unknown}[]} */
  const wanted = tables.flatMap((t) => {
    const url = tableUrls[t];
    return !asked.has(t) && url ? [{ name: t, url, load: kibitz.loadTable }] : [];
  });
  if (model && modelUrl && !asked.has("model")) wanted.push({ name: "model", url: modelUrl, load: kibitz.loadModel });
  for (const w of wanted) asked.add(w.name);
  const arrived = await Promise.all(wanted.map((w) => fetchBytes(w.url)));
  wanted.forEach((w, i) => {
    const data = arrived[i];
    if (data) w.load(data);
  });
}

let stopAsked = false; // a stop that came while tables were on their way

// The other workers this one searches with (a "peers" request): a
// MessagePort to each. The engine sends its cluster messages through
// kibitzPeerSend, a copy transferred to each port; what arrives goes to
// the engine as it comes — during a search, whenever the search yields.
/** @type {MessagePort[]} */
let peers = [];
self.kibitzPeerSend = (bytes) => {
  for (const port of peers) {
    const copy = bytes.slice();
    port.postMessage(copy, [copy.buffer]);
  }
};
/** @param {MessagePort[]} ports */
function connect(ports) {
  for (const port of peers) port.close();
  peers = ports;
  for (const port of peers) {
    port.onmessage = (/** @type {MessageEvent<Uint8Array>} */ e) => {
      if (e.data instanceof Uint8Array) kibitz.peerMessage(e.data);
    };
  }
}

onmessage = async ({ data, ports }) => {
  await ready;
  const parsed = parseRequest(data);
  if ("error" in parsed) {
    postMessage(reply.error(parsed.id, parsed.error));
    return;
  }
  const msg = parsed.request;
  /** @param {string | null} err @param {import("./protocol.js").ErrorCode} [code] */
  const answer = (err, code) => postMessage(err ? reply.error(msg.id, err, code) : reply.done(/** @type {number} */ (msg.id)));
  switch (msg.type) {
    case "search": {
      const id = msg.id;
      stopAsked = false;
      const fen = msg.fen || "startpos";
      const moves = msg.moves || [];
      const bad = kibitz.setPosition(fen, moves);
      if (!bad) await fetchNeeds(fen + " " + moves.join(" "));
      const err =
        bad ||
        kibitz.search(
          {
            depth: msg.depth || 0,
            movetime: msg.movetime || 0,
            nodes: msg.nodes || 0,
            multipv: msg.multipv || 1,
            elo: msg.elo, // left out: full strength
            wtime: msg.wtime || 0,
            btime: msg.btime || 0,
            winc: msg.winc || 0,
            binc: msg.binc || 0,
            infinite: msg.infinite === true,
            shared: msg.shared || 0,
          },
          (info) => postMessage(reply.info(id, info)),
          (result) => postMessage(reply.bestmove(id, result)),
        );
      if (err) postMessage(reply.error(id, err, bad ? "invalid-position" : "invalid-request"));
      else if (stopAsked) kibitz.stop();
      break;
    }
    case "stop":
      stopAsked = true;
      kibitz.stop();
      break;
    case "newgame":
      answer(kibitz.newGame());
      break;
    case "check":
      // The engine's own FEN parser judges positions for the page.
      answer(kibitz.check(msg.fen, msg.moves || []), "invalid-position");
      break;
    case "evaluate": {
      const out = kibitz.evaluate(msg.fen, msg.moves || []);
      postMessage("error" in out ? reply.error(msg.id, out.error, "invalid-position") : reply.evaluation(msg.id, out.evaluation));
      break;
    }
    case "hash":
      answer(kibitz.setHash(msg.mb));
      break;
    case "peers":
      if (ports.length !== msg.members - 1) {
        answer(`peers: ${ports.length} ports for ${msg.members - 1} other members`, "invalid-request");
        break;
      }
      connect([...ports]);
      answer(kibitz.join(msg.member, msg.members), "invalid-request");
      break;
  }
};
