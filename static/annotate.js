// @ts-check
// Annotating on the analysis board: the move shown gets an assessment
// (!!, !, !?, ?!, ?, ??; one at a time, as lichess's) and a comment, both
// kept in the game tree and so in the saved game and the exported PGN. The
// commands in a comment ([%clk …], [%cal …]) are kept as they are: the
// player edits only the words. page: state, refresh (page.d.ts).
import { NAG_SYMBOLS } from "./tree.js";
import { $ } from "./dom.js";

const COMMAND = /\[%[^\]]*\]/g;

/**
 * The words of a move's comments, without their commands.
 * @param {string[] | undefined} comments
 */
export function commentWords(comments) {
  return (comments || []).join(" ").replace(COMMAND, "").replace(/\s+/g, " ").trim();
}

/**
 * The comments with their words replaced by text; the commands stay, first.
 * @param {string[] | undefined} comments
 * @param {string} text
 * @returns {string[]}
 */
export function withWords(comments, text) {
  const commands = (comments || []).join(" ").match(COMMAND) || [];
  return [commands.join(" "), text.replace(/[{}]/g, "").trim()].filter(Boolean);
}

/**
 * The NAGs with the assessment nag toggled: it replaces another
 * assessment, and goes when it was there; other NAGs stay.
 * @param {number[] | undefined} nags
 * @param {number} nag
 */
export function toggleAssessment(nags, nag) {
  const had = (nags || []).includes(nag);
  const others = (nags || []).filter((n) => n < 1 || n > 6);
  return had ? others : [nag, ...others];
}

/** @param {Pick<import("./page.js").Page, "state" | "refresh">} page */
export function createAnnotate(page) {
  const { state } = page;
  const box = $("annotate");
  const text = /** @type {HTMLTextAreaElement} */ ($("comment-edit"));
  const shownPly = () => state.viewPly ?? state.game.history().length;
  let editing = -1; // the ply whose comment the box holds

  for (const nag of [3, 1, 5, 6, 2, 4]) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.nag = String(nag);
    b.textContent = NAG_SYMBOLS[nag];
    b.title = { 1: "Good move", 2: "Mistake", 3: "Brilliant move", 4: "Blunder", 5: "Interesting move", 6: "Dubious move" }[nag] ?? "";
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => {
      const m = state.tree.line[shownPly() - 1];
      if (!m) return;
      m.nags = toggleAssessment(m.nags, nag);
      page.refresh();
    });
    $("nag-buttons").append(b);
  }

  text.addEventListener("change", () => {
    const ply = editing;
    if (ply < 0) return;
    if (ply === 0) {
      const c = withWords(state.tree.history.gameComment, text.value);
      state.tree.history.gameComment = c.length ? c : undefined;
    } else if (state.tree.line[ply - 1]) {
      state.tree.line[ply - 1].comments = withWords(state.tree.line[ply - 1].comments, text.value);
    }
    page.refresh();
  });

  // show fits the box to the move shown, in analysis only.
  function show() {
    box.hidden = state.mode !== "analyse" || state.learning || state.reviewing;
    if (box.hidden) return;
    const ply = shownPly();
    const m = ply > 0 ? state.tree.line[ply - 1] : null;
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (box.querySelectorAll("button[data-nag]"))) {
      b.disabled = !m;
      b.setAttribute("aria-pressed", String(Boolean(m && (m.nags || []).includes(Number(b.dataset.nag)))));
    }
    // What the player is typing stays until they leave the box.
    if (ply !== editing || document.activeElement !== text) {
      text.value = commentWords(m ? m.comments : state.tree.history.gameComment);
      text.placeholder = m ? `A comment on ${m.san}` : "A comment on the game";
      editing = ply;
    }
  }

  return { show };
}
