// @ts-check
// An example site that plays Kibitz with its own board: cm-chessboard draws
// it, chess.js keeps the rules, and the Kibitz library (imported as
// "kibitz-chess", mapped to ../lib/kibitz.js by the page's import map) answers:
// moves at a level or at full strength, progress as it thinks, an analysis
// that runs until Stop, and endgame positions with the tables' verdict.
import "cm-chessboard/assets/chessboard.css";
import "cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css";
import "./style.css";
import { Chessboard, COLOR, INPUT_EVENT_TYPE, BORDER_TYPE } from "cm-chessboard/src/Chessboard.js";
import { PromotionDialog } from "cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js";
import piecesUrl from "cm-chessboard/assets/pieces/standard.svg";
import { Chess } from "chess.js";
import { createEngine } from "kibitz-chess";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const PLAYER = "w"; // the visitor plays White; Kibitz moves first from a position with Black to move
const FULL_DEPTH = 8;

const board = new Chessboard($("board"), {
  position: new Chess().fen(),
  assetsUrl: "",
  style: { borderType: BORDER_TYPE.thin, pieces: { file: piecesUrl } },
  extensions: [{ class: PromotionDialog }],
});
let game = new Chess();
let start = game.fen();
let epoch = 0; // bumped by a new game: answers for an older one are dropped

/** @param {string} text */
const say = (text) => ($("status").textContent = text);

/** @param {{cp?: number, mate?: number, tb?: number}} score from the side to move's view @param {string} side */
function scoreText(score, side) {
  const sign = side === "w" ? 1 : -1;
  if (score.mate !== undefined) return `mate in ${Math.abs(score.mate)} for ${score.mate * sign > 0 ? "White" : "Black"}`;
  if (score.tb !== undefined) return score.tb === 0 ? "tables: draw" : `tables: ${score.tb * sign > 0 ? "White" : "Black"} wins`;
  const cp = (score.cp ?? 0) * sign;
  return `${cp >= 0 ? "+" : "−"}${Math.abs(cp / 100).toFixed(2)}`;
}

/** The tables' verdict on the position searched, in words. @param {{wdl: number, dtm: number} | undefined} tb @param {string} side */
function verdictText(tb, side) {
  if (!tb) return "";
  const mover = side === "w" ? "White" : "Black";
  if (tb.wdl === 0) return ` The endgame tables: a draw.`;
  return ` The endgame tables: ${mover} ${tb.wdl > 0 ? "wins" : "loses"}, mate in ${Math.ceil(tb.dtm / 2)}.`;
}

/** @param {string[]} uci moves from fen @param {string} fen */
function sanLine(uci, fen) {
  const g = new Chess(fen);
  const out = [];
  for (const m of uci.slice(0, 6)) {
    try {
      out.push(g.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] }).san);
    } catch {
      break;
    }
  }
  return out.join(" ");
}

/** @param {import("kibitz-chess").SearchInfo} info @param {string} fen */
function showProgress(info, fen) {
  $("progress").textContent = `depth ${info.depth} · ${scoreText(info.score, fen.split(" ")[1])} · ${info.nodes.toLocaleString("en")} nodes · ${sanLine(info.pv, fen)}`;
}

function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  const sans = game.history();
  const first = new Chess(start).turn() === "b" ? 1 : 0;
  const cells = first ? ["…", ...sans] : sans;
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = cells.slice(i, i + 2).join(" ");
    list.append(li);
  }
}

const moves = () => game.history({ verbose: true }).map((m) => m.lan);

/** @param {{from: string, to: string, promotion?: string}} move */
function play(move) {
  game.move(move);
  board.setPosition(game.fen(), true);
  showMoves();
}

function over() {
  if (!game.isGameOver()) return false;
  say(game.isCheckmate() ? `Checkmate — ${game.turn() === "w" ? "Black" : "White"} wins` : "Draw");
  return true;
}

