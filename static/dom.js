// @ts-check
// The page's elements by id (index.html), typed: every module looks its
// elements up here, so the type checker knows a button from a select.

/**
 * The elements whose kind matters to the code; any other id is an
 * HTMLElement.
 * @typedef {{
 *   "analyse": HTMLButtonElement, "copy-fen": HTMLButtonElement, "copy-pgn": HTMLButtonElement,
 *   "describe": HTMLButtonElement, "download-pgn": HTMLButtonElement, "draw": HTMLButtonElement,
 *   "export-library": HTMLButtonElement, "flip": HTMLButtonElement, "hint": HTMLButtonElement,
 *   "import": HTMLButtonElement, "move-submit": HTMLButtonElement, "new-game": HTMLButtonElement,
 *   "resign": HTMLButtonElement, "review": HTMLButtonElement, "stop": HTMLButtonElement,
 *   "takeback": HTMLButtonElement, "share": HTMLButtonElement, "learn": HTMLButtonElement,
 *   "learn-hint": HTMLButtonElement, "learn-solution": HTMLButtonElement, "learn-next": HTMLButtonElement,
 *   "learn-stop": HTMLButtonElement, "learn-box": HTMLDivElement, "update-reload": HTMLButtonElement,
 *   "threat": HTMLButtonElement, "clock": HTMLSelectElement, "clock-minutes": HTMLInputElement,
 *   "clock-increment": HTMLInputElement, "comment-edit": HTMLTextAreaElement,
 *   "depth": HTMLInputElement, "move-text": HTMLInputElement, "sounds": HTMLInputElement, "help": HTMLInputElement,
 *   "coords": HTMLInputElement, "board-size": HTMLInputElement, "theme": HTMLSelectElement, "board-colours": HTMLSelectElement, "pieces": HTMLSelectElement, "confirm-moves": HTMLInputElement,
 *   "level": HTMLSelectElement, "lines": HTMLSelectElement, "side": HTMLSelectElement, "threads": HTMLSelectElement,
 *   "variant": HTMLSelectElement, "chess960-position": HTMLInputElement,
 *   "review-depth": HTMLSelectElement,
 *   "import-text": HTMLTextAreaElement, "review-progress": HTMLProgressElement,
 *   "depth-value": HTMLOutputElement, "move-form": HTMLFormElement,
 *   "library-box": HTMLDetailsElement, "review-graph": SVGSVGElement, "rematch": HTMLButtonElement,
 *   "result-analyse": HTMLButtonElement, "result-review": HTMLButtonElement, "result-close": HTMLButtonElement,
 *   "piece-worth": HTMLButtonElement, "next-mistake": HTMLButtonElement, "editor-play": HTMLButtonElement,
 *   "editor-analyse": HTMLButtonElement, "editor-side": HTMLSelectElement, "editor-ep": HTMLSelectElement, "editor-fen": HTMLInputElement,
 * }} PageElements
 */

/**
 * The element with this id.
 * @template {string} K
 * @param {K} id
 * @returns {K extends keyof PageElements ? PageElements[K] : HTMLElement}
 */
export function $(id) {
  return /** @type {any} */ (document.getElementById(id));
}
