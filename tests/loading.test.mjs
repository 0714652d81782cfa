// While the engine loads, the game's controls are disabled: nothing can be
// taken back, stopped, offered or resigned before there is a game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, base } from "./page.mjs";

test("the game's controls wait for the engine: disabled while it loads, set by the game once it has", async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  t.after(() => context.close());
  // Hold the engine's module until the controls have been looked at.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  let asked;
  const requested = new Promise((resolve) => (asked = resolve));
  await context.route("**/*.wasm", async (route) => {
    asked();
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(base);
  // The worker has asked for its module: the page's own start-up has run, and the engine waits.
  await requested;
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Loading the engine"));
  assert.equal(await page.locator("#engine-version").textContent(), "", "the engine must not have loaded yet");
  for (const id of ["takeback", "hint", "stop", "draw", "resign"]) {
    assert.equal(await page.locator(`#${id}`).isDisabled(), true, `#${id} is enabled while the engine loads`);
  }
  assert.equal(await page.locator("#flip").isDisabled(), false, "flipping the board needs no engine");
  release();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  // The first game is set up: White to move, nothing played yet.
  await page.waitForFunction(() => /Your move/.test(document.getElementById("status").textContent));
  assert.equal(await page.locator("#hint").isDisabled(), false, "a hint is available on the player's move");
  assert.equal(await page.locator("#takeback").isDisabled(), true, "nothing to take back yet");
});

test("a net that does not arrive is reported with its address, and nothing is played", async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  t.after(() => context.close());
  let netUrl = "";
  await context.route("**/*.nnue", (route) => {
    netUrl = route.request().url();
    return route.fulfill({ status: 404, body: "gone" });
  });
  const page = await context.newPage();
  await page.goto(base);
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("The engine failed to load"));
  const status = await page.locator("#status").textContent();
  assert.match(netUrl, /\/lib\/kibitz-[A-Z2-7]{8}\.nnue$/, "the worker fetches the net as a file of its own");
  assert.ok(status.includes(netUrl) && status.includes("HTTP 404"), status);
  assert.equal(await page.locator("#engine-version").textContent(), "");
});
