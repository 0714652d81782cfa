package nnue

import (
	"bytes"
	_ "embed"
	"sync"
)

// The embedded net: generation 3, trained by "kibitz train" on 3.7 M
// positions of generation 2's self-play (5 000 nodes a move), which learned
// from generation 1's, itself trained on self-play with the classical
// evaluation (recipes in docs/training.md and scripts/train.sh; the
// matches in docs/elo-log.md).
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
