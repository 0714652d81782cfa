package tablebase

import (
	"testing"

	"kibitz/engine/board"
)

// The longest forced mates are published facts: 10 moves in KQvK, 16 in
// KRvK (and, in the longer test, 19 in KBBvK, 33 in KBNvK, 35 in KQvKR).
func TestLongestMates(t *testing.T) {
	cases := map[string]int{"KQvK": 10, "KRvK": 16}
	if !testing.Short() {
		cases["KBBvK"], cases["KBNvK"], cases["KQvKR"] = 19, 33, 35
	}
	set := NewSet()
	for name, want := range cases {
		sig, err := ParseSignature(name)
		if err != nil {
			t.Fatal(err)
		}
		st := set.Table(sig).Stats()
		t.Log(st.Line(sig))
		if st.MaxDTM != want {
			t.Errorf("%s: longest mate %d moves, want %d", name, st.MaxDTM, want)
		}
	}
}

func TestProbe(t *testing.T) {
	set := NewSet()
	for _, c := range []struct {
		fen  string
		wdl  int
		dtm  int
		best string
	}{
		{"6k1/8/6K1/8/8/8/8/R7 w - - 0 1", 1, 1, "a1a8"}, // mate in one
		{"R5k1/8/6K1/8/8/8/8/8 b - - 0 1", -1, 0, ""},    // mated
		{"7k/8/6QK/8/8/8/8/8 b - - 0 1", 0, 0, ""},       // stalemate
		{"8/8/8/4k3/8/8/8/KN6 w - - 0 1", 0, 0, ""},      // a lone knight cannot mate
		{"8/8/8/4k3/8/8/8/K6r w - - 0 1", -1, 0, ""},     // Black's rook wins: the colours flip
	} {
		b, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		r, err := set.Probe(b)
		if err != nil {
			t.Fatal(err)
		}
		if r.WDL != c.wdl || (c.dtm > 0 && r.DTM != c.dtm) || (c.best != "" && r.Best.String() != c.best) {
			t.Errorf("%s: %+v (best %v)", c.fen, r, r.Best)
		}
	}
}
