// @ts-check
// How well each side played a reviewed game, in the figures players know
// from lichess: accuracy in % (overall and by phase of the game) and the
// average centipawn loss.
//
// A move's accuracy falls with the mover's winning chances it gave away:
// 103.1668·e^(−0.04354·d) − 3.1669 for a drop of d points of win % (0–100,
// the evaluation bar's curve), within 0–100 — the curve lichess
// published. A side's accuracy over the game averages two means of its
// moves' accuracies, as lichess describes its own: one weighted by how
// much the position was swinging around the move (the standard deviation
// of win % over a window of positions), which counts the moves that
// mattered more, and the harmonic mean, which a single blunder pulls down.
// A phase's accuracy is the same figure over that phase's moves, so that
// a game played in one phase has that phase's accuracy as its own.
import { winningChances } from "./format.js";

/** A score from White's view: {cp} | {mate} | {tb}. */
/** @typedef {import("./protocol.js").Score} Score */
/** @typedef {{accuracy: number | null, acpl: number | null, phases: Record<string, number | null>}} SideAccuracy one side's figures */

/** @param {Score} score White's winning chances in %, 0–100. */
export const winPercent = (score) => 50 * (winningChances(score) + 1);

/**
 * moveAccuracy is a move's accuracy from the mover's win % before and
 * after it.
 * @param {number} before
 * @param {number} after
 */
export function moveAccuracy(before, after) {
  const drop = Math.max(0, before - after);
  return Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
}

// centipawns caps a score for the average loss: mates and table wins
// count as ±1000, as the evaluation bar does.
const centipawns = (/** @type {Score} */ score) => {
  if (score.mate !== undefined) return score.mate > 0 ? 1000 : score.mate < 0 ? -1000 : 0;
  if (score.tb !== undefined) return 1000 * Math.sign(score.tb);
  return Math.max(-1000, Math.min(1000, score.cp ?? 0));
};

/** @type {Record<string, number>} */
const VALUES = { n: 3, b: 3, r: 5, q: 9 };

/**
 * phaseOf names the phase of a position by its FEN: the endgame once the
 * pieces other than kings and pawns are worth 20 or less (of 62 at the
 * start), the opening for the first ten moves before that, the
 * middlegame between.
 * @param {string} fen
 * @param {number} ply moves played before this position
 */
export function phaseOf(fen, ply) {
  let material = 0;
  for (const c of fen.split(" ")[0].toLowerCase()) material += VALUES[c] || 0;
  if (material <= 20) return "endgame";
  return ply < 20 ? "opening" : "middlegame";
}

/** @param {number[]} xs */
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** @param {number[]} xs */
const stddev = (xs) => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};

/**
 * accuracy sums up a reviewed game: history is chess.js's verbose history,
 * scores[i] the score (White's view) after i moves. For each side "w" and
 * "b": {accuracy, acpl, phases: {opening, middlegame, endgame}} — numbers,
 * or null where that side made no move (in that phase).
 * @param {{color: string, before: string}[]} history
 * @param {Score[]} scores
 * @returns {Record<string, SideAccuracy>}
 */
export function accuracy(history, scores) {
  const n = Math.min(history.length, scores.length - 1);
  const wins = scores.slice(0, n + 1).map(winPercent);
  // The window around each move: a tenth of the game, 2 to 8 positions.
  const size = Math.min(8, Math.max(2, Math.floor(n / 10)));
  /** @type {Record<string, {accuracy: number, weight: number, loss: number, phase: string}[]>} */
  const sides = { w: [], b: [] };
  for (let i = 0; i < n; i++) {
    const white = history[i].color === "w";
    const mover = (/** @type {number} */ p) => (white ? p : 100 - p);
    const lo = Math.max(0, Math.min(i, wins.length - size));
    const weight = Math.min(12, Math.max(0.5, stddev(wins.slice(lo, lo + size))));
    const cp = (/** @type {Score} */ s) => (white ? centipawns(s) : -centipawns(s));
    sides[history[i].color].push({
      accuracy: moveAccuracy(mover(wins[i]), mover(wins[i + 1])),
      weight,
      loss: Math.max(0, cp(scores[i]) - cp(scores[i + 1])),
      phase: phaseOf(history[i].before, i),
    });
  }
  const sum = (/** @type {{accuracy: number, weight: number}[]} */ moves) => {
    if (!moves.length) return null;
    const weighted = moves.reduce((a, m) => a + m.accuracy * m.weight, 0) / moves.reduce((a, m) => a + m.weight, 0);
    // A move at 0 % would make the harmonic mean 0 whatever else was
    // played: each counts as at least 1 %.
    const harmonic = moves.length / moves.reduce((a, m) => a + 1 / Math.max(1, m.accuracy), 0);
    return (weighted + harmonic) / 2;
  };
  /** @type {Record<string, SideAccuracy>} */
  const out = {};
  for (const [side, moves] of Object.entries(sides)) {
    /** @type {Record<string, number | null>} */
    const phases = {};
    for (const p of ["opening", "middlegame", "endgame"]) {
      const inPhase = moves.filter((m) => m.phase === p);
      phases[p] = sum(inPhase); // the same figure as the game's, over the phase's moves
    }
    out[side] = { accuracy: sum(moves), acpl: moves.length ? mean(moves.map((m) => m.loss)) : null, phases };
  }
  return out;
}
