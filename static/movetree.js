// @ts-check
// The move list as a tree, as lichess shows it: the main line in rows,
// and after a move the variations that replace it, inline and indented —
// each move a button, comments in their place, nested variations in
// brackets, each variation foldable — so that a variation never takes the
// main line's place in the list (variations.js draws them). Here: which
// line is shown, and the way along and between the lines.
import { Chess } from "./chessrules.js";
import { createVariations } from "./variations.js";

/** @typedef {import("cm-pgn").PgnMove} PgnMove */

/**
 * @param {Pick<import("./page.js").Page, "state" | "showPly">} page
 * @param {{showBranch: (move: PgnMove, ply: number) => Promise<void>, edit: (change: () => void) => void}} study
 */
export function createMoveTree(page, study) {
  const { state } = page;
  const { rowsAfter } = createVariations(page, study);

  // mainHistory is the main line as chess.js's verbose moves.
  function mainHistory() {
    const g = new Chess(state.tree.startFen);
    for (const m of state.tree.mainLine()) g.move(m.san);
    return g.history({ verbose: true });
  }

  // onMain says whether the line shown is the main line up to ply.
  /** @param {number} ply */
  function onMain(ply) {
    const main = state.tree.mainLine();
    return state.tree.line.slice(0, ply).every((m, i) => m === main[i]);
  }

  // pickMain shows the main line's ply: along the line shown when it is
  // the main line there, else by making the main line the line shown.
  /** @param {number} ply */
  function pickMain(ply) {
    if (onMain(ply)) return page.showPly(ply);
    study.showBranch(state.tree.mainLine()[ply - 1], ply);
  }

  // enterVariation (Shift+→) takes the next alternative to the move after
  // the position shown — the first variation from the main move, the next
  // one from a variation, back to the main move after the last — and shows
  // its first move; false when that move has none.
  /** @returns {boolean} */
  function enterVariation() {
    const shown = state.viewPly ?? state.tree.line.length;
    const here = state.tree.continuations(shown > 0 ? state.tree.line[shown - 1] : null);
    if (here.length < 2) return false;
    study.showBranch(here[(here.indexOf(state.tree.line[shown]) + 1) % here.length], shown + 1);
    return true;
  }

  // exitVariation (Shift+←) leaves the innermost variation the position
  // shown is in for the move it is an alternative to, showing the position
  // where they part; false on the main line.
  /** @returns {boolean} */
  function exitVariation() {
    const shown = state.viewPly ?? state.tree.line.length;
    for (let ply = shown; ply > 0; ply--) {
      const parent = state.tree.parentOf(state.tree.line[ply - 1]);
      if (parent) {
        study.showBranch(parent, ply - 1);
        return true;
      }
    }
    return false;
  }

  return { mainHistory, onMain, pickMain, rowsAfter, enterVariation, exitVariation };
}
