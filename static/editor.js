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

  // fen is the position as set up; castling rights the pieces no longer
  // allow are dropped, as is an en-passant square no pawn could have made.
  function fen() {
    const side = /** @type {HTMLSelectElement} */ ($("editor-side")).value;
    const rights = CASTLING.filter(
      ([right, ksq, k, rsq, r]) => piece(ksq) === k && piece(rsq) === r && /** @type {HTMLInputElement} */ ($(`editor-castle-${right}`)).checked,
    )
      .map(([right]) => right)
      .join("");
    const ep = /** @type {HTMLSelectElement} */ ($("editor-ep")).value;
    return `${board.getPosition()} ${side} ${rights || "-"} ${epSquares(side).includes(ep) ? ep : "-"} ${counters}`;
  }

  // epSquares: where the side to move could capture en passant, a pawn of
  // the other side having just moved two squares past it.
  /** @param {string} side */
  function epSquares(side) {
    const [rank, pawn, from] = side === "w" ? ["6", "bp", "7"] : ["3", "wp", "2"];
    const pawnRank = side === "w" ? "5" : "4";
    return [..."abcdefgh"].filter((f) => piece(f + pawnRank) === pawn && !piece(f + rank) && !piece(f + from)).map((f) => f + rank);
  }

  // update shows the FEN and the engine's verdict on it.
  async function update() {
    // The picture's words (the board redraws its picture on a resize); the FEN beside it says the position.
    board?.view.svg?.setAttribute("aria-label", "Board editor: drag pieces, or pick one and click squares");
    const side = /** @type {HTMLSelectElement} */ ($("editor-side")).value;
    const epSelect = /** @type {HTMLSelectElement} */ ($("editor-ep"));
    const chosen = epSelect.value;
    epSelect.replaceChildren(new Option("none", "-"), ...epSquares(side).map((sq) => new Option(sq, sq)));
    epSelect.value = epSquares(side).includes(chosen) ? chosen : "-";
    for (const [right, ksq, k, rsq, r] of CASTLING) {
      /** @type {HTMLInputElement} */ ($(`editor-castle-${right}`)).disabled = !(piece(ksq) === k && piece(rsq) === r);
    }
    const f = fen();
    $("editor-fen").textContent = f;
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
    const palette = $("editor-palette");
    palette.replaceChildren(
      ...PIECES.map((p) => {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.piece = p;
        b.setAttribute("aria-pressed", "false");
        b.setAttribute("aria-label", `${p[0] === "w" ? "White" : "Black"} ${NAMES[/** @type {keyof NAMES} */ (p[1])]}`);
        b.innerHTML = `<svg viewBox="0 0 40 40" width="34" height="34"><use href="${piecesUrl}#${p}"></use></svg>`;
        b.addEventListener("click", () => hold(inHand === p ? null : p));
        return b;
      }),
    );
    board = new Chessboard($("editor-board"), {
      position: START,
      assetsUrl: "",
      style: { borderType: BORDER_TYPE.thin, showCoordinates: true, animationDuration: 0, pieces: { file: piecesUrl } },
    });
    // Dragging moves a piece anywhere (it takes what stands there); off the board, it goes.
    board.enableMoveInput((/** @type {any} */ e) => {
      if (e.type === INPUT_EVENT_TYPE.moveInputStarted) return inHand === null;
      if (e.type === INPUT_EVENT_TYPE.validateMoveInput) {
        setTimeout(update);
        return true;
      }
      if (e.type === INPUT_EVENT_TYPE.moveInputCanceled && e.reason === "movedOutOfBoard") {
        board.setPiece(e.squareFrom, null).then(update);
      }
      return true;
    }, undefined);
    // With a piece in hand, a click puts it on the square, or takes an equal one off.
    $("editor-board").addEventListener("pointerdown", (e) => {
      if (!inHand) return;
      const sq = /** @type {Element} */ (e.target).closest("[data-square]")?.getAttribute("data-square");
      if (!sq) return;
      board.setPiece(sq, piece(sq) === inHand ? null : inHand).then(update);
    });
    for (const id of ["editor-side", "editor-ep", "editor-castle-K", "editor-castle-Q", "editor-castle-k", "editor-castle-q"]) {
      $(id).addEventListener("change", update);
    }
    $("editor-start").addEventListener("click", () => setUp(`${START} w KQkq - 0 1`));
    $("editor-clear").addEventListener("click", () => setUp(`${EMPTY} w - - 0 1`));
    $("editor-flip").addEventListener("click", () => board.setOrientation(board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white));
    $("editor-cancel").addEventListener("click", () => dialog.close());
    $("editor-play").addEventListener("click", () => finish(false));
    $("editor-analyse").addEventListener("click", () => finish(true));
  }

  /** @param {string} f a FEN */
  async function setUp(f) {
    const [placement, side, rights, ep, halfmoves, move] = f.split(" ");
    counters = /^\d+$/.test(halfmoves ?? "") && /^[1-9]\d*$/.test(move ?? "") ? `${halfmoves} ${move}` : "0 1";
    await board.setPosition(placement, false);
    /** @type {HTMLSelectElement} */ ($("editor-side")).value = side;
    for (const [right] of CASTLING) /** @type {HTMLInputElement} */ ($(`editor-castle-${right}`)).checked = rights.includes(right);
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
    $("editor-fen").textContent = "";
    /** @type {HTMLButtonElement} */ ($("editor-play")).disabled = /** @type {HTMLButtonElement} */ ($("editor-analyse")).disabled = true;
    // The "PGN / FEN" box the button sits in has done its work: closed, it
    // leaves the page its height (an embed would scroll under the dialog).
    const box = $("edit-position").closest("details");
    if (box) box.open = false;
    dialog.showModal();
    await setUp(page.shownFen());
  });
}
