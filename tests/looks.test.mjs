// Browser tests of how the page looks and fits: phone widths, the README's
// 980×760 embed, contrast, read-outs that fit, nothing moving at load,
// playing without the engine's help, and the themes. Needs dist/ and
// bin/kibitz (./build.sh test builds them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SHOTS, base, browser, open, waitStatus, drag, clickMove, waitMoves, longGame, openSettings, closeSettings } from "./page.mjs";

test("phone width: the page fits and plays", async (t) => {
  const page = await open(t, "?depth=2&side=w", { width: 360, height: 740 });
  await waitStatus(page, /^Your move/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
  await clickMove(page, "e2", "e4");
  await waitMoves(page, 2);
  await page.screenshot({ path: `${SHOTS}/phone.png`, fullPage: true });
});

test('phone widths: the depth slider\'s "recommended" mark is not cut off by its panel', async (t) => {
  for (const width of [360, 390, 414]) {
    const page = await open(t, "?depth=8&side=w", { width, height: 800 });
    await waitStatus(page, /^Your move/);
    await page.locator("#settings > summary").click(); // folded on a phone
    const mark = await page.locator(".rec-mark").boundingBox();
    const panel = await page.locator(".rec-mark").evaluate((e) => e.closest("section").getBoundingClientRect().right);
    assert.ok(mark.x + mark.width <= panel, `at ${width} px the mark ends at ${mark.x + mark.width}, its panel at ${panel}`);
  }
});

test("embedded in the README's 980×760 frame: the board, the game's buttons, the move list, Review and PGN show without scrolling, also 30 moves into a game", async (t) => {
  const visible = async (page) => {
    for (const sel of [
      "#board",
      "#evalbar",
      "#status",
      "#new-game",
      "#settings > summary",
      "#hint",
      "#stop",
      "#draw",
      "#resign",
      "#takeback",
      ".moves-area",
      "#review",
      ".io summary",
    ]) {
      const r = await page.locator(sel).first().boundingBox();
      assert.ok(r && r.x >= 0 && r.y >= 0 && r.x + r.width <= 980 && r.y + r.height <= 760, `${sel} at ${JSON.stringify(r)}`);
    }
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(height <= 760, `the page is ${height} px tall`);
    // The move shown is in view in the moves' box, below its heading and
    // above the annotation buttons pinned at its foot (the list scrolls within the box).
    await page.waitForFunction(
      () => {
        const current = document.querySelector("#moves .current")?.getBoundingClientRect();
        const box = document.querySelector(".moves-area").getBoundingClientRect();
        const head = document.querySelector(".moves-head").getBoundingClientRect();
        const annotate = document.querySelector("#annotate:not([hidden])")?.getBoundingClientRect();
        const bottom = Math.min(box.bottom, annotate ? annotate.top : Infinity);
        return !current || (current.top >= head.bottom - 1 && current.bottom <= bottom + 1); // none before the first move
      },
      null,
      { timeout: 30000 },
    );
  };
  const page = await open(t, "?depth=2&side=w", { width: 980, height: 760 });
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator("#settings").evaluate((d) => d.open), false, "the settings fold away in a short frame");
  assert.equal(await page.locator("#settings-summary").textContent(), "White · depth 2 · no clock");
  await visible(page);
  await clickMove(page, "e2", "e4");
  await waitMoves(page, 2);
  await page.screenshot({ path: `${SHOTS}/embed.png` });
  // Thirty moves in, on the analysis board (its comment box shown too).
  const uci = longGame();
  const later = await open(t, `?moves=${uci.join("+")}&analyse=1`, { width: 980, height: 760 });
  await waitMoves(later, 60);
  await visible(later);
  await later.screenshot({ path: `${SHOTS}/embed-30-moves.png` });
});

