// The player's actions during a game against Kibitz: a hint, a draw offer
// (decided by the rule in game.js) and resigning. They work on the page's
// state through `page` (play.js; page.d.ts).
import { ARROW_TYPE } from "cm-chessboard/src/extensions/arrows/Arrows.js";
import { whiteScore, scoreText, moveSan, negateScore } from "./format.js";
import { drawAnswer } from "./game.js";
import { $ } from "./dom.js";

/** @param {Pick<import("./page.js").Page, "state" | "settings" | "board" | "search" | "refresh" | "setStatus" | "endGame" | "engineColor">} page */
export function createActions(page) {
  const { state, settings, board, search, refresh, setStatus, endGame, engineColor } = page;
  const actions = {
    // Resigning takes two clicks: the first arms the button for a few
    // seconds ("Really resign?"), the second resigns.
    resignArmed: false,

    async hint() {
      if (state.over || state.thinking || state.hinting || state.game.turn() !== state.human || state.viewPly !== null) return;
      const epoch = state.epoch;
      state.hinting = true;
      refresh();
      setStatus("Looking for a hint… (Move now shows the best move so far)");
      const result = await search({ depth: settings.depth }).catch(() => /** @type {null} */ (null));
      state.hinting = false;
      if (epoch !== state.epoch || !result || !result.bestmove || state.viewPly !== null) return refresh();
      board.removeArrows();
      board.addArrow(ARROW_TYPE.info, result.bestmove.slice(0, 2), result.bestmove.slice(2, 4));
      const san = moveSan(state.game.fen(), result.bestmove);
      refresh();
      setStatus(`Hint: ${san}`);
    },

    async offerDraw() {
      if (state.over || state.thinking) return;
      // Half-moves since the game's start, counted from the move number so
      // that a game set up from a FEN in the middlegame counts as long.
      const plies = 2 * (state.game.moveNumber() - 1) + (state.game.turn() === "b" ? 1 : 0);
      let answer = drawAnswer(plies, null);
      let shown = "";
      if (answer.needsSearch) {
        const epoch = state.epoch;
        setStatus("Kibitz considers your draw offer…");
        const result = await search({ depth: Math.min(settings.depth, 8) }).catch(() => /** @type {null} */ (null));
        if (epoch !== state.epoch || !result) return refresh();
        // The search was from the side to move's view; the engine's own view:
        const own = state.game.turn() === engineColor() ? result.score : negateScore(result.score);
        answer = drawAnswer(plies, own);
        shown = ` (it sees ${scoreText(whiteScore(own, engineColor()))} for White)`;
      }
      if (answer.accept) return endGame({ result: "1/2-1/2", reason: answer.text + shown });
      refresh();
      setStatus(answer.text + shown);
    },

    resign() {
      if (state.over) return;
      if (!actions.resignArmed) {
        actions.resignArmed = true;
        $("resign").textContent = "Really resign?";
        setTimeout(() => {
          actions.resignArmed = false;
          if (!state.over) $("resign").textContent = "Resign";
        }, 4000);
        return;
      }
      actions.resignArmed = false;
      const winner = state.human === "w" ? "Black" : "White";
      endGame({ result: state.human === "w" ? "0-1" : "1-0", reason: `You resigned — ${winner} (Kibitz) wins` });
    },
  };
  return actions;
}
