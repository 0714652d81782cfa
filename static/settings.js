// Settings live in localStorage; URL parameters (?fen=, ?depth=, ?elo=, ?side=, ?clock=, ?blind,
// ?variant=, ?chess960=)
// override them for one visit, which is how an embedding page configures
// the board.
import { defaultSoundsOn } from "./sounds.js";
import { parseControl, PRESETS, MIN_MINUTES, MAX_MINUTES, MAX_INCREMENT } from "./clock.js";

const KEY = "kibitz.settings.v1";
// elo: null plays at full strength to the chosen depth; a number is the
// level with that Elo (the engine's scale, see strength.js, which goes
// through 0: a number is always a level).
// help: the evaluation bar and the engine's score and lines show while
// playing (analysis always shows them). theme: "auto" (the system's),
// "light" or "dark"; board: the board's colours (look.js); coords: the
// board's coordinates shown; pieces: the piece set (pieces.js); size: the board's size on a wide screen, in
// percent of the largest that fits (60–100). clock: "" (untimed), a preset ("5+3") or
// "custom" (clockMinutes + clockIncrement seconds). threads: the engine's
// workers, 1–MAX_THREADS, or null for the device's default (defaultThreads).
// blind: the page laid out for a screen reader (blindmode.js); ?blind turns
// it on, ?blind=0 off, and the choice is kept. confirm: a move made against
// Kibitz waits for Confirm (or Enter) before it is played (confirm.js).
// variant: "standard" or "chess960", for the next new game; chess960: the
// Chess960 start position it begins from (0–959, the standard numbering), or
// null for a random one each game. ?chess960=N asks for Chess960 position N
// (?chess960 or ?chess960=random a random one), ?variant=standard for
// standard chess.
/**
 * @typedef {{depth: number, elo: number | null, side: string, lines: number, flipped: boolean,
 *   sounds: boolean, help: boolean, theme: string, board: string, pieces: string, coords: boolean, size: number, confirm: boolean,
 *   clock: string, clockMinutes: number, clockIncrement: number, threads: number | null, blind: boolean,
 *   variant: string, chess960: number | null, fen?: string | null,
 *   ignored?: string[]}} Settings
 *   fen comes from the address only and is never saved; ignored says which of the address's
 *   parameters were refused, and why (the page says so), and is never saved either
 */
/** @type {Settings} */
const DEFAULTS = {
  depth: 12,
  elo: null,
  side: "w",
  lines: 1,
  flipped: false,
  sounds: false, // replaced on load by the device's default (defaultSoundsOn) unless saved
  help: true,
  theme: "auto",
  board: "default",
  pieces: "standard",
  coords: true,
  size: 100,
  clock: "",
  clockMinutes: 5,
  clockIncrement: 3,
  threads: null,
  blind: false,
  confirm: false,
  variant: "standard",
  chess960: null,
};
export const VARIANTS = ["standard", "chess960"];
export const MAX_THREADS = 8;
export const THEMES = ["auto", "light", "dark"];
export const BOARDS = ["default", "green", "blue", "chess-club", "black-and-white"];
export const PIECE_SETS = ["standard", "staunty"];
export const MAX_LINES = 5;
export const MIN_SIZE = 60;

/**
 * @param {string} search the address's query
 * @returns {Settings}
 */
