// Package wdlnet is a compact neural network that predicts the result of
// an endgame table's positions — win, draw or loss for the side to move —
// the question of the fourth reference document (Can neural networks
// replace endgame tablebases?), answered against Kibitz's own exact
// tables.
//
// The input is sparse, as in NNUE: one feature per man (side, kind,
// square) of the table's canonical position, plus the side to move and an
// open en passant capture, and, as a model chooses (Inputs), the threats
// the attack tables show and the men's places relative to the kings
// (features.go); so the first layer is a sum of at most 24 weight
// columns. Two small dense layers follow, then three logits.
// Its trainer (train/wdltrain) draws positions from the tables, holding out
// a deterministic share of every table's index for the test (Heldout,
// here, so that whoever reads a model can tell the positions it never saw).
package wdlnet
