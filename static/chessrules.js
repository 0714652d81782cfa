// @ts-check
// The rules of the page's games: chess.js's, with Chess960's castling added.
// chess.js plays standard chess only (it castles from e1 with the rooks of
// a1 and h1); a Chess960 position castles by the same rule from other
// squares. Chess here is chess.js's class, which takes a Chess960 position
// from its FEN: X-FEN (KQkq naming the outermost rook on that side of the
// king, a file letter an inner one) or Shredder-FEN (HAha), as the engine
// reads and writes them (engine/board/castling.go). A FEN whose castling
// rights need no other squares than standard chess's is standard chess,
// exactly chess.js's own game.
//
// In a Chess960 game castling is the king moving onto its own rook (the
// move is from the king's square to the rook's, as the engine writes it in
// UCI, e1h1), its SAN O-O or O-O-O; the king lands on g1 or c1 and the rook
// on f1 or d1. A standard game takes the king onto its rook too, for castling,
// as lichess does; its castling move stays chess.js's (e1g1).
//
// The subclass reaches into chess.js 1.4.0's internals (_moves, _makeMove,
// _undoMove, _castling, _board, _kings: the version is pinned);
// tests/chessrules.test.mjs checks it against the published Chess960 perft
// counts.
import { Chess as StandardChess } from "chess.js";

// chess.js's move flags for castling and the null move (its BITS).
const KINGSIDE = 32;
const QUEENSIDE = 64;
const NULL_MOVE = 128;
const CASTLES = KINGSIDE | QUEENSIDE;

/**
 * @typedef {"w" | "b"} Colour
 * @typedef {{king: number, k: number, q: number}} Castlers a side's king and castling rooks (0x88
 *   squares; -1 for a side it cannot castle to)
 * @typedef {{w: Castlers, b: Castlers}} Chess960Setup
 * @typedef {{color: string, from: number, to: number, piece: string, captured?: string, promotion?: string,
 *   flags: number}} InternalMove chess.js's own form of a move
 */

/**
 * @typedef {{color: Colour, type: string}} Piece
 * @typedef {{move: InternalMove, kings: {w: number, b: number}, turn: Colour, castling: {w: number, b: number},
 *   epSquare: number, halfMoves: number, moveNumber: number}} HistoryEntry
 * @typedef {{_board: (Piece | undefined)[], _turn: Colour, _kings: {w: number, b: number}, _castling: {w: number, b: number},
 *   _epSquare: number, _halfMoves: number, _moveNumber: number, _hash: bigint, _positionCount: Map<bigint, number>,
 *   _history: HistoryEntry[], _computeHash(): bigint, _castlingKey(): bigint, _incPositionCount(): void,
 *   _updateSetup(fen: string): void, _attacked(color: Colour, square: number): boolean, _push(move: InternalMove): void,
 *   _moves(options?: {legal?: boolean, piece?: string, square?: string}): InternalMove[], _makeMove(move: InternalMove): void,
 *   _undoMove(): InternalMove | null, _updateCastlingRights(): void}} Internals chess.js's private parts this module uses
 * @typedef {Pick<import("chess.js").Chess, keyof import("chess.js").Chess>} PublicChess
 */
/** @param {object} chess @returns {Internals} chess.js's private parts of a game */
const internals = (chess) => /** @type {Internals} */ (/** @type {unknown} */ (chess));
/** chess.js's own methods, for the overrides below to call. */
const base = internals(StandardChess.prototype);

/** The castling squares of each Chess960 game (a WeakMap: chess.js's constructor runs before a subclass's fields). */
const setups = /** @type {WeakMap<object, Chess960Setup>} */ (new WeakMap());

const FILES = "abcdefgh";
/** @param {number} sq a 0x88 square @returns {string} */
const squareName = (sq) => FILES[sq & 7] + (8 - (sq >> 4));
/** @param {Colour} c @returns {number} the 0x88 square of the a-file on that side's first rank */
const backRank = (c) => (c === "w" ? 0x70 : 0);
/** @param {Colour} c @returns {Colour} */
const other = (c) => (c === "w" ? "b" : "w");

/** @param {string} placement a FEN's first field @returns {(string | undefined)[]} the pieces by 0x88 square */
function boardOf(placement) {
  /** @type {(string | undefined)[]} */
  const squares = new Array(128);
  let sq = 0;
  for (const ch of placement) {
    if (ch === "/") sq += 8;
    else if (ch >= "1" && ch <= "8") sq += Number(ch);
    else squares[sq++] = ch;
  }
  return squares;
}

/**
 * castlingSetup reads a FEN's castling field against its placement: null when
 * the rights are standard chess's (king on e1/e8, rooks on the a and h files),
 * else the Chess960 castling squares and rights. Throws an Error naming what
 * is wrong with a field no rule reads.
 * @param {string} placement @param {string} field
 * @returns {{setup: Chess960Setup, rights: {w: number, b: number}} | null}
 */
