// @ts-check
// Moves as players type them: SAN in the usual spellings (with or without
// "x", "+", "=", in either case where that is unambiguous, "0-0" and "oo"
// for castling) or UCI; why a typed move is not legal, in words; and a
// pawn's move to the last rank typed without its piece.
import { sanKey } from "./format.js";
import { PIECE_NAMES } from "./blind.js";

/**
 * The legal move a typed text means, as people type moves: SAN in its
 * usual spellings (sanKey), lower-case piece letters where that is not a
 * pawn move ("nf3", "bc4"), long algebraic with or without the piece and a
 * hyphen or x ("Ng1f3", "g1-f3", "e7xd8=Q"), and UCI ("g1f3", "e7e8q").
 * @param {string} text
 * @param {import("chess.js").Move[]} moves the legal moves, verbose
 * @returns {import("chess.js").Move | undefined}
 */
export function matchTyped(text, moves) {
  const t = text.trim();
  const key = sanKey(t);
  const bySan = moves.find((m) => sanKey(m.san) === key);
  if (bySan) return bySan;
  // A piece letter typed in lower case: "nf3", but never "b4" (a pawn) — a
  // pawn move would have matched above.
  if (/^[nbrqk]/.test(t)) {
    const upper = sanKey(t[0].toUpperCase() + t.slice(1));
    const m = moves.find((mv) => sanKey(mv.san) === upper);
    if (m) return m;
  }
  const long = /^([KQRBNkqrbn])?([a-h][1-8])[-x:]?([a-h][1-8])=?([qrbnQRBN])?[+#!?]*$/.exec(t);
  if (!long) return undefined;
  const [, piece, from, to, promo] = long;
  return moves.find(
    (m) =>
      m.from === from &&
      m.to === to &&
      (m.promotion || undefined) === (promo ? promo.toLowerCase() : undefined) &&
      // With a piece letter (upper or lower case: b1… is never a pawn), it must be the piece moved.
      (!piece || m.piece === piece.toLowerCase()),
  );
}

/**
 * Why a typed text is no legal move, in words: the move it may mean is
 * ambiguous ("Nd2 is ambiguous: Nbd2 or Nfd2"), no piece of that kind
 * reaches the square ("no knight can go to f5"), or it is not a move at all.
 * @param {string} text
 * @param {import("chess.js").Move[]} moves the legal moves, verbose
 * @returns {string}
 */
export function whyNotLegal(text, moves) {
  const t = text.trim();
  const m = /^([KQRBNkqrn])?([a-h])?([1-8])?[x:]?([a-h][1-8])(=?[QRBNqrbn])?[+#!?]*$/.exec(t);
  if (!m) return `${t} is not a move: type it as e4, Nf3, exd5, O-O, e8=Q or e7e8q`;
  const [, letter, file, rank, to] = m;
  const piece = letter ? letter.toLowerCase() : "p";
  const reach = moves.filter((mv) => mv.piece === piece && mv.to === to && (!file || mv.from[0] === file) && (!rank || mv.from[1] === rank));
  const froms = [...new Set(reach.map((mv) => mv.from))];
  if (froms.length > 1) return `${t} is ambiguous: ${froms.map((f) => reach.find((mv) => mv.from === f)?.san).join(" or ")}`;
  const where = file && rank ? ` on ${file}${rank}` : file ? ` on the ${file}-file` : rank ? ` on rank ${rank}` : "";
  if (froms.length === 0) return `${t} is not a legal move here: no ${PIECE_NAMES[piece]}${where} can go to ${to}`;
  return `${t} is not a legal move here`;
}

/**
 * The promotions a typed text means when it names a pawn's move to the
 * last rank without the piece ("e8", "exd8", "e7e8"): the four moves, to
 * ask which; none when the text is anything else.
 * @param {string} text
 * @param {import("chess.js").Move[]} moves the legal moves, verbose
 * @returns {import("chess.js").Move[]}
 */
export function unfinishedPromotion(text, moves) {
  const t = text.trim();
  if (/[=qrbnQRBN][+#!?]*$/.test(t.slice(2))) return []; // a piece is named
  const queen = matchTyped(`${t}=Q`, moves) ?? matchTyped(`${t}q`, moves);
  return queen?.promotion ? moves.filter((m) => m.from === queen.from && m.to === queen.to) : [];
}
