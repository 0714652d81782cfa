package board

import (
	"os"
	"testing"
)

// deepestWithin returns the deepest depth whose expected count is at most
// limit (at least depth 1).
func deepestWithin(e perftEntry, limit uint64) int {
	d := 1
	for i, n := range e.depths {
		if n <= limit {
			d = i + 1
		}
	}
	return d
}

func TestPerftCPW(t *testing.T) {
	limit := uint64(20_000_000)
	if testing.Short() {
		limit = 200_000
	}
	for _, e := range loadPerftEPD(t, "cpw_perft.epd") {
		p, err := ParseFEN(e.fen)
		if err != nil {
			t.Fatal(err)
		}
		d := deepestWithin(e, limit)
		if got := p.Perft(d); got != e.depths[d-1] {
			t.Errorf("%s: perft(%d) = %d, want %d", e.id, d, got, e.depths[d-1])
		}
		if got := p.PerftBulk(d); got != e.depths[d-1] {
			t.Errorf("%s: bulk perft(%d) = %d, want %d", e.id, d, got, e.depths[d-1])
		}
	}
}

// TestPerftSuite runs the 126-position suite. Each entry is searched to the
// deepest depth whose count fits a node cap, so the test takes seconds;
// KIBITZ_PERFT_FULL=1 lifts the cap and runs every depth of every entry.
func TestPerftSuite(t *testing.T) {
	full := os.Getenv("KIBITZ_PERFT_FULL") == "1"
	limit := uint64(3_000_000)
	if testing.Short() {
		limit = 20_000
	}
	entries := loadPerftEPD(t, "perftsuite.epd")
	if len(entries) < 126 {
		t.Fatalf("suite has %d entries, want at least 126", len(entries))
	}
	for i, e := range entries {
		p, err := ParseFEN(e.fen)
		if err != nil {
			t.Fatalf("entry %d: %v", i+1, err)
		}
		d := deepestWithin(e, limit)
		if full {
			d = len(e.depths)
		}
		if got := p.PerftBulk(d); got != e.depths[d-1] {
			t.Errorf("entry %d %q: perft(%d) = %d, want %d", i+1, e.fen, d, got, e.depths[d-1])
		}
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var sum uint64
	entries := p.Divide(3, false)
	if len(entries) != 48 {
		t.Fatalf("divide has %d root moves, want 48", len(entries))
	}
	for _, e := range entries {
		sum += e.Nodes
	}
	if sum != 97862 {
		t.Errorf("divide sums to %d, want 97862", sum)
	}
}

func BenchmarkPerft(b *testing.B) {
	p := NewPosition()
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}

func BenchmarkPerftBulk(b *testing.B) {
	p := NewPosition()
	var nodes uint64
	for b.Loop() {
		nodes += p.PerftBulk(5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}

func BenchmarkInitTables(b *testing.B) {
	for b.Loop() {
		initTables()
	}
}
