// What a depth means for a player: how long the engine typically thinks.
// Times measured in this browser replace the defaults as games are played.
const KEY = "kibitz.thinktimes.v1";

// Median time per move by depth measured in Chromium on a 2-core machine
// (./build.sh bench-browser); used until this browser has its own figures.
const TYPICAL_MS = {
  1: 1, 2: 2, 3: 4, 4: 8, 5: 15, 6: 30, 7: 50, 8: 90, 9: 150, 10: 250,
  11: 400, 12: 650, 13: 1000, 14: 1600, 15: 2600, 16: 4000, 17: 6500, 18: 10000, 19: 16000, 20: 25000,
};
export const RECOMMENDED_DEPTH = 8;

function measured() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

// recordThinkTime keeps a running average per depth.
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

function duration(ms) {
  if (ms < 1000) return `${Math.max(1, Math.round(ms))} ms`;
  return `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`;
}

export function depthHelp(depth) {
  const m = measured()[depth];
  const when = m ? `about ${duration(m.avg)} per move in this browser` : `typically ${duration(TYPICAL_MS[depth])} per move`;
  const note = depth === RECOMMENDED_DEPTH ? "Recommended: strong and quick. " : depth > 14 ? "Deep: long waits. " : "";
  return `${note}Kibitz looks ${depth} half-moves ahead, ${when}.`;
}
