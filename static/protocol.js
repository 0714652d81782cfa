// @ts-check
// The engine worker's protocol: every message between the page
// (the library, kibitz.js) and the worker (engine-worker.js), its fields
// and its errors. Both sides build and read messages only through this
// module.
//
// The page sends requests, each with a number `id` of its choosing:
//   search   {fen?, moves?, depth?, movetime?, nodes?, multipv?, elo?,
//            wtime?, btime?, winc?, binc?, infinite?, shared?}
//            → any number of `info`, then `bestmove` (or `error`); with
//            `shared` (a search number, 1 or more) every worker joined by
//            `peers` runs the search together (engine/cluster): member 0
//            answers with the move they chose, the others help until it
//            stops them
//   peers    {member, members} with one MessagePort per other member
//            (transferred, in member order) → `done`: this worker is member
//            `member` of `members` that search together; members 1 leaves
//   stop     {}            → nothing; the running search answers `bestmove`
//   newgame  {}            → `done` (or `error`)
//   check    {fen, moves?} → `done` when the engine's own parser accepts the
//            position, else `error` with its reason; the engine's position
//            is not changed
//   hash     {mb}          → `done` (or `error`)
//   evaluate {fen, moves?} → `evaluation` (or `error`): the position's
//            static evaluation; the engine's position is not changed
// The worker answers with the request's id:
//   info       {info: SearchInfo}        one iteration's report
//   bestmove   {result: SearchResult}    the search's answer
//   evaluation {evaluation: Evaluation}  a static evaluation
//   done       {}                        the request is carried out
//   error      {message, code}           the request is refused, why, and
//              what was wrong (ErrorCode)
// and, unasked, once: `ready` {version, backend, strengths} when the
// engine has started, or `fatal` {message} when it cannot start.
//
// A search without depth, movetime, nodes or clocks searches to depth 10;
// an infinite one (no other limit, no elo) searches until `stop`, however
// deep it has got;
// elo is a level (the scale goes through 0: elo 0 is a level too) and no
// elo is full strength. wtime/btime are each side's time left
// and winc/binc its increment, in milliseconds: the engine divides its own
// clock as over UCI. Fields are checked here, before the engine
// sees them: a bad request gets an `error` naming the field.

/**
 * @typedef {{cp?: number, mate?: number, tb?: number}} Score centipawns, moves to mate, or the
 *   endgame tables' verdict (+1 won, −1 lost)
 *   (negative: being mated), for the side to move
 * @typedef {{wdl: number, dtm: number}} TableVerdict the endgame tables'
 *   result for the side to move (1, 0, −1) and plies to mate
 * @typedef {{depth: number, seldepth: number, multipv: number, score: Score, bound: string,
 *   nodes: number, nps: number, time: number, hashfull: number, pv: string[], tb?: TableVerdict,
 *   wdl: number[]}} SearchInfo (wdl: win, draw and loss per mille for the side to move, from the
 *   score by a model of Kibitz's own games)
 * @typedef {{bestmove: string, ponder: string, score: Score, depth: number, seldepth: number,
 *   nodes: number, time: number, pv: string[], wdl: number[], elo?: number,
 *   tb?: TableVerdict}} SearchResult
 *   bestmove is "" when the side to move has no legal move, ponder "" without an expected
 *   reply; elo is the level the move was chosen at (none at full strength). SearchInfo and
 *   SearchResult are engine.WireInfo and engine.WireResult (Go), field for field (a test
 *   compares them).
 * @typedef {{fen?: string, moves?: string[], depth?: number, movetime?: number, nodes?: number,
 *   multipv?: number, elo?: number, wtime?: number, btime?: number, winc?: number, binc?: number,
 *   infinite?: boolean, shared?: number}} SearchParams
 * @typedef {{classical: number, nnue?: number, net?: string, pieces?: PieceValue[]}} Evaluation a
 *   static evaluation in centipawns from the side to move's view: the classical one, the net's
 *   (and its architecture), and each piece's part in the net's verdict (engine.WireEvaluation)
 * @typedef {{square: string, piece: string, cp: number}} PieceValue how far the net's evaluation,
 *   from White's view, falls when this piece (its FEN letter) is taken off its square; the kings
 *   are left out (engine.WirePieceValue)
 * @typedef {"invalid-request" | "invalid-position"} ErrorCode why the worker refused a request:
 *   a field was missing, of the wrong type or out of range; or the FEN or a move was not legal
 * @typedef {{levels: number[], full: number, depths: number[]}} Strengths the strength scale
 * @typedef {{type: "search", id: number} & SearchParams} SearchRequest
 * @typedef {{type: "stop", id?: number}} StopRequest
 * @typedef {{type: "newgame", id: number}} NewGameRequest
 * @typedef {{type: "check", id: number, fen: string, moves?: string[]}} CheckRequest
 * @typedef {{type: "hash", id: number, mb: number}} HashRequest
 * @typedef {{type: "evaluate", id: number, fen: string, moves?: string[]}} EvaluateRequest
 * @typedef {{type: "peers", id: number, member: number, members: number}} PeersRequest
 * @typedef {SearchRequest | StopRequest | NewGameRequest | CheckRequest | HashRequest | EvaluateRequest | PeersRequest} Request
 * @typedef {{type: "ready", version: string, backend: string, strengths: Strengths}} ReadyMessage
 * @typedef {{type: "fatal", message: string}} FatalMessage
 * @typedef {{type: "info", id: number, info: SearchInfo}} InfoMessage
 * @typedef {{type: "bestmove", id: number, result: SearchResult}} BestMoveMessage
 * @typedef {{type: "evaluation", id: number, evaluation: Evaluation}} EvaluationMessage
 * @typedef {{type: "done", id: number}} DoneMessage
 * @typedef {{type: "error", id?: number, message: string, code: ErrorCode}} ErrorMessage
 * @typedef {ReadyMessage | FatalMessage | InfoMessage | BestMoveMessage | EvaluationMessage | DoneMessage | ErrorMessage} Reply
 */

