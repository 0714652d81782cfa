// @ts-check
// The chess clock of a timed game on the play page, apart from the page:
// time controls, each side's time, increments, flag fall and what it means
// (a loss, or a draw when the other side cannot mate), the PGN's
// TimeControl and %clk, and the clock's saved form. timed.js puts it on the
// page; tests/clock.test.mjs checks it under node. Times are milliseconds;
// `now` is Date.now(), so that a saved clock goes on across a reload.

/** @typedef {{base: number, inc: number}} TimeControl base and increment per move, in ms */

/** The time controls offered, as lichess's "minutes+seconds". */
export const PRESETS = Object.freeze(["1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20"]);

/** The shortest and longest base, and the longest increment, a custom control may have. */
export const MIN_MINUTES = 0.25;
export const MAX_MINUTES = 180;
export const MAX_INCREMENT = 180;

/**
 * Reads "minutes+seconds" ("5+3", "0.5+0"); null when it is not a control
 * the page plays (under a quarter of a minute, or past the limits).
 * @param {string} text
 * @returns {TimeControl | null}
 */
export function parseControl(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*\+\s*(\d+)\s*$/.exec(String(text));
  if (!m) return null;
  const minutes = Number(m[1]);
  const inc = Number(m[2]);
  if (minutes < MIN_MINUTES || minutes > MAX_MINUTES || inc > MAX_INCREMENT) return null;
  return { base: Math.round(minutes * 60_000), inc: inc * 1000 };
}

/**
 * The speed lichess gives a control, from the game's estimated length
 * (the base plus forty increments).
 * @param {TimeControl} tc
 */
export function speedName(tc) {
  const estimate = (tc.base + 40 * tc.inc) / 1000;
  if (estimate < 30) return "UltraBullet";
  if (estimate < 180) return "Bullet";
  if (estimate < 480) return "Blitz";
  if (estimate < 1500) return "Rapid";
  return "Classical";
}

/**
 * "5+3" for 5 minutes and 3 seconds; fractions of a minute as lichess
 * writes them (½+0).
 * @param {TimeControl} tc
 */
export function controlText(tc) {
  const minutes = tc.base / 60_000;
  const fractions = { 0.25: "¼", 0.5: "½", 0.75: "¾" };
  const shown = fractions[/** @type {0.25 | 0.5 | 0.75} */ (minutes)] ?? String(Math.round(minutes * 100) / 100);
  return `${shown}+${tc.inc / 1000}`;
}

/**
 * The PGN TimeControl tag: seconds "+" seconds.
 * @param {TimeControl} tc
 */
export function pgnTimeControl(tc) {
  return `${Math.round(tc.base / 1000)}+${Math.round(tc.inc / 1000)}`;
}

/**
 * A clock's reading: "4:58", "1:02:03", and tenths under ten seconds
 * ("0:07.4"), as on a digital clock.
 * @param {number} ms
 */
