// Studying a game on the page: the analysis mode (moves for both sides,
// the engine thinking on whatever position is shown, its lines playable),
// the game review, and the library of finished games. It works on the
// page's state through `page` (play.js; page.d.ts).
import { Chess } from "chess.js";
import { gameOver, pgnDate } from "./game.js";
import { analyseGame, showReview } from "./reviewpanel.js";
import { libraryGames, saveToLibrary, libraryPgn, removeFromLibrary } from "./library.js";
import { download, scrollWithin } from "./panel.js";
import { LINE_MOVES, scoreText } from "./format.js";
import { $ } from "./dom.js";

// The deepest search the page asks for (the library allows 1..64): in
// analysis it runs until stopped.
const ANALYSIS_DEPTH = 64;

// The engine lines' arrows, one kind per line (cm-chessboard removes
// arrows by kind): the best line's strongest; red ones for a threat.
const LINE_ARROWS = [1, 2, 3, 4, 5].map((n) => ({ class: `arrow-line-${n}` }));
const THREAT_ARROWS = [1, 2, 3, 4, 5].map((n) => ({ class: `arrow-threat-${n}` }));

/**
 * The position with the move passed to the other side (the "null move"),
 * for asking what it threatens.
 * @param {string} fen
 */
export function passTurn(fen) {
  const [placement, side, castling, , half, full] = fen.split(" ");
  return [placement, side === "w" ? "b" : "w", castling, "-", Number(half) + 1, Number(full) + (side === "b" ? 1 : 0)].join(" ");
}

/**
 * @param {Pick<import("./page.js").Page, "state" | "engine" | "board" | "settings" | "refresh" | "showPly" | "startFen" | "uciMoves" | "showInfo" |
 *   "clearReadouts" | "setStatus" | "setOrientation" | "pgnText" | "importPgn" | "engineMove">} page
 */
