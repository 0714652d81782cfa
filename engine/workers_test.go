package engine

import (
	"errors"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/cluster"
	"kibitz/engine/search"
)

func TestWorkersSearchTogether(t *testing.T) {
	e := newEngine(t)
	if err := e.SetHash(32); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []int{0, MaxWorkers + 1} {
		if err := e.SetWorkers(bad); err == nil {
			t.Errorf("workers %d accepted", bad)
		}
	}
	if err := e.SetOption("Workers", "3"); err != nil {
		t.Fatal(err)
	}
	if e.Workers() != 3 || e.Options().HashMB != 32 {
		t.Fatalf("workers %d, hash %d: want 3 and the total of 32", e.Workers(), e.Options().HashMB)
	}
	for i, h := range e.local.helpers {
		if o := h.Options(); o.HashMB != 10 || o.Member != i+1 || o.Exchange == nil || o.Threads != 1 {
			t.Errorf("helper %d: hash %d, member %d, exchange %v, threads %d", i+1, o.HashMB, o.Member, o.Exchange != nil, o.Threads)
		}
	}
	pos := position(t, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	ch, err := e.Start(pos, search.Limits{Depth: 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every setting is refused while the workers search.
	if err := e.SetWorkers(1); !errors.Is(err, ErrBusy) {
		t.Errorf("SetWorkers during a search: %v", err)
	}
	r := <-ch
	if !pos.IsLegal(r.Move) || r.Depth < 10 {
		t.Errorf("move %v at depth %d", r.Move, r.Depth)
	}
	// The answer counts every worker's nodes: more than member 0 alone.
	alone := newEngine(t)
	single, _ := alone.Search(pos, search.Limits{Depth: 10}, nil)
	t.Logf("3 workers: %d nodes to depth %d; one searcher %d", r.Nodes, r.Depth, single.Nodes)
	if r.Nodes <= single.Nodes/2 {
		t.Errorf("3 workers report %d nodes, one searcher %d", r.Nodes, single.Nodes)
	}
	// Back to one: the search is the plain one, node for node.
	if err := e.SetWorkers(1); err != nil {
		t.Fatal(err)
	}
	e.SetHash(16)
	e.NewGame()
	again, _ := e.Search(pos, search.Limits{Depth: 10}, nil)
	if again.Nodes != single.Nodes || again.Move != single.Move {
		t.Errorf("one worker again: %v in %d nodes, a new engine %v in %d", again.Move, again.Nodes, single.Move, single.Nodes)
	}
}

// Two engines joined as the browser's workers are, over Local: the helper
// is stopped by member 0 and member 0 answers for both.
func TestJoinedEnginesAnswerTogether(t *testing.T) {
	ts := cluster.Local(2)
	main, helper := newEngine(t), newEngine(t)
	if err := main.Join(cluster.New(0, 2, ts[0])); err != nil {
		t.Fatal(err)
	}
	if err := helper.Join(cluster.New(1, 2, ts[1])); err != nil {
		t.Fatal(err)
	}
	if err := helper.Join(cluster.New(2, 2, ts[1])); err == nil {
		t.Error("member 2 of 2 accepted")
	}
	pos := board.NewPosition() // both engines' position: the start, as set at first
	for id := uint32(1); id <= 3; id++ {
		hc, err := helper.GoShared(search.Limits{Infinite: true}, nil, id)
		if err != nil {
			t.Fatal(err)
		}
		mc, err := main.GoShared(search.Limits{Depth: 8}, nil, id)
		if err != nil {
			t.Fatal(err)
		}
		r := <-mc
		helper.Stop() // the page's stop of an infinite search: the helper has its answer sent already
		h := <-hc
		if !pos.IsLegal(r.Move) || !pos.IsLegal(h.Move) || r.Nodes <= h.Nodes {
			t.Errorf("search %d: member 0 %v (%d nodes, both counted), helper %v (%d nodes)", id, r.Move, r.Nodes, h.Move, h.Nodes)
		}
	}
	// A search of its own (id 0) on a joined engine does not exchange: from
	// a new game it is a lone engine's, node for node.
	main.NewGame()
	r, err := main.Search(pos, search.Limits{Depth: 6}, nil)
	alone, _ := newEngine(t).Search(pos, search.Limits{Depth: 6}, nil)
	if err != nil || r.Move != alone.Move || r.Nodes != alone.Nodes {
		t.Errorf("a joined engine's own search: %v in %d nodes (%v); alone %v in %d", r.Move, r.Nodes, err, alone.Move, alone.Nodes)
	}
}
