//go:build !kibitz_netfile

package nnue

import (
	"bytes"
	_ "embed"
)

//go:embed default.nnue
var defaultNet []byte

// Embedded reports whether this build embeds the default net.
const Embedded = true

func embedded() (*Net, error) { return Load(bytes.NewReader(defaultNet)) }
