package nnue

import "unsafe"

// The scalar kernels: what runs in wasm, with -tags purego and on CPUs
// without AVX2. Go's wasm port has no SIMD and pays dearly for each int16
// load, store and loop step, so the kernels work on four int16 lanes at a
// time in a uint64 (SIMD within a register): wrapping lane arithmetic, like
// VPADDW/VPSUBW, so the results are bit-identical to the assembly. In wasm
// this made the accumulator update 3.3× and the output layer 4× faster
// than one lane at a time. kernels_reference_test.go keeps the one-lane
// versions they are tested against.
//
// Every slice starts 8-byte aligned and its length is a multiple of 64
// (the format requires that of the hidden size).

// lane masks: the sign bit of each lane, the low byte of each lane, and
// bits 8–14 of each lane.
const (
	signBits = 0x8000_8000_8000_8000
	lowBytes = 0x00FF_00FF_00FF_00FF
	midBits  = 0x7F00_7F00_7F00_7F00
)

// words views an int16 slice as uint64 words of four lanes each.
func words(s []int16) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(s))), len(s)/4)
}

// add4 and sub4 add and subtract lane by lane, wrapping: the low 15 bits
// of each lane cannot carry out of it, and the sign bit is fixed up after.
func add4(x, y uint64) uint64 {
	return ((x &^ signBits) + (y &^ signBits)) ^ ((x ^ y) & signBits)
}

func sub4(x, y uint64) uint64 {
	return ((x | signBits) - (y &^ signBits)) ^ ((x ^ ^y) & signBits)
}

// clamp4 clamps each lane to [0, QA] (QA = 255): negative lanes become
// 0, lanes with any of bits 8–14 set become 255.
func clamp4(x uint64) uint64 {
	x &^= (x & signBits) >> 15 * 0xFFFF
	over := ((x&midBits + midBits) & signBits) >> 15 * 0xFF
	return x&lowBytes | over
}

func addColumnGeneric(acc, w []int16) {
	d, c := words(acc), words(w)
	c = c[:len(d)]
	for i := range d {
		d[i] = add4(d[i], c[i])
	}
}

// addSubGeneric is dst = src + a − s1.
func addSubGeneric(dst, src, a, s1 []int16) {
	d, s, x, y := words(dst), words(src), words(a), words(s1)
	s, x, y = s[:len(d)], x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = sub4(add4(s[i], x[i]), y[i])
	}
}

// addSubSubGeneric is dst = src + a − s1 − s2.
func addSubSubGeneric(dst, src, a, s1, s2 []int16) {
	d, s, x, y, z := words(dst), words(src), words(a), words(s1), words(s2)
	s, x, y, z = s[:len(d)], x[:len(d)], y[:len(d)], z[:len(d)]
	for i := range d {
		d[i] = sub4(sub4(add4(s[i], x[i]), y[i]), z[i])
	}
}

// outputGeneric is Σ clamp(us[i], 0, QA)·w[i] + Σ clamp(them[i], 0, QA)·w[H+i].
func outputGeneric(us, them, w []int16) int32 {
	h := len(us)
	return clampedDot(us, w[:h]) + clampedDot(them[:h], w[h:2*h])
}

// clampedDot is Σ clamp(a[i], 0, QA)·w[i], four lanes per step. Both slices
// are read as words the same way, so lane order does not matter.
func clampedDot(a, w []int16) int32 {
	av, wv := words(a), words(w)
	wv = wv[:len(av)]
	var s0, s1 int32
	for i, x := range av {
		c, y := clamp4(x), wv[i]
		s0 += int32(c&0xFF)*int32(int16(y)) + int32(c>>32&0xFF)*int32(int16(y>>32))
		s1 += int32(c>>16&0xFF)*int32(int16(y>>16)) + int32(c>>48)*int32(int16(y>>48))
	}
	return s0 + s1
}

// outputSquaredGeneric is outputGeneric with the squared clipped ReLU,
// exact: Σ c²·w over both perspectives, c the clamped lane. c² (≤ 65 025)
// is split as 256·hi + lo (hi ≤ 254, lo ≤ 255) so that both halves' dot
// products are int32 sums like the clipped ReLU's (wrapping the same in any
// order, so every backend agrees bit for bit); squaredSum joins them.
func outputSquaredGeneric(us, them, w []int16) int64 {
	h := len(us)
	hi0, lo0 := squaredDot(us, w[:h])
	hi1, lo1 := squaredDot(them[:h], w[h:2*h])
	return squaredSum(hi0+hi1, lo0+lo1)
}

// squaredSum is Σ c²·w from its two halves' sums: Σ hi·w and Σ lo·w.
func squaredSum(hi, lo int32) int64 { return int64(hi)<<8 + int64(lo) }

// squaredDot is Σ hi(c)·w[i] and Σ lo(c)·w[i] over c = clamp(a[i], 0, QA),
// four lanes per step.
func squaredDot(a, w []int16) (hi, lo int32) {
	av, wv := words(a), words(w)
	wv = wv[:len(av)]
	for i, x := range av {
		c, y := clamp4(x), wv[i]
		for shift := 0; shift < 64; shift += 16 {
			sq, wt := int32(c>>shift&0xFF), int32(int16(y>>shift))
			sq *= sq
			hi += sq >> 8 * wt
			lo += sq & 0xFF * wt
		}
	}
	return hi, lo
}

// clamp4 hard-codes the ceiling 255 = QA: the reference tests, which clamp
// to QA, fail if the two ever differ.
