// @ts-check
// The play page's logic: a cm-chessboard board, a chess.js game (state.js)
// and the Kibitz engine in a Web Worker. The page never waits on the
// engine: every search is a promise, and a newer action (takeback, new
// game) makes older answers stale by bumping `state.epoch`. app.js starts it.
import { Chess } from "chess.js";
import { COLOR, INPUT_EVENT_TYPE } from "cm-chessboard/src/Chessboard.js";
import { BoardView } from "./boardview.js";
import { EngineClient } from "./engine.js";
import { EvalBar } from "./evalbar.js";
import { whiteScore, scoreText, pvToSan, compact, tableText, sanKey } from "./format.js";
import { loadSettings, saveSettings } from "./settings.js";
import { bindSettings, bindKeys, showLevels } from "./controls.js";
import { recordThinkTime, measureSpeed } from "./depth.js";
import { setScale, nearestLevel, strengthHelp, playingAt, eloText } from "./strength.js";
import { spoken, describe } from "./speech.js";
import { renderMoves, showLine, copyText, download } from "./panel.js";
import { gameOver, reviewText, storeGame, loadStoredGame } from "./game.js";
import { GameTree, importTree, NAG_SYMBOLS } from "./tree.js";
import { Sounds, soundFor } from "./sounds.js";
import { loadOpenings, openingAt } from "./openings.js";
import openingsUrl from "./openings.tsv";
import { createStudy } from "./study.js";
import { createActions } from "./actions.js";
import { createGameIO } from "./gameio.js";
import { applyLook } from "./look.js";
import { shareLink, readShared, withoutShare } from "./share.js";
import { createLearn } from "./learn.js";
import { $ } from "./dom.js";
import { state, startFen, uciMoves, engineColor } from "./state.js";

const settings = loadSettings();
// The worker's content-hashed name, which the bundler knows (build.sh site).
const engine = new EngineClient(KIBITZ_WORKER_URL);
const evalbar = new EvalBar($("evalbar"));
const view = new BoardView($("board"));
const board = view.cm; // arrows, legal-move markers and the promotion dialog
const sounds = new Sounds(settings.sounds);
let openings = null; // the opening names, once loaded

function endGame(over) {
  state.over = over;
  state.epoch++;
  sounds.play("end");
  engine.stopAndWait();
  state.thinking = false;
  state.hinting = false;
  render();
}

// clearReadouts empties what the engine said about an earlier position.
function clearReadouts() {
  for (const id of ["info-depth", "info-score", "info-nodes", "info-nps"]) $(id).textContent = "–";
  $("tb-status").textContent = "";
  $("pv-lines").replaceChildren();
  evalbar.set(null);
}

// ---- rendering -------------------------------------------------------

function setStatus(text, over = false) {
  const el = $("status");
  el.textContent = text;
  el.classList.toggle("over", over);
}

