// @ts-check
/**
 * Kibitz for the web: the engine in a Web Worker behind a promise-based
 * API, the same engine node for node as the native one. The play page's
 * engine client is this module; `<kibitz-game>` (kibitz-game.js) plays
 * with it; docs/library.md is its reference.
 *
 *     import { createEngine } from "./lib/kibitz.js";
 *     const engine = await createEngine();
 *     const { bestmove, score } = await engine.search({ fen, depth: 12, onInfo: (i) => show(i) });
 *
 * One search runs at a time: a search asked for while another runs stops
 * that one first (its promise resolves with its move so far) and starts
 * when the worker has answered it, so the latest search is the one that
 * runs and the worker is never asked for two. The worker picks the
 * WebAssembly SIMD module where the browser has SIMD, and fetches the
 * endgame tables and model a position needs, as the page does.
 * @module kibitz
 */

/**
 * @typedef {import("./protocol.js").SearchInfo} SearchInfo one iteration's report
 * @typedef {import("./protocol.js").SearchResult} SearchResult a search's answer
 * @typedef {import("./protocol.js").Score} Score
 * @typedef {import("./protocol.js").TableVerdict} TableVerdict
 * @typedef {import("./protocol.js").Evaluation} Evaluation
 * @typedef {import("./protocol.js").PieceValue} PieceValue
 * @typedef {import("./protocol.js").Strengths} Strengths
 * @typedef {import("./protocol.js").Reply} Reply
 */

/**
 * What a KibitzError says went wrong: "invalid-request" (a field missing,
 * of the wrong type or out of range), "invalid-position" (a FEN or move the
 * engine refuses), "load-failed" (the worker or its module did not start),
 * "crashed" (the worker stopped answering), "terminated" (terminate() was
 * called).
 * @typedef {import("./protocol.js").ErrorCode | "load-failed" | "crashed" | "terminated"} KibitzErrorCode
 */

/** The error every promise of the library rejects with. */
export class KibitzError extends Error {
  /** @param {KibitzErrorCode} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "KibitzError";
    /** @type {KibitzErrorCode} */
    this.code = code;
  }
}

/**
 * Where the engine's files are.
 * @typedef {object} EngineOptions
 * @property {string | URL} [baseUrl] the folder that holds the library's files (the worker, the
 *   engine modules, the endgame files); by default the folder this module was loaded from. Give it
 *   when a bundler has moved this module away from them.
 * @property {string | URL} [workerUrl] the engine worker's script itself (instead of baseUrl)
 * @property {number} [threads] engine workers, 1–64 (default 1): each its own WebAssembly engine
 *   with its own table, searching together by messages (no SharedArrayBuffer, no special
 *   headers); `defaultThreads()` is a good choice for the device
 * @property {(message: string) => void} [onWarning] told when a worker beyond the first fails to
 *   start or stops answering (the others go on searching); default console.warn
 */

/**
 * A search: the position, at most one of depth, nodes and movetime (none:
 * depth 10; depth is 1–64) and what to report. Clocks (wtime, btime, winc, binc) let the engine divide
 * its own time as over UCI.
 * @typedef {object} SearchOptions
 * @property {string} [fen] the start position (default: the standard start, "startpos")
 * @property {string[]} [moves] moves played from it, in UCI notation ("e2e4", "e7e8q")
 * @property {number} [depth] plies to search, 1–64
 * @property {number} [nodes] nodes to search
 * @property {number} [movetime] milliseconds to search
 * @property {number} [wtime] White's time left (ms)
 * @property {number} [btime] Black's time left (ms)
 * @property {number} [winc] White's increment (ms)
 * @property {number} [binc] Black's increment (ms)
 * @property {number} [multipv] lines to report (1–256)
 * @property {number} [elo] play at this Elo of the strength scale, `strengths.levels[0]` to
 *   `strengths.full` (between two measured levels the engine interpolates them; none: full strength)
 * @property {boolean} [infinite] search until stop()
 * @property {(info: SearchInfo) => void} [onInfo] called with each iteration's report
 * @property {AbortSignal} [signal] aborting it stops the search, as stop() does
 */

/** @typedef {{resolve: (v: any) => void, reject: (e: Error) => void, onInfo?: ((i: SearchInfo) => void) | null}} Pending */

import { MAX_MEMBERS } from "./protocol.js";
import { Team, defaultThreads } from "./team.js";
import { startWorker, loadFailure } from "./start-worker.js";

export { defaultThreads };

