package search

import (
	"strings"
	"testing"
)

// TestSetParam: a tunable parameter changes what the search does, its
// default restores the search exactly, and names and ranges are checked.
func TestSetParam(t *testing.T) {
	const fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
	nodes := func() uint64 {
		e := New(Options{HashMB: 4, Threads: 1})
		return e.Search(mustPos(t, fen), Limits{Depth: 9}, nil).Nodes
	}
	before := nodes()
	for _, c := range []struct {
		name string
		v    int
	}{{"RFPMargin", 40}, {"lmrdivisor", 150}, {"AspirationDelta", 60}} {
		def := -1
		for _, p := range Params() {
			if strings.EqualFold(p.Name, c.name) {
				def = p.Default
			}
		}
		if def < 0 {
			t.Fatalf("%s is not listed by Params", c.name)
		}
		if err := SetParam(c.name, c.v); err != nil {
			t.Fatal(err)
		}
		changed := nodes()
		if err := SetParam(c.name, def); err != nil {
			t.Fatal(err)
		}
		if changed == before {
			t.Errorf("%s = %d searched the same %d nodes as the default %d", c.name, c.v, before, def)
		}
		if again := nodes(); again != before {
			t.Errorf("%s back at its default: %d nodes, %d before", c.name, again, before)
		}
	}
	if err := SetParam("RFPMargin", 10_000); err == nil {
		t.Error("RFPMargin 10000 accepted")
	}
	if err := SetParam("NoSuchParam", 1); err == nil {
		t.Error("an unknown parameter accepted")
	}
	for _, p := range Params() {
		if p.Default < p.Min || p.Default > p.Max || p.Step <= 0 || float64(p.Max-p.Min) < 4*p.Step {
			t.Errorf("%+v: default outside its range, or a step too large for it", p)
		}
	}
}
