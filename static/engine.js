// @ts-check
// EngineClient talks to the engine worker (messages: protocol.js): one
// search at a time, each a promise of the result, with progress reports
// through a callback.

/**
 * @typedef {import("./protocol.js").Reply} Reply
 * @typedef {import("./protocol.js").SearchInfo} SearchInfo
 * @typedef {import("./protocol.js").SearchResult} SearchResult
 * @typedef {import("./protocol.js").SearchParams} SearchParams
 * @typedef {import("./protocol.js").Strengths} Strengths
 * @typedef {{resolve: (v: any) => void, reject: (e: Error) => void, onInfo?: ((i: SearchInfo) => void) | null}} Pending
 */

export class EngineClient {
  /** @param {string} workerUrl */
  constructor(workerUrl = "engine-worker.js") {
    this.worker = new Worker(workerUrl);
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    this.searchId = 0;
    /** @type {Promise<unknown>} the running search's answer */
    this.current = Promise.resolve();
    /** @type {string | undefined} */
    this.version = undefined;
    /**
     * When true, every search runs until stop() — the page's Move now —
     * whatever limits it asked for: a script or a test decides when the
     * engine answers (window.kibitz.engine.holdSearches = true), so that
     * nothing depends on how fast the engine is.
     * @type {boolean}
     */
    this.holdSearches = false;
    /** @type {Strengths | undefined} the strength scale (levels and the depths' Elo) */
    this.strengths = undefined;
    /** @type {Promise<string>} */
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("message", (/** @type {MessageEvent<Reply>} */ { data }) => {
        if (data.type === "ready") {
          this.version = data.version;
          this.strengths = data.strengths;
          resolve(data.version);
        } else if (data.type === "fatal") {
          reject(new Error(data.message));
        } else {
          this.dispatch(data);
        }
      });
      this.worker.addEventListener("error", (e) => reject(new Error(e.message || "worker failed to load")));
    });
  }

  /** @param {Reply} data */
  dispatch(data) {
    if (data.type === "ready" || data.type === "fatal" || data.id === undefined) return;
    const p = this.pending.get(data.id);
    if (!p) return; // an answer nobody waits for any more
    switch (data.type) {
      case "info":
        if (p.onInfo) p.onInfo(data.info);
        break;
      case "bestmove":
        this.pending.delete(data.id);
        if (this.searchId === data.id) this.searchId = 0;
        p.resolve(data.result);
        break;
      case "done":
        this.pending.delete(data.id);
        p.resolve();
        break;
      case "error":
        this.pending.delete(data.id);
        if (this.searchId === data.id) this.searchId = 0;
        p.reject(new Error(data.message));
        break;
    }
  }

  /**
   * @param {{type: string} & Record<string, unknown>} msg
   * @param {((i: SearchInfo) => void)} [onInfo]
   * @returns {{id: number, promise: Promise<any>}}
   */
  request(msg, onInfo) {
    const id = this.nextId++;
    return {
      id,
      promise: new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, onInfo });
        this.worker.postMessage({ ...msg, id });
      }),
    };
  }

  get searching() {
    return this.searchId !== 0;
  }

  /**
   * Searches; resolves with the result (protocol.js, SearchResult).
   * @param {SearchParams} params
   * @param {(i: SearchInfo) => void} [onInfo]
   * @returns {Promise<SearchResult>}
   */
  async search(params, onInfo) {
    await this.ready;
    // Another call may have started its search while this one waited for
    // the running one: wait until none runs, then send at once (nothing
    // yields between the check and the request). The worker never gets two
    // searches, and the latest call's search is the one that runs.
    while (this.searching) await this.stopAndWait();
    const sent = this.holdSearches ? { fen: params.fen, moves: params.moves, multipv: params.multipv, infinite: true } : params;
    const { id, promise } = this.request({ type: "search", ...sent }, onInfo);
    this.searchId = id;
    this.current = promise;
    return promise;
  }

  // stop asks the running search to answer now; its promise still resolves.
  stop() {
    if (this.searching) this.worker.postMessage({ type: "stop" });
  }

  // stopAndWait stops the running search and waits for its answer, which
  // is dropped.
  async stopAndWait() {
    if (!this.searching) return;
    const id = this.searchId;
    const p = this.pending.get(id);
    if (p) p.onInfo = null;
    const running = this.current.catch(() => {});
    this.stop();
    await running;
  }

  /**
   * Resolves with "" when the engine accepts fen (and the moves), or with
   * its reason why not; the engine's own position stays as it is.
   * @param {string} fen
   * @param {string[]} [moves]
   * @returns {Promise<string>}
   */
  async check(fen, moves = []) {
    await this.ready;
    try {
      await this.request({ type: "check", fen, moves }).promise;
      return "";
    } catch (err) {
      return /** @type {Error} */ (err).message;
    }
  }

  async newGame() {
    await this.ready;
    while (this.searching) await this.stopAndWait();
    return this.request({ type: "newgame" }).promise;
  }
}
