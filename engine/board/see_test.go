package board

import "testing"

func TestSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		value     int // exact exchange value
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},                // pawn undefended
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", 100 - 320}, // NxP, NxN
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},                              // PxP free
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},                              // PxP, PxP
		{"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 100 - 950},                      // QxP defended
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},                            // xray backs up
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 950 - 100},                         // free promotion
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if !p.SEE(m, c.value) || p.SEE(m, c.value+1) {
			t.Errorf("%s %s: SEE >= %d should hold exactly (>= %v, >= %d+1 %v)", c.fen, c.move, c.value, p.SEE(m, c.value), c.value, p.SEE(m, c.value+1))
		}
	}
}
