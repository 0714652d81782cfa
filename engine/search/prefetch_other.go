//go:build !amd64 || purego

package search

// prefetch does nothing where there is no prefetch instruction to call.
func prefetch(*ttEntry) {}
