package texel

import (
	"bytes"
	"os"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/eval"
)

// The weights in force, rendered, are the committed weights file: the
// tuner writes exactly the layout the evaluation reads.
func TestGoSourceRendersTheWeightsInForce(t *testing.T) {
	committed, err := os.ReadFile("../../engine/eval/weights_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	src, err := GoSource(eval.Weights(), "test")
	if err != nil {
		t.Fatal(err)
	}
	body := func(b []byte) []byte { return b[bytes.Index(b, []byte("var weights")):] }
	if !bytes.Equal(body(src), body(committed)) {
		t.Errorf("rendered weights differ from engine/eval/weights_gen.go:\n%s", src)
	}
}

// A sample's traced counts, weighted by the weights in force, reproduce the
// evaluation of its position from White's side (before the drawish scaling
// that the trace leaves out, so only positions without it are used).
func TestSampleReproducesTheEvaluation(t *testing.T) {
	for _, fen := range []string{
		board.StartFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 b - - 0 25",
	} {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		s := NewTuneSample(p, 0.5)
		v, _, _ := fromScores(eval.Weights()).eval(&s)
		want := eval.Evaluate(p)
		if p.SideToMove() == board.Black {
			want = -want
		}
		if diff := v - float64(want); diff < -1.5 || diff > 1.5 {
			t.Errorf("%s: traced %.1f, evaluation %d", fen, v, want)
		}
	}
}
