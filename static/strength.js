// The strength control: either a depth for the full-strength engine or a
// level chosen by its Elo. The levels and the Elo measured for each depth
// come from the engine (its package strength, sent in the worker's "ready"
// message), so the page keeps no copy of the scale.
import { depthHelp } from "./depth.js";
import { nearestLevel as nearest } from "./kibitz.js";

/** @type {import("./protocol.js").Strengths} */
let scale = { levels: [], full: 0, depths: [] };

// setScale takes the engine's scale: {levels: [elo…], full, depths: [elo…]}.
/** @param {import("./protocol.js").Strengths | undefined} s undefined before the engine is ready */
export function setScale(s) {
  if (s && Array.isArray(s.levels)) scale = s;
}

export const levels = () => scale.levels;

// levelName says in words who plays at an Elo. The scale is an engine
// scale (Stockfish's UCI_Elo, docs/levels.md) on which someone who only
// knows the rules rates near 0.
/** @param {number} elo */
export function levelName(elo) {
  if (elo < 300) return "beginner";
  if (elo < 800) return "novice";
  if (elo < 1300) return "casual player";
  if (elo < 1700) return "club player";
  if (elo < 2000) return "strong club player";
  if (elo < 2200) return "expert";
  return "master";
}

// eloText writes an Elo for people, saying which scale it is on (an
// engine scale, Stockfish's UCI_Elo, docs/levels.md: not a lichess or FIDE
// rating): "about 1400 engine Elo", "about −20 engine Elo".
export const eloText = (/** @type {number} */ elo) => `about ${String(elo).replace("-", "\u2212")} engine Elo`;

// levelNumber is a level's place on the scale, 1 for the weakest.
export const levelNumber = (/** @type {number} */ elo) => scale.levels.indexOf(elo) + 1;

export const levelLabel = (/** @type {number} */ elo) => `Level ${levelNumber(elo)} — ${eloText(elo)}, ${levelName(elo)}`;

// depthElo is the Elo measured for a depth, or 0 where it was not measured.
export const depthElo = (/** @type {number} */ depth) => scale.depths[depth - 1] || 0;

// nearestLevel snaps an Elo (from the address or an older setting) to the
// closest level, or 0 (full strength) when there are none.
/** @param {number} elo */
export const nearestLevel = (elo) => nearest(scale.levels, elo) ?? 0;

// depthText is what the slider's readout shows: the depth and its Elo.
/** @param {number} depth */
export function depthText(depth) {
  const e = depthElo(depth);
  return e ? `${depth} · ${eloText(e)}` : String(depth);
}

// depthReadout is what the depth slider's readout shows for the settings:
// the depth and its Elo, or, while a level is chosen (the slider then
// does nothing), that the level sets the search.
/** @param {{elo: number | null, depth: number}} settings */
export function depthReadout(settings) {
  return settings.elo !== null ? `set by level ${levelNumber(settings.elo)}` : depthText(settings.depth);
}

// strengthHelp explains the chosen strength under the controls.
/** @param {{elo: number | null, depth: number}} settings */
export function strengthHelp(settings) {
  if (settings.elo !== null) {
    return (
      `Level ${levelNumber(settings.elo)}, ${eloText(settings.elo)}: Kibitz plays like a ${levelName(settings.elo)}: ` +
      `it looks less far ahead and sometimes picks a weaker move, more often the lower the level. ` +
      `The Elo is measured on an engine scale (Stockfish's), not a human rating.`
    );
  }
  const e = depthElo(settings.depth);
  return depthHelp(settings.depth) + (e ? ` It plays at ${eloText(e)}.` : "");
}

// playingAt is the engine panel's line for the strength a move was chosen
// at, from what the engine reported ({elo, depth} of its answer).
/** @param {{elo?: number | null}} result @param {{depth: number}} settings */
export function playingAt(result, settings) {
  if (result.elo !== undefined && result.elo !== null) return `level ${levelNumber(result.elo)}, ${eloText(result.elo)}`;
  const e = depthElo(settings.depth);
  return `depth ${settings.depth}${e ? `, ${eloText(e)}` : ""}`;
}
