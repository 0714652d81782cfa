package search

import (
	"testing"

	"kibitz/engine/board"
	"kibitz/nnue"
)

// TestQuiescenceGap: nothing to capture, no gap; a queen free to take, a gap
// of about a queen; in check, no answer — with the classical evaluation and
// with the default net — and the position is left as it was.
func TestQuiescenceGap(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []*nnue.Net{nil, net} {
		s := New(Options{Net: n})
		for _, c := range []struct {
			fen          string
			ok           bool
			minGap, most int
		}{
			{board.StartFEN, true, 0, 0},
			{"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", true, 600, 1400}, // Rxd5 wins the queen
			{"4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", false, 0, 0},       // in check
		} {
			pos, err := board.ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			gap, ok := s.QuiescenceGap(pos)
			if ok != c.ok || gap < c.minGap || gap > c.most {
				t.Errorf("net %v, %s: gap %d, ok %v; want %d..%d, ok %v", n != nil, c.fen, gap, ok, c.minGap, c.most, c.ok)
			}
			if pos.FEN() != c.fen {
				t.Errorf("%s became %s", c.fen, pos.FEN())
			}
		}
	}
}
