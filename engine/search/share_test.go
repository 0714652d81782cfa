package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"kibitz/engine/board"
)

// A received entry is stored under its own key only, and only if a search
// could have stored it.
func TestAbsorbKeepsValidEntriesUnderTheirKey(t *testing.T) {
	tt := NewTT(1)
	tt.newSearch()
	m := board.Move(0x0c1c)
	good := SharedEntry{Key: 0x9e3779b97f4a7c15, Data: pack(m, 120, 35, 9, BoundLower, 0)}
	if !good.Valid() {
		t.Fatal("a well-formed entry is refused")
	}
	tt.absorb(good)
	hit, ok := tt.probe(good.Key)
	if !ok || hit.move != m || hit.score != 120 || hit.eval != 35 || hit.depth != 9 || hit.bound != BoundLower {
		t.Errorf("absorbed entry reads back as %+v, %v", hit, ok)
	}
	if _, ok := tt.probe(good.Key ^ 1); ok {
		t.Error("an entry is found under another key")
	}
	for name, e := range map[string]SharedEntry{
		"shallow":    {Key: 1, Data: pack(m, 0, 0, ShareMinDepth-1, BoundExact, 0)},
		"no bound":   {Key: 2, Data: pack(m, 0, 0, 10, BoundNone, 0)},
		"score":      {Key: 3, Data: pack(m, Infinity, 0, 10, BoundExact, 0)},
		"evaluation": {Key: 4, Data: pack(m, 0, MaxEval+1, 10, BoundExact, 0)},
		"too deep":   {Key: 5, Data: pack(m, 0, 0, MaxDepth+1, BoundExact, 0)},
		"no key":     {Key: 0, Data: pack(m, 0, 0, 10, BoundExact, 0)},
	} {
		if e.Valid() {
			t.Errorf("%s: accepted", name)
		}
	}
	// A deeper entry of this search is not overwritten by a shallower one.
	tt.absorb(SharedEntry{Key: good.Key, Data: pack(board.NullMove, -50, 0, 6, BoundUpper, 0)})
	if hit, _ := tt.probe(good.Key); hit.depth != 9 {
		t.Errorf("a shallower entry replaced a deeper one: depth %d", hit.depth)
	}
}

// Whatever another member sends — random words that pass as entries
// included — the search plays a legal move and keeps its bounds.
func TestSearchSurvivesGarbageEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	calls := 0
	garbage := func(out []SharedEntry) []SharedEntry {
		calls++
		in := make([]SharedEntry, 64)
		for i := range in {
			in[i] = SharedEntry{Key: rng.Uint64(), Data: rng.Uint64()}
			if i%2 == 0 { // valid-looking: a random move under the real keys' neighbours
				in[i].Data = pack(board.Move(rng.Uint32()), rng.IntN(2000)-1000, 0, ShareMinDepth+rng.IntN(20), Bound(1+rng.IntN(3)), 0)
			}
		}
		for _, o := range out { // and the member's own entries with their moves scrambled
			in = append(in, SharedEntry{Key: o.Key, Data: o.Data&^0xffff | uint64(rng.Uint32()&0xffff)})
		}
		return in
	}
	for _, fen := range []string{
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	} {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{HashMB: 1, Exchange: garbage})
		r := s.Search(pos, Limits{Depth: 9}, nil)
		if !pos.IsLegal(r.Move) || r.Score <= -Infinity || r.Score >= Infinity {
			t.Errorf("%s: move %v, score %d", fen, r.Move, r.Score)
		}
	}
	if calls == 0 {
		t.Error("the exchange was never called")
	}
}

// searchedDepths lists the iterations a worker runs, up to maxDepth.
func searchedDepths(w *worker, maxDepth int) []int {
	var ds []int
	for d := 1; d <= maxDepth; d++ {
		if !w.skips(d, maxDepth) {
			ds = append(ds, d)
		}
	}
	return ds
}

// A member's helper racing to a fixed depth searches only the depths of
// the limit's parity, and always the limit; without a limit, and for the
// helper threads of one engine, helpers skip every third depth; the
// first member's first thread skips none.
func TestHelpersSkipDepths(t *testing.T) {
	newWorker := func(member, id, limit int) *worker {
		return &worker{searcher: &Searcher{opts: Options{Member: member}}, id: id, lim: Limits{Depth: limit}}
	}
	for _, c := range []struct {
		name     string
		w        *worker
		maxDepth int
		want     []int
	}{
		{"member 1 to depth 12", newWorker(1, 0, 12), 12, []int{1, 2, 4, 6, 8, 10, 12}},
		{"member 1 to depth 11", newWorker(1, 0, 11), 11, []int{1, 2, 3, 5, 7, 9, 11}},
		{"member 2 to depth 9", newWorker(2, 0, 9), 9, []int{1, 2, 3, 5, 7, 9}},
		{"member 1 without a limit", newWorker(1, 0, 0), 12, []int{1, 2, 3, 4, 6, 7, 9, 10, 12}},
		{"member 0, thread 0, to depth 9", newWorker(0, 0, 9), 9, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{"member 0, thread 1, to depth 12", newWorker(0, 1, 12), 12, []int{1, 2, 3, 4, 6, 7, 9, 10, 12}},
	} {
		if got := searchedDepths(c.w, c.maxDepth); !slices.Equal(got, c.want) {
			t.Errorf("%s: searches depths %v, want %v", c.name, got, c.want)
		}
	}
}
