package search

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/tablebase"
	"kibitz/nnue"
)

func mustPos(t testing.TB, fen string, moves ...string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	return p
}

func TestFindsMates(t *testing.T) {
	cases := []struct {
		fen   string
		mate  int // moves
		first string
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"},                                   // back rank
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"}, // scholar's mate
		{"1k6/8/1K6/8/8/8/8/7R w - - 0 1", 1, "h1h8"},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, ""},
	}
	for _, c := range cases {
		// The expectation comes from an exhaustive solver, not the search.
		p := mustPos(t, c.fen)
		if !mateWithin(p, c.mate) || mateWithin(p, c.mate-1) {
			t.Fatalf("%s: the solver does not find a shortest mate in %d", c.fen, c.mate)
		}
		e := New(Options{HashMB: 16})
		r := e.Search(mustPos(t, c.fen), Limits{Depth: 2*c.mate + 4}, nil)
		if want := Mate - (2*c.mate - 1); r.Score != want {
			t.Errorf("%s: score %s (%d), want mate %d", c.fen, FormatUCI(r.Score), r.Score, c.mate)
		}
		if c.first != "" && r.Move.String() != c.first {
			t.Errorf("%s: move %v, want %s", c.fen, r.Move, c.first)
		}
	}
}

func TestMatedAndStalemateAtRoot(t *testing.T) {
	e := New(Options{})
	r := e.Search(mustPos(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), Limits{Depth: 3}, nil)
	if r.Move != board.NullMove || r.Score != 0 {
		t.Errorf("stalemate: move %v score %d, want none and 0", r.Move, r.Score)
	}
	r = e.Search(mustPos(t, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), Limits{Depth: 3}, nil)
	if r.Move != board.NullMove || r.Score != -Mate {
		t.Errorf("mated: move %v score %d, want none and -Mate", r.Move, r.Score)
	}
}

