// The strength control in Chromium: the engine's levels appear with their
// Elo, the depth slider shows the Elo measured for its depth, choosing a
// level sets the engine's strength (the engine panel shows the level the
// engine reports back), and the choice survives a reload.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SHOTS, open, drag, waitMoves, waitStatus, moveTexts, openSettings, closeSettings } from "./page.mjs";

// How the page writes an Elo: a true minus sign below 0.
const elo = (e) => `about ${e < 0 ? "\u2212" + -e : e} engine Elo`;

test("choosing a level: Elo labels, the engine plays at that strength, the choice is kept", async (t) => {
  const page = await open(t, "?side=w&depth=6");
  await waitStatus(page, /^Your move/);
  const scale = await page.evaluate(() => window.kibitz.engine.strengths);
  // Before Kibitz's first move the panel already says how it will play.
  assert.equal(await page.locator("#info-strength").textContent(), `depth 6, ${elo(scale.depths[5])}`);
  assert.ok(scale.levels.length >= 5, "the engine sends its levels");
  const labels = await page.locator("#level option").allTextContents();
  assert.equal(labels.length, scale.levels.length + 1);
  assert.match(labels[0], /^Full strength/);
  labels.slice(1).forEach((l, i) => assert.equal(l.startsWith(`Level ${i + 1} — ${elo(scale.levels[i])}, `), true, l));
  assert.ok(
    scale.levels.every((e, i) => i === 0 || e > scale.levels[i - 1]),
    "levels grow stronger",
  );
  assert.equal(await page.locator("#depth").isDisabled(), false);
  assert.ok(scale.depths[5] > 0, "depth 6 has a measured Elo");
  assert.equal(await page.locator("#depth-value").textContent(), `6 · ${elo(scale.depths[5])}`);
  assert.match(await page.locator("#depth-help").textContent(), new RegExp(`It plays at ${elo(scale.depths[5])}\\.$`));

  const weakest = scale.levels[0];
  await openSettings(page);
  await page.locator("#level").selectOption(String(weakest));
  assert.equal(await page.locator("#depth").isDisabled(), true, "a level sets its own search: the slider is off");
  assert.equal(await page.locator("#depth-value").textContent(), "set by level 1", "the slider's readout does not claim a depth's Elo");
  assert.equal((await page.locator("#depth-help").textContent()).startsWith(`Level 1, ${elo(weakest)}: Kibitz plays like a beginner`), true);
  await closeSettings(page);
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator("#info-strength").textContent(), `level 1, ${elo(weakest)}`);
  assert.match(await page.locator("#info-depth").textContent(), /^1\//, "the weakest level looks one ply ahead");
  // The line shown is the one played, which at a level is often not the best.
  for (const [from, to, n] of [
    ["d2", "d4", 4],
    ["g1", "f3", 6],
    ["b1", "c3", 8],
  ]) {
    const played = (await moveTexts(page)).at(-1);
    const line = await page
      .locator("#pv-lines li")
      .first()
      .evaluate((li) => li.querySelector(".pv, .line").textContent);
    assert.ok(line.replace(/^\d+(\.+|…)\s*/, "").startsWith(played), `played ${played}, the engine line shows ${line}`);
    if (!(await page.evaluate(([a, b]) => window.kibitz.state.game.moves({ verbose: true }).some((m) => m.from === a && m.to === b), [from, to]))) break;
    await drag(page, from, to);
    await waitMoves(page, n);
    await waitStatus(page, /^Your move/);
  }
  await page.screenshot({ path: `${SHOTS}/levels.png` });

  // Back to a depth (full strength is no level: the option's value is
  // empty, every number being a level): the engine panel says so.
  await openSettings(page);
  await page.locator("#level").selectOption("");
  await closeSettings(page);
  const before = (await moveTexts(page)).length;
  // The weakest level draws its moves at random, so White may be in check
  // here or h3 taken: play h2-h3 when it is legal, else any legal move.
  const legal = await page.evaluate(() =>
    window.kibitz.state.game
      .moves({ verbose: true })
      .filter((m) => !m.promotion)
      .map((m) => [m.from, m.to]),
  );
  const [from, to] = legal.find(([f, t]) => f === "h2" && t === "h3") ?? legal[0];
  await drag(page, from, to);
  await waitMoves(page, before + 2);
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator("#info-strength").textContent(), `depth 6, ${elo(scale.depths[5])}`);
  assert.match(await page.locator("#info-depth").textContent(), /^6\//);

  // The address's elo snaps to the nearest level and is kept on reload.
  const near = scale.levels[2];
  await page.goto(page.url().replace(/\?.*/, `?side=w&elo=${near + 7}`));
  await page.waitForFunction((e) => document.getElementById("level").value === String(e), near);
  await page.reload();
  await page.waitForFunction((e) => document.getElementById("level").value === String(e), near);
  assert.ok((await moveTexts(page)).length >= 0);
});

test("every depth the slider offers shows the Elo measured for it", async (t) => {
  const page = await open(t, "?side=w&depth=1");
  await waitStatus(page, /^Your move/);
  const scale = await page.evaluate(() => window.kibitz.engine.strengths);
  await openSettings(page);
  const slider = page.locator("#depth");
  const [lo, hi] = [Number(await slider.getAttribute("min")), Number(await slider.getAttribute("max"))];
  assert.equal(lo, 1);
  assert.equal(scale.depths.length, hi, `the engine has an Elo for each of the slider's ${hi} depths`);
  for (let d = lo; d <= hi; d++) {
    await slider.fill(String(d));
    assert.equal(await page.locator("#depth-value").textContent(), `${d} · ${elo(scale.depths[d - 1])}`);
    assert.match(await page.locator("#depth-help").textContent(), new RegExp(`It plays at ${elo(scale.depths[d - 1])}\\.$`));
  }
});
