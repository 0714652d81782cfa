package search

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestArgmaxFirstMaximum checks the build's argmax (the AVX2 scan on
// amd64) against the plain loop on every length a move list can have,
// with scores drawn from ranges narrow enough for many ties, so that the
// first of equal maxima is what both return.
func TestArgmaxFirstMaximum(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	s := make([]int32, 256)
	for n := 1; n <= len(s); n++ {
		for _, spread := range []int32{2, 5, 1000, math.MaxInt32} {
			for range 20 {
				for i := range n {
					s[i] = rng.Int32N(spread) - spread/2
				}
				if rng.IntN(4) == 0 {
					s[rng.IntN(n)] = math.MinInt32 // the picker's lowest scores are large negatives
				}
				if got, want := argmax(s[:n]), argmaxGeneric(s[:n]); got != want {
					t.Fatalf("n=%d %v: argmax %d, the plain loop %d", n, s[:n], got, want)
				}
			}
		}
	}
	// The maximum in the overlapping last vector only, and in the first place.
	for n := 9; n <= 40; n++ {
		for at := range n {
			clear(s[:n])
			s[at] = 7
			if got := argmax(s[:n]); got != at {
				t.Fatalf("n=%d, the maximum at %d: argmax %d", n, at, got)
			}
		}
	}
}

func BenchmarkArgmax(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	s := make([]int32, 32)
	for i := range s {
		s[i] = rng.Int32N(20000) - 10000
	}
	for _, n := range []int{8, 12, 16, 24, 32} {
		b.Run("generic/"+strconv.Itoa(n), func(b *testing.B) {
			for range b.N {
				sink += argmaxGeneric(s[:n])
			}
		})
		b.Run("build/"+strconv.Itoa(n), func(b *testing.B) {
			for range b.N {
				sink += argmax(s[:n])
			}
		})
	}
}

var sink int // keeps the benchmarked calls from being optimised away
