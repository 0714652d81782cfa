// The game as a tree: the moves played and the variations tried in
// analysis or read from a PGN, with comments and NAGs, kept by cm-pgn's
// History. The page plays and shows one line of it at a time — `line`, the
// moves from the start to the end of the chosen branch — as a chess.js game.
import { Pgn } from "cm-pgn";

/** @typedef {import("cm-pgn").PgnMove} PgnMove a move of the tree */
import { Chess } from "./chessrules.js";

const START = new Chess().fen();

// NAG_SYMBOLS are the move assessments shown beside a move ($1 … $6).
/** @type {Record<number, string>} */
export const NAG_SYMBOLS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

export class GameTree {
  // pgn: the movetext (and headers) to read, or "" for a new game from
  // startFen.
  constructor(pgn = "", startFen = START) {
    // Movetext alone from another start position needs its set-up headers.
    if (startFen !== START && !/\[FEN /.test(pgn)) pgn = `[SetUp "1"]\n[FEN "${startFen}"]\n\n${pgn}`;
    this.pgn = new Pgn(pgn.trim() ? pgn : "");
    this.startFen = this.pgn.header.tags.FEN || START;
    this.history.props.setUpFen = this.startFen === START ? null : this.startFen;
    // cm-pgn counts plies from 1 whatever the start position; the PGN's
    // move numbers need the real ones.
    const [, side, , , , number] = this.startFen.split(" ");
    this.plyOffset = 2 * (parseInt(number, 10) - 1) + (side === "b" ? 1 : 0);
    this.renumber(this.pgn.history.moves, 1);
    this.line = this.mainLine();
  }

  get history() {
    return this.pgn.history;
  }

  /** @param {PgnMove[]} moves @param {number} first */
  renumber(moves, first) {
    moves.forEach((m, i) => {
      m.ply = first + i + this.plyOffset;
      for (const v of m.variations) this.renumber(v, first + i);
    });
  }

  mainLine() {
    return [...this.history.moves];
  }

  // onMainLine says whether the line played is the whole main line.
  onMainLine() {
    const main = this.mainLine();
    return this.line.length === main.length && this.line.every((m, i) => m === main[i]);
  }

  // game is the chess.js game of the current line.
  game() {
    const g = new Chess(this.startFen);
    for (const m of this.line) g.move(m.san);
    return g;
  }

  // follow makes the line the given moves (SAN, from the start), walking
  // the tree's branches and adding what it lacks. With keep (analysis),
  // moves that were there stay, a new move beside them becomes a
  // variation; without (a game in play has one line), whatever followed
  // the last of the moves is dropped first.
  /** @param {string[]} sans @param {boolean} keep */
  follow(sans, keep) {
    /** @type {PgnMove[]} */
    const line = [];
    /** @type {PgnMove | null} */
    let prev = null;
    let k = 0;
    for (; k < sans.length; k++) {
      /** @type {PgnMove | undefined} */
      const m = this.continuations(prev).find((x) => x.san === sans[k]);
      if (!m) break;
      line.push(m);
      prev = m;
    }
    if (!keep) this.cutAfter(prev);
    for (const san of sans.slice(k)) {
      /** @type {PgnMove} */
      const m = this.history.addMove(san, prev || "start");
      if (!prev) m.ply = 1 + this.plyOffset;
      line.push(m);
      prev = m;
    }
    this.line = line;
  }

  // continuations are the moves that may follow move (null: the start):
  // the main one first, then the variations.
  /** @param {PgnMove | null} move @returns {PgnMove[]} */
  continuations(move) {
    const first = move ? move.next : this.history.moves[0];
    return first ? [first, ...first.variations.map((v) => v[0])] : [];
  }

  // cutAfter removes what follows move (null: the whole game).
  /** @param {PgnMove | null} move */
  cutAfter(move) {
    if (!move) {
      this.history.moves.splice(0);
      return;
    }
    const arr = move.variation;
    arr.splice(arr.indexOf(move) + 1);
    move.next = undefined;
  }

  // alternatives lists, for each ply of the line, the other moves the tree
  // has there: [{ply, moves}] where ply is the ply they replace.
  /** @returns {{ply: number, moves: PgnMove[]}[]} */
  alternatives() {
    /** @type {{ply: number, moves: PgnMove[]}[]} */
    const out = [];
    this.line.forEach((m, i) => {
      const others = this.continuations(i > 0 ? this.line[i - 1] : null).filter((x) => x !== m);
      if (others.length) out.push({ ply: i + 1, moves: others });
    });
    return out;
  }

  // choose makes the line go through move and on to the end of its branch.
  /** @param {PgnMove} move */
  choose(move) {
    let end = move;
    while (end.next) end = end.next;
    this.line = this.history.historyToMove(end);
  }

  // parentOf is the move a variation starting with first is an
  // alternative to, or null when first is on the main line.
  /** @param {PgnMove} first @returns {PgnMove | null} */
  parentOf(first) {
    const main = first.previous ? first.previous.next : this.history.moves[0];
    return main && main !== first && main.variations.includes(first.variation) ? main : null;
  }

  // promote makes the variation starting with first the main continuation
  // at its branch; the old continuation becomes a variation of it.
  /** @param {PgnMove} first */
  promote(first) {
    const main = this.parentOf(first);
    if (!main) return;
    const line = main.variation;
    const at = line.indexOf(main);
    const variation = first.variation;
    const tail = line.splice(at, line.length - at, ...variation);
    for (const m of variation) m.variation = line;
    // the old tail keeps its own array object as a variation now
    variation.splice(0, variation.length, ...tail);
    for (const m of variation) m.variation = variation;
    first.variations = [variation, ...main.variations.filter((v) => v !== variation)];
    main.variations = [];
    if (first.previous) first.previous.next = first;
  }

  // remove deletes the variation starting with first.
  /** @param {PgnMove} first */
  remove(first) {
    const main = this.parentOf(first);
    if (!main) return;
    main.variations = main.variations.filter((v) => v !== first.variation);
    if (this.line.includes(first)) this.line = this.line.slice(0, this.line.indexOf(first));
  }

  // counts says what the tree holds besides the main line.
  counts() {
    const c = { variations: 0, nags: 0, comments: 0 };
    const walk = (/** @type {PgnMove[]} */ moves) => {
      for (const m of moves) {
        c.nags += (m.nags || []).length;
        c.comments += (m.comments || []).length + (m.startingComments || []).length;
        c.variations += m.variations.length;
        m.variations.forEach(walk);
      }
    };
    walk(this.history.moves);
    c.comments += (this.history.gameComment || []).length; // the comment before the first move
    return c;
  }

  // movetext is the tree in PGN with variations, comments and NAGs, and
  // the result. notes (ply → {nag?, comment}) annotate the line's moves in
  // the text only: a move keeps an assessment of its own (NAGs 1–6) instead
  // of the note's.
  /**
   * @param {string} result
   * @param {Map<number, {nag?: number, comment: string}>} [notes]
   * @returns {string}
   */
  movetext(result, notes = new Map()) {
    const saved = [];
    for (const [ply, note] of notes) {
      const m = this.line[ply - 1];
      if (!m) continue;
      saved.push({ m, nags: m.nags, comments: m.comments });
      if (note.nag !== undefined && !(m.nags || []).some((n) => n >= 1 && n <= 6)) m.nags = [...(m.nags || []), note.nag];
      m.comments = [...(m.comments || []), note.comment];
    }
    try {
      return `${this.history.render()} ${result}`.trim();
    } finally {
      for (const { m, nags, comments } of saved) Object.assign(m, { nags, comments });
    }
  }
}

// treePgn is a whole PGN: the headers (an object, in order) and the tree's
// movetext ending in the result, with notes on the line's moves (see
// movetext).
/**
 * @param {Record<string, string>} headers
 * @param {GameTree} tree
 * @param {Map<number, {nag?: number, comment: string}>} [notes]
 */
export function treePgn(headers, tree, notes = new Map()) {
  const quote = (/** @type {string} */ v) => String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"');
  const tags = Object.entries(headers).map(([k, v]) => `[${k} "${quote(v)}"]`);
  const words = tree.movetext(headers.Result || "*", notes).split(" ");
  const lines = [];
  let cur = "";
  for (const w of words) {
    if (cur && cur.length + 1 + w.length > 79) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return `${tags.join("\n")}\n\n${lines.join("\n")}\n`;
}

// importTree reads a PGN (or a saved movetext from start) into a tree that
// holds game's line; where cm-pgn cannot read what chess.js could, the tree
// is that line alone.
/** @param {string} text @param {Chess} game @param {string} start @returns {GameTree} */
export function importTree(text, game, start) {
  try {
    const t = new GameTree(text, start);
    if (t.startFen === start) {
      t.follow(game.history(), true); // the game's line, added if the tree lacks it
      return t;
    }
  } catch {
    // fall through: the game's line only
  }
  const t = new GameTree("", start);
  t.follow(game.history(), false);
  return t;
}

// keptText says what an imported game brought besides its main line.
/** @param {{variations: number, nags: number, comments: number}} counts */
export function keptText({ variations, nags, comments }) {
  const part = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) => (n ? `${n} ${n === 1 ? one : many}` : "");
  const parts = [
    part(variations, "variation", "variations"),
    part(nags, "annotation symbol", "annotation symbols"),
    part(comments, "comment", "comments"),
  ].filter(Boolean);
  if (parts.length === 0) return "";
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `Imported with ${list}.`;
}

// branchText writes a branch's first moves in SAN with move numbers.
/** @param {PgnMove} first @param {number} [max] */
export function branchText(first, max = 6) {
  /** @type {string[]} */
  const out = [];
  for (let /** @type {PgnMove | undefined} */ m = first; m && out.length < max; m = m.next) {
    const white = m.ply % 2 === 1;
    const n = Math.ceil(m.ply / 2);
    out.push(white ? `${n}. ${m.san}` : out.length === 0 ? `${n}… ${m.san}` : m.san);
  }
  return out.join(" ");
}