async function kibitzMoves(/** @type {import("kibitz-chess").KibitzEngine} */ engine) {
  if (over() || game.turn() === PLAYER) return;
  const mine = epoch;
  const fen = game.fen();
  const level = /** @type {HTMLSelectElement} */ ($("strength")).value;
  say("Kibitz is thinking…");
  const limits = level ? { elo: Number(level), depth: 64 } : { depth: FULL_DEPTH };
  const r = await engine.search({ fen: start, moves: moves(), ...limits, onInfo: (i) => showProgress(i, fen) });
  if (mine !== epoch || !r.bestmove) return;
  play({ from: r.bestmove.slice(0, 2), to: r.bestmove.slice(2, 4), promotion: r.bestmove[4] });
  const how = r.elo !== undefined ? `at level ${/** @type {HTMLSelectElement} */ ($("strength")).selectedIndex} (${r.elo} Elo)` : `at depth ${r.depth}`;
  if (!over()) say(`Kibitz played ${game.history().at(-1)} ${how}.${verdictText(r.tb, fen.split(" ")[1])} Your move.`);
}

/** @param {import("kibitz-chess").KibitzEngine} engine @param {string} [fen] */
async function newGame(engine, fen) {
  epoch++;
  await engine.newGame();
  game = fen ? new Chess(fen) : new Chess();
  start = game.fen();
  board.setPosition(start, false);
  $("progress").textContent = "";
  showMoves();
  say("Your move");
  await kibitzMoves(engine);
}

/** @param {import("kibitz-chess").KibitzEngine} engine */
async function analyse(engine) {
  const [fen, mine, ply] = [game.fen(), epoch, game.history().length];
  say("Analysing… (Stop ends it)");
  const r = await engine.search({ fen: start, moves: moves(), infinite: true, onInfo: (i) => showProgress(i, fen) });
  if (mine !== epoch || ply !== game.history().length) return; // a move or a new game took over
  if (r.bestmove) say(`Analysis stopped at depth ${r.depth}: ${sanLine([r.bestmove], fen)} is best (${scoreText(r.score, fen.split(" ")[1])}).${verdictText(r.tb, fen.split(" ")[1])}`);
}

async function main() {
  let engine;
  try {
    engine = await createEngine();
  } catch (err) {
    say(`The engine did not start: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  /** @type {any} */ (window).example = { engine };
  const strength = /** @type {HTMLSelectElement} */ ($("strength"));
  engine.strengths?.levels.forEach((elo, i) => strength.append(new Option(`Level ${i + 1} (${elo} Elo)`, String(elo))));
  board.enableMoveInput((/** @type {any} */ e) => {
    switch (e.type) {
      case INPUT_EVENT_TYPE.moveInputStarted:
        return game.turn() === PLAYER && !game.isGameOver() && game.moves({ square: e.squareFrom }).length > 0;
      case INPUT_EVENT_TYPE.validateMoveInput: {
        const legal = game.moves({ square: e.squareFrom, verbose: true }).filter((m) => m.to === e.squareTo);
        if (legal.length === 0) return false;
        const finish = (/** @type {string | undefined} */ promotion) => {
          play({ from: e.squareFrom, to: e.squareTo, promotion });
          kibitzMoves(engine).catch((err) => say(`Engine error: ${err.message}`));
        };
        if (legal[0].promotion) {
          board.showPromotionDialog(e.squareTo, COLOR.white, (/** @type {{piece?: string}} */ r) => (r?.piece ? finish(r.piece.charAt(1)) : board.setPosition(game.fen(), false)));
        } else {
          setTimeout(finish); // after the board has finished its own move
        }
        return true;
      }
    }
    return true;
  }, COLOR.white);
  const report = (/** @type {Error} */ err) => say(`${err.name === "KibitzError" ? "Kibitz" : "Error"}: ${err.message}`);
  $("new-game").addEventListener("click", () => newGame(engine).catch(report));
  $("analyse").addEventListener("click", () => analyse(engine).catch(report));
  $("stop").addEventListener("click", () => engine.stop());
  $("setup").addEventListener("submit", async (e) => {
    e.preventDefault();
    const fen = /** @type {HTMLInputElement} */ ($("fen")).value.trim();
    const why = await engine.check(fen);
    if (why) say(`Not a position Kibitz can play: ${why}`);
    else newGame(engine, fen).catch(report);
  });
  await newGame(engine);
}

main();