function render() {
  const g = state.game;
  const history = g.history({ verbose: true });
  state.tree.follow(g.history(), state.mode === "analyse");
  const ply = state.viewPly ?? history.length;
  const fen = ply === 0 ? startFen() : history[ply - 1].after;
  view.show(fen, ply > 0 ? history[ply - 1] : null);
  const line = state.tree.line;
  // Without help, a game in play shows no evaluation; analysis and a
  // finished game do.
  document.body.classList.toggle("no-help", !settings.help && state.mode !== "analyse" && !state.over);
  renderMoves($("moves"), history, ply, showPly, state.marks, (i) => (line[i].nags || []).map((n) => NAG_SYMBOLS[n] || `$${n}`));
  study.renderVariations();
  showOpening(history, ply);
  const comments = ply > 0 ? line[ply - 1].comments : state.tree.history.gameComment;
  $("comment").textContent = (comments || []).join(" ");
  const live = state.viewPly === null;
  const analysing = state.mode === "analyse";
  const humanToMove = live && !state.over && g.turn() === state.human && !state.thinking && !analysing;
  const shownTurn = fen.split(" ")[1];
  $("learn").hidden = state.learning || !learn.available();
  if (state.learning) return learn.renderLearn();
  view.setInput(humanToMove ? state.human : analysing && !state.reviewing && !gameOver(new Chess(fen)) ? shownTurn : null, onInput);
  $("takeback").disabled = history.length === 0;
  $("hint").disabled = !humanToMove || state.hinting;
  $("stop").disabled = !state.thinking && !state.hinting;
  $("draw").disabled = !live || Boolean(state.over) || state.thinking || analysing;
  $("resign").disabled = Boolean(state.over) || history.length === 0 || analysing;
  if (!actions.resignArmed) $("resign").textContent = "Resign";
  if (state.over) evalbar.result(state.over.result);
  // The game in progress survives a reload (restoreGame; New game starts afresh).
  storeGame({ start: startFen(), moves: uciMoves(), human: state.human, over: state.over, headers: state.headers, tree: state.tree.movetext("*") });
  study.keepFinished();
  if (state.reviewing) return;
  if (analysing) setStatus(`Analysis: ${shownTurn === "w" ? "White" : "Black"} to move — move for either side, or click a line`);
  else if (!live) setStatus(reviewText(ply, history.length));
  else if (state.over) setStatus(state.over.reason, true);
  else if (state.thinking) setStatus(`Kibitz is thinking (${settings.elo ? eloText(settings.elo) : `depth ${settings.depth}`})…`);
  else if (humanToMove) setStatus(`Your move (${state.human === "w" ? "White" : "Black"})${g.inCheck() ? " — check!" : ""}`);
}

// showOpening names the opening of the position shown (once the names
// have loaded).
function showOpening(history = state.game.history({ verbose: true }), ply = state.viewPly ?? history.length) {
  const opening = openings && openingAt(openings, [startFen(), ...history.map((m) => m.after)], ply);
  $("opening").textContent = opening ? `${opening.eco} ${opening.name}` : "";
}

function showPly(ply) {
  if (state.learning) return; // the lesson chooses the position
  const n = state.game.history().length;
  state.viewPly = ply >= n ? null : Math.max(0, ply);
  board.removeArrows(); // a hint belongs to the live position
  render();
  study.analyse();
}

// showInfo shows a progress report; onPick, in analysis, plays its line.
function showInfo(info, fen, sideToMove, onPick = null) {
  $("tb-status").textContent = info.tb ? tableText(info.tb) : "";
  if (info.multipv === 1) {
    const ws = whiteScore(info.score, sideToMove);
    $("info-depth").textContent = `${info.depth}/${info.seldepth}`;
    $("info-score").textContent = scoreText(ws) + (info.bound ? (info.bound === "lower" ? " ≥" : " ≤") : "");
    $("info-nodes").textContent = compact(info.nodes);
    $("info-nps").textContent = `${compact(info.nps)}/s`;
    evalbar.set(ws);
  }
  showLine($("pv-lines"), info.multipv, settings.lines, scoreText(whiteScore(info.score, sideToMove)), pvToSan(fen, info.pv), info.pv[0] ?? "", onPick);
}

// ---- engine ----------------------------------------------------------

async function search(params) {
  const fen = state.game.fen();
  const side = state.game.turn();
  return engine.search({ fen: startFen(), moves: uciMoves(), multipv: settings.lines, ...params }, (info) =>
    showInfo(info, fen, side),
  );
}

async function engineMove() {
  if (state.over || state.game.turn() !== engineColor()) return;
  const epoch = ++state.epoch;
  state.thinking = true;
  render();
  const [fen, side] = [state.game.fen(), state.game.turn()];
  const started = performance.now();
  let result;
  try {
    // A level keeps to its own node budget: the depth is only a bound.
    result = await search(settings.elo ? { depth: 64, elo: settings.elo } : { depth: settings.depth });
  } catch (err) {
    if (epoch === state.epoch) setStatus(`Engine error: ${err.message}`);
    return;
  } finally {
    if (epoch === state.epoch) state.thinking = false;
  }
  if (epoch !== state.epoch || !result.bestmove) return render();
  if (!result.elo) recordThinkTime(result.depth, performance.now() - started);
  $("depth-help").textContent = strengthHelp(settings);
  $("info-strength").textContent = playingAt(result, settings);
  // A level may play another line than the best: show the one played.
  if (result.elo && result.pv?.length) {
    const ws = whiteScore(result.score, side);
    $("info-score").textContent = scoreText(ws);
    evalbar.set(ws);
    showLine($("pv-lines"), 1, settings.lines, scoreText(ws), pvToSan(fen, result.pv), result.pv[0]);
  }
  const mv = result.bestmove;
  const played = state.game.move({ from: mv.slice(0, 2), to: mv.slice(2, 4), promotion: mv[4] });
  announce(`Kibitz played ${spoken(played.san)}`);
  state.viewPly = null;
  board.removeArrows();
  state.over = gameOver(state.game);
  sounds.play(soundFor(played.san, state.over));
  render();
}

