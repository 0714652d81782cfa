//go:build amd64 && !purego

package nnue

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useAVX2 is decided once at start-up; without AVX2 the scalar kernels run.
var useAVX2 = cpu.X86.HasAVX2

// Backend names the kernels in use: "avx2", or "scalar" on a CPU without
// AVX2.
func Backend() string {
	if useAVX2 {
		return "avx2"
	}
	return "scalar"
}

func addColumn(acc, w []int16) {
	if useAVX2 {
		_ = w[len(acc)-1]
		addColumnAVX2(&acc[0], &w[0], len(acc))
		return
	}
	addColumnGeneric(acc, w)
}

func output(us, them, w []int16) int32 {
	if useAVX2 {
		_, _ = them[len(us)-1], w[2*len(us)-1]
		return outputAVX2(&us[0], &them[0], &w[0], len(us))
	}
	return outputGeneric(us, them, w)
}

func outputSquared(us, them, w []int16) int64 {
	if useAVX2 {
		_, _ = them[len(us)-1], w[2*len(us)-1]
		return squaredSum(outputSquaredAVX2(&us[0], &them[0], &w[0], len(us)))
	}
	return outputSquaredGeneric(us, them, w)
}

func addSub(dst, src, a, s1 []int16) {
	if useAVX2 {
		_, _, _ = src[len(dst)-1], a[len(dst)-1], s1[len(dst)-1]
		addSubAVX2(&dst[0], &src[0], &a[0], &s1[0], len(dst))
		return
	}
	addSubGeneric(dst, src, a, s1)
}

func addSubSub(dst, src, a, s1, s2 []int16) {
	if useAVX2 {
		_, _, _, _ = src[len(dst)-1], a[len(dst)-1], s1[len(dst)-1], s2[len(dst)-1]
		addSubSubAVX2(&dst[0], &src[0], &a[0], &s1[0], &s2[0], len(dst))
		return
	}
	addSubSubGeneric(dst, src, a, s1, s2)
}

// addSubPair is addSub for both perspectives at once: dst and src hold
// the two accumulators side by side, the first taking a − s1, the second
// b − t1.
func addSubPair(dst, src, a, s1, b, t1 []int16) {
	h := len(dst) / 2
	if useAVX2 {
		_, _, _, _, _ = src[2*h-1], a[h-1], s1[h-1], b[h-1], t1[h-1]
		addSubPairAVX2(&dst[0], &src[0], &a[0], &s1[0], &b[0], &t1[0], h)
		return
	}
	addSubGeneric(dst[:h], src[:h], a, s1)
	addSubGeneric(dst[h:], src[h:], b, t1)
}

// addSubSubPair is addSubSub for both perspectives at once (addSubPair).
func addSubSubPair(dst, src, a, s1, s2, b, t1, t2 []int16) {
	h := len(dst) / 2
	if useAVX2 {
		_, _, _, _, _, _, _ = src[2*h-1], a[h-1], s1[h-1], s2[h-1], b[h-1], t1[h-1], t2[h-1]
		addSubSubPairAVX2(&dst[0], &src[0], &a[0], &s1[0], &s2[0], &b[0], &t1[0], &t2[0], h)
		return
	}
	addSubSubGeneric(dst[:h], src[:h], a, s1, s2)
	addSubSubGeneric(dst[h:], src[h:], b, t1, t2)
}

// refreshColumns sets cache += the columns of w at the offsets adds − those
// at subs, then dst = cache, in one pass (refreshAVX2), and reports whether
// it did: without AVX2 the caller adds the columns one at a time.
func refreshColumns(cache, dst, w []int16, adds, subs []int32) bool {
	if !useAVX2 {
		return false
	}
	h := len(cache)
	_ = dst[h-1]
	for _, o := range adds {
		_ = w[int(o)+h-1]
	}
	for _, o := range subs {
		_ = w[int(o)+h-1]
	}
	refreshAVX2(&cache[0], &dst[0], &w[0], unsafe.SliceData(adds), len(adds), unsafe.SliceData(subs), len(subs), h)
	return true
}
