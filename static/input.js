// @ts-check
// The player's moves on the play page: made on the board (click or drag,
// with the promotion dialog), typed in the move form (SAN in the usual
// spellings, or UCI), and premoves made while Kibitz thinks, played as soon
// as its move is on the board when they are legal then. Every move goes
// through the page's afterHumanMove. page: see page.d.ts.
import { Chess } from "chess.js";
import { COLOR, INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js";
import { sanKey } from "./format.js";
import { $ } from "./dom.js";
import { alignPromotion } from "./promotion.js";
import { PIECE_NAMES } from "./blind.js";

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

/**
 * The legal move a typed text means, as people type moves: SAN in its
 * usual spellings (sanKey), lower-case piece letters where that is not a
 * pawn move ("nf3", "bc4"), long algebraic with or without the piece and a
 * hyphen or x ("Ng1f3", "g1-f3", "e7xd8=Q"), and UCI ("g1f3", "e7e8q").
 * @param {string} text
 * @param {import("chess.js").Move[]} moves the legal moves, verbose
 * @returns {import("chess.js").Move | undefined}
 */
export function matchTyped(text, moves) {
  const t = text.trim();
  const key = sanKey(t);
  const bySan = moves.find((m) => sanKey(m.san) === key);
  if (bySan) return bySan;
  // A piece letter typed in lower case: "nf3", but never "b4" (a pawn) — a
  // pawn move would have matched above.
  if (/^[nbrqk]/.test(t)) {
    const upper = sanKey(t[0].toUpperCase() + t.slice(1));
    const m = moves.find((mv) => sanKey(mv.san) === upper);
    if (m) return m;
  }
  const long = /^([KQRBNkqrbn])?([a-h][1-8])[-x:]?([a-h][1-8])=?([qrbnQRBN])?[+#!?]*$/.exec(t);
  if (!long) return undefined;
  const [, piece, from, to, promo] = long;
  return moves.find(
    (m) =>
      m.from === from &&
      m.to === to &&
      (m.promotion || undefined) === (promo ? promo.toLowerCase() : undefined) &&
      // With a piece letter (upper or lower case: b1… is never a pawn), it must be the piece moved.
      (!piece || m.piece === piece.toLowerCase()),
  );
}

/**
 * Why a typed text is no legal move, in words: the move it may mean is
 * ambiguous ("Nd2 is ambiguous: Nbd2 or Nfd2"), no piece of that kind
 * reaches the square ("no knight can go to f5"), or it is not a move at all.
 * @param {string} text
 * @param {import("chess.js").Move[]} moves the legal moves, verbose
 * @returns {string}
 */
export function whyNotLegal(text, moves) {
  const t = text.trim();
  const m = /^([KQRBNkqrn])?([a-h])?([1-8])?[x:]?([a-h][1-8])(=?[QRBNqrbn])?[+#!?]*$/.exec(t);
  if (!m) return `${t} is not a move: type it as e4, Nf3, exd5, O-O, e8=Q or e7e8q`;
  const [, letter, file, rank, to] = m;
  const piece = letter ? letter.toLowerCase() : "p";
  const reach = moves.filter((mv) => mv.piece === piece && mv.to === to && (!file || mv.from[0] === file) && (!rank || mv.from[1] === rank));
  const froms = [...new Set(reach.map((mv) => mv.from))];
  if (froms.length > 1) return `${t} is ambiguous: ${froms.map((f) => reach.find((mv) => mv.from === f)?.san).join(" or ")}`;
  const where = file && rank ? ` on ${file}${rank}` : file ? ` on the ${file}-file` : rank ? ` on rank ${rank}` : "";
  if (froms.length === 0) return `${t} is not a legal move here: no ${PIECE_NAMES[piece]}${where} can go to ${to}`;
  return `${t} is not a legal move here`;
}

/**
 * The promotions a typed text means when it names a pawn's move to the
 * last rank without the piece ("e8", "exd8", "e7e8"): the four moves, to
 * ask which; none when the text is anything else.
 * @param {string} text
 * @param {import("chess.js").Move[]} moves the legal moves, verbose
 * @returns {import("chess.js").Move[]}
 */
export function unfinishedPromotion(text, moves) {
  const t = text.trim();
  if (/[=qrbnQRBN][+#!?]*$/.test(t.slice(2))) return []; // a piece is named
  const queen = matchTyped(`${t}=Q`, moves) ?? matchTyped(`${t}q`, moves);
  return queen?.promotion ? moves.filter((m) => m.from === queen.from && m.to === queen.to) : [];
}

/** @param {Pick<import("./page.js").Page, "state" | "board" | "study" | "learn" | "afterHumanMove" | "setStatus" | "startFen">} page */
export function createInput(page) {
  const { state, board, study, learn, afterHumanMove, setStatus, startFen } = page;

  // legalFrom lists the moves from square in the position shown (in
  // analysis it may be an earlier one).
  /** @param {import("chess.js").Square | null} square @returns {import("chess.js").Move[]} */
  function legalFrom(square) {
    const h = state.game.history({ verbose: true });
    const g = state.viewPly === null ? state.game : new Chess(state.viewPly === 0 ? startFen() : h[state.viewPly - 1].after);
    return square ? g.moves({ square, verbose: true }) : g.moves({ verbose: true });
  }

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
        if (premoving()) {
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
        if (premoving()) {
          if (targets.includes(to)) setPremove(from, to);
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

  // playText plays a typed move (SAN or UCI) as the player's, through the
  // same path as a move made on the board; "" when played, else why not.
  // Typed while Kibitz thinks on its move, it is kept as a premove and
  // tried once Kibitz has moved. A pawn's move to the last rank without
  // the piece gives its promotions to onPromotion, when given, to ask.
  /** @param {string} text @param {(promotions: import("chess.js").Move[]) => void} [onPromotion] @returns {string} */
  function playText(text, onPromotion) {
    const t = text.trim();
    if (!t) return "Type a move";
    if (premoving()) {
      clearPremove();
      state.premove = { from: "", to: "", text: t };
      setStatus(`Premove ${t}: played after Kibitz's move if it is legal then`);
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

  /** @param {import("chess.js").Move} move a legal move of the position shown */
  function play(move) {
    if (state.learning) return learn.tryMove(move.from + move.to + (move.promotion || ""));
    study.truncateToView(); // in analysis, a move on an earlier position starts a variation
    state.game.move(move.san);
    afterHumanMove();
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

  // A right-click on the board cancels a premove, as on lichess.
  $("board").addEventListener("contextmenu", (e) => {
    if (!state.premove) return;
    e.preventDefault();
    clearPremove();
    setStatus("Premove cancelled");
  });

  /** Drops a premove; false when there was none. */
  function cancelPremove() {
    const had = state.premove !== null;
    clearPremove();
    return had;
  }

  return { onInput, playTyped, playText, legalFrom, premoving, playPremove, clearPremove, cancelPremove };
}
