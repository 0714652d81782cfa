// @ts-check
// The page's game state: one typed object, made by createState, that the
// play logic (play.js) and the parts it hands it to (study, actions, game
// I/O) read and change, and the helpers that read only it. Nothing here
// touches the DOM: the unit tests build a state under node.
import { Chess } from "./chessrules.js";
import { GameTree } from "./tree.js";

/**
 * @typedef {object} PageState
 * @property {Chess} game the line played or shown: a branch of the tree
 * @property {GameTree} tree every move and variation, with comments and NAGs
 * @property {string} human the player's colour, "w" or "b"
 * @property {number | null} viewPly null: the live position; otherwise a ply being looked at
 * @property {{result: string, reason: string} | null} over how the game ended
 * @property {number} epoch bumped whenever pending engine answers become meaningless
 * @property {boolean} thinking the engine searches its move
 * @property {boolean} hinting a hint search runs ("Move now" ends it)
 * @property {Record<string, string>} headers PGN headers of an imported game, kept on export
 * @property {"play" | "analyse"} mode analyse: moves for both sides, the engine analysing
 * @property {Map<number, {name: string, mark: string, better?: string | null, why?: string | null}>} marks the review's verdicts by ply, with the better move and what the move allows
 * @property {boolean} reviewing a review runs
 * @property {{history: import("chess.js").Move[], positions: import("./review.js").ReviewedPosition[], depth: number} | null} review the last review's analysis
 * @property {boolean} learning the player is going through their mistakes (learn.js)
 * @property {{result: string, reason: string} | null} mainOver how the game's main line ended, kept
 *   while another line (a variation tried in analysis) is on the board: the PGN's result
 * @property {number} gameId names the game in the library
 * @property {number | null} savedId the game last saved in the library
 * @property {import("./clock.js").GameClock | null} clock a timed game's clock (timed.js)
 * @property {{from: string, to: string, text?: string} | null} premove a move made (or typed: text) while Kibitz thinks (input.js)
 * @property {boolean} threat analysis shows what the other side would play if it were its move
 * @property {boolean} confirming the player's last move waits for Confirm (confirm.js)
 */

/** @returns {PageState} the state of a new game from the standard position, the player White */
export function createState() {
  return {
    game: new Chess(),
    tree: new GameTree(),
    human: "w",
    viewPly: null,
    over: null,
    epoch: 0,
    thinking: false,
    hinting: false,
    headers: {},
    mode: "play",
    marks: new Map(),
    reviewing: false,
    review: null,
    learning: false,
    mainOver: null,
    gameId: Date.now(),
    savedId: null,
    clock: null,
    premove: null,
    threat: false,
    confirming: false,
  };
}

/** The FEN the game started from. @param {PageState} state */
export function startFen(state) {
  const h = state.game.history({ verbose: true });
  return h.length ? h[0].before : state.game.fen();
}

/** The game's moves in UCI. @param {PageState} state */
export const uciMoves = (state) => state.game.history({ verbose: true }).map((m) => m.from + m.to + (m.promotion || ""));

/** The engine's colour. @param {PageState} state */
export const engineColor = (state) => (state.human === "w" ? "b" : "w");
