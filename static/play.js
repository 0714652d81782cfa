// @ts-check
// The play page's logic: a cm-chessboard board, a chess.js game (state.js)
// and the Kibitz engine in its Web Workers (one per core the settings give
// it). The page never waits on the
// engine: every search is a promise, and a newer action (takeback, new
// game) makes older answers stale by bumping `state.epoch`. app.js starts it.
import { Chess, chess960Fen } from "./chessrules.js";
import { BoardView } from "./boardview.js";
import { PIECE_SPRITES } from "./pieces.js";
import { KibitzEngine, defaultThreads } from "./kibitz.js";
import { EvalBar } from "./evalbar.js";
import { whiteScore, scoreText, pvToSan } from "./format.js";
import { loadSettings, saveSettings } from "./settings.js";
import { showLevels } from "./controls.js";
import { recordThinkTime, measureSpeedFrom } from "./depth.js";
import { setScale, nearestLevel, strengthHelp, playingAt, eloText } from "./strength.js";
import { spoken } from "./speech.js";
import { renderMoves, showLine, keepCurrentInView } from "./panel.js";
import { gameOver, reviewText, storeGame } from "./game.js";
import { GameTree, NAG_SYMBOLS } from "./tree.js";
import { Sounds, soundFor } from "./sounds.js";
import { createStudy } from "./study.js";
import { createConfirm } from "./confirm.js";
import { createActions } from "./actions.js";
import { createResultPanel } from "./result.js";
import { createPieceWorth } from "./pieceworth.js";
import { createEditor } from "./editor.js";
import { createMoveTree } from "./movetree.js";
import { createGameIO } from "./gameio.js";
import { applyLook } from "./look.js";
import { createLearn } from "./learn.js";
import { createInput } from "./input.js";
import { createBoardGrid } from "./boardgrid.js";
import { createBlindMode } from "./blindmode.js";
import { scoreWords } from "./blind.js";
import { createTimed } from "./timed.js";
import { createShapes } from "./shapes.js";
import { createAnnotate } from "./annotate.js";
import { createStartup } from "./startup.js";
import { bindPage } from "./bindings.js";
import { createReadouts } from "./readouts.js";
import { $ } from "./dom.js";
import { createState, startFen as startFenOf, uciMoves as uciMovesOf, engineColor as engineColorOf } from "./state.js";

const settings = loadSettings();
const state = createState();
const startFen = () => startFenOf(state);
const uciMoves = () => uciMovesOf(state);
const engineColor = () => engineColorOf(state);
// The worker's content-hashed name, which the bundler knows (build.sh site).
// Its workers: the setting, else the device's default (one where the
// browser reports a single core).
const engine = new KibitzEngine({ threads: settings.threads ?? defaultThreads() });
const evalbar = new EvalBar($("evalbar"));
const view = new BoardView($("board"), undefined, PIECE_SPRITES[settings.pieces]);
const board = view.cm; // arrows, legal-move markers and the promotion dialog
const sounds = new Sounds(settings.sounds);
const readouts = createReadouts({ state, settings, evalbar, startFen });
const { showVerdict, showOpening, showInfo } = readouts;

/** @param {import("./game.js").GameEnd} over */
function endGame(over) {
  state.over = over;
  state.epoch++;
  sounds.play("end");
  engine.stopAndWait();
  state.thinking = false;
  state.hinting = false;
  refresh();
}

// clearReadouts empties what the engine said about an earlier position.
function clearReadouts() {
  for (const id of ["info-depth", "info-score", "info-nodes", "info-nps"]) $(id).textContent = "–";
  $("tb-status").textContent = "";
  $("pv-lines").replaceChildren();
  evalbar.set(null);
}

// ---- rendering -------------------------------------------------------

/** @param {string} text @param {boolean} [over] */
function setStatus(text, over = false) {
  const el = $("status");
  el.textContent = text;
  el.classList.toggle("over", over);
}

// refresh brings the page up to date after the game or the view changed:
// first what follows from the game itself (followGame, the one place for
// it), then the drawing (render, which only draws).
function refresh() {
  followGame();
  render();
  grid.render();
  blind.render();
}

