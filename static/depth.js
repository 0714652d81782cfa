// What a depth means for a player: how long the engine typically thinks.
// Times measured in this browser replace the defaults as games are played.
const KEY = "kibitz.thinktimes.v1";

// Median time to complete each depth over 20 middlegame positions in
// Chromium on a 2-core machine (./build.sh bench-browser, NNUE generation
// 2, word-wide scalar kernels); used until this browser has its own
// figures. 19 and 20 were not measured.
/** @type {Record<number, number>} */
const TYPICAL_MS = {
  1: 1,
  2: 1,
  3: 2,
  4: 3,
  5: 4,
  6: 5,
  7: 7,
  8: 9,
  9: 13,
  10: 17,
  11: 25,
  12: 36,
  13: 64,
  14: 99,
  15: 142,
  16: 226,
  17: 403,
  18: 859,
};
export const RECOMMENDED_DEPTH = 12;

// The typical times were measured at REFERENCE_NPS nodes per second; the
// engine's answers measure this device (measureSpeedFrom; speedFactor > 1:
// slower), so that the figures shown fit it until it has its own.
export const REFERENCE_NPS = 445000;
let speedFactor = 1;

/** @param {number} nps */
export function setMeasuredSpeed(nps) {
  if (nps > 0) speedFactor = Math.min(50, Math.max(0.25, REFERENCE_NPS / nps));
}

function measured() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

// recordThinkTime keeps a running average per depth.
/** @param {number} depth @param {number} ms */
export function recordThinkTime(depth, ms) {
  const m = measured();
  const e = m[depth] || { n: 0, avg: 0 };
  e.n = Math.min(e.n + 1, 20);
  e.avg += (ms - e.avg) / e.n;
  m[depth] = e;
  try {
    localStorage.setItem(KEY, JSON.stringify(m));
  } catch {
    // Storage unavailable: keep the defaults.
  }
}

/** @param {number} ms */
function duration(ms) {
  if (ms < 1000) return `${Math.max(1, Math.round(ms))} ms`;
  return `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`;
}

/** @param {number} depth */
export function depthHelp(depth) {
  const m = measured()[depth];
  const when = m
    ? `about ${duration(m.avg)} per move in this browser`
    : TYPICAL_MS[depth]
      ? `about ${duration(TYPICAL_MS[depth] * speedFactor)} per move on this device (estimated)`
      : "often a second or more per move";
  const note = depth === RECOMMENDED_DEPTH ? "Recommended: strong and quick. " : depth >= 16 ? "Deep: answers can take a second or more. " : "";
  return `${note}Kibitz looks ${depth} half-move${depth === 1 ? "" : "s"} ahead, ${when}.`;
}

// measureSpeedFrom takes this device's search speed from one of the
// engine's answers, once it searched long enough to say (the page's first
// moves), for the times the depth slider shows until this browser has its
// own: no search of its own delays the engine's start.
const SPEED_SAMPLE_NODES = 20000;
/** @param {{nodes: number, time: number}} result */
export function measureSpeedFrom(result) {
  if (result.nodes >= SPEED_SAMPLE_NODES && result.time > 0) setMeasuredSpeed(result.nodes / (result.time / 1000));
}
