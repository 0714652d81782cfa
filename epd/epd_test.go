package epd

import (
	"os"
	"strings"
	"testing"
)

func TestReadWAC(t *testing.T) {
	f, err := os.Open("../testdata/tactical/wacnew.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := Read(f, "wacnew.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 300 {
		t.Fatalf("%d entries", len(entries))
	}
	// WAC.001: 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6
	if e := entries[0]; e.ID != "WAC.001" || len(e.Best) != 1 || e.Best[0] != "g3g6" || !e.Solved("g3g6") || e.Solved("g3h3") {
		t.Errorf("first entry: %+v", e)
	}
}

func TestAvoidAndErrors(t *testing.T) {
	es, err := Read(strings.NewReader("4k3/8/8/8/8/8/4P3/4K3 w - - am e3; id \"x\";\n"), "t")
	if err != nil || len(es) != 1 || !es[0].Solved("e2e4") || es[0].Solved("e2e3") {
		t.Errorf("%+v %v", es, err)
	}
	for _, bad := range []string{"4k3/8 w", "4k3/8/8/8/8/8/4P3/4K3 w - - bm Qh8;", "xx/8/8/8/8/8/8/8 w - - bm e4;"} {
		if _, err := Read(strings.NewReader(bad), "t"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A FEN line keeps its clocks; an EPD line, which has none, gets "0 1"; the
// operations after the clocks are still read.
func TestClocksOfFENLines(t *testing.T) {
	in := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 17\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 9 bm e5; id \"x\";\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5;\n"
	es, err := Read(strings.NewReader(in), "t")
	if err != nil || len(es) != 3 {
		t.Fatalf("%d entries: %v", len(es), err)
	}
	for i, want := range []string{" e3 3 17", " - 0 9", " - 0 1"} {
		if !strings.HasSuffix(es[i].FEN, want) {
			t.Errorf("line %d: FEN %q, want the clocks%q", i+1, es[i].FEN, want)
		}
	}
	if es[1].ID != "x" || len(es[1].Best) != 1 || es[1].Best[0] != "e7e5" || len(es[2].Best) != 1 {
		t.Errorf("operations after the clocks: %+v", es[1:])
	}
}
