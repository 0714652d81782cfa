// The play page: a cm-chessboard board, a chess.js game, and the Kibitz
// engine in a Web Worker. The page never waits on the engine: every search
// is a promise, and a newer action (takeback, new game) makes older answers
// stale by bumping `epoch`.
import { Chess, validateFen } from "chess.js";
import { Chessboard, COLOR, INPUT_EVENT_TYPE, BORDER_TYPE } from "cm-chessboard/src/Chessboard.js";
import { Markers, MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js";
import { Arrows, ARROW_TYPE } from "cm-chessboard/src/extensions/arrows/Arrows.js";
import { PromotionDialog } from "cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js";
import { Accessibility } from "cm-chessboard/src/extensions/accessibility/Accessibility.js";
import { EngineClient } from "./engine.js";
import { EvalBar } from "./evalbar.js";
import { whiteScore, scoreText, pvToSan, compact } from "./format.js";
import { loadSettings, saveSettings } from "./settings.js";
import { depthHelp, recordThinkTime } from "./depth.js";

const $ = (id) => document.getElementById(id);
const LAST_MOVE = { class: "marker-last-move", slice: "markerSquare" };
const CHECK = { class: "marker-check", slice: "markerCircleFilled" };

const settings = loadSettings();
const engine = new EngineClient();
const evalbar = new EvalBar($("evalbar"));
const board = new Chessboard($("board"), {
  position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
  assetsUrl: "./assets/",
  style: { borderType: BORDER_TYPE.none, showCoordinates: true, animationDuration: 200 },
  extensions: [
    { class: Markers, props: { autoMarkers: MARKER_TYPE.frame } },
    { class: Arrows },
    { class: PromotionDialog },
    { class: Accessibility, props: { boardAsTable: false, piecesAsList: false, movePieceForm: true, language: "en" } },
  ],
});

const state = {
  game: new Chess(),
  human: "w",
  viewPly: null, // null: the live position; otherwise a ply being reviewed
  over: null, // {result, reason}
  epoch: 0, // bumped whenever pending engine answers become meaningless
  thinking: false,
};

// ---- game helpers ----------------------------------------------------

function startFen() {
  const h = state.game.history({ verbose: true });
  return h.length ? h[0].before : state.game.fen();
}

function uciMoves() {
  return state.game.history({ verbose: true }).map((m) => m.from + m.to + (m.promotion || ""));
}

function engineColor() {
  return state.human === "w" ? "b" : "w";
}

function checkGameOver() {
  const g = state.game;
  if (g.isCheckmate()) {
    const winner = g.turn() === "w" ? "Black" : "White";
    return { result: winner === "White" ? "1-0" : "0-1", reason: `Checkmate — ${winner} wins` };
  }
  if (g.isStalemate()) return { result: "1/2-1/2", reason: "Stalemate — draw" };
  if (g.isThreefoldRepetition()) return { result: "1/2-1/2", reason: "Threefold repetition — draw" };
  if (g.isInsufficientMaterial()) return { result: "1/2-1/2", reason: "Insufficient material — draw" };
  if (g.isDrawByFiftyMoves()) return { result: "1/2-1/2", reason: "Fifty-move rule — draw" };
  return null;
}

function endGame(over) {
  state.over = over;
  state.epoch++;
  engine.stopAndWait();
  state.thinking = false;
  render();
}

// ---- rendering -------------------------------------------------------

function setStatus(text, over = false) {
  const el = $("status");
  el.textContent = text;
  el.classList.toggle("over", over);
}

// showPosition animates the board to fen. Updates run one after another
// (overlapping animations lose pieces), a queued update superseded by a
// newer one is skipped, and the view is made exact when an animation ends.
let shownFen = null;
let boardQueue = Promise.resolve();
function showPosition(fen) {
  shownFen = fen;
  boardQueue = boardQueue
    .then(async () => {
      if (shownFen !== fen) return;
      await board.setPosition(fen, true);
      if (board.getPosition() !== fen.split(" ")[0]) await board.setPosition(fen, false);
    })
    .catch(() => board.setPosition(fen, false));
}

function render() {
  const g = state.game;
  const history = g.history({ verbose: true });
  const ply = state.viewPly ?? history.length;
  const fen = ply === 0 ? startFen() : history[ply - 1].after;
  showPosition(fen);
  board.removeMarkers(LAST_MOVE);
  board.removeMarkers(CHECK);
  if (ply > 0) {
    board.addMarker(LAST_MOVE, history[ply - 1].from);
    board.addMarker(LAST_MOVE, history[ply - 1].to);
  }
  const view = new Chess(fen);
  if (view.inCheck()) {
    const king = view.findPiece({ type: "k", color: view.turn() })[0];
    if (king) board.addMarker(CHECK, king);
  }
  renderMoves(history, ply);
  const live = state.viewPly === null;
  const humanToMove = live && !state.over && g.turn() === state.human && !state.thinking;
  setMoveInput(humanToMove ? state.human : null);
  $("takeback").disabled = history.length === 0;
  $("hint").disabled = !humanToMove;
  $("stop").disabled = !state.thinking;
  $("draw").disabled = !live || Boolean(state.over) || state.thinking;
  $("resign").disabled = Boolean(state.over) || history.length === 0;
  if (state.over) setStatus(state.over.reason, true);
  else if (!live) setStatus(`Reviewing move ${Math.ceil(ply / 2) || 0} — press End or click the last move to return`);
  else if (state.thinking) setStatus(`Kibitz is thinking (depth ${settings.depth})…`);
  else if (humanToMove) setStatus(`Your move (${state.human === "w" ? "White" : "Black"})${g.inCheck() ? " — check!" : ""}`);
}

// setMoveInput lets the given colour ("w", "b") move pieces, or nobody
// (null). cm-chessboard refuses to enable input twice, so track it.
let inputColor = null;
function setMoveInput(color) {
  if (color === inputColor) return;
  if (inputColor) board.disableMoveInput();
  if (color) board.enableMoveInput(onInput, color === "w" ? COLOR.white : COLOR.black);
  inputColor = color;
}

function renderMoves(history, ply) {
  const ol = $("moves");
  ol.replaceChildren();
  const firstBlack = history.length > 0 && history[0].color === "b";
  let number = history.length ? parseInt(history[0].before.split(" ")[5], 10) : 1;
  let li = null;
  const cell = (i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = history[i].san;
    b.dataset.ply = i + 1;
    b.setAttribute("aria-label", `Show the position after ${history[i].san}`);
    if (i + 1 === ply) b.classList.add("current");
    b.addEventListener("click", () => showPly(i + 1));
    return b;
  };
  const newRow = () => {
    li = document.createElement("li");
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = `${number}.`;
    li.append(num);
    ol.append(li);
    number++;
  };
  history.forEach((m, i) => {
    if (m.color === "w" || (i === 0 && firstBlack)) newRow();
    if (i === 0 && firstBlack) li.append(document.createElement("span"));
    li.append(cell(i));
  });
  const current = ol.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function showPly(ply) {
  const n = state.game.history().length;
  state.viewPly = ply >= n ? null : Math.max(0, ply);
  render();
}

function showInfo(info, fen, sideToMove) {
  if (info.multipv === 1) {
    const ws = whiteScore(info.score, sideToMove);
    $("info-depth").textContent = `${info.depth}/${info.seldepth}`;
    $("info-score").textContent = scoreText(ws) + (info.bound ? (info.bound === "lower" ? " ≥" : " ≤") : "");
    $("info-nodes").textContent = compact(info.nodes);
    $("info-nps").textContent = `${compact(info.nps)}/s`;
    evalbar.set(ws);
  }
  const ol = $("pv-lines");
  while (ol.children.length < info.multipv) ol.append(document.createElement("li"));
  while (ol.children.length > settings.lines) ol.lastChild.remove();
  const li = ol.children[info.multipv - 1];
  if (!li) return;
  li.replaceChildren();
  const score = document.createElement("span");
  score.className = "score";
  score.textContent = scoreText(whiteScore(info.score, sideToMove));
  li.append(score, pvToSan(fen, info.pv));
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
  const started = performance.now();
  let result;
  try {
    result = await search({ depth: settings.depth });
  } catch (err) {
    if (epoch === state.epoch) setStatus(`Engine error: ${err.message}`);
    return;
  } finally {
    if (epoch === state.epoch) state.thinking = false;
  }
  if (epoch !== state.epoch || !result.bestmove) return render();
  recordThinkTime(result.depth, performance.now() - started);
  $("depth-help").textContent = depthHelp(settings.depth);
  const mv = result.bestmove;
  state.game.move({ from: mv.slice(0, 2), to: mv.slice(2, 4), promotion: mv[4] });
  state.viewPly = null;
  board.removeArrows();
  state.over = checkGameOver();
  render();
}

// ---- user input ------------------------------------------------------

function legalFrom(square) {
  return state.game.moves({ square, verbose: true });
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
      if (candidates.some((m) => m.promotion)) {
        board.showPromotionDialog(to, state.human === "w" ? COLOR.white : COLOR.black, (choice) => {
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
  board.removeArrows();
  state.over = checkGameOver();
  render();
  if (!state.over) engineMove();
}

// ---- buttons ---------------------------------------------------------

async function newGame(fen = null) {
  state.epoch++;
  state.thinking = false;
  await engine.newGame().catch(() => {});
  state.game = new Chess();
  if (fen) state.game.load(fen);
  state.human = settings.side === "random" ? (Math.random() < 0.5 ? "w" : "b") : settings.side;
  state.over = null;
  state.viewPly = null;
  board.removeArrows();
  $("pv-lines").replaceChildren();
  evalbar.set(null);
  await setOrientation(state.human === "b");
  render();
  engineMove();
}

// setOrientation resolves when the board has been redrawn.
function setOrientation(blackBottom) {
  evalbar.flip(blackBottom);
  settings.flipped = blackBottom;
  return board.setOrientation(blackBottom ? COLOR.black : COLOR.white);
}

async function takeback() {
  state.epoch++;
  state.thinking = false;
  await engine.stopAndWait();
  const g = state.game;
  // Undo at least one move, and until it is the human's turn again.
  if (g.history().length > 0) g.undo();
  while (g.history().length > 0 && g.turn() !== state.human) g.undo();
  state.over = null;
  state.viewPly = null;
  board.removeArrows();
  render();
  engineMove(); // when the human plays Black and everything was undone
}

async function hint() {
  if (state.over || state.thinking || state.game.turn() !== state.human) return;
  const epoch = state.epoch;
  setStatus("Looking for a hint…");
  const result = await search({ depth: settings.depth }).catch(() => null);
  if (epoch !== state.epoch || !result || !result.bestmove) return render();
  board.removeArrows();
  board.addArrow(ARROW_TYPE.info, result.bestmove.slice(0, 2), result.bestmove.slice(2, 4));
  const san = pvToSan(state.game.fen(), [result.bestmove]).replace(/^\d+\.+…? ?/, "");
  render();
  setStatus(`Hint: ${san}`);
}

async function offerDraw() {
  if (state.over || state.thinking) return;
  const epoch = state.epoch;
  setStatus("Kibitz considers your draw offer…");
  const result = await search({ depth: Math.min(settings.depth, 8) }).catch(() => null);
  if (epoch !== state.epoch || !result) return render();
  // The search was from the side to move's view; the engine's own view:
  const own = state.game.turn() === engineColor() ? result.score : negate(result.score);
  const forEngine = "mate" in own ? (own.mate > 0 ? 100000 : -100000) : own.cp;
  const shown = scoreText(whiteScore(own, engineColor()));
  if (forEngine <= 10) {
    endGame({ result: "1/2-1/2", reason: `Draw agreed — Kibitz accepts (it sees ${shown} for White)` });
  } else {
    render();
    setStatus(`Kibitz declines the draw: it thinks it stands better (${shown} for White)`);
  }
}

function negate(score) {
  return "mate" in score ? { mate: -score.mate } : { cp: -score.cp };
}

function resign() {
  if (state.over) return;
  const winner = state.human === "w" ? "Black" : "White";
  endGame({ result: state.human === "w" ? "0-1" : "1-0", reason: `You resigned — ${winner} (Kibitz) wins` });
}

// ---- PGN / FEN -------------------------------------------------------

function pgnText() {
  const g = new Chess();
  g.loadPgn(state.game.pgn());
  const now = new Date();
  const human = "You";
  g.setHeader("Event", "Kibitz game");
  g.setHeader("Site", location.host || "local");
  g.setHeader("Date", `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, "0")}.${String(now.getDate()).padStart(2, "0")}`);
  g.setHeader("White", state.human === "w" ? human : `Kibitz (depth ${settings.depth})`);
  g.setHeader("Black", state.human === "b" ? human : `Kibitz (depth ${settings.depth})`);
  g.setHeader("Result", state.over ? state.over.result : "*");
  if (state.over) g.setHeader("Termination", state.over.reason);
  if (startFen() !== new Chess().fen()) {
    g.setHeader("SetUp", "1");
    g.setHeader("FEN", startFen());
  }
  return g.pgn();
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`${what} copied to the clipboard`);
  } catch {
    $("import-text").value = text;
    $("import-text").select();
    setStatus(`${what} is in the text box: copy it from there`);
  }
}

function downloadPGN() {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([pgnText()], { type: "application/x-chess-pgn" }));
  a.download = "kibitz-game.pgn";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function importText() {
  const text = $("import-text").value.trim();
  $("import-error").textContent = "";
  if (!text) return;
  const looksLikeFen = !text.includes("[") && !text.includes(".") && text.split("/").length === 8;
  if (looksLikeFen) {
    const v = validateFen(text);
    if (!v.ok) return ($("import-error").textContent = `Not a valid FEN: ${v.error}`);
    return newGame(text);
  }
  const g = new Chess();
  try {
    g.loadPgn(text);
  } catch (err) {
    return ($("import-error").textContent = `Not a valid PGN: ${err.message}`);
  }
  state.epoch++;
  await engine.newGame().catch(() => {});
  state.game = g;
  const result = g.getHeaders().Result;
  state.over = checkGameOver() || (result && result !== "*" ? { result, reason: `Game over (${result})` } : null);
  state.human = g.turn();
  state.viewPly = null;
  await setOrientation(state.human === "b");
  render();
  setStatus(state.over ? state.over.reason : "Game loaded — your move");
}

// ---- wiring ----------------------------------------------------------

function bind() {
  $("depth").value = settings.depth;
  $("depth-value").textContent = settings.depth;
  $("depth-help").textContent = depthHelp(settings.depth);
  $("side").value = settings.side;
  $("lines").value = String(settings.lines);
  $("depth").addEventListener("input", (e) => {
    settings.depth = parseInt(e.target.value, 10);
    $("depth-value").textContent = settings.depth;
    $("depth-help").textContent = depthHelp(settings.depth);
    saveSettings(settings);
  });
  $("side").addEventListener("change", (e) => {
    settings.side = e.target.value;
    saveSettings(settings);
  });
  $("lines").addEventListener("change", (e) => {
    settings.lines = parseInt(e.target.value, 10);
    $("pv-lines").replaceChildren();
    saveSettings(settings);
  });
  $("new-game").addEventListener("click", () => newGame());
  $("takeback").addEventListener("click", takeback);
  $("hint").addEventListener("click", hint);
  $("stop").addEventListener("click", () => engine.stop());
  $("flip").addEventListener("click", () => {
    setOrientation(board.getOrientation() === COLOR.white);
    saveSettings(settings);
  });
  $("draw").addEventListener("click", offerDraw);
  $("resign").addEventListener("click", resign);
  $("copy-pgn").addEventListener("click", () => copyText(pgnText(), "PGN"));
  $("download-pgn").addEventListener("click", downloadPGN);
  $("copy-fen").addEventListener("click", () => copyText(state.game.fen(), "FEN"));
  $("import").addEventListener("click", importText);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    const n = state.game.history().length;
    const ply = state.viewPly ?? n;
    const keys = {
      ArrowLeft: () => showPly(ply - 1),
      ArrowRight: () => showPly(ply + 1),
      Home: () => showPly(0),
      End: () => showPly(n),
      f: () => $("flip").click(),
      h: () => hint(),
      " ": () => engine.stop(),
      Backspace: () => takeback(),
    };
    if (keys[e.key] && !(e.key === " " && e.target.closest("button"))) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

bind();
engine.ready
  .then((version) => {
    $("engine-version").textContent = version;
    return newGame(settings.fen && validateFen(settings.fen).ok ? settings.fen : null);
  })
  .catch((err) => setStatus(`The engine failed to load: ${err.message}`));
window.kibitz = { state, engine }; // for the browser tests and the curious
