package search

import (
	"kibitz/engine/netinput"
	"testing"

	"kibitz/engine/board"
	"kibitz/nnue"
)

// TestEvalCacheKeepsScores: a stored score comes back whole, negative and
// extreme ones included; a key that differs in its checked bits, or one
// never stored, misses.
func TestEvalCacheKeepsScores(t *testing.T) {
	var c evalCache
	if _, ok := c.probe(0x1234_5678_9abc_def0); ok {
		t.Fatal("an empty cache answered")
	}
	for i, v := range []int{-MaxEval, -1, 0, 1, 37, MaxEval} {
		key := 0x9e37_79b9_7f4a_7c15*uint64(i+1) | 1<<63
		c.store(key, v)
		if got, ok := c.probe(key); !ok || got != v {
			t.Errorf("stored %d, probed %d (found %v)", v, got, ok)
		}
		if _, ok := c.probe(key ^ 1<<40); ok {
			t.Errorf("a key differing in bit 40 hit the entry of %x", key)
		}
	}
}

// TestEvaluationCacheFollowsTheNet: an engine that changes its net between
// searches, without a new game, searches as one whose cache was emptied
// by hand does — no evaluation made with the old net is reused — and the
// cached evaluations equal fresh ones.
func TestEvaluationCacheFollowsTheNet(t *testing.T) {
	pos, err := board.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if err != nil {
		t.Fatal(err)
	}
	a, b := nnue.RandomNet(64, 7), nnue.RandomNet(64, 8)
	var results [2]Result
	var e *Searcher
	for i := range results {
		e = New(Options{Net: a, HashMB: 1})
		e.Search(pos, Limits{Depth: 6}, nil)
		e.SetOptions(Options{Net: b, HashMB: 1})
		if i == 1 {
			e.workers[0].evals = evalCache{}
		}
		results[i] = e.Search(pos, Limits{Depth: 6}, nil)
	}
	if got, want := results[0], results[1]; got.Move != want.Move || got.Score != want.Score || got.Nodes != want.Nodes {
		t.Errorf("after switching nets: %v %d in %d nodes; with the cache emptied: %v %d in %d nodes",
			got.Move, got.Score, got.Nodes, want.Move, want.Score, want.Nodes)
	}
	w := e.workers[0]
	filled := 0
	for _, entry := range w.evals {
		if entry != 0 {
			filled++
		}
	}
	if filled < 100 {
		t.Fatalf("only %d evaluations cached by a depth-6 search", filled)
	}
	// Along a line of play, every answer from the cache is the evaluation.
	p := pos.Clone()
	for _, uci := range []string{"e1g1", "f6e4", "d2d4", "e5d4"} {
		m, err := p.ParseMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
		fresh := b.EvaluateFresh(netinput.Of(p))
		w.prepare(p, Limits{}, timeBudget{}, w.start, nil)
		if first, second := w.evaluate(), w.evaluate(); first != fresh || second != fresh {
			t.Errorf("%s: evaluated %d then %d from the cache; fresh %d", p.FEN(), first, second, fresh)
		}
	}
}
