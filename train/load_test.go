package train

import (
	"path/filepath"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/train/corpus"
)

// TestDedupKeepsFirstOccurrence: with Filter.Dedup a position met again —
// in a copy of a game or by a transposition — is read once, with the labels
// of the game it first occurred in; without it every occurrence is read.
func TestDedupKeepsFirstOccurrence(t *testing.T) {
	games := [][]string{
		{"g1f3", "g8f6", "b1c3", "b8c6", "e2e4"}, // game 0
		{"g1f3", "g8f6", "b1c3", "b8c6", "e2e4"}, // game 1: game 0 again
		// game 2: the start and, by transposition, the position before
		// e2e4 are game 0's; the three between are new.
		{"b1c3", "b8c6", "g1f3", "g8f6", "d2d4"},
	}
	written := make([]corpus.Game, len(games))
	for i, moves := range games {
		g := &written[i]
		*g = corpus.Game{Index: uint64(i), Result: float64(i) / 2}
		p := board.NewPosition()
		for _, u := range moves {
			m, err := p.ParseMove(u)
			if err != nil {
				t.Fatal(err)
			}
			g.Plies = append(g.Plies, corpus.Ply{Move: m, Score: 10 * i})
			p.MakeMove(m)
		}
	}
	path := writeCorpus(t, "dups", "test=dedup", written)
	all, err := LoadCorpus([]string{path}, corpus.Selection{}, DefaultFilter, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 15 {
		t.Fatalf("without dedup: %d positions, want all 15", len(all))
	}
	once, err := LoadCorpus([]string{path}, corpus.Selection{}, Filter{Dedup: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(once) != 8 {
		t.Fatalf("with dedup: %d positions, want 8 (game 0's five and game 2's three new ones)", len(once))
	}
	for i, s := range once {
		fromGame0 := i < 5
		if fromGame0 != (s.Result == 0 && s.Score == 0) || !fromGame0 && (s.Result != 1 || s.Score != 20) {
			t.Errorf("position %d kept the labels score %d, result %g: not its first game's", i, s.Score, s.Result)
		}
	}
}

// TestGapFilter: with a searcher set, the filter keeps a position whose
// captures gain nothing and drops one with a queen to take, unless the
// margin allows the gain; a position in check has no gap and is dropped
// even where in-check positions are otherwise kept.
func TestGapFilter(t *testing.T) {
	s := search.New(search.Options{}) // the classical evaluation: no net needed
	quiet, _ := board.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	hanging, _ := board.ParseFEN("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")
	check, _ := board.ParseFEN("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")
	ply := corpus.Ply{Score: 10}
	for _, c := range []struct {
		name string
		f    Filter
		pos  *board.Position
		want bool
	}{
		{"quiet, gap 0", Filter{Gap: s}, quiet, true},
		{"queen hangs, gap 0", Filter{Gap: s}, hanging, false},
		{"queen hangs, gap 100", Filter{Gap: s, MaxGap: 100}, hanging, false},
		{"queen hangs, gap 2000", Filter{Gap: s, MaxGap: 2000}, hanging, true},
		{"queen hangs, no searcher", Filter{}, hanging, true},
		{"in check, kept by the rest", Filter{Gap: s, MaxGap: 2000, KeepInCheck: true}, check, false},
	} {
		if got := c.f.keep(c.pos, ply); got != c.want {
			t.Errorf("%s: keep %v, want %v", c.name, got, c.want)
		}
	}
}

// writeCorpus writes games into a new corpus file of the given name and
// header in a temporary folder and returns its path.
func writeCorpus(t *testing.T, name, meta string, games []corpus.Game) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+corpus.Ext)
	w, _, err := corpus.Append(path, meta)
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		if err := w.Write(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// roundAndRound writes a corpus of games of knights going out and back
// (plies each, every ply's score its number) and returns its path.
func roundAndRound(t *testing.T, games, plies int) string {
	t.Helper()
	moves := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	all := make([]corpus.Game, games)
	for i := range all {
		all[i] = corpus.Game{Index: uint64(i), Result: 0.5}
		p := board.NewPosition()
		for j := range plies {
			m, err := p.ParseMove(moves[j%len(moves)])
			if err != nil {
				t.Fatal(err)
			}
			all[i].Plies = append(all[i].Plies, corpus.Ply{Move: m, Score: j})
			p.MakeMove(m)
		}
	}
	return writeCorpus(t, "rounds", "test=rounds", all)
}

// TestOneInSamplesEachGame: Filter.OneIn keeps about one position in N of
// every game, the same ones on every read, each with its own labels.
func TestOneInSamplesEachGame(t *testing.T) {
	const games, plies = 60, 20
	path := roundAndRound(t, games, plies)
	type id struct {
		game  uint32
		score int16
	}
	read := func(f Filter) map[id]bool {
		samples, err := LoadCorpus([]string{path}, corpus.Selection{}, f, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := make(map[id]bool)
		for _, s := range samples {
			out[id{s.Game, s.Score}] = true
		}
		if len(out) != len(samples) {
			t.Fatalf("a position was read twice: %d samples, %d distinct", len(samples), len(out))
		}
		return out
	}
	all := read(DefaultFilter)
	if len(all) != games*plies {
		t.Fatalf("without a sample: %d positions, want %d", len(all), games*plies)
	}
	one := read(Filter{OneIn: 5})
	if n := len(one); n < games*plies/5/2 || n > games*plies/5*2 {
		t.Errorf("one in 5 kept %d of %d positions", n, len(all))
	}
	again := read(Filter{OneIn: 5})
	for k := range one {
		if !all[k] || !again[k] {
			t.Errorf("sampled position (game %x, ply %d): in the whole %v, in a second read %v", k.game, k.score, all[k], again[k])
		}
	}
	if len(again) != len(one) {
		t.Errorf("a second read kept %d positions, the first %d", len(again), len(one))
	}
	perGame := make(map[uint32]int)
	for k := range one {
		perGame[k.game]++
	}
	if len(perGame) < games*3/4 {
		t.Errorf("one in 5 kept positions of only %d of %d games", len(perGame), games)
	}
}

// TestLoadCorpusAcrossBlocks: samples gathered in blocks of a few come out
// as one slice in corpus order, the same as in one block, and a limit that
// falls inside a block stops there.
func TestLoadCorpusAcrossBlocks(t *testing.T) {
	path := roundAndRound(t, 7, 20)
	whole, err := LoadCorpus([]string{path}, corpus.Selection{}, DefaultFilter, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func(b int) { loadBlock = b }(loadBlock)
	loadBlock = 3
	for _, limit := range []int{0, 1, 3, 10, 139, 140, 1000} {
		got, err := LoadCorpus([]string{path}, corpus.Selection{}, DefaultFilter, limit)
		if err != nil {
			t.Fatal(err)
		}
		want := whole
		if limit > 0 && limit < len(whole) {
			want = whole[:limit]
		}
		if len(got) != len(want) {
			t.Fatalf("limit %d in blocks of 3: %d samples, want %d", limit, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("limit %d in blocks of 3: sample %d differs", limit, i)
			}
		}
	}
}
