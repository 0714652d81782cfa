// Package board is the rules of chess on Kibitz's hot path: a bitboard
// position with an incrementally kept Zobrist key, magic-bitboard attack
// tables, legal move generation into fixed-size lists, make/unmake, FEN and
// UCI move text, and perft.
//
// Squares are numbered a1=0, b1=1, …, h8=63. Moves are 16 bits. Nothing here
// allocates per node; the tables are built once at start-up in about a
// millisecond natively and a few in wasm (see BenchmarkInitTables), which matters for runtimes
// that start fresh per request such as a Cloudflare Worker.
//
// board imports only the standard library and internal/excerpt (for error
// messages); every other engine package may import it.
package board
