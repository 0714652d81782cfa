// @ts-check
// The play page's buttons and keys: each control bound to what it does
// (play.js composes the parts it calls), the keyboard's shortcuts, the
// shortcut sheet and zen mode.
import { defaultThreads } from "./kibitz.js";
import { saveSettings } from "./settings.js";
import { bindSettings, bindKeys } from "./controls.js";
import { plyName } from "./format.js";
import { describe } from "./speech.js";
import { copyText, download } from "./panel.js";
import { applyLook } from "./look.js";
import { PIECE_SPRITES } from "./pieces.js";
import { shareLink } from "./share.js";
import { $ } from "./dom.js";

/**
 * What the page's controls call: its parts and its actions (page.d.ts).
 * @typedef {Pick<import("./page.js").Page, "state" | "settings" | "engine" | "view" | "sounds" | "study" | "refresh" | "newGame" |
 *   "setOrientation" | "setStatus" | "showPly" | "startFen" | "uciMoves"> & {
 *   actions: ReturnType<typeof import("./actions.js").createActions>, input: ReturnType<typeof import("./input.js").createInput>,
 *   timed: ReturnType<typeof import("./timed.js").createTimed>, moveTree: ReturnType<typeof import("./movetree.js").createMoveTree>,
 *   takeback: () => Promise<void>, pgnText: () => string, importText: (id?: number | null) => Promise<unknown>,
 *   started: () => Promise<unknown>}} BindingsPage
 *   started: settles when the first game is set up (actions that replace the game wait for it)
 */

/** @param {BindingsPage} page */
export function bindPage(page) {
  const { settings, state, engine, view, sounds, study, actions, input, timed, moveTree } = page;
  const { refresh, newGame, takeback, setOrientation, setStatus, pgnText, importText, startFen, uciMoves, showPly } = page;
  const started = () => page.started();
  bindSettings(settings, {
    onLines: () => {
      $("pv-lines").replaceChildren();
      study.analyse();
    },
    onSounds: (/** @type {boolean} */ on) => (sounds.enabled = on),
    onHelp: refresh,
    onLook: () => {
      applyLook(settings, $("board"));
      view.setPieces(PIECE_SPRITES[settings.pieces]);
    },
    onThreads: () =>
      started().then(async () => {
        // Kibitz's own move is let finish; an analysis starts again on the new workers.
        while (state.thinking) await engine.current.catch(() => {});
        await engine.setThreads(settings.threads ?? defaultThreads());
        study.analyse();
      }),
  });
  $("new-game").addEventListener("click", () => started().then(() => newGame()));
  $("takeback").addEventListener("click", takeback);
  $("hint").addEventListener("click", actions.hint);
  $("stop").addEventListener("click", () => engine.stop());
  $("flip").addEventListener("click", () => {
    setOrientation(!view.blackBottom);
    saveSettings(settings);
  });
  $("draw").addEventListener("click", actions.offerDraw);
  $("resign").addEventListener("click", actions.resign);
  $("copy-pgn").addEventListener("click", async () => setStatus(await copyText(pgnText(), "PGN", $("import-text"))));
  $("download-pgn").addEventListener("click", () => download(pgnText(), "kibitz-game.pgn", "application/x-chess-pgn"));
  $("share").addEventListener("click", async () => {
    // The moves alone, unless the game holds more than its line.
    const { variations, nags, comments } = state.tree.counts();
    const whole = variations + nags + comments > 0 ? pgnText() : null;
    const link = shareLink(location.origin + location.pathname, startFen(), uciMoves(), state.viewPly, whole);
    setStatus(await copyText(link, "Link to this game", $("import-text")));
  });
  // The FEN of the board on screen (an earlier move being looked at, or
  // the analysis board's), and which move it follows.
  $("copy-fen").addEventListener("click", async () => {
    const ply = study.shownPly();
    const what = `FEN after ${plyName(ply, state.game.history()[ply - 1], startFen())}`.replace("after the start position", "of the start position");
    setStatus(await copyText(study.shownFen(), what, $("import-text")));
  });
  $("import").addEventListener("click", () => started().then(() => importText()));
  $("move-form").addEventListener("submit", input.playTyped);
  timed.bindControl(() => {
    // A new control starts a game not yet begun; otherwise the next one.
    if (state.game.history().length === 0 && state.mode === "play") started().then(() => newGame());
    else setStatus("The clock applies from the next game");
  });
  $("describe").addEventListener("click", () => {
    const p = $("position-text");
    p.hidden = false;
    p.textContent = describe(view.fen || state.game.fen());
  });
  bindKeys({
    position: () => ({ ply: state.viewPly ?? state.game.history().length, plies: state.game.history().length }),
    show: showPly,
    flip: () => $("flip").click(),
    hint: actions.hint,
    analyse: () => $("analyse").click(),
    threat: () => study.toggleThreat(),
    stop: () => engine.stop(),
    shortcuts: showShortcuts,
    zen: toggleZen,
    enterVariation: moveTree.enterVariation,
    exitVariation: moveTree.exitVariation,
  });
  $("shortcuts-open").addEventListener("click", showShortcuts);
  $("zen").addEventListener("click", toggleZen);
  $("zen-exit").addEventListener("click", toggleZen);
}

// toggleZen shows the board and the clocks alone, or everything again.
function toggleZen() {
  const on = document.body.classList.toggle("zen");
  $("zen").setAttribute("aria-pressed", String(on));
  if (on) $("zen-exit").focus();
  else $("zen").focus();
}

// showShortcuts opens the sheet of keyboard shortcuts (Esc or Close shuts it).
function showShortcuts() {
  const sheet = /** @type {HTMLDialogElement} */ ($("shortcuts"));
  if (!sheet.open) sheet.showModal();
}
