package tablebase

import (
	"slices"
	"testing"

	"kibitz/engine/board"
)

func TestExitSignatures(t *testing.T) {
	for name, want := range map[string][]string{
		"KPvK":  {"KQvK", "KRvK"}, // KBvK, KNvK drawn by rule, KvK bare
		"KBNvK": nil,
		"KRvKP": {"KRvK", "KPvK", "KRvKQ", "KRvKR", "KRvKB", "KRvKN", "KQvK"}, // the last: the pawn takes the rook and promotes
		"KRPvKR": {"KRPvK", "KQRvK", "KRRvK", "KRBvK", "KRNvK", "KRvKR", "KRvKP",
			"KQRvKR", "KRRvKR", "KRBvKR", "KRNvKR"},
	} {
		s, err := ParseSignature(name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range exitSignatures(s) {
			got = append(got, e.String())
		}
		for _, w := range want {
			c, _ := ParseSignature(w)
			c, _ = c.canonical()
			if !slices.Contains(got, c.String()) {
				t.Errorf("%s leads to %v, not to %s", name, got, c)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s leads to %v, want %v", name, got, want)
		}
	}
}

// A table joins the search (ProbeWDL) once the tables it leads to are in
// the set; Missing names them one after the other.
func TestClosure(t *testing.T) {
	full := NewSet()
	kpk, _ := ParseSignature("KPvK")
	full.Table(kpk)
	set := NewSet()
	pos, err := board.ParseFEN("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if all := set.MissingAll(pos); !slices.Equal(all, []string{"KQvK", "KRvK", "KPvK"}) && !slices.Equal(all, []string{"KRvK", "KQvK", "KPvK"}) {
		t.Errorf("MissingAll: %v, want KQvK and KRvK, then KPvK", all)
	}
	var added []string
	for need := set.Missing(pos); need != ""; need = set.Missing(pos) {
		if _, ok := set.ProbeWDL(pos); ok {
			t.Fatalf("ProbeWDL answers with only %v", added)
		}
		if slices.Contains(added, need) || len(added) > 3 {
			t.Fatalf("Missing names %s again after %v", need, added)
		}
		s, _ := ParseSignature(need)
		tb, ok := full.Loaded(s)
		if !ok {
			t.Fatalf("Missing names %s, which KPvK does not need", need)
		}
		set.Add(tb)
		added = append(added, need)
		if _, _, ok := set.DTM(pos); !ok && need == "KPvK" {
			t.Error("DTM does not read a table that is there but not yet usable in the search")
		}
	}
	slices.Sort(added)
	if !slices.Equal(added, []string{"KPvK", "KQvK", "KRvK"}) {
		t.Errorf("Missing named %v, want KPvK, KQvK and KRvK", added)
	}
	if wdl, ok := set.ProbeWDL(pos); !ok || wdl != 1 {
		t.Errorf("ProbeWDL with the closed set: %d %v", wdl, ok)
	}
	if all := set.MissingAll(pos); all != nil {
		t.Errorf("MissingAll with the closed set: %v", all)
	}
}