// followGame keeps what depends on the game in step with it: the tree
// follows the line played, the main line's result is kept, and — but
// while the player learns from their mistakes — the clock follows the
// moves, a premove made in a game that ended or turned to analysis goes,
// a finished game goes to the library and the game in progress is stored
// for a reload.
function followGame() {
  state.tree.follow(state.game.history(), state.mode === "analyse");
  // The whole main line on the board: its end is the game's result.
  if (state.tree.onMainLine()) state.mainOver = state.over;
  // A move that waits for Confirm is not yet played: no clock, no save.
  if (state.learning || state.confirming) return;
  timed.sync();
  if (state.premove && (state.mode !== "play" || state.over)) input.clearPremove(); // it belonged to the game in play
  // A finished game goes to the library first, so that the game stored
  // for a reload knows it was saved (and is not saved again).
  study.keepFinished();
  // The game in progress survives a reload (restoreGame; New game starts afresh).
  storeGame({
    start: startFen(),
    moves: uciMoves(),
    human: state.human,
    over: state.over,
    headers: state.headers,
    tree: state.tree.movetext("*"),
    clock: state.clock,
    gameId: state.gameId,
    savedId: state.savedId,
  });
}

// render draws the page from the state: the board, the move list, the
// readouts, the controls and the status line.
function render() {
  const g = state.game;
  const history = g.history({ verbose: true });
  const ply = state.viewPly ?? history.length;
  const fen = ply === 0 ? startFen() : history[ply - 1].after;
  view.show(fen, ply > 0 ? history[ply - 1] : null);
  shapes.draw();
  annotate.show();
  const line = state.tree.line;
  const live = state.viewPly === null;
  // Without help, a game in play shows no evaluation; analysis and a
  // finished game do.
  document.body.classList.toggle("no-help", !settings.help && state.mode !== "analyse" && !state.over);
  // The list shows the main line, the variations inline (movetree.js).
  const main = state.tree.mainLine();
  const mainMarks = moveTree.onMain(history.length) ? state.marks : new Map();
  renderMoves(
    $("moves"),
    moveTree.mainHistory(),
    moveTree.onMain(ply) ? ply : -1,
    moveTree.pickMain,
    mainMarks,
    (i) => (main[i].nags || []).map((n) => NAG_SYMBOLS[n] || `$${n}`),
    moveTree.rowsAfter,
    state.mainOver,
  );
  // Reviewing a position of the game in play, no search runs on it: what
  // the engine said was of another position (the review's score, where
  // there is one, is shown instead).
  // Nor on a game ended on the board (a mate, a draw by rule): the last
  // search was of the position before.
  if (state.mode === "play" && (!live || (state.over && gameOver(g)))) clearReadouts();
  study.renderReview();
  study.renderContinue();
  $("confirm-bar").hidden = !state.confirming;
  resultPanel.render();
  pieceWorth.render();
  showOpening(history, ply);
  showVerdict(history, ply);
  const comments = ply > 0 ? line[ply - 1].comments : state.tree.history.gameComment;
  // Commands in comments ([%clk 0:04:58], [%eval …]) are for programs.
  $("comment").textContent = (comments || [])
    .join(" ")
    .replace(/\[%[^\]]*\]/g, "")
    .trim();
  const analysing = state.mode === "analyse";
  // In analysis, a position the rules have ended (a mate, a stalemate…).
  const shownOver = analysing ? gameOver(new Chess(fen)) : null;
  const humanToMove = live && !state.over && g.turn() === state.human && !state.thinking && !analysing && !state.confirming;
  const shownTurn = fen.split(" ")[1];
  // How Kibitz plays, from the start (not only once it has moved); in
  // analysis it searches without a limit of strength.
  $("info-strength").textContent = analysing ? "no limit (analysis)" : playingAt({ elo: settings.elo }, settings);
  $("learn").hidden = state.learning || !learn.available();
  if (state.learning) return learn.renderLearn();
  view.setInput(humanToMove || input.premoving() ? state.human : analysing && !state.reviewing && !shownOver ? shownTurn : null, input.onInput);
  // A finished game is final: in play it takes no takeback (analysing it
  // works on the page's copy; the saved game stays as it ended).
  $("takeback").disabled = history.length === 0 || (!analysing && state.over !== null);
  $("hint").disabled = !humanToMove || state.hinting;
  $("stop").disabled = !state.thinking && !state.hinting;
  $("draw").disabled = !live || Boolean(state.over) || state.thinking || analysing || state.confirming;
  $("resign").disabled = Boolean(state.over) || history.length === 0 || analysing || state.confirming;
  if (!actions.resignArmed) $("resign").textContent = "Resign";
  // Browsing a reviewed game, the bar follows the review's score of the
  // position shown; at the end (or unreviewed), the result.
  const reviewed = state.review?.positions[ply];
  if (reviewed && !live && state.review?.history.length === history.length) evalbar.set(reviewed.score);
  // In analysis the engine's bar, but on a position the rules have ended.
  else if (shownOver) evalbar.result(shownOver.result);
  else if (state.over && !analysing) evalbar.result(state.over.result);
  if (state.reviewing) return;
  renderStatus({ analysing, shownOver, shownTurn, live, ply, plies: history.length, humanToMove });
}

