// EngineClient talks to the engine worker: one search at a time, each a
// promise of the result, with progress reports through a callback.
export class EngineClient {
  constructor(workerUrl = "engine-worker.js") {
    this.worker = new Worker(workerUrl);
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, onInfo}
    this.searchId = 0;
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("message", ({ data }) => {
        if (data.type === "ready") {
          this.version = data.version;
          this.strengths = data.strengths; // the strength scale (levels and the depths' Elo)
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

  dispatch(data) {
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

  // search({fen, moves, depth, movetime, multipv, elo}, onInfo) resolves
  // with {bestmove, ponder, score, depth, nodes, time, pv, elo}.
  async search(params, onInfo) {
    await this.ready;
    if (this.searching) await this.stopAndWait();
    const { id, promise } = this.request({ type: "search", ...params }, onInfo);
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

  // validate resolves with "" when the engine accepts fen (and the moves),
  // or with its reason why not.
  async validate(fen, moves = []) {
    await this.ready;
    await this.stopAndWait();
    try {
      await this.request({ type: "validate", fen, moves }).promise;
      return "";
    } catch (err) {
      return err.message;
    }
  }

  async newGame() {
    await this.ready;
    await this.stopAndWait();
    return this.request({ type: "newgame" }).promise;
  }
}
