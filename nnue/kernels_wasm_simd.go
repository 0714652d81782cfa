//go:build wasm && goexperiment.simd && !purego

package nnue

import (
	"simd/archsimd"
	"unsafe"
)

// The wasm SIMD128 kernels: built with Go 1.27 or newer and
// GOEXPERIMENT=simd (./build.sh wasm), for browsers with WebAssembly SIMD;
// the page loads the scalar module elsewhere. Eight int16 lanes per
// instruction, wrapping like the scalar and AVX2 kernels, so results are
// bit-identical (TestKernelsInUseMatchReference runs in this build too).
//
// Every slice's length is a multiple of 64 (the format requires it of the
// hidden size). The lengths are checked once on entry; inside the loops the
// lanes are addressed from the base pointers, without the per-load bounds
// checks (and their 64-bit address arithmetic) that slicing would cost.

// Backend names the kernels in use.
func Backend() string { return "wasm-simd128" }

// lanes8 is the group of eight lanes starting at lane i of the slice whose
// first lane is at p.
func lanes8(p unsafe.Pointer, i int) *[8]int16 { return (*[8]int16)(unsafe.Add(p, 2*i)) }

func base(s []int16) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s)) }

const errShort = "nnue: a kernel's operand is shorter than its destination"

func addColumn(acc, w []int16) {
	if len(w) < len(acc) {
		panic(errShort)
	}
	d, x := base(acc), base(w)
	for i := 0; i < len(acc); i += 8 {
		archsimd.LoadInt16x8Array(lanes8(d, i)).Add(archsimd.LoadInt16x8Array(lanes8(x, i))).StoreArray(lanes8(d, i))
	}
}

// addSub is dst = src + a − s1.
func addSub(dst, src, a, s1 []int16) {
	n := len(dst)
	if len(src) < n || len(a) < n || len(s1) < n {
		panic(errShort)
	}
	d, s, x, y := base(dst), base(src), base(a), base(s1)
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadInt16x8Array(lanes8(s, i)).Add(archsimd.LoadInt16x8Array(lanes8(x, i)))
		v.Sub(archsimd.LoadInt16x8Array(lanes8(y, i))).StoreArray(lanes8(d, i))
	}
}

// addSubSub is dst = src + a − s1 − s2.
func addSubSub(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	if len(src) < n || len(a) < n || len(s1) < n || len(s2) < n {
		panic(errShort)
	}
	d, s, x, y, z := base(dst), base(src), base(a), base(s1), base(s2)
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadInt16x8Array(lanes8(s, i)).Add(archsimd.LoadInt16x8Array(lanes8(x, i)))
		v = v.Sub(archsimd.LoadInt16x8Array(lanes8(y, i))).Sub(archsimd.LoadInt16x8Array(lanes8(z, i)))
		v.StoreArray(lanes8(d, i))
	}
}

// output is Σ clamp(us[i], 0, QA)·w[i] + Σ clamp(them[i], 0, QA)·w[H+i].
// Products are widened to 32 bits; int32 sums wrap the same in any order,
// so the result equals the scalar kernel's.
func output(us, them, w []int16) int32 {
	h := len(us)
	return sum4(clampedDot128(us, w[:h]).Add(clampedDot128(them[:h], w[h:2*h])))
}

// sum4 adds the four lanes.
func sum4(v archsimd.Int32x4) int32 {
	var lanes [4]int32
	v.StoreArray(&lanes)
	return lanes[0] + lanes[1] + lanes[2] + lanes[3]
}

// outputSquared is output with the squared clipped ReLU, exact: each
// clamped lane's c² (≤ 65 025, a 16-bit lane read as unsigned) is split as
// 256·hi + lo, and the two halves' dot products are summed apart, as the
// scalar kernel does.
func outputSquared(us, them, w []int16) int64 {
	h := len(us)
	hi0, lo0 := squaredDot128(us, w[:h])
	hi1, lo1 := squaredDot128(them[:h], w[h:2*h])
	return squaredSum(sum4(hi0.Add(hi1)), sum4(lo0.Add(lo1)))
}

func squaredDot128(a, w []int16) (hi, lo archsimd.Int32x4) {
	if len(w) < len(a) {
		panic(errShort)
	}
	p, q := base(a), base(w)
	zero, ceiling := archsimd.BroadcastInt16x8(0), archsimd.BroadcastInt16x8(QA)
	low := archsimd.BroadcastUint16x8(0xFF)
	hi, lo = archsimd.BroadcastInt32x4(0), archsimd.BroadcastInt32x4(0)
	for i := 0; i < len(a); i += 8 {
		c := archsimd.LoadInt16x8Array(lanes8(p, i)).Max(zero).Min(ceiling)
		sq := c.Mul(c).ToBits()
		h, l := sq.ShiftAllRight(8).BitsToInt16(), sq.And(low).BitsToInt16()
		x := archsimd.LoadInt16x8Array(lanes8(q, i))
		hi = hi.Add(h.MulWidenLo(x)).Add(h.MulWidenHi(x))
		lo = lo.Add(l.MulWidenLo(x)).Add(l.MulWidenHi(x))
	}
	return hi, lo
}

// clampedDot128 is clampedDot with its four partial sums left in lanes.
func clampedDot128(a, w []int16) archsimd.Int32x4 {
	if len(w) < len(a) {
		panic(errShort)
	}
	p, q := base(a), base(w)
	zero, ceiling := archsimd.BroadcastInt16x8(0), archsimd.BroadcastInt16x8(QA)
	s0, s1 := archsimd.BroadcastInt32x4(0), archsimd.BroadcastInt32x4(0)
	for i := 0; i < len(a); i += 8 {
		c := archsimd.LoadInt16x8Array(lanes8(p, i)).Max(zero).Min(ceiling)
		x := archsimd.LoadInt16x8Array(lanes8(q, i))
		s0 = s0.Add(c.MulWidenLo(x))
		s1 = s1.Add(c.MulWidenHi(x))
	}
	return s0.Add(s1)
}

// refreshColumns reports that no kernel here refreshes in one pass: the
// caller adds the columns one at a time.
func refreshColumns(cache, dst, w []int16, adds, subs []int32) bool { return false }