export function createStudy(page) {
  const { state, engine, board } = page;

  // shownFen is the position on the board: the live one or the ply being
  // looked at.
  const shownPly = () => state.viewPly ?? state.game.history().length;
  const shownFen = () => {
    const h = state.game.history({ verbose: true });
    const ply = shownPly();
    return ply === 0 ? page.startFen() : h[ply - 1].after;
  };

  // truncateToView makes the shown position the end of the line played:
  // the chess.js game drops the moves after it, while the tree keeps them,
  // so that a move played there becomes a variation beside them.
  function truncateToView() {
    if (state.viewPly === null) return;
    while (state.game.history().length > state.viewPly) state.game.undo();
    state.viewPly = null;
    state.over = gameOver(state.game);
    clearReview();
  }

  /** @type {{fen: string, info: import("./kibitz.js").SearchInfo, side: string} | null} the last evaluation of a position shown */
  let positionEval = null;

  // analyse searches the shown position until something changes it, with
  // an arrow for each line's first move. With the threat asked for (and
  // the side to move not in check) it searches the position with the turn
  // passed: what the other side would play.
  async function analyse() {
    if (state.mode !== "analyse") return;
    const epoch = ++state.epoch;
    const shown = shownFen();
    const threat = state.threat && !new Chess(shown).inCheck();
    const fen = threat ? passTurn(shown) : shown;
    const side = fen.split(" ")[1];
    page.clearReadouts();
    board.removeArrows();
    // The threat's lines are not the position's evaluation: the bar and the
    // score keep what the last search of this position said.
    if (threat && positionEval?.fen === shown) {
      page.showInfo(positionEval.info, shown, positionEval.side);
      $("pv-lines").replaceChildren();
    }
    if (gameOver(new Chess(shown))) return;
    const moves = page.uciMoves().slice(0, shownPly());
    const limits = threat
      ? { fen, moves: [], depth: ANALYSIS_DEPTH, multipv: page.settings.lines }
      : { fen: page.startFen(), moves, depth: ANALYSIS_DEPTH, multipv: page.settings.lines };
    /** @type {string[]} each line's first move */
    const firsts = [];
    const onInfo = (/** @type {import("./kibitz.js").SearchInfo} */ info) => {
      if (epoch !== state.epoch) return;
      if (!threat && info.multipv === 1) positionEval = { fen: shown, info, side };
      page.showInfo(info, fen, side, threat ? null : () => playLine(info.pv.slice(0, LINE_MOVES)), threat);
      if (info.pv.length === 0) return;
      firsts[info.multipv - 1] = info.pv[0];
      drawLines(firsts.slice(0, page.settings.lines), threat ? THREAT_ARROWS : LINE_ARROWS);
    };
    await engine.search({ ...limits, onInfo }).catch(() => {});
  }

  /** @param {string[]} firsts each line's first move (UCI) @param {any[]} kinds cm-chessboard's arrow types */
  function drawLines(firsts, kinds) {
    for (const kind of [...LINE_ARROWS, ...THREAT_ARROWS]) board.removeArrows(kind);
    // The best line's arrow last, on top of the others.
    for (let i = firsts.length - 1; i >= 0; i--) {
      const uci = firsts[i];
      if (uci && !(i > 0 && firsts.slice(0, i).includes(uci))) board.addArrow(kinds[i], uci.slice(0, 2), uci.slice(2, 4));
    }
  }

  // toggleThreat shows or hides the threat, in analysis.
  function toggleThreat() {
    if (state.mode !== "analyse") return;
    state.threat = !state.threat;
    $("threat").setAttribute("aria-pressed", String(state.threat));
    page.refresh();
    analyse();
  }

  // playLine plays an engine line from the shown position.
  /** @param {string[]} pv */
  function playLine(pv) {
    truncateToView();
    for (const uci of pv) {
      try {
        state.game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      } catch {
        break;
      }
    }
    state.over = gameOver(state.game);
    page.refresh();
    analyse();
  }

  // toggleAnalysis switches between playing and analysing; the game stays.
  // Back in play, the player takes the side to move.
  async function toggleAnalysis() {
    state.epoch++;
    await engine.stopAndWait();
    state.thinking = state.hinting = false;
    board.removeArrows();
    page.clearReadouts();
    state.mode = state.mode === "analyse" ? "play" : "analyse";
    $("analyse").setAttribute("aria-pressed", String(state.mode === "analyse"));
    state.threat = false;
    $("threat").setAttribute("aria-pressed", "false");
    $("threat").disabled = state.mode !== "analyse";
    if (state.mode === "play") {
      state.viewPly = null;
      state.human = state.game.turn();
      await page.setOrientation(state.human === "b");
    }
    page.refresh();
    analyse();
  }

  function clearReview() {
    state.marks = new Map();
    state.review = null;
    state.learning = false; // a new game or an import ends a lesson on the old one
    $("learn-box").hidden = true;
    $("review-graph").toggleAttribute("hidden", true); // an SVG element has no hidden property
    $("review-list").replaceChildren();
  }

  // review analyses every position of the game; a second click stops it.
  async function review() {
    if (state.reviewing) {
      state.reviewing = false;
      return;
    }
    if (state.game.history().length === 0) return page.setStatus("There is no move to review yet");
    state.epoch++;
    await engine.stopAndWait();
    state.thinking = state.hinting = false;
    state.reviewing = true;
    const progress = $("review-progress");
    progress.hidden = false;
    progress.value = 0;
    $("review").textContent = "Stop review";
    const history = state.game.history({ verbose: true });
    const depth = parseInt($("review-depth").value, 10);
    const game = state.game;
    const positions = await analyseGame(
      engine,
      page.startFen(),
      page.uciMoves(),
      depth,
      (done, total) => {
        progress.value = done / total;
        page.setStatus(`Reviewing the game: position ${done} of ${total}…`);
      },
      () => !state.reviewing || state.game !== game || state.game.history().length !== history.length,
    );
    state.reviewing = false;
    progress.hidden = true;
    $("review").textContent = "Review game";
    if (!positions) {
      page.refresh();
      return state.mode === "play" && page.engineMove();
    }
    state.marks = showReview($("review-graph"), $("review-list"), history, positions, page.showPly);
    // A list that scrolls takes the keyboard too (arrows scroll it once focused).
    $("review-list").tabIndex = 0;
    state.review = { history, positions, depth };
    $("review-graph").toggleAttribute("hidden", false);
    page.refresh();
    // The results come below the moves, in the box that scrolls: brought into
    // view, or a player looks for them (only that box scrolls on a wide screen).
    scrollWithin($("review-list").firstElementChild ?? $("review-graph"));
    scrollWithin($("review-graph"));
    page.setStatus("Review done: click the graph or a move to see a position");
    if (state.mode === "analyse") analyse();
    else page.engineMove(); // the review stopped Kibitz if it was thinking: it moves now
  }

  // keepFinished saves a finished game in the library once (not a line
  // that ends in mate during analysis).
  function keepFinished() {
    if (!state.over || state.mode !== "play" || state.savedId === state.gameId || state.game.history().length === 0) return;
    state.savedId = state.gameId;
    const pgn = page.pgnText();
    // The players as the PGN names them (the page fills in "You" and
    // Kibitz's strength where the game had no names).
    const tag = (/** @type {string} */ name) => pgn.match(new RegExp(`^\\[${name} "([^"]*)"\\]`, "m"))?.[1] || "?";
    saveToLibrary({
      id: state.gameId,
      pgn,
      result: state.over.result,
      date: pgnDate(new Date()),
      white: tag("White"),
      black: tag("Black"),
      moves: Math.ceil(state.game.history().length / 2),
    });
    renderLibrary();
  }

  /** @type {{game: import("./library.js").LibraryGame, at: number, text: string} | null} the game deleted last, for Undo */
  let deleted = null;

  function renderLibrary() {
    const items = libraryGames().map((g) => {
      const li = document.createElement("li");
      li.textContent = `${g.date} ${g.white} – ${g.black} ${g.result} (${g.moves} move${g.moves === 1 ? "" : "s"})`;
      const open = document.createElement("button");
      open.type = "button";
      open.textContent = "Open";
      open.className = "library-open";
      open.addEventListener("click", () => page.importPgn(g.pgn, g.id));
      const del = document.createElement("button");
      del.type = "button";
      del.className = "library-delete";
      del.textContent = "Delete";
      del.setAttribute("aria-label", `Delete ${li.textContent}`);
      del.addEventListener("click", () => {
        deleted = { game: g, at: libraryGames().findIndex((x) => x.id === g.id), text: li.firstChild?.textContent ?? "" };
        removeFromLibrary(g.id); // the game on the board, if it is this one, stays unsaved (savedId keeps its id)
        renderLibrary();
      });
      li.append(open, del);
      return li;
    });
    $("library").replaceChildren(...items);
    $("export-library").disabled = items.length === 0;
    // The last game deleted can be put back until another is.
    const undo = $("library-undo");
    undo.hidden = !deleted;
    if (!deleted) return undo.replaceChildren();
    const again = document.createElement("button");
    again.type = "button";
    again.id = "library-undo-button";
    again.textContent = "Undo";
    const { game, at } = deleted;
    again.addEventListener("click", () => {
      saveToLibrary(game, at);
      deleted = null;
      renderLibrary();
    });
    undo.replaceChildren(`Deleted: ${deleted.text}. `, again);
  }

  // showBranch makes a variation the line shown, in analysis.
  /** @param {import("cm-pgn").PgnMove} first @param {number} ply */
  async function showBranch(first, ply) {
    if (state.mode !== "analyse") await toggleAnalysis();
    state.tree.choose(first);
    state.game = state.tree.game();
    state.viewPly = ply;
    state.over = gameOver(state.game);
    clearReview();
    page.refresh();
    analyse();
  }

  // edit changes the tree and shows the line it leaves.
  /** @param {() => void} change */
  function edit(change) {
    change();
    state.game = state.tree.game();
    state.viewPly = state.viewPly === null ? null : Math.min(state.viewPly, state.tree.line.length);
    state.over = gameOver(state.game);
    clearReview();
    page.refresh();
    analyse();
  }

  // nextMistake shows the next move the review marked (after the one
  // shown; from the first again at the end), with its verdict and score.
  function nextMistake() {
    const plies = [...state.marks.keys()].sort((a, b) => a - b);
    const shown = state.viewPly ?? state.game.history().length;
    const next = plies.find((p) => p > shown) ?? plies[0];
    if (next !== undefined) page.showPly(next);
  }

  // renderReview shows, while a reviewed game is browsed, the review's
  // score of the position shown, and offers the next marked move.
  function renderReview() {
    $("next-mistake").hidden = state.marks.size === 0 || state.learning || state.reviewing;
    const ply = state.viewPly;
    const reviewed = ply !== null && state.review?.history.length === state.game.history().length ? state.review.positions[ply] : null;
    if (reviewed && state.mode === "play" && !state.learning) {
      // a lesson gives nothing away
      $("info-score").textContent = scoreText(reviewed.score);
      $("info-depth").textContent = `${state.review?.depth} (review)`;
    }
  }

  $("analyse").addEventListener("click", toggleAnalysis);
  $("next-mistake").addEventListener("click", nextMistake);
  $("threat").addEventListener("click", toggleThreat);
  $("review").addEventListener("click", review);
  $("export-library").addEventListener("click", () => download(libraryPgn(), "kibitz-games.pgn", "application/x-chess-pgn"));
  renderLibrary();
  return {
    analyse,
    toggleAnalysis,
    toggleThreat,
    truncateToView,
    clearReview,
    keepFinished,
    renderLibrary,
    renderReview,
    showBranch,
    edit,
    shownFen,
    shownPly,
  };
}
