// The game library: finished games kept in localStorage (the newest
// hundred), listed, reopened for review and exported as one PGN file.
const KEY = "kibitz.library.v1";
export const LIBRARY_SIZE = 100;

function read() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.pgn === "string") : [];
  } catch {
    return [];
  }
}

// libraryGames lists the saved games, newest first: {id, pgn, white,
// black, result, date, moves}.
export function libraryGames() {
  return read();
}

// saveToLibrary keeps a finished game (a second save of the same game, as
// its id says, replaces the first) and returns the list; at, when given,
// is its place in the list (an undone deletion puts it back where it was),
// else it comes first.
/** @typedef {{id: number, pgn: string, white: string, black: string, result: string, date: string, moves: number}} LibraryGame */

/** @param {LibraryGame} game @param {number} [at] @returns {LibraryGame[]} */
export function saveToLibrary(game, at = 0) {
  const others = read().filter((g) => g.id !== game.id);
  const list = [...others.slice(0, at), game, ...others.slice(at)].slice(0, LIBRARY_SIZE);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage unavailable: the library lasts for this visit only.
  }
  return list;
}

// removeFromLibrary forgets the game with the given id and returns the list.
/** @param {number} id */
export function removeFromLibrary(id) {
  const list = read().filter((g) => g.id !== id);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage unavailable: nothing was kept.
  }
  return list;
}

// libraryPgn is every saved game in one PGN text, oldest first.
export function libraryPgn(list = read()) {
  return [...list]
    .reverse()
    .map((g) => g.pgn.trim() + "\n")
    .join("\n");
}
