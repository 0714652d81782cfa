// @ts-check
// How the page looks: the light or dark theme (the system's unless the
// player chose), the board's colours, its coordinates and its size. The colours
// themselves are in style.css; this sets the switches they read.
import { BOARDS } from "./settings.js";

/**
 * applyLook shows the settings' theme, board colours, coordinates and size.
 * @param {{theme: string, board: string, coords: boolean, size: number}} settings
 * @param {HTMLElement} boardEl the element holding cm-chessboard's svg
 */
export function applyLook(settings, boardEl) {
  const root = document.documentElement;
  if (settings.theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = settings.theme;
  document.body.classList.toggle("no-coords", !settings.coords);
  root.style.setProperty("--board-scale", String(settings.size / 100));
  // cm-chessboard reads its theme as a class of its svg, which it creates
  // once: swapping the class recolours the board in place.
  const svg = boardEl.querySelector("svg.cm-chessboard");
  if (svg) {
    svg.classList.remove(...BOARDS);
    svg.classList.add(settings.board);
  }
}
