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
