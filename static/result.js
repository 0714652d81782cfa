// @ts-check
// The end of a game played on the page: a panel beside the board (first in
// the side panel; under the board on a phone) that says
// how it ended and, once the game is reviewed, each side's accuracy, with
// Rematch (colours swapped), Analyse and Review. It opens when a game ends
// here, not for a finished game that is loaded or restored, and stays
// closed once closed.
import { accuracy } from "./accuracy.js";
import { $ } from "./dom.js";

/**
 * @param {Pick<import("./page.js").Page, "state" | "newGame">} page
 * @param {{rematch: (human: string) => void}} actions
 */
export function createResultPanel(page, actions) {
  const { state } = page;
  let shownFor = 0; // the game the panel belongs to
  let closedFor = 0;
  let seenUnfinished = 0; // a game seen still in play, which may end here

  $("result-close").addEventListener("click", () => {
    closedFor = shownFor;
    render();
  });
  $("rematch").addEventListener("click", () => actions.rematch(state.human === "w" ? "b" : "w"));
  $("result-analyse").addEventListener("click", () => $("analyse").click());
  $("result-review").addEventListener("click", () => $("review").click());

  function render() {
    if (!state.over && state.mode === "play") seenUnfinished = state.gameId;
    const open =
      Boolean(state.over) &&
      state.mode === "play" &&
      !state.learning &&
      state.viewPly === null &&
      seenUnfinished === state.gameId &&
      closedFor !== state.gameId;
    const panel = $("result-panel");
    panel.hidden = !open;
    if (!open || !state.over) return;
    shownFor = state.gameId;
    const { result, reason } = state.over;
    const won = (result === "1-0" && state.human === "w") || (result === "0-1" && state.human === "b");
    $("result-title").textContent = result === "1/2-1/2" ? "Draw" : won ? "You won" : "Kibitz won";
    $("result-reason").textContent = `${result.replace("1/2", "½")} · ${reason}`;
    const figures =
      state.review && state.review.history.length === state.game.history().length
        ? accuracy(
            state.review.history,
            state.review.positions.map((p) => p.score),
          )
        : null;
    const you = figures?.[state.human]?.accuracy;
    const kibitz = figures?.[state.human === "w" ? "b" : "w"]?.accuracy;
    $("result-accuracy").hidden = !figures;
    const pct = (/** @type {number | null | undefined} */ x) => (typeof x === "number" ? `${Math.round(x)} %` : "—");
    $("result-accuracy").textContent = figures ? `Accuracy: you ${pct(you)}, Kibitz ${pct(kibitz)}` : "";
    $("result-review").hidden = Boolean(figures) || state.reviewing;
  }

  return { render };
}