export function clockText(ms) {
  ms = Math.max(0, ms);
  if (ms < 10_000) {
    const tenths = Math.floor(ms / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(ms / 1000);
  const mm = String(Math.floor(s / 60) % 60);
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/**
 * The PGN's clock comment for the time left after a move: [%clk h:mm:ss],
 * whole seconds (rounded up, so that a clock that has not fallen never
 * reads 0:00:00).
 * @param {number} ms
 */
export function pgnClock(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `[%clk ${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}]`;
}

/**
 * Below this a player's clock shows the low-time warning: an eighth of the
 * base, between ten and thirty seconds.
 * @param {TimeControl} tc
 */
export function lowTime(tc) {
  return Math.min(30_000, Math.max(10_000, tc.base / 8));
}

/**
 * Whether color ("w" or "b") cannot checkmate by any series of legal moves
 * in the position (the pieces of a FEN): then a flag fall of the other side
 * is a draw (FIDE Laws 6.9). Decided as lichess does: a lone king; a king
 * and one knight when the other side has nothing but a king and queens (a
 * knight mates only against a king hemmed in by its own pieces); kings and
 * bishops all on squares of one colour, with no pawns or knights anywhere.
 * @param {string} fen
 * @param {"w" | "b"} color
 */
export function cannotMate(fen, color) {
  /** @type {{piece: string, white: boolean, dark: boolean}[]} */
  const pieces = [];
  fen
    .split(" ")[0]
    .split("/")
    .forEach((row, r) => {
      let f = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) f += Number(ch);
        else {
          pieces.push({ piece: ch.toLowerCase(), white: ch === ch.toUpperCase(), dark: (r + f) % 2 === 1 });
          f++;
        }
      }
    });
  const own = pieces.filter((p) => p.white === (color === "w") && p.piece !== "k");
  const other = pieces.filter((p) => p.white !== (color === "w") && p.piece !== "k");
  if (own.some((p) => "prq".includes(p.piece))) return false;
  if (own.some((p) => p.piece === "n")) return own.length === 1 && other.every((p) => p.piece === "q");
  if (own.length === 0) return true;
  const bishops = pieces.filter((p) => p.piece === "b");
  const oneColour = bishops.every((b) => b.dark) || bishops.every((b) => !b.dark);
  return oneColour && !pieces.some((p) => p.piece === "p" || p.piece === "n");
}

/**
 * How a game ends when color's flag falls in the position fen.
 * @param {string} fen
 * @param {"w" | "b"} color
 * @param {"w" | "b"} human the player's colour (for the wording)
 * @returns {{result: string, reason: string}}
 */
export function flagResult(fen, color, human) {
  const other = color === "w" ? "b" : "w";
  const whose = color === human ? "Your" : "Kibitz's";
  if (cannotMate(fen, other)) {
    return { result: "1/2-1/2", reason: `${whose} time ran out, but ${other === "w" ? "White" : "Black"} cannot checkmate — draw` };
  }
  return { result: other === "w" ? "1-0" : "0-1", reason: `${whose} time ran out — ${other === "w" ? "White" : "Black"} wins` };
}

/**
 * GameClock is the two clocks of one game. The side to move's clock runs
 * from `since`; a move (press) stops it, adds the increment and starts the
 * other. Each side's first move is free, as on lichess: the clocks start
 * counting from the third ply. The time left after each move is kept for
 * the PGN and for takebacks.
 */
export class GameClock {
  /** @param {TimeControl} tc */
  constructor(tc) {
    this.tc = tc;
    /** @type {{w: number, b: number}} time left when the running clock started */
    this.left = { w: tc.base, b: tc.base };
    /** @type {"w" | "b" | null} the side whose clock runs */
    this.running = null;
    this.since = 0;
    /** the plies the clock has counted */
    this.plies = 0;
    /** @type {number[]} after[i]: the mover's time left after ply i + 1 */
    this.after = [];
  }

  /** Whether the running clock counts (each side's first move does not). */
  get counting() {
    return this.running !== null && this.plies >= 2;
  }

  /**
   * Time left on color's clock at now.
   * @param {"w" | "b"} color
   * @param {number} now
   */
  timeLeft(color, now) {
    const used = color === this.running && this.counting ? now - this.since : 0;
    return this.left[color] - used;
  }

  /**
   * Starts color's clock (the side to move) at now.
   * @param {"w" | "b"} color
   * @param {number} now
   */
  start(color, now) {
    this.running = color;
    this.since = now;
  }

  /** Stops the running clock, keeping what it used. @param {number} now */
  pause(now) {
    if (this.running === null) return;
    this.left[this.running] = this.timeLeft(this.running, now);
    this.running = null;
  }

  /**
   * The running side has moved at now: its clock stops, gets the increment
   * (from its second move on) and the other side's starts.
   * @param {number} now
   */
  press(now) {
    const mover = this.running;
    if (mover === null) return;
    const counted = this.counting;
    this.left[mover] = this.timeLeft(mover, now) + (counted ? this.tc.inc : 0);
    this.after[this.plies] = this.left[mover];
    this.plies++;
    this.start(mover === "w" ? "b" : "w", now);
  }

  /**
   * Back to ply (a takeback): each side's time as it was after its last
   * move before then, the clock of the side to move (toMove) running.
   * @param {number} ply
   * @param {"w" | "b"} toMove
   * @param {number} now
   */
  takeBack(ply, toMove, now) {
    ply = Math.max(0, Math.min(ply, this.plies));
    this.after.length = ply;
    this.plies = ply;
    const last = (/** @type {number} */ from) => (from >= 0 ? this.after[from] : this.tc.base);
    // The mover of ply i + 1 is the side not to move at ply i + 1.
    const moverOf = (/** @type {number} */ i) => ((ply - 1 - i) % 2 === 0 ? (toMove === "w" ? "b" : "w") : toMove);
    for (const side of /** @type {("w" | "b")[]} */ (["w", "b"])) {
      let i = ply - 1;
      while (i >= 0 && moverOf(i) !== side) i--;
      this.left[side] = last(i);
    }
    this.running = null;
    this.start(toMove, now);
  }

  /** The side whose flag has fallen at now, or null. @param {number} now */
  flagged(now) {
    return this.running !== null && this.counting && this.timeLeft(this.running, now) <= 0 ? this.running : null;
  }

  /** The clock as plain data for storage. */
  toJSON() {
    return { tc: this.tc, left: this.left, running: this.running, since: this.since, plies: this.plies, after: this.after };
  }

  /**
   * A stored clock, or null when the data is not one.
   * @param {any} o
   * @returns {GameClock | null}
   */
  static fromJSON(o) {
    const ms = (/** @type {unknown} */ v) => typeof v === "number" && Number.isFinite(v);
    if (!o || typeof o !== "object" || !o.tc || !ms(o.tc.base) || !ms(o.tc.inc) || !o.left || !ms(o.left.w) || !ms(o.left.b)) return null;
    if (!ms(o.since) || !Number.isInteger(o.plies) || o.plies < 0 || !Array.isArray(o.after) || !o.after.every(ms)) return null;
    if (o.running !== null && o.running !== "w" && o.running !== "b") return null;
    const c = new GameClock({ base: o.tc.base, inc: o.tc.inc });
    Object.assign(c, {
      left: { w: o.left.w, b: o.left.b },
      running: o.running,
      since: o.since,
      plies: o.plies,
      after: o.after.slice(0, o.plies),
    });
    return c;
  }
}
