package eval

import (
	"testing"

	"kibitz/engine/board"
)

var testFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"6k1/5pp1/8/8/8/8/5PPP/3R2K1 b - - 0 1",
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
}

// mirror is fen with the colours exchanged (board.FlipColours).
func mirror(fen string) string {
	m, err := board.FlipColours(fen)
	if err != nil {
		panic(err)
	}
	return m
}

func TestColourSymmetry(t *testing.T) {
	for _, fen := range testFENs {
		p, _ := board.ParseFEN(fen)
		q, err := board.ParseFEN(mirror(fen))
		if err != nil {
			t.Fatal(err)
		}
		if a, b := Evaluate(p), Evaluate(q); a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
	}
}

// TestTraceReproducesEvaluation: the counts the tuner sees, times the
// weights and blended by phase, give the evaluation (before the drawish
// scaling, which none of these positions triggers).
func TestTraceReproducesEvaluation(t *testing.T) {
	for _, fen := range testFENs {
		p, _ := board.ParseFEN(fen)
		var tr Trace
		v := EvaluateTrace(p, &tr)
		var s Score
		for i, c := range tr.Coef {
			s += weights[i] * Score(c)
		}
		white := (s.MG()*tr.Phase + s.EG()*(MaxPhase-tr.Phase)) / MaxPhase
		if p.SideToMove() == board.Black {
			white = -white
		}
		if white != v || v != Evaluate(p) {
			t.Errorf("%s: trace gives %d, Evaluate %d", fen, white, v)
		}
	}
}

func TestMaterialAndDrawishScaling(t *testing.T) {
	up, _ := board.ParseFEN("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")
	if Evaluate(up) < 500 {
		t.Errorf("a queen up scores %d", Evaluate(up))
	}
	lone, _ := board.ParseFEN("4k3/8/8/8/8/8/8/N3K3 w - - 0 1")
	if Evaluate(lone) != 0 {
		t.Errorf("a lone knight scores %d, want 0 (cannot mate)", Evaluate(lone))
	}
}

func TestScorePacking(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {1, -1}, {-300, 250}, {32000, -32000}, {-5, -7}} {
		if s := S(c[0], c[1]); s.MG() != c[0] || s.EG() != c[1] {
			t.Errorf("S(%d,%d) unpacks to %d,%d", c[0], c[1], s.MG(), s.EG())
		}
	}
	// Packed scores add and scale like pairs (within int16 range).
	for _, c := range [][2]int{{1, -1}, {-300, 250}, {-5, -7}} {
		d := S(c[0], c[1])*3 + S(2, -2)
		if d.MG() != 3*c[0]+2 || d.EG() != 3*c[1]-2 {
			t.Errorf("3×S(%d,%d)+S(2,-2) = %d,%d", c[0], c[1], d.MG(), d.EG())
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := board.ParseFEN(testFENs[1])
	for b.Loop() {
		Evaluate(p)
	}
}
