// Studying a game on the page: the line shown (the live position or a ply
// looked at), engine lines played out, variations chosen and edited — and,
// composed here, the analysis mode (analysis.js), the game review
// (gamereview.js) and the library of finished games (savedgames.js). It
// works on the page's state through `page` (play.js; page.d.ts).
import { Chess } from "./chessrules.js";
import { gameOver } from "./game.js";
import { createAnalysis } from "./analysis.js";
import { createGameReview } from "./gamereview.js";
import { createSavedGames } from "./savedgames.js";
import { $ } from "./dom.js";

/**
 * @param {Pick<import("./page.js").Page, "state" | "engine" | "board" | "settings" | "refresh" | "showPly" | "startFen" | "uciMoves" | "showInfo" |
 *   "clearReadouts" | "setStatus" | "setOrientation" | "pgnText" | "importPgn" | "engineMove">} page
 */
export function createStudy(page) {
  const { state } = page;

  // shownFen is the position on the board: the live one or the ply being
  // looked at.
  const shownPly = () => state.viewPly ?? state.game.history().length;
  const shownFen = () => {
    const h = state.game.history({ verbose: true });
    const ply = shownPly();
    return ply === 0 ? page.startFen() : h[ply - 1].after;
  };
  const analysis = createAnalysis(page, { shownFen, shownPly, playLine });
  const { analyse } = analysis;
  const review = createGameReview(page, analyse);
  const saved = createSavedGames(page);

  // truncateToView makes the shown position the end of the line played:
  // the chess.js game drops the moves after it, while the tree keeps them,
  // so that a move played there becomes a variation beside them.
  function truncateToView() {
    if (state.viewPly === null) return;
    while (state.game.history().length > state.viewPly) state.game.undo();
    state.viewPly = null;
    state.over = gameOver(state.game);
    review.clearReview();
  }

  // playLine plays an engine line from the shown position.
  /** @param {string[]} pv */
  function playLine(pv) {
    truncateToView();
    for (const uci of pv) {
      try {
        state.game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      } catch {
        break;
      }
    }
    state.over = gameOver(state.game);
    page.refresh();
    analyse();
  }

  // showBranch makes a variation the line shown, in analysis.
  /** @param {import("cm-pgn").PgnMove} first @param {number} ply */
  async function showBranch(first, ply) {
    if (state.mode !== "analyse") await analysis.toggleAnalysis();
    state.tree.choose(first);
    state.game = state.tree.game();
    state.viewPly = ply;
    state.over = gameOver(state.game);
    review.clearReview();
    page.refresh();
    analyse();
  }

  // edit changes the tree and shows the line it leaves.
  /** @param {() => void} change */
  function edit(change) {
    change();
    state.game = state.tree.game();
    state.viewPly = state.viewPly === null ? null : Math.min(state.viewPly, state.tree.line.length);
    state.over = gameOver(state.game);
    review.clearReview();
    page.refresh();
    analyse();
  }

  const going = createContinue(page, analysis, shownFen, truncateToView);

  return { ...analysis, ...review, ...saved, truncateToView, showBranch, edit, shownFen, shownPly, ...going };
}

// createContinue: opening the analysis board from elsewhere (an import) and
// leaving it for a game against Kibitz from the position shown.
/**
 * @param {Pick<import("./page.js").Page, "state" | "setStatus">} page
 * @param {ReturnType<typeof createAnalysis>} analysis
 * @param {() => string} shownFen
 * @param {() => void} truncateToView
 */
function createContinue(page, analysis, shownFen, truncateToView) {
  const { state } = page;
  const { analyse } = analysis;

  // openAnalysis opens the analysis board (where it is not open) on the
  // position shown, the engine thinking on it.
  async function openAnalysis() {
    if (state.mode === "analyse") return analyse();
    return analysis.toggleAnalysis();
  }

  // canContinue: in analysis, a position where a game can go on — not one
  // ended on the board, nor the end of a game that ended otherwise.
  function canContinue() {
    if (state.mode !== "analyse" || state.learning || state.reviewing) return false;
    if (state.viewPly === null && state.over) return false;
    return !gameOver(new Chess(shownFen()));
  }

  // continueGame makes the position shown in analysis a game against
  // Kibitz: the moves after it leave the game (the tree keeps them), and
  // the player takes the side to move.
  async function continueGame() {
    if (!canContinue()) return;
    truncateToView();
    await analysis.toggleAnalysis();
    page.setStatus(`Your move (${state.human === "w" ? "White" : "Black"}) — the game goes on against Kibitz`);
  }

  // renderContinue shows Continue against Kibitz where it can be used.
  function renderContinue() {
    $("continue").hidden = !canContinue();
  }
  $("continue").addEventListener("click", continueGame);

  return { openAnalysis, continueGame, renderContinue };
}
