// @ts-check
// What the net thinks of each piece, drawn on the analysis board: under
// every piece but the kings, how far the net's evaluation (White's view,
// in pawns) falls when that piece is taken off — Stockfish's `eval` table,
// on the board. The engine computes it (engine.evaluate); this module
// asks once per position shown and places the labels over the squares.
import { $ } from "./dom.js";

/** @param {Pick<import("./page.js").Page, "state" | "engine"> & {shownFen: () => string}} page */
export function createPieceWorth(page) {
  const { state, engine } = page;
  let on = false;
  let asked = ""; // the position whose values are asked for or drawn
  /** @type {import("./protocol.js").PieceValue[]} */
  let values = [];
  const layer = $("piece-worth-layer");

  $("piece-worth").addEventListener("click", () => {
    on = !on;
    $("piece-worth").setAttribute("aria-pressed", String(on));
    render();
  });
  addEventListener("resize", () => on && draw());

  function render() {
    const shown = on && state.mode === "analyse";
    $("piece-worth").disabled = state.mode !== "analyse";
    if (state.mode !== "analyse" && on) {
      on = false;
      $("piece-worth").setAttribute("aria-pressed", "false");
    }
    layer.hidden = !shown;
    if (!shown) {
      asked = "";
      return;
    }
    const fen = page.shownFen();
    if (fen === asked) return draw();
    asked = fen;
    values = [];
    draw();
    engine
      .evaluate(fen)
      .then((ev) => {
        if (asked !== fen) return; // the board has moved on
        values = ev.pieces ?? [];
        draw();
      })
      .catch(() => {}); // a position the engine refuses shows no values
  }

  // draw places a label at the foot of each valued piece's square.
  function draw() {
    const origin = layer.getBoundingClientRect();
    layer.replaceChildren(
      ...values.flatMap((v) => {
        const r = document.querySelector(`#board rect[data-square="${v.square}"]`)?.getBoundingClientRect();
        if (!r) return [];
        const label = document.createElement("span");
        label.className = `piece-worth ${v.cp >= 0 ? "for-white" : "for-black"}`;
        label.dataset.square = v.square;
        label.textContent = `${v.cp >= 0 ? "+" : "−"}${Math.abs(v.cp / 100).toFixed(1)}`;
        label.style.left = `${r.left - origin.left}px`;
        label.style.top = `${r.bottom - origin.top}px`;
        label.style.width = `${r.width}px`;
        return [label];
      }),
    );
  }

  return { render };
}
