// Package tablebase computes endgame tables by retrograde analysis and
// probes them: for every position of a material signature (up to five men,
// pawns included), win, draw or loss for the side to move and the
// distance to mate, by exhaustive analysis from the mates back — the
// ground truth no evaluation can argue with. Positions are indexed by their
// class under the board's symmetries (eight without pawns, the a↔h mirror
// with them); captures and promotions look up the smaller tables, and an
// open en passant capture is part of the position. Castling and the
// fifty-move rule are left out, as in the published tables this package
// checks itself against.
//
// Its files use one another in one direction, each only those below it:
// position.go (signatures and positions) and layout.go (the index); moves.go
// (a position's legal moves); table.go (one table's entries); set.go,
// exits.go, closure.go (the tables held, the tables a move out of a table
// reaches, which tables are complete); builder.go, settle.go, generate.go
// (generation: seeding, settling level by level, the order of the tables);
// and at the top probing (search.go for the search, probe.go with the best
// move) and files (file.go).
//
// tablebase imports only engine/board and internal/regular.
package tablebase