// contrast computes the WCAG contrast ratio of two CSS rgb() colours.
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)
      .slice(0, 3)
      .map((v) => {
        const x = Number(v) / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("contrast: disabled buttons and the board's coordinates read at WCAG AA (4.5:1)", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  const stop = await page.locator("#stop").evaluate((el) => ({
    disabled: el.disabled,
    fg: getComputedStyle(el).color,
    bg: getComputedStyle(el).backgroundColor,
    opacity: getComputedStyle(el).opacity,
  }));
  assert.equal(stop.disabled, true);
  assert.equal(stop.opacity, "1");
  assert.ok(contrast(stop.fg, stop.bg) >= 4.5, `disabled button ${stop.fg} on ${stop.bg}: ${contrast(stop.fg, stop.bg).toFixed(2)}`);
  const coords = await page.evaluate(() =>
    [...document.querySelectorAll("#board .coordinates .coordinate")].slice(0, 16).map((el) => {
      const sq = document.querySelector(`#board rect[data-square="${el.classList.contains("black") ? "a1" : "b1"}"]`);
      return { fg: getComputedStyle(el).fill, bg: getComputedStyle(sq).fill, cls: el.getAttribute("class") };
    }),
  );
  assert.ok(coords.length >= 8, `${coords.length} coordinates`);
  for (const c of coords) assert.ok(contrast(c.fg, c.bg) >= 4.5, `${c.cls}: ${c.fg} on ${c.bg}: ${contrast(c.fg, c.bg).toFixed(2)}`);
});

test("read-outs fit: the bar's label is not clipped, engine lines are not numbered twice", async (t) => {
  const page = await open(t, "?depth=4&side=b&lines=1&fen=" + encodeURIComponent("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"));
  await waitMoves(page, 1);
  await page.waitForFunction(() => /\d/.test(document.querySelector(".evalbar-text").textContent));
  const fits = await page.locator(".evalbar-text").evaluate((el) => el.scrollWidth <= el.clientWidth);
  assert.ok(fits, `"${await page.locator(".evalbar-text").textContent()}" is clipped`);
  assert.equal(await page.locator("#pv-lines").evaluate((el) => getComputedStyle(el).listStyleType), "none");
  const line = await page.locator("#pv-lines li").first().textContent();
  assert.doesNotMatch(line, /^\d+\.\s*[+−#]/, `line "${line}"`);
});

test("layout: nothing moves as the engine's figures arrive, the strength reads on one line, engine lines keep moves whole, the phone board has room on both sides", async (t) => {
  const ids = ["depth", "level", "takeback", "pv-lines", "moves", "board"];
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    t.after(() => context.close());
    const page = await context.newPage();
    // Where everything is when the document is parsed, before the engine says anything.
    await page.addInitScript((ids) => {
      document.addEventListener("DOMContentLoaded", () => {
        window.early = ids.map((id) => JSON.stringify(document.getElementById(id).getBoundingClientRect()));
      });
    }, ids);
    await page.goto(base + "?depth=14&side=w");
    await waitStatus(page, /^Your move/);
    await page.waitForFunction(() => /Elo/.test(document.getElementById("depth-help").textContent));
    const late = await page.evaluate((ids) => ids.map((id) => JSON.stringify(document.getElementById(id).getBoundingClientRect())), ids);
    assert.deepEqual(late, await page.evaluate(() => window.early), `${viewport.width} px: controls moved after load`);
    const board = await page.locator("#board").boundingBox();
    const bar = await page.locator("#evalbar").boundingBox();
    assert.ok(bar.x >= 8 && board.x + board.width <= viewport.width - 8, `${viewport.width} px: board ${JSON.stringify(board)} against an edge`);
    if (viewport.width > 1000) {
      await drag(page, "e2", "e4");
      await waitMoves(page, 2);
      await page.waitForFunction(() => document.querySelectorAll("#pv-lines .word").length > 0);
      const strength = page.locator("#info-strength");
      assert.match(await strength.textContent(), /^depth 14, about \d+ engine Elo$/);
      const oneLine = await strength.evaluate((e) => e.getBoundingClientRect().height < 1.8 * parseFloat(getComputedStyle(e).fontSize));
      assert.ok(oneLine, "the strength read-out takes one line");
      const words = await page
        .locator("#pv-lines li")
        .first()
        .evaluate((li) => [...li.querySelectorAll(".word")].map((w) => [w.textContent, getComputedStyle(w).whiteSpace]));
      assert.ok(
        words.every(([, ws]) => ws === "nowrap"),
        "every move of a line is kept whole",
      );
      assert.ok(
        words.some(([w]) => /^[a-hNBRQKO]/.test(w)),
        `moves in ${JSON.stringify(words)}`,
      );
    }
  }
});

test("playing without help: no bar, score or lines while playing, all back in analysis, and remembered", async (t) => {
  const page = await open(t, "?depth=4&side=w");
  await waitStatus(page, /^Your move/);
  await openSettings(page);
  await page.locator("#help").uncheck();
  await closeSettings(page);
  const shown = () => page.evaluate(() => ["evalbar", "info-score", "pv-lines"].map((id) => getComputedStyle(document.getElementById(id)).visibility));
  await drag(page, "e2", "e4");
  await waitMoves(page, 2);
  await waitStatus(page, /^Your move/);
  assert.deepEqual(await shown(), ["hidden", "hidden", "hidden"], "while playing");
  await page.locator("#analyse").click();
  await page.waitForFunction(() => document.querySelectorAll("#pv-lines button.line").length >= 1, null, { timeout: 60000 });
  assert.deepEqual(await shown(), ["visible", "visible", "visible"], "in analysis");
  await page.locator("#analyse").click();
  await waitStatus(page, /^Your move/);
  assert.deepEqual(await shown(), ["hidden", "hidden", "hidden"], "back to play");
  await page.reload();
  await page.waitForFunction(() => document.getElementById("engine-version").textContent !== "");
  assert.equal(await page.locator("#help").isChecked(), false, "remembered");
  assert.deepEqual(await shown(), ["hidden", "hidden", "hidden"], "after a reload");
});

test("themes: light or dark as the system says or as chosen, three board colourings, coordinates on or off, all remembered and readable", async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: "light" });
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(base + "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  const look = () =>
    page.evaluate(() => {
      const style = (el) => getComputedStyle(el);
      const stop = document.getElementById("stop");
      const coords = [...document.querySelectorAll("#board .coordinates .coordinate")].slice(0, 16).map((el) => {
        const sq = document.querySelector(`#board rect[data-square="${el.classList.contains("black") ? "a1" : "b1"}"]`);
        return [style(el).fill, style(sq).fill];
      });
      return {
        page: style(document.body).backgroundColor,
        text: style(document.body).color,
        muted: style(document.querySelector(".help")).color,
        panel: style(document.querySelector(".panel section")).backgroundColor,
        stop: [style(stop).color, style(stop).backgroundColor],
        light: style(document.querySelector('#board rect[data-square="b1"]')).fill,
        coords,
        coordsShown: document.querySelector("#board .coordinates")?.getBoundingClientRect().width > 0,
      };
    });
  const readable = (l, what) => {
    for (const [fg, bg] of [[l.text, l.page], [l.text, l.panel], [l.muted, l.panel], l.stop]) assert.ok(contrast(fg, bg) >= 4.5, `${what}: ${fg} on ${bg}`);
    for (const [fg, bg] of l.coords) assert.ok(contrast(fg, bg) >= 4.5, `${what}: coordinate ${fg} on ${bg}`);
  };
  const light = await look();
  assert.equal(light.page, "rgb(243, 243, 241)", "the system's light theme");
  readable(light, "light");
  await openSettings(page);
  await page.locator("summary", { hasText: "Appearance" }).click();
  await page.locator("#theme").selectOption("dark");
  const dark = await look();
  assert.equal(dark.page, "rgb(31, 33, 38)", "dark chosen over the system's light");
  readable(dark, "dark");
  const squares = {};
  for (const colours of ["green", "blue", "chess-club", "black-and-white", "default"]) {
    await page.locator("#board-colours").selectOption(colours);
    const l = await look();
    squares[colours] = l.light;
    readable(l, colours);
  }
  assert.equal(new Set(Object.values(squares)).size, 5, `five colourings: ${JSON.stringify(squares)}`);
  await page.locator("#board-colours").selectOption("blue");
  await page.locator("#coords").uncheck();
  assert.equal((await look()).coordsShown, false, "coordinates hidden");
  await closeSettings(page);
  await page.screenshot({ path: `${SHOTS}/themes.png` });
  await page.reload();
  await waitStatus(page, /^Your move/);
  const again = await look();
  assert.deepEqual([again.page, again.light, again.coordsShown], [dark.page, squares.blue, false], "remembered after a reload");
});

