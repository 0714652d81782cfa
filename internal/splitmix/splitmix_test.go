package splitmix

import (
	"math"
	"testing"
)

// The first outputs for seed 0 are splitmix64's published reference values.
func TestReferenceValues(t *testing.T) {
	r := Rand(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := r.Next(); got != want {
			t.Errorf("output %d: %#x, want %#x", i, got, want)
		}
	}
}

func TestFloatAndNormalRanges(t *testing.T) {
	r := Rand(42)
	var sum, sq float64
	const n = 100_000
	for range n {
		if f := r.Float(); f < 0 || f >= 1 {
			t.Fatalf("Float gave %v", f)
		}
		x := r.Normal()
		sum += x
		sq += x * x
	}
	mean, sd := sum/n, math.Sqrt(sq/n-(sum/n)*(sum/n))
	if math.Abs(mean) > 0.02 || math.Abs(sd-1) > 0.02 {
		t.Errorf("normal: mean %.4f, standard deviation %.4f", mean, sd)
	}
}
