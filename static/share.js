// @ts-check
// Share links: the address of the page with a game in it — its start
// position when that is not the usual one, its moves in UCI and the move
// shown; or, for a game with variations, comments or annotation symbols,
// its whole PGN — which opens straight into the analysis board.
import { Chess } from "./chessrules.js";

const START = new Chess().fen();

/**
 * shareLink is the address that reproduces a game (or a position: no
 * moves) and the ply shown.
 * @param {string} page the page's address, without a query
 * @param {string} startFen
 * @param {string[]} moves UCI
 * @param {number | null} ply the move shown, null for the last
 * @param {string | null} [pgn] the game's PGN, when its moves alone would lose something
 */
export function shareLink(page, startFen, moves, ply, pgn = null) {
  const q = new URLSearchParams();
  if (pgn) q.set("pgn", pgn);
  else {
    if (startFen !== START) q.set("fen", startFen);
    if (moves.length) q.set("moves", moves.join(" "));
  }
  if (ply !== null && ply < moves.length) q.set("ply", String(ply));
  q.set("analyse", "1");
  return `${page}?${q}`;
}

/**
 * readShared reads a share link's query: null when it is not one, or the
 * game as PGN text (what the import box reads) and the ply to show; an
 * error says what in the link is wrong.
 * @param {string} search
 * @returns {null | {pgn: string, ply: number | null} | {error: string}}
 */
export function readShared(search) {
  const q = new URLSearchParams(search);
  if (q.get("analyse") !== "1") return null;
  const ply = (/** @type {number} */ last) => (q.has("ply") ? Math.max(0, Math.min(last, parseInt(q.get("ply") ?? "", 10) || 0)) : null);
  // A PGN is read by the import, which says what is wrong with it.
  const pgn = q.get("pgn");
  if (pgn) return { pgn, ply: ply(Infinity) };
  const fen = q.get("fen") || START;
  let game;
  try {
    game = new Chess(fen);
  } catch (e) {
    return { error: `the link's position is not valid: ${e instanceof Error ? e.message : String(e)}` };
  }
  const moves = (q.get("moves") || "").split(/\s+/).filter(Boolean);
  for (const [i, m] of moves.entries()) {
    const move = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(m);
    try {
      if (!move) throw new Error("not a move");
      game.move({ from: move[1], to: move[2], promotion: move[3] });
    } catch {
      return { error: `the link's move ${i + 1} (${m}) is not legal there` };
    }
  }
  // chess.js writes the SetUp and FEN tags itself for another start.
  return { pgn: game.pgn(), ply: ply(moves.length) };
}

/**
 * withoutShare is the address with a share link's parameters taken out,
 * so that a reload restores the game as saved instead of opening the link
 * again.
 * @param {string} href
 */
export function withoutShare(href) {
  const url = new URL(href);
  for (const k of ["fen", "moves", "pgn", "ply", "analyse"]) url.searchParams.delete(k);
  return url.toString();
}