/** The most workers that search together (engine.MaxWorkers). */
export const MAX_MEMBERS = 64;

/** The request types, in the order of the list above. */
export const REQUEST_TYPES = Object.freeze(["search", "stop", "newgame", "check", "hash", "evaluate", "peers"]);

/** The numeric fields of a search and their smallest values; the engine
 * checks their ranges (and names the field) when it searches. */
const SEARCH_FIELDS = Object.freeze({
  depth: 0,
  movetime: 0,
  nodes: 0,
  multipv: 0,
  elo: Number.MIN_SAFE_INTEGER,
  wtime: 0,
  btime: 0,
  winc: 0,
  binc: 0,
  shared: 0,
});

/**
 * Reads a message the worker received: the request, or the reason it is
 * refused (with the id, when the message had one, to answer it).
 * @param {unknown} data
 * @returns {{request: Request} | {error: string, id?: number}}
 */
export function parseRequest(data) {
  if (typeof data !== "object" || data === null) return { error: "a request must be an object" };
  const msg = /** @type {Record<string, unknown>} */ (data);
  const id = typeof msg.id === "number" ? msg.id : undefined;
  const type = msg.type;
  if (typeof type !== "string" || !REQUEST_TYPES.includes(type)) {
    return { error: `unknown message type ${String(type)}`, id };
  }
  if (type === "stop") return { request: { type: "stop", id } };
  if (id === undefined || !Number.isInteger(id)) return { error: `${type}: the request needs an integer id` };
  const fail = (/** @type {string} */ why) => ({ error: `${type}: ${why}`, id });
  switch (type) {
    case "search": {
      /** @type {SearchRequest} */
      const request = { type: "search", id };
      if (msg.fen !== undefined && typeof msg.fen !== "string") return fail("fen must be a string");
      if (msg.moves !== undefined && !isStringArray(msg.moves)) return fail("moves must be a list of UCI moves");
      request.fen = /** @type {string | undefined} */ (msg.fen);
      request.moves = /** @type {string[] | undefined} */ (msg.moves);
      for (const [field, least] of Object.entries(SEARCH_FIELDS)) {
        const v = msg[field];
        if (v === undefined || v === null) continue;
        if (typeof v !== "number" || !Number.isSafeInteger(v) || v < least) {
          return fail(least === 0 ? `${field} must be an integer, 0 or more` : `${field} must be an integer`);
        }
        /** @type {Record<string, number>} */ (/** @type {unknown} */ (request))[field] = v;
      }
      if (msg.infinite !== undefined && typeof msg.infinite !== "boolean") return fail("infinite must be true or false");
      if (msg.infinite) request.infinite = true;
      return { request };
    }
    case "check":
    case "evaluate":
      if (typeof msg.fen !== "string") return fail("fen must be a string");
      if (msg.moves !== undefined && !isStringArray(msg.moves)) return fail("moves must be a list of UCI moves");
      return { request: { type, id, fen: msg.fen, moves: /** @type {string[] | undefined} */ (msg.moves) } };
    case "hash":
      if (typeof msg.mb !== "number" || !Number.isSafeInteger(msg.mb)) return fail("mb must be an integer");
      return { request: { type: "hash", id, mb: msg.mb } };
    case "peers": {
      const { member, members } = msg;
      if (typeof members !== "number" || !Number.isInteger(members) || members < 1 || members > MAX_MEMBERS)
        return fail(`members must be an integer in 1..${MAX_MEMBERS}`);
      if (typeof member !== "number" || !Number.isInteger(member) || member < 0 || member >= members)
        return fail(`member must be an integer in 0..${members - 1}`);
      return { request: { type: "peers", id, member, members } };
    }
    default:
      return { request: { type: "newgame", id } };
  }
}

/**
 * @param {unknown} v
 * @returns {v is string[]}
 */
function isStringArray(v) {
  return Array.isArray(v) && v.every((m) => typeof m === "string");
}

/**
 * The worker's answers, built in one place.
 */
export const reply = Object.freeze({
  /** @param {number} id @param {SearchInfo} info @returns {InfoMessage} */
  info: (id, info) => ({ type: "info", id, info }),
  /** @param {number} id @param {SearchResult} result @returns {BestMoveMessage} */
  bestmove: (id, result) => ({ type: "bestmove", id, result }),
  /** @param {number} id @param {Evaluation} evaluation @returns {EvaluationMessage} */
  evaluation: (id, evaluation) => ({ type: "evaluation", id, evaluation }),
  /** @param {number} id @returns {DoneMessage} */
  done: (id) => ({ type: "done", id }),
  /** @param {number | undefined} id @param {string} message @param {ErrorCode} [code] @returns {ErrorMessage} */
  error: (id, message, code = "invalid-request") => ({ type: "error", id, message, code }),
  /** @param {string} version @param {string} backend @param {Strengths} strengths @returns {ReadyMessage} */
  ready: (version, backend, strengths) => ({ type: "ready", version, backend, strengths }),
  /** @param {string} message @returns {FatalMessage} */
  fatal: (message) => ({ type: "fatal", message }),
});
