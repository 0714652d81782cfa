// The game review on the page: the engine analyses every position of the
// game in turn (a progress bar shows how far), then the graph of White's
// winning chances is drawn, the moves are marked and the better moves
// listed. The rules are in review.js.
import { Chess } from "./chessrules.js";
import { whiteScore, moveSan } from "./format.js";
import { gameOver } from "./game.js";
import { winProbability, judgeMoves, graphPoints, summary, counted } from "./review.js";
import { accuracy } from "./accuracy.js";

const SVG = "http://www.w3.org/2000/svg";

/** @typedef {import("./review.js").ReviewedPosition} ReviewedPosition */
/** @typedef {import("./review.js").JudgedMove} JudgedMove */

// analyseGame searches each position after 0…n moves at depth and returns
// [{score (White's view), best, bestSan}], or null when cancelled() turns
// true. A position the rules have decided is scored without a search. The
// positions are searched each on its own from a new game (searchEach), one
// per engine worker at a time: the verdicts are the same with any number
// of workers.
/**
 * @param {import("./kibitz.js").KibitzEngine} engine
 * @param {string} start
 * @param {string[]} moves in UCI
 * @param {number} depth
 * @param {(done: number, of: number) => void} onProgress
 * @param {() => boolean} cancelled
 * @returns {Promise<ReviewedPosition[] | null>}
 */
export async function analyseGame(engine, start, moves, depth, onProgress, cancelled) {
  /** @type {(ReviewedPosition | undefined)[]} */
  const out = [];
  const g = new Chess(start);
  /** @type {{fen: string, turn: "w" | "b", ply: number}[]} */
  const asked = [];
  for (let i = 0; i <= moves.length; i++) {
    if (i > 0) g.move({ from: moves[i - 1].slice(0, 2), to: moves[i - 1].slice(2, 4), promotion: moves[i - 1][4] });
    const over = gameOver(g);
    if (over) out[i] = { score: over.result === "1-0" ? { mate: 1 } : over.result === "0-1" ? { mate: -1 } : { cp: 0 } };
    else asked.push({ fen: g.fen(), turn: g.turn(), ply: i });
  }
  let done = moves.length + 1 - asked.length;
  onProgress(done, moves.length + 1);
  const stop = new AbortController();
  const watch = setInterval(() => cancelled() && stop.abort(), 50);
  try {
    await engine.searchEach(
      asked.map((a) => ({ fen: start, moves: moves.slice(0, a.ply), depth, multipv: 1 })),
      {
        signal: stop.signal,
        onResult: (k, r) => {
          const a = asked[k];
          const bestSan = r.bestmove ? moveSan(a.fen, r.bestmove) : null;
          out[a.ply] = { score: whiteScore(r.score, a.turn), best: r.bestmove, bestSan, pv: r.pv };
          onProgress(++done, moves.length + 1);
        },
      },
    );
  } catch (err) {
    if (cancelled()) return null;
    throw err;
  } finally {
    clearInterval(watch);
  }
  if (cancelled()) return null;
  return /** @type {ReviewedPosition[]} */ (out);
}

// showReview draws the graph into svg and the summary into list, and
// returns the marks for the move list (ply → verdict, with the better
// move and, where the engine's line shows it, what the move allows). onPick(ply) shows a
// position when the graph is clicked.
/**
 * @param {SVGSVGElement} svg
 * @param {HTMLElement} list
 * @param {import("chess.js").Move[]} history
 * @param {ReviewedPosition[]} positions
 * @param {(ply: number) => void} onPick
 * @returns {Map<number, {name: string, mark: string, better: string | null, why: string | null}>}
 */
