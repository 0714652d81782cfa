// The worker protocol's checks (static/protocol.js) under node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseRequest, reply, REQUEST_TYPES } from "../static/protocol.js";

test("every request type parses with its fields", () => {
  assert.deepEqual(parseRequest({ type: "search", id: 3, fen: "startpos", moves: ["e2e4"], depth: 8, elo: -20 }), {
    request: { type: "search", id: 3, fen: "startpos", moves: ["e2e4"], depth: 8, elo: -20 },
  });
  assert.deepEqual(parseRequest({ type: "search", id: 7, wtime: 60000, btime: 59000, winc: 1000, binc: 0, elo: -20 }), {
    request: { type: "search", id: 7, fen: undefined, moves: undefined, wtime: 60000, btime: 59000, winc: 1000, binc: 0, elo: -20 },
  });
  assert.deepEqual(parseRequest({ type: "search", id: 8, multipv: 3, infinite: true }), {
    request: { type: "search", id: 8, fen: undefined, moves: undefined, multipv: 3, infinite: true },
  });
  assert.deepEqual(parseRequest({ type: "search", id: 9, depth: 4, infinite: false }), {
    request: { type: "search", id: 9, fen: undefined, moves: undefined, depth: 4 },
  });
  assert.deepEqual(parseRequest({ type: "check", id: 4, fen: "8/8/8/8/8/8/8/8 w - - 0 1" }).request?.type, "check");
  assert.deepEqual(parseRequest({ type: "evaluate", id: 11, fen: "startpos", moves: ["e2e4"] }), {
    request: { type: "evaluate", id: 11, fen: "startpos", moves: ["e2e4"] },
  });
  assert.ok("error" in parseRequest({ type: "evaluate", id: 12 }), "evaluate without a fen");
  assert.deepEqual(parseRequest({ type: "hash", id: 5, mb: 32 }), { request: { type: "hash", id: 5, mb: 32 } });
  assert.deepEqual(parseRequest({ type: "newgame", id: 6 }), { request: { type: "newgame", id: 6 } });
  assert.deepEqual(parseRequest({ type: "stop" }), { request: { type: "stop", id: undefined } });
  assert.deepEqual(parseRequest({ type: "peers", id: 7, member: 1, members: 3 }), {
    request: { type: "peers", id: 7, member: 1, members: 3 },
  });
  assert.deepEqual(parseRequest({ type: "search", id: 8, depth: 9, shared: 4 }), {
    request: { type: "search", id: 8, fen: undefined, moves: undefined, depth: 9, shared: 4 },
  });
  assert.deepEqual(REQUEST_TYPES, ["search", "stop", "newgame", "check", "hash", "evaluate", "peers"]);
});

test("bad requests are refused with the field named and the id kept", () => {
  for (const [msg, why] of [
    [null, /must be an object/],
    ["search", /must be an object/],
    [{ type: "think", id: 1 }, /unknown message type think/],
    [{ type: "search" }, /integer id/],
    [{ type: "search", id: 1.5 }, /integer id/],
    [{ type: "search", id: 1, depth: -1 }, /depth must be an integer, 0 or more/],
    [{ type: "search", id: 1, depth: "8" }, /depth must be an integer/],
    [{ type: "search", id: 1, nodes: 1e300 }, /nodes must be an integer/],
    [{ type: "search", id: 1, elo: 1.5 }, /elo must be an integer/],
    [{ type: "search", id: 1, shared: -1 }, /shared must be an integer, 0 or more/],
    [{ type: "peers", id: 1, member: 0 }, /members must be an integer in 1..64/],
    [{ type: "peers", id: 1, member: 2, members: 2 }, /member must be an integer in 0..1/],
    [{ type: "peers", id: 1, member: 0, members: 65 }, /members must be an integer in 1..64/],
    [{ type: "search", id: 1, wtime: -1 }, /wtime must be an integer, 0 or more/],
    [{ type: "search", id: 1, binc: 0.5 }, /binc must be an integer/],
    [{ type: "search", id: 1, moves: "e2e4" }, /moves must be a list/],
    [{ type: "search", id: 1, moves: ["e2e4", 5] }, /moves must be a list/],
    [{ type: "search", id: 1, fen: 7 }, /fen must be a string/],
    [{ type: "search", id: 1, infinite: "yes" }, /infinite must be true or false/],
    [{ type: "check", id: 1 }, /fen must be a string/],
    [{ type: "hash", id: 1, mb: "big" }, /mb must be an integer/],
  ]) {
    const got = parseRequest(msg);
    assert.ok("error" in got, JSON.stringify(msg));
    assert.match(got.error, why, JSON.stringify(msg));
    if (msg && typeof msg === "object" && Number.isInteger(msg.id)) assert.equal(got.id, msg.id);
  }
});

