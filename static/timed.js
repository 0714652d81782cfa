// @ts-check
// Timed games on the play page: the clock control, the two clocks beside
// the board, flag fall, the low-time warning, the engine's clock limits and
// the clock's part of the PGN. The clock's rules are clock.js's; this module
// keeps state.clock in step with the game. sync() runs on every refresh and
// works out what happened from the game: a new move presses the clock, a
// takeback restores the times of that ply, analysis and finished games stop
// it. page: state, settings, view, endGame, sounds, announce (page.d.ts).
import { GameClock, PRESETS, parseControl, speedName, controlText, clockText, pgnClock, pgnTimeControl, lowTime, flagResult } from "./clock.js";
import { saveSettings } from "./settings.js";
import { $ } from "./dom.js";

/** @typedef {import("./clock.js").TimeControl} TimeControl */

const TICK_MS = 100;

/**
 * The time control the settings choose, or null for an untimed game.
 * @param {{clock: string, clockMinutes: number, clockIncrement: number}} settings
 * @returns {TimeControl | null}
 */
export function chosenControl(settings) {
  if (settings.clock === "custom") return parseControl(`${settings.clockMinutes}+${settings.clockIncrement}`);
  return settings.clock ? parseControl(settings.clock) : null;
}

/** @typedef {Pick<import("./page.js").Page, "state" | "settings" | "view" | "endGame" | "sounds" | "announce">} ClockPage */

