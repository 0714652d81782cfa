// @ts-check
// The board editor: a position set up by hand on a board of its own — a
// piece from the palette put on a square with a click (a second click of
// the same piece takes it off), pieces dragged around or off the board —
// with the side to move, castling rights and the en-passant square. The
// engine's own FEN rules judge the position (check) before it can be
// played or analysed.
import { Chessboard, BORDER_TYPE, COLOR, INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js";
import piecesUrl from "cm-chessboard/assets/pieces/standard.svg";
import { $ } from "./dom.js";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const EMPTY = "8/8/8/8/8/8/8/8";
// The palette: cm-chessboard's piece names ("wq": a white queen).
const PIECES = ["wk", "wq", "wr", "wb", "wn", "wp", "bk", "bq", "br", "bb", "bn", "bp"];
const NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
// Each castling right and the king and rook it needs where they start.
const CASTLING = [
  ["K", "e1", "wk", "h1", "wr"],
  ["Q", "e1", "wk", "a1", "wr"],
  ["k", "e8", "bk", "h8", "br"],
  ["q", "e8", "bk", "a8", "br"],
];

/**
 * What keeps a typed text from being a FEN the editor can set up, in
 * words; "" when it can (the engine then judges the position itself):
 * eight ranks of pieces and empty squares, the side to move, and, when
 * given, castling, en passant and the two move counters.
 * @param {string} text
 */
export function fenShape(text) {
  const [placement = "", side, castling, ep, half, full, ...rest] = text.trim().split(/\s+/);
  const ranks = placement.split("/");
  if (ranks.length !== 8) return `the placement has ${ranks.length} ranks, not 8`;
  const bad = ranks.findIndex((r) => !/^[pnbrqkPNBRQK1-8]+$/.test(r) || [...r].reduce((n, c) => n + (/\d/.test(c) ? Number(c) : 1), 0) !== 8);
  if (bad >= 0) return `rank ${8 - bad} ("${ranks[bad]}") is not eight squares of pieces (pnbrqk, PNBRQK) and empty squares (1–8)`;
  if (side !== "w" && side !== "b") return "the side to move is not w or b";
  if (castling !== undefined && !/^(-|K?Q?k?q?)$/.test(castling)) return `the castling rights "${castling}" are not - or some of KQkq`;
  if (ep !== undefined && !/^(-|[a-h][36])$/.test(ep)) return `the en-passant square "${ep}" is not - or a square on the third or sixth rank`;
  if ((half !== undefined && !/^\d+$/.test(half)) || (full !== undefined && !/^[1-9]\d*$/.test(full))) return "the move counters are not numbers";
  return rest.length ? `it has ${rest.length} field${rest.length === 1 ? "" : "s"} too many` : "";
}

/** @typedef {(square: string) => string | null} PieceAt cm-chessboard's piece on a square ("wq"), or null */

/**
 * The position as set up; castling rights the pieces no longer allow are
 * dropped, as is an en-passant square no pawn could have made.
 * @param {any} board cm-chessboard @param {PieceAt} piece @param {string} counters the halfmove clock and move number
 */
function editedFen(board, piece, counters) {
  const side = /** @type {HTMLSelectElement} */ ($("editor-side")).value;
  const rights = CASTLING.filter(
    ([right, ksq, k, rsq, r]) => piece(ksq) === k && piece(rsq) === r && /** @type {HTMLInputElement} */ ($(`editor-castle-${right}`)).checked,
  )
    .map(([right]) => right)
    .join("");
  const ep = /** @type {HTMLSelectElement} */ ($("editor-ep")).value;
  return `${board.getPosition()} ${side} ${rights || "-"} ${enPassantSquares(piece, side).includes(ep) ? ep : "-"} ${counters}`;
}

/**
 * Offers the en-passant squares and castling rights the pieces allow (the
 * choice kept where it still is).
 * @param {PieceAt} piece
 */
function offerRights(piece) {
  const side = /** @type {HTMLSelectElement} */ ($("editor-side")).value;
  const epSelect = /** @type {HTMLSelectElement} */ ($("editor-ep"));
  const chosen = epSelect.value;
  const squares = enPassantSquares(piece, side);
  epSelect.replaceChildren(new Option("none", "-"), ...squares.map((sq) => new Option(sq, sq)));
  epSelect.value = squares.includes(chosen) ? chosen : "-";
  for (const [right, ksq, k, rsq, r] of CASTLING) {
    /** @type {HTMLInputElement} */ ($(`editor-castle-${right}`)).disabled = !(piece(ksq) === k && piece(rsq) === r);
  }
}

/**
 * Where the side to move could capture en passant: a pawn of the other
 * side having just moved two squares past the square.
 * @param {PieceAt} piece @param {string} side
 */
function enPassantSquares(piece, side) {
  const [rank, pawn, from] = side === "w" ? ["6", "bp", "7"] : ["3", "wp", "2"];
  const pawnRank = side === "w" ? "5" : "4";
  return [..."abcdefgh"].filter((f) => piece(f + pawnRank) === pawn && !piece(f + rank) && !piece(f + from)).map((f) => f + rank);
}

/**
 * The palette: a button per piece, pressed while it is in hand.
 * @param {(p: string) => void} pick told the piece clicked
 */
function buildPalette(pick) {
  $("editor-palette").replaceChildren(
    ...PIECES.map((p) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.piece = p;
      b.setAttribute("aria-pressed", "false");
      b.setAttribute("aria-label", `${p[0] === "w" ? "White" : "Black"} ${NAMES[/** @type {keyof NAMES} */ (p[1])]}`);
      // The page's piece sprite (kept in the page by cm-chessboard): the set chosen in Appearance.
      b.innerHTML = `<svg viewBox="0 0 40 40" width="34" height="34"><use href="#${p}"></use></svg>`;
      b.addEventListener("click", () => pick(p));
      return b;
    }),
  );
}

