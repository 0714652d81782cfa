// Pieces of the page's panel that need only the DOM: the move list, the
// engine's lines, and handing text to the player (clipboard, download).

// NAG_CLASSES colours a move's own assessment by what it says: good moves
// green, doubtful ones in the review's colours for the same mark.
/** @type {Record<string, string>} */
const NAG_CLASSES = { "!": "good", "!!": "brilliant", "!?": "interesting", "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

// renderMoves draws the move list into ol: a row per move number, a button
// per move (onPick(ply) when chosen), the shown ply marked current, and
// after each move its own assessments (nags(i): "!", "?!"…, from a PGN)
// then the review's verdict (marks: ply → {name, mark}) — both, each in
// its own colour, unless they say the same. after(i) gives rows to show
// after move i (its variations and comment, full width); a White move with
// rows after it ends its row, and Black's reply starts the next ("1… e5").
/**
 * @param {HTMLElement} ol
 * @param {import("chess.js").Move[]} history chess.js's verbose history
 * @param {number} ply
 * @param {(ply: number) => void} onPick
 * @param {Map<number, {name: string, mark: string}>} [marks]
 * @param {(i: number) => string[]} [nags]
 * @param {(i: number) => HTMLElement[]} [after]
 * @param {{result: string, reason: string} | null} [over] how the game ended: its result closes the list
 */
export function renderMoves(ol, history, ply, onPick, marks = new Map(), nags = () => [], after = () => [], over = null) {
  // The list is rebuilt: a focused move keeps the focus on its new button.
  const focused = /** @type {HTMLElement | null} */ (document.activeElement);
  const focusedPly = focused && ol.contains(focused) ? focused.dataset.ply : null;
  ol.replaceChildren();
  /** @type {HTMLLIElement | null} */
  /** @type {HTMLElement} the row being filled (newRow makes the first before any use) */
  let li = document.createElement("li");
  const cell = (/** @type {number} */ i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = history[i].san;
    b.dataset.ply = String(i + 1);
    const verdict = marks.get(i + 1);
    b.setAttribute("aria-label", `Show the position after ${history[i].san}${verdict ? ` (${verdict.name})` : ""}`);
    if (verdict) b.classList.add(verdict.name);
    const own = nags(i);
    if (own.length) b.dataset.nag = own.join("");
    const symbol = (/** @type {string} */ text, /** @type {string} */ className) => {
      const span = document.createElement("span");
      span.className = className;
      span.textContent = text;
      b.append(span);
    };
    for (const n of own) symbol(n, `nag ${NAG_CLASSES[n] || "other"}`);
    if (verdict && !own.includes(verdict.mark)) symbol(verdict.mark, `verdict-mark ${verdict.name}`);
    if (i + 1 === ply) b.classList.add("current");
    b.addEventListener("click", () => onPick(i + 1));
    return b;
  };
  const newRow = (/** @type {string} */ number) => {
    li = document.createElement("li");
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = number;
    li.append(num);
    ol.append(li);
  };
  let open = false; // the last row waits for Black's move
  history.forEach((m, i) => {
    const number = m.before.split(" ")[5];
    if (m.color === "w") newRow(`${number}.`);
    else if (!open) {
      newRow(`${number}…`);
      li.append(document.createElement("span"));
    }
    li.append(cell(i));
    open = m.color === "w";
    const rows = after(i);
    if (rows.length) {
      if (open) li.append(document.createElement("span"));
      open = false;
      ol.append(...rows);
    }
  });
  if (over) {
    const end = document.createElement("li");
    end.className = "move-result";
    end.textContent = `${over.result} · ${over.reason}`;
    ol.append(end);
  }
  const current = /** @type {HTMLElement | null} */ (ol.querySelector(".current"));
  if (current) scrollWithin(current);
  if (focusedPly)
    /** @type {HTMLElement | null} */ (ol.querySelector(`button[data-ply="${focusedPly}"]`) || current)?.focus({ preventScroll: true }); // the box was scrolled above; the page stays
}

// showLine shows engine line n (of at most max) in ol: its score, then the
// moves; with onPick, the moves are a button that plays the line. first
// is the line's first move (UCI): another line still showing it is from an
// earlier depth, before the lines were ranked again, and is emptied.
/**
 * @param {HTMLElement} ol
 * @param {number} n
 * @param {number} max
 * @param {string} score
 * @param {string} moves the line in SAN with move numbers
 * @param {string} first
 * @param {(() => void) | null} [onPick]
 * @param {string} [words] the score in words, which screen readers read instead of the figure
 */
export function showLine(ol, n, max, score, moves, first, onPick = null, words = "") {
  while (ol.children.length < n) ol.append(document.createElement("li"));
  while (ol.children.length > max) ol.lastElementChild?.remove();
  const li = /** @type {HTMLElement | undefined} */ (ol.children[n - 1]);
  if (!li) return;
  for (const other of /** @type {HTMLCollectionOf<HTMLElement>} */ (ol.children)) {
    if (other !== li && first && other.dataset.move === first) {
      other.replaceChildren();
      delete other.dataset.move;
    }
  }
  li.dataset.move = first;
  const s = document.createElement("span");
  s.className = "score";
  s.textContent = score;
  /** @type {Node[]} */
  const head = [s];
  if (words) {
    // Read as words ("White is better, plus 1.2"), seen as the figure.
    s.setAttribute("aria-hidden", "true");
    const w = document.createElement("span");
    w.className = "visually-hidden";
    w.textContent = `${words}: `;
    head.unshift(w);
  }
  if (!onPick) {
    // The moves in one box of their own, as in the button below: in a
    // one-line (flex) row the spaces between bare words would be dropped.
    const m = document.createElement("span");
    m.className = "pv";
    m.append(unbroken(moves));
    return li.replaceChildren(...head, m);
  }
  const b = document.createElement("button");
  b.type = "button";
  b.className = "line";
  b.append(unbroken(moves));
  b.title = "Play this line on the board";
  b.addEventListener("click", onPick);
  li.replaceChildren(...head, b);
}

// unbroken sets each word of a line (a move number, a move) in a span the
// line may not break inside: "O-O" or "Nxe4+" stay whole at the end of a
// line. The text reads as before.
/** @param {string} text */
function unbroken(text) {
  const f = document.createDocumentFragment();
  text.split(" ").forEach((word, i) => {
    if (i > 0) f.append(" ");
    const w = document.createElement("span");
    w.className = "word";
    w.textContent = word;
    f.append(w);
  });
  return f;
}

// copyText puts text on the clipboard, or into fallback (selected) where
// the clipboard is refused, and returns what the status line should say.
/** @param {string} text @param {string} what @param {HTMLTextAreaElement} fallback @returns {Promise<string>} */
export async function copyText(text, what, fallback) {
  try {
    await navigator.clipboard.writeText(text);
    return `${what} copied to the clipboard`;
  } catch {
    fallback.value = text;
    fallback.select();
    return `${what} is in the text box: copy it from there`;
  }
}

// download saves text as a file named name.
/** @param {string} text @param {string} name @param {string} type */
export function download(text, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// scrollWithin brings el into view by scrolling its nearest box that
// scrolls, never the page: scrollIntoView would scroll every ancestor, the
// page included, and move the board away from the player after each move.
// A box's sticky heading (.moves-head) and sticky foot (the annotation
// buttons, #annotate, where the layout pins them) do not count as room.
/** @param {Element} el */
export function scrollWithin(el) {
  let box = el.parentElement;
  while (box && box !== document.body && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
    box = box.parentElement;
  }
  if (!box || box === document.body) return;
  const head = box.querySelector(".moves-head")?.getBoundingClientRect().height ?? 0;
  const b = box.getBoundingClientRect();
  const end = b.top + box.clientTop + box.clientHeight;
  // The foot counts only while it is stuck there: once the list that holds
  // it has scrolled away (to show the review below it), it went with it.
  const pinned = box.querySelector("#annotate:not([hidden])");
  const foot = pinned && getComputedStyle(pinned).position === "sticky" ? pinned.getBoundingClientRect() : null;
  const bottom = foot && foot.bottom >= end - 1 ? Math.min(end, foot.top) : end;
  const c = el.getBoundingClientRect();
  if (c.bottom > bottom) box.scrollTop += c.bottom - bottom;
  else if (c.top < b.top + head) box.scrollTop -= b.top + head - c.top;
}

// keepCurrentInView scrolls the move shown back into view whenever the
// moves' box changes size (in a short window the panel gives it what the
// engine's lines leave over, and the box scrolls) or the annotation buttons
// pinned at its foot appear, grow or go — or, while the same move is shown,
// what holdInView brought into view last (the review's results).
/** @param {HTMLElement} box */
export function keepCurrentInView(box) {
  const observer = new ResizeObserver(() => {
    const current = box.querySelector("#moves .current");
    if (held && held.el.isConnected && held.ply === plyOf(current)) return scrollWithin(held.el);
    held = null;
    if (current) scrollWithin(current);
  });
  observer.observe(box);
  const pinned = box.querySelector("#annotate");
  if (pinned) observer.observe(pinned);
}

/** @type {{el: Element, ply: string | null} | null} what the moves' box keeps in view instead of the move shown */
let held = null;
const plyOf = (/** @type {Element | null} */ el) => (el instanceof HTMLElement ? (el.dataset.ply ?? null) : null);

// holdInView brings el into view in its box and keeps it there, as the box
// changes size, until another move is shown.
/** @param {Element} el */
export function holdInView(el) {
  scrollWithin(el);
  held = { el, ply: plyOf(document.querySelector("#moves .current")) };
}
