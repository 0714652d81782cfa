// @ts-check
/**
 * `<kibitz-game>`: a game against Kibitz for any page, in one tag. It draws
 * its own board (cm-chessboard), runs its own engine (kibitz.js) and takes
 * the play page's address parameters as attributes:
 *
 *     <script type="module" src="lib/kibitz-game.js"></script>
 *     <kibitz-game depth="6" side="w"></kibitz-game>
 *
 * Attributes: `depth` (1–20, default 6), `elo` (an Elo of the strength
 * scale, `strengths`, instead of depth), `side` ("w", "b" or "random": the
 * player's colour), `fen` (the start position), `clock` ("5+3": minutes and
 * seconds of increment; Kibitz then divides its own time, and a fallen flag
 * ends the game). Changing one starts a new game; a value out of range is
 * refused with an `error` event that names it. `threads` (1–8, or "auto":
 * the device's default, `defaultThreads()`; default 1) is the number of
 * engine workers and `base-url` the folder of the library's files (when a
 * host copied them elsewhere), both read when the element starts.
 * Events (typed in kibitz-game.d.ts): `ready` ({version}), `move` ({san,
 * uci, fen, by: "player" or "kibitz"}), `gameover` ({result, reason}),
 * `error` ({message}). The board fills the element's width, or its height
 * when that is smaller. Its styles are one constructed style sheet (no
 * inline styles: it works under a Content-Security-Policy without
 * 'unsafe-inline').
 * @module kibitz-game
 */
import { Chess } from "./chessrules.js";
import { INPUT_EVENT_TYPE, COLOR } from "cm-chessboard/src/Chessboard.js";
import boardCss from "cm-chessboard/assets/chessboard.css";
import markersCss from "cm-chessboard/assets/extensions/markers/markers.css";
import arrowsCss from "cm-chessboard/assets/extensions/arrows/arrows.css";
import promotionCss from "cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css";
import { BoardView } from "./boardview.js";
import { alignPromotion } from "./promotion.js";
import { gameOver } from "./game.js";
import { GameClock, parseControl, clockText, flagResult } from "./clock.js";
import { createEngine, defaultThreads } from "./kibitz.js";

const STYLE = `kibitz-game { display: block; position: relative; }
kibitz-game .kibitz-game-board { margin: 0 auto; }
kibitz-game .kibitz-game-clocks { display: flex; justify-content: space-between; font: 600 15px/1.4 ui-monospace, monospace; margin-top: 4px; }
kibitz-game .kibitz-game-clocks .running { text-decoration: underline; }
kibitz-game .kibitz-game-status { font: 14px/1.4 system-ui, sans-serif; text-align: center; min-height: 1.4em; margin-top: 4px; }
kibitz-game .cm-chessboard .marker-check { fill: rgba(217, 83, 79, .55); }
kibitz-game .cm-chessboard .marker-last-move { fill: rgba(155, 199, 0, .41); }
.cm-chessboard-draggable-piece { pointer-events: none; }
.cm-chessboard .promotion-dialog-group:empty { display: none; }`;

