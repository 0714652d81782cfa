// @ts-check
// The workers of one engine (kibitz.js, `threads`): the first worker,
// which answers, and its helpers, each a WebAssembly engine of its own
// with its own table, joined by MessagePorts — a port between every two,
// so that their messages (table entries, the stop, the helpers' answers:
// engine/cluster) never pass through the page. No SharedArrayBuffer, so no
// cross-origin isolation headers: any static host will do.

/**
 * A good number of workers for this device: the cores the browser reports
 * less one for the page (WebKit reports at most 8, iOS 2), at most 8, and
 * no more than two per GB of memory where the browser says (each worker
 * is a whole engine: its own table and heap); 1 where only
 * one core is reported.
 * @returns {number}
 */
export function defaultThreads() {
  const nav = typeof navigator === "undefined" ? undefined : /** @type {Navigator & {deviceMemory?: number}} */ (navigator);
  const cores = nav?.hardwareConcurrency ?? 1;
  let n = Math.min(Math.max(cores - 1, 1), 8);
  if (nav?.deviceMemory) n = Math.min(n, Math.max(1, Math.floor(nav.deviceMemory * 2)));
  return n;
}

/**
 * The helpers of an engine: workers of their own (plain KibitzEngines)
 * joined to the first by MessagePorts, a port between every two, so that
 * the workers' messages never pass through the page (engine/cluster).
 */
// How long a helper may take to answer once its search should be over.
const IDLE_WAIT = 3000;

export class Team {
  /**
   * @param {import("./kibitz.js").KibitzEngine} first
   * @param {import("./kibitz.js").EngineOptions} options
   * @param {() => import("./kibitz.js").KibitzEngine} spawn starts a helper: an engine of one worker
   */
  constructor(first, options, spawn) {
    this.first = first;
    this.spawn = spawn;
    /** @type {import("./kibitz.js").KibitzEngine[]} */
    this.helpers = [];
    /** @type {Set<import("./kibitz.js").KibitzEngine>} the helpers known to be lost, already told */
    this.lost = new Set();
    this.joined = 1; // the members the workers were last told of
    this.searches = 0;
    this.warn = options.onWarning ?? ((/** @type {string} */ m) => console.warn(m));
  }

  /** The helpers that answer. */
  live() {
    return this.helpers.filter((h) => !h.dead);
  }

  /** The workers searching together: the first and its live helpers. */
  get size() {
    return 1 + this.live().length;
  }

  /** Starts or ends helpers to make n workers in all, and connects them. @param {number} n */
  async resize(n) {
    for (const h of this.helpers.splice(n - 1)) h.terminate();
    /** @type {Promise<unknown>[]} */
    const started = [];
    while (this.helpers.length < n - 1) {
      const h = this.spawn();
      this.helpers.push(h);
      started.push(h.ready.catch((err) => this.warn(`an engine worker did not start (${err.message}); the others search without it`)));
    }
    await Promise.all(started);
    this.helpers = this.live();
    await this.connect();
  }

  /** Tells every worker its place and gives it a port to each other one. */
  async connect() {
    const members = [this.first, ...this.live()];
    const n = members.length;
    if (n === 1 && this.joined === 1) return;
    const ports = members.map(() => /** @type {MessagePort[]} */ ([]));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const c = new MessageChannel();
        ports[i].push(c.port1);
        ports[j].push(c.port2);
      }
    }
    // The ports of each member in member order: for i, the channels with
    // 0…i−1 were pushed before those with i+1…n−1.
    this.joined = n;
    await Promise.all(members.map((m, i) => m.request({ type: "peers", member: i, members: n }, undefined, ports[i]).promise.catch(() => {})));
  }

  /**
   * Waits until no helper searches. A helper still searching IDLE_WAIT ms
   * after it was told to stop has stopped answering (a hung or killed
   * worker): it is ended and left out.
   */
  async idle() {
    await Promise.all(
      this.live().map(async (h) => {
        let timer;
        const late = new Promise((resolve) => (timer = setTimeout(() => resolve("late"), IDLE_WAIT)));
        const r = await Promise.race([
          h.current.then(
            () => "done",
            () => "done",
          ),
          late,
        ]);
        clearTimeout(timer);
        if (r === "late" && !h.dead) h.terminate();
      }),
    );
  }

  /**
   * Starts the helpers' part of a search and returns its number. A helper
   * lost since the last search is left out, and the rest reconnected.
   * @param {import("./kibitz.js").SearchOptions} params
   */
  async start(params) {
    await this.idle();
    const lost = this.helpers.filter((h) => h.dead && !this.lost.has(h));
    for (const h of lost) {
      this.lost.add(h);
      this.warn(`an engine worker stopped answering (${h.dead?.message}); the others search without it`);
    }
    if (lost.length) {
      this.helpers = this.live();
      await this.connect();
    }
    const shared = ++this.searches;
    for (const h of this.helpers) h.ownSearch({ ...params, shared }).catch(() => {});
    return shared;
  }

  /** Asks the helpers to end their part (an infinite one waits for it). */
  stop() {
    for (const h of this.live()) if (h.searching) h.worker.postMessage({ type: "stop" });
  }

  /** Ends every helper. */
  end() {
    for (const h of this.helpers.splice(0)) h.terminate();
  }
}
