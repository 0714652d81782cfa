// What the page's bundler (esbuild, ./build.sh site) provides besides the
// sources: files imported as their content-hashed URLs, and the worker's
// name.

/** The engine worker's bundle, named by the build, relative to the module that loads it. */
declare const KIBITZ_WORKER: string;

/** Whether this is the standalone build, whose files travel inside it (standalone.js). */
declare const KIBITZ_STANDALONE: boolean;

/** The page's version, which the build writes into the service worker. */
declare const KIBITZ_VERSION: string;

declare module "*.svg" {
  const url: string;
  export default url;
}
declare module "*.tsv" {
  const url: string;
  export default url;
}
declare module "*.css";

// The engine side, from the build folder (bin/page): Go's wasm glue, the
// two engine modules, the net and the endgame files the page may fetch.
declare module "kibitz-page/wasm_exec.js";
declare module "kibitz-page/*.wasm" {
  const url: string;
  export default url;
}
declare module "kibitz-page/*.nnue" {
  const url: string;
  export default url;
}
declare module "kibitz-page/tables.js" {
  /** Each endgame table the page has (e.g. "KQvK") and its URL (null: left out of this build). */
  export const tables: Record<string, string | null>;
  /** The endgame model's URL (null: left out of this build). */
  export const model: string | null;
}

// cm-chessboard ships no type declarations: its modules are read as
// untyped (any), explicitly.
declare module "cm-chessboard/src/*";