/** @type {CSSStyleSheet | null} */
let sheet = null;
/** The element's styles, adopted by the document once (a constructed sheet: no inline style). */
function addStyle() {
  if (sheet) return;
  sheet = new CSSStyleSheet();
  sheet.replaceSync([boardCss, markersCss, arrowsCss, promotionCss, STYLE].join("\n"));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

const DEFAULT_DEPTH = 6;
const MAX_DEPTH = 20;
const MAX_THREADS = 8;

// Under Node.js (a server build that imports every module) there is no
// HTMLElement: the class is then defined on a stand-in and never registered.
const Base = typeof HTMLElement === "undefined" ? /** @type {typeof HTMLElement} */ (/** @type {unknown} */ (class {})) : HTMLElement;

/**
 * The element's attributes, read and checked: the value, or why it is
 * refused (the text of the `error` event).
 * @param {(name: string) => string | null} get
 * @param {Strengths | undefined} scale
 * @returns {{depth: number, elo: number | null, side: "w" | "b" | "random", clock: string} | {error: string}}
 */
export function readAttributes(get, scale) {
  const depthText = get("depth");
  const depth = depthText === null || depthText === "" ? DEFAULT_DEPTH : Number(depthText);
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) return { error: `depth ${depthText} is not an integer in 1..${MAX_DEPTH}` };
  const eloText = get("elo");
  let elo = null;
  if (eloText !== null && eloText !== "") {
    elo = Number(eloText);
    const lo = scale ? scale.levels[0] : -Infinity;
    const hi = scale ? scale.full : Infinity;
    if (!Number.isInteger(elo) || elo < lo || elo > hi) return { error: `elo ${eloText} is not an integer in ${lo}..${hi} (the strength scale)` };
  }
  const side = get("side") ?? "w";
  if (side !== "w" && side !== "b" && side !== "random") return { error: `side ${side} is not w, b or random` };
  const clock = get("clock") ?? "";
  if (clock !== "" && !parseControl(clock)) return { error: `clock ${clock} is not minutes+increment, such as 5+3` };
  return { depth, elo, side, clock };
}

/**
 * @param {string | null} text the `threads` attribute
 * @returns {number | {error: string}}
 */
export function readThreads(text) {
  if (text === null || text === "") return 1;
  if (text === "auto") return Math.min(MAX_THREADS, defaultThreads());
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= MAX_THREADS ? n : { error: `threads ${text} is not auto or an integer in 1..${MAX_THREADS}` };
}

/** @typedef {import("./protocol.js").Strengths} Strengths */

export class KibitzGameElement extends Base {
  static get observedAttributes() {
    return ["depth", "elo", "side", "fen", "clock"];
  }

  constructor() {
    super();
    /** @type {import("./kibitz.js").KibitzEngine | null} this element's engine, once it has started */
    this.engine = null;
    /** @private @type {any} */
    this.view = null;
    /** @private @type {Chess} */
    this.game = new Chess();
    /** @private */
    this.player = "w";
    /** @private */
    this.epoch = 0;
    /** @private @type {HTMLElement | null} */
    this.statusLine = null;
    /** @private @type {ResizeObserver | null} */
    this.resizer = null;
    /** @private @type {Promise<void> | null} */
    this.starting = null;
    /** @private @type {GameClock | null} the game's clocks, for a timed game */
    this.clock = null;
    /** @private @type {HTMLElement | null} */
    this.clockLine = null;
    /** @private @type {ReturnType<typeof setInterval> | undefined} */
    this.ticker = undefined;
  }

  connectedCallback() {
    if (this.view) return;
    addStyle();
    const boardEl = document.createElement("div");
    boardEl.className = "kibitz-game-board";
    this.statusLine = document.createElement("div");
    this.statusLine.className = "kibitz-game-status";
    this.statusLine.setAttribute("role", "status");
    this.clockLine = document.createElement("div");
    this.clockLine.className = "kibitz-game-clocks";
    this.clockLine.hidden = true;
    this.append(boardEl, this.clockLine, this.statusLine);
    this.fit(boardEl);
    this.resizer = new ResizeObserver(() => this.fit(boardEl));
    this.resizer.observe(this);
    const baseUrl = this.getAttribute("base-url") || undefined;
    this.view = new BoardView(boardEl, baseUrl && new URL(baseUrl.replace(/([^/])$/, "$1/"), document.baseURI).href);
    this.say("Loading the engine…");
    const threads = readThreads(this.getAttribute("threads"));
    if (typeof threads !== "number") {
      this.fail(new Error(threads.error));
      return;
    }
    this.starting = createEngine({ ...(baseUrl ? { baseUrl } : {}), threads })
      .then((engine) => {
        this.engine = engine;
        this.dispatchEvent(new CustomEvent("ready", { detail: { version: engine.version } }));
        return this.newGame();
      })
      .catch((err) => this.fail(err));
  }

