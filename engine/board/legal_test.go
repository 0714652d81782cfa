package board

import (
	"math/rand/v2"
	"testing"
)

// TestIsLegalAgreesWithTheFullList asks IsLegal, which generates only the
// moves of one piece, about every 16-bit value in each suite position and
// about a sample in the positions one move later (checks, pins, en passant),
// and wants exactly the answers of the full legal-move list.
func TestIsLegalAgreesWithTheFullList(t *testing.T) {
	entries := append(loadPerftEPD(t, "cpw_perft.epd"), loadPerftEPD(t, "perftsuite.epd")...)
	rng := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for _, e := range entries {
		p, err := ParseFEN(e.fen)
		if err != nil {
			t.Fatal(err)
		}
		var all MoveList
		p.GenerateMoves(&all, GenAll)
		for v := 0; v < 1<<16; v++ {
			m := Move(v)
			if got, want := p.IsLegal(m), all.Contains(m); got != want {
				t.Fatalf("%s: IsLegal(%v) = %v, the full list says %v", e.fen, m, got, want)
			}
		}
		for _, m := range all.Slice() {
			p.MakeMove(m)
			var next MoveList
			p.GenerateMoves(&next, GenAll)
			asks := append(append([]Move{}, next.Slice()...), all.Slice()...)
			for range 300 {
				asks = append(asks, Move(rng.Uint32()))
			}
			for _, q := range asks {
				if got, want := p.IsLegal(q), next.Contains(q); got != want {
					t.Fatalf("%s after %v: IsLegal(%v) = %v, the full list says %v", e.fen, m, q, got, want)
				}
				checked++
			}
			p.UnmakeMove()
		}
	}
	if checked < 100_000 {
		t.Fatalf("only %d questions asked", checked)
	}
}
