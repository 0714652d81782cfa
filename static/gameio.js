// Reading and writing games on the page: the PGN of the game and its
// variations, and a pasted PGN or FEN. They work on the page's state
// through `page` (play.js; page.d.ts).
import { gameOver, pgnHeaders, readImport, pgnDate } from "./game.js";
import { treePgn, importTree, keptText } from "./tree.js";
import { levelNumber, eloText } from "./strength.js";
import { $ } from "./dom.js";

/** @type {Record<string, number>} */
const VERDICT_NAGS = { "?!": 6, "?": 2, "??": 4 };

/** @typedef {Map<number, {nag?: number, comment: string}>} Notes ply → what the PGN says of the move */

// reviewNotes turns the review's marks (ply → {name, mark, better}) into
// what the PGN says of each move: ply → {nag, comment}.
/** @param {Map<number, {name: string, mark: string, better?: string | null}> | null} marks @returns {Notes} */
export function reviewNotes(marks) {
  /** @type {Notes} */
  const notes = new Map();
  for (const [ply, v] of marks || []) {
    const name = v.name[0].toUpperCase() + v.name.slice(1);
    notes.set(ply, { nag: VERDICT_NAGS[v.mark], comment: `${name}.${v.better ? ` ${v.better} was best.` : ""}` });
  }
  return notes;
}

// withClocks adds a timed game's %clk (ply → "[%clk …]") to the notes,
// before any other comment on the move, as lichess writes them.
/** @param {Notes} notes @param {Map<number, string>} clocks @returns {Notes} */
export function withClocks(notes, clocks) {
  const all = new Map(notes);
  for (const [ply, clk] of clocks) {
    const note = all.get(ply);
    all.set(ply, note ? { ...note, comment: `${clk} ${note.comment}` } : { comment: clk });
  }
  return all;
}

/**
 * @param {Pick<import("./page.js").Page, "state" | "engine" | "board" | "settings" | "timed" | "refresh" | "setStatus" |
 *   "clearReadouts" | "newGame" | "startFen" | "clearReview"> & {opening: () => {eco: string, name: string} | null, openAnalysis: () => Promise<void>}} page
 *   opening: the opening the game's main line reached, once the names have loaded;
 *   openAnalysis: the analysis board at the position shown, the engine thinking
 */
export function createGameIO(page) {
  const { state, engine, settings, timed, setStatus, newGame, startFen } = page;

  // pgnText is the game's PGN; a reviewed line carries the review's
  // verdicts as lichess writes them: the mark as a NAG (unless the move has
  // an assessment of its own) and a comment naming the better move.
  function pgnText() {
    const clock = timed.pgn();
    // The result is the main line's: a variation tried after the game
    // ended does not take it away.
    const over = state.tree.onMainLine() ? state.over : state.mainOver;
    return treePgn(
      pgnHeaders(state.headers, {
        humanColor: state.human,
        engineName: settings.elo !== null ? `Kibitz (level ${levelNumber(settings.elo)}, ${eloText(settings.elo)})` : `Kibitz (depth ${settings.depth})`,
        result: over ? over.result : "*",
        termination: over ? over.reason : "",
        startFen: startFen(),
        opening: page.opening(),
        site: location.host || "local",
        date: pgnDate(new Date()),
        timeControl: clock.timeControl,
      }),
      state.tree,
      withClocks(reviewNotes(state.marks), clock.clocks),
    );
  }

  // importText reads the PGN or FEN in the import box. id, for a game
  // reopened from the library, keeps its name there, so that it is not
  // saved a second time.
  /** @param {number | null} [id] */
  async function importText(id = null) {
    const text = $("import-text").value;
    const box = importBox(setStatus);
    const read = readImport(text);
    if (!read) return;
    if ("error" in read) {
      if (read.at) box.pointAt(text, read.at);
      return box.fail(read.error);
    }
    if ("fen" in read) {
      const why = await engine.check(read.fen);
      if (why) return box.fail(`Not a valid FEN: ${why}`);
      // The player to move, so that Kibitz does not start playing it.
      if (!(await newGame(read.fen, read.fen.split(" ")[1]))) return;
      state.clock = null;
      box.done("");
      return page.openAnalysis();
    }
    const why = await engine.check(read.start, read.moves);
    if (why) return box.fail(`The engine cannot play this game: ${why}`);
    await adoptGame(page, read, text, id);
    box.done(keptText(state.tree.counts()));
    // Every import opens the analysis board at the last position, the
    // engine thinking (Continue against Kibitz makes it a game).
    await page.openAnalysis();
  }

  return { pgnText, importText };
}

// adoptGame makes an imported PGN the page's game: its tree, headers and
// result, untimed, the player the side to move, not yet reviewed.
/**
 * @param {Pick<import("./page.js").Page, "state" | "engine" | "board" | "refresh" | "clearReadouts" | "clearReview">} page
 * @param {{game: import("./chessrules.js").Chess, start: string}} read
 * @param {string} text
 * @param {number | null} id
 */
async function adoptGame(page, read, text, id) {
  const { state, engine, board } = page;
  state.epoch++;
  await engine.newGame().catch(() => {});
  state.game = read.game;
  state.tree = importTree(text, read.game, read.start);
  state.headers = read.game.getHeaders();
  state.clock = null; // an imported game is untimed here; its own %clk stay in its comments
  state.gameId = id ?? Date.now();
  if (id !== null) state.savedId = id;
  page.clearReview();
  const result = state.headers.Result;
  // How it ended is the PGN's Termination (a resignation, a flag, an
  // agreed draw…) when the moves alone do not say.
  const reason = state.headers.Termination || `Game over (${result})`;
  state.over = gameOver(read.game) || (result && result !== "*" ? { result, reason } : null);
  // The player is the side to move, should they continue the game
  // against Kibitz; the board stays as it is.
  state.human = read.game.turn();
  state.viewPly = null;
  board.removeArrows();
  page.clearReadouts();
  page.refresh();
}

/**
 * The import box's answers: one line under it — an error in red, what the
 * import kept in grey — the box marked invalid and its cursor put where
 * the reader stopped; closed once it has done its work. It starts clear.
 * @param {(text: string) => void} setStatus
 */
function importBox(setStatus) {
  const field = /** @type {HTMLTextAreaElement} */ ($("import-text"));
  const say = (/** @type {string} */ text, /** @type {boolean} */ error) => {
    $("import-error").textContent = text;
    $("import-error").classList.toggle("note", !error);
  };
  say("", true);
  field.removeAttribute("aria-invalid");
  return {
    /** @param {string} why */
    fail(why) {
      field.setAttribute("aria-invalid", "true");
      say(why, true);
      // The status line must not go on saying what the last action did.
      if (why) setStatus("Nothing was imported: the reason is under the box");
    },
    /** @param {string} text @param {import("./game.js").TextPlace} at */
    pointAt(text, at) {
      const lines = text.split("\n");
      const offset = lines.slice(0, at.line - 1).reduce((n, l) => n + l.length + 1, 0) + at.column - 1;
      field.focus();
      field.setSelectionRange(offset, offset);
    },
    /** @param {string} kept */
    done(kept) {
      say(kept, false);
      // Closed, the box leaves the page its height (an embed would scroll);
      // what was kept is still said under it.
      const details = field.closest("details");
      if (details) details.open = false;
    },
  };
}
