// Helpers that turn engine output into what a player reads.
import { Chess } from "./chessrules.js";

// A score is {cp} (centipawns), {mate} (moves to mate, negative when
// being mated) or {tb} (+1 or −1: the endgame tables say won or lost).

/** @typedef {import("./accuracy.js").Score} Score */

// negateScore turns a score round to the other side's view.
/** @param {Score} score @returns {Score} */
export function negateScore(score) {
  if (score.mate !== undefined) return { mate: -score.mate };
  if (score.tb !== undefined) return { tb: -score.tb };
  return { cp: -(score.cp ?? 0) };
}

// whiteScore converts a score from the side to move's view into White's.
/** @param {Score} score @param {string} sideToMove @returns {Score} */
export function whiteScore(score, sideToMove) {
  return sideToMove === "w" ? score : negateScore(score);
}

// scoreValue orders scores on one line: a mate beyond a table win beyond
// any evaluation (for comparisons, never shown).
/** @param {Score} score */
export function scoreValue(score) {
  if (score.mate !== undefined) return score.mate > 0 ? 100000 - score.mate : score.mate < 0 ? -100000 - score.mate : 0;
  if (score.tb !== undefined) return 50000 * Math.sign(score.tb);
  return score.cp ?? 0;
}

// scoreText shows +1.35, −0.40, #3, #−2, or +TB / −TB for a position the
// tables win or lose (White's view), with a true minus sign.
/** @param {Score | null} score */
export function scoreText(score) {
  if (!score) return "–";
  if (score.mate !== undefined) return score.mate < 0 ? `#−${-score.mate}` : `#${score.mate}`;
  if (score.tb !== undefined) return score.tb < 0 ? "−TB" : "+TB";
  const v = (score.cp ?? 0) / 100;
  return (v > 0 ? "+" : v < 0 ? "−" : "") + Math.abs(v).toFixed(2);
}

// A score's bound (the search's "lower" or "upper", from the side to
// move's view), as the score readout shows it from White's view: the mark
// after the score and the words for its tooltip; both empty for an exact
// score.
/** @param {string} bound "", "lower" or "upper" @param {string} sideToMove "w" or "b" */
export function boundMark(bound, sideToMove) {
  if (!bound) return { mark: "", text: "" };
  const atLeast = (bound === "lower") === (sideToMove === "w");
  return {
    mark: atLeast ? " ≥" : " ≤",
    text: `${atLeast ? "At least" : "At most"} this, for White: the search's latest move changed the score and it has not settled yet`,
  };
}

// winningChances maps a score to −1…+1 for White with the logistic curve
// players know from lichess: 2/(1+e^(−0.00368208·cp)) − 1.
/** @param {Score} score */
export function winningChances(score) {
  if (!score) return 0;
  if (score.mate !== undefined) return score.mate > 0 ? 1 : score.mate < 0 ? -1 : 0;
  if (score.tb !== undefined) return Math.sign(score.tb);
  const cp = Math.max(-1000, Math.min(1000, score.cp ?? 0));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

// LINE_MOVES is how many moves of an engine line the page shows (and plays
// when the line is clicked).
export const LINE_MOVES = 12;

// pvToSan converts a line of UCI moves from fen into SAN with move numbers.
/** @param {string} fen @param {string[]} pv @param {number} [maxMoves] */
export function pvToSan(fen, pv, maxMoves = LINE_MOVES) {
  const chess = new Chess(fen);
  const parts = [];
  for (const uci of pv.slice(0, maxMoves)) {
    const [n, color] = [chess.moveNumber(), chess.turn()];
    let move;
    try {
      move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    } catch {
      break;
    }
    if (color === "w") parts.push(`${n}. ${move.san}`);
    else parts.push(parts.length === 0 ? `${n}… ${move.san}` : move.san);
  }
  return parts.join(" ");
}

// moveSan is one UCI move from fen in SAN, without a move number.
/** @param {string} fen @param {string} uci */
export function moveSan(fen, uci) {
  return pvToSan(fen, [uci]).replace(/^\d+(\.|…)\s*/, "");
}

// tableText says what the endgame tables say of the position, for the side
// to move ({wdl, dtm} with dtm in plies).
/** @param {{wdl: number, dtm: number}} verdict */
export function tableText({ wdl, dtm }) {
  if (wdl > 0) return `Tablebase: win in ${Math.ceil(dtm / 2)}`;
  if (wdl < 0) return dtm === 0 ? "Tablebase: checkmated" : `Tablebase: loss in ${dtm / 2}`;
  return "Tablebase: draw";
}

// compact prints 1234567 as 1.23M.
/** @param {number} n */
export function compact(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(2) + "G";
  if (n >= 1e6) return (n / 1e6).toFixed(2) + "M";
  if (n >= 1e3) return (n / 1e3).toFixed(1) + "k";
  return String(n);
}

// sanKey reduces a move as people type it to chess.js's SAN without the
// check and annotation marks, so that "Ra8", "Ra8+" and "Ra8#" are one
// move, castling may be typed with zeros ("0-0") or letters in either
// case, and a promotion with or without "=" and in either case ("bxa8q",
// "bxa8=Q").
/** @param {string} text */
export function sanKey(text) {
  return text
    .trim()
    .replace(/[+#!?]+$/, "")
    .replace(/^[0oO]-?[0oO](-?[0oO])?$/, (_, long) => (long ? "O-O-O" : "O-O"))
    .replace(/([a-h][18])=?([qrbnQRBN])$/, (_, square, piece) => `${square}=${piece.toUpperCase()}`);
}

/**
 * The move that led to the ply-th position of a game, as a reader names
 * it: "2… e6", "10. Qf3", or "the start position" for ply 0.
 * @param {number} ply
 * @param {string | undefined} san the move played to reach it
 * @param {string} startFen the game's first position (its side and move number)
 * @returns {string}
 */
export function plyName(ply, san, startFen) {
  if (ply === 0 || !san) return "the start position";
  const [, side, , , , full] = startFen.split(" ");
  const first = side === "b" ? 1 : 0; // plies of a game from Black's move are shifted by one
  const n = Number(full || 1) + Math.floor((ply - 1 + first) / 2);
  return (ply - 1 + first) % 2 === 0 ? `${n}. ${san}` : `${n}… ${san}`;
}