/**
 * The editor's board: pieces dragged anywhere (taking what stands there)
 * or off the board; with a piece in hand, a click puts it on a square or
 * takes an equal one off.
 * @param {() => string | null} inHand @param {() => void} changed
 */
function buildBoard(inHand, changed) {
  const board = new Chessboard($("editor-board"), {
    position: START,
    assetsUrl: "",
    style: { borderType: BORDER_TYPE.thin, showCoordinates: true, animationDuration: 0, pieces: { file: piecesUrl } },
  });
  board.enableMoveInput((/** @type {any} */ e) => {
    if (e.type === INPUT_EVENT_TYPE.moveInputStarted) return inHand() === null;
    if (e.type === INPUT_EVENT_TYPE.validateMoveInput) {
      setTimeout(changed);
      return true;
    }
    if (e.type === INPUT_EVENT_TYPE.moveInputCanceled && e.reason === "movedOutOfBoard") {
      board.setPiece(e.squareFrom, null).then(changed);
    }
    return true;
  }, undefined);
  $("editor-board").addEventListener("pointerdown", (e) => {
    const held = inHand();
    if (!held) return;
    const sq = /** @type {Element} */ (e.target).closest("[data-square]")?.getAttribute("data-square");
    if (!sq) return;
    board.setPiece(sq, (board.getPiece(sq) || null) === held ? null : held).then(changed);
  });
  return board;
}

/**
 * The editor's controls: side, castling and en passant judged anew when
 * changed; the start position, an empty board, flip; cancel, play, analyse.
 * @param {any} board cm-chessboard
 * @param {{update: () => void, setUp: (fen: string) => void, close: () => void, finish: (analyse: boolean) => void}} to
 */
function bindControls(board, { update, setUp, close, finish }) {
  for (const id of ["editor-side", "editor-ep", "editor-castle-K", "editor-castle-Q", "editor-castle-k", "editor-castle-q"]) {
    $(id).addEventListener("change", update);
  }
  // A FEN typed or pasted sets the board up (the engine then judges it, as any edit).
  const field = $("editor-fen");
  field.addEventListener("change", () => {
    const why = fenShape(field.value);
    if (why) {
      field.setAttribute("aria-invalid", "true");
      $("editor-error").textContent = `Not a FEN: ${why}`;
      return;
    }
    field.removeAttribute("aria-invalid");
    field.blur();
    setUp(field.value.trim().replace(/\s+/g, " "));
  });
  $("editor-start").addEventListener("click", () => setUp(`${START} w KQkq - 0 1`));
  $("editor-clear").addEventListener("click", () => setUp(`${EMPTY} w - - 0 1`));
  $("editor-flip").addEventListener("click", () => board.setOrientation(board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white));
  $("editor-cancel").addEventListener("click", close);
  $("editor-play").addEventListener("click", () => finish(false));
  $("editor-analyse").addEventListener("click", () => finish(true));
}

