// The library under the bundlers web developers use (docs/library.md,
// "Bundlers"): the packed dist/lib installed as node_modules/kibitz-chess
// of a small site (tests/bundlers/), built by webpack 5 and vite with no
// configuration at all, served from a sub-path; the site's search plays a
// move and its <kibitz-game> starts, in Chromium, with no request that
// fails. vite's dev server is tried the same way. esbuild does not follow
// new URL(…, import.meta.url) (evanw/esbuild#795) and sets no "production"
// condition: with no option it takes the standalone build, which carries
// its files; with --conditions=production it takes the lean one, which
// plays once the package's files are copied beside the bundle, as the docs
// say, and without them says which address failed and why.
// Needs dist/ (./build.sh site).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:http";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { browser } from "./page.mjs";
import { freePort } from "./workerd.mjs";

const BIN = resolve("node_modules/.bin");
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".wasm": "application/wasm" };
let tmp, server, site;
// The policy docs/library.md gives for the standalone build: blob: workers and files.
// The lean build's policy, which has no blob: in it.
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const STANDALONE_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self' blob:";

// project makes a site folder: the fixture's page and script, the library
// unpacked from npm pack as its node_modules/kibitz-chess.
function project(name, tarball) {
  const dir = join(tmp, name);
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "node_modules/kibitz-chess"), { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", join(dir, "node_modules/kibitz-chess"), "--strip-components=1"]);
  cpSync("tests/bundlers/index.js", join(dir, "src/index.js"));
  cpSync("tests/bundlers/index.html", join(dir, "index.html"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `site-${name}`, private: true, type: "module" }));
  return dir;
}

// page writes the host page of a bundle that is not vite's (vite writes its own).
const page = (dir, script) => writeFileSync(join(dir, "index.html"), readFileSync("tests/bundlers/index.html", "utf8").replace("./src/index.js", script));

const built = {}; // sub-path → folder served there

