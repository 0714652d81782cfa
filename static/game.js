// The rules of a game on the play page that do not depend on the page:
// when a game is over, whether Kibitz takes a draw, what the status line
// says while reviewing, reading imported text, the PGN headers and the
// saved game (the movetext, with its variations, is tree.js's). The page and its unit tests
// (tests/game.test.mjs, node --test) share this module.
import { Chess } from "./chessrules.js";
import { scoreValue } from "./format.js";

/** @typedef {{result: string, reason: string}} GameEnd how a game ended */
/** @typedef {import("./accuracy.js").Score} Score */

// gameOver returns {result, reason} when the position of the chess.js game
// ends the game by the rules — also for a position just loaded — or null.
/** @param {Chess} g @returns {GameEnd | null} */
export function gameOver(g) {
  if (g.isCheckmate()) {
    const winner = g.turn() === "w" ? "Black" : "White";
    return { result: winner === "White" ? "1-0" : "0-1", reason: `Checkmate — ${winner} wins` };
  }
  if (g.isStalemate()) return { result: "1/2-1/2", reason: "Stalemate — draw" };
  if (g.isThreefoldRepetition()) return { result: "1/2-1/2", reason: "Threefold repetition — draw" };
  if (g.isInsufficientMaterial()) return { result: "1/2-1/2", reason: "Insufficient material — draw" };
  if (fiftyMoves(g)) return { result: "1/2-1/2", reason: "Fifty-move rule — draw" };
  return null;
}

// fiftyMoves: a hundred half-moves without a capture or a pawn move (the
// clock of a loaded FEN counts too).
/** @param {Chess} g */
function fiftyMoves(g) {
  return Number(g.fen().split(" ")[4]) >= 100;
}

// The draw-offer rule: Kibitz considers an offer only once the game has
// lasted DRAW_MIN_MOVES moves (each side), and then accepts when it does
// not think it stands better than DRAW_MAX_CP centipawns.
export const DRAW_MIN_MOVES = 20;
export const DRAW_MAX_CP = 15;

// drawAnswer decides an offer: plies is the number of half-moves since the
// game's start (from the move number, so a game set up in the middlegame
// counts as long), own the engine's score from its own view
// (null when it has not looked yet). It returns {accept, needsSearch, text}.
/** @param {number} plies @param {Score | null} own @returns {{accept: boolean, needsSearch: boolean, text: string}} */
export function drawAnswer(plies, own) {
  if (plies < 2 * DRAW_MIN_MOVES) {
    const left = DRAW_MIN_MOVES - Math.floor(plies / 2);
    return {
      accept: false,
      needsSearch: false,
      text: `Kibitz declines: it is too early for a draw (ask again in ${left} move${left === 1 ? "" : "s"})`,
    };
  }
  if (!own) return { accept: false, needsSearch: true, text: "" };
  const cp = scoreValue(own);
  if (cp <= DRAW_MAX_CP) return { accept: true, needsSearch: false, text: "Draw agreed — Kibitz accepts" };
  return { accept: false, needsSearch: false, text: "Kibitz declines the draw: it thinks it stands better" };
}

// reviewText is the status line while an earlier position is shown.
/** @param {number} ply @param {number} plies */
export function reviewText(ply, plies) {
  if (ply === 0) return "Reviewing the start position — press End to return";
  const move = Math.ceil(ply / 2);
  const side = ply % 2 === 1 ? "" : "…";
  return `Reviewing move ${move}${side} (${ply} of ${plies}) — press End to return`;
}

// pgnHeaders returns the headers a game exported from the page carries:
// those it was imported with (Event, players, date…) are kept, and the
// page fills in only what is missing, plus the result.
/**
 * @param {Record<string, string>} imported
 * @param {{humanColor: string, engineName: string, result: string, termination: string, startFen: string,
 *   site: string, date: string, timeControl?: string, opening?: {eco: string, name: string} | null}} game
 *   opening: the opening the game's moves reached (ECO and Opening headers, where the game has none)
 * @returns {Record<string, string>}
 */
export function pgnHeaders(imported, { humanColor, engineName, result, termination, startFen, site, date, timeControl = "", opening = null }) {
  const h = { ...imported };
  const fill = (/** @type {string} */ k, /** @type {string} */ v) => {
    if (!h[k] || h[k] === "?" || h[k] === "????.??.??") h[k] = v;
  };
  fill("Event", "Kibitz game");
  fill("Site", site);
  fill("Date", date);
  fill("White", humanColor === "w" ? "You" : engineName);
  fill("Black", humanColor === "b" ? "You" : engineName);
  h.Result = result;
  if (timeControl) h.TimeControl = timeControl; // a timed game's, seconds+seconds
  if (opening) {
    fill("ECO", opening.eco);
    fill("Opening", opening.name);
  }
  if (termination) h.Termination = termination;
  else delete h.Termination;
  if (startFen !== new Chess().fen()) {
    h.SetUp = "1";
    h.FEN = startFen;
  }
  // A game whose start castles by Chess960's rule is a Chess960 game.
  if (new Chess(startFen).isChess960()) h.Variant = "Chess960";
  return h;
}

