package wdlnet

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"strings"
	"sync"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/tablebase"
)

// kpkModel is a small model of KPvK trained by train/wdltrain
// (testdata/kpk.kwdl; its test there checks that it still trains to this
// file), with the table it learnt.
var kpkModel = sync.OnceValues(func() (*Model, *tablebase.Table) {
	m, err := Load("testdata/kpk.kwdl")
	if err != nil {
		panic(err)
	}
	return m, tablebase.NewSet().Table(m.Tables[0])
})

// No exponential in the table lies within a millionth of a rounding
// boundary, so math.Exp's last bit, which may differ between platforms,
// cannot change it.
func TestExpTableIsFarFromRounding(t *testing.T) {
	for d := range expTable {
		x := probOne * math.Exp(-float64(d)/(1<<expShift))
		if frac := x - math.Floor(x); math.Abs(frac-0.5) < 1e-6 {
			t.Errorf("expTable[%d] = %v rounds at a hair's breadth", d, x)
		}
	}
	if expTable[0] != probOne || expTable[expSize-1] != 0 {
		t.Errorf("table runs from %d to %d, want %d to 0", expTable[0], expTable[expSize-1], probOne)
	}
}

// The fixed-point network predicts what the float one does: the same
// result on (nearly) every held-out position, probabilities within 1 %.
func TestTermAgreesWithTheFloatModel(t *testing.T) {
	m, kpk := kpkModel()
	term, err := NewTerm(m, DefaultTermWeight)
	if err != nil {
		t.Fatal(err)
	}
	probe, pred := term.Probe(), m.Predictor()
	n, same := 0, 0
	worst := 0.0
	for i := 0; i < kpk.Size(); i++ {
		if !Heldout(i, 5, 10) {
			continue
		}
		e, ok := kpk.Entry(i)
		if !ok {
			continue
		}
		wdl, fp := pred.Predict(&e)
		q := probe.Probabilities(&e)
		best := 0
		for c := 1; c < 3; c++ {
			if q[c] > q[best] {
				best = c
			}
		}
		n++
		if Classes[best] == wdl {
			same++
		}
		for c := range q {
			worst = max(worst, math.Abs(float64(q[c])/probOne-float64(fp[c])))
		}
	}
	t.Logf("%d held-out positions, %d predicted alike, largest probability difference %.5f", n, same, worst)
	if n < 5000 || float64(same) < 0.995*float64(n) {
		t.Errorf("fixed point and float agree on %d of %d positions", same, n)
	}
	if worst > 0.01 {
		t.Errorf("probabilities differ by up to %.4f", worst)
	}
}

func TestTermAdjust(t *testing.T) {
	m, _ := kpkModel()
	term, err := NewTerm(m, DefaultTermWeight)
	if err != nil {
		t.Fatal(err)
	}
	p := term.Probe()
	adjust := func(fen string, eval int) int {
		t.Helper()
		b, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return p.Adjust(b, eval)
	}
	// Outside the model's endings (other material, or castling rights),
	// the evaluation is untouched.
	for _, fen := range []string{"8/8/8/3k4/8/8/4R3/4K3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1", board.StartFEN} {
		if got := adjust(fen, 123); got != 123 {
			t.Errorf("%s: adjusted to %d", fen, got)
		}
	}
	// Over the held-out positions, by the table's true result: wins rise
	// well above a level evaluation, losses fall well below it, and a
	// +300 evaluation of a draw shrinks towards 0.
	_, kpk := kpkModel()
	var sum, count [3]int
	for i := 0; i < kpk.Size(); i++ {
		e, ok := kpk.Entry(i)
		if !ok || e.EnPassant || !Heldout(i, 5, 10) {
			continue
		}
		eval := 0
		if e.WDL == 0 {
			eval = 300
		}
		sum[e.WDL+1] += adjust(entryFEN(&e), eval)
		count[e.WDL+1]++
	}
	mean := func(c int) int { return sum[c] / max(1, count[c]) }
	t.Logf("mean adjusted evaluation: losses %d (%d), draws at +300 %d (%d), wins %d (%d)", mean(0), count[0], mean(1), count[1], mean(2), count[2])
	if mean(0) > -DefaultTermWeight*3/4 || mean(2) < DefaultTermWeight*3/4 || mean(1) > 60 || mean(1) < 0 {
		t.Error("the term does not follow the table's results")
	}
	won := "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"
	// Colours swapped (ranks mirrored), the same position for the side to
	// move: the same correction.
	if a, b := adjust(won, 50), adjust("8/8/8/8/4p3/4k3/8/4K3 b - - 0 1", 50); a != b {
		t.Errorf("colour-swapped twins adjusted to %d and %d", a, b)
	}
}

func TestTermNeedsTheTableList(t *testing.T) {
	m := New(8, 4, Inputs{Threats: true, Shape: true}, 1)
	if _, err := NewTerm(m, DefaultTermWeight); err == nil || !strings.Contains(err.Error(), "version-1") {
		t.Errorf("a model without its tables: %v", err)
	}
	m.Tables, _ = tablebase.ParseSignatures("KPvK")
	if _, err := NewTerm(m, -1); err == nil {
		t.Error("a negative weight was accepted")
	}
}

// Version 2 files keep the list of endings; version-1 files, without it,
// are still read.
func TestFileKeepsTheTables(t *testing.T) {
	m := New(16, 4, Inputs{Threats: true, Shape: true}, 2)
	m.Tables, _ = tablebase.ParseSignatures("KRBvKR,KPvK")
	data, got := roundTrip(t, m)
	if got.tableList() != "KRBvKR,KPvK" {
		t.Errorf("tables read back: %q", got.tableList())
	}
	// The same model as version 1 wrote it: no list.
	n := int(binary.LittleEndian.Uint32(data[20:]))
	v1 := append(bytes.Clone(data[:20]), data[24+n:len(data)-4]...)
	binary.LittleEndian.PutUint32(v1[4:], 1)
	v1 = binary.LittleEndian.AppendUint32(v1, crc32.Checksum(v1, castagnoli))
	old, err := Read(bytes.NewReader(v1))
	if err != nil {
		t.Fatalf("a version-1 file: %v", err)
	}
	if len(old.Tables) != 0 || !equalWeights(old, m) {
		t.Errorf("version-1 file read with tables %v (weights equal: %v)", old.Tables, equalWeights(old, m))
	}
	// A list that is not a list of endings is refused.
	bad := bytes.Clone(data[:len(data)-4])
	copy(bad[24:], "KZ")
	bad = binary.LittleEndian.AppendUint32(bad, crc32.Checksum(bad, castagnoli))
	if _, err := Read(bytes.NewReader(bad)); err == nil {
		t.Error("a damaged table list was read")
	}
}

// entryFEN writes a table entry as a FEN.
func entryFEN(e *tablebase.Entry) string {
	var grid [64]byte
	for i := range grid {
		grid[i] = '1'
	}
	for _, m := range e.Men[:e.N] {
		c := "kqrbnp"[m.Kind]
		if !m.Black {
			c -= 'a' - 'A'
		}
		grid[m.Square] = c
	}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for _, c := range grid[r*8 : r*8+8] {
			if c == '1' {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	stm := " w"
	if e.BlackToMove {
		stm = " b"
	}
	return b.String() + stm + " - - 0 1"
}

func equalWeights(a, b *Model) bool {
	pa, pb := a.params(), b.params()
	for i := range pa {
		if len(pa[i]) != len(pb[i]) {
			return false
		}
		for j := range pa[i] {
			if pa[i][j] != pb[i][j] {
				return false
			}
		}
	}
	return true
}