/**
 * @param {Pick<import("./page.js").Page, "engine" | "newGame"> & {shownFen: () => string, analyse: () => Promise<void>}} page
 */
export function createEditor(page) {
  const dialog = /** @type {HTMLDialogElement} */ ($("editor"));
  /** @type {any} cm-chessboard */
  let board = null;
  /** @type {string | null} the palette's piece in hand, or null: pieces are dragged */
  let inHand = null;
  let checked = ""; // the FEN last judged
  let legal = false;
  // The move counters of the position set up (its halfmove clock and move
  // number): an edit keeps them, as lichess's editor does.
  let counters = "0 1";

  const piece = (/** @type {string} */ sq) => board.getPiece(sq) || null;
  const fen = () => editedFen(board, piece, counters);
  const epSquares = (/** @type {string} */ side) => enPassantSquares(piece, side);

  // update shows the FEN and the engine's verdict on it.
  async function update() {
    // The picture's words (the board redraws its picture on a resize); the FEN beside it says the position.
    board?.view.svg?.setAttribute("aria-label", "Board editor: drag pieces, or pick one and click squares");
    offerRights(piece);
    const f = fen();
    // The field shows the position set up, but not over what is being typed there.
    if (document.activeElement !== $("editor-fen")) $("editor-fen").value = f;
    checked = f;
    legal = false;
    $("editor-play").disabled = $("editor-analyse").disabled = true;
    const why = await page.engine.check(f);
    if (checked !== f) return; // the board changed meanwhile
    legal = !why;
    $("editor-error").textContent = why ? `Not a legal position: ${why}` : "";
    /** @type {HTMLButtonElement} */ ($("editor-play")).disabled = /** @type {HTMLButtonElement} */ ($("editor-analyse")).disabled = !legal;
  }

  /** @param {string | null} p */
  function hold(p) {
    inHand = p;
    for (const b of $("editor-palette").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.piece === p));
  }

  function build() {
    buildPalette((p) => hold(inHand === p ? null : p));
    board = buildBoard(() => inHand, update);
    bindControls(board, { update, setUp, close: () => dialog.close(), finish });
  }

  /** @param {string} f a FEN */
  async function setUp(f) {
    const [placement, side, rights, ep, halfmoves, move] = f.split(" ");
    counters = /^\d+$/.test(halfmoves ?? "") && /^[1-9]\d*$/.test(move ?? "") ? `${halfmoves} ${move}` : "0 1";
    await board.setPosition(placement, false);
    /** @type {HTMLSelectElement} */ ($("editor-side")).value = side;
    for (const [right] of CASTLING) /** @type {HTMLInputElement} */ ($(`editor-castle-${right}`)).checked = (rights ?? "").includes(right);
    await update();
    /** @type {HTMLSelectElement} */ ($("editor-ep")).value = epSquares(side).includes(ep) ? ep : "-";
    await update();
  }

  /** @param {boolean} analyse */
  async function finish(analyse) {
    const f = fen();
    if (!legal || checked !== f) return;
    dialog.close();
    if ((await page.newGame(f)) && analyse) await page.analyse();
  }

  $("edit-position").addEventListener("click", async () => {
    if (!board) build();
    hold(null);
    // Nothing of the last position set up is offered until this one is judged.
    $("editor-fen").value = "";
    /** @type {HTMLButtonElement} */ ($("editor-play")).disabled = /** @type {HTMLButtonElement} */ ($("editor-analyse")).disabled = true;
    // The "PGN / FEN" box the button sits in has done its work: closed, it
    // leaves the page its height (an embed would scroll under the dialog).
    const box = $("edit-position").closest("details");
    if (box) box.open = false;
    dialog.showModal();
    await setUp(page.shownFen());
  });
}
