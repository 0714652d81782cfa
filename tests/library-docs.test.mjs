// docs/library.md's code examples, run as written against the built
// library (dist/lib, served by kibitz serve), one page each: every example
// must run to its end, and each console.log marked "// → value" must print
// that value (JSON). A doc whose example no longer matches what the engine
// answers fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { browser, base } from "./page.mjs";

const DOC = readFileSync("docs/library.md", "utf8");
const examples = [...DOC.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
const CHECKED = /^(\s*)console\.log\((.*)\);\s*\/\/ → (.+)$/;

test("docs/library.md has examples to run", () => {
  assert.ok(examples.length >= 4, `${examples.length} examples`);
  assert.ok(examples.filter((e) => e.split("\n").some((l) => CHECKED.test(l))).length >= 3);
});

examples.forEach((source, i) => {
  const first = source.split("\n").find((l) => l.trim() && !l.startsWith("import")) ?? source.split("\n")[0];
  test(`example ${i + 1} runs as documented: ${first.trim().slice(0, 60)}`, async (t) => {
    const want = [];
    const code = source
      .split("\n")
      .map((line) => {
        const m = line.match(CHECKED);
        if (!m) return line;
        want.push(JSON.parse(m[3]));
        return `${m[1]}window.kibitzChecked.push(${m[2]});`;
      })
      .join("\n")
      .replaceAll('"kibitz-chess/element"', '"/lib/kibitz-game.js"')
      .replaceAll('from "kibitz-chess"', 'from "/lib/kibitz.js"');
    const context = await browser.newContext();
    t.after(() => context.close());
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}lib/README.md`);
    await page.evaluate(() => {
      window.kibitzChecked = [];
      window.kibitzDone = false;
    });
    await page.addScriptTag({ type: "module", content: `${code}\nwindow.kibitzDone = true;` });
    await page.waitForFunction(() => window.kibitzDone, null, { timeout: 120000, polling: 100 }).catch(() => {});
    assert.deepEqual(errors, [], "the example threw");
    assert.equal(await page.evaluate(() => window.kibitzDone), true, "the example did not run to its end");
    assert.deepEqual(await page.evaluate(() => window.kibitzChecked), want);
  });
});
