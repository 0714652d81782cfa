// @ts-check
// The piece sets the page offers (Appearance), cm-chessboard's own two:
// the Wikimedia standard pieces (Cburnett and Rfc1394, CC BY-SA 3.0) and
// lichess's Staunty (sadsnake1, CC BY-NC-SA 4.0: free for a page that is
// not sold; static/LICENSES.md). Each is a sprite the bundler names by its
// content; only the one chosen is fetched.
import standardUrl from "cm-chessboard/assets/pieces/standard.svg";
import stauntyUrl from "cm-chessboard/assets/pieces/staunty.svg";

/** @type {Record<string, string>} a set's name (settings.js PIECE_SETS) → its sprite's address */
export const PIECE_SPRITES = { standard: standardUrl, staunty: stauntyUrl };
