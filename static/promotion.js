// @ts-check
// alignPromotion puts cm-chessboard's promotion chooser exactly on the
// promotion square's file, from that square towards the board's middle,
// as lichess does: cm-chessboard draws it from the square's centre, half a
// square off, over the pawn. The chooser appears (and is redrawn) later:
// its group is watched.
/** @type {WeakMap<object, string>} the square each board's chooser is for */
const promotionSquare = new WeakMap();
/** @param {any} cm cm-chessboard @param {string} square */
export function alignPromotion(cm, square) {
  promotionSquare.set(cm, square);
  const group = /** @type {SVGGElement | null} */ (cm.view.svg.querySelector(".promotion-dialog-group"));
  if (!group) return;
  if (!group.dataset.aligned) {
    group.dataset.aligned = "1";
    new MutationObserver(() => align(cm, group)).observe(group, { childList: true });
  }
  align(cm, group);
}

/** @param {any} cm @param {SVGGElement} group */
function align(cm, group) {
  const rect = group.querySelector("rect.promotion-dialog");
  const square = promotionSquare.get(cm);
  if (!rect || !square) return group.removeAttribute("transform");
  const at = cm.view.squareToPoint(square);
  const [x, y, h] = ["x", "y", "height"].map((a) => Number(rect.getAttribute(a)));
  const w = cm.view.squareWidth;
  // Drawn upwards (a promotion at the board's foot) it must end at the square's foot.
  const dy = y + h <= at.y + w ? at.y + w - (y + h) : at.y - y;
  group.setAttribute("transform", `translate(${at.x - x} ${dy})`);
}
