package bridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"kibitz/engine"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
)

// Sessions in these tests yield with runtime.Gosched: under wasm there is
// no preemption, and the test goroutine must get to run.
func waitDone(t *testing.T, s *Session, l Request) (infos []map[string]any, done map[string]any) {
	t.Helper()
	ch := make(chan map[string]any, 1)
	if err := s.Search(l, func(m map[string]any) { infos = append(infos, m) }, func(m map[string]any) { ch <- m }); err != nil {
		t.Fatal(err)
	}
	select {
	case done = <-ch:
	case <-time.After(30 * time.Second):
		t.Fatal("search did not finish")
	}
	return infos, done
}

func TestSearchReportsEachDepth(t *testing.T) {
	s := New(8, runtime.Gosched)
	if err := s.SetPosition("", []string{"e2e4", "e7e5"}); err != nil {
		t.Fatal(err)
	}
	infos, done := waitDone(t, s, Request{Depth: 5})
	if len(infos) != 5 {
		t.Fatalf("%d infos, want 5", len(infos))
	}
	for i, info := range infos {
		if info["depth"] != i+1 || len(info["pv"].([]any)) == 0 {
			t.Errorf("info %d: %v", i, info)
		}
		if _, ok := info["score"].(map[string]any)["cp"]; !ok {
			t.Errorf("info %d: score %v", i, info["score"])
		}
	}
	if s.Check("", []string{"e2e4", "e7e5", done["bestmove"].(string)}) != nil || done["depth"] != 5 {
		t.Errorf("done: %v", done)
	}
}

func TestMateAndNoMove(t *testing.T) {
	s := New(8, runtime.Gosched)
	s.SetPosition("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", nil)
	_, done := waitDone(t, s, Request{Depth: 3})
	if done["bestmove"] != "a1a8" || done["score"].(map[string]any)["mate"] != 1 {
		t.Errorf("mate in 1: %v", done)
	}
	s.SetPosition("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", []string{"a1a8"})
	_, done = waitDone(t, s, Request{Depth: 3})
	if done["bestmove"] != "" {
		t.Errorf("checkmated side: %v", done)
	}
}

