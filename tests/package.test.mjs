// The library as a package (docs/library.md): npm pack in dist/lib packs
// exactly what a site needs, and TypeScript checks a consumer against the
// shipped declarations (and refuses a wrong one). Needs dist/ (./build.sh site).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, copyFileSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const LIB = "dist/lib";
const TSC = resolve("node_modules/typescript/bin/tsc");
let tmp;

before(() => {
  assert.ok(existsSync(join(LIB, "package.json")), "dist/lib is not built: run ./build.sh site first");
  tmp = mkdtempSync(join(tmpdir(), "kibitz-package-"));
});
after(() => tmp && rmSync(tmp, { recursive: true, force: true }));

test("npm pack packs exactly what a site needs", () => {
  const [pack] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: LIB, encoding: "utf8" }));
  const files = pack.files.map((f) => f.path).sort();
  const kinds = files.map((f) => f.replace(/-[A-Z2-7]{8}\./, "-HASH.")).sort();
  assert.deepEqual(kinds, [
    "KBNvK-HASH.ktb",
    "KPvK-HASH.ktb",
    "KQvK-HASH.ktb",
    "KRvK-HASH.ktb",
    "LICENSE",
    "README.md",
    "arrows-HASH.svg",
    "endgame-HASH.kwdl",
    "engine-worker-HASH.js",
    "kibitz-HASH.nnue",
    "kibitz-HASH.wasm",
    "kibitz-files.js",
    "kibitz-game-standalone.js",
    "kibitz-game.d.ts",
    "kibitz-game.js",
    "kibitz-simd-HASH.wasm",
    "kibitz-standalone.js",
    "kibitz.d.ts",
    "kibitz.js",
    "markers-HASH.svg",
    "package.json",
    "protocol.d.ts",
    "standard-HASH.svg",
    "team.d.ts",
  ]);
  // Every file a module names is in the package: the worker the library
  // starts, the modules, net and endgame files the worker fetches, the
  // element's images.
  const named = (file) => [...readFileSync(join(LIB, file), "utf8").matchAll(/[\w-]+-[A-Z2-7]{8}\.(?:js|wasm|nnue|ktb|kwdl|svg)/g)].map((m) => m[0]);
  const wanted = new Set([...named("kibitz.js"), ...named(files.find((f) => f.startsWith("engine-worker-"))), ...named("kibitz-game.js")]);
  assert.ok(wanted.size >= 11, `the modules name ${[...wanted]}`);
  for (const f of wanted) assert.ok(files.includes(f), `${f} is named by a module but not packed`);
  for (const f of files.filter((f) => /-[A-Z2-7]{8}\./.test(f))) assert.ok(wanted.has(f), `${f} is packed but no module uses it`);
  assert.ok(pack.size > 1_000_000 && pack.size < 20_000_000, `package size ${pack.size}`);
  // docs/library.md states the sizes npm reports.
  const doc = readFileSync("docs/library.md", "utf8").match(/package is \*\*([\d.]+) MB\*\* packed, \*\*([\d.]+) MB\*\* unpacked, \*\*(\d+) files\*\*/);
  assert.ok(doc, "docs/library.md states no package size");
  const mb = (n) => (n / 1e6).toFixed(1);
  assert.deepEqual([doc[1], doc[2], Number(doc[3])], [mb(pack.size), mb(pack.unpackedSize), pack.entryCount], "docs/library.md's package sizes");
});

test("the standalone build carries the package's own files, byte for byte, and leaves out what it says", async () => {
  const { worker, files } = await import(pathToFileURL(join(LIB, "kibitz-files.js")).href);
  const names = Object.keys(files)
    .map((f) => f.replace(/-[A-Z2-7]{8}\./, "-HASH."))
    .sort();
  assert.deepEqual(names, ["./KPvK-HASH.ktb", "./KQvK-HASH.ktb", "./KRvK-HASH.ktb", "./kibitz-HASH.nnue", "./kibitz-simd-HASH.wasm"]);
  for (const [name, [type, base64]] of Object.entries(files)) {
    assert.equal(type, name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream", name);
    assert.ok(gunzipSync(Buffer.from(base64, "base64")).equals(readFileSync(join(LIB, name))), `${name} differs from the packed file`);
    assert.ok(worker.includes(`kibitzFile("${name}")`), `the worker does not name ${name}`);
  }
  // The worker names no file by address: every one is carried or null.
  assert.doesNotMatch(worker, /import\.meta\.url/);
  const element = readFileSync(join(LIB, "kibitz-game-standalone.js"), "utf8");
  assert.match(element, /from"\.\/kibitz-standalone\.js"/);
  assert.doesNotMatch(element, /from"\.\/kibitz\.js"|import\.meta\.url/);
});

// install packs dist/lib and unpacks it as node_modules/kibitz-chess of a
// consumer folder holding the given TypeScript file.
function install(dir, source) {
  mkdirSync(dir, { recursive: true });
  const [pack] = JSON.parse(execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], { cwd: LIB, encoding: "utf8" }));
  mkdirSync(join(dir, "node_modules/kibitz-chess"), { recursive: true });
  execFileSync("tar", ["-xzf", join(dir, pack.filename), "-C", join(dir, "node_modules/kibitz-chess"), "--strip-components=1"]);
  copyFileSync(join("tests/consumer", source), join(dir, source));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "esnext",
        moduleResolution: "bundler",
        strict: true,
        noEmit: true,
        lib: ["es2023", "dom"],
        types: [],
      },
      files: [source],
    }),
  );
  return readdirSync(join(dir, "node_modules/kibitz-chess"));
}

test("TypeScript checks a consumer against the shipped declarations", () => {
  const dir = join(tmp, "good");
  const installed = install(dir, "consumer.ts");
  assert.ok(installed.includes("kibitz.d.ts") && installed.includes("kibitz-game.d.ts"));
  const r = spawnSync(process.execPath, [TSC, "--noEmit", "-p", dir], { encoding: "utf8" });
  assert.equal(r.status, 0, `tsc:\n${r.stdout}${r.stderr}`);
});

test("the declarations refuse a wrong consumer, line by line", () => {
  const dir = join(tmp, "wrong");
  install(dir, "wrong.ts");
  const r = spawnSync(process.execPath, [TSC, "--noEmit", "-p", dir], { encoding: "utf8" });
  assert.notEqual(r.status, 0, "tsc accepted the wrong consumer");
  const lines = readFileSync("tests/consumer/wrong.ts", "utf8").split("\n");
  const want = lines.flatMap((l, i) => (l.includes("// error") ? [i + 1] : []));
  const got = [...new Set([...r.stdout.matchAll(/wrong\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])))];
  assert.deepEqual(got, want, r.stdout);
});

// A server-side build imports every module: under Node.js neither entry
// touches the DOM, and starting an engine says why it cannot.
test("under Node.js both entries import, and createEngine says it needs a browser", () => {
  const script = `const k = await import("./${LIB}/kibitz.js");
const g = await import("./${LIB}/kibitz-game.js");
try { await k.createEngine(); console.log("started"); } catch (e) { console.log(e instanceof k.KibitzError, e.code, e.message); }
console.log(typeof g.KibitzGameElement);`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).trim().split("\n");
  assert.match(out[0], /^true load-failed not in a browser: /);
  assert.equal(out[1], "function");
});
