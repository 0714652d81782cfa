package tablebase

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"kibitz/engine/board"
)

// tables is the set of the tests that only read tables, so that each
// table is generated once per run of the package's tests.
var tables = NewSet()

// The longest forced mates are published facts: 10 moves in KQvK, 16 in
// KRvK, 28 in KPvK (and, in the longer test, 19 in KBBvK, 33 in KBNvK, 35 in KQvKR).
func TestLongestMates(t *testing.T) {
	cases := map[string]int{"KQvK": 10, "KRvK": 16, "KPvK": 28}
	if !testing.Short() {
		cases["KBBvK"], cases["KBNvK"], cases["KQvKR"] = 19, 33, 35
	}
	set := tables
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
	set := tables
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

func TestSignatures(t *testing.T) {
	// KQ, KR, KB, KN, KP against the bare king; then 30 four-man endings:
	// two pieces against none (15 pairs) and one against one (15).
	if n := len(Signatures(3)); n != 5 {
		t.Errorf("%d three-man endings, want 5", n)
	}
	if n := len(Signatures(4)); n != 35 {
		t.Errorf("%d endings up to four men, want 35", n)
	}
	for _, bad := range []string{"KQ", "QvK", "KPPPvK", "KQQQvK", "KXvK", "KQRvKRB"} {
		if _, err := ParseSignature(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if s, _ := ParseSignature("krvkq"); s.String() != "KRvKQ" {
		t.Errorf("parsed %s", s)
	}
}

// A table survives its file; a damaged file is refused with a reason.
func TestFileRoundTripAndDamage(t *testing.T) {
	set := NewSet()
	sig, _ := ParseSignature("KRvK")
	tab := set.Table(sig)
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTable(bytes.NewReader(buf.Bytes()))
	if err != nil || back.Sig.String() != "KRvK" || !slices.Equal(back.entries, tab.entries) {
		t.Fatalf("round trip: %v", err)
	}
	good := buf.Bytes()
	for name, data := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("XTB1"), good[4:]...),
		"truncated": good[:len(good)-10],
		"flipped":   func() []byte { d := slices.Clone(good); d[100] ^= 1; return d }(),
	} {
		if _, err := ReadTable(bytes.NewReader(data)); !errors.Is(err, ErrBadFile) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Loaded tables answer like generated ones.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "KRvK.ktb"), good, 0o644); err != nil {
		t.Fatal(err)
	}
	loaded := NewSet()
	if sigs, err := loaded.LoadDir(dir); err != nil || len(sigs) != 1 {
		t.Fatalf("%v %v", sigs, err)
	}
	b, _ := board.ParseFEN("8/8/8/4k3/8/8/8/KR6 w - - 0 1")
	r1, _ := set.Probe(b)
	r2, _ := loaded.Probe(b)
	if r1 != r2 || r1.WDL != 1 {
		t.Errorf("generated %+v, loaded %+v", r1, r2)
	}
	// WriteFile goes through a temporary file; OpenTable maps the result,
	// which holds the same entries, and refuses a damaged file.
	path := filepath.Join(dir, "again", "KRvK.ktb")
	os.Mkdir(filepath.Dir(path), 0o755)
	if _, err := tab.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	mapped, err := OpenTable(path)
	if err != nil || !slices.Equal(mapped.entries, tab.entries) {
		t.Fatalf("OpenTable: %v", err)
	}
	if left, _ := filepath.Glob(path + "*"); len(left) != 1 {
		t.Errorf("files left: %v", left)
	}
	os.WriteFile(path, good[:len(good)-1], 0o644)
	if _, err := OpenTable(path); !errors.Is(err, ErrBadFile) {
		t.Errorf("a truncated file opened: %v", err)
	}
	if _, err := tab.WriteFile(filepath.Join(dir, "none", "KRvK.ktb")); err == nil {
		t.Error("WriteFile into a missing directory succeeded")
	}
}

// The longest mate of all 4-man endings is published too: 85 plies in
// KRvKP, a win of the side with the pawn (Black to move wins in 43 moves),
// where the rook's side to move mates at most in 26.
func TestLongestFourManMate(t *testing.T) {
	if testing.Short() {
		t.Skip("KRvKP and the tables it needs take a while")
	}
	sig, _ := ParseSignature("KRvKP")
	tab := tables.Table(sig)
	longest := 0
	for i := range tab.entries {
		if r, d := tab.at(i); r == win {
			longest = max(longest, int(d))
		}
	}
	if st := tab.Stats(); longest != 85 || st.MaxDTM != 26 {
		t.Errorf("KRvKP: longest win %d plies (want 85), the rook's side's longest %d moves (want 26)", longest, st.MaxDTM)
	}
}

