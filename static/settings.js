// Settings live in localStorage; URL parameters (?fen=, ?depth=, ?side=)
// override them for one visit, which is how an embedding page configures
// the board.
import { defaultSoundsOn } from "./sounds.js";

const KEY = "kibitz.settings.v1";
const DEFAULTS = { depth: 12, side: "w", lines: 1, flipped: false, sounds: null };
export const MAX_LINES = 5;

export function loadSettings(search = location.search) {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    saved = {};
  }
  const s = { ...DEFAULTS, ...saved };
  const params = new URLSearchParams(search);
  const depth = parseInt(params.get("depth"), 10);
  if (depth >= 1 && depth <= 20) s.depth = depth;
  if (["w", "b", "random"].includes(params.get("side"))) s.side = params.get("side");
  s.fen = params.get("fen") || null;
  s.depth = Math.min(20, Math.max(1, s.depth | 0 || DEFAULTS.depth));
  s.lines = Math.min(MAX_LINES, Math.max(1, s.lines | 0 || 1));
  if (typeof s.sounds !== "boolean") s.sounds = defaultSoundsOn();
  return s;
}

export function saveSettings(s) {
  const { depth, side, lines, flipped, sounds } = s;
  try {
    localStorage.setItem(KEY, JSON.stringify({ depth, side, lines, flipped, sounds }));
  } catch {
    // Private browsing or storage disabled: settings last for this visit only.
  }
}