// readImport reads text pasted into the import box: a FEN ({fen}), a PGN
// ({game, start, moves}: the chess.js game, its start position and its
// moves in UCI for the engine to check), or {error}. Empty text is null.
/** @typedef {{line: number, column: number}} TextPlace a line and column of the text, from 1 */
/** @param {string} text @returns {{fen: string} | {error: string, at?: TextPlace} | {game: Chess, start: string, moves: string[]} | null} */
export function readImport(text) {
  // Only the end is trimmed: the lines an error names are the box's own.
  text = text.trimEnd();
  if (!text.trim()) return null;
  if (!text.includes("[") && !text.includes(".") && text.split("/").length >= 2) return { fen: text.trim() };
  const game = new Chess();
  try {
    game.loadPgn(text);
  } catch (err) {
    const { message, at } = pgnError(text, /** @type {{message?: string}} */ (err instanceof Error ? err : {}));
    return { error: `Not a valid PGN: ${message}`, ...(at ? { at } : {}) };
  }
  const history = game.history({ verbose: true });
  return {
    game,
    start: history[0]?.before ?? game.fen(),
    moves: history.map((m) => m.from + m.to + (m.promotion || "")),
  };
}

// pgnError says where a PGN went wrong and what was wrong there: the
// line and column of a syntax error (what was found, not the parser's list
// of what it expected), or the move number of a move that is not legal;
// `at` is the place, for the page to put the cursor on.
/**
 * @param {string} text
 * @param {{location?: {start: {line: number, column: number}}, found?: string | null, message?: string}} err
 * @returns {{message: string, at?: TextPlace}}
 */
function pgnError(text, err) {
  const where = (/** @type {number} */ line, /** @type {number} */ column) => `line ${line}, column ${column}`;
  const loc = err?.location?.start;
  if (loc) {
    const found = err.found === null || err.found === undefined ? "the end of the text" : `"${err.found}"`;
    const message = `${where(loc.line, loc.column)}: unexpected ${found}${/[()]/.test(err.found ?? "") ? " (the parentheses of the variations do not match)" : ""}`;
    return { message, at: { line: loc.line, column: loc.column } };
  }
  const bad = /Invalid move in PGN: (\S+)/.exec(err?.message ?? "");
  if (!bad) return { message: err?.message ?? String(err) };
  // The first place the move appears in the moves (headers, comments and
  // the text after a ; blanked out, so that they are not matched).
  const moves = text
    .replace(/^[ \t]*\[.*\][ \t]*$/gm, (/** @type {string} */ h) => " ".repeat(h.length))
    .replace(/\{[^}]*\}|;[^\n]*/g, (/** @type {string} */ c) => c.replace(/[^\n]/g, " "));
  const at = new RegExp(`(^|[\\s.)(])${bad[1].replace(/[+]/g, "\\+")}(?=[\\s)(!?+#]|$)`).exec(moves);
  if (!at) return { message: `${bad[1]} is not a legal move` };
  const index = at.index + at[1].length;
  const before = moves.slice(0, index);
  const line = before.split("\n").length;
  const column = index - before.lastIndexOf("\n");
  const numbers = [...before.matchAll(/(\d+)\s*(\.\.\.|\.)/g)];
  const last = numbers.at(-1);
  // After "12." White's move comes first, then Black's; after "12..." Black's.
  let move = "";
  if (last) {
    const between = before.slice(last.index + last[0].length).trim();
    const black = last[2] === "..." || between.length > 0;
    move = `move ${last[1]}${black ? "…" : "."} ${bad[1]}`;
  }
  return { message: `${where(line, column)}: ${move || bad[1]} is not a legal move`, at: { line, column } };
}

// pgnDate formats a date as PGN wants it.
/** @param {Date} d */
export function pgnDate(d) {
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
}

// restoreSaved turns the page's saved game (JSON of {start, moves, human,
// over, headers, tree, clock}) back into {game, human, headers, over, tree,
// clock}, or null when there is none or it no longer replays. The clock
// stays plain data (clock.js reads it).
/**
 * @param {string | null} text
 * @returns {{game: Chess, human: string, headers: Record<string, string>, over: GameEnd | null, tree: string,
 *   clock: any, gameId?: number, savedId?: number | null} | null}
 */
export function restoreSaved(text) {
  let saved;
  let game;
  try {
    saved = JSON.parse(text || "null");
    if (!saved || !Array.isArray(saved.moves) || saved.moves.length === 0) return null;
    game = new Chess(saved.start);
    for (const m of saved.moves) game.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  } catch {
    return null;
  }
  return {
    game,
    human: saved.human === "b" ? "b" : "w",
    headers: saved.headers && typeof saved.headers === "object" ? saved.headers : {},
    over: saved.over && saved.over.result ? saved.over : gameOver(game),
    tree: typeof saved.tree === "string" ? saved.tree : "", // the movetext with its variations
    clock: saved.clock ?? null,
    // The game's name in the library, so that a finished game reloaded is
    // not saved again under a new one.
    ...(Number.isFinite(saved.gameId) ? { gameId: saved.gameId, savedId: Number.isFinite(saved.savedId) ? saved.savedId : null } : {}),
  };
}

// The game in progress is kept in localStorage under GAME_KEY, so that it
// survives a reload.
const GAME_KEY = "kibitz.game.v1";

// storeGame saves {start, moves (UCI), human, over, headers, tree, clock,
// gameId, savedId}.
/**
 * @param {{start: string, moves: string[], human: string, over: GameEnd | null, headers: Record<string, string>,
 *   tree: string, clock: any, gameId: number, savedId: number | null}} saved
 */
export function storeGame(saved) {
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify(saved));
  } catch {
    // Storage unavailable: the game lasts for this visit only.
  }
}

// loadStoredGame returns the saved game as restoreSaved does, or null.
export function loadStoredGame() {
  try {
    return restoreSaved(localStorage.getItem(GAME_KEY));
  } catch {
    return null;
  }
}
