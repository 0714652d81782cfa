package cluster

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/search"
)

func move(t *testing.T, pos *board.Position, uci string) board.Move {
	t.Helper()
	m, err := pos.ParseMove(uci)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMessagesRoundTrip(t *testing.T) {
	pos := board.NewPosition()
	e4, e5 := move(t, pos, "e2e4"), board.Move(0x1234)
	for _, m := range []Message{
		{Kind: KindEntries, Search: 7, From: 2, Entries: []search.SharedEntry{{Key: 1, Data: 2}, {Key: ^uint64(0), Data: 1 << 63}}},
		{Kind: KindEntries, Search: 1, From: 0, Entries: []search.SharedEntry{}},
		{Kind: KindStop, Search: 1<<32 - 1, From: 0},
		{Kind: KindAnswer, Search: 3, From: 1, Answer: Answer{From: 1, Move: e4, Score: -search.Mate + 3, Depth: 17, Nodes: 1 << 40, PV: []board.Move{e4, e5}}},
	} {
		got, err := Decode(Encode(m), 3)
		if err != nil {
			t.Fatalf("%+v: %v", m, err)
		}
		if got.Kind != m.Kind || got.Search != m.Search || got.From != m.From || len(got.Entries) != len(m.Entries) ||
			!slices.Equal(got.Entries, m.Entries) || got.Answer.Move != m.Answer.Move || got.Answer.Score != m.Answer.Score ||
			got.Answer.Depth != m.Answer.Depth || got.Answer.Nodes != m.Answer.Nodes || !slices.Equal(got.Answer.PV, m.Answer.PV) {
			t.Errorf("round trip: sent %+v, got %+v", m, got)
		}
	}
}

func TestMalformedMessagesAreRefused(t *testing.T) {
	entries := Encode(Message{Kind: KindEntries, Search: 1, From: 1, Entries: []search.SharedEntry{{Key: 5, Data: 6}}})
	answer := Encode(Message{Kind: KindAnswer, Search: 1, From: 1, Answer: Answer{Move: 1, Depth: 3, PV: []board.Move{1}}})
	edit := func(b []byte, f func([]byte) []byte) []byte { return f(slices.Clone(b)) }
	for name, b := range map[string][]byte{
		"empty":              nil,
		"no magic":           edit(entries, func(b []byte) []byte { b[0] = 'X'; return b }),
		"version":            edit(entries, func(b []byte) []byte { b[2] = 9; return b }),
		"kind":               edit(entries, func(b []byte) []byte { b[3] = 77; return b }),
		"no such member":     edit(entries, func(b []byte) []byte { b[8] = 3; return b }),
		"entries cut short":  entries[:len(entries)-1],
		"entries too long":   append(slices.Clone(entries), 0),
		"count too large":    edit(entries, func(b []byte) []byte { b[9], b[10] = 0xff, 0xff; return b }),
		"stop with a body":   append(Encode(Message{Kind: KindStop, Search: 1}), 1),
		"answer cut short":   answer[:len(answer)-1],
		"answer score":       edit(answer, func(b []byte) []byte { b[11], b[12], b[13], b[14] = 0xff, 0xff, 0xff, 0x7f; return b }),
		"answer depth":       edit(answer, func(b []byte) []byte { b[15] = 200; return b }),
		"answer line length": edit(answer, func(b []byte) []byte { b[len(b)-3] = 9; return b }),
	} {
		if _, err := Decode(b, 3); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", name, err)
		}
	}
}

