package search

import (
	"strings"
	"sync"
	"testing"
)

// TestTuning: a tunable parameter changes what the search does, its
// default restores the search exactly, two searchers of one process search
// with their own values side by side, and names and ranges are checked.
func TestTuning(t *testing.T) {
	const fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
	nodes := func(tu *Tuning) uint64 {
		e := New(Options{HashMB: 4, Threads: 1, Tuning: tu})
		return e.Search(mustPos(t, fen), Limits{Depth: 9}, nil).Nodes
	}
	before := nodes(nil)
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
		if got, ok := (*Tuning)(nil).Value(c.name); !ok || got != def || def < 0 {
			t.Fatalf("%s: default %d listed, %d (%v) in the default tuning", c.name, def, got, ok)
		}
		changed, err := (*Tuning)(nil).With(c.name, c.v)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := changed.Value(c.name); v != c.v {
			t.Fatalf("%s set to %d reads %d", c.name, c.v, v)
		}
		back, _ := changed.With(c.name, def)
		// The changed searcher and a default one at once, in one process.
		var n [2]uint64
		var wg sync.WaitGroup
		for i, tu := range []*Tuning{changed, nil} {
			wg.Add(1)
			go func() { defer wg.Done(); n[i] = nodes(tu) }()
		}
		wg.Wait()
		if n[0] == before {
			t.Errorf("%s = %d searched the same %d nodes as the default %d", c.name, c.v, before, def)
		}
		if n[1] != before {
			t.Errorf("a default searcher beside %s = %d: %d nodes, %d alone", c.name, c.v, n[1], before)
		}
		if again := nodes(back); again != before {
			t.Errorf("%s back at its default: %d nodes, %d before", c.name, again, before)
		}
	}
	if _, err := (*Tuning)(nil).With("RFPMargin", 10_000); err == nil {
		t.Error("RFPMargin 10000 accepted")
	}
	if _, err := (*Tuning)(nil).With("NoSuchParam", 1); err == nil {
		t.Error("an unknown parameter accepted")
	}
	for _, p := range Params() {
		if p.Default < p.Min || p.Default > p.Max || p.Step <= 0 || float64(p.Max-p.Min) < 4*p.Step {
			t.Errorf("%+v: default outside its range, or a step too large for it", p)
		}
	}
}