func TestStopAnswersQuickly(t *testing.T) {
	s := New(8, runtime.Gosched)
	ch := make(chan map[string]any, 1)
	if err := s.Search(Request{Depth: 60}, nil, func(m map[string]any) { ch <- m }); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPosition("", nil); err == nil || !strings.Contains(err.Error(), "search is running") {
		t.Errorf("position change during a search: %v", err)
	}
	time.Sleep(20 * time.Millisecond)
	s.Stop()
	select {
	case m := <-ch:
		if s.Check("", []string{m["bestmove"].(string)}) != nil {
			t.Errorf("bestmove after stop: %v", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("stop not answered")
	}
}

// An infinite search does not answer by itself, not even once it has
// searched to the deepest depth (a mate in one gets there at once); Stop
// makes it answer with the mate.
func TestInfiniteWaitsForStop(t *testing.T) {
	s := New(8, runtime.Gosched)
	if err := s.SetPosition("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", nil); err != nil {
		t.Fatal(err)
	}
	deepest := make(chan struct{})
	var once sync.Once
	done := make(chan map[string]any, 1)
	err := s.Search(Request{Infinite: true}, func(m map[string]any) {
		if m["depth"].(int) == search.MaxDepth {
			once.Do(func() { close(deepest) })
		}
	}, func(m map[string]any) { done <- m })
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-deepest:
	case m := <-done:
		t.Fatalf("an infinite search answered by itself: %v", m)
	case <-time.After(30 * time.Second):
		t.Fatal("the mate in one was not searched to the deepest depth")
	}
	select {
	case m := <-done:
		t.Fatalf("an infinite search answered after its last depth without a stop: %v", m)
	case <-time.After(50 * time.Millisecond):
	}
	s.Stop()
	select {
	case m := <-done:
		if m["bestmove"] != "a1a8" {
			t.Errorf("bestmove after stop: %v, want the mate a1a8", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("stop not answered")
	}
}

func TestBadRequests(t *testing.T) {
	s := New(8, runtime.Gosched)
	for _, l := range []Request{{Depth: -1}, {Depth: 1000}, {MoveTime: -5}, {Nodes: -1}, {MultiPV: engine.MaxMultiPV + 1}} {
		if err := s.Search(l, nil, nil); err == nil {
			t.Errorf("%+v accepted", l)
		}
	}
	if err := s.SetPosition("not a fen", nil); err == nil {
		t.Error("bad FEN accepted")
	}
	if err := s.SetPosition("", []string{"e2e4", "e2e4"}); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("illegal move: %v", err)
	}
	if tables, _ := s.Needs(); s.eng.Position().FEN() != board.StartFEN || tables != nil {
		t.Errorf("failed SetPosition changed the position: %s", s.eng.Position().FEN())
	}
	if err := s.SetHash(0); err == nil {
		t.Error("hash 0 accepted")
	}
}

func TestMultiPVLines(t *testing.T) {
	s := New(8, runtime.Gosched)
	infos, _ := waitDone(t, s, Request{Depth: 3, MultiPV: 3})
	if len(infos) != 9 || infos[8]["multipv"] != 3 {
		t.Errorf("%d infos; last %v", len(infos), infos[len(infos)-1])
	}
}

// The limits' edges: each bound is accepted at its value and refused one
// past it, one limit at a time (a clock goes with any), and a request
// without limits searches to engine.DefaultDepth.
func TestLimitsEdges(t *testing.T) {
	for _, c := range []struct {
		l  Request
		ok bool
	}{
		{Request{Depth: 0}, true}, {Request{Depth: 64}, true}, {Request{Depth: 65}, false}, {Request{Depth: 99}, false}, {Request{Depth: -1}, false},
		{Request{Depth: 5, Nodes: 100}, false}, {Request{Depth: 5, MoveTime: 100}, false}, {Request{Nodes: 5, MoveTime: 100}, false},
		{Request{Depth: 5, WTime: 1000, BTime: 1000}, true}, {Request{Nodes: 500, Elo: level(1200)}, true},
		{Request{MoveTime: 0}, true}, {Request{MoveTime: 3600_000}, true}, {Request{MoveTime: 3600_001}, false}, {Request{MoveTime: -1}, false},
		{Request{Nodes: 0}, true}, {Request{Nodes: -1}, false},
		{Request{MultiPV: 0}, true}, {Request{MultiPV: engine.MaxMultiPV}, true}, {Request{MultiPV: engine.MaxMultiPV + 1}, false}, {Request{MultiPV: -1}, false},
		{Request{WTime: 86400_000}, true}, {Request{WTime: 86400_001}, false}, {Request{BTime: -1}, false},
		{Request{WInc: -1}, false}, {Request{BInc: 86400_001}, false}, {Request{BInc: 86400_000}, true},
		{Request{Infinite: true}, true}, {Request{Infinite: true, MultiPV: 3}, true},
		{Request{Infinite: true, Depth: 5}, false}, {Request{Infinite: true, Nodes: 5}, false},
		{Request{Infinite: true, MoveTime: 5}, false}, {Request{Infinite: true, WTime: 5}, false},
		{Request{Infinite: true, Elo: level(1200)}, false},
	} {
		_, err := c.l.toSearch()
		if (err == nil) != c.ok {
			t.Errorf("%+v: error %v", c.l, err)
		}
	}
	if lim, _ := (Request{WTime: 1000, BTime: 2000, WInc: 10, BInc: 20}).toSearch(); lim.Depth != 0 ||
		lim.WTime != time.Second || lim.BTime != 2*time.Second || lim.WInc != 10*time.Millisecond || lim.BInc != 20*time.Millisecond {
		t.Errorf("clock: %+v, want the clocks and no depth", lim)
	}
	lim, _ := Request{}.toSearch()
	if lim.Depth != engine.DefaultDepth || lim.Nodes != 0 || lim.MoveTime != 0 {
		t.Errorf("no limits: %+v, want depth %d", lim, engine.DefaultDepth)
	}
	if lim, _ := (Request{Infinite: true}).toSearch(); !lim.Infinite || lim.Depth != 0 {
		t.Errorf("infinite: %+v, want no depth", lim)
	}
	if lim, _ := (Request{Nodes: 500}).toSearch(); lim.Depth != 0 || lim.Nodes != 500 {
		t.Errorf("nodes only: %+v", lim)
	}
	if lim, _ := (Request{MoveTime: 20}).toSearch(); lim.Depth != 0 || lim.MoveTime != 20*time.Millisecond {
		t.Errorf("movetime only: %+v", lim)
	}
}

// The page fetches the table a position needs; once loaded, results carry
// what the table says and the search plays its moves.
func TestEndgameTables(t *testing.T) {
	s := New(8, runtime.Gosched)
	if err := s.SetPosition("8/8/3k4/8/8/8/8/KQ6 w - - 0 1", nil); err != nil {
		t.Fatal(err)
	}
	if need, _ := s.Needs(); !slices.Equal(need, []string{"KQvK"}) {
		t.Fatalf("needed %q", need)
	}
	if err := s.LoadTable([]byte("not a table")); err == nil {
		t.Error("garbage loaded as a table")
	}
	sig, _ := tablebase.ParseSignature("KQvK")
	var buf bytes.Buffer
	tablebase.NewSet().Table(sig).WriteTo(&buf)
	if err := s.LoadTable(buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	if need, _ := s.Needs(); need != nil {
		t.Errorf("still needs %q", need)
	}
	infos, done := waitDone(t, s, Request{Depth: 4})
	tb, _ := done["tb"].(map[string]any)
	if tb == nil || tb["wdl"] != 1 || tb["dtm"].(int) < 1 || len(infos) == 0 || infos[0]["tb"] == nil {
		t.Errorf("done %v, first info %v", done, infos[0])
	}
}

// The endgame model is asked for once a game is down to five or six men,
// refused when damaged, and then moves the evaluation of its endings.
func TestEndgameModel(t *testing.T) {
	const krpkr = "8/8/3k4/8/3P4/2R5/6r1/3K4 w - - 0 1"
	s := New(8, runtime.Gosched)
	if _, model := s.Needs(); model {
		t.Error("the starting position asks for the endgame model")
	}
	if err := s.SetPosition(krpkr, nil); err != nil {
		t.Fatal(err)
	}
	if _, model := s.Needs(); !model {
		t.Fatal("a rook ending with a pawn does not ask for the endgame model")
	}
	_, without := waitDone(t, s, Request{Depth: 3})
	if err := s.LoadModel([]byte("not a model")); err == nil || !modelNeeded(s) {
		t.Errorf("garbage loaded as a model: %v", err)
	}
	sig, _ := tablebase.ParseSignature("KRPvKR")
	m := wdlnet.New(16, 8, wdlnet.Inputs{Threats: true, Shape: true}, 7)
	m.Tables = []tablebase.Signature{sig}
	for i := range m.B3 {
		m.B3[i] = float32(i) // a model sure of a win whatever it sees
	}
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadModel(buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	if modelNeeded(s) {
		t.Error("still asks for the model once loaded")
	}
	// A new game empties the hash table, whose stored evaluations would
	// otherwise stand in for the model's at the nodes searched before.
	if err := s.NewGame(); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPosition(krpkr, nil); err != nil {
		t.Fatal(err)
	}
	_, with := waitDone(t, s, Request{Depth: 3})
	if fmt.Sprint(with["score"]) == fmt.Sprint(without["score"]) {
		t.Errorf("the model did not move the score: %v without it, %v with it", without, with)
	}
}

func modelNeeded(s *Session) bool {
	_, model := s.Needs()
	return model
}

// Check judges a position without touching the session's.
func TestCheckHasNoSideEffect(t *testing.T) {
	s := New(8, runtime.Gosched)
	if err := s.SetPosition("", []string{"e2e4"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen   string
		moves []string
		ok    bool
	}{{"", nil, true}, {"startpos", []string{"d2d4", "d7d5"}, true}, {"8/8/8/4k3/8/8/8/KR6 w - - 0 1", nil, true},
		{"not a fen", nil, false}, {"", []string{"e2e5"}, false}, {"8/8/8/8/8/8/8/8 w - - 0 1", nil, false}} {
		if err := s.Check(c.fen, c.moves); (err == nil) != c.ok {
			t.Errorf("Check(%q, %v): %v", c.fen, c.moves, err)
		}
	}
	want := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	if got := s.eng.Position().FEN(); got != want {
		t.Errorf("the session's position became %s", got)
	}
}

func TestPlaysAtALevel(t *testing.T) {
	s := New(8, runtime.Gosched)
	weakest := strength.Levels[0].Elo
	_, done := waitDone(t, s, Request{Depth: 64, Elo: level(weakest)})
	if done["elo"] != weakest || done["depth"] != 1 || done["bestmove"] == "" {
		t.Errorf("at the weakest level: %v", done)
	}
	// Full strength again: no elo in the answer, the depth asked for.
	_, done = waitDone(t, s, Request{Depth: 4})
	if _, ok := done["elo"]; ok || done["depth"] != 4 {
		t.Errorf("back at full strength: %v", done)
	}
	for _, bad := range []int{strength.MinElo - 1, strength.FullElo + 1, -100000} {
		if err := s.Search(Request{Depth: 3, Elo: level(bad)}, nil, nil); err == nil || !strings.Contains(err.Error(), "elo") {
			t.Errorf("elo %d: %v", bad, err)
		}
	}
	// Elo 0 is a level like any other (the scale goes through 0), as in
	// the HTTP API and UCI_Elo: full strength is said by leaving elo out.
	_, done = waitDone(t, s, Request{Depth: 64, Elo: level(0)})
	if done["elo"] != 0 || s.eng.Options().Strength != strength.ForElo(0) {
		t.Errorf("at elo 0: %v, strength %+v", done, s.eng.Options().Strength)
	}
}

// level is an Elo to ask for.
func level(elo int) *int { return &elo }

func TestStrengthsForThePage(t *testing.T) {
	sc := Strengths()
	levels := sc["levels"].([]any)
	if len(levels) != len(strength.Levels) || levels[0] != strength.Levels[0].Elo || sc["full"] != strength.FullElo {
		t.Errorf("scale %v", sc)
	}
	if len(sc["depths"].([]any)) != len(strength.DepthElo) {
		t.Errorf("depths %v", sc["depths"])
	}
}

// A timed search keeps to the clock of the side to move: Black with one
// second left answers within that second although White has an hour.
func TestClockOfTheSideToMove(t *testing.T) {
	s := New(8, runtime.Gosched)
	if err := s.SetPosition("", []string{"e2e4"}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, done := waitDone(t, s, Request{WTime: 3600_000, BTime: 1000})
	// Black's clock plans under a second; White's hour would plan two
	// minutes (a thirtieth of it): a bound between the two, far from
	// either, tells which clock was read on any machine.
	took := time.Since(start)
	if took >= 30*time.Second {
		t.Errorf("Black with 1 s on its clock thought %v: White's clock was read", took)
	}
	t.Logf("Black with 1 s on its clock answered after %v", took)
	if s.Check("", []string{"e2e4", done["bestmove"].(string)}) != nil {
		t.Errorf("bestmove %v is not legal", done["bestmove"])
	}
}

// TestObjectIsTheJSON: the worker's objects and the HTTP API's JSON are
// one shape: Object gives what encoding/json gives, field for field.
func TestObjectIsTheJSON(t *testing.T) {
	elo := 0
	for _, v := range []any{
		engine.WireResult{BestMove: "e2e4", Score: engine.ScoreOf(35), Depth: 9, Nodes: 1 << 40, PV: []string{"e2e4", "e7e5"},
			Elo: &elo, TB: &engine.Verdict{WDL: 1, DTM: 17}},
		engine.WireResult{Score: engine.ScoreOf(0), PV: []string{}},
		engine.WireInfo{Depth: 3, MultiPV: 2, Score: engine.Score{"mate": -2}, Bound: "lower", PV: []string{"a1a8"}, WDL: [3]int{1, 2, 997}},
	} {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var want any
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if got := asJSONNumbers(Object(v)); !reflect.DeepEqual(got, want) {
			t.Errorf("Object:\n%v\nJSON:\n%v", got, want)
		}
	}
}

// asJSONNumbers is v with its ints as float64, as encoding/json reads them.
func asJSONNumbers(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = asJSONNumbers(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = asJSONNumbers(e)
		}
		return out
	}
	return v
}

// TestProtocolTypesAreTheWireTypes: the page's JSDoc types of the
// worker's answers (static/protocol.js) name exactly the fields of the
// Go types the bridge sends, optional where those may be left out.
func TestProtocolTypesAreTheWireTypes(t *testing.T) {
	src, err := os.ReadFile("../../static/protocol.js")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(src), "\n *", "")
	for name, v := range map[string]any{"SearchInfo": engine.WireInfo{}, "SearchResult": engine.WireResult{},
		"Evaluation": engine.WireEvaluation{}, "PieceValue": engine.WirePieceValue{}} {
		m := regexp.MustCompile(`@typedef \{\{([^}]*)\}\} ` + name + `\b`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("static/protocol.js has no typedef %s", name)
		}
		var js []string
		for _, f := range strings.Split(m[1], ",") {
			if field, _, ok := strings.Cut(strings.TrimSpace(f), ":"); ok {
				js = append(js, strings.TrimSpace(field))
			}
		}
		var gofields []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			tag, opts, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			if opts == "omitempty" {
				tag += "?"
			}
			gofields = append(gofields, tag)
		}
		slices.Sort(js)
		slices.Sort(gofields)
		if !slices.Equal(js, gofields) {
			t.Errorf("%s: the JSDoc names %v, the Go type %v", name, js, gofields)
		}
	}
}

// TestEvaluate: the static evaluation of a position given as FEN and moves,
// each piece's worth with it, and a clear error for a position the engine
// refuses; the session's own position is not touched.
func TestEvaluate(t *testing.T) {
	s := New(1, nil)
	// After 1.e4 e5 2.Qh5 Nc6 3.Qxf7+?? Kxf7 White, to move, has given its
	// queen for a pawn.
	ev, err := s.Evaluate("startpos", []string{"e2e4", "e7e5", "d1h5", "b8c6", "h5f7", "e8f7"})
	if err != nil {
		t.Fatal(err)
	}
	nnue, ok := ev["nnue"].(int)
	if !ok || nnue > -500 {
		t.Errorf("White to move a queen for a pawn down: nnue %v, want below -500", ev["nnue"])
	}
	if c := ev["classical"].(int); c > -500 {
		t.Errorf("classical %d, want below -500", c)
	}
	pieces := ev["pieces"].([]any)
	if len(pieces) != 28 { // 30 men, the kings left out
		t.Fatalf("%d piece values, want 28", len(pieces))
	}
	byKey := map[string]int{}
	for _, p := range pieces {
		m := p.(map[string]any)
		byKey[m["piece"].(string)+m["square"].(string)] = m["cp"].(int)
	}
	if v, ok := byKey["nc6"]; !ok || v > -100 {
		t.Errorf("the black knight on c6 is worth %d (found %v) from White's view, want a knight's worth below -100", v, ok)
	}
	if v, ok := byKey["Ng1"]; !ok || v < 100 {
		t.Errorf("the white knight on g1 is worth %d (found %v), want above 100", v, ok)
	}
	if _, err := s.Evaluate("8/8/8/8/8/8/8/8 w - - 0 1", nil); err == nil {
		t.Error("a board without kings was evaluated")
	}
	if _, err := s.Evaluate("startpos", []string{"e2e5"}); err == nil {
		t.Error("an illegal move was accepted")
	}
	if got := s.eng.Position().FEN(); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("the session's position changed to %s", got)
	}
}

// TestChess960FromItsFEN: a FEN whose castling rights only Chess960 reads
// is played under Chess960 — castling given as the king taking its rook,
// and the engine's answers legal there — while a standard game keeps its
// own notation.
func TestChess960FromItsFEN(t *testing.T) {
	const fen = "bbqnn1kr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Kk - 0 1"
	s := New(8, runtime.Gosched)
	if err := s.SetPosition(fen, []string{"e2e4", "e7e5", "g1h1"}); err != nil {
		t.Fatalf("castling as the king taking its rook: %v", err)
	}
	if err := s.Check(fen, []string{"e2e4", "e7e5", "g1g2"}); err == nil {
		t.Error("g1g2 (the pawn's square) taken as legal")
	}
	_, done := waitDone(t, s, Request{Depth: 6})
	if err := s.Check(fen, []string{"e2e4", "e7e5", "g1h1", done["bestmove"].(string)}); err != nil {
		t.Errorf("the engine's answer %v is not legal in the Chess960 game: %v", done["bestmove"], err)
	}
	if err := s.Check("", []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"}); err != nil {
		t.Errorf("standard castling e1g1: %v", err)
	}
}
