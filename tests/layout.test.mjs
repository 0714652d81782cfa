// Browser tests of the room the page gives the moves: rows of the move list
// in view on a laptop with three engine lines and on a tall screen, the
// review's accuracy table inside its panel, the import box closing after
// an import (the 980×760 embed does not scroll), the board size setting.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess } from "chess.js";
import { open, waitStatus, waitMoves, fillImport, longGame, drag, resign, typeMove, clickInIO, openSettings } from "./page.mjs";

// rowsInView counts the move list's rows wholly visible in its box and the
// window, below its sticky heading and above the annotation buttons pinned
// at its foot.
const rowsInView = (page) =>
  page.evaluate(() => {
    const area = document.querySelector(".moves-area").getBoundingClientRect();
    const head = document.querySelector(".moves-head").getBoundingClientRect();
    const list = document.getElementById("moves").getBoundingClientRect();
    const pinned = document.querySelector("#annotate:not([hidden])");
    const foot = pinned && getComputedStyle(pinned).position === "sticky" ? pinned.getBoundingClientRect().top : Infinity;
    const top = Math.max(area.top, head.bottom, list.top, 0);
    const bottom = Math.min(area.bottom, list.bottom, innerHeight, foot);
    const rows = [...document.querySelectorAll("#moves .num")].map((n) => n.getBoundingClientRect());
    return rows.filter((r) => r.top >= top - 1 && r.bottom <= bottom + 1).length;
  });

test("the move list has room: a laptop with three engine lines, and a tall screen", async (t) => {
  const uci = longGame();
  const laptop = await open(t, `?moves=${uci.join("+")}&analyse=1`, { width: 1366, height: 800 });
  await waitMoves(laptop, 60);
  await laptop.selectOption("#lines", "3");
  await laptop.waitForFunction(() => document.querySelectorAll("#pv-lines li").length === 3, null, { timeout: 30000 });
  const rows = await rowsInView(laptop);
  assert.ok(rows >= 6, `${rows} move rows in view at 1366×800 with three lines`);
  // The annotation buttons of the move shown are in view.
  await laptop.locator('#moves button[data-ply="20"]').click();
  const annotate = await laptop.locator("#annotate").boundingBox();
  assert.ok(annotate && annotate.y + annotate.height <= 800, `the annotation buttons at ${JSON.stringify(annotate)}`);
  const tall = await open(t, `?moves=${uci.join("+")}&analyse=1`, { width: 1366, height: 1300 });
  await waitMoves(tall, 60);
  const tallRows = await rowsInView(tall);
  assert.ok(tallRows >= 12, `${tallRows} move rows in view at 1366×1300`);
  // No empty space under the panel: the moves' box grows to the window's foot.
  const foot = await tall.evaluate(() => document.querySelector(".panel").lastElementChild.getBoundingClientRect().bottom);
  assert.ok(foot > 1300 - 80 && foot <= 1300, `the panel ends at ${foot} of 1300`);
});

test("the review's accuracy table keeps inside its panel, on a laptop and on a phone", async (t) => {
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await open(t, `?moves=e2e4+e7e5+g1f3+b8c6+f1c4+g8f6&analyse=1`, viewport);
    await waitMoves(page, 6);
    await page.locator("#review-depth").selectOption("6");
    await page.locator("#review").click();
    await page.locator(".review-accuracy").waitFor({ timeout: 60000 });
    const { table, panel } = await page.locator(".review-accuracy").evaluate((e) => ({
      table: e.getBoundingClientRect().right,
      panel: e.closest("section").getBoundingClientRect().right,
    }));
    assert.ok(table <= panel, `at ${viewport.width} px the table ends at ${table}, its panel at ${panel}`);
    const cut = await page
      .locator(".review-accuracy")
      .evaluate((e) => [...e.querySelectorAll("th, td")].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
    assert.deepEqual(cut, [], "no heading or figure is cut off");
  }
});

test("an import closes its box: the 980×760 embed does not scroll", async (t) => {
  const page = await open(t, "?depth=2&side=w", { width: 980, height: 760 });
  await waitStatus(page, /^Your move/);
  await page.locator("summary", { hasText: "PGN / FEN" }).click();
  await fillImport(page, `[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 3. Bb5 a6 *`);
  await page.locator("#import").click();
  await waitMoves(page, 6);
  assert.equal(
    await page
      .locator(".io details")
      .first()
      .evaluate((d) => d.open),
    false,
  );
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(height <= 760, `the page is ${height} px tall`);
});

