package nnue

import (
	"bytes"
	_ "embed"
	"sync"
)

// The embedded net: generation 2, trained by "kibitz train" on 4 M
// positions of generation 1's self-play, itself trained on self-play with
// the classical evaluation (recipe in docs/training.md and
// scripts/train.sh; its matches in docs/elo-log.md).
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