function castlingSetup(placement, field) {
  if (field === "-") return null;
  const board = boardOf(placement);
  /** @type {Chess960Setup} */
  const setup = { w: { king: -1, k: -1, q: -1 }, b: { king: -1, k: -1, q: -1 } };
  const rights = { w: 0, b: 0 };
  let standard = true;
  for (const letter of field) {
    const c = letter === letter.toUpperCase() ? "w" : "b";
    const up = letter.toUpperCase();
    if (up !== "K" && up !== "Q" && (up < "A" || up > "H"))
      throw new Error(`Invalid FEN: castling field ${field}: ${letter} is not one of KQkq or a file letter`);
    const back = backRank(c);
    const kingLetter = c === "w" ? "K" : "k";
    const rookLetter = c === "w" ? "R" : "r";
    let king = -1;
    for (let f = 0; f < 8; f++) if (board[back + f] === kingLetter) king = back + f;
    if (king < 0) throw new Error(`Invalid FEN: castling field ${field}: ${letter} needs the ${c === "w" ? "white" : "black"} king on its first rank`);
    let rook = -1;
    if (up === "K") for (let f = 7; f > (king & 7) && rook < 0; f--) rook = board[back + f] === rookLetter ? back + f : -1;
    else if (up === "Q") for (let f = 0; f < (king & 7) && rook < 0; f++) rook = board[back + f] === rookLetter ? back + f : -1;
    else rook = board[back + FILES.indexOf(up.toLowerCase())] === rookLetter ? back + FILES.indexOf(up.toLowerCase()) : -1;
    if (rook < 0 || rook === king)
      throw new Error(`Invalid FEN: castling field ${field}: ${letter} names no ${c === "w" ? "white" : "black"} rook to castle with`);
    const side = (rook & 7) > (king & 7) ? "k" : "q";
    if (setup[c][side] >= 0) throw new Error(`Invalid FEN: castling field ${field} gives ${c === "w" ? "White" : "Black"} two rights on one side`);
    setup[c].king = king;
    setup[c][side] = rook;
    rights[c] |= side === "k" ? KINGSIDE : QUEENSIDE;
    if ((king & 7) !== 4 || (rook & 7) !== (side === "k" ? 7 : 0)) standard = false;
  }
  return standard ? null : { setup, rights };
}

/** @param {string} field @returns {string} the same rights as KQkq (standard squares only) */
const standardLetters = (field) => [...field].map((ch) => ({ H: "K", A: "Q", h: "k", a: "q" })[ch] ?? ch).join("");

export class Chess extends StandardChess {
  /**
   * load reads a FEN as chess.js does, and a Chess960 castling field.
   * @param {string} fen @param {{skipValidation?: boolean, preserveHeaders?: boolean}} [options]
   */
  load(fen, options = {}) {
    const tokens = fen.trim().split(/\s+/);
    const found = tokens.length >= 3 ? castlingSetup(tokens[0], tokens[2]) : null;
    if (!found) {
      setups.delete(this);
      if (tokens.length >= 3) tokens[2] = standardLetters(tokens[2]);
      return super.load(tokens.join(" "), options);
    }
    tokens[2] = "-";
    super.load(tokens.join(" "), options);
    setups.set(this, found.setup);
    const g = internals(this);
    g._castling = { ...found.rights };
    g._hash = g._computeHash();
    g._positionCount = new Map();
    g._incPositionCount();
    g._updateSetup(this.fen());
  }

  /** Whether this game castles by Chess960's rule (its FEN's rights need other squares than standard chess's). */
  isChess960() {
    return setups.has(this);
  }

  /** @param {{forceEnpassantSquare?: boolean}} [options] @returns {string} */
  fen(options = {}) {
    const fen = super.fen(options);
    const setup = setups.get(this);
    if (!setup) return fen;
    const fields = fen.split(" ");
    fields[2] = xfenCastling(internals(this), setup);
    return fields.join(" ");
  }

  /**
   * move plays a move as chess.js does; in a standard game a king moved onto
   * its own rook castles on that side too (as Chess960 writes castling, and
   * as the engine writes it in UCI when it plays Chess960).
   * @param {string | {from: string, to: string, promotion?: string} | null} move
   * @param {{strict?: boolean}} [options]
   */
  move(move, options) {
    return super.move(this.kingOntoRook(move) ?? move, options);
  }

