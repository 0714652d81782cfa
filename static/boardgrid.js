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
import { Chess } from "chess.js";
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
  page.board.after(grid, help);

  let focusSq = "e2";
  /** @type {string | null} */
  let picked = null;
  /** @type {import("chess.js").Move[]} */
  let promotions = [];
  /** @type {boolean | null} */
  let laidOut = null;
  let shownFen = "";

  // The squares in reading order: the top row first, as the board is turned.
  const order = () => {
    const out = [];
    for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) out.push(squareAt(i, j));
    return out;
  };
  /** @param {number} row from the top @param {number} col from the left */
  const squareAt = (row, col) => (laidOut ? FILES[7 - col] + (row + 1) : FILES[col] + (8 - row));
  /** @param {string} sq */
  const place = (sq) => {
    const f = FILES.indexOf(sq[0]);
    const r = Number(sq[1]) - 1;
    return laidOut ? { row: r, col: 7 - f } : { row: 7 - r, col: f };
  };

  // render names every cell after the position or the orientation changed.
  function render() {
    // The drawn board is a picture of what the grid says.
    page.board.querySelector("svg")?.setAttribute("aria-hidden", "true");
    const fen = page.shownFen();
    if (laidOut !== page.blackBottom()) {
      // Cells moved between rows lose the focus: the square that had it takes it back.
      const hadFocus = grid.contains(document.activeElement);
      laidOut = page.blackBottom();
      for (let i = 0; i < 8; i++) rows[i].replaceChildren(...[0, 1, 2, 3, 4, 5, 6, 7].map((j) => cells[squareAt(i, j)]));
      if (hadFocus) cells[focusSq].focus();
    }
    if (fen !== shownFen) {
      shownFen = fen;
      picked = null;
      promotions = [];
    }
    const game = new Chess(fen);
    for (const [sq, cell] of Object.entries(cells)) {
      cell.setAttribute("aria-label", squareName(game, sq));
      cell.tabIndex = sq === focusSq ? 0 : -1;
      cell.setAttribute("aria-selected", String(sq === picked));
    }
    fit();
  }

  // fit lays the grid over the drawn squares (a frame of coordinates may
  // surround them).
  function fit() {
    const a = page.board.querySelector(`rect[data-square="${squareAt(0, 0)}"]`);
    const b = page.board.querySelector(`rect[data-square="${squareAt(7, 7)}"]`);
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

  /** @param {string} sq */
  function moveFocus(sq) {
    cells[focusSq].tabIndex = -1;
    focusSq = sq;
    cells[sq].tabIndex = 0;
    cells[sq].focus();
  }

  // nextOfKind finds the next piece of a kind from the focused square in
  // reading order (back = the one before).
  /** @param {string} type @param {boolean} back */
  function nextOfKind(type, back) {
    const game = new Chess(shownFen || page.shownFen());
    const all = order();
    const start = all.indexOf(focusSq);
    for (let k = 1; k <= 64; k++) {
      const sq = all[(start + (back ? -k : k) + 64 * 2) % 64];
      if (game.get(/** @type {import("chess.js").Square} */ (sq))?.type === type) return sq;
    }
    return null;
  }

  // activate picks up the piece on the focused square, or puts the picked
  // one down there.
  function activate() {
    const game = new Chess(shownFen || page.shownFen());
    if (picked === null || picked === focusSq) {
      if (picked === focusSq) {
        picked = null;
        render();
        return page.announce(`${focusSq}: put back`);
      }
      const moves = page.movesFrom(focusSq);
      if (moves.length === 0) return page.announce(`${squareName(game, focusSq)}: no move from here`);
      picked = focusSq;
      render();
      const targets = [...new Set(moves.map((m) => m.to))];
      return page.announce(`${squareName(game, focusSq)}, picked up. It can go to ${targets.join(", ")}`);
    }
    const moves = page.movesFrom(picked).filter((m) => m.to === focusSq);
    if (moves.length === 0) return page.announce(`${picked} to ${focusSq} is not a legal move; still holding ${picked}`);
    if (moves.some((m) => m.promotion)) {
      promotions = moves;
      return page.announce("Promote to which piece? q queen, r rook, b bishop, n knight; Escape to cancel");
    }
    finish(moves[0]);
  }

  /** @param {import("chess.js").Move} m */
  function finish(m) {
    picked = null;
    promotions = [];
    const why = page.play(m.from + m.to + (m.promotion ?? ""));
    if (why) page.announce(why);
    render();
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const { row, col } = place(focusSq);
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    /** @type {string | null} */
    let to = null;
    if (promotions.length && "qrbn".includes(key) && key.length === 1) {
      const m = promotions.find((p) => p.promotion === key);
      if (m) finish(m);
    } else if (key === "ArrowUp") to = row > 0 ? squareAt(row - 1, col) : null;
    else if (key === "ArrowDown") to = row < 7 ? squareAt(row + 1, col) : null;
    else if (key === "ArrowLeft") to = col > 0 ? squareAt(row, col - 1) : null;
    else if (key === "ArrowRight") to = col < 7 ? squareAt(row, col + 1) : null;
    else if (key === "Home") to = squareAt(row, 0);
    else if (key === "End") to = squareAt(row, 7);
    else if (/^Digit[1-8]$/.test(e.code)) {
      const n = Number(e.code.slice(5));
      to = e.shiftKey ? FILES[n - 1] + focusSq[1] : focusSq[0] + n;
    } else if (key.length === 1 && PIECE_NAMES[key]) {
      to = nextOfKind(key, e.shiftKey);
      if (!to) page.announce(`No ${PIECE_NAMES[key]} on the board`);
    } else if (key === " " || key === "Enter") activate();
    else if (key === "Escape") {
      if (picked) page.announce(`${picked}: put back`);
      picked = null;
      promotions = [];
      render();
    } else if (key === "f") page.flip();
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
  // The drawn board resizes itself (the window, its size setting, leaving
  // blind mode): the grid follows once it has.
  new ResizeObserver(() => requestAnimationFrame(fit)).observe(page.board);

  return {
    element: grid,
    render,
    /** Puts the keyboard on the board, at the square last focused. */
    focus: () => cells[focusSq].focus(),
  };
}
