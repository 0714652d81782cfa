// Game review: every position of a game analysed by the engine, each move
// judged by how much of the mover's winning chances it gave away, and the
// evaluation drawn as a graph.
//
// Winning chances are the win probability of an evaluation, the logistic
// curve Lichess fitted to its games: p = 1 / (1 + e^(−0.00368208·cp)),
// mates count as 0 or 1 (the evaluation bar's curve, format.js). A move that lowers the mover's p by at least 0.05
// is an inaccuracy, 0.10 a mistake, 0.15 a blunder (Lichess's thresholds
// 0.1 / 0.2 / 0.3 on its −1…1 scale of winning chances).

import { winningChances } from "./format.js";

/** @typedef {import("./accuracy.js").Score} Score */
/** @typedef {{min: number, name: string, mark: string}} Verdict */
/** @typedef {{score: Score, best?: string, bestSan?: string | null}} ReviewedPosition an analysed position, White's view */
/** @typedef {{ply: number, san: string, color: string, loss: number, verdict: Verdict | null, better: string | null}} JudgedMove */

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
 * @param {{from: string, to: string, promotion?: string, san: string, color: string}[]} history
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
    const better = verdict && best ? positions[i].bestSan : null;
    out.push({ ply: i + 1, san: m.san, color: m.color, loss, verdict, better });
  }
  return out;
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
