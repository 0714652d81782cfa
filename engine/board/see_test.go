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

func TestRepetitionAndMaterial(t *testing.T) {
	p := NewPosition()
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
		if s == "f6g8" && p.Ply() == 4 {
			if p.IsRepetition(0) {
				t.Error("twofold repetition before the root counted as a draw")
			}
			if !p.IsRepetition(4) {
				t.Error("repetition inside the search not seen")
			}
		}
	}
	if !p.IsRepetition(0) {
		t.Error("threefold repetition not seen")
	}
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1":     true,
		"4k3/8/8/8/8/8/8/4KN2 w - - 0 1":    true,
		"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1":  true, // same-coloured bishops
		"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1": false,
		"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1":   false,
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1":   false,
	} {
		p, _ := ParseFEN(fen)
		if got := p.InsufficientMaterial(); got != want {
			t.Errorf("%s: insufficient = %v, want %v", fen, got, want)
		}
	}
}
