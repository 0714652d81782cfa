// Sounds for moves, captures, checks and the end of a game, made with the
// Web Audio API (no sound files): short tones, quiet by default. They are
// off when the player turns them off, and start off for players who ask
// their system for reduced motion.

// soundFor chooses the sound of a move from its SAN and whether it ended
// the game: "end", "check", "capture" or "move".
/** @param {string} san @param {import("./game.js").GameEnd | null} over */
export function soundFor(san, over) {
  if (over) return "end";
  if (/[+#]$/.test(san)) return "check";
  if (san.includes("x")) return "capture";
  return "move";
}

// defaultSoundsOn is the setting for a player who has not chosen.
export function defaultSoundsOn() {
  return !(typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** @type {Record<string, number[][]>} the tones of each sound: [frequency, start, length] */
const TONES = {
  move: [[520, 0, 0.06]],
  capture: [
    [330, 0, 0.05],
    [250, 0.05, 0.07],
  ],
  check: [
    [660, 0, 0.06],
    [880, 0.07, 0.08],
  ],
  end: [
    [523, 0, 0.12],
    [659, 0.12, 0.12],
    [784, 0.24, 0.2],
  ],
  low: [
    [880, 0, 0.05],
    [880, 0.12, 0.05],
  ], // a clock's low-time warning
};

export class Sounds {
  /** @param {boolean} enabled */
  constructor(enabled) {
    this.enabled = enabled;
    /** @type {string[]} */
    this.played = []; // the kinds played, newest last (the browser tests read it)
    /** @type {AudioContext | null} made on the first sound (browsers allow audio after a gesture) */
    this.ctx = null;
  }

  /** @param {string} kind */
  play(kind) {
    if (!this.enabled || !TONES[kind]) return;
    this.played.push(kind);
    // Older Safari names it webkitAudioContext.
    const AudioCtx = globalThis.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (globalThis).webkitAudioContext;
    if (!AudioCtx) return;
    try {
      this.ctx ??= new AudioCtx();
      const t0 = this.ctx.currentTime;
      for (const [freq, at, length] of TONES[kind]) {
        const osc = this.ctx.createOscillator();
        const gain = this.ctx.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.08, t0 + at);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
        osc.connect(gain).connect(this.ctx.destination);
        osc.start(t0 + at);
        osc.stop(t0 + at + length);
      }
    } catch {
      // A browser that refuses audio (no user gesture yet, no device) stays silent.
    }
  }
}