  /**
   * kingOntoRook returns the standard castling move that a king moved onto
   * its own rook stands for in a standard game, or null if it is not one.
   * @param {string | {from: string, to: string, promotion?: string} | null} move
   * @returns {{from: string, to: string} | null}
   */
  kingOntoRook(move) {
    if (setups.has(this) || move === null) return null;
    const m = typeof move === "string" ? /^([a-h][18])([a-h][18])$/.exec(move) : [null, move.from, move.to];
    if (!m) return null;
    const from = /** @type {import("chess.js").Square} */ (m[1]);
    const to = /** @type {import("chess.js").Square} */ (m[2]);
    const king = this.get(from);
    const rook = this.get(to);
    if (!king || !rook || king.type !== "k" || rook.type !== "r" || king.color !== rook.color || king.color !== this.turn()) return null;
    const kingside = to > from;
    const castle = this.moves({ square: from, verbose: true }).find((c) => (kingside ? c.isKingsideCastle() : c.isQueensideCastle()));
    return castle ? { from: castle.from, to: castle.to } : null;
  }
}

// xfenCastling writes a Chess960 game's castling field in X-FEN, as the
// engine does: K or Q for the outermost rook on its side, the file letter
// for an inner one.
/** @param {Internals} g @param {Chess960Setup} setup @returns {string} */
function xfenCastling(g, setup) {
  let field = "";
  for (const c of /** @type {Colour[]} */ (["w", "b"])) {
    for (const side of /** @type {("k" | "q")[]} */ (["k", "q"])) {
      if (!(g._castling[c] & (side === "k" ? KINGSIDE : QUEENSIDE))) continue;
      const rook = setup[c][side];
      const edge = backRank(c) + (side === "k" ? 7 : 0);
      const step = side === "k" ? -1 : 1;
      let inner = false;
      for (let sq = edge; sq !== rook; sq += step) {
        const p = g._board[sq];
        if (p && p.type === "r" && p.color === c) inner = true;
      }
      const letter = inner ? FILES[rook & 7] : side;
      field += c === "w" ? letter.toUpperCase() : letter;
    }
  }
  return field || "-";
}

/**
 * castle960 is the castling move of side us towards side, if the rule allows
 * it now: every square the king and the rook cross or land on is empty but
 * for the two of them, and no square the king stands on, crosses or lands on
 * is attacked once both have left their squares (the rook may have shielded
 * one).
 * @param {Internals} g @param {Colour} us @param {"k" | "q"} side @param {number} rook @returns {InternalMove | null}
 */
function castle960(g, us, side, rook) {
  const king = g._kings[us];
  const kingTo = backRank(us) + (side === "k" ? 6 : 2);
  const rookTo = backRank(us) + (side === "k" ? 5 : 3);
  const low = Math.min(king, rook, kingTo, rookTo);
  const high = Math.max(king, rook, kingTo, rookTo);
  for (let sq = low; sq <= high; sq++) if (sq !== king && sq !== rook && g._board[sq]) return null;
  const kingPiece = g._board[king];
  const rookPiece = g._board[rook];
  delete g._board[king];
  delete g._board[rook];
  let safe = true;
  for (let sq = Math.min(king, kingTo); sq <= Math.max(king, kingTo) && safe; sq++) safe = !g._attacked(other(us), sq);
  g._board[king] = kingPiece;
  g._board[rook] = rookPiece;
  return safe ? { color: us, from: king, to: rook, piece: "k", flags: side === "k" ? KINGSIDE : QUEENSIDE } : null;
}

