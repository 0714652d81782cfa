// precompress.mjs — writes FILE.gz (gzip -9) and FILE.br (brotli, quality
// 11) beside each of the site's compressible files, so that any static
// host, `kibitz serve` and the Worker can send the smaller one a browser
// accepts. Node's own zlib does both: no tool of the build machine is
// needed, and every build ships the same bytes (no names or times inside).
//   node scripts/precompress.mjs DIR
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, extname } from "node:path";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const TEXT = new Set([".js", ".css", ".html", ".svg", ".json", ".tsv"]);
const BINARY = new Set([".wasm", ".ktb", ".kwdl", ".nnue"]);

// files lists DIR's compressible files, recursively.
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    const ext = extname(e.name);
    return e.isFile() && (TEXT.has(ext) || BINARY.has(ext)) ? [path] : [];
  });
}

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/precompress.mjs DIR");
  process.exit(2);
}
let raw = 0,
  gz = 0,
  br = 0;
for (const path of files(dir)) {
  const data = readFileSync(path);
  const gzipped = gzipSync(data, { level: 9 });
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: TEXT.has(extname(path)) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
    },
  });
  writeFileSync(`${path}.gz`, gzipped);
  writeFileSync(`${path}.br`, brotli);
  raw += data.length;
  gz += gzipped.length;
  br += brotli.length;
}
console.log(`precompressed ${dir}: ${raw} bytes, ${gz} gzip, ${br} brotli`);
