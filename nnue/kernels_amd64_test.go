//go:build amd64 && !purego

package nnue

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAVX2MatchesScalar fuzzes the assembly against the Go kernels:
// random columns and accumulators (wrapping included), and random nets on
// random positions.
func TestAVX2MatchesScalar(t *testing.T) {
	if !useAVX2 {
		t.Skip("this CPU has no AVX2")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for iter := 0; iter < 2000; iter++ {
		h := 64 * (1 + rng.IntN(8))
		a, w := make([]int16, h), make([]int16, 2*h)
		for i := range a {
			a[i] = int16(rng.Uint32())
		}
		for i := range w {
			w[i] = int16(rng.IntN(2*maxOutWeight+1) - maxOutWeight)
		}
		b, c := slices.Clone(a), slices.Clone(a)
		addColumnGeneric(b, w)
		addColumnAVX2(&c[0], &w[0], h)
		if !slices.Equal(b, c) {
			t.Fatal("add differs")
		}
		d1, d2 := make([]int16, h), make([]int16, h)
		addSubGeneric(d1, a, w, w[h:])
		addSubAVX2(&d2[0], &a[0], &w[0], &w[h], h)
		if !slices.Equal(d1, d2) {
			t.Fatal("addSub differs")
		}
		addSubSubGeneric(d1, a, w[h:], w, b)
		addSubSubAVX2(&d2[0], &a[0], &w[h], &w[0], &b[0], h)
		if !slices.Equal(d1, d2) {
			t.Fatal("addSubSub differs")
		}
		them := make([]int16, h)
		for i := range them {
			them[i] = int16(rng.IntN(700) - 200)
		}
		if x, y := outputGeneric(a, them, w), outputAVX2(&a[0], &them[0], &w[0], h); x != y {
			t.Fatalf("output %d vs %d", x, y)
		}
	}
	for seed := uint64(0); seed < 5; seed++ {
		net := RandomNet(64*int(1+seed), seed)
		walk(t, 1, 60, func(p *playBoard) {
			useAVX2 = true
			a := net.EvaluateFresh(p)
			useAVX2 = false
			b := net.EvaluateFresh(p)
			useAVX2 = true
			if a != b {
				t.Fatalf("%s: AVX2 %d, scalar %d", p.String(), a, b)
			}
		})
	}
}

// BenchmarkEvalBackends runs the per-node work with each backend in one
// run, so their ratio is measured under the same conditions.
func BenchmarkEvalBackends(b *testing.B) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	for _, avx := range []bool{true, false} {
		name := map[bool]string{true: "avx2", false: "scalar"}[avx]
		b.Run(name, func(b *testing.B) {
			if avx && !saved {
				b.Skip("no AVX2")
			}
			useAVX2 = avx
			benchmarkIncremental(b)
		})
	}
}

// TestRefreshKernelMatchesColumns: the one-pass refresh equals adding and
// subtracting the same columns one at a time, for empty lists, full ones
// (32 columns each) and sums that wrap.
func TestRefreshKernelMatchesColumns(t *testing.T) {
	if !useAVX2 {
		t.Skip("this CPU has no AVX2")
	}
	rng := rand.New(rand.NewPCG(23, 24))
	for iter := 0; iter < 500; iter++ {
		h := 64 * (1 + rng.IntN(8))
		const columns = 40
		w := make([]int16, columns*h)
		for i := range w {
			w[i] = int16(rng.Uint32())
		}
		cache := make([]int16, h)
		for i := range cache {
			cache[i] = int16(rng.Uint32())
		}
		offsets := func() []int32 {
			l := make([]int32, rng.IntN(33))
			for i := range l {
				l[i] = int32(rng.IntN(columns) * h)
			}
			return l
		}
		adds, subs := offsets(), offsets()
		want, zero := slices.Clone(cache), make([]int16, h)
		for _, o := range adds {
			addColumnGeneric(want, w[o:])
		}
		for _, o := range subs {
			addSubGeneric(want, want, zero, w[o:int(o)+h])
		}
		dst := make([]int16, h)
		if !refreshColumns(cache, dst, w, adds, subs) {
			t.Fatal("refreshColumns did not run with AVX2")
		}
		if !slices.Equal(cache, want) || !slices.Equal(dst, want) {
			t.Fatalf("h %d, %d adds, %d subs: the one-pass refresh differs", h, len(adds), len(subs))
		}
	}
}
