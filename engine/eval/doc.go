// Package eval is Kibitz's classical evaluation: a tapered (middlegame /
// endgame) sum of material, piece-square tables, mobility, pawn structure,
// king safety and a few piece terms, scored from the side to move's view.
//
// The evaluation is linear in its weights. Evaluate adds weight × count
// terms; the same code, given a Trace, records the counts instead, which is
// what the Texel tuner (tune.go) fits to the results of games Kibitz played
// itself. The tuned weights live in weights_gen.go.
//
// eval imports only engine/board.
package eval
