package search

import (
	"testing"
	"time"

	"kibitz/engine/board"
	"kibitz/nnue"
)

// singularWorker is a worker ready to test the table move of pos at ply 1.
func singularWorker(t *testing.T, fen string, depth int) (*worker, *board.Position) {
	t.Helper()
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{HashMB: 16, Threads: 1, Net: net})
	pos := mustPos(t, fen)
	w := e.workers[0]
	w.prepare(pos, Limits{Depth: depth}, timeBudget{}, time.Now(), makeRootMoves(pos, nil))
	w.rootDepth = depth
	return w, pos
}

func TestSingularExtendsTheOnlyRecapture(t *testing.T) {
	// Black's queen has just taken White's on d1: only the rook can take
	// back, every other move stays a queen down.
	const fen = "rnb1k1nr/pppp1ppp/8/2b1p3/4P3/5N2/PPPP1PPP/RNBq1RK1 w kq - 0 5"
	w, pos := singularWorker(t, fen, 8)
	rxd1, err := pos.ParseMove("f1d1")
	if err != nil {
		t.Fatal(err)
	}
	if ext, cut := w.singular(rxd1, 0, 1, 8, 1, false, true); cut || ext != 2 {
		t.Errorf("outside the PV the only recapture got (%d, cut %v), want a double extension", ext, cut)
	}
	if ext, cut := w.singular(rxd1, 0, 1, 8, 1, true, false); cut || ext != 1 {
		t.Errorf("in the PV the only recapture got (%d, cut %v), want one ply", ext, cut)
	}
	if w.stack[1].excluded != board.NullMove || w.pvLen[1] != 1 {
		t.Errorf("the verification search left its traces: excluded %v, line length %d", w.stack[1].excluded, w.pvLen[1]-1)
	}
	// No double extension once a line has had its share of them.
	w.stack[0].doubleExt = seMaxDoubleExt
	if ext, _ := w.singular(rxd1, 0, 1, 8, 1, false, true); ext != 1 {
		t.Errorf("after %d double extensions in the line the recapture got %d, want 1", seMaxDoubleExt, ext)
	}
}

func TestSingularOnlyLegalMove(t *testing.T) {
	// In check from the queen on d1, which also covers e2: Kxd1 is the only
	// legal move, and a move without rivals is singular.
	const fen = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBqKBNR w KQkq - 0 3"
	w, pos := singularWorker(t, fen, 8)
	kxd1, err := pos.ParseMove("e1d1")
	if err != nil {
		t.Fatal(err)
	}
	if ext, cut := w.singular(kxd1, 0, 1, 8, 1, true, false); cut || ext != 1 {
		t.Errorf("the only legal move got (%d, cut %v), want one ply", ext, cut)
	}
}

func TestSingularMultiCutAndNegativeExtension(t *testing.T) {
	w, pos := singularWorker(t, board.StartFEN, 8)
	e4, err := pos.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	// The other first moves hold far above a table score of −150 (the
	// verification bound is −166), and the bound beats beta −180: the node
	// fails high without searching e4 at all.
	if score, cut := w.singular(e4, -150, -180, 8, 1, false, true); !cut || score < -180 {
		t.Errorf("beta −180 gave (%d, cut %v), want a multi-cut at or above beta", score, cut)
	}
	// With beta −160, between the bound and the table's score, e4 is not
	// singular but its score alone beats beta: it is searched a ply shallower.
	if ext, cut := w.singular(e4, -150, -160, 8, 1, false, true); cut || ext != -1 {
		t.Errorf("beta −160 gave (%d, cut %v), want a negative extension", ext, cut)
	}
	// With beta above the table's score, nothing changes.
	if ext, cut := w.singular(e4, -150, 0, 8, 1, false, true); cut || ext != 0 {
		t.Errorf("beta 0 gave (%d, cut %v), want no extension", ext, cut)
	}
}

// The singular search must not change what a search finds beyond its
// node count: the same depth twice gives the same result.
func TestSingularSearchDeterministic(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	const fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"
	var first Result
	for i := range 2 {
		e := New(Options{HashMB: 16, Threads: 1, Net: net})
		r := e.Search(mustPos(t, fen), Limits{Depth: 12}, nil)
		if i == 0 {
			first = r
		} else if r.Move != first.Move || r.Score != first.Score || r.Nodes != first.Nodes {
			t.Errorf("two depth-12 searches differ: %v %d %d against %v %d %d", r.Move, r.Score, r.Nodes, first.Move, first.Score, first.Nodes)
		}
	}
}
