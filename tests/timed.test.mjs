// Browser tests of timed games: the clock control, both clocks with their
// increments, the engine keeping to its own clock, the PGN's TimeControl and
// %clk, clocks across a reload, flag fall by the rules, and premoves.
// Needs dist/ and bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { SHOTS, open, status, moveTexts, waitStatus, drag, waitMoves, squareCenter, boardMatchesGame, typeMove, clickInIO } from "./page.mjs";

// clocks reads the two clocks as shown: {top, bottom}, each {who, time,
// running, low}, the time in seconds.
async function clocks(page) {
  return page.evaluate(() => {
    const read = (id) => {
      const el = document.getElementById(id);
      const text = el.querySelector(".clock-time").textContent;
      const [m, s] = text.split(":");
      return {
        who: el.querySelector(".clock-who").textContent,
        text,
        seconds: Number(m) * 60 + Number(s),
        running: el.classList.contains("running"),
        low: el.classList.contains("low"),
      };
    };
    return { hidden: document.getElementById("clocks").hidden, top: read("clock-top"), bottom: read("clock-bottom") };
  });
}

// waitClock waits until a clock ("top" or "bottom") shows at most seconds.
async function waitClock(page, which, seconds) {
  await page.waitForFunction(
    ([id, s]) => {
      const [m, sec] = document.querySelector(`#${id} .clock-time`).textContent.split(":");
      return Number(m) * 60 + Number(sec) <= s;
    },
    [`clock-${which}`, seconds],
    { timeout: 60000 },
  );
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
  // The player's clock runs from Kibitz's reply on (it may already show 0:29: the PGN's %clk
  // below checks that both first moves were free).
  assert.deepEqual([c.top.text, c.bottom.running], ["0:30", true]);
  assert.ok(c.bottom.seconds <= 30, c.bottom.text);
  // From the second move on the player's clock runs, and the increment follows each move.
  await waitClock(page, "bottom", 28); // the player's clock runs
  const before = (await clocks(page)).bottom.seconds;
  const typed = Date.now();
  await typeMove(page, "Nf3");
  await waitMoves(page, 3);
  const kibitzThinks = await clocks(page);
  const took = (Date.now() - typed) / 1000;
  assert.equal(kibitzThinks.top.running, true);
  assert.equal(kibitzThinks.bottom.running, false);
  // What was left when the move was typed, less the time the move took, plus the 1 s increment
  // (the clock shows whole seconds, rounded down).
  assert.ok(
    kibitzThinks.bottom.seconds <= before + 1 && kibitzThinks.bottom.seconds >= before - took,
    `${before} s before the move, ${kibitzThinks.bottom.text} after it, ${took} s later`,
  );
  await waitMoves(page, 4);
  await waitStatus(page, /^Your move/);
  c = await clocks(page);
  assert.equal(c.bottom.running, true);
  // Kibitz planned its move from its clock, not from the depth 20 asked for (which from a cold
  // table takes far longer than 30 s): a move never takes more than a third of the clock (the
  // time manager's hard limit), so at least 19 of its 30 s are left, with the increment — however
  // fast or slow the machine. (It may reach depth 20 in time when the table is warm from its first
  // move, untimed, whose line the player followed.)
  const depth = parseInt(await page.locator("#info-depth").textContent(), 10); // "depth/seldepth"
  assert.ok(depth >= 1 && depth <= 20, `Kibitz's reply searched to depth ${depth}`);
  assert.ok(c.top.seconds >= 19 && c.top.seconds <= 31, `Kibitz after its move: ${c.top.text}`);
  t.diagnostic(`Kibitz's reply: depth ${depth}, ${c.top.text} left`);
  await waitClock(page, "bottom", c.bottom.seconds - 2);
  const later = await clocks(page);
  assert.ok(later.bottom.seconds <= c.bottom.seconds - 2, `the player's clock runs: ${c.bottom.text} → ${later.bottom.text}`);
  assert.equal(later.top.text, c.top.text, "the other clock stands");
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/clock.png` });
  // The PGN carries the control and the time left after each move.
  await page.locator(".io summary").first().click();
  await clickInIO(page, "#copy-pgn");
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
  await page.waitForFunction(() => document.getElementById("clock-bottom").classList.contains("low"), null, { timeout: 60000 });
  await waitStatus(page, /time ran out/);
  assert.equal(await status(page), "Your time ran out, but Black cannot checkmate — draw");
  assert.equal(await page.evaluate(() => window.kibitz.state.over.result), "1/2-1/2");
  assert.ok((await page.evaluate(() => window.kibitz.sounds.played)).includes("low"), "the low-time warning sounded");
  const c = await clocks(page);
  assert.equal(c.bottom.text, "0:00.0");
  assert.equal(c.bottom.running, false);
  assert.equal(await page.locator("#resign").isDisabled(), true);
  assert.equal((await moveTexts(page)).length, 4, "nothing is played after the flag");
});

// Kibitz's searches are held until the test says stop (Move now): every
// premove below is made while Kibitz is certainly thinking, however fast
// or slow the machine.
async function holdEngine(page) {
  await page.evaluate(() => (window.kibitz.engine.holdSearches = true));
}

test("premoves: made while Kibitz thinks, played at once when legal, cancelled by a right-click", async (t) => {
  const page = await open(t, "?side=w&depth=20");
  await holdEngine(page);
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

// A move dragged while Kibitz thinks and dropped after Kibitz has moved is
// an ordinary move (as on lichess); dropped before, it is a premove that
// plays as soon as Kibitz has moved. Both orders, each forced by holding
// Kibitz's search until the test stops it.
test("a move dragged while Kibitz thinks: dropped after its reply it is played at once, dropped before it is a premove", async (t) => {
  const page = await open(t, "?side=w&depth=20");
  await holdEngine(page);
  await waitStatus(page, /^Your move/);
  await drag(page, "e2", "e4");
  await waitStatus(page, /^Kibitz is thinking/);
  // Picked up while Kibitz thinks, held while it moves, dropped after.
  const a = await squareCenter(page, "g1");
  const b = await squareCenter(page, "f3");
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.evaluate(() => window.kibitz.engine.stop());
  await waitMoves(page, 2);
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  await waitMoves(page, 3);
  assert.equal((await moveTexts(page))[2], "Nf3", "the drop after Kibitz's move is an ordinary move");
  await waitStatus(page, /^Kibitz is thinking/);
  assert.equal(await page.evaluate(() => window.kibitz.state.premove), null);
  // Picked up and dropped while Kibitz thinks: a premove, played after its
  // reply — once the board has settled from the move dropped mid-reply (a
  // busy machine may still be drawing it).
  await boardMatchesGame(page);
  await drag(page, "f1", "c4");
  await page.waitForFunction(() => window.kibitz.state.premove?.to === "c4");
  assert.equal((await moveTexts(page)).length, 3, "nothing played before Kibitz's reply");
  await page.evaluate(() => window.kibitz.engine.stop());
  await waitMoves(page, 5);
  const moves = await moveTexts(page);
  const legal = new Chess();
  for (const san of moves.slice(0, 4)) legal.move(san);
  const bishop = legal.moves({ verbose: true }).find((m) => m.from === "f1" && m.to === "c4");
  assert.ok(bishop, `f1–c4 is legal after ${moves.join(" ")}`);
  assert.equal(moves[4], bishop.san);
  await boardMatchesGame(page);
});

// The clocks stand beside the board on a wide screen, level with its top
// and bottom edges (Kibitz's at the top), and side by side under it on a phone.
test("the clocks beside the board on a wide screen, under it on a phone", async (t) => {
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 980, height: 760 },
    { width: 390, height: 844 },
  ]) {
    const page = await open(t, "?depth=1&side=w&clock=5+3", viewport);
    await waitStatus(page, /^Your move/);
    const [board, top, bottom] = await Promise.all(["#board", "#clock-top", "#clock-bottom"].map((s) => page.locator(s).boundingBox()));
    const size = `${viewport.width}×${viewport.height}`;
    if (viewport.width > 720) {
      for (const c of [top, bottom])
        assert.ok(c.x >= board.x + board.width && c.x + c.width <= viewport.width, `${size}: a clock beside the board ${JSON.stringify([c, board])}`);
      assert.ok(Math.abs(top.y - board.y) < 12, `${size}: the top clock level with the board's top (${top.y} vs ${board.y})`);
      assert.ok(Math.abs(bottom.y + bottom.height - (board.y + board.height)) < 12, `${size}: the bottom clock level with its bottom`);
      const panel = await page.locator(".panel").boundingBox();
      assert.ok(bottom.x + bottom.width <= panel.x, `${size}: the clocks left of the side panel`);
    } else {
      for (const c of [top, bottom]) assert.ok(c.y >= board.y + board.height, `${size}: a clock under the board`);
      assert.ok(Math.abs(top.y - bottom.y) < 2 && top.x < bottom.x, `${size}: side by side`);
    }
    assert.match((await clocks(page)).bottom.who, /You/);
  }
});
