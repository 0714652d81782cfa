package bridge

import (
	"runtime"
	"testing"
	"time"

	"kibitz/engine/cluster"
)

// Two sessions joined as two Web Workers are: a shared search answers from
// the first with both workers' nodes; a helper that never answers costs
// the first only the wait, not the search.
func TestJoinedSessionsSearchTogether(t *testing.T) {
	ts := cluster.Local(2)
	first, helper := New(8, runtime.Gosched), New(8, runtime.Gosched)
	if err := first.Join(0, 2, ts[0]); err != nil {
		t.Fatal(err)
	}
	if err := helper.Join(1, 2, ts[1]); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Session{first, helper} {
		if err := s.SetPosition("", []string{"e2e4"}); err != nil {
			t.Fatal(err)
		}
	}
	helped := make(chan map[string]any, 1)
	if err := helper.Search(Request{Infinite: true, Shared: 1}, nil, func(m map[string]any) { helped <- m }); err != nil {
		t.Fatal(err)
	}
	_, done := waitDone(t, first, Request{Depth: 8, Shared: 1})
	helper.Stop() // the page stops its infinite search; member 0 has stopped its work already
	var h map[string]any
	select {
	case h = <-helped:
	case <-time.After(30 * time.Second):
		t.Fatal("the helper did not answer")
	}
	if first.Check("", []string{"e2e4", done["bestmove"].(string)}) != nil || done["nodes"].(float64) <= h["nodes"].(float64) {
		t.Errorf("first: %v, helper: %v", done, h)
	}
	// The helper is gone (a crashed worker): the first still answers.
	_, alone := waitDone(t, first, Request{Depth: 6, Shared: 2})
	if first.Check("", []string{"e2e4", alone["bestmove"].(string)}) != nil {
		t.Errorf("without its helper: %v", alone)
	}
	// Leaving the cluster: count 1.
	if err := first.Join(0, 1, nil); err != nil {
		t.Fatal(err)
	}
}
