// @ts-check
// The player's moves on the play page: made on the board (click or drag,
// with the promotion dialog), typed in the move form (SAN in the usual
// spellings, or UCI: movetext.js reads them), and premoves made while
// Kibitz thinks (premove.js). Every move goes through the page's
// afterHumanMove. page: see page.d.ts.
import { Chess } from "./chessrules.js";
import { COLOR, INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js";
import { $ } from "./dom.js";
import { alignPromotion } from "./promotion.js";
import { matchTyped, unfinishedPromotion, whyNotLegal } from "./movetext.js";
import { createPremoves, premoveTargets } from "./premove.js";

/** @typedef {Pick<import("./page.js").Page, "state" | "board" | "study" | "learn" | "afterHumanMove" | "setStatus" | "startFen">} InputPage */

/** @param {InputPage} page */
export function createInput(page) {
  const { state, board, study, learn, afterHumanMove } = page;
  const premoves = createPremoves(page);
  const legalFrom = (/** @type {import("chess.js").Square | null} */ square) => legalMovesFrom(page, square);

  /** @param {import("chess.js").Move} move a legal move of the position shown */
  function play(move) {
    if (state.learning) return learn.tryMove(move.from + move.to + (move.promotion || ""));
    study.truncateToView(); // in analysis, a move on an earlier position starts a variation
    state.game.move(move.san);
    afterHumanMove();
  }

  // A human move is recorded when cm-chessboard validates it and finished
  // (board redrawn, engine started) when cm-chessboard reports the input
  // finished: changing the board inside validation breaks its own move.
  let movedThisInput = false;
  /** @type {string[]} the premove targets of the piece picked up */
  let targets = [];

  /** @param {any} event cm-chessboard's input event */
  function onInput(event) {
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        if (premoves.premoving()) {
          targets = premoveTargets(state.game.fen(), event.squareFrom);
          board.addLegalMovesMarkers(targets.map((to) => ({ to })));
          return targets.length > 0;
        }
        const moves = legalFrom(event.squareFrom);
        board.addLegalMovesMarkers(moves);
        return moves.length > 0;
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        board.removeLegalMovesMarkers();
        const { squareFrom: from, squareTo: to } = event;
        if (premoves.premoving()) {
          if (targets.includes(to)) premoves.setPremove(from, to);
          return false; // the piece goes back until the premove plays
        }
        const candidates = legalFrom(from).filter((m) => m.to === to);
        if (candidates.length === 0) return false;
        study.truncateToView(); // in analysis, a move on an earlier position starts a variation
        if (candidates.some((m) => m.promotion)) {
          board.showPromotionDialog(to, candidates[0].color === "w" ? COLOR.white : COLOR.black, (/** @type {{piece?: string} | undefined} */ choice) => {
            if (choice && choice.piece) state.game.move({ from, to, promotion: choice.piece.charAt(1) });
            afterHumanMove();
          });
          alignPromotion(board, to);
          return true;
        }
        state.game.move({ from, to });
        movedThisInput = true;
        return true;
      }
      case INPUT_EVENT_TYPE.moveInputCanceled:
        board.removeLegalMovesMarkers();
        return true;
      case INPUT_EVENT_TYPE.moveInputFinished:
        board.removeLegalMovesMarkers();
        if (movedThisInput) {
          movedThisInput = false;
          setTimeout(afterHumanMove); // after cm-chessboard has finished its own work
        }
        return true;
    }
    return true;
  }

  const typed = createTypedMoves(page, { legalFrom, play, premoves });
  const { premoving, playPremove, clearPremove, cancelPremove } = premoves;
  return { onInput, ...typed, legalFrom, premoving, playPremove, clearPremove, cancelPremove };
}

// legalMovesFrom lists the moves from square (all of them for null) in
// the position shown (in analysis it may be an earlier one).
/** @param {InputPage} page @param {import("chess.js").Square | null} square @returns {import("chess.js").Move[]} */
function legalMovesFrom({ state, startFen }, square) {
  const h = state.game.history({ verbose: true });
  const g = state.viewPly === null ? state.game : new Chess(state.viewPly === 0 ? startFen() : h[state.viewPly - 1].after);
  return square ? g.moves({ square, verbose: true }) : g.moves({ verbose: true });
}

/**
 * The move form: a typed move (SAN or UCI) played through the same path as
 * one made on the board, kept as a premove while Kibitz thinks, and a
 * pawn's move to the last rank without its piece asked on the board.
 * @param {InputPage} page
 * @param {{legalFrom: (square: import("chess.js").Square | null) => import("chess.js").Move[], play: (move: import("chess.js").Move) => void,
 *   premoves: ReturnType<typeof createPremoves>}} input
 */
function createTypedMoves(page, { legalFrom, play, premoves }) {
  const { state, board } = page;

  // playText plays a typed move (SAN or UCI) as the player's, through the
  // same path as a move made on the board; "" when played, else why not.
  // Typed while Kibitz thinks on its move, it is kept as a premove and
  // tried once Kibitz has moved. A pawn's move to the last rank without
  // the piece gives its promotions to onPromotion, when given, to ask.
  /** @param {string} text @param {(promotions: import("chess.js").Move[]) => void} [onPromotion] @returns {string} */
  function playText(text, onPromotion) {
    const t = text.trim();
    if (!t) return "Type a move";
    if (premoves.premoving()) {
      premoves.keepTyped(t);
      return "";
    }
    const live = state.viewPly === null;
    const analysing = state.mode === "analyse" || state.learning;
    if (!analysing && (!live || state.over || state.thinking || state.game.turn() !== state.human)) {
      return state.over ? "The game is over" : !live ? "Press End to return to the game first" : "Wait for Kibitz's move";
    }
    const legal = matchTyped(t, legalFrom(null));
    const promotions = legal ? [] : unfinishedPromotion(t, legalFrom(null));
    if (promotions.length > 0) {
      const san = (/** @type {string} */ p) => promotions.find((m) => m.promotion === p)?.san ?? "";
      onPromotion?.(promotions);
      return `${t} promotes: ${onPromotion ? "choose the piece on the board, or " : ""}type ${["q", "r", "b", "n"].map(san).join(", ")}`;
    }
    if (!legal) return whyNotLegal(t, legalFrom(null));
    play(legal);
    return "";
  }

  // playTyped plays a move typed in the move form; a promotion without
  // its piece is asked on the board as for a move made there, and in words.
  /** @param {Event} e */
  function playTyped(e) {
    e.preventDefault();
    const text = $("move-text").value.trim();
    $("move-error").textContent = "";
    if (!text) return;
    const why = playText(text, (promotions) => {
      const { to, color } = promotions[0];
      board.showPromotionDialog(to, color === "w" ? COLOR.white : COLOR.black, (/** @type {{piece?: string} | undefined} */ choice) => {
        if (!choice?.piece) return;
        $("move-text").value = "";
        $("move-error").textContent = "";
        const move = promotions.find((m) => m.promotion === choice.piece?.charAt(1));
        if (move) play(move);
      });
      alignPromotion(board, to);
    });
    $("move-error").textContent = why;
    if (!why) $("move-text").value = "";
  }

  return { playText, playTyped };
}
