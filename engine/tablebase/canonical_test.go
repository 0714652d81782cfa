package tablebase

import (
	"testing"

	"kibitz/engine/board"
)

// The Canonicalizer gives what Canonical gives, for positions of either
// colour's material, with en passant captures open, and without
// allocating once it has seen a material.
func TestCanonicalizerMatchesCanonical(t *testing.T) {
	c := NewCanonicalizer()
	var last *board.Position
	for _, name := range []string{"KRvKP", "KPvKR", "KPvKP", "KQvKR", "KRvKR", "KBNvK", "KPPvK", "KNvKPP"} {
		s, err := ParseSignature(name)
		if err != nil {
			t.Fatal(err)
		}
		l := newLayout(s)
		for _, p := range randomPositions(&l, 300, 7) {
			b := boardOf(t, &l, p)
			last = b
			_, want, err := Canonical(b)
			got, ok := c.Entry(b)
			if err != nil || !ok {
				if (err == nil) != ok {
					t.Errorf("%s: Canonical says %v, the Canonicalizer %v", b.FEN(), err, ok)
				}
				continue
			}
			if got != want {
				t.Errorf("%s: %+v, Canonical gives %+v", b.FEN(), got, want)
			}
		}
	}
	if allocs := testing.AllocsPerRun(100, func() { c.Entry(last) }); allocs != 0 {
		t.Errorf("%.0f allocations per entry of a known material", allocs)
	}
}
