package board

import (
	"math/rand/v2"
	"testing"
)

// TestMagicLookupsMatchRayWalk checks the committed magic numbers: every
// lookup must equal the attacks computed ray by ray.
func TestMagicLookupsMatchRayWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for sq := Square(0); sq < 64; sq++ {
		for i := 0; i < 500; i++ {
			occ := Bitboard(rng.Uint64() & rng.Uint64())
			if got, want := RookAttacks(sq, occ), slowSliderAttacks(sq, occ, true); got != want {
				t.Fatalf("rook on %v, occ %x: %x, want %x", sq, occ, got, want)
			}
			if got, want := BishopAttacks(sq, occ), slowSliderAttacks(sq, occ, false); got != want {
				t.Fatalf("bishop on %v, occ %x: %x, want %x", sq, occ, got, want)
			}
		}
	}
}

func TestBetweenAndLine(t *testing.T) {
	a1, h8, c3 := Square(0), Square(63), Square(18)
	if Between(a1, h8).Count() != 6 || !Between(a1, h8).Has(c3) || Between(a1, c3).Count() != 1 {
		t.Errorf("between a1-h8 = %x", Between(a1, h8))
	}
	if Line(a1, c3).Count() != 8 || Line(a1, Square(17)) != 0 { // a1 and b3 are not aligned
		t.Errorf("line a1-c3 = %x", Line(a1, c3))
	}
}
