package wdlnet

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/tablebase"
)

func table(t *testing.T, sig string) *tablebase.Table {
	t.Helper()
	s, err := tablebase.ParseSignature(sig)
	if err != nil {
		t.Fatal(err)
	}
	return tablebase.NewSet().Table(s)
}

func TestHeldoutShareIsStable(t *testing.T) {
	n := 0
	for i := range 100_000 {
		if Heldout(i, 7, 10) {
			n++
		}
		if Heldout(i, 7, 10) != Heldout(i, 7, 10) {
			t.Fatal("Heldout is not a function of its arguments")
		}
	}
	if n < 9_500 || n > 10_500 {
		t.Errorf("%d of 100 000 entries held out at 10%%", n)
	}
}

// roundTrip writes a model and reads it back, checking the file's size
// against Bytes; it returns the file and the model read.
func roundTrip(t *testing.T, m *Model) ([]byte, *Model) {
	t.Helper()
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if b.Len() != m.Bytes() {
		t.Errorf("wrote %d bytes, Bytes says %d", b.Len(), m.Bytes())
	}
	got, err := Read(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), got
}

func TestFileRoundTripAndDamage(t *testing.T) {
	m := New(32, 8, Inputs{Threats: true, Shape: true}, 1)
	data, got := roundTrip(t, m)
	pos, _ := board.ParseFEN("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1")
	_, e, err := tablebase.Canonical(pos)
	if err != nil {
		t.Fatal(err)
	}
	_, p1 := m.Predictor().Predict(&e)
	_, p2 := got.Predictor().Predict(&e)
	if p1 != p2 {
		t.Errorf("the model read back predicts %v, the original %v", p2, p1)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"foreign", []byte("KTB1 is a table, not a model")},
		{"truncated", data[:len(data)/2]},
		{"flipped bit", func() []byte { d := bytes.Clone(data); d[100] ^= 4; return d }()},
	} {
		if _, err := Read(bytes.NewReader(c.data)); err == nil {
			t.Errorf("%s file: read without error", c.name)
		}
	}
}

// The canonical form of a position is the table's own entry for it: its
// colour-swapped and mirrored twins map to the same entry.
func TestCanonicalMatchesTheTable(t *testing.T) {
	krk := table(t, "KRvK")
	// The rook's side to move: White to move in the canonical form, also
	// when the rook is Black's.
	for _, c := range []struct {
		fen       string
		rookMoves bool
	}{{"8/8/8/8/8/2k5/8/R3K3 w - - 0 1", true}, {"r3k3/8/2K5/8/8/8/8/8 b - - 0 1", true}, {"3k4/8/8/8/8/5K2/8/R7 b - - 0 1", false}} {
		fen := c.fen
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		sig, e, err := tablebase.Canonical(pos)
		if err != nil || sig.String() != "KRvK" {
			t.Fatalf("%s: %v %v", fen, sig, err)
		}
		if e.BlackToMove == c.rookMoves {
			t.Errorf("%s: canonical form has Black to move %v", fen, e.BlackToMove)
		}
		found := false
		for i := 0; i < krk.Size() && !found; i++ {
			te, ok := krk.Entry(i)
			found = ok && te.Men == e.Men && te.BlackToMove == e.BlackToMove
		}
		if !found {
			t.Errorf("%s: canonical form %+v is not an entry of KRvK", fen, e)
		}
	}
}

// The threat features say what the attack tables say: in KRvK with the
// rook en prise to the king, Black to move, the rook is attacked and not
// defended by the side to move's opponent; the black king, boxed in on
// the edge, has one safe square.
func TestThreatFeatures(t *testing.T) {
	e := canonicalEntry(t, "k7/1R6/8/8/8/8/8/7K b - - 0 1")
	var active [maxActive]int
	n := features(&e, Inputs{Threats: true}, &active)
	if n != e.N+1+e.N+2 {
		t.Fatalf("%d active features, want %d (men, Black to move, a threat feature per man, two kings' mobility)", n, e.N+1+e.N+2)
	}
	rook := -1
	for i := 0; i < e.N; i++ {
		if e.Men[i].Kind == tablebase.KindRook {
			rook = i
		}
	}
	white, black := 0, 1
	if e.Men[rook].Black {
		white, black = 1, 0
	}
	// attacked by the other side, not defended, the attacker to move
	wantRook := PlacementCount + (white*tablebase.Kinds+tablebase.KindRook)*8 + 4 + 0 + 1
	// the lone king: b8/a7/b7 around a8 are covered by the rook except b7
	// (the rook itself, undefended): one safe square; it is to move.
	wantMobility := PlacementCount + threatCount + (black*2+1)*9 + 1
	has := func(f int) bool {
		for _, a := range active[:n] {
			if a == f {
				return true
			}
		}
		return false
	}
	if !has(wantRook) {
		t.Errorf("no 'rook attacked, undefended, attacker to move' feature in %v", active[:n])
	}
	if !has(wantMobility) {
		t.Errorf("no 'lone king to move with one safe square' feature in %v", active[:n])
	}
}

