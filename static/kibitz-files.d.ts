// The standalone build's files (scripts/standalone.mjs writes the module
// beside the library in dist/lib; it does not exist in static/).

/** The engine worker's bundle, each of its files named kibitzFile("./name"). */
export const worker: string;
/** Each file the worker names: its MIME type and its bytes, gzip-compressed and base64-encoded. */
export const files: Record<string, [type: string, base64: string]>;
