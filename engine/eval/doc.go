// Package eval is Kibitz's classical evaluation: a tapered (middlegame /
// endgame) sum of material, piece-square tables, mobility, pawn structure,
// king safety and a few piece terms, scored from the side to move's view.
//
// The evaluation is linear in its weights. Every term is added by one call,
// terms.add, which adds weight × count to the score and, given a Trace, also
// records the count: the Texel tuner (train/texel) fits the counts to the
// results of games Kibitz played itself, so it fits exactly the function the
// engine plays. The tuned weights live in weights_gen.go.
//
// eval imports only engine/board.
package eval
