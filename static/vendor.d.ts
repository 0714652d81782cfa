// The parts of cm-pgn the page uses (it ships no type declarations):
// its PGN reader and the game tree it keeps (History, moves linked by
// next/previous, each with its variations, comments and NAGs).
declare module "cm-pgn" {
  /** A move in the tree: one node, in the line `variation`. */
  export interface PgnMove {
    san: string;
    /** Plies from the start (renumbered by GameTree from a set-up position). */
    ply: number;
    next?: PgnMove;
    previous?: PgnMove;
    /** The line the move belongs to. */
    variation: PgnMove[];
    /** The lines that may replace this move. */
    variations: PgnMove[][];
    nags?: number[];
    comments?: string[];
    startingComments?: string[];
  }
  export class History {
    moves: PgnMove[];
    props: { setUpFen: string | null };
    /** The comment before the first move. */
    gameComment?: string[];
    addMove(san: string, previous: PgnMove | "start"): PgnMove;
    historyToMove(move: PgnMove): PgnMove[];
    render(): string;
  }
  export class Pgn {
    constructor(pgn?: string);
    header: { tags: Record<string, string> };
    history: History;
  }
}