test("board size: a smaller board from the settings, kept for the next visit", async (t) => {
  const page = await open(t, "?depth=2&side=w", { width: 1366, height: 900 });
  await waitStatus(page, /^Your move/);
  const width = () => page.locator("#board").evaluate((e) => e.getBoundingClientRect().width);
  const full = await width();
  await page.evaluate(() => {
    document.getElementById("settings").open = true;
    document.querySelector("details.look").open = true;
  });
  await page.locator("#board-size").fill("70");
  await page.waitForFunction((w) => Math.abs(document.getElementById("board").getBoundingClientRect().width - w * 0.7) < 2, full);
  // The board's squares follow (cm-chessboard redraws at the new size).
  await page.waitForFunction(() => {
    const b = document.getElementById("board").getBoundingClientRect();
    const h1 = document.querySelector('#board rect[data-square="h1"]').getBoundingClientRect();
    return Math.abs(h1.right - b.right) < b.width / 8;
  });
  await page.reload();
  await waitStatus(page, /^Your move/);
  assert.ok(Math.abs((await width()) - full * 0.7) < 2, "the size is remembered");
});

test("phone: the board takes nearly the whole width beside a thin evaluation bar, its label whole", async (t) => {
  const page = await open(t, "?depth=6&side=w", { width: 390, height: 844 });
  await waitStatus(page, /^Your move/);
  const [board, bar] = [await page.locator("#board").boundingBox(), await page.locator("#evalbar").boundingBox()];
  assert.ok(bar.width <= 26, `the bar is ${bar.width} px wide`);
  assert.ok(board.width >= 330 && board.x + board.width <= 390 - 8, `the board: ${JSON.stringify(board)}`);
  await page.locator("#hint").click();
  await page.waitForFunction(() => /\d/.test(document.querySelector(".evalbar-text").textContent));
  const label = await page.locator(".evalbar-text").evaluate((el) => [el.textContent, el.scrollWidth <= el.clientWidth]);
  assert.ok(label[1], `"${label[0]}" is clipped`);
});

test("the 980×760 embed in every state: the result panel, a review with a variation in the move tree, the piece values, the board editor", async (t) => {
  const page = await open(t, "?depth=1&side=w", { width: 980, height: 760 });
  // fits checks that the page does not scroll and that each named element
  // shown is wholly inside the frame.
  const fits = async (state, selectors) => {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(height <= 760, `${state}: the page is ${height} px tall`);
    for (const sel of selectors) {
      const r = await page.locator(sel).first().boundingBox();
      assert.ok(r && r.x >= 0 && r.y >= 0 && r.x + r.width <= 980 && r.y + r.height <= 760, `${state}: ${sel} at ${JSON.stringify(r)}`);
    }
  };
  await waitStatus(page, /^Your move/);
  for (const [from, to, plies] of [
    ["e2", "e4", 2],
    ["d2", "d4", 4],
    ["g1", "f3", 6],
  ]) {
    await drag(page, from, to);
    await waitMoves(page, plies);
    await waitStatus(page, /^Your move/);
  }
  await resign(page);
  await page.locator("#result-panel").waitFor({ state: "visible" });
  await fits("the result panel", ["#result-panel", "#rematch", "#result-review", "#board"]);
  // Reviewed from the panel, then a variation on the analysis board.
  await page.selectOption("#review-depth", "6");
  await page.locator("#result-review").click();
  await waitStatus(page, /^Review done/);
  await fits("the result panel after a review", ["#result-panel", "#result-accuracy"]);
  await page.locator("#result-close").click();
  await page.locator("#analyse").click();
  await page.locator('#moves button[data-ply="1"]').click();
  await typeMove(page, "c5");
  await page.locator("#moves button.var-move", { hasText: /^c5$/ }).waitFor();
  await fits("a review with a variation", ["#board", "#evalbar", ".moves-area", "#moves .move-variations"]);
  // The piece values over the analysis board.
  await page.locator("#piece-worth").click();
  await page.waitForFunction(() => document.querySelectorAll("#piece-worth-layer .piece-worth").length > 0);
  await fits("the piece values", ["#piece-worth-layer", "#board"]);
  // The board editor, with its palette and its buttons.
  await clickInIO(page, "#edit-position");
  await page.locator("#editor").waitFor({ state: "visible" });
  await fits("the board editor", ["#editor-board", "#editor-palette", "#editor-side", "#editor-play", "#editor-analyse"]);
});

