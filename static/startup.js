// @ts-check
// How a visit begins: the game a shared link or ?fen= in the address asks
// for (saying why when the engine refuses it), else the game saved before
// a reload, else a new game.
import { GameClock } from "./clock.js";
import { importTree } from "./tree.js";
import { loadStoredGame } from "./game.js";
import { readShared, withoutShare } from "./share.js";
import { $ } from "./dom.js";

/**
 * @param {Pick<import("./page.js").Page, "state" | "settings" | "study" | "refresh" | "setStatus" | "setOrientation" | "clearReadouts" |
 *   "newGame" | "showPly" | "engineMove" | "startFen">} page
 * @param {() => Promise<boolean | void>} importText imports what the import box holds (gameio.js)
 */
export function createStartup(page, importText) {
  const { state, settings, study, refresh, setStatus, setOrientation, clearReadouts, newGame, showPly, engineMove, startFen } = page;

  // restoreGame brings back the saved game, resolving once it is on the
  // board; false when there is none (or it no longer replays).
  function restoreGame() {
    const saved = loadStoredGame();
    if (!saved) return false;
    const { tree, clock, ...rest } = saved;
    Object.assign(state, rest);
    state.clock = GameClock.fromJSON(clock); // a running clock went on meanwhile
    state.tree = importTree(tree || "", state.game, startFen());
    state.viewPly = null;
    clearReadouts();
    return setOrientation(state.human === "b").then(() => {
      refresh();
      if (!state.over) {
        setStatus(state.game.turn() === state.human ? "Your game is back — your move" : "Your game is back");
        engineMove();
      }
    });
  }

  // startFromAddress starts from ?fen= when it is given (saying why when the
  // engine refuses it), else restores the game saved before a reload.
  async function startFromAddress() {
    const shared = readShared(location.search);
    if (shared) {
      history.replaceState(history.state, "", withoutShare(location.href));
      if ("error" in shared) {
        await newGame();
        setStatus(`The shared link was not opened: ${shared.error}`);
        return;
      }
      $("import-text").value = shared.pgn;
      await importText();
      if (state.mode !== "analyse") await study.toggleAnalysis();
      if (shared.ply !== null) showPly(shared.ply);
      return;
    }
    if (settings.fen) {
      dropFenFromAddress();
      if (await newGame(settings.fen)) return;
      const why = $("status").textContent;
      await newGame();
      setStatus(`${why} — the address's fen was ignored; a new game from the usual position`);
      return;
    }
    // The page is ready once the game is back on the board.
    const restored = restoreGame();
    if (restored) await restored;
    else await newGame();
    // A parameter the page could not take is said, not dropped in silence.
    if (settings.ignored) setStatus(`${$("status").textContent} — not taken from the address: ${settings.ignored.join(", ")}`);
  }

  // dropFenFromAddress takes ?fen= out of the address once it has been read:
  // a reload then restores the game played from that position (saved like
  // any other) instead of starting it again.
  function dropFenFromAddress() {
    const url = new URL(location.href);
    url.searchParams.delete("fen");
    history.replaceState(history.state, "", url);
  }

  return { startFromAddress };
}
