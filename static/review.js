// Game review: every position of a game analysed by the engine, each move
// judged by how much of the mover's winning chances it gave away, and the
// evaluation drawn as a graph.
//
// Winning chances are the win probability of an evaluation, the logistic
// curve Lichess fitted to its games: p = 1 / (1 + e^(−0.00368208·cp)),
// mates count as 0 or 1 (the evaluation bar's curve, format.js). A move that lowers the mover's p by at least 0.05
// is an inaccuracy, 0.10 a mistake, 0.15 a blunder (Lichess's thresholds
// 0.1 / 0.2 / 0.3 on its −1…1 scale of winning chances).

import { Chess } from "./chessrules.js";
import { winningChances } from "./format.js";

/** @typedef {import("./accuracy.js").Score} Score */
/** @typedef {{min: number, name: string, mark: string}} Verdict */
/** @typedef {{score: Score, best?: string, bestSan?: string | null, pv?: string[]}} ReviewedPosition an analysed position, White's view, and the engine's line from it (UCI) */
/** @typedef {{ply: number, san: string, color: string, loss: number, verdict: Verdict | null, better: string | null, why: string | null}} JudgedMove */

/** @type {Verdict[]} */
export const VERDICTS = [
  { min: 0.15, name: "blunder", mark: "??" },
  { min: 0.1, name: "mistake", mark: "?" },
  { min: 0.05, name: "inaccuracy", mark: "?!" },
];

// winProbability maps a score from White's view to White's
// winning chances, 0…1: the evaluation bar's curve (format.js).
/** @param {Score} score */
export function winProbability(score) {
  return (winningChances(score) + 1) / 2;
}

// verdictFor returns the verdict for a loss of winning chances, or null.
/** @param {number} loss @returns {Verdict | null} */
export function verdictFor(loss) {
  return VERDICTS.find((v) => loss >= v.min) || null;
}

// judgeMoves takes the history (chess.js verbose moves) and one analysis
// per position (positions[i]: after i moves; {score} from White's view,
// {best} the engine's move in UCI, {bestSan}) and returns, per move,
// {ply, san, color, loss, verdict, better}: better is the engine's move,
// named with every verdict. The engine's own choice earns none, whatever
// the scores before and after say: a loss there is the search's horizon
// (the next position, searched as deep, sees further), not the move's, and
// there would be no better move to name.
/**
 * @param {{from: string, to: string, promotion?: string, san: string, color: string, after?: string}[]} history
 * @param {ReviewedPosition[]} positions
 * @returns {JudgedMove[]}
 */
export function judgeMoves(history, positions) {
  /** @type {JudgedMove[]} */
  const out = [];
  for (let i = 0; i < history.length && i + 1 < positions.length; i++) {
    const m = history[i];
    const before = winProbability(positions[i].score);
    const after = winProbability(positions[i + 1].score);
    const loss = m.color === "w" ? before - after : after - before;
    const played = m.from + m.to + (m.promotion || "");
    const best = positions[i].best;
    const verdict = best === played ? null : verdictFor(loss);
    const better = verdict && best ? (positions[i].bestSan ?? null) : null;
    const why = verdict && m.after ? explainMove(m.after, positions[i + 1].pv, m.color) : null;
    out.push({ ply: i + 1, san: m.san, color: m.color, loss, verdict, better, why });
  }
  return out;
}

const VALUES = /** @type {Record<string, number>} */ ({ p: 1, n: 3, b: 3, r: 5, q: 9 });
const NAMES = /** @type {Record<string, string>} */ ({ p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen" });
// The engine's line is read this far for an explanation: further on, what
// it says is the search's guess, not the move's consequence.
const EXPLAIN_PLIES = 8;

// explainMove says in words what a marked move allows, read from the
// engine's line after it (pv, UCI, from fenAfter): a mate it walks into,
// or the material it loses (the mover's biggest piece taken, once the
// line's captures are counted both ways) — or null when the line shows
// neither, and then nothing is claimed.
/** @param {string} fenAfter @param {string[] | undefined} pv @param {string} mover "w" or "b" @returns {string | null} */
export function explainMove(fenAfter, pv, mover) {
  if (!pv || pv.length === 0) return null;
  const g = new Chess(fenAfter);
  /** @type {string[]} */
  const line = [];
  let lost = 0;
  let won = 0;
  /** @type {{value: number, name: string, square: string, upto: number} | null} */
  let worst = null;
  for (const uci of pv.slice(0, EXPLAIN_PLIES)) {
    let m;
    try {
      m = g.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    } catch {
      break;
    }
    const n = m.before.split(" ")[5];
    line.push(m.color === "w" ? `${n}. ${m.san}` : line.length === 0 ? `${n}… ${m.san}` : m.san);
    if (m.captured) {
      const value = VALUES[m.captured];
      if (m.color === mover) won += value;
      else {
        lost += value;
        if (!worst || value > worst.value) worst = { value, name: NAMES[m.captured], square: m.to, upto: line.length };
      }
    }
    if (g.isCheckmate()) return g.turn() === mover ? `It allows mate in ${Math.ceil(line.length / 2)}: ${line.join(" ")}` : null;
  }
  if (!worst || lost - won < 1) return null;
  const what = worst.value === 1 ? "a pawn" : `the ${worst.name} on ${worst.square}`;
  return `It loses ${what} after ${line.slice(0, worst.upto).join(" ")}`;
}

// graphPoints places White's winning chances at each position (0 = start)
// in a width × height box: x by ply, y from 1 (top) to 0 (bottom).
/** @param {number[]} probabilities @param {number} width @param {number} height @returns {number[][]} */
export function graphPoints(probabilities, width, height) {
  const n = Math.max(probabilities.length - 1, 1);
  return probabilities.map((p, i) => [Math.round((i / n) * width * 10) / 10, Math.round((1 - p) * height * 10) / 10]);
}

// summary counts the verdicts of each side: {w: {inaccuracy, mistake,
// blunder}, b: {...}}.
/** @param {JudgedMove[]} judged @returns {Record<string, Record<string, number>>} */
export function summary(judged) {
  const zero = () => ({ inaccuracy: 0, mistake: 0, blunder: 0 });
  /** @type {Record<string, Record<string, number>>} */
  const s = { w: zero(), b: zero() };
  for (const j of judged) if (j.verdict) s[j.color][j.verdict.name]++;
  return s;
}

// counted writes "1 blunder", "2 inaccuracies", "0 mistakes".
/** @param {number} n @param {string} name */
export function counted(n, name) {
  if (n === 1) return `1 ${name}`;
  return `${n} ${name.endsWith("y") ? name.slice(0, -1) + "ies" : name + "s"}`;
}