test("on a desktop the move list is the panel's tallest section, the settings open or not, in play and in analysis", async (t) => {
  const uci = longGame();
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 1280, height: 860 },
    { width: 1920, height: 1080 },
  ]) {
    for (const query of ["?depth=1&side=w", `?moves=${uci.join("+")}&analyse=1`]) {
      const page = await open(t, query, viewport);
      if (query.includes("analyse")) await waitMoves(page, 60);
      else {
        await waitStatus(page, /^Your move/);
        await drag(page, "e2", "e4");
        await waitMoves(page, 2);
      }
      for (const settingsOpen of [false, true]) {
        if (settingsOpen) await openSettings(page);
        const heights = await page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll(".panel > section")].filter((s) => !s.hidden).map((s) => [s.className, Math.round(s.getBoundingClientRect().height)]),
          ),
        );
        const where = `${viewport.width}×${viewport.height} ${query.includes("analyse") ? "analysis" : "play"}, settings ${settingsOpen ? "open" : "folded"}: ${JSON.stringify(heights)}`;
        for (const [name, h] of Object.entries(heights)) assert.ok(heights["moves-area"] >= h, `${where}: ${name} is taller than the moves`);
        // The open settings are wholly in the window, and the page's height is the window's.
        if (settingsOpen) {
          const body = await page.locator(".settings-body").boundingBox();
          assert.ok(body.y >= 0 && body.y + body.height <= viewport.height, `${where}: the settings at ${JSON.stringify(body)}`);
          await page.keyboard.press("Escape");
          assert.equal(await page.locator("#settings").evaluate((d) => d.open), false, "Escape folds the settings");
        }
      }
    }
  }
});

// The words of an engine line keep their spaces and the line its panel, in
// play as in analysis, at 1366×800 (one line per row there) and 980×760.
for (const viewport of [
  { width: 1366, height: 800 },
  { width: 980, height: 760 },
]) {
  test(`engine lines in play are spaced words inside the Engine panel at ${viewport.width}×${viewport.height}`, async (t) => {
    const page = await open(t, "?depth=6&side=w", viewport);
    await waitStatus(page, /^Your move/);
    await typeMove(page, "e4");
    await waitMoves(page, 2);
    await page.waitForFunction(() => document.querySelectorAll("#pv-lines li .word").length >= 3);
    const { gaps, overflow } = await page.evaluate(() => {
      const li = document.querySelector("#pv-lines li");
      const words = [...li.querySelectorAll(".word")].map((w) => w.getBoundingClientRect()).filter((r) => r.width > 0);
      const gaps = words.slice(1).map((r, i) => (r.top === words[i].top ? r.left - words[i].right : 99));
      const panel = li.closest("section").getBoundingClientRect();
      return { gaps, overflow: li.getBoundingClientRect().right - panel.right };
    });
    assert.ok(gaps.length >= 2 && gaps.every((g) => g >= 2), `gaps between the words: ${gaps}`);
    assert.ok(overflow <= 0.5, `the line runs ${overflow} px past its panel`);
  });
}

// At 1366×800 an open PGN / FEN box and the saved games leave the moves
// their room: rows in view, the Review button and the moves clickable.
test("the import box and the saved games open beside the moves at 1366×800, which stay usable", async (t) => {
  const uci = longGame();
  const page = await open(t, `?moves=${uci.join("+")}&analyse=1`, { width: 1366, height: 800 });
  await waitMoves(page, 60);
  await page.evaluate(() => document.querySelectorAll(".io details").forEach((d) => (d.open = true)));
  const rows = await rowsInView(page);
  assert.ok(rows >= 4, `${rows} move rows in view with both boxes open`);
  const onTop = (selector) =>
    page.evaluate((s) => {
      const el = document.querySelector(s);
      const r = el.getBoundingClientRect();
      return r.height > 0 && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
    }, selector);
  assert.equal(await onTop("#review"), true, "the Review button is in view and on top");
  await page.locator('#moves button[data-ply="58"]').click({ timeout: 5000 });
  await page.waitForFunction(() => window.kibitz.state.viewPly === 58);
});

// A review's results are brought into view when it is done, the graph tall
// enough to read and click.
test("the review's graph and figures are in view when the review is done, at 1366×800", async (t) => {
  const page = await open(t, "?depth=2&side=w", { width: 1366, height: 800 });
  await waitStatus(page, /^Your move/);
  const uci = longGame(40);
  await fillImport(page, uciToPgn(uci));
  await page.locator("#import").click();
  await waitMoves(page, 40);
  await page.locator("#review-depth").selectOption("6");
  await page.locator("#review").click();
  await page.waitForFunction(() => !document.getElementById("review-graph").hasAttribute("hidden"), null, { timeout: 120000 });
  const view = await page.evaluate(() => {
    const area = document.querySelector(".moves-area").getBoundingClientRect();
    const g = document.getElementById("review-graph").getBoundingClientRect();
    return { top: g.top - area.top, bottom: area.bottom - g.bottom, height: g.height };
  });
  assert.ok(view.top >= 0 && view.bottom >= 0, `the graph is in the moves' box: ${JSON.stringify(view)}`);
  assert.ok(view.height >= 100, `the graph is ${view.height} px tall`);
});

function uciToPgn(uci) {
  const g = new Chess();
  for (const m of uci) g.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return g.pgn();
}
