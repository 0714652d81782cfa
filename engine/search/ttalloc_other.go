//go:build !linux

package search

// allocEntries returns n zeroed entries.
func allocEntries(n int) []ttEntry { return make([]ttEntry, n) }
