// Browser tests of timed games: the clock control, both clocks with their
// increments, the engine keeping to its own clock, the PGN's TimeControl and
// %clk, clocks across a reload, flag fall by the rules, and premoves.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SHOTS, open, status, moveTexts, waitStatus, drag, waitMoves } from "./page.mjs";

// clocks reads the two clocks as shown: {top, bottom}, each {who, time,
// running, low}, the time in seconds.
async function clocks(page) {
  return page.evaluate(() => {
    const read = (id) => {
      const el = document.getElementById(id);
      const text = el.querySelector(".clock-time").textContent;
      const [m, s] = text.split(":");
      return { who: el.querySelector(".clock-who").textContent, text, seconds: Number(m) * 60 + Number(s), running: el.classList.contains("running"), low: el.classList.contains("low") };
    };
    return { hidden: document.getElementById("clocks").hidden, top: read("clock-top"), bottom: read("clock-bottom") };
  });
}

async function typeMove(page, san) {
  await page.locator("#move-text").fill(san);
  await page.locator("#move-submit").click();
}

test("a timed game: both clocks run with their increments, Kibitz keeps to its clock, the PGN has them, a reload keeps them", async (t) => {
  const page = await open(t, "?side=w&depth=20&clock=0.5+1", { width: 1366, height: 800 });
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator("#clock").inputValue(), "custom");
  assert.equal(await page.locator("#clock-minutes").inputValue(), "0.5");
  assert.equal(await page.locator("#settings-summary").textContent(), "White · depth 20 · ½+1");
  let c = await clocks(page);
  assert.equal(c.hidden, false);
  assert.deepEqual([c.top.who, c.top.text, c.bottom.who, c.bottom.text], ["Kibitz (Black)", "0:30", "You (White)", "0:30"]);
  // Each side's first move is free.
  await typeMove(page, "e4");
  c = await clocks(page);
  assert.deepEqual([c.top.text, c.top.running], ["0:30", false], "Kibitz's first move is not timed");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  c = await clocks(page);
  assert.deepEqual([c.top.text, c.bottom.text, c.bottom.running], ["0:30", "0:30", true]);
  // From the second move on the player's clock runs, and the increment follows each move.
  await page.waitForTimeout(1500);
  assert.ok((await clocks(page)).bottom.seconds < 29, "the player's clock runs");
  await typeMove(page, "Nf3");
  await waitMoves(page, 3);
  const kibitzThinks = await clocks(page);
  assert.equal(kibitzThinks.top.running, true);
  assert.ok(kibitzThinks.bottom.seconds >= 26 && kibitzThinks.bottom.seconds < 30, `about 1.5 s used, 1 s added: ${kibitzThinks.bottom.text}`);
  await waitMoves(page, 4);
  await waitStatus(page, /^Your move/);
  c = await clocks(page);
  assert.equal(c.bottom.running, true);
  // Kibitz planned its move from its clock: at depth 20 it would have thought far longer than 30 s.
  assert.ok(c.top.seconds > 20 && c.top.seconds <= 31, `Kibitz after its move: ${c.top.text}`);
  await page.waitForTimeout(2200);
  const later = await clocks(page);
  assert.ok(later.bottom.seconds <= c.bottom.seconds - 2, `the player's clock runs: ${c.bottom.text} → ${later.bottom.text}`);
  assert.equal(later.top.text, c.top.text, "the other clock stands");
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/clock.png` });
  // The PGN carries the control and the time left after each move.
  await page.locator(".io summary").first().click();
  await page.locator("#copy-pgn").click();
  const pgn = await page.evaluate(() => navigator.clipboard.readText().catch(() => document.getElementById("import-text").value));
  assert.match(pgn, /\[TimeControl "30\+1"\]/);
  const clks = [...pgn.matchAll(/\{\[%clk (\d+):(\d\d):(\d\d)\]\}/g)].map((m) => Number(m[2]) * 60 + Number(m[3]));
  assert.equal(clks.length, 4, pgn);
  assert.deepEqual(clks.slice(0, 2), [30, 30]);
  // A reload brings the clocks back, the player's still running.
  await page.reload();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  await waitStatus(page, /Your game is back/);
  const back = await clocks(page);
  assert.equal(back.top.text, c.top.text, "Kibitz's clock as it was");
  assert.ok(back.bottom.seconds <= later.bottom.seconds && back.bottom.seconds >= later.bottom.seconds - 20, `${later.bottom.text} → ${back.bottom.text}`);
  assert.equal(back.bottom.running, true);
});

test("flag fall: a player out of time loses, unless the other side cannot mate — then it is a draw", async (t) => {
  // Kibitz has a bare king: when the player's flag falls it cannot win.
  const page = await open(t, `?side=w&depth=4&clock=0.25+0&fen=${encodeURIComponent("4k3/8/8/8/8/8/8/4K2Q w - - 0 1")}`);
  await page.evaluate(() => (window.kibitz.sounds.enabled = true));
  await waitStatus(page, /^Your move/);
  await typeMove(page, "Qh2");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  await typeMove(page, "Qh3");
  await waitMoves(page, 4);
  await waitStatus(page, /^Your move/);
  await page.waitForFunction(() => document.getElementById("clock-bottom").classList.contains("low"), null, { timeout: 12000 });
  await waitStatus(page, /time ran out/, 25000);
  assert.equal(await status(page), "Your time ran out, but Black cannot checkmate — draw");
  assert.equal(await page.evaluate(() => window.kibitz.state.over.result), "1/2-1/2");
  assert.ok((await page.evaluate(() => window.kibitz.sounds.played)).includes("low"), "the low-time warning sounded");
  const c = await clocks(page);
  assert.equal(c.bottom.text, "0:00.0");
  assert.equal(c.bottom.running, false);
  assert.equal(await page.locator("#resign").isDisabled(), true);
  assert.equal((await moveTexts(page)).length, 4, "nothing is played after the flag");
});

test("premoves: made while Kibitz thinks, played at once when legal, cancelled by a right-click", async (t) => {
  const page = await open(t, "?side=w&depth=20");
  await waitStatus(page, /^Your move/);
  await drag(page, "e2", "e4");
  await waitStatus(page, /^Kibitz is thinking/);
  await drag(page, "d2", "d4");
  await page.waitForFunction(() => window.kibitz.state.premove?.to === "d4");
  assert.equal(await page.locator("#board .marker-premove").count(), 2);
  await page.locator("#stop").click(); // Kibitz moves now; the premove follows at once
  await waitMoves(page, 3);
  assert.equal((await moveTexts(page))[2], "d4");
  assert.equal(await page.evaluate(() => window.kibitz.state.premove), null);
  assert.equal(await page.locator("#board .marker-premove").count(), 0);
  // A premove cancelled with a right-click is not played.
  await waitStatus(page, /^Kibitz is thinking/);
  await drag(page, "g1", "f3");
  await page.waitForFunction(() => window.kibitz.state.premove?.to === "f3");
  const board = await page.locator("#board").boundingBox();
  await page.mouse.click(board.x + board.width / 2, board.y + board.height / 2, { button: "right" });
  assert.equal(await status(page), "Premove cancelled");
  await page.locator("#stop").click();
  await waitMoves(page, 4);
  await waitStatus(page, /^Your move/);
  assert.equal((await moveTexts(page)).length, 4);
  // Leaving the game for analysis drops a premove.
  await drag(page, "b1", "c3");
  await waitStatus(page, /^Kibitz is thinking/);
  await drag(page, "g1", "f3");
  await page.waitForFunction(() => window.kibitz.state.premove?.to === "f3");
  await page.locator("#analyse").click();
  await page.waitForFunction(() => window.kibitz.state.mode === "analyse" && window.kibitz.state.premove === null);
  assert.equal(await page.locator("#board .marker-premove").count(), 0);
});
