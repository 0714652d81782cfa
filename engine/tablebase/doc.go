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
// tablebase imports only engine/board and internal/regular.
package tablebase