export function showReview(svg, list, history, positions, onPick) {
  const judged = judgeMoves(history, positions);
  showAccuracy(
    list,
    accuracy(
      history,
      positions.map((p) => p.score),
    ),
  );
  const probs = positions.map((p) => winProbability(p.score));
  drawGraph(svg, probs, judged, onPick);
  const s = summary(judged);
  const count = (/** @type {string} */ c) => ["inaccuracy", "mistake", "blunder"].map((k) => counted(s[c][k], k));
  const li = (/** @type {string} */ text, className = "") => {
    const e = document.createElement("li");
    e.textContent = text;
    e.className = className;
    return e;
  };
  const items = [li(`White: ${count("w").join(", ")}`), li(`Black: ${count("b").join(", ")}`)];
  for (const j of judged) {
    const verdict = j.verdict;
    if (!verdict) continue;
    const n = Math.ceil(j.ply / 2);
    // Each marked move is a button that shows the position before it,
    // where the better move was.
    const b = document.createElement("button");
    b.type = "button";
    b.className = "verdict-move";
    b.textContent = `${n}${j.color === "w" ? "." : "…"} ${j.san}${verdict.mark}`;
    b.setAttribute("aria-label", `Show the position before ${j.san}, a ${verdict.name}`);
    b.addEventListener("click", () => onPick(j.ply - 1));
    const item = li("", "verdict");
    item.append(b, ` — ${verdict.name}${j.better ? `; better ${j.better}` : ""}`);
    items.push(item);
  }
  list.append(...items);
  return new Map(judged.flatMap((j) => (j.verdict ? [[j.ply, { name: j.verdict.name, mark: j.verdict.mark, better: j.better, why: j.why }]] : [])));
}

// showAccuracy starts the review's list with a table of each side's
// accuracy, overall and by phase, and average centipawn loss.
/** @param {HTMLElement} list @param {Record<string, import("./accuracy.js").SideAccuracy>} figures */
function showAccuracy(list, figures) {
  const table = document.createElement("table");
  table.className = "review-accuracy";
  const row = (/** @type {string[]} */ cells, /** @type {"th" | "td"} */ tag) => {
    const tr = document.createElement("tr");
    cells.forEach((text, i) => {
      const cell = document.createElement(i === 0 && tag === "td" ? "th" : tag);
      cell.textContent = text;
      if (tag === "th" || i === 0) cell.scope = tag === "th" ? "col" : "row";
      tr.append(cell);
    });
    return tr;
  };
  const pct = (/** @type {number | null} */ x) => (x === null ? "—" : `${Math.round(x)} %`);
  // Soft hyphens let the long headings break: the table keeps to its panel.
  table.append(row(["Side", "Accu\u00ADracy", "Open\u00ADing", "Middle\u00ADgame", "End\u00ADgame", "Avg. loss"], "th"));
  for (const [side, name] of [
    ["w", "White"],
    ["b", "Black"],
  ]) {
    const f = figures[side];
    table.append(
      row(
        [name, pct(f.accuracy), pct(f.phases.opening), pct(f.phases.middlegame), pct(f.phases.endgame), f.acpl === null ? "—" : `${Math.round(f.acpl)} cp`],
        "td",
      ),
    );
  }
  const li = document.createElement("li");
  li.className = "accuracy";
  const how = document.createElement("p");
  how.className = "muted accuracy-how";
  how.textContent =
    "Accuracy: each move's share of the winning chances kept, summed over the moves as lichess does (the mean weighted by how sharp the position was, averaged with the harmonic mean); a phase's figure is the same over its own moves.";
  li.append(table, how);
  list.replaceChildren(li);
}

/**
 * @param {SVGSVGElement} svg
 * @param {number[]} probs
 * @param {JudgedMove[]} judged
 * @param {(ply: number) => void} onPick
 */
function drawGraph(svg, probs, judged, onPick) {
  const W = 300;
  const H = 80;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const pts = graphPoints(probs, W, H);
  const el = (/** @type {string} */ name, /** @type {Record<string, string | number>} */ attrs) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const area = `0,${H} ${pts.map((p) => p.join(",")).join(" ")} ${W},${H}`;
  const children = [
    el("rect", { x: 0, y: 0, width: W, height: H, class: "graph-black" }),
    el("polygon", { points: area, class: "graph-white" }),
    el("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-mid" }),
    el("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "graph-line" }),
  ];
  for (const j of judged) {
    if (!j.verdict) continue;
    const [x, y] = pts[j.ply];
    const c = el("circle", { cx: x, cy: y, r: 3.5, class: `graph-${j.verdict.name}`, "data-ply": j.ply });
    const title = el("title", {});
    title.textContent = `${j.san}${j.verdict.mark} (${j.verdict.name})`;
    c.append(title);
    children.push(c);
  }
  svg.replaceChildren(...children);
  svg.onclick = (e) => {
    const r = svg.getBoundingClientRect();
    const ply = Math.round(((e.clientX - r.left) / r.width) * (probs.length - 1));
    onPick(Math.max(0, Math.min(probs.length - 1, ply)));
  };
}
