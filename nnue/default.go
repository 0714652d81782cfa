package nnue

import (
	"bytes"
	_ "embed"
	"sync"
)

// The embedded net: generation 4, trained by "kibitz train" on 5.4 M
// positions of generations 2's and 3's self-play (5 000 nodes a move, half
// of the positions without castling rights mirrored); the generations
// before it learned from their predecessors' games, back to self-play with
// the classical evaluation (recipes in docs/training.md and
// scripts/train.sh; the matches in docs/elo-log.md).
//
//go:embed default.nnue
var defaultNet []byte

var (
	defaultOnce sync.Once
	defaultVal  *Net
	defaultErr  error
)

// Default returns the embedded net, parsed once.
func Default() (*Net, error) {
	defaultOnce.Do(func() { defaultVal, defaultErr = Load(bytes.NewReader(defaultNet)) })
	return defaultVal, defaultErr
}
