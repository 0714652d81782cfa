//go:build !amd64 || purego

package search

// argmax returns the index of the first highest score in s (len(s) ≥ 1).
func argmax(s []int32) int { return argmaxGeneric(s) }
