// standalone.mjs — the package's standalone build (./build.sh site), for a
// bundler that does not follow new URL(…, import.meta.url) (esbuild) and so
// never copies the library's files: kibitz-files.js carries the engine
// worker's bundle and, gzip-compressed, each file it names, for
// static/standalone.js to unpack; kibitz-game-standalone.js is the element
// with its board's images written in and the standalone library imported.
// Left out, to keep the bundle small: the scalar module (standalone.js
// needs SIMD), the KBNvK table and the endgame model (the engine plays on
// without them, as when a file fails to arrive).
//   node scripts/standalone.mjs dist/lib/engine-worker-HASH.js dist/lib/kibitz-game.js
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

const REFERENCE = /new URL\("\.\/([\w-]+-[A-Z2-7]{8}\.(\w+))",import\.meta\.url\)\.href/g;
const LEFT_OUT = [/^kibitz-[A-Z2-7]{8}\.wasm$/, /^KBNvK-/, /\.kwdl$/];
const TYPES = { wasm: "application/wasm", svg: "image/svg+xml" };

const [workerPath, elementPath] = process.argv.slice(2);
if (!workerPath || !elementPath) throw new Error("usage: standalone.mjs ENGINE-WORKER.js KIBITZ-GAME.js");
const lib = dirname(workerPath);

/** @type {Record<string, [string, string]>} */
const files = {};
let named = 0;
const worker = readFileSync(workerPath, "utf8").replace(REFERENCE, (_, name, ext) => {
  named++;
  if (LEFT_OUT.some((re) => re.test(name))) return "null";
  const bytes = gzipSync(readFileSync(join(lib, name)), { level: 9 });
  files[`./${name}`] = [TYPES[ext] ?? "application/octet-stream", bytes.toString("base64")];
  return `kibitzFile("./${name}")`;
});
if (named === 0 || !Object.keys(files).some((f) => f.endsWith(".wasm"))) throw new Error(`${workerPath} names no engine module`);
writeFileSync(
  join(lib, "kibitz-files.js"),
  `// The standalone build's files (scripts/standalone.mjs, from ${basename(workerPath)}).\n` +
    `export const worker = ${JSON.stringify(worker)};\n` +
    `export const files = ${JSON.stringify(files)};\n`,
);

// The element: its images as blob: addresses that end with the file's name
// (boardview.js finds the name there when the element is given base-url).
let images = 0;
let imports = 0;
const element = readFileSync(elementPath, "utf8")
  .replace(REFERENCE, (_, name, ext) => {
    if (ext !== "svg") throw new Error(`${elementPath} names ${name}, which the standalone element cannot carry`);
    images++;
    const svg = readFileSync(join(lib, name), "utf8");
    return `URL.createObjectURL(new Blob([${JSON.stringify(svg)}],{type:"image/svg+xml"}))+"#${name}"`;
  })
  .replace(/from"\.\/kibitz\.js"/g, () => (imports++, 'from"./kibitz-standalone.js"'));
if (images === 0 || imports === 0) throw new Error(`${elementPath}: no image or no import of the library to rewrite`);
writeFileSync(join(lib, "kibitz-game-standalone.js"), element);
