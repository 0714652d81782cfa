// site-manifest.mjs — the names esbuild gave the page's files (./build.sh
// site), read from its metafiles:
//   node scripts/site-manifest.mjs worker META   prints the worker bundle's name
//   node scripts/site-manifest.mjs write META…   writes dist/manifest.json (each
//     source file's name → its content-hashed name), dist/_headers (the cache
//     rules for Cloudflare's static assets) and dist/index.html (index.html
//     naming the hashed bundle and style sheet)
//   node scripts/site-manifest.mjs weight        prints the brotli size of each
//     file of the first visit (what a browser with SIMD fetches before the
//     first move can be played; tests/browser.test.mjs counts what it
//     really fetches) and of the files fetched later
import { readFileSync, writeFileSync, statSync } from "node:fs";
import { basename, relative } from "node:path";

const [command, ...metafiles] = process.argv.slice(2);

// names maps each output of the metafiles to the source name it stands
// for (an entry point's own name, the style sheet of the "app" entry, an
// asset's input file's name); the outputs are named by their paths in
// dist/ (the engine's files are in lib/).
function names(paths) {
  const out = {};
  for (const path of paths) {
    const { outputs } = JSON.parse(readFileSync(path, "utf8"));
    for (const [file, o] of Object.entries(outputs)) {
      if (file.endsWith(".map")) continue;
      const inputs = Object.keys(o.inputs);
      let source;
      if (o.entryPoint) source = basename(o.entryPoint);
      else if (file.endsWith(".css")) source = "app.css";
      else if (inputs.length === 1) source = basename(inputs[0]);
      else throw new Error(`${path}: cannot tell what ${file} is`);
      const path = relative("dist", file);
      if (out[source] && out[source] !== path) throw new Error(`two outputs for ${source}: ${out[source]}, ${path}`);
      out[source] = path;
    }
  }
  return out;
}

// FIRST_VISIT are the files the page fetches before its first move: the
// page, its code, style sheet and images, the worker, the net and the
// engine module (a browser with SIMD: all current ones).
const FIRST_VISIT = ["app.js", "app.css", "standard.svg", "markers.svg", "arrows.svg", "engine-worker.js", "kibitz.nnue", "kibitz-simd.wasm"];

if (command === "weight") {
  const built = JSON.parse(readFileSync("dist/manifest.json", "utf8"));
  const br = (f) => statSync(`dist/${f}.br`).size;
  const first = ["index.html", ...FIRST_VISIT.map((s) => built[s])];
  const total = first.reduce((s, f) => s + br(f), 0);
  console.log(`first visit, brotli: ${total} bytes in ${first.length} files`);
  for (const f of first) console.log(`  ${f.padEnd(40)} ${String(br(f)).padStart(9)}`);
  const later = Object.entries(built).filter(([s]) => !FIRST_VISIT.includes(s) && s !== "kibitz.wasm");
  console.log("fetched when needed, brotli:");
  for (const [, f] of later) console.log(`  ${f.padEnd(40)} ${String(br(f)).padStart(9)}`);
  process.exit(0);
}

const manifest = names(metafiles);
if (command === "worker") {
  const worker = manifest["engine-worker.js"];
  if (!worker) throw new Error("no engine-worker.js bundle in " + metafiles.join(", "));
  process.stdout.write(basename(worker));
} else if (command === "write") {
  for (const need of ["app.js", "app.css", "engine-worker.js", "kibitz.wasm", "kibitz-simd.wasm", "kibitz.nnue"]) {
    if (!manifest[need]) throw new Error(`the build made no ${need}`);
  }
  writeFileSync("dist/manifest.json", JSON.stringify(manifest, null, 1) + "\n");
  const immutable = Object.values(manifest).map((f) => `/${f}\n  Cache-Control: public, max-age=31536000, immutable\n`);
  // The library's modules keep their names (sites import them by name).
  const revalidated = ["/index.html", "/", "/sw.js", "/manifest.json", "/manifest.webmanifest", "/lib/kibitz.js", "/lib/kibitz-game.js"].map(
    (p) => `${p}\n  Cache-Control: no-cache\n`,
  );
  writeFileSync("dist/_headers", [...revalidated, ...immutable].join(""));
  let html = readFileSync("index.html", "utf8");
  for (const [attr, name] of [
    ["href", "app.css"],
    ["src", "app.js"],
  ]) {
    const plain = `${attr}="${name}"`;
    if (!html.includes(plain)) throw new Error(`index.html has no ${plain}`);
    html = html.replace(plain, `${attr}="${manifest[name]}"`);
  }
  writeFileSync("dist/index.html", html);
} else {
  throw new Error("usage: site-manifest.mjs worker META | write META…");
}
