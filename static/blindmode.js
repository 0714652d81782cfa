// @ts-check
// Blind mode: the page laid out as a document of headings for a screen
// reader — the game, its moves (a log, not live), the pieces, the status,
// the last move (an assertive live region), the clocks, a line for moves and
// commands (blind.js) answered in a live region of its own, the actions, the
// engine, the board grid, the settings and the help. The page's own
// controls are moved under the headings (one button, one listener, in
// either mode) and put back when blind mode ends. Opt-in: a control at the
// top of the page, or the address's ?blind (settings.js), and remembered.
import { Chess } from "./chessrules.js";
import { describe, spoken } from "./speech.js";
import { HELP, lastMoveText, parseCommand, piecesText, scanText, scoreWords, squareName } from "./blind.js";
import { $ } from "./dom.js";

/**
 * @typedef {object} BlindPage
 * @property {import("./state.js").PageState} state
 * @property {import("./settings.js").Settings} settings
 * @property {() => void} save saves the settings
 * @property {() => string} shownFen
 * @property {() => string} startFen
 * @property {(text: string) => string} playText plays a typed move; "" when played (or kept as a premove), else why not
 * @property {() => boolean} cancelPremove drops a premove; false when there was none
 * @property {() => string} clockText the clocks in words
 * @property {() => string} opponentText who the opponent is and how it plays
 * @property {() => {move: string, score: {cp?: number, mate?: number}, depth: number} | null} best the engine's last line for the position shown (White's view)
 * @property {() => void} abort starts the game again before the player has moved
 * @property {{ element: HTMLElement, render: () => void, focus: () => void }} grid the board grid
 */

// The sections, in order: heading, and the page's elements moved under it.
const SECTIONS = [
  ["Game", []],
  ["Moves", ["moves"]],
  ["Pieces", []],
  ["Status", ["status"]],
  ["Last move", ["announce"]],
  ["Clocks", []],
  ["Your move or command", []],
  ["Actions", ["new-game-row", "action-buttons"]],
  ["Analysis", ["engine-section"]],
  ["Review", ["review-row", "learn-box", "review-list"]],
  ["Board", ["board-grid", "board-grid-help"]],
  ["Games", ["io-section"]],
  ["Settings", ["settings"]],
  ["Help", []],
];

/** @param {BlindPage} page */
export function createBlindMode(page) {
  const { state, settings } = page;
  const doc = $("blind");
  /** @type {Map<HTMLElement, Comment>} the moved elements and where they came from */
  const moved = new Map();
  const { info, movesLog, pieces, clocks, form, answer } = buildDocument(doc);

  // on lays the page out as the document, or back as it was.
  /** @param {boolean} blind */
  function set(blind) {
    document.body.classList.toggle("blind", blind);
    doc.hidden = !blind;
    $("blind-toggle").setAttribute("aria-pressed", String(blind));
    $("blind-toggle").textContent = blind ? "Leave blind mode" : "Blind mode";
    for (const section of doc.children) {
      for (const id of /** @type {HTMLElement} */ (section).dataset.ids?.split(" ").filter(Boolean) ?? []) {
        const el = id === "board-grid" ? page.grid.element : $(id);
        if (blind && !moved.has(el)) {
          const mark = document.createComment(id);
          el.before(mark);
          moved.set(el, mark);
          (id === "moves" ? movesLog : section).append(el);
        } else if (!blind && moved.has(el)) {
          moved.get(el)?.replaceWith(el);
          moved.delete(el);
        }
      }
    }
    if (settings.blind !== blind) {
      settings.blind = blind;
      page.save();
    }
    page.grid.render(); // back over the drawn board, or standing alone
    render();
  }

  // render brings the document's own texts up to date.
  function render() {
    if (!settings.blind) return;
    const fen = page.shownFen();
    const history = state.game.history({ verbose: true });
    const you = state.human === "w" ? "White" : "Black";
    info.textContent =
      state.mode === "analyse"
        ? `Analysis board: moves for both sides. ${history.length} moves played.`
        : `You play ${you} against ${page.opponentText()}. ${state.over ? `Game over: ${state.over.reason}.` : ""}`;
    pieces.textContent = describe(fen);
    clocks.textContent = page.clockText();
  }

  /** @param {string} text */
  function reply(text) {
    // The same answer twice is said twice: the region's text must change.
    answer.textContent = answer.textContent === text ? `${text}\u00a0` : text;
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ ($("blind-input"));
    const text = input.value.trim();
    input.value = "";
    reply(command(page, text));
  });

  $("blind-toggle").addEventListener("click", () => set(!settings.blind));
  const wanted = settings.blind;
  settings.blind = !wanted; // so that set saves the address's choice
  set(wanted);
  return { render, reply, focus: () => $("blind-input").focus() };
}

