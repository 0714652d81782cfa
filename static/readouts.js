// @ts-check
// The play page's readouts of the position shown: the engine's progress
// (depth, score with its bound, nodes, speed, the bar and the lines), the
// review's verdict on the move that led there, and the opening's name —
// the names fetched when first needed, not before the first move.
import { DEFAULT_POSITION } from "chess.js";
import { whiteScore, scoreText, boundMark, pvToSan, moveSan, compact, tableText } from "./format.js";
import { showLine } from "./panel.js";
import { loadOpenings, openingAt } from "./openings.js";
import openingsUrl from "./openings.tsv";
import { scoreWords } from "./blind.js";
import { $ } from "./dom.js";
import { chess960Number } from "./chessrules.js";

/**
 * @param {Pick<import("./page.js").Page, "state" | "settings" | "startFen"> & {evalbar: import("./evalbar.js").EvalBar}} page
 */
export function createReadouts({ state, settings, evalbar, startFen }) {
  /** @type {import("./openings.js").Openings | null} the opening names, once loaded */
  let openings = null;
  /** @type {{fen: string, move: string, score: import("./protocol.js").Score, depth: number} | null} the engine's last main line, for blind mode's best */
  let lastLine = null;

  // showVerdict says, under the board, what the review found of the move
  // that led to the position shown: "6. O-O?? Blunder. Nxe4 was best."
  /** @param {import("chess.js").Move[]} history @param {number} ply */
  function showVerdict(history, ply) {
    const el = $("verdict");
    const v = ply > 0 && !state.learning ? state.marks.get(ply) : null;
    el.hidden = !v;
    if (!v) return el.replaceChildren();
    const m = history[ply - 1];
    const mark = document.createElement("span");
    mark.className = `verdict-mark ${v.name}`;
    mark.textContent = `${Math.ceil(ply / 2)}${m.color === "w" ? "." : "…"} ${m.san}${v.mark}`;
    el.replaceChildren(mark, ` ${v.name[0].toUpperCase()}${v.name.slice(1)}.${v.better ? ` ${v.better} was best.` : ""}${v.why ? ` ${v.why}.` : ""}`);
  }

  // showOpening names the opening of the position shown. The names (a
  // sixth of the first visit's bytes) are fetched when first needed: once a
  // game shows a move or starts elsewhere than the usual start, not before
  // the first move can be played.
  function showOpening(history = state.game.history({ verbose: true }), ply = state.viewPly ?? history.length) {
    // A Chess960 game has no opening names: it says which start it had.
    if (state.headers.Variant === "Chess960") {
      const n = chess960Number(startFen());
      $("opening").textContent = n === null ? "Chess960" : `Chess960 · position ${n}`;
      return;
    }
    if (!openings && (history.length > 0 || startFen() !== DEFAULT_POSITION)) {
      loadOpenings(openingsUrl).then((table) => {
        openings = table;
        showOpening();
      });
    }
    const opening = openings && openingAt(openings, [startFen(), ...history.map((m) => m.after)], ply);
    $("opening").textContent = opening ? `${opening.eco} ${opening.name}` : "";
  }

  // showInfo shows a progress report; onPick, in analysis, plays its line.
  // A threat's lines (the turn passed) leave the bar and the score alone:
  // they are not the position's evaluation.
  /** @type {import("./page.js").Page["showInfo"]} */
  function showInfo(info, fen, sideToMove, onPick = null, threat = false) {
    $("tb-status").textContent = info.tb ? tableText(info.tb) : "";
    if (info.multipv === 1 && !threat) {
      const ws = whiteScore(info.score, sideToMove);
      if (info.pv[0]) lastLine = { fen, move: moveSan(fen, info.pv[0]), score: ws, depth: info.depth };
      $("info-depth").textContent = `${info.depth}/${info.seldepth}`;
      const bound = boundMark(info.bound, sideToMove);
      $("info-score").textContent = scoreText(ws) + bound.mark;
      $("info-score").title = bound.text;
      $("info-nodes").textContent = compact(info.nodes);
      $("info-nps").textContent = `${compact(info.nps)}/s`;
      evalbar.set(ws, sideToMove === "w" ? info.wdl : info.wdl?.slice().reverse());
    }
    const lineScore = whiteScore(info.score, sideToMove);
    showLine($("pv-lines"), info.multipv, settings.lines, scoreText(lineScore), pvToSan(fen, info.pv), info.pv[0] ?? "", onPick, scoreWords(lineScore));
  }

  return {
    showVerdict,
    showOpening,
    showInfo,
    /** The opening the line reached at ply, once the names are loaded. @param {import("chess.js").Move[]} history @param {number} ply */
    openingAt: (history, ply) => openings && openingAt(openings, [startFen(), ...history.map((m) => m.after)], ply),
    /** The engine's last main line, if it was of the position fen. @param {string} fen */
    lastLine: (fen) => (lastLine && lastLine.fen === fen ? lastLine : null),
  };
}