func TestDrawScores(t *testing.T) {
	e := New(Options{})
	// A queen down, Black can claim a threefold repetition with Ng8.
	p := mustPos(t, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
	r := e.Search(p, Limits{Depth: 6}, nil)
	if r.Move.String() != "f6g8" || r.Score != 0 {
		t.Errorf("repetition: %v %d, want f6g8 scored 0", r.Move, r.Score)
	}
	// Any move but a mate reaches the 50-move limit: a rook up is a draw.
	e.NewGame()
	r = e.Search(mustPos(t, "8/8/8/8/8/2k5/8/6RK w - - 99 80"), Limits{Depth: 6}, nil)
	if r.Score != 0 {
		t.Errorf("50-move rule: score %d, want 0", r.Score)
	}
	// Insufficient material: a lone knight cannot win.
	e.NewGame()
	r = e.Search(mustPos(t, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), Limits{Depth: 8}, nil)
	if r.Score != 0 {
		t.Errorf("KNK: score %d, want 0", r.Score)
	}
}

func TestDeterministicAtFixedDepth(t *testing.T) {
	for _, fen := range BenchPositions[:8] {
		var results [2]Result
		for i := range results {
			results[i] = New(Options{HashMB: 16}).Search(mustPos(t, fen), Limits{Depth: 7}, nil)
		}
		a, b := results[0], results[1]
		if a.Nodes != b.Nodes || a.Move != b.Move || a.Score != b.Score {
			t.Errorf("%s: runs differ: %v/%d/%d vs %v/%d/%d", fen, a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
		}
	}
}

// NewGame makes a used engine search exactly as a new one: the API keeps
// its engines between requests and promises the same answer to the same
// request.
func TestNewGameSearchesLikeANewEngine(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	used := New(Options{HashMB: 8, Net: net})
	for _, fen := range BenchPositions[:6] {
		used.Search(mustPos(t, fen), Limits{Depth: 6}, nil) // history, killers, table entries
	}
	for _, fen := range BenchPositions[6:12] {
		fresh := New(Options{HashMB: 8, Net: net}).Search(mustPos(t, fen), Limits{Depth: 7}, nil)
		used.NewGame()
		again := used.Search(mustPos(t, fen), Limits{Depth: 7}, nil)
		if fresh.Nodes != again.Nodes || fresh.Move != again.Move || fresh.Score != again.Score {
			t.Errorf("%s: new engine %v/%d/%d, used engine after NewGame %v/%d/%d", fen,
				fresh.Move, fresh.Score, fresh.Nodes, again.Move, again.Score, again.Nodes)
		}
		used.Search(mustPos(t, fen), Limits{Depth: 5}, nil)
	}
}

func TestNodeLimitIsExact(t *testing.T) {
	r := New(Options{}).Search(board.NewPosition(), Limits{Nodes: 5000}, nil)
	if r.Nodes != 5000 || r.Move == board.NullMove {
		t.Errorf("nodes %d move %v, want exactly 5000 and a move", r.Nodes, r.Move)
	}
}

func TestStopReturnsALegalMove(t *testing.T) {
	// Under wasm there is no preemption: the search must yield for the
	// test goroutine to wake up and call Stop.
	e := New(Options{Yield: runtime.Gosched})
	pos := mustPos(t, BenchPositions[1])
	for _, wait := range []time.Duration{0, 50 * time.Millisecond} {
		ch := e.Go(pos, Limits{Infinite: true}, nil)
		time.Sleep(wait)
		e.Stop()
		select {
		case r := <-ch:
			if !pos.IsLegal(r.Move) {
				t.Errorf("after stop at %v: move %v is not legal", wait, r.Move)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("search did not stop")
		}
	}
}

func TestReportsEveryIterationAndMultiPV(t *testing.T) {
	e := New(Options{MultiPV: 3})
	var infos []Info
	r := e.Search(board.NewPosition(), Limits{Depth: 5}, func(i Info) { infos = append(infos, i) })
	if len(infos) != 15 {
		t.Fatalf("%d reports, want 5 depths × 3 lines", len(infos))
	}
	last := infos[12:]
	seen := map[board.Move]bool{}
	for k, i := range last {
		if i.MultiPV != k+1 || i.Depth != 5 || len(i.PV) == 0 || seen[i.PV[0]] {
			t.Errorf("line %d: %+v", k+1, i)
		}
		seen[i.PV[0]] = true
		if k > 0 && i.Score > last[k-1].Score {
			t.Errorf("line %d scores %d above line %d's %d", k+1, i.Score, k, last[k-1].Score)
		}
	}
	if r.Move != last[0].PV[0] {
		t.Errorf("result %v is not line 1's move %v", r.Move, last[0].PV[0])
	}
}

func TestSearchMovesRestrictsRoot(t *testing.T) {
	pos := board.NewPosition()
	m, _ := pos.ParseMove("a2a3")
	r := New(Options{}).Search(pos, Limits{Depth: 4, SearchMoves: []board.Move{m}}, nil)
	if r.Move != m {
		t.Errorf("searchmoves a2a3: got %v", r.Move)
	}
}

// TestAllocationsDoNotGrowWithNodes: a search allocates a fixed amount for
// its root and its result, nothing per node.
func TestAllocationsDoNotGrowWithNodes(t *testing.T) {
	e := New(Options{})
	pos := mustPos(t, BenchPositions[1])
	allocs := func(depth int) float64 {
		return testing.AllocsPerRun(2, func() {
			e.NewGame()
			e.Search(pos, Limits{Depth: depth}, nil)
		})
	}
	small, big := allocs(3), allocs(8)
	if big > small+200 {
		t.Errorf("allocations grow with depth: %.0f at depth 3, %.0f at depth 8", small, big)
	}
}

func TestThreadsSearchTogether(t *testing.T) {
	e := New(Options{Threads: 2})
	// wasm has one thread: the engine runs one worker there.
	want := 2
	if runtime.GOARCH == "wasm" {
		want = 1
	}
	if len(e.workers) != want {
		t.Fatalf("%d workers for Threads 2 on %s", len(e.workers), runtime.GOARCH)
	}
	pos := mustPos(t, BenchPositions[5])
	// The search runs until it has passed depth 10 and every thread has
	// searched: a fixed depth alone can end before a busy machine schedules
	// the helper at all. The deadline only ends a search whose helper never
	// starts, which the checks below then report.
	allSearched := func() bool {
		for _, w := range e.workers {
			if w.sharedNodes.Load() == 0 {
				return false
			}
		}
		return true
	}
	deadline := time.AfterFunc(2*time.Minute, e.Stop)
	defer deadline.Stop()
	r := e.Search(pos, Limits{Infinite: true}, func(in Info) {
		if in.Depth >= 10 && allSearched() {
			e.Stop()
		}
	})
	if !pos.IsLegal(r.Move) || r.Depth < 10 {
		t.Errorf("two threads: move %v depth %d", r.Move, r.Depth)
	}
	// Both threads searched, and the result counts them both.
	var sum uint64
	for i, w := range e.workers {
		n := w.sharedNodes.Load()
		if n == 0 {
			t.Errorf("thread %d searched no node", i)
		}
		sum += n
	}
	if r.Nodes != sum {
		t.Errorf("result counts %d nodes, the threads %d", r.Nodes, sum)
	}
}

// TestTimeBudgets checks the time manager's rules: movetime less the
// overhead; with a clock a thirtieth of what is left plus three quarters of
// the increment, the hard limit four times that but never past a third of
// the clock; a clock at zero still gives a millisecond.
func TestTimeBudgets(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		l          Limits
		side       board.Color
		soft, hard time.Duration
	}{
		{Limits{MoveTime: 100 * ms}, board.White, 70 * ms, 70 * ms},
		{Limits{WTime: 3030 * ms, BTime: 99 * time.Second}, board.White, 100 * ms, 400 * ms},
		{Limits{WTime: 99 * time.Second, BTime: 3030 * ms, BInc: 40 * ms}, board.Black, 130 * ms, 520 * ms},
		{Limits{WTime: 330 * ms}, board.White, 10 * ms, 40 * ms},
		{Limits{WTime: 630 * ms}, board.White, 20 * ms, 80 * ms},
		{Limits{WTime: 150 * ms}, board.White, 4 * ms, 16 * ms},
		{Limits{WTime: 1 * ms, BTime: 1 * ms}, board.White, ms, ms},
		{Limits{WTime: 1030 * ms, MovesToGo: 4}, board.White, 200 * ms, 333 * ms},
	} {
		b := budget(c.l, c.side, 30*ms)
		if !b.active || b.soft.Round(ms) != c.soft || b.hard.Round(ms) != c.hard {
			t.Errorf("%+v: soft %v hard %v, want %v and %v", c.l, b.soft, b.hard, c.soft, c.hard)
		}
	}
	if b := budget(Limits{Infinite: true, MoveTime: time.Second}, board.White, 0); b.active {
		t.Error("infinite has a budget")
	}
}

func TestTimeLimitsStopTheSearch(t *testing.T) {
	// The budgets: all of a movetime; a third of the clock at most.
	if b := budget(Limits{MoveTime: 100 * time.Millisecond}, board.White, 0); !b.active || b.soft != 100*time.Millisecond || b.hard != b.soft {
		t.Errorf("movetime 100 ms: budget %+v", b)
	}
	clock := Limits{WTime: 2 * time.Second, BTime: 2 * time.Second}
	if b := budget(clock, board.White, 0); !b.active || b.hard > 2*time.Second/3 || b.soft > b.hard {
		t.Errorf("2 s on the clock: budget %+v, want at most a third of it", b)
	}
	// The searches end by the clock, short of the deepest depth (a search
	// that ignored its budget would not end); how long they took is shown.
	e := New(Options{})
	for _, lim := range []Limits{{MoveTime: 100 * time.Millisecond}, clock} {
		r := e.Search(board.NewPosition(), lim, nil)
		if r.Move == board.NullMove || r.Depth < 1 || r.Depth >= MaxDepth {
			t.Errorf("%+v: move %v at depth %d", lim, r.Move, r.Depth)
		}
		t.Logf("movetime %v, clock %v: depth %d after %v", lim.MoveTime, lim.WTime, r.Depth, r.Time)
	}
}

func BenchmarkSearch(b *testing.B) { benchmarkSearch(b, nil) }

func BenchmarkSearchNNUE(b *testing.B) {
	net, err := nnue.Default()
	if err != nil {
		b.Fatal(err)
	}
	benchmarkSearch(b, net)
}

// benchmarkSearch searches ten bench positions at depth 8 from fresh games.
func benchmarkSearch(b *testing.B, net *nnue.Net) {
	e := New(Options{Net: net})
	var nodes uint64
	for b.Loop() {
		for _, fen := range BenchPositions[:10] {
			e.NewGame()
			nodes += e.Search(mustPos(b, fen), Limits{Depth: 8}, nil).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nps")
}

// mateWithin reports whether the side to move can force mate in at most n
// moves, by exhaustive search without pruning.
func mateWithin(p *board.Position, n int) bool {
	if n <= 0 {
		return false
	}
	var l board.MoveList
	p.GenerateMoves(&l, board.GenAll)
	for _, m := range l.Slice() {
		p.MakeMove(m)
		ok := allRepliesLose(p, n)
		p.UnmakeMove()
		if ok {
			return true
		}
	}
	return false
}

// allRepliesLose: the side to move is mated now or mated within n-1 more
// moves whatever it plays.
func allRepliesLose(p *board.Position, n int) bool {
	var l board.MoveList
	p.GenerateMoves(&l, board.GenAll)
	if l.N == 0 {
		return p.InCheck()
	}
	for _, m := range l.Slice() {
		p.MakeMove(m)
		ok := mateWithin(p, n-1)
		p.UnmakeMove()
		if !ok {
			return false
		}
	}
	return true
}

// TestNNUESearchIsDeterministicAndLegal searches with the embedded net:
// the same node count twice, and a legal move.
func TestNNUESearchIsDeterministicAndLegal(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	pos := mustPos(t, BenchPositions[1])
	var nodes [2]uint64
	for i := range nodes {
		r := New(Options{Net: net}).Search(pos, Limits{Depth: 6}, nil)
		if !pos.IsLegal(r.Move) {
			t.Fatalf("move %v", r.Move)
		}
		nodes[i] = r.Nodes
	}
	if nodes[0] != nodes[1] {
		t.Errorf("node counts %v", nodes)
	}
	// The net decides: a net biased by +30 pawns for the side to move
	// gives scores far from the classical evaluation's.
	biased := nnue.RandomNet(64, 4)
	biased.OutBias[0] = 3000 * nnue.QA * int32(biased.QB) / nnue.Scale
	withNet := New(Options{Net: biased}).Search(pos, Limits{Depth: 4}, nil).Score
	classical := New(Options{}).Search(pos, Limits{Depth: 4}, nil).Score
	if d := withNet - classical; d < 500 && d > -500 {
		t.Errorf("a net biased by +3000 cp scores %d, the classical evaluation %d", withNet, classical)
	}
}

// TestAbsurdNetCannotAnnounceMateOrLivelock: a net whose output bias and
// scale put every evaluation far beyond the mate range (as a damaged file
// would, had it passed the loader) still gives a finite search with a
// score below the mate range.
func TestAbsurdNetCannotAnnounceMateOrLivelock(t *testing.T) {
	for _, bias := range []int32{1<<31 - 1, -1 << 31} {
		n := nnue.RandomNet(64, 1)
		n.OutBias[0], n.QB = bias, 1
		pos, _ := board.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
		done := make(chan Result, 1)
		go func() {
			e := New(Options{HashMB: 1, Threads: 1, Net: n})
			done <- e.Search(pos, Limits{Depth: 6}, nil)
		}()
		select {
		case res := <-done:
			if IsMate(res.Score) || res.Score > MaxEval || res.Score < -MaxEval || res.Move == board.NullMove {
				t.Errorf("bias %d: score %d, move %v", bias, res.Score, res.Move)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("bias %d: the search does not end", bias)
		}
	}
}

// TestChangingTheNetClearsTheTable: scores stored under one evaluation do
// not answer for another.
func TestChangingTheNetClearsTheTable(t *testing.T) {
	pos := mustPos(t, BenchPositions[1])
	biased := nnue.RandomNet(64, 4)
	biased.OutBias[0] = 3000 * nnue.QA * int32(biased.QB) / nnue.Scale
	fresh := New(Options{Net: biased}).Search(pos, Limits{Depth: 3}, nil).Score
	e := New(Options{})
	e.Search(pos, Limits{Depth: 8}, nil)
	e.SetOptions(Options{Net: biased})
	if got := e.Search(pos, Limits{Depth: 3}, nil).Score; got != fresh {
		t.Errorf("after switching to the biased net: %d, a fresh engine %d", got, fresh)
	}
}

// "go mate N" alone searches to depth 2N+4 at most and stops at a mate in
// N; the side being mated sees a negative mate; the table fills.
func TestMateLimitAndMatedScore(t *testing.T) {
	e := New(Options{HashMB: 16})
	r := e.Search(mustPos(t, "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"), Limits{Mate: 2}, nil)
	if r.Score != Mate-3 || MateMoves(r.Score) != 2 || r.Depth > 8 || r.Move.String() != "d5f6" {
		t.Errorf("mate 2: %v %s at depth %d", r.Move, FormatUCI(r.Score), r.Depth)
	}
	small := New(Options{HashMB: 1})
	small.Search(board.NewPosition(), Limits{Depth: 7}, nil)
	if h := small.tt.hashfull(); h <= 0 || h > 1000 {
		t.Errorf("hashfull %d after a depth-7 search in 1 MB", h)
	}
	// Black to move: Kb8 is forced, then Rh8 mates.
	r = New(Options{}).Search(mustPos(t, "k7/8/1K6/8/8/8/8/7R b - - 0 1"), Limits{Depth: 4}, nil)
	if r.Score > -MateInMax || MateMoves(r.Score) != -1 {
		t.Errorf("mated in one: %s (%d)", FormatUCI(r.Score), r.Score)
	}
}

// Mate scores are stored relative to the node and read back relative to
// the root: a mate found at one depth is right at another.
func TestMateScoresThroughTheTable(t *testing.T) {
	for _, c := range []struct{ score, ply, stored int }{
		{Mate - 5, 3, Mate - 2}, {-(Mate - 5), 3, -(Mate - 2)}, {120, 7, 120}, {-MateInMax, 2, -MateInMax - 2},
	} {
		if got := toTT(c.score, c.ply); got != c.stored {
			t.Errorf("toTT(%d, %d) = %d, want %d", c.score, c.ply, got, c.stored)
		}
		if back := fromTT(c.stored, c.ply); back != c.score {
			t.Errorf("fromTT(%d, %d) = %d, want %d", c.stored, c.ply, back, c.score)
		}
	}
	if MateMoves(-(Mate-4)) != -2 || MateMoves(Mate-1) != 1 {
		t.Error("MateMoves")
	}
}

// With endgame tables the search plays the fastest mate they know, counts
// its table hits, and reports a winning score.
func TestEndgameTables(t *testing.T) {
	set := tablebase.NewSet()
	for _, name := range []string{"KRvK", "KQvK"} {
		sig, _ := tablebase.ParseSignature(name)
		set.Table(sig)
	}
	for _, fen := range []string{"8/8/8/4k3/8/8/8/KR6 w - - 0 1", "8/8/3k4/8/8/8/8/KQ6 w - - 0 1"} {
		pos := mustPos(t, fen)
		e := New(Options{Tables: set})
		var last Info
		r := e.Search(pos, Limits{Depth: 6}, func(i Info) { last = i })
		want, err := set.Probe(pos)
		if err != nil || want.WDL != 1 {
			t.Fatalf("%s: %+v %v", fen, want, err)
		}
		c := pos.Clone()
		c.MakeMove(r.Move)
		_, d, ok := set.DTM(c)
		if !ok || d != want.DTM-1 {
			t.Errorf("%s: %v leads to a mate in %d plies; the fastest is %d", fen, r.Move, d+1, want.DTM)
		}
		// A root the tables hold is reported as the mate it is, in every line.
		if r.Score != Mate-want.DTM || last.Score != r.Score || FormatUCI(last.Score) != fmt.Sprintf("mate %d", (want.DTM+1)/2) || last.TBHits == 0 {
			t.Errorf("%s: score %d (%s), last line %d, %d table hits; the tables say mate in %d plies", fen, r.Score, FormatUCI(r.Score), last.Score, last.TBHits, want.DTM)
		}
	}
	// Without tables the same search is the plain one.
	if New(Options{}).Search(mustPos(t, "8/8/8/4k3/8/8/8/KR6 w - - 0 1"), Limits{Depth: 6}, nil).Score >= TBWin-MaxPly {
		t.Error("a table score without tables")
	}
}

// Every range of scores as UCI text: centipawns, mates for either side,
// and a table verdict the search reached without its distance — 200 pawns
// less a centipawn per ply, as Stockfish sends it.
func TestScoresAsUCIText(t *testing.T) {
	for _, c := range []struct {
		score int
		want  string
	}{
		{0, "cp 0"}, {35, "cp 35"}, {-1234, "cp -1234"}, {MaxEval, fmt.Sprintf("cp %d", MaxEval)},
		{Mate - 1, "mate 1"}, {Mate - 2, "mate 1"}, {Mate - 3, "mate 2"}, {-(Mate - 2), "mate -1"}, {-(Mate - 4), "mate -2"},
		{MateInMax, fmt.Sprintf("mate %d", (MaxPly+1)/2)},
		{TBWin, "cp 20000"}, {TBWin - 7, "cp 19993"}, {-(TBWin - 3), "cp -19997"}, {-TBWin, "cp -20000"},
	} {
		if got := FormatUCI(c.score); got != c.want {
			t.Errorf("%d: %q, want %q", c.score, got, c.want)
		}
	}
}

// A table whose conversions lead to endings the set lacks is not used:
// with KPvK alone (no KQvK), its wins would outscore every promotion and
// the search would never promote. With the tables it needs, it is used.
func TestOpenTablesAreNotTrusted(t *testing.T) {
	full := tablebase.NewSet()
	kpk, _ := tablebase.ParseSignature("KPvK")
	full.Table(kpk) // KQvK and KRvK too
	set := tablebase.NewSet()
	kpkTable, _ := full.Loaded(kpk)
	set.Add(kpkTable)
	pos := mustPos(t, "8/P7/8/8/8/8/5k2/7K w - - 0 1")
	r := New(Options{Tables: set}).Search(pos, Limits{Depth: 6}, nil)
	if r.Move.String() != "a7a8q" || r.Score >= TBWin-MaxPly {
		t.Errorf("KPvK without KQvK: %v, score %d; want a7a8q with an evaluation's score", r.Move, r.Score)
	}
	for _, name := range []string{"KQvK", "KRvK"} {
		sig, _ := tablebase.ParseSignature(name)
		tb, _ := full.Loaded(sig)
		set.Add(tb)
	}
	if r := New(Options{Tables: set}).Search(pos, Limits{Depth: 6}, nil); r.Move.String() != "a7a8q" || r.Score < TBWin-MaxPly {
		t.Errorf("KPvK with KQvK and KRvK: %v, score %d; want a7a8q with a table's score", r.Move, r.Score)
	}
}

func TestScoreUnits(t *testing.T) {
	cases := []struct {
		score      int
		unit       string
		value      int
		uci        string
		tableScore int
	}{
		{35, "cp", 35, "cp 35", 0},
		{-MaxEval, "cp", -MaxEval, "cp -30872", 0},
		{TBWin - 7, "tb", 1, "cp 19993", 1},
		{-(TBWin - 12), "tb", -1, "cp -19988", -1},
		{Mate - 5, "mate", 3, "mate 3", 0},
		{-(Mate - 4), "mate", -2, "mate -2", 0},
	}
	for _, c := range cases {
		unit, v := ScoreUnit(c.score)
		if unit != c.unit || v != c.value || FormatUCI(c.score) != c.uci || TableVerdict(c.score) != c.tableScore {
			t.Errorf("%d: %s %d, UCI %q, verdict %d; want %s %d, %q, %d", c.score, unit, v, FormatUCI(c.score), TableVerdict(c.score), c.unit, c.value, c.uci, c.tableScore)
		}
	}
}

// The smallest budgets still search depth 1 whole: a move with its score
// and line, never a made-up first move.
func TestTinyNodeBudgetCompletesDepthOne(t *testing.T) {
	for _, nodes := range []uint64{1, 2, 10} {
		e := New(Options{HashMB: 1, Threads: 1})
		r := e.Search(mustPos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"), Limits{Nodes: nodes}, nil)
		if r.Depth < 1 || len(r.PV) == 0 || r.PV[0] != r.Move {
			t.Errorf("nodes %d: depth %d, move %v, pv %v", nodes, r.Depth, r.Move, r.PV)
		}
	}
	// Hanging a piece is what a made-up first move would do; depth 1 sees it.
	e := New(Options{HashMB: 1, Threads: 1})
	r := e.Search(mustPos(t, "4k3/8/8/3q4/8/8/3Q4/4K3 w - - 0 1"), Limits{Nodes: 1}, nil)
	if r.Move.String() != "d2d5" {
		t.Errorf("nodes 1: %v, want the free queen d2d5", r.Move)
	}
}

// TestNoLineGoesPastTheFiftyMoveRule: once a line reaches the hundredth
// half-move without a capture or a pawn move, the game is drawn there, and
// a principal variation must end (a match runner such as fastchess flags
// any move after it). The positions are from games where a capture in the
// quiescence search carried the line on: the pieces shuffle to
// the hundredth half-move, then one takes.
func TestNoLineGoesPastTheFiftyMoveRule(t *testing.T) {
	for _, fen := range []string{
		"1r6/8/5k2/K3n3/8/8/8/8 w - - 94 135",
		"8/8/1p1k2P1/1P2b3/5K2/8/B7/8 w - - 95 203",
		"8/7k/8/1r3pR1/5P2/5P2/8/5K2 w - - 93 145",
	} {
		e := New(Options{})
		var infos []Info
		e.Search(mustPos(t, fen), Limits{Depth: 9}, func(i Info) { infos = append(infos, i) })
		for _, i := range infos {
			p := mustPos(t, fen)
			for k, m := range i.PV {
				if p.HalfmoveClock() >= 100 {
					t.Errorf("%s, depth %d: the line %v goes on with %v after the fifty-move rule drew the game at its move %d",
						fen, i.Depth, board.UCIList(i.PV), m, k)
					break
				}
				p.MakeMove(m)
			}
		}
	}
}
