package nnue

import (
	"errors"
	"sync"
)

// The default net: the default generation of docs/training.md's table,
// trained by "kibitz train" on its parent's self-play; each generation
// learnt from its predecessors' games, back to self-play with the
// classical evaluation (recipes in docs/training.md and scripts/train.sh;
// the matches in docs/elo-log.md). Builds embed it (default_embed.go),
// except the page's engine modules (build tag kibitz_netfile), which fetch
// the same net as a file of its own, in its wire form, and hand it over
// with SetDefault before the engine starts: one download shared by both
// modules and cached apart from the code.
var (
	defaultMu   sync.Mutex
	defaultVal  *Net
	defaultErr  error
	defaultRead bool
)

// ErrNoDefaultNet is Default's error in a build that embeds no net when
// none was given with SetDefault.
var ErrNoDefaultNet = errors.New("this build embeds no net, and none was given")

// Default returns the default net: the one given with SetDefault, else the
// embedded net, parsed once.
func Default() (*Net, error) {
	defaultMu.Lock()
	defer defaultMu.Unlock()
	if !defaultRead {
		defaultVal, defaultErr = embedded()
		defaultRead = true
	}
	return defaultVal, defaultErr
}

// SetDefault makes n the default net, in place of the embedded one; engines
// built afterwards evaluate with it.
func SetDefault(n *Net) {
	defaultMu.Lock()
	defer defaultMu.Unlock()
	defaultVal, defaultErr, defaultRead = n, nil, true
}
