// @ts-check
// The variations of the move list (movetree.js), drawn as lichess draws
// them: after a main-line move, the comment and the variations that could
// replace it, inline and indented — each move a button, nested variations
// in brackets, each variation foldable. A variation's moves have a context
// menu (right click, or the keyboard's menu key) to promote or delete it.
import { NAG_SYMBOLS } from "./tree.js";

/** @typedef {import("cm-pgn").PgnMove} PgnMove */

/**
 * @param {Pick<import("./page.js").Page, "state">} page
 * @param {{showBranch: (move: PgnMove, ply: number) => Promise<void>, edit: (change: () => void) => void}} study
 */
export function createVariations(page, study) {
  const { state } = page;
  /** @type {Set<PgnMove>} the first moves of the variations folded away */
  const folded = new Set();

  /** @param {PgnMove} m the move's place in its line, counted from the game's start */
  const plyOf = (m) => m.ply - state.tree.plyOffset;

  // rowsAfter gives the rows that follow the main line's move i: its
  // comment and the variations that could replace it.
  /** @param {number} i @returns {HTMLElement[]} */
  function rowsAfter(i) {
    const m = state.tree.mainLine()[i];
    /** @type {HTMLElement[]} */
    const rows = [];
    if (shownText(m.comments)) rows.push(row("move-comment", [comment(m.comments ?? [])]));
    if (m.variations.length)
      rows.push(
        row(
          "move-variations",
          m.variations.map((v) => variation(v)),
        ),
      );
    return rows;
  }

  // variation draws one variation, foldable; nested ones inside it.
  /** @param {PgnMove[]} moves */
  function variation(moves) {
    const div = document.createElement("div");
    div.className = "variation";
    const first = moves[0];
    const isFolded = folded.has(first);
    const fold = document.createElement("button");
    fold.type = "button";
    fold.className = "fold";
    fold.textContent = isFolded ? "+" : "−";
    fold.setAttribute("aria-expanded", String(!isFolded));
    fold.setAttribute("aria-label", `${isFolded ? "Show" : "Fold"} the variation ${moveText(first)}`);
    fold.addEventListener("click", () => {
      if (folded.has(first)) folded.delete(first);
      else folded.add(first);
      div.replaceWith(variation(moves)); // redrawn in place
    });
    div.append(fold, " ");
    if (isFolded) {
      const more = document.createElement("span");
      more.className = "muted";
      more.textContent = `${moveText(first)} … (${moves.length} ${moves.length === 1 ? "move" : "moves"})`;
      div.append(more);
    } else {
      div.append(...line(moves, moveButton));
    }
    return div;
  }

  /** @param {PgnMove} m */
  function moveButton(m) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "var-move";
    b.textContent = m.san + (m.nags || []).map((n) => NAG_SYMBOLS[n] || "").join("");
    b.dataset.varPly = String(plyOf(m));
    b.setAttribute("aria-label", `Show the variation's ${moveText(m)}`);
    const shown = state.viewPly ?? state.tree.line.length;
    if (state.tree.line[shown - 1] === m) b.classList.add("current");
    b.addEventListener("click", () => study.showBranch(m, plyOf(m)));
    b.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      openMenu(b, [
        ["Promote variation", () => study.edit(() => state.tree.promote(m.variation[0]))],
        ["Delete variation", () => study.edit(() => state.tree.remove(m.variation[0]))],
      ]);
    });
    return b;
  }

  return { rowsAfter };
}

// line draws a line's moves inline: numbers, buttons, comments, and the
// variations of each move in brackets.
/** @param {PgnMove[]} moves @param {(m: PgnMove) => HTMLElement} button @returns {(Node | string)[]} */
function line(moves, button) {
  /** @type {(Node | string)[]} */
  const out = [];
  moves.forEach((m, k) => {
    const white = m.ply % 2 === 1;
    if (white || k === 0) out.push(`${Math.ceil(m.ply / 2)}${white ? "." : "…"} `);
    out.push(button(m), " ");
    if (shownText(m.comments)) out.push(comment(m.comments ?? []), " ");
    for (const v of m.variations) {
      const nested = document.createElement("span");
      nested.className = "nested";
      const inner = line(v, button);
      if (inner.at(-1) === " ") inner.pop();
      nested.append("(", ...inner, ")");
      out.push(nested, " ");
    }
  });
  return out;
}

/** @param {string} className @param {Node[]} children */
function row(className, children) {
  const li = document.createElement("li");
  li.className = className;
  li.append(...children);
  return li;
}

/** @param {string[]} comments */
function comment(comments) {
  const span = document.createElement("span");
  span.className = "tree-comment";
  span.textContent = shownText(comments);
  return span;
}

/** @param {PgnMove} m */
function moveText(m) {
  return `${Math.ceil(m.ply / 2)}${m.ply % 2 === 1 ? "." : "…"} ${m.san}`;
}

// openMenu offers what can be done with a variation, below its move.
/** @param {HTMLElement} at @param {[string, () => void][]} items */
function openMenu(at, items) {
  closeMenu();
  const menu = document.createElement("div");
  menu.className = "tree-menu";
  menu.setAttribute("role", "menu");
  for (const [text, act] of items) {
    const item = document.createElement("button");
    item.type = "button";
    item.setAttribute("role", "menuitem");
    item.textContent = text;
    item.addEventListener("click", () => {
      closeMenu();
      act();
    });
    menu.append(item);
  }
  at.after(menu);
  /** @type {HTMLElement} */ (menu.firstElementChild).focus();
  setTimeout(() => addEventListener("pointerdown", outside));
  menu.addEventListener("keydown", (e) => e.key === "Escape" && closeMenu());
}

/** @param {Event} e */
function outside(e) {
  if (!(/** @type {Element} */ (e.target).closest(".tree-menu"))) closeMenu();
}

function closeMenu() {
  document.querySelector(".tree-menu")?.remove();
  removeEventListener("pointerdown", outside);
}

// shownText is what a move's comments say to a reader: their text without
// the commands for programs ([%cal …], [%clk …]); "" when they hold only
// commands, which then take no room in the list (an arrow is drawn, not
// written).
/** @param {string[] | undefined} comments */
function shownText(comments) {
  return (comments ?? [])
    .join(" ")
    .replace(/\[%[^\]]*\]/g, "")
    .trim();
}