export function loadSettings(search = location.search) {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    saved = {};
  }
  const s = { ...DEFAULTS, ...saved };
  // Saved settings once wrote full strength as elo 0 (no level has
  // that Elo): read it as full strength.
  s.elo = Number.isInteger(s.elo) && s.elo !== 0 ? s.elo : null;
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const ignored = [];
  const given = (/** @type {string} */ name) => params.has(name) && params.get(name) !== "";
  const depth = Number(params.get("depth"));
  if (Number.isInteger(depth) && depth >= 1 && depth <= 20) {
    s.depth = depth;
    s.elo = null;
  } else if (given("depth")) ignored.push(`depth=${params.get("depth")} (the depth is 1–20)`);
  const elo = Number(params.get("elo"));
  if (given("elo") && Number.isInteger(elo))
    s.elo = elo; // snapped to a level once the engine has loaded
  else if (given("elo")) ignored.push(`elo=${params.get("elo")} (an Elo is a whole number)`);
  if (["w", "b", "random"].includes(params.get("side") ?? "")) s.side = /** @type {string} */ (params.get("side"));
  else if (given("side")) ignored.push(`side=${params.get("side")} (the side is w, b or random)`);
  s.fen = params.get("fen") || null;
  if (params.has("blind")) s.blind = !["0", "false", "off"].includes(params.get("blind") ?? "");
  const threads = Number(params.get("threads"));
  if (Number.isInteger(threads) && threads >= 1 && threads <= MAX_THREADS) s.threads = threads;
  else if (given("threads")) ignored.push(`threads=${params.get("threads")} (1–${MAX_THREADS})`);
  if (!(s.threads === null || (Number.isInteger(s.threads) && s.threads >= 1 && s.threads <= MAX_THREADS))) s.threads = null;
  // "?clock=5+3": a "+" in an address reads as a space.
  const clock = params.get("clock")?.trim().replace(/\s+/, "+");
  if (clock !== undefined) {
    const tc = parseControl(clock);
    if (clock === "" || clock === "none") s.clock = "";
    else if (tc && PRESETS.includes(clock)) s.clock = clock;
    else if (tc) Object.assign(s, { clock: "custom", clockMinutes: tc.base / 60_000, clockIncrement: tc.inc / 1000 });
    else ignored.push(`clock=${clock} (a clock is minutes+increment, such as 5+3)`);
  }
  readVariant(params, s, ignored);
  if (ignored.length) s.ignored = ignored;
  s.depth = Math.min(20, Math.max(1, s.depth | 0 || DEFAULTS.depth));
  s.lines = Math.min(MAX_LINES, Math.max(1, s.lines | 0 || 1));
  if (typeof s.sounds !== "boolean") s.sounds = defaultSoundsOn();
  if (typeof s.help !== "boolean") s.help = DEFAULTS.help;
  if (typeof s.coords !== "boolean") s.coords = DEFAULTS.coords;
  if (!(Number.isInteger(s.size) && s.size >= MIN_SIZE && s.size <= 100)) s.size = DEFAULTS.size;
  if (!THEMES.includes(s.theme)) s.theme = DEFAULTS.theme;
  if (!BOARDS.includes(s.board)) s.board = DEFAULTS.board;
  if (!PIECE_SETS.includes(s.pieces)) s.pieces = DEFAULTS.pieces;
  if (typeof s.confirm !== "boolean") s.confirm = DEFAULTS.confirm;
  if (!VARIANTS.includes(s.variant)) s.variant = DEFAULTS.variant;
  if (!isChess960Number(s.chess960)) s.chess960 = null;
  if (s.clock !== "custom" && !PRESETS.includes(s.clock)) s.clock = "";
  if (!(s.clockMinutes >= MIN_MINUTES && s.clockMinutes <= MAX_MINUTES)) s.clockMinutes = DEFAULTS.clockMinutes;
  if (!(Number.isInteger(s.clockIncrement) && s.clockIncrement >= 0 && s.clockIncrement <= MAX_INCREMENT)) s.clockIncrement = DEFAULTS.clockIncrement;
  return s;
}

/** @param {unknown} n @returns {n is number} a Chess960 start position's number */
const isChess960Number = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) <= 959;

// readVariant reads ?variant= and ?chess960= into s, naming in ignored what
// it refuses.
/** @param {URLSearchParams} params @param {Settings} s @param {string[]} ignored */
function readVariant(params, s, ignored) {
  const variant = params.get("variant")?.toLowerCase();
  if (variant !== undefined && VARIANTS.includes(variant)) s.variant = variant;
  else if (variant) ignored.push(`variant=${variant} (the variant is standard or chess960)`);
  const position = params.get("chess960");
  if (position === null) return;
  const n = Number(position);
  if (position === "" || position === "random") Object.assign(s, { variant: "chess960", chess960: null });
  else if (/^\d+$/.test(position) && isChess960Number(n)) Object.assign(s, { variant: "chess960", chess960: n });
  else ignored.push(`chess960=${position} (a Chess960 position is 0–959, or random)`);
}

/** @param {Settings} s */
export function saveSettings(s) {
  // What is saved is what has a default: never fen or ignored, which come from the address.
  const saved = Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, s[/** @type {keyof Settings} */ (k)]]));
  try {
    localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Private browsing or storage disabled: settings last for this visit only.
  }
}