before(() => {
  assert.ok(existsSync("dist/lib/package.json"), "dist/lib is not built: run ./build.sh site first");
  tmp = mkdtempSync(join(tmpdir(), "kibitz-bundlers-"));
  const [pack] = JSON.parse(execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", tmp], { cwd: "dist/lib", encoding: "utf8" }));
  const tarball = join(tmp, pack.filename);
  const run = (dir, cmd, args) => execFileSync(join(BIN, cmd), args, { cwd: dir, encoding: "utf8", stdio: "pipe" });

  // webpack 5 with no configuration file: src/index.js → dist/main.js.
  const wp = project("webpack", tarball);
  run(wp, "webpack", ["--mode", "production"]);
  page(join(wp, "dist"), "./main.js");
  built.webpack = join(wp, "dist");

  // vite build, relative addresses (the site's own choice for a sub-path).
  const vt = project("vite", tarball);
  run(vt, "vite", ["build", "--base", "./", "--logLevel", "warn"]);
  built.vite = join(vt, "dist");

  // esbuild with no option: the standalone build, one bundle and nothing beside it.
  const eb = project("esbuild", tarball);
  run(eb, "esbuild", ["src/index.js", "--bundle", "--format=esm", "--outdir=out", "--log-level=warning"]);
  page(join(eb, "out"), "./index.js");
  built.esbuild = join(eb, "out");
  built["esbuild-csp"] = built.esbuild;
  built["esbuild-strict"] = built.esbuild;
  // esbuild with the production condition: the lean bundle, then the package's files copied beside it.
  run(eb, "esbuild", ["src/index.js", "--bundle", "--format=esm", "--outdir=lean", "--conditions=production", "--log-level=warning"]);
  page(join(eb, "lean"), "./index.js");
  built["esbuild-bare"] = join(tmp, "esbuild-bare");
  cpSync(join(eb, "lean"), built["esbuild-bare"], { recursive: true });
  const lib = join(eb, "node_modules/kibitz-chess");
  for (const f of readdirSync(lib)) if (/-[A-Z2-7]{8}\./.test(f)) cpSync(join(lib, f), join(eb, "lean", f));
  built["esbuild-lean"] = join(eb, "lean");
});

// A static host that, like vite preview and many others, answers a path it
// does not have with the site's index.html.
before(async () => {
  server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (path === "/favicon.ico") return res.writeHead(204).end();
    const [, name, rest] = path.match(/^\/sites\/([\w-]+)\/(.*)$/) ?? [];
    const root = built[name];
    if (!root) return res.writeHead(404).end();
    const rel = normalize(rest || "index.html").replace(/^(\.\.[/\\])+/, "");
    try {
      let body = await readFile(join(root, rel));
      // Under the policy the page goes without its empty icon (a data: image; /favicon.ico answers).
      if (/-(csp|strict)$/.test(name) && rel === "index.html") body = body.toString().replace(/<link rel="icon"[^>]*>\n/, "");
      const policy = { csp: STANDALONE_CSP, strict: STRICT_CSP }[name.split("-").pop()];
      const csp = policy ? { "content-security-policy": policy } : {};
      res.writeHead(200, { "content-type": TYPES[extname(rel)] || "application/octet-stream", ...csp }).end(body);
    } catch {
      res.writeHead(200, { "content-type": "text/html" }).end(await readFile(join(root, "index.html")));
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  site = `http://127.0.0.1:${server.address().port}/sites/`;
});

after(() => {
  server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// plays opens a built site and waits for its search's move and its
// element's first position; every request must succeed.
async function plays(t, url) {
  const context = await browser.newContext();
  t.after(() => context.close());
  const p = await context.newPage();
  const failed = [];
  p.on("requestfailed", (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
  p.on("response", (r) => r.status() >= 400 && failed.push(`${r.url()}: HTTP ${r.status()}`));
  p.on("pageerror", (e) => failed.push(e.message));
  p.on("console", (m) => m.type() === "error" && failed.push(m.text()));
  await p.goto(url);
  await p.waitForFunction(() => !document.getElementById("out")?.textContent?.startsWith("waiting"), null, { timeout: 90000 });
  const out = await p.evaluate(() => document.getElementById("out")?.textContent ?? "");
  assert.match(out, /^bestmove [a-h][1-8][a-h][1-8]/, out);
  // The element: its board drawn with the package's piece images, its engine ready.
  await p.waitForFunction(() => document.querySelector("kibitz-game")?.textContent?.includes("Your move"), null, { timeout: 90000 });
  await p.waitForFunction(() => document.querySelectorAll("kibitz-game .pieces use").length === 32, null, { timeout: 30000 });
  assert.deepEqual(failed, []);
}

// scripts lists a build's JavaScript files and their text, folders included.
const scripts = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith(".js"))
    .map((f) => readFileSync(join(dir, String(f)), "utf8"));

for (const name of ["webpack", "vite"]) {
  test(`${name}'s build plays from a sub-path with no option for the library`, async (t) => {
    // The lean build: the files emitted beside it, not carried in it.
    assert.ok(!scripts(built[name]).some((code) => code.includes("kibitzFile(")), `${name} took the standalone build`);
    assert.ok(
      readdirSync(built[name], { recursive: true }).some((f) => String(f).endsWith(".wasm")),
      `${name} emitted no engine module`,
    );
    await plays(t, `${site}${name}/`);
  });
}

test("esbuild's build plays from a sub-path with no option and no file beside it", async (t) => {
  const files = readdirSync(built.esbuild).sort();
  assert.deepEqual(files, ["index.html", "index.js"]);
  await plays(t, `${site}esbuild/`);
});

test("esbuild's build plays under the Content-Security-Policy the docs give for it", async (t) => {
  await plays(t, `${site}esbuild-csp/`);
});

// answer opens a built site and returns what its search ended with.
async function answer(t, url) {
  const context = await browser.newContext();
  t.after(() => context.close());
  const p = await context.newPage();
  await p.goto(url);
  await p.waitForFunction(() => !document.getElementById("out")?.textContent?.startsWith("waiting"), null, { timeout: 60000 });
  return p.evaluate(() => document.getElementById("out")?.textContent ?? "");
}

test("esbuild's build under a policy without blob: says what the policy lacks", async (t) => {
  const out = await answer(t, `${site}esbuild-strict/`);
  assert.match(out, /^error KibitzError load-failed: .*worker-src blob: and connect-src blob:/, out);
});

test("esbuild's lean build plays from a sub-path once the package's files are beside it", async (t) => {
  const bundle = readFileSync(join(built["esbuild-lean"], "index.js"), "utf8");
  assert.ok(!bundle.includes("kibitzFile("), "the lean bundle carries the standalone build's files");
  await plays(t, `${site}esbuild-lean/`);
});

test("esbuild's lean bundle without the package's files says which address failed and why", async (t) => {
  const out = await answer(t, `${site}esbuild-bare/`);
  assert.match(
    out,
    /^error KibitzError load-failed: the engine worker http:\/\/127\.0\.0\.1:\d+\/sites\/esbuild-bare\/engine-worker-[A-Z2-7]{8}\.js did not load: the server answered with a page/,
    out,
  );
  assert.match(out, /baseUrl/);
});

test("vite's dev server serves the library as it is", async (t) => {
  const dir = project(
    "vite-dev",
    join(
      tmp,
      readdirSync(tmp).find((f) => f.endsWith(".tgz")),
    ),
  );
  const port = await freePort();
  const dev = spawn(join(BIN, "vite"), ["--port", String(port), "--strictPort", "--host", "127.0.0.1"], { cwd: dir, stdio: "pipe" });
  t.after(() => dev.kill());
  await new Promise((ok, fail) => {
    dev.stdout.on("data", (d) => d.toString().includes(String(port)) && ok());
    dev.on("exit", (code) => fail(new Error(`vite exited ${code}`)));
  });
  await plays(t, `http://127.0.0.1:${port}/`);
});
