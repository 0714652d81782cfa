package nnue

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// The one-lane kernels: obviously right, and the reference the word-wide
// scalar kernels (and through them the assembly) are checked against.

func addSubReference(dst, src, a, s1 []int16) {
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i]
	}
}

func addSubSubReference(dst, src, a, s1, s2 []int16) {
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}

func outputReference(us, them, w []int16) int32 {
	h := len(us)
	var sum int32
	for i := range h {
		sum += int32(min(max(us[i], 0), QA))*int32(w[i]) + int32(min(max(them[i], 0), QA))*int32(w[h+i])
	}
	return sum
}

// outputSquaredReference is outputReference with the squared clipped
// ReLU, in the kernels' two halves: Σ hi·w and Σ lo·w with c² = 256·hi +
// lo, each an int32 sum that wraps like theirs.
func outputSquaredReference(us, them, w []int16) int64 {
	h := len(us)
	var hi, lo int32
	add := func(x, w int16) {
		c := int32(min(max(x, 0), QA))
		hi += c * c / 256 * int32(w)
		lo += c * c % 256 * int32(w)
	}
	for i := range h {
		add(us[i], w[i])
		add(them[i], w[h+i])
	}
	return int64(hi)*256 + int64(lo)
}

// randomLanes fills s with values from the whole int16 range, the edges
// (where lanes wrap and clamps bite) drawn often.
func randomLanes(rng *rand.Rand, s []int16) {
	edges := []int16{-32768, -32767, -256, -255, -1, 0, 1, 254, 255, 256, 32766, 32767}
	for i := range s {
		if rng.IntN(4) == 0 {
			s[i] = edges[rng.IntN(len(edges))]
		} else {
			s[i] = int16(rng.Uint32())
		}
	}
}

// kernels is one implementation of the four kernels.
type kernels struct {
	name      string
	addSub    func(dst, src, a, s1 []int16)
	addSubSub func(dst, src, a, s1, s2 []int16)
	addColumn func(acc, w []int16)
	output    func(us, them, w []int16) int32
	squared   func(us, them, w []int16) int64 // output with the squared clipped ReLU
}

// checkKernels compares k with the one-lane reference on random lanes.
func checkKernels(t *testing.T, k kernels, seed uint64, iters int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for iter := 0; iter < iters; iter++ {
		h := 64 * (1 + rng.IntN(8))
		src, a, s1, s2, w := alignedInt16(h), alignedInt16(h), alignedInt16(h), alignedInt16(h), alignedInt16(2*h)
		for _, s := range [][]int16{src, a, s1, s2, w} {
			randomLanes(rng, s)
		}
		want, got := alignedInt16(h), alignedInt16(h)
		addSubReference(want, src, a, s1)
		k.addSub(got, src, a, s1)
		if !slices.Equal(want, got) {
			t.Fatalf("%s addSub differs from the reference", k.name)
		}
		addSubSubReference(want, src, a, s1, s2)
		k.addSubSub(got, src, a, s1, s2)
		if !slices.Equal(want, got) {
			t.Fatalf("%s addSubSub differs from the reference", k.name)
		}
		copy(got, src)
		k.addColumn(got, a)
		addSubReference(want, src, a, make([]int16, h))
		if !slices.Equal(want, got) {
			t.Fatalf("%s addColumn differs from the reference", k.name)
		}
		if x, y := outputReference(src, a, w), k.output(src, a, w); x != y {
			t.Fatalf("%s output %d, reference %d", k.name, y, x)
		}
		if x, y := outputSquaredReference(src, a, w), k.squared(src, a, w); x != y {
			t.Fatalf("%s squared output %d, reference %d", k.name, y, x)
		}
	}
}

func TestScalarKernelsMatchReference(t *testing.T) {
	checkKernels(t, kernels{"scalar", addSubGeneric, addSubSubGeneric, addColumnGeneric, outputGeneric, outputSquaredGeneric}, 31, 3000)
}