// The private methods a Chess960 game changes, on Chess's prototype (chess.js
// declares them private, so they cannot be written as methods of the class).
/** @type {Pick<Internals, "_moves" | "_makeMove" | "_undoMove" | "_updateCastlingRights"> & ThisType<Internals>} */
const overrides = {
  // _moves is chess.js's move generation, with Chess960's castling in place
  // of its own in a Chess960 game.
  _moves(options = {}) {
    const setup = setups.get(this);
    if (!setup) return base._moves.call(this, options);
    const rights = this._castling;
    this._castling = { w: 0, b: 0 };
    let moves;
    try {
      moves = base._moves.call(this, options);
    } finally {
      this._castling = rights;
    }
    const us = this._turn;
    const piece = options.piece?.toLowerCase();
    const square = options.square?.toLowerCase();
    if ((piece === undefined || piece === "k") && (square === undefined || square === squareName(this._kings[us]))) {
      for (const side of /** @type {("k" | "q")[]} */ (["k", "q"])) {
        if (rights[us] & (side === "k" ? KINGSIDE : QUEENSIDE)) {
          const castle = castle960(this, us, side, setup[us][side]);
          if (castle) moves.push(castle);
        }
      }
    }
    return moves;
  },

  _makeMove(move) {
    const setup = setups.get(this);
    if (!setup) return base._makeMove.call(this, move);
    const us = this._turn;
    if (move.flags & CASTLES) {
      this._push(move);
      const kingside = move.flags & KINGSIDE;
      const king = this._board[move.from];
      const rook = this._board[move.to];
      delete this._board[move.from];
      delete this._board[move.to];
      this._board[backRank(us) + (kingside ? 6 : 2)] = king;
      this._board[backRank(us) + (kingside ? 5 : 3)] = rook;
      this._kings = { ...this._kings, [us]: backRank(us) + (kingside ? 6 : 2) };
      this._castling = { ...this._castling, [us]: 0 };
      this._epSquare = -1;
      this._halfMoves++;
      if (us === "b") this._moveNumber++;
      this._turn = other(us);
      this._hash = this._computeHash();
      return;
    }
    const before = { ...this._castling };
    base._makeMove.call(this, move);
    if (move.flags & NULL_MOVE) return;
    // chess.js takes rights away by the standard squares (a1, h1, a8, h8
    // and the king); a Chess960 game's go with its own king and rooks.
    const rights = { ...before };
    if (move.piece === "k") rights[us] = 0;
    for (const c of /** @type {Colour[]} */ (["w", "b"])) {
      if (move.from === setup[c].k || move.to === setup[c].k) rights[c] &= ~KINGSIDE;
      if (move.from === setup[c].q || move.to === setup[c].q) rights[c] &= ~QUEENSIDE;
    }
    this._hash ^= this._castlingKey();
    this._castling = rights;
    this._hash ^= this._castlingKey();
  },

  _undoMove() {
    const last = this._history[this._history.length - 1];
    if (!setups.has(this) || !last || !(last.move.flags & CASTLES)) return base._undoMove.call(this);
    this._history.pop();
    const move = last.move;
    this._kings = last.kings;
    this._turn = last.turn;
    this._castling = last.castling;
    this._epSquare = last.epSquare;
    this._halfMoves = last.halfMoves;
    this._moveNumber = last.moveNumber;
    const us = this._turn;
    const kingTo = backRank(us) + (move.flags & KINGSIDE ? 6 : 2);
    const rookTo = backRank(us) + (move.flags & KINGSIDE ? 5 : 3);
    const king = this._board[kingTo];
    const rook = this._board[rookTo];
    delete this._board[kingTo];
    delete this._board[rookTo];
    this._board[move.from] = king;
    this._board[move.to] = rook;
    this._hash = this._computeHash();
    return move;
  },

  // A Chess960 game's rights go when its king or rook leaves its square
  // (put and remove, the board editor's); standard chess's by chess.js.
  _updateCastlingRights() {
    const setup = setups.get(this);
    if (!setup) return base._updateCastlingRights.call(this);
    this._hash ^= this._castlingKey();
    const rights = { ...this._castling };
    for (const c of /** @type {Colour[]} */ (["w", "b"])) {
      const holds = (/** @type {number} */ sq, /** @type {string} */ type) => this._board[sq]?.type === type && this._board[sq]?.color === c;
      if (!holds(setup[c].king, "k")) rights[c] = 0;
      if (!holds(setup[c].k, "r")) rights[c] &= ~KINGSIDE;
      if (!holds(setup[c].q, "r")) rights[c] &= ~QUEENSIDE;
    }
    this._castling = rights;
    this._hash ^= this._castlingKey();
  },
};
Object.assign(Chess.prototype, overrides);

/**
 * chess960Fen is the FEN of Chess960 start position n (0–959) in the standard
 * (Scharnagl) numbering, 518 the standard start: as the engine's
 * board.Chess960StartFEN numbers them.
 * @param {number} n
 * @returns {string}
 */
export function chess960Fen(n) {
  if (!Number.isInteger(n) || n < 0 || n > 959) throw new RangeError(`Chess960 position ${n} is out of range 0..959`);
  /** @type {string[]} */
  const rank = new Array(8).fill("");
  rank[2 * (n % 4) + 1] = "B";
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = "B";
  n = Math.floor(n / 4);
  const free = () => rank.flatMap((p, i) => (p ? [] : [i]));
  rank[free()[n % 6]] = "Q";
  n = Math.floor(n / 6);
  const knights = [
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [1, 2],
    [1, 3],
    [1, 4],
    [2, 3],
    [2, 4],
    [3, 4],
  ][n];
  const f = free();
  rank[f[knights[0]]] = rank[f[knights[1]]] = "N";
  const [a, b, c] = free();
  [rank[a], rank[b], rank[c]] = ["R", "K", "R"];
  const white = rank.join("");
  return `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w KQkq - 0 1`;
}

/**
 * chess960Number is the number (0–959) of a Chess960 start position's FEN, or
 * null if the FEN is not one.
 * @param {string} fen @returns {number | null}
 */
export function chess960Number(fen) {
  const placement = fen.trim().split(/\s+/).slice(0, 3).join(" ");
  for (let n = 0; n < 960; n++) if (chess960Fen(n).startsWith(placement)) return n;
  return null;
}
