// @ts-check
// The board as an ARIA grid, in every mode: eight rows of eight cells named
// "e4, white pawn" or "e4, empty", in the board's orientation, with one tab
// stop (a roving tabindex). Over the drawn board its cells are clear and let
// the mouse through, and the focused one shows a ring; in blind mode the
// grid stands alone under its heading. Keys (a focused cell):
//   arrows            the next square in that direction, as the board is turned
//   Home / End        the first / last square of the row
//   1 … 8             that rank, on the same file; Shift+1 … 8: files a … h
//   k q r b n p       the next piece of that kind (Shift: the one before)
//   Space / Enter     pick up the piece (its moves are said), put it down
//   q r b n           with a promotion asked: the piece
//   Escape            put the piece back; f flips the board
import { Chess } from "./chessrules.js";
import { squareName, PIECE_NAMES } from "./blind.js";

const FILES = "abcdefgh";

/**
 * @typedef {object} GridPage
 * @property {HTMLElement} board the drawn board, which the grid covers
 * @property {() => string} shownFen the position on the board
 * @property {() => boolean} blackBottom the board's orientation
 * @property {(square: string) => import("chess.js").Move[]} movesFrom the moves the player may make from a square now ([] for none)
 * @property {(uci: string) => string} play plays a move of the player's; "" when played, else why not
 * @property {(text: string) => void} announce tells screen readers
 * @property {() => void} flip turns the board
 */

/** @param {GridPage} page */
export function createBoardGrid(page) {
  const { grid, rows, cells, help } = buildGrid();
  page.board.after(grid, help);

  let focusSq = "e2";
  /** @type {boolean | null} */
  let laidOut = null;
  let shownFen = "";
  const hand = createHand(page, () => render());
  // render names every cell after the position or the orientation changed.
  function render() {
    // The drawn board is a picture of what the grid says.
    page.board.querySelector("svg")?.setAttribute("aria-hidden", "true");
    const fen = page.shownFen();
    if (laidOut !== page.blackBottom()) {
      // Cells moved between rows lose the focus: the square that had it takes it back.
      const hadFocus = grid.contains(document.activeElement);
      laidOut = page.blackBottom();
      layOut(rows, cells, laidOut);
      if (hadFocus) cells[focusSq].focus();
    }
    if (fen !== shownFen) {
      shownFen = fen;
      hand.drop();
    }
    const game = new Chess(fen);
    for (const [sq, cell] of Object.entries(cells)) {
      cell.setAttribute("aria-label", squareName(game, sq));
      cell.tabIndex = sq === focusSq ? 0 : -1;
      cell.setAttribute("aria-selected", String(sq === hand.picked()));
    }
    fit();
  }

  const fit = () => fitGrid(grid, page.board, squareAtPlace(Boolean(laidOut), 0, 0), squareAtPlace(Boolean(laidOut), 7, 7));

  /** @param {string} sq */
  function moveFocus(sq) {
    cells[focusSq].tabIndex = -1;
    focusSq = sq;
    cells[sq].tabIndex = 0;
    cells[sq].focus();
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    let to = walk(e, focusSq, Boolean(laidOut));
    if (hand.promoting() && "qrbn".includes(key) && key.length === 1) {
      hand.promote(key);
      to = null;
    } else if (to !== undefined) {
      // a square to go to, or null at the board's edge
    } else if (key.length === 1 && PIECE_NAMES[key]) {
      to = nextOfKind(shownFen || page.shownFen(), readingOrder(Boolean(laidOut)), focusSq, key, e.shiftKey);
      if (!to) page.announce(`No ${PIECE_NAMES[key]} on the board`);
    } else if (key === " " || key === "Enter") hand.activate(focusSq);
    else if (key === "Escape") hand.putBack();
    else if (key === "f") page.flip();
    else return; // not the grid's: the page's shortcuts are not taken
    e.preventDefault();
    e.stopPropagation();
    if (to) moveFocus(to);
  }
  grid.addEventListener("keydown", onKey);
  grid.addEventListener("focusin", (e) => {
    const sq = /** @type {HTMLElement} */ (e.target).dataset?.square;
    if (sq && sq !== focusSq) moveFocus(sq);
  });
  // The grid follows the drawn board when it resizes (window, size setting, blind mode).
  new ResizeObserver(() => requestAnimationFrame(fit)).observe(page.board);

  return {
    element: grid,
    render,
    /** Puts the keyboard on the board, at the square last focused. */
    focus: () => cells[focusSq].focus(),
  };
}

