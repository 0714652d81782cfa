// Package train trains Kibitz's NNUE from its own games: the compact
// record format that "kibitz datagen" writes, a float32 trainer for the
// nnue architecture (sparse input gradients, Adam, mini-batches on every
// core, a validation split, checkpoints), quantisation into the nnue file
// format with an agreement check, and the loss curve as CSV and SVG.
//
// train imports engine/board and nnue.
package train
