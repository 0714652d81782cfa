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
// The session (which positions, in which order, how many found) is here;
// a try at one position (the board's input, the engine's judgement, hint
// and solution) is learntry.js.
import { MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js";
import { judgeMoves, winProbability } from "./review.js";
import { createTries } from "./learntry.js";
import { $ } from "./dom.js";

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

/**
 * A lesson's state, shared by the session and the tries (learntry.js).
 * @typedef {object} Lesson
 * @property {Mistake[]} items the positions to learn from
 * @property {number} index the one shown
 * @property {number} found how many were found without help
 * @property {boolean} solved the current position is done: found, or its solution shown
 * @property {boolean} helped a solution shown does not count as found
 * @property {boolean} checking a try is being judged
 * @property {string} text what the lesson says now
 * @property {number} depth the review's depth, at which tries are judged
 * @property {{fen: string, move: {from: string, to: string}} | null} foundAt the position after a good try, shown until the next one
 */

/** @typedef {Pick<import("./page.js").Page, "state" | "engine" | "board" | "view" | "refresh" | "setStatus" | "startFen" | "uciMoves" | "clearReadouts">} LearnPage */

/** @param {LearnPage} page */
export function createLearn(page) {
  const { state, engine, board, view, refresh, setStatus } = page;
  /** @type {Lesson} */
  const lesson = { items: [], index: 0, found: 0, solved: false, helped: false, checking: false, text: "", depth: 10, foundAt: null };
  const tries = createTries(page, lesson);

  // available says whether the reviewed game has positions to learn from.
  function available() {
    const r = state.review;
    return r !== null && mistakesOf(r.history, r.positions, state.human).length > 0;
  }

  async function start() {
    const r = state.review;
    lesson.items = r ? mistakesOf(r.history, r.positions, state.human) : [];
    if (!r || !lesson.items.length) return;
    lesson.depth = r.depth;
    state.epoch++;
    await engine.stopAndWait();
    state.thinking = state.hinting = false;
    state.learning = true;
    page.clearReadouts();
    document.body.classList.add("learning"); // hides the review's verdicts (style.css)
    lesson.index = lesson.found = 0;
    $("learn-box").hidden = false;
    showItem();
  }

  function showItem() {
    lesson.solved = lesson.helped = false;
    lesson.foundAt = null;
    board.removeArrows();
    board.removeMarkers(MARKER_TYPE.circlePrimary);
    const item = lesson.items[lesson.index];
    state.viewPly = item.ply - 1;
    tries.say(`${lesson.index + 1} of ${lesson.items.length}: ${state.human === "w" ? "White" : "Black"} played ${item.san} here. Find a better move.`);
    refresh();
  }

  // renderLearn is the page's render while learning: the position before
  // the mistake, the mover's pieces movable until it is solved.
  function renderLearn() {
    const busy = lesson.solved || lesson.checking;
    view.setInput(busy ? null : state.human, tries.onInput);
    for (const id of ["takeback", "hint", "draw", "resign", "analyse", "review", "learn"])
      /** @type {HTMLButtonElement} */ ($(id)).disabled = true;
    if (lesson.foundAt) view.show(lesson.foundAt.fen, lesson.foundAt.move);
    $("learn-hint").disabled = $("learn-solution").disabled = busy;
    $("learn-next").textContent = lesson.index + 1 < lesson.items.length ? "Next" : "Finish";
    $("learn-next").disabled = !lesson.solved;
    setStatus(`Learn from your mistakes — ${lesson.text}`);
  }

  function next() {
    if (lesson.index + 1 < lesson.items.length) {
      lesson.index++;
      return showItem();
    }
    stop(`Done: you found ${lesson.found} of ${lesson.items.length} better moves yourself.`);
  }

  function stop(message = `Stopped after ${lesson.index + (lesson.solved ? 1 : 0)} of ${lesson.items.length} positions.`) {
    state.epoch++;
    state.learning = false;
    document.body.classList.remove("learning");
    state.viewPly = null;
    lesson.foundAt = null;
    board.removeArrows();
    board.removeMarkers(MARKER_TYPE.circlePrimary);
    $("learn-box").hidden = true;
    $("analyse").disabled = $("review").disabled = false; // the rest render sets
    refresh();
    setStatus(message);
  }

  $("learn").addEventListener("click", start);
  $("learn-next").addEventListener("click", next);
  $("learn-stop").addEventListener("click", () => stop());
  return { available, renderLearn, tryMove: tries.tryMove };
}
