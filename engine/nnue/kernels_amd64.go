//go:build amd64 && !purego

package nnue

import "golang.org/x/sys/cpu"

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

func outputSquared(us, them, w []int16) int32 {
	if useAVX2 {
		_, _ = them[len(us)-1], w[2*len(us)-1]
		return outputSquaredAVX2(&us[0], &them[0], &w[0], len(us))
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
