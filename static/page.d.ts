// The play page as its parts see it. play.js builds the page — the game
// state, the settings, the board, the engine client and the actions that
// tie them together — and hands each part (createStudy, createInput,
// createTimed, …) a Page: the one description of what a part may use.
// A part declares the members it takes (Pick<Page, …>).

import type { KibitzEngine } from "./kibitz.js";
import type { BoardView } from "./boardview.js";
import type { Sounds } from "./sounds.js";
import type { PageState } from "./state.js";
import type { Settings } from "./settings.js";
import type { SearchInfo, SearchParams, SearchResult } from "./protocol.js";

export interface Page {
  /** The game and what the page shows of it (state.js). */
  state: PageState;
  /** The player's settings, saved in the browser (settings.js). */
  settings: Settings;
  /** The engine in its Web Worker. */
  engine: KibitzEngine;
  /** The board view (boardview.js). */
  view: BoardView;
  /** cm-chessboard's board inside the view: arrows, markers, input. */
  board: BoardView["cm"];
  sounds: Sounds;
  /** The game clock and its controls (timed.js). */
  timed: ReturnType<typeof import("./timed.js").createTimed>;
  /** Analysis, review, the library and variations (study.js). */
  study: ReturnType<typeof import("./study.js").createStudy>;
  /** "Learn from your mistakes" (learn.js). */
  learn: ReturnType<typeof import("./learn.js").createLearn>;

  /** Brings the page up to date after the game or the view changed: the game's bookkeeping, then the drawing. */
  refresh(): void;
  /** The status line under the board; over marks a finished game. */
  setStatus(text: string, over?: boolean): void;
  /** Tells screen readers what just happened. */
  announce(text: string): void;
  /** Turns the board; resolves once it is redrawn. */
  setOrientation(blackBottom: boolean): Promise<void>;
  /** Empties what the engine said about an earlier position. */
  clearReadouts(): void;
  /** Ends the game in play. */
  endGame(over: { result: string; reason: string }): void;
  /** Starts a game from the standard position or from fen; false when the engine refuses the position. */
  newGame(fen?: string | null, human?: string | null): Promise<boolean>;
  /** Shows the position after ply plies. */
  showPly(ply: number): void;
  /** Shows a progress report of the engine; onPick plays its line. */
  showInfo(info: SearchInfo, fen: string, sideToMove: string, onPick?: (() => void) | null, threat?: boolean): void;
  /** Searches the game's position (the lines shown as they come). */
  search(params: SearchParams): Promise<SearchResult>;
  /** Lets Kibitz move when it is its turn. */
  engineMove(): Promise<void>;
  /** What follows a move of the player's. */
  afterHumanMove(): void;
  /** The game's start position (FEN) and its moves in UCI; the engine's colour. */
  startFen(): string;
  uciMoves(): string[];
  engineColor(): string;
  /** The game as PGN. */
  pgnText(): string;
  /** Imports a PGN or FEN into the page (id: the library entry it came from). */
  importPgn(text: string, id?: number): Promise<boolean | void>;
  /** Forgets the last review. */
  clearReview(): void;
}

/**
 * The page's scripting hook, `window.kibitz`: the game state, the engine
 * client and the sounds, read and driven by the browser tests (a held
 * search, the sounds played) and open to anyone scripting the page from
 * the console. It is the page's inside, not an interface for sites that
 * embed Kibitz, and it changes with the page.
 */
export interface ScriptingHook {
  state: PageState;
  engine: KibitzEngine;
  sounds: Sounds;
}

declare global {
  interface Window {
    kibitz: ScriptingHook;
  }
}