// A member keeps only what belongs to its search: entries of another
// search, its own echo, a stop from a helper and garbage are ignored.
func TestMemberIgnoresStaleAndMisdirectedMessages(t *testing.T) {
	ts := Local(3)
	b := New(1, 3, ts[1]) // members 0 and 2 are only senders here: their transports
	stopped := 0
	b.Begin(5, 0, func() { stopped++ })
	entry := search.SharedEntry{Key: 42, Data: 99}
	ts[2].Send(Encode(Message{Kind: KindEntries, Search: 4, From: 2, Entries: []search.SharedEntry{entry}})) // stale
	ts[2].Send(Encode(Message{Kind: KindStop, Search: 5, From: 2}))                                          // not member 0's
	ts[2].Send([]byte("KC garbage"))
	ts[0].Send(Encode(Message{Kind: KindEntries, Search: 5, From: 0, Entries: []search.SharedEntry{entry}}))
	if got := b.Exchange(nil); !slices.Equal(got, []search.SharedEntry{entry}) {
		t.Errorf("received %v, want only member 0's entry for this search", got)
	}
	if stopped != 0 || b.Stopped() {
		t.Error("a stop from a helper stopped the search")
	}
	if b.Ignored != 3 {
		t.Errorf("%d messages ignored, want 3", b.Ignored)
	}
	ts[0].Send(Encode(Message{Kind: KindStop, Search: 5, From: 0}))
	if !b.Stopped() || stopped != 1 {
		t.Errorf("member 0's stop: stopped %v, onStop called %d times", b.Stopped(), stopped)
	}
}

// Member 0 stops when a helper answers from a search of the depth limit
// (not before), and plays that answer, deeper than its own.
func TestAHelperAtTheLimitEndsTheSearch(t *testing.T) {
	ts := Local(2)
	lead, helper := New(0, 2, ts[0]), New(1, 2, ts[1])
	stopped := 0
	lead.Begin(3, 12, func() { stopped++ })
	helper.Begin(3, 12, func() {})
	e4 := board.Move(0x1234)
	ts[1].Send(Encode(Message{Kind: KindEntries, Search: 3, From: 1}))
	if lead.Stopped() || stopped != 0 {
		t.Fatal("stopped before any answer")
	}
	helper.Finish(search.Result{Move: e4, Score: 31, Depth: 12, PV: []board.Move{e4, 0x0567}})
	if !lead.Stopped() || stopped != 1 {
		t.Fatalf("a helper's answer at depth 12: stopped %v, onStop called %d times", lead.Stopped(), stopped)
	}
	res, answers := lead.Gather(search.Result{Move: e4, Score: 25, Depth: 11, PV: []board.Move{e4}}, 12, time.Second, func() {})
	if len(answers) != 2 || res.Move != e4 || res.Depth != 12 || res.Score != 31 || res.Ponder != 0x0567 {
		t.Errorf("played %+v from %+v: want the helper's depth-12 answer", res, answers)
	}

	// A shallower answer does not stop the search.
	lead.Begin(4, 12, func() { stopped++ })
	helper.Begin(4, 12, func() {})
	helper.Finish(search.Result{Move: e4, Score: 31, Depth: 11})
	if lead.Stopped() || stopped != 1 {
		t.Errorf("a helper's answer at depth 11 of 12 stopped the search")
	}
}

