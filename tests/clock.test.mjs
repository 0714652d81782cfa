// The game clock's rules (static/clock.js) under node.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  parseControl,
  speedName,
  controlText,
  pgnTimeControl,
  clockText,
  pgnClock,
  lowTime,
  cannotMate,
  flagResult,
  GameClock,
  PRESETS,
} from "../static/clock.js";

test("time controls are read as minutes+seconds and named by their speed", () => {
  assert.deepEqual(parseControl("5+3"), { base: 300_000, inc: 3000 });
  assert.deepEqual(parseControl(" 0.25 + 0 "), { base: 15_000, inc: 0 });
  for (const bad of ["", "5", "5+", "+3", "-1+0", "0+0", "0+5", "0.2+3", "181+0", "5+181", "5+1.5", "five+3"]) assert.equal(parseControl(bad), null, bad);
  assert.deepEqual(
    PRESETS.map((p) => speedName(/** @type {any} */ (parseControl(p)))),
    ["Bullet", "Bullet", "Blitz", "Blitz", "Blitz", "Blitz", "Rapid", "Rapid", "Rapid", "Classical", "Classical"],
  );
  assert.equal(speedName({ base: 15_000, inc: 0 }), "UltraBullet");
  assert.equal(controlText({ base: 30_000, inc: 0 }), "½+0");
  assert.equal(controlText({ base: 600_000, inc: 5000 }), "10+5");
  assert.equal(controlText({ base: 90_000, inc: 1000 }), "1.5+1");
  assert.equal(pgnTimeControl({ base: 180_000, inc: 2000 }), "180+2");
});

test("clock readings and the PGN's %clk", () => {
  assert.equal(clockText(300_000), "5:00");
  assert.equal(clockText(59_999), "0:59");
  assert.equal(clockText(10_000), "0:10");
  assert.equal(clockText(9_999), "0:09.9");
  assert.equal(clockText(420), "0:00.4");
  assert.equal(clockText(-50), "0:00.0");
  assert.equal(clockText(3_723_000), "1:02:03");
  assert.equal(pgnClock(298_000), "[%clk 0:04:58]");
  assert.equal(pgnClock(297_001), "[%clk 0:04:58]");
  assert.equal(pgnClock(400), "[%clk 0:00:01]");
  assert.equal(pgnClock(5_400_000), "[%clk 1:30:00]");
  assert.equal(lowTime({ base: 60_000, inc: 0 }), 10_000);
  assert.equal(lowTime({ base: 180_000, inc: 0 }), 22_500);
  assert.equal(lowTime({ base: 1_800_000, inc: 0 }), 30_000);
});

test("who can still mate when the other flag falls", () => {
  const cases = [
    ["8/8/8/4k3/8/8/8/4K3 w - - 0 1", "w", true], // bare kings
    ["8/8/8/4k3/8/8/8/4KN2 w - - 0 1", "w", true], // K+N v K
    ["8/8/8/4k3/8/8/8/4KN2 w - - 0 1", "b", true], // the lone king
    ["8/8/8/4k3/8/8/5q2/4KN2 w - - 0 1", "w", true], // K+N v K+Q: the queen cannot block
    ["8/8/8/4k3/8/8/5r2/4KN2 w - - 0 1", "w", false], // K+N v K+R: a mate is possible
    ["8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", "w", false], // two knights can mate a helpful king
    ["8/8/8/4k3/8/8/8/4KB2 w - - 0 1", "w", true], // K+B v K
    ["8/8/8/4k3/8/8/4p3/4KB2 w - - 0 1", "w", false], // K+B v K+P: the pawn may block
    ["8/8/8/4k3/8/4b3/8/4KB2 w - - 0 1", "w", false], // bishops on both colours
    ["8/8/8/4k3/8/3b4/8/4KB2 w - - 0 1", "w", true], // bishops of one colour
    ["8/8/8/4k3/8/8/8/4KP2 w - - 0 1", "w", false],
    ["8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "w", false],
  ];
  for (const [fen, color, want] of cases) assert.equal(cannotMate(fen, /** @type {any} */ (color)), want, `${fen} ${color}`);
  assert.deepEqual(flagResult("8/8/8/4k3/8/8/8/R3K3 b - - 0 1", "b", "w"), { result: "1-0", reason: "Kibitz's time ran out — White wins" });
  assert.deepEqual(flagResult("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "w", "w"), {
    result: "1/2-1/2",
    reason: "Your time ran out, but Black cannot checkmate — draw",
  });
});

test("the clock: free first moves, increments, flag fall, takebacks and storage", () => {
  const c = new GameClock({ base: 60_000, inc: 2000 });
  c.start("w", 0);
  assert.equal(c.counting, false);
  c.press(5000); // 1. e4, free
  c.press(9000); // 1... e5, free
  assert.deepEqual(c.left, { w: 60_000, b: 60_000 });
  assert.equal(c.counting, true);
  assert.equal(c.timeLeft("w", 12_000), 57_000);
  c.press(12_000); // 2. Nf3 after 3 s: +2 s
  assert.equal(c.left.w, 59_000);
  assert.equal(c.timeLeft("b", 22_000), 50_000);
  c.pause(22_000);
  assert.equal(c.timeLeft("b", 99_000), 50_000, "a paused clock does not run");
  c.start("b", 30_000);
  c.press(31_000); // 2... Nc6: 11 s in all, +2
  assert.equal(c.left.b, 51_000);
  assert.deepEqual(c.after, [60_000, 60_000, 59_000, 51_000]);
  assert.equal(c.flagged(31_000 + 58_999), null);
  assert.equal(c.flagged(31_000 + 59_000), "w");
  // Storage keeps it running, and bad data is refused.
  const back = GameClock.fromJSON(JSON.parse(JSON.stringify(c)));
  assert.ok(back);
  assert.equal(back.timeLeft("w", 40_000), 50_000);
  for (const bad of [null, 5, {}, { ...c.toJSON(), running: "x" }, { ...c.toJSON(), plies: -1 }, { ...c.toJSON(), left: { w: "1", b: 2 } }]) {
    assert.equal(GameClock.fromJSON(bad), null, JSON.stringify(bad));
  }
  // Takeback to ply 2 (after 1... e5): both sides' times after their first moves, White's clock runs.
  c.takeBack(2, "w", 50_000);
  assert.deepEqual(c.left, { w: 60_000, b: 60_000 });
  assert.equal(c.plies, 2);
  assert.equal(c.running, "w");
  assert.equal(c.timeLeft("w", 51_000), 59_000);
  // Takeback to ply 3 (after 2. Nf3): Black to move, White's 59 s restored.
  c.press(51_000);
  c.press(52_000);
  c.takeBack(3, "b", 60_000);
  assert.deepEqual(c.left, { w: 60_000 + 1000, b: 60_000 });
  assert.deepEqual(c.after, [60_000, 60_000, 61_000]);
});
