// The analysis mode on the page: the engine thinking on whatever position
// is shown until something changes it, an arrow for each line's first
// move, and the threat (what the other side would play with the turn
// passed). It works on the page's state through `page` (play.js;
// page.d.ts); the study (study.js) says which position is shown.
import { Chess } from "./chessrules.js";
import { gameOver } from "./game.js";
import { LINE_MOVES } from "./format.js";
import { $ } from "./dom.js";

// The deepest search the page asks for (the library allows 1..64): in
// analysis it runs until stopped.
const ANALYSIS_DEPTH = 64;

// The engine lines' arrows, one kind per line (cm-chessboard removes
// arrows by kind): the best line's strongest; red ones for a threat.
const LINE_ARROWS = [1, 2, 3, 4, 5].map((n) => ({ class: `arrow-line-${n}` }));
const THREAT_ARROWS = [1, 2, 3, 4, 5].map((n) => ({ class: `arrow-threat-${n}` }));

/**
 * The position with the move passed to the other side (the "null move"),
 * for asking what it threatens.
 * @param {string} fen
 */
export function passTurn(fen) {
  const [placement, side, castling, , half, full] = fen.split(" ");
  return [placement, side === "w" ? "b" : "w", castling, "-", Number(half) + 1, Number(full) + (side === "b" ? 1 : 0)].join(" ");
}

/**
 * @param {Pick<import("./page.js").Page, "state" | "engine" | "board" | "settings" | "refresh" | "startFen" | "uciMoves" | "showInfo" |
 *   "clearReadouts" | "setOrientation">} page
 * @param {{shownFen: () => string, shownPly: () => number, playLine: (pv: string[]) => void}} study
 */
export function createAnalysis(page, study) {
  const { state, engine, board } = page;
  /** @type {{fen: string, info: import("./kibitz.js").SearchInfo, side: string} | null} the last evaluation of a position shown */
  let positionEval = null;

  // analyse searches the shown position until something changes it. With
  // the threat asked for (and the side to move not in check) it searches
  // the position with the turn passed.
  async function analyse() {
    if (state.mode !== "analyse") return;
    const epoch = ++state.epoch;
    const shown = study.shownFen();
    const threat = state.threat && !new Chess(shown).inCheck();
    const fen = threat ? passTurn(shown) : shown;
    const side = fen.split(" ")[1];
    page.clearReadouts();
    board.removeArrows();
    // The threat's lines are not the position's evaluation: the bar and the
    // score keep what the last search of this position said.
    if (threat && positionEval?.fen === shown) {
      page.showInfo(positionEval.info, shown, positionEval.side);
      $("pv-lines").replaceChildren();
    }
    if (gameOver(new Chess(shown))) return;
    const moves = page.uciMoves().slice(0, study.shownPly());
    const limits = threat
      ? { fen, moves: [], depth: ANALYSIS_DEPTH, multipv: page.settings.lines }
      : { fen: page.startFen(), moves, depth: ANALYSIS_DEPTH, multipv: page.settings.lines };
    /** @type {string[]} each line's first move */
    const firsts = [];
    const onInfo = (/** @type {import("./kibitz.js").SearchInfo} */ info) => {
      if (epoch !== state.epoch) return;
      if (!threat && info.multipv === 1) positionEval = { fen: shown, info, side };
      page.showInfo(info, fen, side, threat ? null : () => study.playLine(info.pv.slice(0, LINE_MOVES)), threat);
      if (info.pv.length === 0) return;
      firsts[info.multipv - 1] = info.pv[0];
      drawLines(board, firsts.slice(0, page.settings.lines), threat ? THREAT_ARROWS : LINE_ARROWS);
    };
    await engine.search({ ...limits, onInfo }).catch(() => {});
  }

  // toggleThreat shows or hides the threat, in analysis.
  function toggleThreat() {
    if (state.mode !== "analyse") return;
    state.threat = !state.threat;
    $("threat").setAttribute("aria-pressed", String(state.threat));
    page.refresh();
    analyse();
  }

  // toggleAnalysis switches between playing and analysing; the game stays.
  // Back in play, the player takes the side to move.
  async function toggleAnalysis() {
    state.epoch++;
    await engine.stopAndWait();
    state.thinking = state.hinting = false;
    state.confirming = false; // a move that waited for Confirm stays, on the analysis board
    board.removeArrows();
    page.clearReadouts();
    state.mode = state.mode === "analyse" ? "play" : "analyse";
    $("analyse").setAttribute("aria-pressed", String(state.mode === "analyse"));
    state.threat = false;
    $("threat").setAttribute("aria-pressed", "false");
    $("threat").disabled = state.mode !== "analyse";
    if (state.mode === "play") {
      state.viewPly = null;
      state.human = state.game.turn();
      await page.setOrientation(state.human === "b");
    }
    page.refresh();
    analyse();
  }

  $("analyse").addEventListener("click", toggleAnalysis);
  $("threat").addEventListener("click", toggleThreat);
  return { analyse, toggleAnalysis, toggleThreat };
}

/**
 * Draws each line's first move as an arrow of its kind, the best line's last (on top).
 * @param {import("./page.js").Page["board"]} board
 * @param {string[]} firsts each line's first move (UCI)
 * @param {{class: string}[]} kinds the lines' arrow types
 */
function drawLines(board, firsts, kinds) {
  for (const kind of [...LINE_ARROWS, ...THREAT_ARROWS]) board.removeArrows(kind);
  for (let i = firsts.length - 1; i >= 0; i--) {
    const uci = firsts[i];
    if (uci && !(i > 0 && firsts.slice(0, i).includes(uci))) board.addArrow(kinds[i], uci.slice(0, 2), uci.slice(2, 4));
  }
}
