// A site's TypeScript against the package's declarations (tests/package.test.mjs
// packs dist/lib, installs it beside this file and runs tsc --noEmit).
import { createEngine, KibitzError, nearestLevel, type KibitzEngine, type SearchInfo, type SearchResult, type Evaluation } from "kibitz-chess";
import { KibitzGameElement } from "kibitz-chess/element";

async function play(): Promise<string> {
  const engine: KibitzEngine = await createEngine({ baseUrl: "/vendor/kibitz/" });
  const depths: number[] = [];
  const result: SearchResult = await engine.search({
    fen: "startpos",
    moves: ["e2e4"],
    depth: 8,
    multipv: 2,
    signal: new AbortController().signal,
    onInfo: (info: SearchInfo) => depths.push(info.depth),
  });
  const level = nearestLevel(engine.strengths?.levels ?? [], 1500);
  if (level !== null) await engine.search({ elo: level, wtime: 60_000, btime: 60_000, winc: 1000, binc: 1000 });
  const why: string | null = await engine.check("8/8/8/8/8/8/8/8 w - - 0 1");
  const ev: Evaluation = await engine.evaluate("startpos");
  const worth = (ev.pieces ?? []).map((p) => `${p.piece}${p.square} ${p.cp}`);
  try {
    await engine.setHash(64);
  } catch (err) {
    if (err instanceof KibitzError && err.code === "invalid-request") console.log(err.message);
  }
  engine.stop();
  await engine.newGame();
  engine.terminate();
  const tb = result.tb ? `${result.tb.wdl} ${result.tb.dtm}` : "";
  return [result.bestmove, result.score.cp ?? result.score.mate, why, worth.join(), tb, engine.version, engine.backend].join(" ");
}

const game: KibitzGameElement | null = document.querySelector("kibitz-game");
game?.setAttribute("depth", "6");
const fen: string | undefined = game?.fen;
game?.addEventListener("move", (e) => console.log(e.detail.san, e.detail.by === "kibitz", game.pgn));
game?.addEventListener("gameover", (e) => console.log(e.detail.result, e.detail.reason));
game?.addEventListener("ready", (e) => console.log(e.detail.version));
void play().then(() => console.log(fen));
