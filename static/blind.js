// @ts-check
// Blind mode's words: the commands a player types instead of looking at the
// board, and the answers, as text a screen reader says well. Pure functions
// of the position and the game, unit-tested under node; blindmode.js puts
// them on the page.
import { Chess } from "./chessrules.js";
import { spoken } from "./speech.js";

/** @type {Record<string, string>} */
export const PIECE_NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
const PLURAL = /** @type {Record<string, string>} */ ({ k: "kings", q: "queens", r: "rooks", b: "bishops", n: "knights", p: "pawns" });
const FILES = "abcdefgh";

/**
 * What is on a square, as the board grid names it: "e4, white pawn" or
 * "e4, empty".
 * @param {Chess} game @param {string} square
 */
export function squareName(game, square) {
  const p = game.get(/** @type {import("chess.js").Square} */ (square));
  return p ? `${square}, ${p.color === "w" ? "white" : "black"} ${PIECE_NAMES[p.type]}` : `${square}, empty`;
}

/**
 * The pieces of one kind ("N": White's knights, "n": Black's, as in FEN),
 * or of every kind ("a"), by side: "White knights: b1, g1".
 * @param {string} fen @param {string} which a piece letter or "a"
 */
export function piecesText(fen, which) {
  const game = new Chess(fen);
  const all = game.board().flat().filter(Boolean);
  /** @param {"w" | "b"} color @param {string} type */
  const squares = (color, type) =>
    all
      .filter((p) => p && p.color === color && p.type === type)
      .map((p) => p?.square)
      .sort();
  /** @param {"w" | "b"} color @param {string} type */
  const line = (color, type) => {
    const s = squares(color, type);
    return `${color === "w" ? "White" : "Black"} ${s.length === 1 ? PIECE_NAMES[type] : PLURAL[type]}: ${s.length ? s.join(", ") : "none"}`;
  };
  if (which === "a") {
    return /** @type {("w" | "b")[]} */ (["w", "b"])
      .map((c) =>
        [..."kqrbnp"]
          .filter((t) => squares(c, t).length)
          .map((t) => line(c, t))
          .join(". "),
      )
      .join(". ");
  }
  const type = which.toLowerCase();
  if (!PIECE_NAMES[type]) return `No such piece: ${which}. Type p and a piece letter (upper case White's, lower case Black's), or p a for all`;
  return line(which === type ? "b" : "w", type);
}

/**
 * A file ("e") or a rank ("4") read square by square, from White's side:
 * "e1 white king, e2 white pawn, e3 to e6 empty, …".
 * @param {string} fen @param {string} line
 */
export function scanText(fen, line) {
  const game = new Chess(fen);
  /** @type {string[]} */
  let squares;
  if (/^[a-h]$/.test(line)) squares = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => line + r);
  else if (/^[1-8]$/.test(line)) squares = [...FILES].map((f) => f + line);
  else return `No such file or rank: ${line}. Type s and a file (a to h) or a rank (1 to 8)`;
  /** @type {string[]} */
  const out = [];
  /** @type {string[]} */
  let empty = [];
  const flush = () => {
    if (empty.length === 1) out.push(`${empty[0]} empty`);
    if (empty.length > 1) out.push(`${empty[0]} to ${empty.at(-1)} empty`);
    empty = [];
  };
  for (const sq of squares) {
    const p = game.get(/** @type {import("chess.js").Square} */ (sq));
    if (!p) {
      empty.push(sq);
      continue;
    }
    flush();
    out.push(`${sq} ${p.color === "w" ? "white" : "black"} ${PIECE_NAMES[p.type]}`);
  }
  flush();
  return out.join(", ");
}

/**
 * The last move, in words, with who played it and its number: "12. White:
 * Knight takes e5, check"; for no move, that none was played.
 * @param {import("chess.js").Move[]} history @param {string} startFen
 */
export function lastMoveText(history, startFen) {
  const last = history.at(-1);
  if (!last) return "No move played yet";
  const firstNumber = Number(startFen.split(" ")[5] || 1);
  const blackFirst = startFen.split(" ")[1] === "b";
  const plies = history.length - 1 + (blackFirst ? 1 : 0);
  const number = firstNumber + Math.floor(plies / 2);
  return `${number}. ${last.color === "w" ? "White" : "Black"}: ${spoken(last.san)}`;
}

/** The commands, one per line, as `help` lists them. */
export const HELP = [
  "Type a move in SAN or UCI: e4, Nf3, exd5, bxc3 (a pawn) or Bxc3 (a bishop), O-O (or 0-0, oo), e8=Q, e7e8q.",
  "A move typed while Kibitz thinks is played after its move, if legal then; an empty line cancels it.",
  "c: the clocks. l: the last move. o: your opponent. p N: White's knights (p n Black's; p a every piece).",
  "s e: the e-file; s 4: the fourth rank. b e4: what is on e4. pos: the whole position.",
  "best: the engine's best move and score. score: the evaluation in words.",
  "takeback, draw, resign (twice, to confirm), abort (a game of no moves), new: a new game. flip: turn the board.",
  "help: this list.",
];

/**
 * A typed line read as a command, or null when it is none (then it is a
 * move to try). The name is the command's; arg what follows it.
 * @param {string} text
 * @returns {{name: string, arg: string} | null}
 */
export function parseCommand(text) {
  const t = text.trim();
  const m = /^(c|l|o|p|s|b|pos|best|score|takeback|draw|resign|abort|new|flip|help|\?)(?:\s+(\S+))?$/i.exec(t);
  if (!m) return null;
  const name = m[1].toLowerCase() === "?" ? "help" : m[1].toLowerCase();
  // "b" alone, or "c4"-like text, is no command: "b" with a square is.
  if (name === "b" && !m[2]) return null;
  return { name, arg: m[2] ?? "" };
}

/**
 * An engine score in words, from White's view: "White is better, plus 1.2",
 * "equal", "Black mates in 3".
 * @param {import("./protocol.js").Score} score White's view
 */
export function scoreWords(score) {
  if (score.mate !== undefined) {
    if (score.mate === 0) return "checkmate";
    return `${score.mate > 0 ? "White" : "Black"} mates in ${Math.abs(score.mate)}`;
  }
  if (score.tb !== undefined) return score.tb > 0 ? "White wins, by the endgame tables" : "Black wins, by the endgame tables";
  const cp = score.cp ?? 0;
  const pawns = (Math.abs(cp) / 100).toFixed(1);
  const side = cp > 0 ? "White" : "Black";
  const sign = cp > 0 ? "plus" : "minus";
  if (Math.abs(cp) < 30) return `equal, ${cp === 0 ? "0.0" : `${sign} ${pawns}`}`;
  if (Math.abs(cp) < 100) return `${side} is slightly better, ${sign} ${pawns}`;
  if (Math.abs(cp) < 300) return `${side} is better, ${sign} ${pawns}`;
  return `${side} is winning, ${sign} ${pawns}`;
}