// renderStatus writes the status line for the position shown: a threat
// asked for, a position the rules ended, analysis, a ply reviewed, the
// game's end, the engine thinking, a move to confirm or the player's turn.
/**
 * @param {{analysing: boolean, shownOver: {result: string, reason: string} | null, shownTurn: string, live: boolean,
 *   ply: number, plies: number, humanToMove: boolean}} shown
 */
function renderStatus({ analysing, shownOver, shownTurn, live, ply, plies, humanToMove }) {
  const other = shownTurn === "w" ? "Black" : "White";
  if (analysing && state.threat) setStatus(`Threat: what ${other} would play if it were ${other}'s move — X hides it`);
  else if (shownOver) setStatus(shownOver.reason, true);
  // At the end of a game that ended otherwise (a resignation, a flag), how it ended first.
  else if (analysing)
    setStatus(
      `${live && state.over ? `${state.over.reason}. ` : ""}Analysis: ${shownTurn === "w" ? "White" : "Black"} to move — move for either side, or click a line`,
    );
  else if (!live) setStatus(reviewText(ply, plies));
  else if (state.over) setStatus(state.over.reason, true);
  else if (state.thinking) setStatus(`Kibitz is thinking (${settings.elo !== null ? eloText(settings.elo) : `depth ${settings.depth}`})…`);
  else if (state.confirming) setStatus(confirmation.statusText());
  else if (humanToMove) setStatus(`Your move (${state.human === "w" ? "White" : "Black"})${state.game.inCheck() ? " — check!" : ""}`);
}

/** @param {number} ply */
function showPly(ply) {
  if (state.learning) return; // the lesson chooses the position
  const n = state.game.history().length;
  state.viewPly = ply >= n ? null : Math.max(0, ply);
  board.removeArrows(); // a hint belongs to the live position
  refresh();
  study.analyse();
}

// ---- engine ----------------------------------------------------------

/** @param {import("./protocol.js").SearchParams} params */
async function search(params) {
  const fen = state.game.fen();
  const side = state.game.turn();
  return engine.search({
    fen: startFen(),
    moves: uciMoves(),
    multipv: settings.lines,
    ...params,
    onInfo: (info) => showInfo(info, fen, side),
  });
}

async function engineMove() {
  if (state.over || state.game.turn() !== engineColor()) return;
  const epoch = ++state.epoch;
  state.thinking = true;
  refresh();
  const [fen, side] = [state.game.fen(), state.game.turn()];
  const started = performance.now();
  let result;
  try {
    // A level keeps to its own node budget: the depth is only a bound.
    result = await search({ ...(settings.elo !== null ? { depth: 64, elo: settings.elo } : { depth: settings.depth }), ...timed.limits() });
  } catch (err) {
    if (epoch === state.epoch) setStatus(`Engine error: ${err instanceof Error ? err.message : String(err)}`);
    return;
  } finally {
    if (epoch === state.epoch) state.thinking = false;
  }
  if (epoch !== state.epoch || !result.bestmove) return refresh();
  if (result.elo === undefined && !state.clock) recordThinkTime(result.depth, performance.now() - started);
  measureSpeedFrom(result);
  $("depth-help").textContent = strengthHelp(settings);
  $("info-strength").textContent = playingAt(result, settings);
  // A level may play another line than the best: show the one played.
  if (result.elo !== undefined && result.pv?.length) {
    const ws = whiteScore(result.score, side);
    $("info-score").textContent = scoreText(ws);
    evalbar.set(ws);
    showLine($("pv-lines"), 1, settings.lines, scoreText(ws), pvToSan(fen, result.pv), result.pv[0], null, scoreWords(ws));
  }
  const mv = result.bestmove;
  const played = state.game.move({ from: mv.slice(0, 2), to: mv.slice(2, 4), promotion: mv[4] });
  announce(`Kibitz played ${spoken(played.san)}`);
  state.viewPly = null;
  board.removeArrows();
  state.over = gameOver(state.game);
  sounds.play(soundFor(played.san, state.over));
  refresh();
  input.playPremove();
}

