//go:build !amd64 || purego

package nnue

// addSubPair is addSub for both perspectives at once: dst and src hold
// the two accumulators side by side, the first taking a − s1, the second
// b − t1. Outside amd64's AVX2 build it is the two calls.
func addSubPair(dst, src, a, s1, b, t1 []int16) {
	h := len(dst) / 2
	addSub(dst[:h], src[:h], a, s1)
	addSub(dst[h:], src[h:], b, t1)
}

// addSubSubPair is addSubSub for both perspectives at once (addSubPair).
func addSubSubPair(dst, src, a, s1, s2, b, t1, t2 []int16) {
	h := len(dst) / 2
	addSubSub(dst[:h], src[:h], a, s1, s2)
	addSubSub(dst[h:], src[h:], b, t1, t2)
}