// TestKernelsInUseMatchReference checks the kernels this build dispatches
// to — AVX2, wasm SIMD128 or scalar — against the one-lane reference.
func TestKernelsInUseMatchReference(t *testing.T) {
	checkKernels(t, kernels{Backend(), addSub, addSubSub, addColumn, output, outputSquared}, 41, 2000)
}

// BenchmarkScalarKernels compares the word-wide kernels with the one-lane
// reference (run it under wasm too: GOOS=js GOARCH=wasm go test -exec ...).
func BenchmarkScalarKernels(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const h = 256
	src, a, s1, w, dst := alignedInt16(h), alignedInt16(h), alignedInt16(h), alignedInt16(2*h), alignedInt16(h)
	for _, s := range [][]int16{src, a, s1, w} {
		randomLanes(rng, s)
	}
	var sink int32
	var sink64 int64
	b.Run("addSub/words", func(b *testing.B) {
		for b.Loop() {
			addSubGeneric(dst, src, a, s1)
		}
	})
	b.Run("addSub/lanes", func(b *testing.B) {
		for b.Loop() {
			addSubReference(dst, src, a, s1)
		}
	})
	b.Run("output/words", func(b *testing.B) {
		for b.Loop() {
			sink += outputGeneric(src, a, w)
		}
	})
	b.Run("output/lanes", func(b *testing.B) {
		for b.Loop() {
			sink += outputReference(src, a, w)
		}
	})
	b.Run("addSub/"+Backend(), func(b *testing.B) {
		for b.Loop() {
			addSub(dst, src, a, s1)
		}
	})
	b.Run("output/"+Backend(), func(b *testing.B) {
		for b.Loop() {
			sink += output(src, a, w)
		}
	})
	b.Run("outputSquared/"+Backend(), func(b *testing.B) {
		for b.Loop() {
			sink64 += outputSquared(src, a, w)
		}
	})
	_, _ = sink, sink64
}

func TestAlignment(t *testing.T) {
	for addr, want := range map[uintptr]int{0: 0, 32: 0, 2: 15, 30: 1, 16: 8, 64 + 6: 13} {
		if got := alignOffset(addr); got != want {
			t.Errorf("alignOffset(%d) = %d, want %d", addr, got, want)
		}
	}
	for n := 64; n <= 1024; n += 64 {
		if s := alignedInt16(n); len(s) != n || cap(s) != n || uintptr(unsafe.Pointer(&s[0]))&31 != 0 {
			t.Errorf("alignedInt16(%d): len %d cap %d at %p", n, len(s), cap(s), &s[0])
		}
	}
}

// TestPairKernelsMatchReference checks the kernels that update both
// perspectives in one call against the one-lane reference, half by half.
func TestPairKernelsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 45))
	for range 2000 {
		h := 64 * (1 + rng.IntN(8))
		src, dst := alignedInt16(2*h), alignedInt16(2*h)
		cols := make([][]int16, 6)
		for i := range cols {
			cols[i] = alignedInt16(h)
			randomLanes(rng, cols[i])
		}
		randomLanes(rng, src)
		a, s1, s2, b, t1, t2 := cols[0], cols[1], cols[2], cols[3], cols[4], cols[5]
		want := alignedInt16(2 * h)
		addSubReference(want[:h], src[:h], a, s1)
		addSubReference(want[h:], src[h:], b, t1)
		addSubPair(dst, src, a, s1, b, t1)
		if !slices.Equal(want, dst) {
			t.Fatalf("addSubPair differs from the reference (h=%d)", h)
		}
		addSubSubReference(want[:h], src[:h], a, s1, s2)
		addSubSubReference(want[h:], src[h:], b, t1, t2)
		addSubSubPair(dst, src, a, s1, s2, b, t1, t2)
		if !slices.Equal(want, dst) {
			t.Fatalf("addSubSubPair differs from the reference (h=%d)", h)
		}
	}
}
