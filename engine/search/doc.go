// Package search finds the best move: iterative deepening over a principal
// variation search with aspiration windows, a shared transposition table,
// quiescence search, staged move ordering, the usual pruning and reduction
// rules, draw detection, MultiPV, depth/node/time/mate limits, a stop flag,
// and Lazy SMP on native builds.
//
// With one thread and a depth or node limit the search is deterministic:
// the same position gives the same node count, score and move on every
// platform. Time only decides when to stop, never what is searched.
//
// search imports engine/board, engine/eval, engine/strength,
// engine/tablebase, engine/tablebase/wdlnet (an endgame model as an
// evaluation term), nnue and engine/netinput (the net reading the board),
// golang.org/x/sys/unix (huge pages for the hash
// table on Linux) and golang.org/x/sys/cpu (whether the move picker's AVX2
// scan may run); the front ends (UCI, wasm, HTTP, CLI) reach it through the
// facade, package engine.
package search