/** @param {ClockPage} page */
export function createTimed(page) {
  const { state, settings, endGame, sounds, announce } = page;
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticker = null;
  let warned = { w: false, b: false }; // the low-time warning sounds once per side

  /** A new game gets the chosen control's clock (or none). */
  function newGame() {
    const tc = chosenControl(settings);
    state.clock = tc ? new GameClock(tc) : null;
    warned = { w: false, b: false };
    sync();
  }

  // sync brings the clock in step with the game (see the file comment),
  // shows it, and keeps the ticker running while a clock counts.
  function sync() {
    const c = state.clock;
    $("clocks").hidden = !c;
    if (!c) return stopTicking();
    const now = Date.now();
    const plies = state.game.history().length;
    const turn = state.game.turn();
    if (plies === c.plies + 1 && c.running === (turn === "w" ? "b" : "w")) c.press(now);
    const playing = state.mode === "play" && !state.over && !state.learning;
    if (!playing) c.pause(now);
    else {
      if (plies < c.plies) c.takeBack(plies, turn, now);
      else if (plies > c.plies) adopt(c, state.game, plies, now); // moves made in analysis
      if (c.running !== turn) {
        c.pause(now);
        c.start(turn, now);
      }
    }
    show(now);
    if (c.counting) startTicking();
    else stopTicking();
  }

  const show = (now = Date.now()) => showClocks(page, now);

  function tick() {
    const c = state.clock;
    if (!c || state.over) return stopTicking();
    const now = Date.now();
    show(now);
    const side = c.running;
    if (side && side === state.human && !warned[side] && c.timeLeft(side, now) < lowTime(c.tc)) {
      warned[side] = true;
      sounds.play("low");
      announce(`${clockText(c.timeLeft(side, now))} left on your clock`);
    }
    const fallen = c.flagged(now);
    if (fallen) endGame(flagResult(state.game.fen(), fallen, /** @type {"w" | "b"} */ (state.human)));
  }

  function startTicking() {
    ticker ??= setInterval(tick, TICK_MS);
  }

  function stopTicking() {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  return {
    bindControl: (/** @type {() => void} */ onChange) => bindClockControl(settings, onChange),
    newGame,
    sync,
    limits: () => clockLimits(state.clock),
    pgn: () => clockPgn(state.clock),
    show,
    words: (now = Date.now()) => clockWords(state, now),
  };
}

/**
 * The clock control in the settings: presets by speed, and a custom control.
 * @param {import("./settings.js").Settings} settings @param {() => void} onChange
 */
export function bindClockControl(settings, onChange) {
  const select = /** @type {HTMLSelectElement} */ ($("clock"));
  for (const p of PRESETS) {
    const tc = /** @type {TimeControl} */ (parseControl(p));
    select.add(new Option(`${controlText(tc)} ${speedName(tc)}`, p), select.options.length - 1);
  }
  const minutes = /** @type {HTMLInputElement} */ ($("clock-minutes"));
  const increment = /** @type {HTMLInputElement} */ ($("clock-increment"));
  const show = () => {
    select.value = settings.clock;
    $("clock-custom").hidden = settings.clock !== "custom";
    minutes.value = String(settings.clockMinutes);
    increment.value = String(settings.clockIncrement);
  };
  show();
  const changed = () => {
    saveSettings(settings);
    onChange();
  };
  select.addEventListener("change", () => {
    settings.clock = select.value;
    $("clock-custom").hidden = settings.clock !== "custom";
    changed();
  });
  for (const [input, key] of /** @type {const} */ ([
    [minutes, "clockMinutes"],
    [increment, "clockIncrement"],
  ])) {
    input.addEventListener("change", () => {
      const v = Number(input.value);
      if (!Number.isFinite(v) || v < Number(input.min) || v > Number(input.max)) {
        input.value = String(settings[key]);
        return;
      }
      settings[key] = v;
      if (chosenControl(settings)) changed();
    });
  }
}

// adopt counts moves made while the clock was stopped (analysis) with
// the times as they are.
/** @param {GameClock} c @param {import("./chessrules.js").Chess} game @param {number} plies @param {number} now */
function adopt(c, game, plies, now) {
  c.pause(now);
  while (c.plies < plies) {
    const mover = (plies - c.plies) % 2 === 1 ? (game.turn() === "w" ? "b" : "w") : game.turn();
    c.after[c.plies++] = c.left[mover];
  }
}

/** Shows both clocks, the player's at the bottom when it is. @param {ClockPage} page @param {number} now */
function showClocks({ state, view }, now) {
  const c = state.clock;
  if (!c) return;
  const bottom = view.blackBottom ? "b" : "w";
  /** @type {[string, "w" | "b"][]} */
  const clocks = [
    ["clock-bottom", bottom],
    ["clock-top", bottom === "w" ? "b" : "w"],
  ];
  for (const [id, side] of clocks) {
    const el = $(id);
    const left = c.timeLeft(side, now);
    /** @type {HTMLElement} */ (el.querySelector(".clock-who")).textContent =
      `${side === state.human ? "You" : "Kibitz"} (${side === "w" ? "White" : "Black"})`;
    /** @type {HTMLElement} */ (el.querySelector(".clock-time")).textContent = clockText(left);
    el.classList.toggle("running", c.running === side && c.counting);
    el.classList.toggle("low", left < lowTime(c.tc) && !state.over);
  }
}

/** The engine's search limits from the clocks, or none in an untimed game. @param {GameClock | null} c */
function clockLimits(c) {
  if (!c) return {};
  const now = Date.now();
  const ms = (/** @type {number} */ v) => Math.max(1, Math.round(v));
  return { wtime: ms(c.timeLeft("w", now)), btime: ms(c.timeLeft("b", now)), winc: c.tc.inc, binc: c.tc.inc };
}

/**
 * The PGN's part: the TimeControl tag and a %clk note per move the
 * clock counted, both for a timed game only.
 * @param {GameClock | null} c
 * @returns {{timeControl: string, clocks: Map<number, string>}}
 */
function clockPgn(c) {
  if (!c) return { timeControl: "", clocks: new Map() };
  return { timeControl: pgnTimeControl(c.tc), clocks: new Map(c.after.map((ms, i) => [i + 1, pgnClock(ms)])) };
}

/** The clocks in words, for blind mode's c: "You (White) 4:58, running; Kibitz (Black) 5:00". @param {ClockPage["state"]} state @param {number} now */
function clockWords(state, now) {
  const c = state.clock;
  if (!c) return "No clock in this game";
  return /** @type {("w" | "b")[]} */ ([state.human, state.human === "w" ? "b" : "w"])
    .map((side) => {
      const left = c.timeLeft(side, now);
      const low = left < lowTime(c.tc) && !state.over ? ", low on time" : "";
      return `${side === state.human ? "You" : "Kibitz"} (${side === "w" ? "White" : "Black"}) ${clockText(left)}${c.running === side && c.counting ? ", running" : ""}${low}`;
    })
    .join("; ");
}
