// The library of finished games on the page: each game kept once when it
// ends, listed with Open and Delete (and Undo for the last deletion), and
// exported as one PGN. It works on the page's state through `page`
// (play.js; page.d.ts); the games live in library.js.
import { pgnDate } from "./game.js";
import { libraryGames, saveToLibrary, libraryPgn, removeFromLibrary } from "./library.js";
import { download } from "./panel.js";
import { $ } from "./dom.js";

/** @typedef {import("./library.js").LibraryGame} LibraryGame */

/** @param {Pick<import("./page.js").Page, "state" | "pgnText" | "importPgn">} page */
export function createSavedGames(page) {
  const { state } = page;
  /** @type {{game: LibraryGame, at: number, text: string} | null} the game deleted last, for Undo */
  let deleted = null;

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

  function renderLibrary() {
    const items = libraryGames().map((g) =>
      gameItem(g, page.importPgn, (text) => {
        deleted = { game: g, at: libraryGames().findIndex((x) => x.id === g.id), text };
        removeFromLibrary(g.id); // the game on the board, if it is this one, stays unsaved (savedId keeps its id)
        renderLibrary();
      }),
    );
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

  $("export-library").addEventListener("click", () => download(libraryPgn(), "kibitz-games.pgn", "application/x-chess-pgn"));
  renderLibrary();
  return { keepFinished, renderLibrary };
}

/**
 * One game of the list: its line, Open and Delete.
 * @param {LibraryGame} g
 * @param {(pgn: string, id: number) => void} open
 * @param {(text: string) => void} remove told the game's line
 */
function gameItem(g, open, remove) {
  const li = document.createElement("li");
  const text = `${g.date} ${g.white} – ${g.black} ${g.result} (${g.moves} move${g.moves === 1 ? "" : "s"})`;
  li.textContent = text;
  const openButton = document.createElement("button");
  openButton.type = "button";
  openButton.textContent = "Open";
  openButton.className = "library-open";
  openButton.addEventListener("click", () => open(g.pgn, g.id));
  const del = document.createElement("button");
  del.type = "button";
  del.className = "library-delete";
  del.textContent = "Delete";
  del.setAttribute("aria-label", `Delete ${text}`);
  del.addEventListener("click", () => remove(text));
  li.append(openButton, del);
  return li;
}
