package wdlnet

import (
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/tablebase"
)

// BenchmarkPredict times one probe of the study's model (128 and 32
// hidden, threat features) on entries of KRvKP; BenchmarkProbeFromBoard
// adds the canonical form of a board position, as a search would pay.
// Run natively and in wasm: GOOS=js GOARCH=wasm go test -bench Predict
// -exec go_js_wasm_exec.
func BenchmarkPredict(b *testing.B) {
	entries := benchEntries(b)
	p := New(128, 32, Inputs{Threats: true, Shape: true}, 1).Predictor()
	b.ResetTimer()
	for i := range b.N {
		p.Predict(&entries[i%len(entries)])
	}
}

func BenchmarkProbeFromBoard(b *testing.B) {
	pos, err := board.ParseFEN("8/8/4k3/8/2p5/8/2K5/6R1 w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	p := New(128, 32, Inputs{Threats: true, Shape: true}, 1).Predictor()
	b.ResetTimer()
	for range b.N {
		_, e, err := tablebase.Canonical(pos)
		if err != nil {
			b.Fatal(err)
		}
		p.Predict(&e)
	}
}

func benchEntries(b *testing.B) []tablebase.Entry {
	s, _ := tablebase.ParseSignature("KRvKP")
	t := tablebase.NewSet().Table(s)
	var out []tablebase.Entry
	for i := 0; i < t.Size() && len(out) < 4096; i += 997 {
		if e, ok := t.Entry(i); ok {
			out = append(out, e)
		}
	}
	return out
}

// BenchmarkTermAdjust times the evaluation term on a 5-man position with
// the study's larger model (256 and 64 hidden), canonical form included:
// what the search pays per evaluation in the model's endings.
func BenchmarkTermAdjust(b *testing.B) {
	pos, err := board.ParseFEN("8/8/4k3/8/2P5/8/2K1r3/6R1 w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	m := New(128, 32, Inputs{Threats: true, Shape: true}, 1)
	m.Tables, _ = tablebase.ParseSignatures("KRPvKR")
	term, err := NewTerm(m, DefaultTermWeight)
	if err != nil {
		b.Fatal(err)
	}
	p := term.Probe()
	if !p.Covers(pos) {
		b.Fatal("the position is not KRPvKR")
	}
	b.ResetTimer()
	for range b.N {
		p.Adjust(pos, 100)
	}
}
