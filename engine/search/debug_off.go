//go:build !kibitzdebug

package search

// debug is false in normal builds: the invariant checks compile away.
const debug = false
