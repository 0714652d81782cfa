// The repository's rules for its JavaScript, as internal/repotest checks
// its Go: no function past 80 lines (the page's parts split by what they
// do, as docs/architecture.md says), in every script of the repository,
// tests included. Functions are found by TypeScript's own parser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const LIMIT = 80;
// Folders that hold no source of the project's own: installed packages,
// build outputs, caches, and test data.
const SKIP = new Set(["node_modules", "dist", "bin", "testdata"]);

/** @param {string} dir @returns {string[]} */
function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) || e.name.startsWith(".") ? [] : scripts(path);
    return /\.(m?js|ts)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Each function of a script over the limit: "file:line name (n lines)". @param {string} path @param {string} text */
function longFunctions(path, text) {
  const src = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const visit = (/** @type {ts.Node} */ n) => {
    if (ts.isFunctionLike(n) && "body" in n && n.body) {
      const from = src.getLineAndCharacterOfPosition(n.getStart(src)).line;
      const lines = src.getLineAndCharacterOfPosition(n.end).line - from + 1;
      const named = "name" in n && n.name ? n.name : ts.isVariableDeclaration(n.parent) ? n.parent.name : null;
      const name = named ? named.getText(src) : "(a function)";
      if (lines > LIMIT) out.push(`${path}:${from + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

test(`no JavaScript function is longer than ${LIMIT} lines`, () => {
  const files = scripts(".");
  assert.ok(files.filter((f) => f.startsWith("static/")).length > 40, `only ${files.length} scripts found`);
  assert.deepEqual(
    files.flatMap((f) => longFunctions(f, readFileSync(f, "utf8"))),
    [],
  );
});

test("the rule finds a long function, an arrow and a method, and not one of 80 lines", () => {
  const lines = (/** @type {number} */ n) => "  x();\n".repeat(n);
  // 80 lines, 81 lines (from line 81), a class at 162 with an 81-line method from 163.
  const text = `function short() {\n${lines(LIMIT - 2)}}\nconst arrow = () => {\n${lines(LIMIT - 1)}};\nclass C {\n  m() {\n${lines(LIMIT - 1)}  }\n}\n`;
  assert.deepEqual(longFunctions("probe.js", text), ["probe.js:81 arrow (81 lines)", "probe.js:163 m (81 lines)"]);
});
