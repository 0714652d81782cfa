// The game review on the page: every position of the game analysed on
// the engine's workers (a second click stops it), the results shown under
// the moves, the next marked move one click away, and the review's score
// of the position shown while the game is browsed. It works on the page's
// state through `page` (play.js; page.d.ts).
import { analyseGame, showReview } from "./reviewpanel.js";
import { scrollWithin, holdInView } from "./panel.js";
import { scoreText } from "./format.js";
import { $ } from "./dom.js";

/** @typedef {Pick<import("./page.js").Page, "state" | "engine" | "refresh" | "showPly" | "startFen" | "uciMoves" | "setStatus" | "engineMove">} ReviewPage */

/**
 * @param {ReviewPage} page
 * @param {() => void} analyse starts the analysis of the position shown (in analysis mode)
 */
export function createGameReview(page, analyse) {
  const { state, engine } = page;

  function clearReview() {
    state.marks = new Map();
    state.review = null;
    state.learning = false; // a new game or an import ends a lesson on the old one
    $("learn-box").hidden = true;
    $("review-graph").toggleAttribute("hidden", true); // an SVG element has no hidden property
    $("review-list").replaceChildren();
  }

  // review analyses every position of the game; a second click stops it.
  async function review() {
    if (state.reviewing) {
      state.reviewing = false;
      return;
    }
    if (state.game.history().length === 0) return page.setStatus("There is no move to review yet");
    state.epoch++;
    await engine.stopAndWait();
    state.thinking = state.hinting = false;
    state.reviewing = true;
    const progress = $("review-progress");
    progress.hidden = false;
    progress.value = 0;
    $("review").textContent = "Stop review";
    const history = state.game.history({ verbose: true });
    const depth = parseInt($("review-depth").value, 10);
    const game = state.game;
    const positions = await analyseGame(
      engine,
      page.startFen(),
      page.uciMoves(),
      depth,
      (done, total) => {
        progress.value = done / total;
        page.setStatus(`Reviewing the game: position ${done} of ${total}…`);
      },
      () => !state.reviewing || state.game !== game || state.game.history().length !== history.length,
    );
    state.reviewing = false;
    progress.hidden = true;
    $("review").textContent = "Review game";
    if (positions) showResults(page, history, positions, depth);
    else page.refresh();
    // The review stopped Kibitz if it was thinking: it moves now.
    if (state.mode === "analyse" && positions) analyse();
    else if (state.mode === "play") page.engineMove();
  }

  // nextMistake shows the next move the review marked (after the one
  // shown; from the first again at the end), with its verdict and score.
  function nextMistake() {
    const plies = [...state.marks.keys()].sort((a, b) => a - b);
    const shown = state.viewPly ?? state.game.history().length;
    const next = plies.find((p) => p > shown) ?? plies[0];
    if (next !== undefined) page.showPly(next);
  }

  // renderReview shows, while a reviewed game is browsed, the review's
  // score of the position shown, and offers the next marked move.
  function renderReview() {
    $("next-mistake").hidden = state.marks.size === 0 || state.learning || state.reviewing;
    const ply = state.viewPly;
    const reviewed = ply !== null && state.review?.history.length === state.game.history().length ? state.review.positions[ply] : null;
    if (reviewed && state.mode === "play" && !state.learning) {
      // a lesson gives nothing away
      $("info-score").textContent = scoreText(reviewed.score);
      $("info-depth").textContent = `${state.review?.depth} (review)`;
    }
  }

  $("next-mistake").addEventListener("click", nextMistake);
  $("review").addEventListener("click", review);
  return { clearReview, renderReview };
}

/**
 * Shows a finished review: the marks on the moves, the graph and the list.
 * @param {ReviewPage} page
 * @param {import("chess.js").Move[]} history
 * @param {import("./review.js").ReviewedPosition[]} positions
 * @param {number} depth
 */
function showResults(page, history, positions, depth) {
  const { state } = page;
  state.marks = showReview($("review-graph"), $("review-list"), history, positions, page.showPly);
  // A list that scrolls takes the keyboard too (arrows scroll it once focused).
  $("review-list").tabIndex = 0;
  state.review = { history, positions, depth };
  $("review-graph").toggleAttribute("hidden", false);
  page.refresh();
  // The results come below the moves, in the box that scrolls: brought into
  // view, or a player looks for them (only that box scrolls on a wide screen).
  scrollWithin($("review-list").firstElementChild ?? $("review-graph"));
  holdInView($("review-graph"));
  page.setStatus("Review done: click the graph or a move to see a position");
}