/**
 * What the player holds: the piece picked up from a square (its moves
 * said), put down on another to play it, or back; a promotion's piece
 * asked for. changed redraws the grid.
 * @param {GridPage} page @param {() => void} changed
 */
function createHand(page, changed) {
  /** @type {string | null} */
  let picked = null;
  /** @type {import("chess.js").Move[]} */
  let promotions = [];
  const drop = () => {
    picked = null;
    promotions = [];
  };

  /** @param {import("chess.js").Move} m */
  function finish(m) {
    drop();
    const why = page.play(m.from + m.to + (m.promotion ?? ""));
    if (why) page.announce(why);
    changed();
  }

  // activate picks up the piece on sq, or puts the one held down there.
  /** @param {string} sq */
  function activate(sq) {
    const game = new Chess(page.shownFen());
    if (picked === sq) {
      picked = null;
      changed();
      return page.announce(`${sq}: put back`);
    }
    if (picked === null) {
      const moves = page.movesFrom(sq);
      if (moves.length === 0) return page.announce(`${squareName(game, sq)}: no move from here`);
      picked = sq;
      changed();
      const targets = [...new Set(moves.map((m) => m.to))];
      return page.announce(`${squareName(game, sq)}, picked up. It can go to ${targets.join(", ")}`);
    }
    const moves = page.movesFrom(picked).filter((m) => m.to === sq);
    if (moves.length === 0) return page.announce(`${picked} to ${sq} is not a legal move; still holding ${picked}`);
    if (!moves.some((m) => m.promotion)) return finish(moves[0]);
    promotions = moves;
    page.announce("Promote to which piece? q queen, r rook, b bishop, n knight; Escape to cancel");
  }

  return {
    picked: () => picked,
    promoting: () => promotions.length > 0,
    activate,
    drop,
    /** @param {string} piece q, r, b or n */
    promote(piece) {
      const m = promotions.find((p) => p.promotion === piece);
      if (m) finish(m);
    },
    putBack() {
      if (picked) page.announce(`${picked}: put back`);
      drop();
      changed();
    },
  };
}

/**
 * The next piece of a kind from a square in reading order (back: the one before), or null.
 * @param {string} fen @param {string[]} order @param {string} from @param {string} type @param {boolean} back
 */
function nextOfKind(fen, order, from, type, back) {
  const game = new Chess(fen);
  const start = order.indexOf(from);
  for (let k = 1; k <= 64; k++) {
    const sq = order[(start + (back ? -k : k) + 64 * 2) % 64];
    if (game.get(/** @type {import("chess.js").Square} */ (sq))?.type === type) return sq;
  }
  return null;
}

// buildGrid makes the grid's eight rows, its 64 cells (placed by render)
// and its help text.
function buildGrid() {
  const grid = document.createElement("div");
  grid.id = "board-grid";
  grid.className = "board-grid";
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", "Chess board");
  grid.setAttribute("aria-describedby", "board-grid-help");
  /** @type {Record<string, HTMLElement>} */
  const cells = {};
  /** @type {HTMLElement[]} */
  const rows = [];
  for (let r = 0; r < 8; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    rows.push(row);
    grid.append(row);
  }
  for (const f of FILES)
    for (let r = 1; r <= 8; r++) {
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.dataset.square = f + r;
      cell.tabIndex = -1;
      cells[f + r] = cell;
    }
  const help = document.createElement("p");
  help.id = "board-grid-help";
  help.className = "visually-hidden";
  help.textContent =
    "Arrows move; 1 to 8 go to a rank, Shift with 1 to 8 to a file; k q r b n p go to the next piece of that kind; Space picks up and puts down; f flips.";
  return { grid, rows, cells, help };
}

