package nnue

import (
	"bytes"
	_ "embed"
	"sync"
)

// The embedded net: generation 1, trained by "kibitz train" on 1.81 M
// positions of Kibitz's own self-play with the classical evaluation
// (recipe in docs/training.md; its match against the classical evaluation
// in docs/elo-log.md).
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