  disconnectedCallback() {
    this.epoch++;
    clearInterval(this.ticker);
    this.resizer?.disconnect();
    this.engine?.terminate();
    this.engine = null;
    this.view?.cm.destroy();
    this.view = null;
    this.replaceChildren();
  }

  attributeChangedCallback() {
    if (this.engine) this.newGame().catch((err) => this.fail(err));
  }

  /** @returns {string} the position on the board (FEN) */
  get fen() {
    return this.game.fen();
  }

  /** @returns {string} the game so far as PGN, its Result header and last word the result once it is over */
  get pgn() {
    return this.game.pgn();
  }

  /**
   * Starts a new game from the `fen` attribute (or the standard start),
   * the player with the `side` attribute's colour.
   * @returns {Promise<void>}
   */
  async newGame() {
    if (!this.engine || !this.view) return;
    const epoch = ++this.epoch;
    const read = readAttributes((n) => this.getAttribute(n), this.engine.strengths);
    if ("error" in read) throw new Error(read.error);
    const fen = this.getAttribute("fen") || undefined;
    if (fen) {
      const why = await this.engine.check(fen);
      if (why) throw new Error(`fen: ${why}`);
    }
    await this.engine.newGame();
    if (epoch !== this.epoch) return;
    this.game = fen ? new Chess(fen) : new Chess();
    this.player = read.side === "random" ? (Math.random() < 0.5 ? "w" : "b") : read.side;
    await this.view.setOrientation(this.player === "b");
    this.view.show(this.game.fen(), null);
    const tc = parseControl(read.clock);
    this.clock = tc ? new GameClock(tc) : null;
    clearInterval(this.ticker);
    if (this.clock) {
      this.clock.start(/** @type {"w" | "b"} */ (this.game.turn()), performance.now());
      this.ticker = setInterval(() => this.tick(), 100);
    }
    this.showClocks();
    this.next();
  }

  /** @private Shows the clocks and ends the game when a flag falls. */
  tick() {
    const clock = this.clock;
    if (!clock) return;
    const flag = clock.flagged(performance.now());
    if (flag) {
      this.epoch++; // Kibitz's search in flight, if any, is dropped
      this.engine?.stop();
      this.end(flagResult(this.game.fen(), flag, /** @type {"w" | "b"} */ (this.player)));
    }
    this.showClocks();
  }

  /** @private */
  showClocks() {
    if (!this.clockLine) return;
    this.clockLine.hidden = !this.clock;
    const clock = this.clock;
    if (!clock) return;
    const now = performance.now();
    const side = (/** @type {"w" | "b"} */ c) => {
      const span = document.createElement("span");
      span.dataset.color = c;
      span.className = clock.running === c ? "running" : "";
      span.textContent = `${c === "w" ? "White" : "Black"} ${clockText(clock.timeLeft(c, now))}`;
      return span;
    };
    this.clockLine.replaceChildren(side("w"), side("b"));
  }

  /** @private @param {{result: string, reason: string}} end */
  end(end) {
    this.game.setHeader("Result", end.result);
    clearInterval(this.ticker);
    this.clock?.pause(performance.now());
    this.view.setInput(null, null);
    this.say(end.reason);
    this.dispatchEvent(new CustomEvent("gameover", { detail: end }));
  }

  /** @private Hands the move to whoever is to play, or ends the game. */
  next() {
    const end = gameOver(this.game);
    if (end) return this.end(end);
    if (this.game.turn() === this.player) {
      this.say("Your move");
      this.view.setInput(this.player, (/** @type {any} */ e) => this.onInput(e));
    } else {
      this.view.setInput(null, null);
      this.reply();
    }
  }

