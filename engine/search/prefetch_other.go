//go:build !amd64 || purego

package search

// prefetch does nothing where there is no prefetch instruction to call.
func prefetch(*ttEntry) {}

// canPrefetch says whether prefetch does anything: where it does not, the
// search does not compute the addresses it would fetch.
const canPrefetch = false
