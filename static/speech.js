// Words for screen readers: a move in SAN said aloud, and the position as
// a list of pieces. Pure functions, unit-tested under node.
import { Chess } from "./chessrules.js";

/** @type {Record<string, string>} */
const NAMES = { K: "King", Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", P: "Pawn" };

// spoken turns SAN into words a screen reader says well ("Nxe5+" →
// "Knight takes e5, check").
/** @param {string} san */
export function spoken(san) {
  const suffix = san.endsWith("#") ? ", checkmate" : san.endsWith("+") ? ", check" : "";
  if (san.startsWith("O-O-O")) return "castles queenside" + suffix;
  if (san.startsWith("O-O")) return "castles kingside" + suffix;
  const out = san
    .replace(/[+#]$/, "")
    .replace(/^([KQRBN])/, (/** @type {string} */ m) => NAMES[m] + " ")
    .replace("x", " takes ")
    .replace(/=([QRBN])/, (/** @type {string} */ m, /** @type {string} */ p) => ` promotes to ${NAMES[p]}`);
  return out.replace(/\s+/g, " ").trim() + suffix;
}

// describe lists the pieces of the position fen by side, king first.
/** @param {string} fen */
export function describe(fen) {
  const g = new Chess(fen);
  const side = (/** @type {string} */ c) =>
    g
      .board()
      .flat()
      .flatMap((p) => (p && p.color === c ? [p] : []))
      .sort((a, b) => "kqrbnp".indexOf(a.type) - "kqrbnp".indexOf(b.type))
      .map((p) => `${NAMES[p.type.toUpperCase()]} ${p.square}`)
      .join(", ");
  return `White: ${side("w")}. Black: ${side("b")}. ${g.turn() === "w" ? "White" : "Black"} to move.`;
}