// ProbeWDL answers like Probe, in both orientations, without allocating,
// and only from tables the set holds.
func TestProbeWDL(t *testing.T) {
	set := NewSet()
	sig, _ := ParseSignature("KRvK")
	set.Table(sig)
	for _, c := range []struct {
		fen string
		wdl int
	}{
		{"8/8/8/4k3/8/8/8/KR6 w - - 0 1", 1},
		{"8/8/8/4k3/8/8/8/KR6 b - - 0 1", -1},
		{"8/8/8/4K3/8/8/8/kr6 b - - 0 1", 1},
	} {
		b, _ := board.ParseFEN(c.fen)
		full, err := set.Probe(b)
		w, ok := set.ProbeWDL(b)
		if err != nil || !ok || w != full.WDL || w != c.wdl {
			t.Errorf("%s: ProbeWDL %d %v, Probe %+v %v", c.fen, w, ok, full, err)
		}
	}
	b, _ := board.ParseFEN("8/8/8/4k3/8/8/8/KR6 w - - 0 1")
	if n := testing.AllocsPerRun(100, func() { set.ProbeWDL(b) }); n != 0 {
		t.Errorf("ProbeWDL allocates %.0f times", n)
	}
	q, _ := board.ParseFEN("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
	if _, ok := set.ProbeWDL(q); ok {
		t.Error("a table the set does not hold answered")
	}
	// With castling still allowed the position is not the table's.
	c, _ := board.ParseFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if _, ok := set.ProbeWDL(c); ok {
		t.Error("a position with castling rights answered from the table")
	}
	if _, err := set.Probe(c); err == nil {
		t.Error("Probe took a position with castling rights")
	}
}

func TestMissing(t *testing.T) {
	set := NewSet()
	for fen, want := range map[string]string{
		"8/8/8/4k3/8/8/8/KR6 w - - 0 1":           "KRvK",
		"8/8/8/4K3/8/8/8/kr6 w - - 0 1":           "KRvK", // Black's rook: the same table
		"4k3/8/8/8/8/8/8/4KBN1 w - - 0 1":         "KBNvK",
		"8/8/8/4k3/8/8/4P3/K7 w - - 0 1":          "KPvK",
		"8/8/8/4k3/8/8/8/K7 w - - 0 1":            "", // two men
		"rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1": "", // too many
		"8/8/8/4k3/8/2b5/8/KR1R4 w - - 0 1":       "", // five men: made one by one, never fetched
	} {
		b, _ := board.ParseFEN(fen)
		if got := set.Missing(b); got != want {
			t.Errorf("%s: %q, want %q", fen, got, want)
		}
	}
	sig, _ := ParseSignature("KRvK")
	set.Table(sig)
	b, _ := board.ParseFEN("8/8/8/4K3/8/8/8/kr6 w - - 0 1")
	if got := set.Missing(b); got != "" {
		t.Errorf("held table reported missing: %q", got)
	}
}

// FuzzReadTable: any bytes are a table or a clear error, never a crash;
// an accepted table writes back to the same bytes.
func FuzzReadTable(f *testing.F) {
	set := NewSet()
	sig, _ := ParseSignature("KNvK")
	var buf bytes.Buffer
	set.Table(sig).WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte("KTB1"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := ReadTable(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBadFile) {
				t.Fatalf("error without ErrBadFile: %v", err)
			}
			return
		}
		var out bytes.Buffer
		if _, err := tab.WriteTo(&out); err != nil || !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("an accepted table does not write back to itself: %v", err)
		}
	})
}

// Every distance up to the longest 5-man mate (a loss in 127 moves, 254
// plies, in KPPvKP) has its own byte, and decodes to what was stored.
func TestEntryEncoding(t *testing.T) {
	seen := map[byte]bool{}
	check := func(r, d uint8) {
		b, err := encodeEntry(r, d)
		if err != nil {
			t.Fatalf("%d in %d plies: %v", r, d, err)
		}
		if gr, gd := decodeEntry(b); gr != r || gd != d {
			t.Errorf("%d in %d plies came back as %d in %d", r, d, gr, gd)
		}
		if seen[b] {
			t.Errorf("byte %d used twice", b)
		}
		seen[b] = true
	}
	check(draw, 0)
	for d := 1; d <= 253; d += 2 {
		check(win, uint8(d))
	}
	for d := 0; d <= 254; d += 2 {
		check(loss, uint8(d))
	}
	if len(seen) != 256 {
		t.Errorf("%d bytes used", len(seen))
	}
	for _, c := range []struct{ r, d uint8 }{{win, 255}, {win, 2}, {loss, 3}} {
		if _, err := encodeEntry(c.r, c.d); err == nil {
			t.Errorf("%d in %d plies was stored", c.r, c.d)
		}
	}
}
