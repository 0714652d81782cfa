//go:build amd64 && !purego

package search

import "golang.org/x/sys/cpu"

// useAVX2 is decided once at start-up; without AVX2 the scan is Go's.
var useAVX2 = cpu.X86.HasAVX2

// argmaxMinAVX2 is the shortest list the vector scan takes: below it the
// call costs more than the loop it replaces.
const argmaxMinAVX2 = 12

// argmax returns the index of the first highest score in s (len(s) ≥ 1).
// The picker's selection scan spends most of its time here; with AVX2 it
// compares eight scores at a time.
func argmax(s []int32) int {
	if useAVX2 && len(s) >= argmaxMinAVX2 {
		return argmaxAVX2(&s[0], len(s))
	}
	return argmaxGeneric(s)
}

// argmaxAVX2 returns the index of the first maximum of the n ≥ 8 int32
// at s: one pass for the maximum, one for its first place.
//
//go:noescape
func argmaxAVX2(s *int32, n int) int
