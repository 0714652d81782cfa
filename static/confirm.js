// @ts-check
// Move confirmation (Settings: Confirm moves), as for correspondence play:
// a move made against Kibitz stands on the board but is not yet played —
// no clock pressed, nothing saved, Kibitz not asked — until Confirm (or
// Enter); Cancel (or Escape) takes it back. Analysis and lessons play at
// once. It works on the page's state through `page` (play.js; page.d.ts).
import { $ } from "./dom.js";

/**
 * @param {Pick<import("./page.js").Page, "state" | "settings" | "refresh" | "setStatus">} page
 * @param {() => void} play plays the move made (play.js's playHumanMove)
 */
export function createConfirm(page, play) {
  const { state, settings } = page;

  // wanted: a move just made waits for the player's word.
  const wanted = () => settings.confirm && state.mode === "play" && !state.learning && !state.confirming;

  function ask() {
    state.confirming = true;
    page.refresh();
    $("confirm-move").focus();
  }

  function confirm() {
    if (!state.confirming) return;
    state.confirming = false;
    play();
  }

  function cancel() {
    if (!state.confirming) return;
    state.confirming = false;
    state.game.undo();
    page.refresh();
  }

  // statusText says what the two buttons are for while a move waits.
  const statusText = () => `Confirm ${state.game.history().at(-1)}? Enter plays it, Escape takes it back`;

  $("confirm-move").addEventListener("click", confirm);
  $("cancel-move").addEventListener("click", cancel);
  document.addEventListener("keydown", (e) => {
    if (!state.confirming || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    // Enter on another button is that button's.
    if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement && e.target.id !== "confirm-move")) {
      e.preventDefault();
      confirm();
    } else if (e.key === "Escape") {
      e.preventDefault();
      cancel();
    }
  });
  return { wanted, ask, confirm, cancel, statusText };
}
