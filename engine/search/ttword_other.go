//go:build !wasm

package search

import "sync/atomic"

// ttWord is one word of a table entry, read and written atomically so that
// threads share the table without data races.
type ttWord = atomic.Uint64