// ---- user input ------------------------------------------------------

// legalFrom lists the moves from square in the position shown (in
// analysis it may be an earlier one).
function legalFrom(square) {
  const h = state.game.history({ verbose: true });
  const g = state.viewPly === null ? state.game : new Chess(state.viewPly === 0 ? startFen() : h[state.viewPly - 1].after);
  return square ? g.moves({ square, verbose: true }) : g.moves({ verbose: true });
}

// A human move is recorded when cm-chessboard validates it and finished
// (board redrawn, engine started) when cm-chessboard reports the input
// finished: changing the board inside validation breaks its own move.
let movedThisInput = false;

function onInput(event) {
  switch (event.type) {
    case INPUT_EVENT_TYPE.moveInputStarted: {
      const moves = legalFrom(event.squareFrom);
      board.addLegalMovesMarkers(moves);
      return moves.length > 0;
    }
    case INPUT_EVENT_TYPE.validateMoveInput: {
      board.removeLegalMovesMarkers();
      const { squareFrom: from, squareTo: to } = event;
      const candidates = legalFrom(from).filter((m) => m.to === to);
      if (candidates.length === 0) return false;
      study.truncateToView(); // in analysis, a move on an earlier position starts a variation
      if (candidates.some((m) => m.promotion)) {
        board.showPromotionDialog(to, candidates[0].color === "w" ? COLOR.white : COLOR.black, (choice) => {
          if (choice && choice.piece) state.game.move({ from, to, promotion: choice.piece.charAt(1) });
          afterHumanMove();
        });
        return true;
      }
      state.game.move({ from, to });
      movedThisInput = true;
      return true;
    }
    case INPUT_EVENT_TYPE.moveInputCanceled:
      board.removeLegalMovesMarkers();
      return true;
    case INPUT_EVENT_TYPE.moveInputFinished:
      board.removeLegalMovesMarkers();
      if (movedThisInput) {
        movedThisInput = false;
        setTimeout(afterHumanMove); // after cm-chessboard has finished its own work
      }
      return true;
  }
  return true;
}

function afterHumanMove() {
  const last = state.game.history().at(-1);
  if (last) announce(`You played ${spoken(last)}`);
  board.removeArrows();
  state.over = gameOver(state.game);
  if (last) sounds.play(soundFor(last, state.over));
  state.marks = new Map();
  render();
  if (state.mode === "analyse") study.analyse();
  else if (!state.over) engineMove();
}

// ---- keyboard and screen readers ----------------------------------------

// announce tells screen readers what just happened on the board.
function announce(text) {
  $("announce").textContent = text;
}

// playTyped plays a move typed in the move form (SAN or UCI), through the
// same path as a move made on the board.
function playTyped(e) {
  e.preventDefault();
  const text = $("move-text").value.trim();
  $("move-error").textContent = "";
  if (!text) return;
  const live = state.viewPly === null;
  const analysing = state.mode === "analyse" || state.learning;
  if (!analysing && (!live || state.over || state.thinking || state.game.turn() !== state.human)) {
    $("move-error").textContent = state.over ? "The game is over" : !live ? "Press End to return to the game first" : "Wait for Kibitz's move";
    return;
  }
  const uci = /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(text) ? { from: text.slice(0, 2), to: text.slice(2, 4), promotion: text[4] } : null;
  const key = sanKey(text);
  const legal = legalFrom(null).find((m) => sanKey(m.san) === key || (uci && m.from === uci.from && m.to === uci.to && (m.promotion || undefined) === uci.promotion));
  if (!legal) {
    $("move-error").textContent = `${text} is not a legal move here`;
    return;
  }
  $("move-text").value = "";
  if (state.learning) return learn.tryMove(legal.from + legal.to + (legal.promotion || ""));
  study.truncateToView();
  state.game.move(legal.san);
  afterHumanMove();
}

