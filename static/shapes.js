// @ts-check
// Arrows and circles drawn by the player on the board, as on lichess: drag
// with the right mouse button for an arrow, right-click a square for a
// circle (Shift: red, Alt: blue, Shift+Alt: yellow, else green); the same
// shape again takes it away, a left click on the board clears them. They
// belong to the position they were drawn on and live in the game tree as
// the PGN's [%cal …] and [%csl …] comment commands, so that they are saved,
// exported and imported with the game. The board also shows, before a
// move the review marked, the move it found better. page: state, view, refresh (page.d.ts).
import { Chess } from "./chessrules.js";
import { $ } from "./dom.js";

/** @typedef {{from: string, to: string, colour: string}} UserArrow */
/** @typedef {{square: string, colour: string}} UserCircle */
/** @typedef {{arrows: UserArrow[], circles: UserCircle[]}} Shapes */

/** @type {Readonly<Record<string, string>>} */
export const COLOURS = Object.freeze({ G: "#15781b", R: "#882020", B: "#003088", Y: "#e68f00" });
const SQUARE = "[a-h][1-8]";
const CAL = /\[%cal\s+([^\]]*)\]/g;
const CSL = /\[%csl\s+([^\]]*)\]/g;

/**
 * The shapes in a move's comments.
 * @param {string[] | undefined} comments
 * @returns {Shapes}
 */
export function parseShapes(comments) {
  /** @type {Shapes} */
  const shapes = { arrows: [], circles: [] };
  const text = (comments || []).join(" ");
  for (const [, list] of text.matchAll(CAL)) {
    for (const item of list.split(",")) {
      const m = new RegExp(`^([GRBY])(${SQUARE})(${SQUARE})$`).exec(item.trim());
      if (m && m[2] !== m[3]) shapes.arrows.push({ colour: m[1], from: m[2], to: m[3] });
    }
  }
  for (const [, list] of text.matchAll(CSL)) {
    for (const item of list.split(",")) {
      const m = new RegExp(`^([GRBY])(${SQUARE})$`).exec(item.trim());
      if (m) shapes.circles.push({ colour: m[1], square: m[2] });
    }
  }
  return shapes;
}

/**
 * The comments with their shape commands replaced by shapes' (none when
 * shapes is empty); comments left empty are dropped.
 * @param {string[] | undefined} comments
 * @param {Shapes} shapes
 * @returns {string[]}
 */
export function withShapes(comments, shapes) {
  const out = (comments || []).map((c) => c.replace(CAL, "").replace(CSL, "").replace(/\s+/g, " ").trim()).filter(Boolean);
  const commands = [];
  if (shapes.circles.length) commands.push(`[%csl ${shapes.circles.map((c) => c.colour + c.square).join(",")}]`);
  if (shapes.arrows.length) commands.push(`[%cal ${shapes.arrows.map((a) => a.colour + a.from + a.to).join(",")}]`);
  return commands.length ? [commands.join(" "), ...out] : out;
}

/**
 * Shapes with one drawn: the same shape again takes it away, and a shape
 * on the same squares in another colour is recoloured.
 * @param {Shapes} shapes
 * @param {UserArrow | UserCircle} shape
 * @returns {Shapes}
 */
export function toggleShape(shapes, shape) {
  if ("square" in shape) {
    const old = shapes.circles.find((c) => c.square === shape.square);
    const rest = shapes.circles.filter((c) => c !== old);
    return { arrows: shapes.arrows, circles: old?.colour === shape.colour ? rest : [...rest, shape] };
  }
  const old = shapes.arrows.find((a) => a.from === shape.from && a.to === shape.to);
  const rest = shapes.arrows.filter((a) => a !== old);
  return { circles: shapes.circles, arrows: old?.colour === shape.colour ? rest : [...rest, shape] };
}

const SVG = "http://www.w3.org/2000/svg";

/** @param {Pick<import("./page.js").Page, "state" | "view" | "refresh">} page */
export function createShapes(page) {
  const { state, view } = page;
  const { overlay, layer } = buildOverlay();
  $("board").append(overlay);

  const shownPly = () => state.viewPly ?? state.game.history().length;
  // The comments that hold the shown position's shapes: the last move's,
  // or the game's opening comment at the start.
  const holder = () => {
    const ply = shownPly();
    const history = state.tree.history;
    return ply > 0
      ? {
          get: () => state.tree.line[ply - 1]?.comments,
          set: (/** @type {string[]} */ c) => {
            if (state.tree.line[ply - 1]) state.tree.line[ply - 1].comments = c;
          },
        }
      : { get: () => history.gameComment, set: (/** @type {string[]} */ c) => (history.gameComment = c.length ? c : undefined) };
  };

  const centre = (/** @type {string} */ sq) => squareCentre(sq, view.blackBottom);
  const squareAt = (/** @type {MouseEvent} */ e) => squareUnder(overlay, e, view.blackBottom);

  const arrow = (/** @type {string} */ from, /** @type {string} */ to, /** @type {string} */ key, /** @type {string} */ colour, width = 0.16) =>
    arrowLine(centre(from), centre(to), key, colour, width, from + to);

  // draw shows the shown position's shapes and, before a move the review
  // marked, the move it found better.
  function draw() {
    const { arrows, circles } = parseShapes(holder().get());
    const drawn = [];
    const ply = shownPly();
    const better = betterMove(state, ply);
    if (better) {
      const best = arrow(better.from, better.to, "best", "var(--best-arrow)", 0.2);
      best.classList.add("best-move");
      drawn.push(best);
    }
    for (const c of circles) drawn.push(circleShape(centre(c.square), c));
    for (const a of arrows) drawn.push(arrow(a.from, a.to, a.colour, COLOURS[a.colour]));
    layer.replaceChildren(...drawn);
  }

  function change(/** @type {UserArrow | UserCircle | null} */ shape) {
    const h = holder();
    h.set(withShapes(h.get(), shape ? toggleShape(parseShapes(h.get()), shape) : { arrows: [], circles: [] }));
    page.refresh(); // shows the shapes and saves the tree they live in
  }

  /** @type {string | null} */
  let from = null;
  $("board").addEventListener(
    "mousedown",
    (e) => {
      if (e.button === 0) {
        const s = parseShapes(holder().get());
        if (s.arrows.length || s.circles.length) change(null);
      } else if (e.button === 2 && !state.premove) from = squareAt(e);
    },
    true,
  );
  addEventListener("mouseup", (e) => {
    if (e.button !== 2 || from === null) return;
    const to = squareAt(e);
    const start = from;
    from = null;
    if (!to) return;
    const colour = e.shiftKey && e.altKey ? "Y" : e.shiftKey ? "R" : e.altKey ? "B" : "G";
    change(to === start ? { square: to, colour } : { from: start, to, colour });
  });

  return { draw };
}