// ---- user input (input.js) --------------------------------------------

// afterHumanMove follows a move the player made on the board or typed:
// played at once, or held for Confirm (confirm.js).
function afterHumanMove() {
  if (confirmation.wanted()) return confirmation.ask();
  playHumanMove();
}

function playHumanMove() {
  const last = state.game.history().at(-1);
  if (last) announce(`You played ${spoken(last)}`);
  board.removeArrows();
  state.over = gameOver(state.game);
  if (last) sounds.play(soundFor(last, state.over));
  state.marks = new Map();
  refresh();
  if (state.mode === "analyse") study.analyse();
  else if (!state.over) engineMove();
}

// ---- keyboard and screen readers ----------------------------------------

// announce tells screen readers what just happened on the board.
/** @param {string} text */
function announce(text) {
  // A repeated text (the same move again) is said again: the region's text must change.
  const el = $("announce");
  el.textContent = el.textContent === text ? `${text}\u00a0` : text;
}

// ---- buttons ---------------------------------------------------------

// newGame starts a game from the standard position or from fen, which the
// engine's own parser must accept (its reason is shown otherwise). A
// position that is already decided is shown as such, not played.
/** @param {string | null} [fen] @param {string | null} [human] the player's colour (default: the settings') */
async function newGame(fen = null, human = null) {
  state.epoch++;
  state.confirming = false;
  state.thinking = false;
  state.hinting = false;
  state.mode = "play";
  $("analyse").setAttribute("aria-pressed", "false");
  state.gameId = Date.now();
  study.clearReview();
  await engine.newGame().catch(() => {});
  // A new game of the chosen variant: Chess960 from its start position.
  const chess960 = !fen && settings.variant === "chess960";
  if (chess960) fen = chess960Fen(settings.chess960 ?? Math.floor(Math.random() * 960));
  if (fen) {
    const why = await engine.check(fen);
    if (why) {
      setStatus(`Not a valid position: ${why}`);
      return false;
    }
  }
  state.game = fen ? new Chess(fen) : new Chess();
  state.tree = new GameTree("", state.game.fen());
  state.headers = chess960 || state.game.isChess960() ? { Variant: "Chess960" } : {};
  state.human = human ?? (settings.side === "random" ? (Math.random() < 0.5 ? "w" : "b") : settings.side);
  state.over = gameOver(state.game);
  state.viewPly = null;
  board.removeArrows();
  input.clearPremove();
  clearReadouts();
  await setOrientation(state.human === "b");
  timed.newGame();
  refresh();
  engineMove();
  return true;
}

// setOrientation resolves when the board has been redrawn.
/** @param {boolean} blackBottom @returns {Promise<void>} */
function setOrientation(blackBottom) {
  evalbar.flip(blackBottom);
  settings.flipped = blackBottom;
  return view.setOrientation(blackBottom).then(() => {
    timed.show();
    shapes.draw();
    pieceWorth.render();
    grid.render(); // its rows follow the board's turn
  });
}

async function takeback() {
  // A finished game is final (the button is disabled; a script may still ask).
  if (state.mode !== "analyse" && state.over) return;
  if (state.confirming) return confirmation.cancel(); // the move not yet played
  state.epoch++;
  state.thinking = false;
  input.clearPremove();
  await engine.stopAndWait();
  const g = state.game;
  if (state.mode === "analyse") {
    // In analysis a takeback undoes one move of either side.
    study.truncateToView();
    g.undo();
    state.over = gameOver(g);
    refresh();
    return study.analyse();
  }
  // Undo at least one move, and until it is the human's turn again; what
  // the engine said belonged to a position no longer on the board.
  clearReadouts();
  if (g.history().length > 0) g.undo();
  while (g.history().length > 0 && g.turn() !== state.human) g.undo();
  state.viewPly = null;
  board.removeArrows();
  refresh();
  engineMove(); // when the human plays Black and everything was undone
}

// ---- wiring ----------------------------------------------------------