// ---- buttons ---------------------------------------------------------

// newGame starts a game from the standard position or from fen, which the
// engine's own parser must accept (its reason is shown otherwise). A
// position that is already decided is shown as such, not played.
async function newGame(fen = null) {
  state.epoch++;
  state.thinking = false;
  state.hinting = false;
  state.mode = "play";
  $("analyse").setAttribute("aria-pressed", "false");
  state.gameId = Date.now();
  study.clearReview();
  await engine.newGame().catch(() => {});
  if (fen) {
    const why = await engine.check(fen);
    if (why) {
      setStatus(`Not a valid position: ${why}`);
      return false;
    }
  }
  state.game = fen ? new Chess(fen) : new Chess();
  state.tree = new GameTree("", state.game.fen());
  state.headers = {};
  state.human = settings.side === "random" ? (Math.random() < 0.5 ? "w" : "b") : settings.side;
  state.over = gameOver(state.game);
  state.viewPly = null;
  board.removeArrows();
  clearReadouts();
  await setOrientation(state.human === "b");
  render();
  engineMove();
  return true;
}

// setOrientation resolves when the board has been redrawn.
function setOrientation(blackBottom) {
  evalbar.flip(blackBottom);
  settings.flipped = blackBottom;
  return view.setOrientation(blackBottom);
}

async function takeback() {
  state.epoch++;
  state.thinking = false;
  await engine.stopAndWait();
  const g = state.game;
  if (state.mode === "analyse") {
    // In analysis a takeback undoes one move of either side.
    study.truncateToView();
    g.undo();
    state.over = gameOver(g);
    render();
    return study.analyse();
  }
  // Undo at least one move, and until it is the human's turn again; what
  // the engine said belonged to a position no longer on the board.
  clearReadouts();
  if (g.history().length > 0) g.undo();
  while (g.history().length > 0 && g.turn() !== state.human) g.undo();
  state.over = null;
  state.viewPly = null;
  board.removeArrows();
  render();
  engineMove(); // when the human plays Black and everything was undone
}

// ---- wiring ----------------------------------------------------------

function bind() {
  bindSettings(settings, {
    onLines: () => {
      $("pv-lines").replaceChildren();
      study.analyse();
    },
    onSounds: (on) => (sounds.enabled = on),
    onHelp: render,
    onLook: () => applyLook(settings, $("board")),
  });
  $("new-game").addEventListener("click", () => started.then(() => newGame()));
  $("takeback").addEventListener("click", takeback);
  $("hint").addEventListener("click", actions.hint);
  $("stop").addEventListener("click", () => engine.stop());
  $("flip").addEventListener("click", () => {
    setOrientation(!view.blackBottom);
    saveSettings(settings);
  });
  $("draw").addEventListener("click", actions.offerDraw);
  $("resign").addEventListener("click", actions.resign);
  $("copy-pgn").addEventListener("click", async () => setStatus(await copyText(pgnText(), "PGN", $("import-text"))));
  $("download-pgn").addEventListener("click", () => download(pgnText(), "kibitz-game.pgn", "application/x-chess-pgn"));
  $("share").addEventListener("click", async () => {
    const link = shareLink(location.origin + location.pathname, startFen(), uciMoves(), state.viewPly);
    setStatus(await copyText(link, "Link to this game", $("import-text")));
  });
  $("copy-fen").addEventListener("click", async () => setStatus(await copyText(state.game.fen(), "FEN", $("import-text"))));
  $("import").addEventListener("click", () => started.then(() => importText()));
  $("move-form").addEventListener("submit", playTyped);
  $("describe").addEventListener("click", () => {
    const p = $("position-text");
    p.hidden = false;
    p.textContent = describe(view.fen || state.game.fen());
  });
  bindKeys({
    position: () => ({ ply: state.viewPly ?? state.game.history().length, plies: state.game.history().length }),
    show: showPly,
    flip: () => $("flip").click(),
    hint: actions.hint,
    analyse: () => $("analyse").click(),
    stop: () => engine.stop(),
  });
}