// canonicalEntry is the table entry of a position given as FEN.
func canonicalEntry(t *testing.T, fen string) tablebase.Entry {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	_, e, err := tablebase.Canonical(pos)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The shape features follow the rule of the square: a pawn on e5 needs
// three moves to queen; a king that cannot reach the square e5–h8 in time
// does not catch it. They also place the kings relative to each other,
// and the pawn relative to each king.
func TestShapeFeatures(t *testing.T) {
	for _, c := range []struct {
		fen    string
		margin int // the king's distance to e8 (d8 mirrored), less its move, less the pawn's three
	}{
		{"8/8/8/4P3/8/8/7k/4K3 w - - 0 1", 3},  // far outside the square
		{"8/8/8/4P3/8/6k1/8/4K3 b - - 0 1", 1}, // g3 to move: one step short
		{"8/8/8/4P3/6k1/8/8/4K3 b - - 0 1", 0}, // g4 to move: steps into the square
		{"8/8/8/4P3/6k1/8/8/4K3 w - - 0 1", 1}, // g4, the pawn to move: too late
	} {
		e := canonicalEntry(t, c.fen)
		var active [maxActive]int
		in := Inputs{Threats: true, Shape: true}
		n := features(&e, in, &active)
		if want := e.N + b2i(e.BlackToMove) + e.N + 2 + 2 + 1 + 1; n != want {
			t.Fatalf("%s: %d active features, want %d", c.fen, n, want)
		}
		base := PlacementCount + ThreatCount
		race := base + (0*6+3)*7 + c.margin + 3
		if !slices.Contains(active[:n], race) {
			t.Errorf("%s: no race feature with margin %d in %v", c.fen, c.margin, active[:n])
		}
		for _, f := range active[:n] {
			if f >= in.count() {
				t.Errorf("%s: feature %d of %d", c.fen, f, in.count())
			}
		}
	}
	// Kings e1 and h2 (d1 and a2 mirrored), White to move: one rank up,
	// three files apart.
	e := canonicalEntry(t, "8/8/8/4P3/8/8/7k/4K3 w - - 0 1")
	var active [maxActive]int
	n := features(&e, Inputs{Shape: true}, &active)
	kings := PlacementCount + raceCount + menKings + 0*offsets + (1+7)*8 + 3
	if active[n-1] != kings {
		t.Errorf("kings feature %d, want %d", active[n-1], kings)
	}
	// Seen from the pawn d5 (e5 mirrored), its king d1 stands four ranks
	// below on its file, the other king a2 three ranks below, three files
	// away.
	pawn := PlacementCount + raceCount + (0*5+tablebase.KindPawn-1)*2*offsets
	for _, f := range []int{pawn + (-4+7)*8 + 0, pawn + offsets + (-3+7)*8 + 3} {
		if !slices.Contains(active[:n], f) {
			t.Errorf("no feature %d in %v", f, active[:n])
		}
	}
}

// A trained model's first two layers go to the file as int16 — version 3,
// about half the bytes — and come back as they were; a weight too large
// for int16 keeps the model in float32 (version 2), also exactly.
func TestCompactFile(t *testing.T) {
	m := New(64, 16, Inputs{Threats: true, Shape: true}, 3)
	floatBytes := m.Bytes()
	m.RoundWeights()
	data, got := roundTrip(t, m)
	if v := binary.LittleEndian.Uint32(data[4:]); v != 3 {
		t.Errorf("a rounded model written as version %d", v)
	}
	if !equalWeights(got, m) {
		t.Error("the compact file does not give the model back")
	}
	if m.Bytes() > floatBytes*6/10 {
		t.Errorf("compact %d bytes, float32 %d", m.Bytes(), floatBytes)
	}
	big := New(64, 16, Inputs{Threats: true, Shape: true}, 3)
	big.W2[5] = 40 // beyond int16 in units of 2⁻¹⁰
	big.RoundWeights()
	data, got = roundTrip(t, big)
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 || !equalWeights(got, big) {
		t.Errorf("a model with a large weight: version %d, weights equal %v", v, equalWeights(got, big))
	}
}

// FuzzRead: a model file, damaged anyhow, is read or refused with an
// error, never a panic; what is read evaluates a position of its endings.
func FuzzRead(f *testing.F) {
	sig, _ := tablebase.ParseSignature("KPvK")
	// Small models: the fuzzer's cost grows with the input's size.
	for _, in := range []Inputs{{}, {Threats: true, Shape: true}} {
		m := New(1, 1, in, 1)
		m.Tables = []tablebase.Signature{sig}
		var b bytes.Buffer
		m.WriteTo(&b)
		f.Add(b.Bytes())
	}
	pos, _ := board.ParseFEN("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1")
	_, e, _ := tablebase.Canonical(pos)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		m.Predictor().Predict(&e)
		if term, err := NewTerm(m, DefaultTermWeight); err == nil {
			term.Probe().Adjust(pos, 0)
		}
	})
}
