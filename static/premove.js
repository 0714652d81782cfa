// @ts-check
// Premoves on the play page, as lichess has them: a move made (or typed)
// while Kibitz thinks on its move, marked on the board and played as soon
// as Kibitz's move is on it, when it is legal then; a right-click on the
// board cancels it.
import { Chess } from "./chessrules.js";
import { matchTyped } from "./movetext.js";
import { $ } from "./dom.js";

const PREMOVE = { class: "marker-premove", slice: "markerSquare" };
const FILES = "abcdefgh";

/**
 * The squares the piece on square could move to on a board emptied of
 * everything but itself — the premove targets (as lichess offers them: a
 * capture or a recapture may make any of them legal by the time it plays),
 * with castling for a king on its first square and diagonal steps for a
 * pawn.
 * @param {string} fen
 * @param {string} square
 * @returns {string[]}
 */
export function premoveTargets(fen, square) {
  const piece = new Chess(fen).get(/** @type {any} */ (square));
  if (!piece) return [];
  const f = FILES.indexOf(square[0]);
  const r = Number(square[1]) - 1;
  /** @type {string[]} */
  const out = [];
  const add = (/** @type {number} */ df, /** @type {number} */ dr) => {
    if (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) out.push(FILES[f + df] + (r + dr + 1));
  };
  const ride = (/** @type {number[][]} */ dirs) => {
    for (const [df, dr] of dirs) for (let k = 1; k < 8; k++) add(df * k, dr * k);
  };
  const straight = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  const diagonal = [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ];
  switch (piece.type) {
    case "p": {
      const up = piece.color === "w" ? 1 : -1;
      add(0, up);
      if (r === (piece.color === "w" ? 1 : 6)) add(0, 2 * up);
      add(1, up);
      add(-1, up);
      break;
    }
    case "n":
      for (const [df, dr] of [
        [1, 2],
        [2, 1],
        [2, -1],
        [1, -2],
        [-1, -2],
        [-2, -1],
        [-2, 1],
        [-1, 2],
      ])
        add(df, dr);
      break;
    case "b":
      ride(diagonal);
      break;
    case "r":
      ride(straight);
      break;
    case "q":
      ride([...straight, ...diagonal]);
      break;
    case "k":
      for (const [df, dr] of [...straight, ...diagonal]) add(df, dr);
      if (square === (piece.color === "w" ? "e1" : "e8")) (add(2, 0), add(-2, 0));
      break;
  }
  return out;
}

/** @param {Pick<import("./page.js").Page, "state" | "board" | "afterHumanMove" | "setStatus">} page */
export function createPremoves(page) {
  const { state, board, afterHumanMove, setStatus } = page;

  // premoving: the player moves while Kibitz thinks on its move.
  const premoving = () => state.mode === "play" && !state.over && state.thinking && state.viewPly === null && state.game.turn() !== state.human;

  /** @param {string} from @param {string} to */
  function setPremove(from, to) {
    clearPremove();
    state.premove = { from, to };
    board.addMarker(PREMOVE, from);
    board.addMarker(PREMOVE, to);
    setStatus(`Premove ${from}–${to}: played after Kibitz's move if it is legal then (right-click the board to cancel)`);
  }

  // keepTyped keeps a typed move as the premove (read when it plays).
  /** @param {string} text */
  function keepTyped(text) {
    clearPremove();
    state.premove = { from: "", to: "", text };
    setStatus(`Premove ${text}: played after Kibitz's move if it is legal then`);
  }

  function clearPremove() {
    state.premove = null;
    board.removeMarkers(PREMOVE);
  }

  // playPremove plays the premove on the player's turn; false when there
  // was none or it is not legal now (it is dropped, and the status says so).
  function playPremove() {
    const pm = state.premove;
    clearPremove();
    if (!pm || state.over || state.game.turn() !== state.human || state.mode !== "play") return false;
    const moves = state.game.moves({ verbose: true });
    const legal = pm.text ? matchTyped(pm.text, moves) : moves.find((m) => m.from === pm.from && m.to === pm.to && (!m.promotion || m.promotion === "q"));
    if (!legal) {
      setStatus(`Your premove ${pm.text ?? `${pm.from}–${pm.to}`} is not legal now — your move`);
      return false;
    }
    state.game.move(legal.san);
    afterHumanMove();
    return true;
  }

  /** Drops a premove; false when there was none. */
  function cancelPremove() {
    const had = state.premove !== null;
    clearPremove();
    return had;
  }

  // A right-click on the board cancels a premove, as on lichess.
  $("board").addEventListener("contextmenu", (e) => {
    if (!state.premove) return;
    e.preventDefault();
    clearPremove();
    setStatus("Premove cancelled");
  });

  return { premoving, setPremove, keepTyped, clearPremove, playPremove, cancelPremove };
}