// The parts, each made after those it uses. One pair needs each other: the
// study's library opens a game through the game's import (io, made just
// after it), and the import clears the study's review; the study reaches
// io through the two functions below, which run only once both are made.
const timed = createTimed({ state, settings, view, endGame, sounds, announce });
const confirmation = createConfirm({ state, settings, refresh, setStatus }, () => playHumanMove());
const actions = createActions({ state, settings, board, search, refresh, setStatus, endGame, engineColor });
const study = createStudy({
  state,
  engine,
  board,
  settings,
  refresh,
  showPly,
  startFen,
  uciMoves,
  showInfo,
  clearReadouts,
  setStatus,
  setOrientation,
  pgnText: () => io.pgnText(),
  engineMove,
  importPgn: (/** @type {string} */ text, /** @type {number | undefined} */ id) => {
    $("import-text").value = text;
    return started.then(() => io.importText(id));
  },
});
const moveTree = createMoveTree({ state, showPly }, study);
const io = createGameIO({
  state,
  engine,
  board,
  settings,
  timed,
  refresh,
  setStatus,
  clearReadouts,
  newGame,
  startFen,
  clearReview: study.clearReview,
  openAnalysis: study.openAnalysis,
  opening: () => {
    const main = moveTree.mainHistory();
    return readouts.openingAt(main, main.length);
  },
});
const { pgnText, importText } = io;
const learn = createLearn({ state, engine, board, view, refresh, setStatus, startFen, uciMoves, clearReadouts });
const input = createInput({ state, board, study, learn, afterHumanMove, setStatus, startFen });
const grid = createBoardGrid({
  board: $("board"),
  shownFen: () => study.shownFen(),
  blackBottom: () => view.blackBottom,
  movesFrom: (square) => (view.inputColor && !input.premoving() ? input.legalFrom(/** @type {any} */ (square)).filter((m) => m.color === view.inputColor) : []),
  play: (uci) => input.playText(uci),
  announce,
  flip: () => $("flip").click(),
});
const blind = createBlindMode({
  state,
  settings,
  save: () => saveSettings(settings),
  shownFen: () => study.shownFen(),
  startFen,
  playText: (text) => input.playText(text),
  cancelPremove: input.cancelPremove,
  clockText: () => timed.words(),
  opponentText: () => `Kibitz, playing at ${playingAt({ elo: settings.elo }, settings)}`,
  best: () => readouts.lastLine(study.shownFen()),
  abort: () => started.then(() => newGame()),
  grid,
});
const shapes = createShapes({ state, view, refresh });
const annotate = createAnnotate({ state, refresh });
createEditor({ engine, newGame, shownFen: () => study.shownFen(), analyse: () => study.toggleAnalysis() });
const pieceWorth = createPieceWorth({ state, engine, shownFen: () => study.shownFen() });
const { startFromAddress } = createStartup(
  { state, settings, study, refresh, setStatus, setOrientation, clearReadouts, newGame, showPly, engineMove, startFen },
  importText,
);
const resultPanel = createResultPanel(
  { state, newGame },
  {
    // A rematch starts where the game started, the colours swapped.
    rematch: (human) => started.then(() => newGame(startFen() === new Chess().fen() ? null : startFen(), human)),
  },
);
// started settles when the first game is set up: actions that replace the
// game wait for it, so an early click is not undone by the start-up.
/** @type {Promise<void>} */
let started;

// start binds the page's controls and sets the first game up once the
// engine has loaded; it returns when the first game is set up.
/** @returns {Promise<void>} */
export function start() {
  bindPage({
    state,
    settings,
    engine,
    view,
    sounds,
    study,
    actions,
    input,
    timed,
    moveTree,
    refresh,
    newGame,
    takeback,
    setOrientation,
    setStatus,
    showPly,
    startFen,
    uciMoves,
    pgnText,
    importText,
    started: () => started,
  });
  applyLook(settings, $("board"));
  keepCurrentInView(/** @type {HTMLElement} */ (document.querySelector(".moves-area")));
  started = engine.ready
    .then((version) => {
      setScale(engine.strengths);
      if (settings.elo !== null) settings.elo = nearestLevel(settings.elo);
      showLevels(settings);
      return startFromAddress().then(() => version);
    })
    .then((version) => {
      $("engine-version").textContent = version;
    })
    .catch((err) => setStatus(`The engine failed to load: ${err.message}`));
  window.kibitz = { state, engine, sounds }; // the scripting hook (page.d.ts): the browser tests and the curious
  return started;
}
