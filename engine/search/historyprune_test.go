package search

import (
	"testing"

	"kibitz/engine/board"
)

// History pruning skips a quiet move whose history is hopeless only near
// the leaves: from deeper nodes the same move is searched and its mate
// found.
func TestHistoryPruningOnlyNearTheLeaves(t *testing.T) {
	// Rd8 mates; every other move is quiet too and tried before it.
	const fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
	mates := func(depth int) bool {
		w, pos := singularWorker(t, fen, depth)
		rd8, err := pos.ParseMove("d1d8")
		if err != nil {
			t.Fatal(err)
		}
		w.history[board.White][rd8.From()][rd8.To()] = -historyMax
		return w.negamax(-Infinity, Infinity, depth, 1, false) >= MateInMax
	}
	// At depth 2 the mate's history (−16384) is below −2·HistoryPruneMargin.
	if mates(2) {
		t.Errorf("depth 2 found the mate although its move's history is %d", -historyMax)
	}
	// Depth 6 is one ply shallower after the reduction for the missing hash
	// move, still above historyPruneMaxDepth.
	if !mates(6) {
		t.Errorf("depth 6 missed the mate: history pruning reached past depth %d", historyPruneMaxDepth)
	}
	// With a neutral history the mate is found at depth 2 as well.
	w, _ := singularWorker(t, fen, 2)
	if w.negamax(-Infinity, Infinity, 2, 1, false) < MateInMax {
		t.Error("depth 2 missed the mate with a neutral history")
	}
}
