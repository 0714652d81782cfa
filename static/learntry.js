// @ts-check
// A try in "Learn from your mistakes" (learn.js): the move made on the
// board or typed, judged by the engine at the review's depth — good when
// it keeps the mover's winning chances within GOOD_ENOUGH of the engine's
// best move (less than the review's smallest mark, an inaccuracy) — and
// the help asked for: a hint circles the piece to move, the solution
// draws the best move. Nothing shows what the engine said of a try.
import { Chess } from "./chessrules.js";
import { ARROW_TYPE } from "cm-chessboard/src/extensions/arrows/Arrows.js";
import { MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js";
import { INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js";
import { winProbability } from "./review.js";
import { whiteScore, moveSan } from "./format.js";
import { gameOver } from "./game.js";
import { $ } from "./dom.js";

export const GOOD_ENOUGH = 0.05;

/** @typedef {import("./learn.js").Lesson} Lesson */
/** @typedef {import("./learn.js").LearnPage} LearnPage */

/** @param {LearnPage} page @param {Lesson} lesson */
export function createTries(page, lesson) {
  const { state, board, view, refresh } = page;
  const item = () => lesson.items[lesson.index];
  const fenBefore = () => positionBefore(page, item().ply);
  const say = (/** @type {string} */ t) => {
    lesson.text = t;
    $("learn-text").textContent = t;
  };

  /** @param {string} uci */
  async function judge(uci) {
    const san = moveSan(fenBefore(), uci);
    const epoch = state.epoch;
    lesson.checking = true;
    say(`Checking ${san}…`);
    refresh();
    const best = item();
    const win = uci === best.best ? best.bestWin : await winAfter(page, lesson.depth, best.ply, uci).catch(() => /** @type {null} */ (null));
    lesson.checking = false;
    if (epoch !== state.epoch || !state.learning) return;
    if (win !== null && best.bestWin - win < GOOD_ENOUGH) {
      lesson.solved = true;
      const g = new Chess(fenBefore());
      g.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      lesson.foundAt = { fen: g.fen(), move: { from: uci.slice(0, 2), to: uci.slice(2, 4) } };
      if (!lesson.helped) lesson.found++;
      say(`${san} — good move!${uci === best.best ? " It is the engine's choice." : ` The engine's choice was ${best.bestSan}.`}`);
    } else {
      const keeps = win === null ? "" : `: it keeps ${Math.round(win * 100)} % against ${Math.round(best.bestWin * 100)} % for the best move`;
      say(`${san} is not good enough${keeps}. Try again.`);
      view.show(fenBefore(), null);
    }
    refresh();
  }

  function hint() {
    board.removeMarkers(MARKER_TYPE.circlePrimary);
    board.addMarker(MARKER_TYPE.circlePrimary, item().best.slice(0, 2));
    lesson.helped = true;
    say(`Hint: move the piece on ${item().best.slice(0, 2)}.`);
    refresh();
  }

  function solution() {
    board.removeArrows();
    view.show(fenBefore(), null);
    board.addArrow(ARROW_TYPE.info, item().best.slice(0, 2), item().best.slice(2, 4));
    lesson.solved = lesson.helped = true;
    say(`The better move was ${item().bestSan}.`);
    refresh();
  }

  $("learn-hint").addEventListener("click", hint);
  $("learn-solution").addEventListener("click", solution);
  return {
    say,
    onInput: boardInput(fenBefore, judge),
    // tryMove judges a move typed in the move form (UCI).
    tryMove: (/** @type {string} */ uci) => {
      if (!lesson.solved && !lesson.checking) judge(uci);
    },
  };
}

/** The position before the game's ply. @param {LearnPage} page @param {number} ply */
function positionBefore(page, ply) {
  const h = page.state.game.history({ verbose: true });
  return ply === 1 ? page.startFen() : h[ply - 2].after;
}

/**
 * cm-chessboard's input handler for a try: the mover's legal moves only,
 * a promotion tried as a queen, judged once cm-chessboard is done with it.
 * @param {() => string} fenBefore @param {(uci: string) => void} judge
 */
function boardInput(fenBefore, judge) {
  /** @type {string | null} */
  let pending = null;
  /** @param {any} event cm-chessboard's input event */
  return (event) => {
    const legal = new Chess(fenBefore()).moves({ verbose: true });
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted:
        return legal.some((m) => m.from === event.squareFrom);
      case INPUT_EVENT_TYPE.validateMoveInput: {
        const m = legal.find((x) => x.from === event.squareFrom && x.to === event.squareTo);
        if (!m) return false;
        pending = m.from + m.to + (m.promotion ? "q" : "");
        return true;
      }
      case INPUT_EVENT_TYPE.moveInputFinished:
        if (pending) {
          const uci = pending;
          pending = null;
          setTimeout(() => judge(uci)); // after cm-chessboard has finished its own work
        }
        return true;
    }
    return true;
  };
}

/**
 * The mover's winning chances after the move tried at the game's ply, by
 * the engine at depth (a move that ends the game: 1, or ½ for a draw).
 * @param {LearnPage} page @param {number} depth @param {number} ply @param {string} uci
 */
async function winAfter(page, depth, ply, uci) {
  const g = new Chess(positionBefore(page, ply));
  g.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
  const over = gameOver(g);
  if (over) return over.result === "1/2-1/2" ? 0.5 : 1; // the mover cannot lose by moving
  const moves = page
    .uciMoves()
    .slice(0, ply - 1)
    .concat(uci);
  const r = await page.engine.search({ fen: page.startFen(), moves, depth, multipv: 1 });
  const white = winProbability(whiteScore(r.score, g.turn()));
  return page.state.human === "w" ? white : 1 - white;
}