/**
 * Starts an engine and resolves when it is ready to search, or rejects
 * with a KibitzError ("load-failed") when it cannot start.
 * @param {EngineOptions} [options]
 * @returns {Promise<KibitzEngine>}
 */
export async function createEngine(options = {}) {
  const engine = new KibitzEngine(options);
  await engine.ready;
  return engine;
}

/** One engine: its first worker and, with `threads`, the workers that help it. */
export class KibitzEngine {
  /** @param {EngineOptions} [options] */
  constructor(options = {}) {
    const started = startWorker(options);
    /** @internal @type {Worker} */
    this.worker = started.worker;
    /** @internal @type {string} where the worker was loaded from, for the errors that name it */
    this.workerUrl = started.url;
    /** @internal @type {EngineOptions} */
    this.options = options;
    /** @private @type {Team} the workers that search with the first one */
    this.team = new Team(this, options, () => new KibitzEngine({ baseUrl: options.baseUrl, workerUrl: options.workerUrl }));
    /** @internal */
    this.nextId = 1;
    /** @internal @type {Map<number, Pending>} */
    this.pending = new Map();
    /** @internal */
    this.searchId = 0;
    /** @internal the search() calls so far, and the last of them that a stop() came after */
    this.calls = 0;
    /** @internal */
    this.stopped = 0;
    /** @internal @type {object | null} the running searchEach's token */
    this.batch = null;
    /** @internal @type {Promise<unknown>} the running search's answer */
    this.current = Promise.resolve();
    /** @internal @type {KibitzError | null} why the engine no longer answers */
    this.dead = null;
    /** @type {string | undefined} the engine's version, once ready */
    this.version = undefined;
    /** @type {string | undefined} the net's kernels: "wasm-simd128" or "scalar", once ready */
    this.backend = undefined;
    /**
     * The strength scale, once ready: `levels`, the Elo measured for each
     * level (a search's `elo` is one of them or between two, which the
     * engine interpolates); `full`, full strength's;
     * `depths`, the Elo measured at each depth from 1.
     * @type {Strengths | undefined}
     */
    this.strengths = undefined;
    /**
     * When true, every search runs until stop(), whatever limits it asked
     * for: a script or a test decides when the engine answers, so that
     * nothing depends on how fast the engine is (the tests' switch).
     * @internal @type {boolean}
     */
    this.holdSearches = false;
    /** @type {Promise<string>} resolves with the version when the engine can search */
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("message", (/** @type {MessageEvent<Reply>} */ { data }) => {
        if (data.type === "ready") {
          this.version = data.version;
          this.backend = data.backend;
          this.strengths = data.strengths;
          resolve(data.version);
        } else if (data.type === "fatal") {
          this.fail(new KibitzError("load-failed", data.message));
          reject(this.dead);
        } else {
          this.dispatch(data);
        }
      });
      this.worker.addEventListener("error", async (e) => {
        const started = this.version !== undefined;
        const why = e.message || (started ? `the engine worker ${this.workerUrl} failed` : await loadFailure(this.workerUrl));
        this.fail(new KibitzError(started ? "crashed" : "load-failed", why));
        reject(this.dead);
      });
      if (started.error) {
        this.fail(new KibitzError("load-failed", started.error));
        reject(this.dead);
      }
    });
    this.ready.catch(() => {}); // the caller hears it from ready or the next request
    // The helpers start beside the first worker; the engine is ready once
    // they have started (or failed to) and are connected.
    this.ready = this.ready.then(async (version) => {
      await this.team.resize(checkedThreads(options.threads ?? 1));
      return version;
    });
    this.ready.catch(() => {});
  }

  /** @internal @param {Reply} data */
  dispatch(data) {
    if (data.type === "ready" || data.type === "fatal" || data.id === undefined) return;
    const p = this.pending.get(data.id);
    if (!p) return; // an answer nobody waits for any more
    switch (data.type) {
      case "info":
        if (p.onInfo) p.onInfo(data.info);
        return;
      case "bestmove":
        this.settle(data.id);
        p.resolve(data.result);
        return;
      case "evaluation":
        this.settle(data.id);
        p.resolve(data.evaluation);
        return;
      case "done":
        this.settle(data.id);
        p.resolve(undefined);
        return;
      case "error":
        this.settle(data.id);
        p.reject(new KibitzError(data.code || "invalid-request", data.message));
        return;
    }
  }

  /** @internal @param {number} id */
  settle(id) {
    this.pending.delete(id);
    if (this.searchId === id) this.searchId = 0;
  }

  /** @internal @param {KibitzError} err */
  fail(err) {
    if (this.dead) return;
    this.dead = err;
    this.searchId = 0;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  /**
   * @internal
   * @param {{type: string} & Record<string, unknown>} msg
   * @param {((i: SearchInfo) => void)} [onInfo]
   * @param {Transferable[]} [transfer]
   * @returns {{id: number, promise: Promise<any>}}
   */
  request(msg, onInfo, transfer = []) {
    const id = this.nextId++;
    if (this.dead) return { id, promise: Promise.reject(this.dead) };
    return {
      id,
      promise: new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, onInfo });
        this.worker.postMessage({ ...msg, id }, transfer);
      }),
    };
  }

  /** Whether a search is running. */
  get searching() {
    return this.searchId !== 0 && !this.dead;
  }

  /**
   * Searches a position; resolves with the answer, or rejects with a
   * KibitzError that names what was wrong. A search running when this is
   * called is stopped first.
   * @param {SearchOptions} [options]
   * @returns {Promise<SearchResult>}
   */
  async search(options = {}) {
    const call = ++this.calls; // a stop() from now on stops this search
    await this.ready;
    const { onInfo, signal, ...params } = options;
    if (this.dead) throw this.dead;
    if (signal?.aborted) throw new KibitzError("invalid-request", "the search was aborted before it started");
    if (this.batch) {
      this.batch = null; // a search ends searchEach's
      this.team.stop();
    }
    // Another call may have started its search while this one waited for
    // the running one: wait until none runs, then send at once (nothing
    // yields between the check and the request).
    while (this.searching) await this.stopAndWait();
    const sent = this.holdSearches ? { fen: params.fen, moves: params.moves, multipv: params.multipv, infinite: true } : params;
    // With helpers (and at full strength: a level plays alone), every
    // worker searches and the first answers for all.
    const shared = this.team.size > 1 && sent.elo === undefined ? await this.team.start(sent) : 0;
    while (this.searching) await this.stopAndWait(); // a search started while the helpers got ready
    const { id, promise } = this.request({ type: "search", ...sent, ...(shared ? { shared } : {}) }, onInfo);
    this.searchId = id;
    this.current = promise;
    // A stop() that came while this search waited to start (the ready
    // engine, the search before it, the helpers) is this search's: it
    // answers at once, as over UCI a stop right after go does.
    if (this.stopped >= call) this.halt();
    if (shared) promise.finally(() => this.team.stop()).catch(() => {});
    if (signal) {
      const stop = () => this.searchId === id && this.halt();
      signal.addEventListener("abort", stop, { once: true });
      promise.finally(() => signal.removeEventListener("abort", stop)).catch(() => {});
    }
    return promise;
  }

  /**
   * Asks the running search to answer now; its promise still resolves. A
   * search asked for before this call but not yet started (it waits for
   * the one before it) answers at once when it starts.
   */
  stop() {
    this.stopped = this.calls;
    this.halt();
  }

  /** @internal Stops the search that runs now, and searchEach's. */
  halt() {
    if (this.searching && !this.dead) this.worker.postMessage({ type: "stop" });
    this.team.stop();
    this.batch = null;
  }

  /**
   * Searches each of several positions on its own, from a new game (so
   * that each answer is what a fresh engine gives, whatever was searched
   * before), one per worker at a time: with `threads`, a game review is as
   * many times faster, with the answers of one worker. Resolves with the
   * answers in order; `onResult` hears each as it comes. A search asked
   * for meanwhile, or the signal, ends it (rejects "invalid-request").
   * @param {Omit<SearchOptions, "onInfo" | "signal">[]} searches
   * @param {{onResult?: (index: number, result: SearchResult) => void, signal?: AbortSignal}} [options]
   * @returns {Promise<SearchResult[]>}
   */
  async searchEach(searches, { onResult, signal } = {}) {
    await this.ready;
    if (this.dead) throw this.dead;
    while (this.searching) await this.stopAndWait();
    await this.team.idle();
    /** @type {SearchResult[]} */
    const results = new Array(searches.length);
    const queue = searches.map((_, i) => i);
    /** @type {unknown} */
    let failure = null;
    const batch = (this.batch = {});
    const over = () => failure !== null || this.batch !== batch || signal?.aborted;
    const onAbort = () => this.batch === batch && this.halt();
    signal?.addEventListener("abort", onAbort, { once: true });
    /** @param {KibitzEngine} w */
    const run = async (w) => {
      while (!over() && queue.length > 0) {
        const i = /** @type {number} */ (queue.shift());
        try {
          await w.ownNewGame();
          results[i] = await w.ownSearch(searches[i]);
          if (!over()) onResult?.(i, results[i]);
        } catch (err) {
          if (w !== this && w.dead) {
            queue.unshift(i); // a helper lost: another worker takes its position
            return;
          }
          failure ??= err;
        }
      }
    };
    await Promise.all([this, ...this.team.live()].map(run));
    signal?.removeEventListener("abort", onAbort);
    const stopped = over() || results.some((r) => r === undefined);
    if (this.batch === batch) this.batch = null;
    if (failure) throw failure;
    if (stopped) throw new KibitzError("invalid-request", "the searches were stopped before they were done");
    return results;
  }

  /** @internal A search of this worker alone. @param {SearchOptions & {shared?: number}} options @returns {Promise<SearchResult>} */
  async ownSearch(options) {
    if (this.dead) throw this.dead;
    const { id, promise } = this.request({ type: "search", ...options });
    this.searchId = id;
    this.current = promise;
    return promise;
  }

  /** @internal A new game of this worker alone. @returns {Promise<void>} */
  ownNewGame() {
    return this.request({ type: "newgame" }).promise;
  }

  /** @internal Stops the running search and waits for its answer, which is dropped. */
  async stopAndWait() {
    if (!this.searching) return;
    const p = this.pending.get(this.searchId);
    if (p) p.onInfo = null;
    const running = this.current.catch(() => {});
    this.halt();
    await running;
  }

  /**
   * Says whether the engine accepts a position: resolves with null when it
   * does, or with its reason why not. The engine's own FEN rules judge.
   * @param {string} fen
   * @param {string[]} [moves]
   * @returns {Promise<string | null>}
   */
  async check(fen, moves = []) {
    await this.ready;
    try {
      await this.request({ type: "check", fen, moves }).promise;
      return null;
    } catch (err) {
      if (err instanceof KibitzError && err.code === "invalid-position") return err.message;
      throw err;
    }
  }

  /**
   * The position's static evaluation: the net's and the classical one,
   * from the side to move's view, and each piece's part in the net's.
   * @param {string} fen
   * @param {string[]} [moves]
   * @returns {Promise<Evaluation>}
   */
  async evaluate(fen, moves = []) {
    await this.ready;
    return this.request({ type: "evaluate", fen, moves }).promise;
  }

  /**
   * Starts a new game: stops a running search and forgets what the engine
   * learnt of the last game (its hash table and histories).
   * @returns {Promise<void>}
   */
  async newGame() {
    await this.ready;
    this.batch = null;
    while (this.searching) await this.stopAndWait();
    await this.team.idle();
    await Promise.all([this.request({ type: "newgame" }).promise, ...this.team.live().map((h) => h.ownNewGame().catch(() => {}))]);
  }

  /**
   * Sets the transposition table's size.
   * @param {number} mb megabytes, 1–1024
   * @returns {Promise<void>}
   */
  async setHash(mb) {
    await this.ready;
    while (this.searching) await this.stopAndWait();
    await this.team.idle();
    const helpers = this.team.live().map((h) => h.request({ type: "hash", mb }).promise.catch(() => {}));
    await this.request({ type: "hash", mb }).promise;
    await Promise.all(helpers);
  }

  /**
   * Sets the number of workers (1–64): helpers start or end; the next
   * search uses them. Resolves once they have started (or failed to).
   * @param {number} n
   * @returns {Promise<void>}
   */
  async setThreads(n) {
    const threads = checkedThreads(n);
    await this.ready;
    while (this.searching) await this.stopAndWait();
    await this.team.resize(threads);
  }

  /** The workers searching together now (the first one and its live helpers). */
  get threads() {
    return this.team.size;
  }

  /** Ends every worker; every waiting promise rejects ("terminated"). */
  terminate() {
    this.team.end();
    this.worker.terminate();
    this.fail(new KibitzError("terminated", "the engine was terminated"));
  }
}

/** @param {unknown} n @returns {number} */
function checkedThreads(n) {
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_MEMBERS) {
    throw new KibitzError("invalid-request", `threads ${String(n)} is not an integer in 1..${MAX_MEMBERS}`);
  }
  return n;
}

/**
 * The level closest to an Elo, from a scale's levels (`strengths.levels`),
 * or null when the scale has none.
 * @param {number[]} levels
 * @param {number} elo
 * @returns {number | null}
 */
export function nearestLevel(levels, elo) {
  let best = null;
  for (const l of levels) if (best === null || Math.abs(l - elo) < Math.abs(best - elo)) best = l;
  return best;
}
