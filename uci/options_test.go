package uci

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kibitz/engine"
	"kibitz/engine/search"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/nnue"
)

// The engine starts with the option defaults it announces, and a Move
// Overhead of 0 is 0 (not "the default").
// defaultSession is a session with the announced option defaults and an
// engine, without the command loop.
func defaultSession() *session {
	k, err := newKibitz(func(string) {})
	if err != nil {
		panic(err)
	}
	return &session{engine: k}
}

// facade is the engine behind a session of Kibitz.
func facade(s *session) *engine.Engine { return s.engine.(*kibitz).e }

func TestOptionDefaultsAndZeroOverhead(t *testing.T) {
	s := defaultSession()
	if o := facade(s).Options(); o.HashMB != 16 || o.Threads != 1 || o.MultiPV != 1 || o.MoveOverhead != search.DefaultMoveOverhead {
		t.Errorf("defaults: hash %d, threads %d, multipv %d, overhead %v", o.HashMB, o.Threads, o.MultiPV, o.MoveOverhead)
	}
	for _, v := range []string{"0", "250"} {
		if err := s.setOption(strings.Fields("name Move Overhead value " + v)); err != nil {
			t.Fatal(err)
		}
		if got := facade(s).Options().MoveOverhead.Milliseconds(); fmt.Sprint(got) != v {
			t.Errorf("Move Overhead %s: engine uses %d ms", v, got)
		}
	}
}

func TestNNUEOptions(t *testing.T) {
	c := start(t)
	score := func() string {
		c.send("ucinewgame", "position startpos moves e2e4 c7c5", "go depth 3")
		got := c.until("bestmove")
		assertLegal(t, "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", got[len(got)-1])
		f := strings.Fields(got[len(got)-2])
		for i := range f {
			if f[i] == "score" {
				return f[i+1] + " " + f[i+2]
			}
		}
		t.Fatalf("no score in %q", got[len(got)-2])
		return ""
	}
	embedded := score()
	path := t.TempDir() + "/biased.nnue"
	biased := nnue.RandomNet(64, 9)
	biased.OutBias[0] = 3000 * nnue.QA * int32(biased.QB) / nnue.Scale
	if err := os.WriteFile(path, biased.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	c.send("setoption name EvalFile value " + path)
	if errs := c.sync(); len(errs) != 0 {
		t.Fatalf("%q", errs)
	}
	loaded := score()
	c.send("setoption name UseNNUE value false")
	classical := score()
	c.send("setoption name UseNNUE value true")
	loadedAgain := score()
	c.send("setoption name EvalFile value <embedded>")
	embeddedAgain := score()
	cp := func(s string) int {
		var n int
		fmt.Sscanf(s, "cp %d", &n)
		return n
	}
	if d := cp(loaded) - cp(embedded); d < 500 && d > -500 {
		t.Errorf("the loaded net scores %s, the embedded one %s", loaded, embedded)
	}
	if d := cp(loaded) - cp(classical); d < 500 && d > -500 {
		t.Errorf("UseNNUE false scores %s, the loaded net %s", classical, loaded)
	}
	if loadedAgain != loaded || embeddedAgain != embedded || classical == embedded {
		t.Errorf("scores: embedded %s, loaded %s, classical %s, loaded again %s, embedded again %s",
			embedded, loaded, classical, loadedAgain, embeddedAgain)
	}
}

// TablePath loads endgame tables: the search then reports table hits and
// plays their moves; a directory without tables is refused.
func TestTablePath(t *testing.T) {
	dir := t.TempDir()
	set := tablebase.NewSet()
	sig, _ := tablebase.ParseSignature("KQvK")
	f, err := os.Create(filepath.Join(dir, "KQvK"+tablebase.FileExt))
	if err != nil {
		t.Fatal(err)
	}
	set.Table(sig).WriteTo(f)
	f.Close()
	c := start(t)
	c.send("setoption name TablePath value "+t.TempDir(), "setoption name TablePath value "+dir, "position fen 8/8/3k4/8/8/8/8/KQ6 w - - 0 1", "go depth 4")
	lines := c.until("bestmove")
	joined := strings.Join(lines, "\n")
	if !strings.Contains(joined, "error") || !strings.Contains(joined, "no table files") || !strings.Contains(joined, " tbhits ") {
		t.Errorf("output:\n%s", joined)
	}
	// KPvK without the tables its promotions lead to: loaded, said unused.
	full := tablebase.NewSet()
	kpk, _ := tablebase.ParseSignature("KPvK")
	f, err = os.Create(filepath.Join(dir, "KPvK"+tablebase.FileExt))
	if err != nil {
		t.Fatal(err)
	}
	full.Table(kpk).WriteTo(f)
	f.Close()
	c = start(t)
	c.send("setoption name TablePath value "+dir, "isready")
	if lines := c.until("readyok"); !slices.Contains(lines, "info string KPvK is not used in the search: it needs KRvK") {
		t.Errorf("TablePath with KPvK and KQvK only:\n%s", strings.Join(lines, "\n"))
	}
}

// EndgameModel loads a model of endings (kibitz tb study): the evaluation
// of its endings then moves with EndgameModelWeight; other files are
// refused with the reason.
func TestEndgameModel(t *testing.T) {
	dir := t.TempDir()
	sig, _ := tablebase.ParseSignature("KPvK")
	// An untrained model: its predictions are arbitrary but not level, so
	// its weight moves the score.
	m := wdlnet.New(16, 4, wdlnet.Inputs{Threats: true}, 1)
	m.Tables = []tablebase.Signature{sig}
	path := filepath.Join(dir, "kpk.kwdl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	m.WriteTo(f)
	f.Close()
	junk := filepath.Join(dir, "junk.kwdl")
	os.WriteFile(junk, []byte("not a model"), 0o644)

	scoreAt := func(weight int) string {
		c := start(t)
		c.send("setoption name EndgameModel value "+junk, "setoption name EndgameModel value "+path,
			fmt.Sprintf("setoption name EndgameModelWeight value %d", weight),
			"position fen 4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "go depth 1")
		lines := c.until("bestmove")
		joined := strings.Join(lines, "\n")
		if !strings.Contains(joined, "not a model file") {
			t.Errorf("a junk model file was not refused:\n%s", joined)
		}
		for _, l := range lines {
			if strings.HasPrefix(l, "info depth 1 ") {
				return strings.Fields(l[strings.Index(l, " score ")+7:])[1]
			}
		}
		t.Fatalf("no depth-1 line:\n%s", joined)
		return ""
	}
	if low, high := scoreAt(0), scoreAt(2000); low == high {
		t.Errorf("the depth-1 score is %s with the model weighing 0 and 2000", low)
	}
}