/**
 * The square at a place of the grid, as the board is turned.
 * @param {boolean} blackBottom @param {number} row from the top @param {number} col from the left
 */
const squareAtPlace = (blackBottom, row, col) => (blackBottom ? FILES[7 - col] + (row + 1) : FILES[col] + (8 - row));

/**
 * Puts each row's cells in it, as the board is turned.
 * @param {HTMLElement[]} rows @param {Record<string, HTMLElement>} cells @param {boolean} blackBottom
 */
function layOut(rows, cells, blackBottom) {
  for (let i = 0; i < 8; i++) rows[i].replaceChildren(...[0, 1, 2, 3, 4, 5, 6, 7].map((j) => cells[squareAtPlace(blackBottom, i, j)]));
}

/** @param {boolean} blackBottom @param {string} sq @returns {{row: number, col: number}} */
function placeOf(blackBottom, sq) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq[1]) - 1;
  return blackBottom ? { row: r, col: 7 - f } : { row: 7 - r, col: f };
}

/** The squares in reading order: the top row first, as the board is turned. @param {boolean} blackBottom */
function readingOrder(blackBottom) {
  const out = [];
  for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) out.push(squareAtPlace(blackBottom, i, j));
  return out;
}

/**
 * Where a key takes the focus from sq: arrows, Home/End, 1–8 (ranks) and
 * Shift+1–8 (files); null at the board's edge; undefined for another key.
 * @param {KeyboardEvent} e @param {string} sq @param {boolean} blackBottom
 * @returns {string | null | undefined}
 */
function walk(e, sq, blackBottom) {
  const { row, col } = placeOf(blackBottom, sq);
  const at = (/** @type {number} */ r, /** @type {number} */ c) => (r >= 0 && r < 8 && c >= 0 && c < 8 ? squareAtPlace(blackBottom, r, c) : null);
  if (e.key === "ArrowUp") return at(row - 1, col);
  if (e.key === "ArrowDown") return at(row + 1, col);
  if (e.key === "ArrowLeft") return at(row, col - 1);
  if (e.key === "ArrowRight") return at(row, col + 1);
  if (e.key === "Home") return at(row, 0);
  if (e.key === "End") return at(row, 7);
  if (/^Digit[1-8]$/.test(e.code)) {
    const n = Number(e.code.slice(5));
    return e.shiftKey ? FILES[n - 1] + sq[1] : sq[0] + n;
  }
  return undefined;
}

/**
 * Lays the grid over the drawn squares, from the top-left square's corner
 * to the bottom-right's (a frame of coordinates may surround them).
 * @param {HTMLElement} grid @param {HTMLElement} board @param {string} topLeft @param {string} bottomRight
 */
function fitGrid(grid, board, topLeft, bottomRight) {
  const a = board.querySelector(`rect[data-square="${topLeft}"]`);
  const b = board.querySelector(`rect[data-square="${bottomRight}"]`);
  const host = /** @type {HTMLElement | null} */ (grid.offsetParent);
  if (!a || !b || !host || document.body.classList.contains("blind")) return;
  const o = host.getBoundingClientRect();
  const ra = a.getBoundingClientRect();
  const rb = b.getBoundingClientRect();
  Object.assign(grid.style, {
    left: `${ra.left - o.left}px`,
    top: `${ra.top - o.top}px`,
    width: `${rb.right - ra.left}px`,
    height: `${rb.bottom - ra.top}px`,
  });
}
