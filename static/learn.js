// @ts-check
// Learn from your mistakes: after a review, the page walks through the
// player's mistakes and blunders one by one, shows the position before
// each, and asks for a better move. A try is judged by the engine at the
// review's depth: it is good when it keeps the mover's winning chances
// within GOOD_ENOUGH of the engine's best move (less than the review's
// smallest mark, an inaccuracy). A hint circles the piece to move; "Show
// solution" draws the best move. The game itself is never changed.
// Nothing on the page gives the answer away before Hint or Show solution:
// no review arrow, no engine line, score or bar (the tries are judged
// without showing what the engine said).
// It works on the page through `page` (play.js; page.d.ts): state, engine,
// board, view, refresh, setStatus, startFen, uciMoves, clearReadouts.
import { Chess } from "chess.js";
import { ARROW_TYPE } from "cm-chessboard/src/extensions/arrows/Arrows.js";
import { MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js";
import { INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js";
import { winProbability, judgeMoves } from "./review.js";
import { whiteScore, moveSan } from "./format.js";
import { gameOver } from "./game.js";
import { $ } from "./dom.js";

export const GOOD_ENOUGH = 0.05;

/**
 * mistakesOf lists the moves of color that the review marked a mistake or
 * a blunder, with the engine's better move: [{ply, san, best, bestSan,
 * bestWin}] (bestWin: the mover's winning chances after the best move).
 * @param {import("chess.js").Move[]} history chess.js's verbose history
 * @param {import("./review.js").ReviewedPosition[]} positions the review's
 * @param {string} color "w" or "b"
 */
export function mistakesOf(history, positions, color) {
  return judgeMoves(history, positions)
    .filter((j) => j.color === color && j.verdict && j.verdict.name !== "inaccuracy" && positions[j.ply - 1].best)
    .map((j) => {
      const white = winProbability(positions[j.ply - 1].score);
      return {
        ply: j.ply,
        san: j.san,
        best: positions[j.ply - 1].best ?? "", // the filter kept only positions with a best move
        bestSan: positions[j.ply - 1].bestSan,
        bestWin: color === "w" ? white : 1 - white,
      };
    });
}

/** @typedef {ReturnType<typeof mistakesOf>[number]} Mistake */

/** @param {Pick<import("./page.js").Page, "state" | "engine" | "board" | "view" | "refresh" | "setStatus" | "startFen" | "uciMoves" | "clearReadouts">} page */
export function createLearn(page) {
  const { state, engine, board, view, refresh, setStatus } = page;
  /** @type {Mistake[]} */
  let items = [];
  let index = 0;
  let found = 0;
  let solved = false; // the current position is done: found, or its solution shown
  let helped = false; // a solution shown does not count as found
  let text = "";
  let depth = 10;
  /** @type {string | null} */
  let pending = null; // the try made on the board, judged once cm-chessboard is done with it
  let checking = false;
  /** @type {{fen: string, move: {from: string, to: string}} | null} */
  let foundAt = null; // the position after a good try, shown until the next one: {fen, move}

  const item = () => items[index];
  const fenBefore = () => {
    const h = state.game.history({ verbose: true });
    return item().ply === 1 ? page.startFen() : h[item().ply - 2].after;
  };
  const moverName = () => (state.human === "w" ? "White" : "Black");
  const say = (/** @type {string} */ t) => {
    text = t;
    $("learn-text").textContent = t;
  };

  // available says whether the reviewed game has positions to learn from.
  function available() {
    const r = state.review;
    return r !== null && mistakesOf(r.history, r.positions, state.human).length > 0;
  }

  async function start() {
    const r = state.review;
    items = r ? mistakesOf(r.history, r.positions, state.human) : [];
    if (!r || !items.length) return;
    depth = r.depth;
    state.epoch++;
    await engine.stopAndWait();
    state.thinking = state.hinting = false;
    state.learning = true;
    page.clearReadouts();
    document.body.classList.add("learning"); // hides the review's verdicts (style.css)
    index = found = 0;
    $("learn-box").hidden = false;
    showItem();
  }

  function showItem() {
    solved = helped = false;
    foundAt = null;
    board.removeArrows();
    board.removeMarkers(MARKER_TYPE.circlePrimary);
    state.viewPly = item().ply - 1;
    say(`${index + 1} of ${items.length}: ${moverName()} played ${item().san} here. Find a better move.`);
    refresh();
  }

  // renderLearn is the page's render while learning: the position before
  // the mistake, the mover's pieces movable until it is solved.
  function renderLearn() {
    view.setInput(solved || checking ? null : state.human, onInput);
    for (const id of ["takeback", "hint", "draw", "resign", "analyse", "review", "learn"])
      /** @type {HTMLButtonElement} */ ($(id)).disabled = true;
    if (foundAt) view.show(foundAt.fen, foundAt.move);
    $("learn-hint").disabled = $("learn-solution").disabled = solved || checking;
    $("learn-next").textContent = index + 1 < items.length ? "Next" : "Finish";
    $("learn-next").disabled = !solved;
    setStatus(`Learn from your mistakes — ${text}`);
  }

  /** @param {any} event cm-chessboard's input event */
  function onInput(event) {
    const legal = new Chess(fenBefore()).moves({ verbose: true });
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted:
        return legal.some((m) => m.from === event.squareFrom);
      case INPUT_EVENT_TYPE.validateMoveInput: {
        const m = legal.find((x) => x.from === event.squareFrom && x.to === event.squareTo);
        if (!m) return false;
        pending = m.from + m.to + (m.promotion ? "q" : ""); // a promotion is tried as a queen
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
  }

  // winAfter is the mover's winning chances after the move tried.
  /** @param {string} uci */
  async function winAfter(uci) {
    const g = new Chess(fenBefore());
    g.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    const over = gameOver(g);
    if (over) return over.result === "1/2-1/2" ? 0.5 : 1; // the mover cannot lose by moving
    const moves = page
      .uciMoves()
      .slice(0, item().ply - 1)
      .concat(uci);
    const r = await engine.search({ fen: page.startFen(), moves, depth, multipv: 1 });
    const white = winProbability(whiteScore(r.score, g.turn()));
    return state.human === "w" ? white : 1 - white;
  }

  /** @param {string} uci */
  async function judge(uci) {
    const san = moveSan(fenBefore(), uci);
    const epoch = state.epoch;
    checking = true;
    say(`Checking ${san}…`);
    refresh();
    const win = uci === item().best ? item().bestWin : await winAfter(uci).catch(() => /** @type {null} */ (null));
    checking = false;
    if (epoch !== state.epoch || !state.learning) return;
    if (win !== null && item().bestWin - win < GOOD_ENOUGH) {
      solved = true;
      const g = new Chess(fenBefore());
      g.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      foundAt = { fen: g.fen(), move: { from: uci.slice(0, 2), to: uci.slice(2, 4) } };
      if (!helped) found++;
      say(`${san} — good move!${uci === item().best ? " It is the engine's choice." : ` The engine's choice was ${item().bestSan}.`}`);
    } else {
      say(
        `${san} is not good enough${win === null ? "" : `: it keeps ${Math.round(win * 100)} % against ${Math.round(item().bestWin * 100)} % for the best move`}. Try again.`,
      );
      view.show(fenBefore(), null);
    }
    refresh();
  }

  function hint() {
    board.removeMarkers(MARKER_TYPE.circlePrimary);
    board.addMarker(MARKER_TYPE.circlePrimary, item().best.slice(0, 2));
    helped = true;
    say(`Hint: move the piece on ${item().best.slice(0, 2)}.`);
    refresh();
  }

  function solution() {
    board.removeArrows();
    view.show(fenBefore(), null);
    board.addArrow(ARROW_TYPE.info, item().best.slice(0, 2), item().best.slice(2, 4));
    solved = helped = true;
    say(`The better move was ${item().bestSan}.`);
    refresh();
  }

  function next() {
    if (index + 1 < items.length) {
      index++;
      return showItem();
    }
    stop(`Done: you found ${found} of ${items.length} better moves yourself.`);
  }

  function stop(message = `Stopped after ${index + (solved ? 1 : 0)} of ${items.length} positions.`) {
    state.epoch++;
    state.learning = false;
    document.body.classList.remove("learning");
    state.viewPly = null;
    foundAt = null;
    board.removeArrows();
    board.removeMarkers(MARKER_TYPE.circlePrimary);
    $("learn-box").hidden = true;
    $("analyse").disabled = $("review").disabled = false; // the rest render sets
    refresh();
    setStatus(message);
  }

  $("learn").addEventListener("click", start);
  $("learn-hint").addEventListener("click", hint);
  $("learn-solution").addEventListener("click", solution);
  $("learn-next").addEventListener("click", next);
  $("learn-stop").addEventListener("click", () => stop());
  // tryMove judges a move typed in the move form (UCI).
  const tryMove = (/** @type {string} */ uci) => {
    if (!solved && !checking) judge(uci);
  };
  return { available, renderLearn, tryMove };
}
