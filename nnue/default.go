package nnue

import (
	"bytes"
	_ "embed"
	"sync"
)

// The embedded net: the default generation of docs/training.md's table,
// trained by "kibitz train" on its parent's self-play; each generation
// learnt from its predecessors' games, back to self-play with the
// classical evaluation (recipes in docs/training.md and scripts/train.sh;
// the matches in docs/elo-log.md).
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