test("phone: the board's coordinates keep clear of the pieces (a1, a8, c1, f1)", async (t) => {
  const page = await open(t, "?depth=2&side=w", { width: 390, height: 844 });
  await waitStatus(page, /^Your move/);
  const overlaps = await page.evaluate(() => {
    const pieces = [...document.querySelectorAll("#board .pieces-layer g[data-square]")].map((g) => [
      g.dataset.square,
      g.querySelector(".piece").getBoundingClientRect(),
    ]);
    const labels = [...document.querySelectorAll("#board .coordinates text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
    const out = [];
    for (const [sq, p] of pieces) {
      for (const [text, l] of labels) {
        const w = Math.min(p.right, l.right) - Math.max(p.left, l.left);
        const h = Math.min(p.bottom, l.bottom) - Math.max(p.top, l.top);
        if (w > 0.5 && h > 0.5) out.push(`${text} over ${sq}`);
      }
    }
    return out;
  });
  assert.deepEqual(overlaps, []);
});

// The piece sets: chosen in Appearance, drawn at once on the board and in
// the editor's palette, fetched only when chosen, kept across a reload.
test("piece sets: Staunty replaces the standard pieces on the board, only its sprite is fetched, and the choice is kept", async (t) => {
  const page = await open(t, "?depth=2&side=w");
  await waitStatus(page, /^Your move/);
  const sprites = [];
  page.on("request", (r) => /\/(standard|staunty)[^/]*\.svg$/.test(new URL(r.url()).pathname) && sprites.push(new URL(r.url()).pathname.split("/").pop()));
  // The sprite in the page: cm-chessboard keeps it in one element, every piece a use of it.
  const spriteTitle = () => page.evaluate(() => document.querySelector("#cm-chessboard-sprite svg title")?.textContent ?? "");
  await page.waitForFunction(() => document.querySelector("#cm-chessboard-sprite svg"));
  assert.doesNotMatch(await spriteTitle(), /Staunty/);
  await openSettings(page);
  await page.locator("summary", { hasText: "Appearance" }).click();
  await page.locator("#pieces").selectOption("staunty");
  await page.waitForFunction(() => /Staunty/.test(document.querySelector("#cm-chessboard-sprite svg title")?.textContent ?? ""));
  assert.equal(await page.locator('#board g[data-square="e1"] use').getAttribute("href"), "#wk", "the pieces use the page's sprite");
  assert.ok(
    sprites.some((n) => n.startsWith("staunty")),
    `fetched: ${sprites}`,
  );
  await closeSettings(page);
  await page.screenshot({ path: `${SHOTS}/pieces-staunty.png` });
  sprites.length = 0;
  await page.reload();
  await waitStatus(page, /^Your move/);
  await page.waitForFunction(() => /Staunty/.test(document.querySelector("#cm-chessboard-sprite svg title")?.textContent ?? ""));
  assert.deepEqual(
    sprites.filter((n) => n.startsWith("standard")),
    [],
    "the standard set is not fetched when Staunty is chosen",
  );
  assert.equal(await page.locator("#pieces").inputValue(), "staunty");
});
