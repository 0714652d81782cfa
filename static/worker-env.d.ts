// The worker's globals: Go's wasm glue (wasm_exec.js) and the engine it
// starts (wasm/main.go installs `kibitz`).

declare class Go {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

/** An error's text, or null for success. */
type EngineError = string | null;

declare const kibitz: {
  version: string;
  /** Set, and nothing else but version, when the engine could not start (wasm/main.go). */
  loadError?: string;
  backend: string;
  strengths: import("./protocol.js").Strengths;
  newGame(): EngineError;
  setHash(mb: number): EngineError;
  setPosition(fen: string, moves: string[]): EngineError;
  check(fen: string, moves: string[]): EngineError;
  evaluate(fen: string, moves: string[]): { evaluation: import("./protocol.js").Evaluation } | { error: string };
  needs(): { tables: string[]; model: boolean };
  loadTable(data: Uint8Array): EngineError;
  loadModel(data: Uint8Array): EngineError;
  search(
    limits: {
      depth: number;
      movetime: number;
      nodes: number;
      multipv: number;
      /** Left out: full strength (the bridge reads a missing elo as none). */
      elo?: number;
      wtime: number;
      btime: number;
      winc: number;
      binc: number;
      infinite: boolean;
      shared: number;
    },
    onInfo: (info: import("./protocol.js").SearchInfo) => void,
    onDone: (result: import("./protocol.js").SearchResult) => void,
  ): EngineError;
  stop(): void;
  join(member: number, members: number): EngineError;
  peerMessage(data: Uint8Array): void;
};

interface WorkerGlobalScope {
  /** The search's yield hook (wasm/main.go). */
  kibitzYield(callback: () => void): void;
  /** The net file's bytes, taken (and deleted) by the engine as it starts (wasm/main.go). */
  kibitzNet?: Uint8Array;
  /** Sends a cluster message to every other worker (engine-worker.js; wasm/main.go calls it). */
  kibitzPeerSend(bytes: Uint8Array): void;
}
