// @ts-check
// The move list as a tree, as lichess shows it: the main line in rows,
// and after a move the variations that replace it, inline and indented —
// each move a button, comments in their place, nested variations in
// brackets, each variation foldable — so that a variation never takes the
// main line's place in the list. A variation's moves have a context menu
// (right click, or the keyboard's menu key) to promote or delete it.
import { Chess } from "chess.js";
import { NAG_SYMBOLS } from "./tree.js";

/** @typedef {import("cm-pgn").PgnMove} PgnMove */

/**
 * @param {Pick<import("./page.js").Page, "state" | "showPly">} page
 * @param {{showBranch: (move: PgnMove, ply: number) => Promise<void>, edit: (change: () => void) => void}} study
 */
export function createMoveTree(page, study) {
  const { state } = page;
  /** @type {Set<PgnMove>} the first moves of the variations folded away */
  const folded = new Set();

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
      div.append(...line(moves));
    }
    return div;
  }

  // line draws a line's moves inline: numbers, buttons, comments, and the
  // variations of each move in brackets.
  /** @param {PgnMove[]} moves @returns {(Node | string)[]} */
  function line(moves) {
    /** @type {(Node | string)[]} */
    const out = [];
    moves.forEach((m, k) => {
      const white = m.ply % 2 === 1;
      if (white || k === 0) out.push(`${Math.ceil(m.ply / 2)}${white ? "." : "…"} `);
      out.push(moveButton(m), " ");
      if (shownText(m.comments)) out.push(comment(m.comments ?? []), " ");
      for (const v of m.variations) {
        const nested = document.createElement("span");
        nested.className = "nested";
        const inner = line(v);
        if (inner.at(-1) === " ") inner.pop();
        nested.append("(", ...inner, ")");
        out.push(nested, " ");
      }
    });
    return out;
  }

  /** @param {PgnMove} m */
  function moveText(m) {
    return `${Math.ceil(m.ply / 2)}${m.ply % 2 === 1 ? "." : "…"} ${m.san}`;
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
      openMenu(m, b);
    });
    return b;
  }

  // openMenu offers what can be done with the variation m belongs to.
  /** @param {PgnMove} m @param {HTMLElement} at */
  function openMenu(m, at) {
    closeMenu();
    const first = m.variation[0];
    const menu = document.createElement("div");
    menu.className = "tree-menu";
    menu.setAttribute("role", "menu");
    /** @type {[string, () => void][]} */
    const items = [
      ["Promote variation", () => state.tree.promote(first)],
      ["Delete variation", () => state.tree.remove(first)],
    ];
    for (const [text, change] of items) {
      const item = document.createElement("button");
      item.type = "button";
      item.setAttribute("role", "menuitem");
      item.textContent = text;
      item.addEventListener("click", () => {
        closeMenu();
        study.edit(change);
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

  // enterVariation (Shift+→) takes the next alternative to the move after
  // the position shown — the first variation from the main move, the next
  // one from a variation, back to the main move after the last — and shows
  // its first move; false when that move has none.
  /** @returns {boolean} */
  function enterVariation() {
    const shown = state.viewPly ?? state.tree.line.length;
    const here = state.tree.continuations(shown > 0 ? state.tree.line[shown - 1] : null);
    if (here.length < 2) return false;
    const next = here[(here.indexOf(state.tree.line[shown]) + 1) % here.length];
    study.showBranch(next, shown + 1);
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
