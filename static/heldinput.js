// @ts-check
// Holding a board's input while it draws a position. A move begun while
// the board still shows the one before (Kibitz's reply being drawn) would
// start from pieces that are about to move, and cm-chessboard loses it.
// Held instead: the press (and a release that came before the board was
// ready) is replayed, where it happened, once the board shows the
// position — a move is delayed by at most an animation, never dropped.

/** @typedef {{type: string, x: number, y: number, touch: boolean}} Press */

/**
 * Holds the primary button's presses and releases on el while busy() says
 * the board is drawing; release() replays them.
 * @param {HTMLElement} el
 * @param {() => boolean} busy
 * @returns {{release: () => void}}
 */
export function holdInput(el, busy) {
  /** @type {Press[]} */
  let held = [];
  /** @param {Event} event */
  const hold = (event) => {
    const e = /** @type {MouseEvent | TouchEvent} */ (event);
    if (!e.isTrusted) return; // a replayed one goes through
    const touch = "changedTouches" in e;
    if (!touch && /** @type {MouseEvent} */ (e).button !== 0) return; // a right button draws arrows
    const down = e.type === "mousedown" || e.type === "touchstart";
    // A release is held only when its press was: one ending a move begun
    // on the board as it was ready belongs to that move.
    if (!(down ? busy() : held.length > 0)) return;
    const p = touch ? /** @type {TouchEvent} */ (e).changedTouches[0] : /** @type {MouseEvent} */ (e);
    held.push({ type: e.type, x: p.clientX, y: p.clientY, touch });
    e.stopImmediatePropagation();
    if (e.cancelable) e.preventDefault();
  };
  /** @type {Press | null} where a held press has moved to since */
  let moved = null;
  /** @param {Event} event */
  const follow = (event) => {
    if (held.length === 0) return;
    const e = /** @type {MouseEvent | TouchEvent} */ (event);
    const touch = "changedTouches" in e;
    const p = touch ? /** @type {TouchEvent} */ (e).changedTouches[0] : /** @type {MouseEvent} */ (e);
    moved = { type: touch ? "touchmove" : "mousemove", x: p.clientX, y: p.clientY, touch };
  };
  for (const type of ["mousedown", "touchstart"]) el.addEventListener(type, hold, { capture: true, passive: false });
  for (const type of ["mouseup", "touchend"]) window.addEventListener(type, hold, { capture: true, passive: false });
  for (const type of ["mousemove", "touchmove"]) window.addEventListener(type, follow, { capture: true, passive: true });

  function release() {
    const presses = held;
    const last = moved;
    held = [];
    moved = null;
    for (const p of presses) replay(p);
    // Still pressed: the way the pointer went while held, so that a drag
    // under way goes on as a drag (not a click).
    const end = presses.at(-1)?.type;
    if (last && (end === "mousedown" || end === "touchstart")) replay(last);
  }
  return { release };
}

// replay sends a held press again to what lies under it now (the board
// has redrawn its pieces). A release goes where it happened, after a move
// there, so that a quick drag ends as a drag.
/** @param {Press} p */
function replay(p) {
  const target = document.elementFromPoint(p.x, p.y) ?? document.body;
  const up = p.type === "mouseup" || p.type === "touchend";
  if (!p.touch) {
    const init = { bubbles: true, cancelable: true, clientX: p.x, clientY: p.y, button: 0, buttons: up ? 0 : 1 };
    if (up) target.dispatchEvent(new MouseEvent("mousemove", { ...init, buttons: 1 }));
    target.dispatchEvent(new MouseEvent(p.type, init));
    return;
  }
  const touch = new Touch({ identifier: 0, target, clientX: p.x, clientY: p.y });
  const touches = up ? [] : [touch];
  if (up) target.dispatchEvent(new TouchEvent("touchmove", { bubbles: true, cancelable: true, touches: [touch], changedTouches: [touch] }));
  target.dispatchEvent(new TouchEvent(p.type, { bubbles: true, cancelable: true, touches, changedTouches: [touch] }));
}
