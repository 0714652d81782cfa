// asset-urls.mjs — makes the bundles' file references visible to other
// bundlers (./build.sh site). esbuild's file loader leaves each imported
// file as a relative string ("./kibitz-simd-HASH.wasm"); a site that bundles
// the library again (webpack 5, vite) finds and emits a file only when it is
// written new URL("./file", import.meta.url), so each such string becomes
// that form, resolved to a full address as the string was by its users.
//   node scripts/asset-urls.mjs BUNDLE…
// Every reference must name a file beside its bundle: one that does not
// stops the build.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";

const ASSET = /"(\.\/[\w-]+-[A-Z2-7]{8}\.(?:wasm|nnue|ktb|kwdl|svg|tsv))"/g;

for (const bundle of process.argv.slice(2)) {
  const code = readFileSync(bundle, "utf8");
  let count = 0;
  const out = code.replace(ASSET, (_, file) => {
    if (!existsSync(join(dirname(bundle), file))) throw new Error(`${bundle} names ${file}, which is not beside it`);
    count++;
    return `new URL("${file}",import.meta.url).href`;
  });
  if (count === 0) throw new Error(`${bundle} names no file`);
  writeFileSync(bundle, out);
}
