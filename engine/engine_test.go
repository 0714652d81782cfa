package engine

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/nnue"
)

func newEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func position(t *testing.T, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The facade searches exactly as the search it wraps, with the embedded
// net: node for node at a fixed depth.
func TestSearchesAsTheSearchDoes(t *testing.T) {
	e := newEngine(t)
	net, err := nnue.Default()
	if err != nil || e.Net() != net {
		t.Fatalf("the engine does not evaluate with the embedded net (%v)", err)
	}
	pos := position(t, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	got := searched(e, pos, search.Limits{Depth: 8}, nil)
	want := search.New(search.Options{Net: net, MoveOverhead: search.DefaultMoveOverhead}).Search(pos, search.Limits{Depth: 8}, nil)
	if got.Move != want.Move || got.Nodes != want.Nodes || got.Score != want.Score {
		t.Errorf("facade %v %d nodes %d cp, search %v %d nodes %d cp", got.Move, got.Nodes, got.Score, want.Move, want.Nodes, want.Score)
	}
	if got.Table != nil {
		t.Errorf("a verdict without tables: %+v", got.Table)
	}
}

func TestEvaluationChoices(t *testing.T) {
	e := newEngine(t)
	if err := e.UseNNUE(false); err != nil || e.Net() != nil {
		t.Fatalf("UseNNUE(false): %v, net %v", err, e.Net())
	}
	if err := e.UseNNUE(true); err != nil || e.Net() == nil {
		t.Fatalf("UseNNUE(true): %v", err)
	}
	before := e.Net()
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.nnue")
	os.WriteFile(junk, []byte("not a net"), 0o644)
	for _, bad := range []string{junk, filepath.Join(dir, "missing.nnue"), dir} {
		if err := e.LoadNet(bad); err == nil || !strings.Contains(err.Error(), filepath.Base(bad)) {
			t.Errorf("LoadNet(%s): %v", bad, err)
		}
		if e.Net() != before {
			t.Errorf("LoadNet(%s) failed but changed the net", bad)
		}
	}
	if e, err := New(Config{Classical: true}); err != nil || e.Net() != nil {
		t.Errorf("Config.Classical: net %v, %v", e.Net(), err)
	}
}

// A search of a position the tables hold answers with their verdict, and
// tables added from a file's contents are used at once.
func TestTablesGiveTheVerdict(t *testing.T) {
	sig, _ := tablebase.ParseSignature("KQvK")
	var file bytes.Buffer
	if _, err := tablebase.NewSet().Table(sig).WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	e := newEngine(t)
	pos := position(t, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1")
	if need := e.TablesNeeded(pos); !slices.Equal(need, []string{"KQvK"}) {
		t.Fatalf("TablesNeeded: %q", need)
	}
	if err := e.AddTable([]byte("not a table")); err == nil {
		t.Error("garbage accepted as a table")
	}
	if err := e.AddTable(file.Bytes()); err != nil {
		t.Fatal(err)
	}
	if need := e.TablesNeeded(pos); need != nil {
		t.Errorf("TablesNeeded after loading: %q", need)
	}
	r := searched(e, pos, search.Limits{Depth: 4}, nil)
	if r.Table == nil || r.Table.WDL != 1 || r.Table.DTM <= 0 || r.Table.DTM%2 != 1 {
		t.Errorf("verdict %+v, want a win in an odd number of plies", r.Table)
	}
	if _, err := ReadTables(map[string][]byte{"bad.ktb": []byte("x")}); err == nil || !strings.Contains(err.Error(), "bad.ktb") {
		t.Errorf("ReadTables of a damaged file: %v", err)
	}
	if _, _, err := OpenTables(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no table files") {
		t.Errorf("OpenTables of an empty directory: %v", err)
	}
	if _, err := e.LoadTables(""); err != nil || e.Tables() != nil || searched(e, pos, search.Limits{Depth: 2}, nil).Table != nil {
		t.Errorf("tables not turned off: %v", err)
	}
}

func TestModelAndLevelBounds(t *testing.T) {
	e := newEngine(t)
	if err := e.ReadModel([]byte("not a model")); err == nil || e.HasModel() {
		t.Errorf("garbage accepted as a model: %v", err)
	}
	sig, _ := tablebase.ParseSignature("KPvK")
	m := wdlnet.New(16, 4, wdlnet.Inputs{Threats: true}, 1)
	m.Tables = []tablebase.Signature{sig}
	if err := e.SetModel(m); err != nil || !e.HasModel() || e.Options().EndgameModel == nil {
		t.Fatalf("SetModel: %v", err)
	}
	for _, w := range []int{-1, MaxModelWeight + 1} {
		if err := e.SetModelWeight(w); err == nil {
			t.Errorf("model weight %d accepted", w)
		}
	}
	if err := e.SetModel(nil); err != nil || e.HasModel() || e.Options().EndgameModel != nil {
		t.Errorf("model not turned off: %v", err)
	}
	for _, elo := range []int{strength.MinElo - 1, strength.FullElo + 1} {
		if err := e.SetLevel(elo); err == nil {
			t.Errorf("level %d accepted", elo)
		}
	}
	if err := e.SetLevel(0); err != nil || e.Options().Strength != strength.ForElo(0) {
		t.Errorf("level 0: %v, %+v", err, e.Options().Strength)
	}
	e.SetFullStrength()
	if e.Options().Strength.Limited() {
		t.Error("SetFullStrength left the engine weakened")
	}
}

// A table size outside the range is refused and the table stays; the
// range is the one every front end declares.
func TestSetHashRange(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := HashRange()
	if lo != 1 || hi < 1024 {
		t.Fatalf("HashRange() = %d..%d", lo, hi)
	}
	for _, mb := range []int{0, -5, hi + 1} {
		if err := e.SetHash(mb); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("SetHash(%d): %v", mb, err)
		}
	}
	if got := e.Options().HashMB; got != 16 {
		t.Errorf("after refused sizes the table is %d MB, want the 16 it was", got)
	}
	if err := e.SetHash(2); err != nil || e.Options().HashMB != 2 {
		t.Errorf("SetHash(2): %v, %d MB", err, e.Options().HashMB)
	}
}

// searched is e's answer; e is the test's alone, so never busy.
func searched(e *Engine, pos *board.Position, lim search.Limits, report func(search.Info)) Result {
	r, err := e.Search(pos, lim, report)
	if err != nil {
		panic(err)
	}
	return r
}

// TestOneSearchAtATime: while a search runs, a second search and every
// change of settings or position are refused with ErrBusy and change
// nothing; once its result is delivered, all are taken again.
func TestOneSearchAtATime(t *testing.T) {
	e, err := New(Config{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	start := e.Position()
	ch, err := e.Start(start, search.Limits{Infinite: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := board.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	refused := map[string]error{
		"Start":           func() error { _, err := e.Start(start, search.Limits{Depth: 1}, nil); return err }(),
		"Go":              func() error { _, err := e.Go(search.Limits{Depth: 1}, nil); return err }(),
		"Search":          func() error { _, err := e.Search(start, search.Limits{Depth: 1}, nil); return err }(),
		"SetPosition":     e.SetPosition(other),
		"SetHash":         e.SetHash(2),
		"SetThreads":      e.SetThreads(2),
		"SetMultiPV":      e.SetMultiPV(3),
		"SetMoveOverhead": e.SetMoveOverhead(0),
		"SetLevel":        e.SetLevel(1500),
		"SetFullStrength": e.SetFullStrength(),
		"UseNNUE":         e.UseNNUE(false),
		"LoadNet":         e.LoadNet(""),
		"SetTables":       e.SetTables(nil),
		"SetModel":        e.SetModel(nil),
		"SetModelWeight":  e.SetModelWeight(10),
		"NewGame":         e.NewGame(),
		"ClearHash":       e.ClearHash(),
		"SeedStrength":    e.SeedStrength(7),
		"SetWorkers":      e.SetWorkers(2),
		"Join":            e.Join(nil),
		"SetParam":        e.SetParam("RFPMargin", 60),
		"SetOption":       e.SetOption("Hash", "4"),
		"AddTable":        e.AddTable(nil),
		"LoadTables":      func() error { _, err := e.LoadTables(""); return err }(),
	}
	for name, err := range refused {
		if !errors.Is(err, ErrBusy) {
			t.Errorf("%s during a search: %v, want ErrBusy", name, err)
		}
	}
	if e.Options().HashMB != 1 || e.Options().MultiPV != 1 || e.Net() == nil || e.Position().FEN() != board.StartFEN || e.Workers() != 1 || e.Options().Tuning != nil {
		t.Error("a refused change changed the engine")
	}
	e.Stop() // the infinite search answers only now
	if r := <-ch; r.Move == board.NullMove {
		t.Error("the stopped search gave no move")
	}
	if err := e.SetPosition(other); err != nil {
		t.Fatalf("SetPosition after the search: %v", err)
	}
	if err := e.SetHash(2); err != nil {
		t.Fatalf("SetHash after the search: %v", err)
	}
	// Go searches the position set: the new one, where only White's king and pawn can move.
	ch, err = e.Go(search.Limits{Depth: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := <-ch; !other.IsLegal(r.Move) {
		t.Errorf("Go after SetPosition: %v is not a move of the position set", r.Move)
	}
}

// TestAChangeIsOneStep: a search asked for while a change of settings is
// under way waits for it, so the change is neither refused half-way nor
// made under a running search: it is the search's. Twenty rounds, each
// giving the search's goroutine time to run first: without the wait, the
// search would start and the change be refused.
func TestAChangeIsOneStep(t *testing.T) {
	e, err := New(Config{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	for round := range 20 {
		multiPV := 2 + round%3
		done, err := e.idle()
		if err != nil {
			t.Fatal(err)
		}
		lines := make(chan int, 256)
		started := make(chan (<-chan Result), 1)
		go func() {
			ch, err := e.Start(e.Position(), search.Limits{Depth: 3}, func(i search.Info) { lines <- i.MultiPV })
			if err != nil {
				t.Error(err)
			}
			started <- ch
		}()
		for range 100 {
			runtime.Gosched()
		}
		if err := e.SetMultiPV(multiPV); err != nil {
			t.Fatalf("round %d: a change within a change, a search waiting: %v", round, err)
		}
		done()
		<-<-started
		close(lines)
		most := 0
		for n := range lines {
			most = max(most, n)
		}
		if most != multiPV {
			t.Fatalf("round %d: the search waiting for the change reported %d lines, want its %d", round, most, multiPV)
		}
	}
}
