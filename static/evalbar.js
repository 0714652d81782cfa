// EvalBar is the vertical bar beside the board: the white part grows with
// White's winning chances; the number says by how much who leads.
import { scoreText, scoreValue, winningChances } from "./format.js";

/** @typedef {import("./accuracy.js").Score} Score */

export class EvalBar {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    this.fill = /** @type {HTMLElement} */ (el.querySelector(".evalbar-fill"));
    this.text = /** @type {HTMLElement} */ (el.querySelector(".evalbar-text"));
    this.set(null);
  }

  // set shows a score in White's view (null resets it) and, when given,
  // White's chances of a win, a draw and a loss in per mille.
  /** @param {Score | null} score @param {number[]} [wdl] */
  set(score, wdl = undefined) {
    const wc = score ? winningChances(score) : 0;
    this.fill.style.height = `${(50 + 50 * wc).toFixed(1)}%`;
    const label = score ? scoreText(score).replace(/^[+−]/, "") : "0.0";
    this.text.textContent = label;
    const blackLeads = score && scoreValue(score) < 0;
    this.el.classList.toggle("black-leads", Boolean(blackLeads));
    this.el.setAttribute("aria-valuenow", String(Math.round(wc * 100)));
    this.el.setAttribute("aria-valuetext", score ? scoreText(score) : "level");
    this.el.title = score ? `Evaluation ${scoreText(score)} (White's view)${wdlText(wdl)}` : "Evaluation";
  }

  // result shows a finished game: the bar full for the winner (half for a
  // draw) and the result as its label.
  /** @param {string} result */
  result(result) {
    const white = result === "1-0" ? 1 : result === "0-1" ? 0 : 0.5;
    this.fill.style.height = `${100 * white}%`;
    this.text.textContent = result === "1/2-1/2" ? "½-½" : result;
    this.el.classList.toggle("black-leads", white === 0);
    this.el.setAttribute("aria-valuenow", String(Math.round((2 * white - 1) * 100)));
    this.el.setAttribute("aria-valuetext", `game over, ${result}`);
    this.el.title = `Game over: ${result}`;
  }

  // flip puts Black's side at the bottom, like the board.
  /** @param {boolean} blackBottom */
  flip(blackBottom) {
    this.el.classList.toggle("flipped", blackBottom);
  }
}

// wdlText says White's chances, as Kibitz's own games had them at such
// scores: "" without them.
/** @param {number[] | undefined} wdl */
function wdlText(wdl) {
  if (!wdl || wdl.length !== 3) return "";
  const pc = (/** @type {number} */ v) => `${Math.round(v / 10)} %`;
  return `: White wins ${pc(wdl[0])}, draws ${pc(wdl[1])}, loses ${pc(wdl[2])}`;
}
