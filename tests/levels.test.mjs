// The strength control in Chromium: the engine's levels appear, choosing
// one sets the engine's strength (the engine panel shows the level the
// engine reports back), and the choice survives a reload.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, drag, waitMoves, waitStatus, moveTexts } from "./page.mjs";

test("choosing a level: level labels, the engine plays at that strength, the choice is kept", async (t) => {
  const page = await open(t, "?side=w&depth=6");
  await waitStatus(page, /^Your move/);
  const scale = await page.evaluate(() => window.kibitz.engine.strengths);
  assert.ok(scale.levels.length >= 5, "the engine sends its levels");
  const labels = await page.locator("#level option").allTextContents();
  assert.equal(labels.length, scale.levels.length + 1);
  assert.match(labels[0], /^Full strength/);
  labels.slice(1).forEach((l, i) => assert.equal(l.startsWith(`Level ${i + 1} — `), true, l));
  assert.equal(await page.locator("#depth").isDisabled(), false);

  const weakest = scale.levels[0];
  await page.locator("#level").selectOption(String(weakest));
  assert.equal(await page.locator("#depth").isDisabled(), true, "a level sets its own search: the slider is off");
  assert.match(await page.locator("#depth-help").textContent(), /^Level 1: Kibitz plays like a beginner/);
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator("#info-strength").textContent(), "level 1 (beginner)");
  assert.match(await page.locator("#info-depth").textContent(), /^1\//, "the weakest level looks one ply ahead");

  // Back to a depth: the engine panel says so.
  await page.locator("#level").selectOption("0");
  await drag(page, "d2", "d4");
  await waitMoves(page, 4);
  await waitStatus(page, /^Your move/);
  assert.match(await page.locator("#info-strength").textContent(), /^depth 6/);
  assert.match(await page.locator("#info-depth").textContent(), /^6\//);

  // The address's elo snaps to the nearest level and is kept on reload.
  const near = scale.levels[2];
  await page.goto(page.url().replace(/\?.*/, `?side=w&elo=${near + 7}`));
  await page.waitForFunction((e) => document.getElementById("level").value === String(e), near);
  await page.reload();
  await page.waitForFunction((e) => document.getElementById("level").value === String(e), near);
  assert.ok((await moveTexts(page)).length >= 0);
});
