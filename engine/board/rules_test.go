package board

import "testing"

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
