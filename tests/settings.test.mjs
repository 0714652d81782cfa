// The settings' strength under node: full strength is no level (elo null),
// every number is a level — 0 included — and a game saved when full
// strength was written as elo 0 reads as full strength.
import { test } from "node:test";
import assert from "node:assert/strict";

const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
};
const { loadSettings, saveSettings } = await import("../static/settings.js");

const saved = (s) => {
  store.clear();
  if (s) saveSettings({ ...loadSettings(""), ...s });
};

test("full strength is no level; every number is one", () => {
  saved(null);
  assert.equal(loadSettings("").elo, null, "a first visit plays at full strength");
  saved({ elo: 1200 });
  assert.equal(loadSettings("").elo, 1200);
  saved({ elo: null });
  assert.equal(loadSettings("").elo, null);
  saved(null);
  assert.equal(loadSettings("?elo=0").elo, 0, "?elo=0 asks for the level at 0 Elo (the scale goes through 0)");
  assert.equal(loadSettings("?elo=-20").elo, -20);
  assert.equal(loadSettings("?elo=1200&depth=8").elo, 1200, "the level wins over the depth");
  saved({ elo: 1200 });
  assert.equal(loadSettings("?depth=8").elo, null, "a depth in the address plays at full strength");
});

test("a saved elo 0, the old spelling of full strength, reads as full strength", () => {
  store.clear();
  localStorage.setItem("kibitz.settings.v1", JSON.stringify({ depth: 9, elo: 0 }));
  const s = loadSettings("");
  assert.equal(s.elo, null);
  assert.equal(s.depth, 9);
});

test("an address parameter the page cannot take is named with why, and changes nothing", () => {
  saved(null);
  const s = loadSettings("?depth=99&side=red&threads=0&clock=fast&elo=strong");
  assert.deepEqual(s.ignored, [
    "depth=99 (the depth is 1–20)",
    "elo=strong (an Elo is a whole number)",
    "side=red (the side is w, b or random)",
    "threads=0 (1–8)",
    "clock=fast (a clock is minutes+increment, such as 5+3)",
  ]);
  const plain = loadSettings("");
  assert.deepEqual([s.depth, s.side, s.threads, s.clock, s.elo], [plain.depth, plain.side, plain.threads, plain.clock, plain.elo]);
  assert.equal(loadSettings("?depth=7&side=b").ignored, undefined);
  saveSettings(s);
  assert.equal(loadSettings("").ignored, undefined, "never saved");
});

test("the variant: ?chess960=N asks for Chess960 position N, ?variant= for either, a bad one is named", () => {
  saved(null);
  assert.deepEqual([loadSettings("").variant, loadSettings("").chess960], ["standard", null], "standard chess by default");
  const n = loadSettings("?chess960=123");
  assert.deepEqual([n.variant, n.chess960, n.ignored], ["chess960", 123, undefined]);
  assert.deepEqual([loadSettings("?chess960").variant, loadSettings("?chess960").chess960], ["chess960", null], "a random start");
  assert.equal(loadSettings("?variant=Chess960").variant, "chess960");
  const bad = loadSettings("?chess960=960&variant=crazyhouse");
  assert.deepEqual(bad.ignored, ["variant=crazyhouse (the variant is standard or chess960)", "chess960=960 (a Chess960 position is 0–959, or random)"]);
  assert.equal(bad.variant, "standard");
  saved({ variant: "chess960", chess960: 7 });
  assert.deepEqual([loadSettings("").variant, loadSettings("").chess960], ["chess960", 7], "kept");
  saved({ variant: "shogi", chess960: 1000 });
  assert.deepEqual([loadSettings("").variant, loadSettings("").chess960], ["standard", null], "a saved value no rule allows is dropped");
});