  /** @private */
  async reply() {
    const epoch = this.epoch;
    this.say("Kibitz is thinking…");
    const start = this.game.history({ verbose: true })[0]?.before ?? this.game.fen();
    const moves = this.game.history({ verbose: true }).map((/** @type {any} */ m) => m.lan);
    try {
      const read = readAttributes((n) => this.getAttribute(n), this.engine?.strengths);
      if ("error" in read) throw new Error(read.error);
      const { elo, depth } = read;
      const c = this.clock;
      const now = performance.now();
      // With clocks Kibitz divides its own time (a level keeps its node budget within it).
      const clocks = c
        ? {
            wtime: Math.max(0, Math.round(c.timeLeft("w", now))),
            btime: Math.max(0, Math.round(c.timeLeft("b", now))),
            winc: c.tc.inc,
            binc: c.tc.inc,
          }
        : {};
      const limits = elo !== null ? { elo, ...(c ? {} : { depth: 64 }) } : c ? {} : { depth };
      const r = await /** @type {import("./kibitz.js").KibitzEngine} */ (this.engine).search({ fen: start, moves, ...limits, ...clocks });
      if (epoch !== this.epoch || !r.bestmove) return;
      this.play({ from: r.bestmove.slice(0, 2), to: r.bestmove.slice(2, 4), promotion: r.bestmove[4] }, "kibitz");
    } catch (err) {
      if (epoch === this.epoch) this.fail(err);
    }
  }

  /** @private @param {{from: string, to: string, promotion?: string}} move @param {"player" | "kibitz"} by */
  play(move, by) {
    const played = this.game.move(move);
    this.clock?.press(performance.now());
    this.view.show(this.game.fen(), { from: played.from, to: played.to });
    this.dispatchEvent(new CustomEvent("move", { detail: { san: played.san, uci: played.lan, fen: this.game.fen(), by } }));
    this.next();
  }

  /** @private @param {any} event cm-chessboard's input event */
  onInput(event) {
    const legal = (/** @type {string} */ from) => this.game.moves({ square: /** @type {import("chess.js").Square} */ (from), verbose: true });
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted:
        return legal(event.squareFrom).length > 0;
      case INPUT_EVENT_TYPE.validateMoveInput: {
        const { squareFrom: from, squareTo: to } = event;
        const candidates = legal(from).filter((/** @type {any} */ m) => m.to === to);
        if (candidates.length === 0) return false;
        if (candidates.some((/** @type {any} */ m) => m.promotion)) {
          this.view.cm.showPromotionDialog(to, this.player === "w" ? COLOR.white : COLOR.black, (/** @type {{piece?: string} | undefined} */ choice) => {
            if (choice?.piece) this.play({ from, to, promotion: choice.piece.charAt(1) }, "player");
            else this.view.show(this.game.fen(), null);
          });
          alignPromotion(this.view.cm, to);
          return true;
        }
        // After cm-chessboard has finished its own move: changing the
        // board inside validation breaks it.
        setTimeout(() => this.play({ from, to }, "player"));
        return true;
      }
    }
    return true;
  }

  /**
   * @private Sizes the board to the element's width, or to its height
   * where the page gives the element one (measured with the board folded
   * away, so that the board's own height does not count).
   * @param {HTMLElement} boardEl
   */
  fit(boardEl) {
    boardEl.style.height = "0px";
    const free = this.clientHeight - (this.statusLine?.offsetHeight ?? 0) - 4;
    const w = this.clientWidth;
    const size = Math.max(120, Math.floor(free > 120 ? Math.min(w, free) : w));
    boardEl.style.width = boardEl.style.height = `${size}px`;
  }

  /** @private @param {string} text */
  say(text) {
    if (this.statusLine) this.statusLine.textContent = text;
  }

  /** @private @param {unknown} err */
  fail(err) {
    const message = err instanceof Error ? err.message : String(err);
    this.say(`Engine error: ${message}`);
    this.dispatchEvent(new CustomEvent("error", { detail: { message } }));
  }
}

if (typeof customElements !== "undefined" && !customElements.get("kibitz-game")) customElements.define("kibitz-game", KibitzGameElement);