test("replies carry their id and type", () => {
  assert.deepEqual(reply.done(7), { type: "done", id: 7 });
  assert.deepEqual(reply.error(8, "no"), { type: "error", id: 8, message: "no", code: "invalid-request" });
  assert.deepEqual(reply.error(8, "bad FEN", "invalid-position"), { type: "error", id: 8, message: "bad FEN", code: "invalid-position" });
  assert.deepEqual(reply.evaluation(10, { classical: 12 }), { type: "evaluation", id: 10, evaluation: { classical: 12 } });
  assert.equal(reply.bestmove(9, /** @type {any} */ ({ bestmove: "e2e4" })).result.bestmove, "e2e4");
  assert.equal(reply.ready("v", "scalar", { levels: [], full: 2250, depths: [] }).type, "ready");
});

// Random messages, the shapes a confused or hostile page could post: a
// request or a reason, never a throw, and what is accepted carries only
// fields of the right kinds. KIBITZ_FUZZ_MINUTES runs it for that long
// (a campaign, docs/robustness.md); the test command runs 20 000.
test("random messages: a request or a reason, never an exception", () => {
  let seed = 12345;
  const rnd = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const values = () =>
    [undefined, null, 0, -1, 1.5, 2 ** 53, NaN, Infinity, "", "x", "e2e4", "startpos", [], ["e2e4"], [1], {}, true, () => 1, Symbol("s"), 10n][rnd(20)];
  const fields = [
    "type",
    "id",
    "fen",
    "moves",
    "depth",
    "movetime",
    "nodes",
    "multipv",
    "elo",
    "wtime",
    "btime",
    "winc",
    "binc",
    "mb",
    "shared",
    "member",
    "members",
    "__proto__",
    "toString",
  ];
  const message = () => {
    if (rnd(10) === 0) return values();
    const m = { type: rnd(4) === 0 ? values() : REQUEST_TYPES[rnd(REQUEST_TYPES.length)], id: rnd(3) === 0 ? values() : rnd(100) };
    for (let i = rnd(5); i > 0; i--) m[fields[rnd(fields.length)]] = values();
    return m;
  };
  const minutes = Number(process.env.KIBITZ_FUZZ_MINUTES || 0);
  const until = Date.now() + minutes * 60000;
  let n = 0;
  let accepted = 0;
  for (; minutes ? Date.now() < until : n < 20000; n++) {
    const m = message();
    let out;
    assert.doesNotThrow(() => (out = parseRequest(m)), `message ${n}`);
    assert.equal(Object.keys(out).filter((k) => k === "request" || k === "error").length, 1, `message ${n}: ${JSON.stringify(out)}`);
    if (out.error !== undefined) {
      assert.equal(typeof out.error, "string");
      continue;
    }
    accepted++;
    const r = out.request;
    assert.ok(REQUEST_TYPES.includes(r.type));
    for (const k of ["depth", "movetime", "nodes", "multipv", "elo", "wtime", "btime", "winc", "binc", "mb", "shared", "member", "members"])
      if (r[k] !== undefined) assert.ok(Number.isSafeInteger(r[k]), `${k}: ${String(r[k])}`);
    if (r.fen !== undefined) assert.equal(typeof r.fen, "string");
    if (r.moves !== undefined) assert.ok(r.moves.every((x) => typeof x === "string"));
  }
  if (minutes) console.log(`# ${n} messages in ${minutes} min, ${accepted} accepted`);
  assert.ok(accepted > 0 && accepted < n, `${accepted} of ${n} accepted`);
});