// buildOverlay makes the layer the shapes are drawn in, over the board,
// with an arrowhead per colour.
function buildOverlay() {
  const overlay = document.createElementNS(SVG, "svg");
  overlay.setAttribute("class", "user-shapes");
  overlay.setAttribute("viewBox", "0 0 8 8");
  overlay.setAttribute("aria-hidden", "true");
  const defs = document.createElementNS(SVG, "defs");
  for (const [key, colour] of [...Object.entries(COLOURS), ["best", "var(--best-arrow)"]]) {
    const marker = document.createElementNS(SVG, "marker");
    for (const [k, v] of Object.entries({
      id: `shape-head-${key}`,
      markerWidth: "4",
      markerHeight: "4",
      refX: "2.05",
      refY: "2",
      orient: "auto",
    }))
      marker.setAttribute(k, v);
    const head = document.createElementNS(SVG, "path");
    head.setAttribute("d", "M0,0 L4,2 L0,4 z");
    head.style.fill = colour; // a style, not an attribute: colours may be CSS variables
    marker.append(head);
    defs.append(marker);
  }
  overlay.append(defs);
  const layer = document.createElementNS(SVG, "g");
  overlay.append(layer);
  return { overlay, layer };
}

/**
 * An arrow between two square centres, its head short of the second.
 * @param {{x: number, y: number}} a @param {{x: number, y: number}} b
 * @param {string} key the arrowhead's colour key @param {string} colour @param {number} width @param {string} name from+to, for the tests
 */
function arrowLine(a, b, key, colour, width, name) {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const cut = 0.32; // the head ends short of the square's centre
  const line = document.createElementNS(SVG, "line");
  for (const [k, v] of Object.entries({ x1: a.x, y1: a.y, x2: b.x - ((b.x - a.x) * cut) / len, y2: b.y - ((b.y - a.y) * cut) / len }))
    line.setAttribute(k, String(v));
  line.style.stroke = colour;
  line.setAttribute("stroke-width", String(width));
  line.setAttribute("stroke-linecap", "round");
  line.setAttribute("marker-end", `url(#shape-head-${key})`);
  line.dataset.arrow = name;
  return line;
}

/** A circle on a square. @param {{x: number, y: number}} centre @param {UserCircle} c */
function circleShape({ x, y }, c) {
  const circle = document.createElementNS(SVG, "circle");
  for (const [k, v] of Object.entries({ cx: x, cy: y, r: 0.45, fill: "none", stroke: COLOURS[c.colour], "stroke-width": 0.07 }))
    circle.setAttribute(k, String(v));
  circle.dataset.square = c.square;
  return circle;
}

/**
 * The review's better move where the next move was marked, on the position
 * it would have been played from (where the review's list leads); none
 * while learning from the mistakes (it would be the answer).
 * @param {import("./page.js").Page["state"]} state @param {number} ply
 * @returns {{from: string, to: string} | null}
 */
function betterMove(state, ply) {
  const better = state.learning ? null : state.marks.get(ply + 1)?.better;
  const before = state.game.history({ verbose: true })[ply]?.before;
  if (!better || !before) return null;
  try {
    return new Chess(before).move(better);
  } catch {
    return null; // a mark from an older review of another line: nothing to show
  }
}

/** The centre of a square in the overlay's units, as the board is turned. @param {string} sq @param {boolean} blackBottom */
function squareCentre(sq, blackBottom) {
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq[1]) - 1;
  return blackBottom ? { x: 7 - f + 0.5, y: r + 0.5 } : { x: f + 0.5, y: 7 - r + 0.5 };
}

/** The square under a pointer, or null off the board. @param {Element} overlay @param {MouseEvent} e @param {boolean} blackBottom */
function squareUnder(overlay, e, blackBottom) {
  const rect = overlay.getBoundingClientRect();
  const fx = Math.floor(((e.clientX - rect.left) / rect.width) * 8);
  const fy = Math.floor(((e.clientY - rect.top) / rect.height) * 8);
  if (fx < 0 || fx > 7 || fy < 0 || fy > 7) return null;
  return blackBottom ? String.fromCharCode(97 + 7 - fx) + (fy + 1) : String.fromCharCode(97 + fx) + (8 - fy);
}