// restoreGame brings back the saved game; false when there is none (or it
// no longer replays).
function restoreGame() {
  const saved = loadStoredGame();
  if (!saved) return false;
  const { tree, ...rest } = saved;
  Object.assign(state, rest);
  state.tree = importTree(tree || "", state.game, startFen());
  state.viewPly = null;
  clearReadouts();
  setOrientation(state.human === "b").then(() => {
    render();
    if (!state.over) {
      setStatus(state.game.turn() === state.human ? "Your game is back — your move" : "Your game is back");
      engineMove();
    }
  });
  return true;
}

// calibrate measures this device's search speed once per load (50 000
// nodes, a few tenths of a second at most) for the depth slider's times.
async function calibrate() {
  await measureSpeed(engine);
  $("depth-help").textContent = strengthHelp(settings);
  await engine.newGame().catch(() => {});
}

// startFromAddress starts from ?fen= when it is given (saying why when the
// engine refuses it), else restores the game saved before a reload.
async function startFromAddress() {
  const shared = readShared(location.search);
  if (shared) {
    history.replaceState(history.state, "", withoutShare(location.href));
    if ("error" in shared) {
      await newGame();
      setStatus(`The shared link was not opened: ${shared.error}`);
      return;
    }
    $("import-text").value = shared.pgn;
    await importText();
    if (state.mode !== "analyse") await study.toggleAnalysis();
    if (shared.ply !== null) showPly(shared.ply);
    return;
  }
  if (settings.fen) {
    dropFenFromAddress();
    if (await newGame(settings.fen)) return;
    const why = $("status").textContent;
    await newGame();
    setStatus(`${why} — the address's fen was ignored; a new game from the usual position`);
    return;
  }
  if (!restoreGame()) await newGame();
}

// dropFenFromAddress takes ?fen= out of the address once it has been read:
// a reload then restores the game played from that position (saved like
// any other) instead of starting it again.
function dropFenFromAddress() {
  const url = new URL(location.href);
  url.searchParams.delete("fen");
  history.replaceState(history.state, "", url);
}

const io = createGameIO({ state, engine, board, settings, render, setStatus, setOrientation, clearReadouts, newGame, startFen, clearReview: () => study.clearReview() });
const { pgnText, importText } = io;
const actions = createActions({ state, settings, board, search, render, setStatus, endGame, engineColor });
const study = createStudy({
  state, engine, board, settings, render, showPly, startFen, uciMoves, showInfo, clearReadouts, setStatus, setOrientation, pgnText, engineMove,
  importPgn: (text, id) => {
    $("import-text").value = text;
    return started.then(() => importText(id));
  },
});
const learn = createLearn({ state, engine, board, view, render, setStatus, startFen, uciMoves });
// started settles when the first game is set up: actions that replace the
// game wait for it, so an early click is not undone by the start-up.
/** @type {Promise<void>} */
let started;

// start binds the page's controls and sets the first game up once the
// engine has loaded.
export function start() {
  bind();
  applyLook(settings, $("board"));
  started = engine.ready
  .then((version) => {
    setScale(engine.strengths);
    if (settings.elo) settings.elo = nearestLevel(settings.elo);
    showLevels(settings);
    return calibrate().then(startFromAddress).then(() => version);
  })
  .then((version) => {
    $("engine-version").textContent = version;
    loadOpenings(openingsUrl).then((table) => {
      openings = table;
      showOpening();
    });
  })
  .catch((err) => setStatus(`The engine failed to load: ${err.message}`));
  /** @type {any} */ (window).kibitz = { state, engine, sounds }; // for the browser tests and the curious
}
