//go:build kibitz_netfile

package nnue

// Embedded reports whether this build embeds the default net: not the
// page's engine modules, which are handed it (SetDefault).
const Embedded = false

func embedded() (*Net, error) { return nil, ErrNoDefaultNet }
