// Package train trains Kibitz's NNUE from its own games: training samples
// from the self-play corpus (train/corpus) through a position filter, the
// 32-byte records datagen wrote before the corpus (read and converted), a
// float32 trainer for the nnue architecture (sparse input gradients, Adam,
// mini-batches on every core, a validation split, checkpoints),
// quantisation into the nnue file format with an agreement check, and the
// loss curve as CSV and SVG.
//
// train imports engine/board, engine/netinput, engine/search, nnue, train/corpus,
// internal/regular and internal/svgplot.
package train