func TestChooseByVoteAndDepth(t *testing.T) {
	const m1, m2, m3 = board.Move(1), board.Move(2), board.Move(3)
	cases := []struct {
		name    string
		answers []Answer
		floor   int
		want    int
	}{
		{"one", []Answer{{Move: m1, Score: 10, Depth: 5}}, 0, 0},
		{"two for one move outvote a deeper one", []Answer{{Move: m1, Score: 20, Depth: 12}, {Move: m2, Score: 30, Depth: 11}, {Move: m2, Score: 28, Depth: 11}}, 0, 2 - 1},
		{"the deepest of the winning move's answers", []Answer{{Move: m2, Score: 30, Depth: 10}, {Move: m2, Score: 30, Depth: 13}, {Move: m1, Score: 0, Depth: 9}}, 0, 1},
		{"a mate is played", []Answer{{Move: m1, Score: 50, Depth: 20}, {Move: m3, Score: search.Mate - 9, Depth: 6}, {Move: m1, Score: 60, Depth: 20}}, 0, 1},
		{"the shortest mate", []Answer{{Move: m1, Score: search.Mate - 9, Depth: 10}, {Move: m3, Score: search.Mate - 5, Depth: 8}}, 0, 1},
		{"no move counts for nothing", []Answer{{Move: board.NullMove, Score: 900, Depth: 30}, {Move: m1, Score: 0, Depth: 3}}, 0, 1},
		{"a shallower answer than the depth asked is not played", []Answer{{Move: m1, Score: 20, Depth: 10}, {Move: m2, Score: 30, Depth: 9}, {Move: m2, Score: 28, Depth: 9}}, 10, 0},
		{"a helper as deep as asked is", []Answer{{Move: m1, Score: 20, Depth: 10}, {Move: m2, Score: 30, Depth: 9}, {Move: m2, Score: 28, Depth: 10}}, 10, 2},
		{"member 0 short of the depth asked gives way to a helper there", []Answer{{Move: m1, Score: 20, Depth: 9}, {Move: m2, Score: 10, Depth: 10}}, 10, 1},
		{"none as deep as asked: member 0's", []Answer{{Move: m1, Score: 20, Depth: 8}, {Move: m2, Score: 30, Depth: 9}}, 10, 0},
		{"a tie keeps member 0", []Answer{{Move: m1, Score: 10, Depth: 8}, {Move: m2, Score: 10, Depth: 8}}, 0, 0},
	}
	for _, c := range cases {
		if got := Choose(c.answers, c.floor); got != c.want {
			t.Errorf("%s: chose %d, want %d", c.name, got, c.want)
		}
	}
}

// Two searchers over Local: each sends entries, stores the other's, and
// member 0 gathers the helper's answer and plays a legal move.
func TestTwoMembersShareEntriesAndAnswer(t *testing.T) {
	ts := Local(2)
	members := []*Member{New(0, 2, ts[0]), New(1, 2, ts[1])}
	var sent [2]int
	var mu sync.Mutex
	searchers := make([]*search.Searcher, 2)
	for i := range searchers {
		m := members[i]
		searchers[i] = search.New(search.Options{HashMB: 4, Member: i, Exchange: func(out []search.SharedEntry) []search.SharedEntry {
			mu.Lock()
			sent[i] += len(out)
			mu.Unlock()
			return m.Exchange(out)
		}})
	}
	pos, err := board.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if err != nil {
		t.Fatal(err)
	}
	members[0].Begin(1, 0, searchers[0].Stop)
	members[1].Begin(1, 0, searchers[1].Stop)
	helper := searchers[1].Go(pos, search.Limits{Infinite: true}, nil)
	done := make(chan struct{})
	go func() {
		members[1].Finish(<-helper)
		close(done)
	}()
	// Member 0 exchanges after each of its iterations from depth 5 on,
	// however fast they go.
	own := searchers[0].Search(pos, search.Limits{Depth: 9}, nil)
	searchers[1].Stop()
	res, answers := members[0].Gather(own, 0, 5*time.Second, func() { time.Sleep(time.Millisecond) })
	<-done
	if len(answers) != 2 || answers[1].From != 1 || answers[1].Move == board.NullMove {
		t.Fatalf("answers %+v: want member 0's and the helper's", answers)
	}
	if !pos.IsLegal(res.Move) || res.Nodes != own.Nodes+answers[1].Nodes {
		t.Errorf("result %v with %d nodes (own %d, helper %d)", res.Move, res.Nodes, own.Nodes, answers[1].Nodes)
	}
	mu.Lock()
	defer mu.Unlock()
	if sent[0] == 0 {
		t.Errorf("entries sent: %v; member 0 shares after each iteration from depth %d", sent, search.ShareMinDepth)
	}
	t.Logf("entries sent: %v, depths %d and %d", sent, answers[0].Depth, answers[1].Depth)
}
