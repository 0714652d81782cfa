// Opening names: static/openings.tsv (built by scripts/openings.mjs from
// eco.json's data) maps a position — piece placement and side to move — to
// its ECO code and name. The page loads it once, when a game first shows a
// move.

/** @typedef {Map<string, {eco: string, name: string}>} Openings position key → ECO code and name */

// positionKey is the part of a FEN the table is keyed by.
/** @param {string} fen */
export function positionKey(fen) {
  return fen.split(" ").slice(0, 2).join(" ");
}

// parseOpenings reads the table's text into a Map from position key to
// {eco, name}.
/** @param {string} text @returns {Openings} */
export function parseOpenings(text) {
  /** @type {Openings} */
  const table = new Map();
  for (const line of text.split("\n")) {
    const [key, eco, name] = line.split("\t");
    if (name) table.set(key, { eco, name });
  }
  return table;
}

// openingAt names the opening of a game shown at ply: the last position up
// to it that the table knows (fens[0] is the start, fens[i] the position
// after move i), or null when the game left no known position.
/** @param {Openings} table @param {string[]} fens @param {number} ply */
export function openingAt(table, fens, ply) {
  for (let i = Math.min(ply, fens.length - 1); i >= 0; i--) {
    const o = table.get(positionKey(fens[i]));
    if (o) return o;
  }
  return null;
}

/** @type {Promise<Openings> | null} */
let loading = null;

// loadOpenings fetches and parses the table (url: its content-hashed name,
// from the bundler) once; it resolves with an empty table when the file
// cannot be had (the page then shows no names).
/** @param {string} url @returns {Promise<Openings>} */
export function loadOpenings(url) {
  loading ??= fetch(url)
    .then((r) => (r.ok ? r.text() : ""))
    .then(parseOpenings)
    .catch(() => new Map());
  return loading;
}
