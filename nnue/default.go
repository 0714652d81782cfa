package nnue

import (
	"bytes"
	_ "embed"
	"sync"
)

// The embedded net. Until a trained net replaces it, it is
// RandomNet(256, 1) written by "go run ./internal/netgen": it exercises
// the whole NNUE path but plays no sensible chess, which is why the
// classical evaluation stays the default.
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