/** @param {HTMLElement} parent @param {string} id */
function paragraph(parent, id) {
  const p = document.createElement("p");
  p.id = id;
  parent.append(p);
  return p;
}

/**
 * The answer to what was typed: a move played (or kept as a premove), or a command's answer.
 * @param {BlindPage} page @param {string} text @returns {string}
 */
function command(page, text) {
  const { state } = page;
  if (!text) return page.cancelPremove() ? "Premove cancelled" : "Type a move or a command; help lists them";
  const cmd = parseCommand(text);
  const fen = page.shownFen();
  if (!cmd) {
    const why = page.playText(text);
    return why ? `${why}. Type help for the commands` : state.premove ? `Premove ${text}: played after Kibitz's move if legal then` : "";
  }
  const history = state.game.history({ verbose: true });
  switch (cmd.name) {
    case "c":
      return page.clockText();
    case "l":
      return lastMoveText(history, page.startFen());
    case "o":
      return page.opponentText();
    case "p":
      return piecesText(fen, cmd.arg || "a");
    case "s":
      return scanText(fen, cmd.arg.toLowerCase());
    case "b":
      return /^[a-h][1-8]$/.test(cmd.arg) ? squareName(new Chess(fen), cmd.arg) : `No such square: ${cmd.arg}`;
    case "pos":
      return describe(fen);
    case "best":
    case "score": {
      const best = page.best();
      if (!best) return "No engine line for this position yet: turn analysis on (the Analyse button), or ask for a hint";
      const words = scoreWords(best.score);
      return cmd.name === "score" ? `${words}, depth ${best.depth}` : `Best: ${spoken(best.move)}; ${words}, depth ${best.depth}`;
    }
    case "abort":
      if (state.mode !== "play" || state.over || history.some((m) => m.color === state.human))
        return "Only a game in which you have not moved yet can be aborted";
      page.abort();
      return "Game aborted: a new one starts";
    case "help":
      return HELP.join(" ");
    default:
      return press(state, cmd.name);
  }
}

// press uses the page's own button for an action, and says what it did.
/** @param {BlindPage["state"]} state @param {string} name */
function press(state, name) {
  const id = { takeback: "takeback", draw: "draw", resign: "resign", new: "new-game", flip: "flip" }[name] ?? "";
  const button = /** @type {HTMLButtonElement} */ ($(id));
  if (button.disabled) return `${button.textContent} is not possible now`;
  button.click();
  if (name === "resign") return state.over ? state.over.reason : "Type resign again to confirm";
  if (name === "flip") return "Board flipped";
  if (name === "new") return "A new game";
  return $("status").textContent ?? "";
}

/**
 * The document's sections under their headings, and its own parts: the
 * game's line, the moves' log, the pieces, the clocks, the command form
 * and its answer, the help.
 * @param {HTMLElement} doc
 */
function buildDocument(doc) {
  /** @type {Record<string, HTMLElement>} */
  const parts = {};
  for (const [title, ids] of SECTIONS) {
    const section = document.createElement("section");
    const h = document.createElement("h2");
    h.textContent = String(title);
    h.id = `blind-${String(title).toLowerCase().replace(/\W+/g, "-")}`;
    section.setAttribute("aria-labelledby", h.id);
    section.append(h);
    section.dataset.ids = /** @type {string[]} */ (ids).join(" ");
    doc.append(section);
    parts[String(title)] = section;
  }
  const info = paragraph(parts.Game, "blind-game");
  // The moves as a log that does not speak each one: the last move does.
  const movesLog = document.createElement("div");
  movesLog.setAttribute("role", "log");
  movesLog.setAttribute("aria-live", "off");
  movesLog.setAttribute("aria-label", "Moves played");
  parts.Moves.append(movesLog);
  const pieces = paragraph(parts.Pieces, "blind-pieces");
  const clocks = paragraph(parts.Clocks, "blind-clocks");
  const form = document.createElement("form");
  form.id = "blind-form";
  form.autocomplete = "off";
  form.innerHTML =
    '<label for="blind-input">Move or command</label> <input id="blind-input" type="text" spellcheck="false" autocapitalize="off"> <button type="submit">Send</button>';
  parts["Your move or command"].append(form);
  const answer = paragraph(parts["Your move or command"], "blind-answer");
  answer.setAttribute("role", "status");
  answer.setAttribute("aria-live", "polite");
  answer.setAttribute("aria-atomic", "true");
  const help = document.createElement("ul");
  help.append(...HELP.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
  parts.Help.append(help);
  return { info, movesLog, pieces, clocks, form, answer };
}
