package match

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
)

var testEngine, kibitz string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "match-test")
	if err != nil {
		panic(err)
	}
	testEngine, kibitz = filepath.Join(dir, "testengine"), filepath.Join(dir, "kibitz")
	for out, pkg := range map[string]string{testEngine: "./internal/testengine", kibitz: "../cmd/kibitz"} {
		if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			panic(string(b))
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func engine(name string, args ...string) EngineConfig {
	return EngineConfig{Name: name, Cmd: testEngine, Args: args}
}

func runMatch(t *testing.T, a, b EngineConfig, ref Referee, games int) (Summary, string) {
	t.Helper()
	var pgn bytes.Buffer
	sum, err := Run(Config{
		Engines: [2]EngineConfig{a, b}, Referee: ref, Games: games, Concurrency: 2,
		Openings: DefaultOpenings(), Seed: 7, PGN: &pgn, Tags: PGNTags{Event: "test", Site: "here", Date: time.Now()},
	})
	if err != nil {
		t.Fatal(err)
	}
	return sum, pgn.String()
}

func TestPGNIsValidAndColoursAlternate(t *testing.T) {
	ref := Referee{Limit: Limit{Depth: 1}, Timeout: 10 * time.Second, Adjudge: Adjudication{MaxMoves: 60}}
	sum, pgn := runMatch(t, engine("A"), engine("B"), ref, 4)
	if sum.Games() != 4 {
		t.Fatalf("%d games", sum.Games())
	}
	sc := chess.NewScanner(strings.NewReader(pgn))
	var games []*chess.Game
	for sc.Scan() {
		// notnil's scanner reports an empty game after the final blank
		// line of a file; only real games count.
		if g := sc.Next(); len(g.TagPairs()) > 0 || len(g.Moves()) > 0 {
			games = append(games, g)
		}
	}
	if err := sc.Err(); err != nil && err.Error() != "EOF" {
		t.Fatalf("PGN does not re-read: %v", err)
	}
	if len(games) != 4 {
		t.Fatalf("re-read %d games from PGN:\n%s", len(games), pgn)
	}
	for i, g := range games {
		for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Termination", "TimeControl", "FEN"} {
			if g.GetTagPair(tag) == nil {
				t.Errorf("game %d lacks tag %s", i+1, tag)
			}
		}
		if got, want := g.GetTagPair("Result").Value, sum.Results[i].Result; got != want {
			t.Errorf("game %d: PGN result %s, match result %s", i+1, got, want)
		}
		if len(g.Moves()) != sum.Results[i].Plies {
			t.Errorf("game %d: PGN has %d plies, game had %d", i+1, len(g.Moves()), sum.Results[i].Plies)
		}
	}
	// Pairs: same opening, colours swapped.
	for i := 0; i < 4; i += 2 {
		a, b := sum.Results[i], sum.Results[i+1]
		if a.White != b.Black || a.Black != b.White || a.StartFEN != b.StartFEN {
			t.Errorf("pair %d: %s-%s from %s, then %s-%s from %s", i/2+1, a.White, a.Black, a.StartFEN, b.White, b.Black, b.StartFEN)
		}
	}
	pairs := 0
	for _, n := range sum.Penta {
		pairs += n
	}
	if pairs != 2 {
		t.Errorf("pentanomial %v counts %d pairs, want 2", sum.Penta, pairs)
	}
}

func TestTimeLossIsDetected(t *testing.T) {
	// Margins a busy machine cannot eat: the fast engine answers at once
	// from a 3 s clock, the sleeper spends 2 s a move after its first.
	ref := Referee{Limit: Limit{Base: 3 * time.Second, Inc: 0}, Tolerance: 500 * time.Millisecond}
	sum, _ := runMatch(t, engine("fast"), engine("slow", "-mode", "sleep", "-sleep", "2s", "-after", "1"), ref, 2)
	if sum.TimeLosses[1] != 2 || sum.Wins != 2 {
		t.Errorf("time losses %v, W/D/L %d/%d/%d; want the sleeper to lose both on time", sum.TimeLosses, sum.Wins, sum.Draws, sum.Losses)
	}
}

func TestEngineWithItsOwnClock(t *testing.T) {
	// The match's clock would flag the sleeper (as above); its own does not.
	ref := Referee{Limit: Limit{Base: 3 * time.Second}, Tolerance: 500 * time.Millisecond, Adjudge: Adjudication{MaxMoves: 8}}
	slow := engine("slow", "-mode", "sleep", "-sleep", "1s", "-after", "1")
	slow.Limit = &Limit{Base: 60 * time.Second}
	sum, pgn := runMatch(t, engine("fast"), slow, ref, 2)
	if sum.TimeLosses != [2]int{} || sum.Draws != 2 {
		t.Errorf("time losses %v, W/D/L %d/%d/%d; want two games to the move limit", sum.TimeLosses, sum.Wins, sum.Draws, sum.Losses)
	}
	for _, tag := range []string{`[TimeControl "?"]`, `[WhiteTimeControl "60+0"]`, `[BlackTimeControl "3+0"]`, `[WhiteTimeControl "3+0"]`, `[BlackTimeControl "60+0"]`} {
		if !strings.Contains(pgn, tag) {
			t.Errorf("PGN lacks %s:\n%s", tag, pgn)
		}
	}
	// The clock record: the sleeper thinks at least 1 s on each move after
	// its first, on a clock of 60 s a game with no increment.
	if sum.Had[1] != 2*60*time.Second || sum.Had[0] != 2*3*time.Second {
		t.Errorf("clocks had %v, want [6s 2m0s]", sum.Had)
	}
	if sum.ClockMoves[0] == 0 || sum.ClockMoves[1] == 0 {
		t.Fatalf("moves on a clock %v", sum.ClockMoves)
	}
	if min := time.Duration(sum.ClockMoves[1]-2) * time.Second; sum.Thought[1] < min {
		t.Errorf("the sleeper thought %v over %d moves, want at least %v", sum.Thought[1], sum.ClockMoves[1], min)
	}
	// Each side's %clk after its moves: the sleeper's falls by at least a
	// second a move after its first, and never rises.
	for _, res := range sum.Results {
		sleeper := 1
		if res.White == "slow" {
			sleeper = 0
		}
		blackFirst := 0 // the mover of ply i is (i + blackFirst) % 2
		if f := strings.Fields(res.StartFEN); len(f) > 1 && f[1] == "b" {
			blackFirst = 1
		}
		var last time.Duration = -1
		for i, c := range res.Clocks {
			if (i+blackFirst)%2 != sleeper || c < 0 {
				continue
			}
			if last >= 0 && c > last-time.Second {
				t.Errorf("the sleeper's clock went %v → %v at ply %d", last, c, i)
			}
			last = c
		}
		if last < 0 {
			t.Errorf("no clock recorded for the sleeper: %v", res.Clocks)
		}
	}
	if !strings.Contains(pgn, "{[%clk 0:00:5") {
		t.Errorf("PGN lacks the sleeper's %%clk under a minute:\n%s", pgn)
	}
}

// Two Kibitz processes pondering on each other's time: every ponder
// search ends by ponderhit or stop, with no time loss or hang, and the
// expected reply comes often enough for both kinds of ending to be met
// (about two replies in three were expected here).
func TestPonderingMatch(t *testing.T) {
	ref := Referee{Limit: Limit{Base: 4 * time.Second, Inc: 50 * time.Millisecond}, Tolerance: time.Second,
		Adjudge: Adjudication{MaxMoves: 20}}
	a := EngineConfig{Name: "a", Cmd: kibitz, Ponder: true}
	b := EngineConfig{Name: "b", Cmd: kibitz, Ponder: true}
	sum, _ := runMatch(t, a, b, ref, 2)
	if sum.Games() != 2 || sum.TimeLosses != [2]int{} || sum.Crashes != [2]int{} || sum.Illegal != [2]int{} {
		t.Fatalf("%d games, time losses %v, crashes %v, illegal %v", sum.Games(), sum.TimeLosses, sum.Crashes, sum.Illegal)
	}
	for i := range 2 {
		if sum.PonderHits[i] == 0 || sum.PonderMisses[i] == 0 {
			t.Errorf("engine %d: %d ponder hits, %d misses; want both kinds", i, sum.PonderHits[i], sum.PonderMisses[i])
		}
	}
	t.Logf("ponder hits %v, misses %v", sum.PonderHits, sum.PonderMisses)
}

func TestHangIsDetected(t *testing.T) {
	ref := Referee{Limit: Limit{Nodes: 1000}, Timeout: 2 * time.Second}
	sum, _ := runMatch(t, engine("ok"), engine("hangs", "-mode", "sleep", "-sleep", "30s", "-after", "2"), ref, 2)
	if sum.Crashes[1] != 2 || sum.Wins != 2 {
		t.Errorf("crashes %v, W/D/L %d/%d/%d", sum.Crashes, sum.Wins, sum.Draws, sum.Losses)
	}
}

func TestIllegalMoveIsDetected(t *testing.T) {
	ref := Referee{Limit: Limit{Depth: 1}, Timeout: 5 * time.Second}
	sum, pgn := runMatch(t, engine("cheat", "-mode", "illegal", "-after", "3"), engine("ok"), ref, 2)
	if sum.Illegal[0] != 2 || sum.Losses != 2 {
		t.Errorf("illegal %v, W/D/L %d/%d/%d", sum.Illegal, sum.Wins, sum.Draws, sum.Losses)
	}
	if !strings.Contains(pgn, `[Termination "rules infraction"]`) {
		t.Error("PGN does not record the rules infraction")
	}
}

func TestCrashMidGameLosesAndEngineRestarts(t *testing.T) {
	ref := Referee{Limit: Limit{Depth: 1}, Timeout: 5 * time.Second}
	sum, _ := runMatch(t, engine("ok"), engine("crashes", "-mode", "crash", "-after", "4"), ref, 4)
	if sum.Crashes[1] != 4 || sum.Wins != 4 {
		t.Errorf("crashes %v, W/D/L %d/%d/%d", sum.Crashes, sum.Wins, sum.Draws, sum.Losses)
	}
}

func TestEngineThatNeverHandshakesIsAnError(t *testing.T) {
	if _, err := Start(engine("mute", "-mode", "mute"), 200*time.Millisecond); err == nil {
		t.Error("a mute engine started")
	}
	if _, err := Start(EngineConfig{Name: "missing", Cmd: "/nonexistent/engine"}, time.Second); err == nil {
		t.Error("a missing binary started")
	}
}

func TestKibitzBeatsRandomMover(t *testing.T) {
	ref := Referee{Limit: Limit{Nodes: 2000}, Timeout: 10 * time.Second, Adjudge: Adjudication{ResignMoves: 3, ResignScore: 1000}}
	k := EngineConfig{Name: "kibitz", Cmd: kibitz, Options: map[string]string{"Hash": "8"}}
	sum, _ := runMatch(t, k, engine("random"), ref, 4)
	if sum.Wins < 3 {
		t.Errorf("kibitz vs random: W/D/L %d/%d/%d", sum.Wins, sum.Draws, sum.Losses)
	}
}

func TestOpeningsFromFiles(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "o.pgn")
	os.WriteFile(pgn, []byte("[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n"), 0o644)
	ops, err := LoadOpenings(pgn, 5, 1)
	if err != nil || len(ops) != 2 {
		t.Fatalf("%v %v", ops, err)
	}
	for _, op := range ops {
		if len(op.Moves) != 3 && len(op.Moves) != 2 {
			t.Errorf("opening %+v", op)
		}
	}
	epd := filepath.Join(dir, "o.epd")
	os.WriteFile(epd, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5;\n"), 0o644)
	if ops, err := LoadOpenings(epd, 5, 1); err != nil || len(ops) != 1 {
		t.Errorf("%v %v", ops, err)
	}
	os.WriteFile(epd, []byte("not a position\n"), 0o644)
	if _, err := LoadOpenings(epd, 5, 1); err == nil {
		t.Error("bad EPD accepted")
	}
	if len(DefaultOpenings()) != 100 {
		t.Errorf("%d built-in openings", len(DefaultOpenings()))
	}
}

func TestMatchWithAnEngineThatCannotStart(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		_, err := Run(Config{
			Engines: [2]EngineConfig{engine("ok"), {Name: "missing", Cmd: "/nonexistent/engine"}},
			Referee: Referee{Limit: Limit{Depth: 1}, Timeout: time.Second},
			Games:   20, Concurrency: 2, Openings: DefaultOpenings(), Seed: 1,
		})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "missing") {
			t.Errorf("error %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the match did not end")
	}
}

// TestFloodingEngineCannotHangTheMatch: an engine that answers go with an
// endless stream of info lines loses on the time-out, and the match ends.
func TestFloodingEngineCannotHangTheMatch(t *testing.T) {
	done := make(chan Summary, 1)
	go func() {
		ref := Referee{Limit: Limit{Nodes: 1000}, Timeout: 2 * time.Second}
		sum, _ := runMatch(t, engine("ok"), engine("floods", "-mode", "flood", "-after", "2"), ref, 2)
		done <- sum
	}()
	select {
	case sum := <-done:
		if sum.Crashes[1] != 2 || sum.Wins != 2 {
			t.Errorf("crashes %v, W/D/L %d/%d/%d", sum.Crashes, sum.Wins, sum.Draws, sum.Losses)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the match hangs on a flooding engine")
	}
}

// TestFloodThroughAChildProcess is a flood after go with no bestmove from
// a child process that shares the engine's output (a script running
// "yes"), at depth 1 with a short timeout, against Kibitz: both games end
// within a few seconds of the timeout, the flooding engine loses both for
// not moving, Kibitz is never counted broken, and the match ends by
// itself. Killing the engine's process alone left the child flooding, and
// closing it waited for ever.
func TestFloodThroughAChildProcess(t *testing.T) {
	const timeout = 2 * time.Second
	done := make(chan Summary, 1)
	start := time.Now()
	go func() {
		ref := Referee{Limit: Limit{Depth: 1}, Timeout: timeout}
		sum, err := Run(Config{
			Engines: [2]EngineConfig{{Name: "kibitz", Cmd: kibitz}, engine("spam", "-mode", "floodchild")},
			Referee: ref, Games: 2, Concurrency: 1, Openings: DefaultOpenings(), Seed: 1,
		})
		if err != nil {
			t.Error(err)
		}
		done <- sum
	}()
	select {
	case sum := <-done:
		took := time.Since(start)
		t.Logf("2 games in %v", took)
		if sum.Wins != 2 || sum.Crashes[1] != 2 || sum.Crashes[0] != 0 {
			t.Errorf("W/D/L %d/%d/%d, crashes %v: want both games to Kibitz, spam's two hangs, none of Kibitz's", sum.Wins, sum.Draws, sum.Losses, sum.Crashes)
		}
		for _, r := range sum.Results {
			if !strings.Contains(r.Termination, "spam hung (no move in 2s)") {
				t.Errorf("game ended by %q", r.Termination)
			}
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the match hangs on an engine flooding through a child process")
	}
}

// TestCrashOnceCostsOneGame: the game after a crash is played with a
// restarted engine, not forfeited.
func TestCrashOnceCostsOneGame(t *testing.T) {
	state := filepath.Join(t.TempDir(), "crashed")
	ref := Referee{Limit: Limit{Depth: 1}, Timeout: 5 * time.Second, Adjudge: Adjudication{MaxMoves: 20}}
	var pgn bytes.Buffer
	sum, err := Run(Config{
		Engines: [2]EngineConfig{engine("ok"), engine("crashes-once", "-mode", "crashonce", "-after", "4", "-state", state)},
		Referee: ref, Games: 4, Concurrency: 1, Openings: DefaultOpenings(), Seed: 7, PGN: &pgn,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Crashes[1] != 1 {
		t.Errorf("%d crashes counted, want 1", sum.Crashes[1])
	}
	for i, r := range sum.Results[1:] {
		if strings.Contains(r.Termination, "crash") || strings.Contains(r.Termination, "ucinewgame") || r.Plies < 10 {
			t.Errorf("game %d after the crash: %s after %d plies", i+2, r.Termination, r.Plies)
		}
	}
}

// TestOverlongLineIsNotACrash: a 2 MB info line is read and dropped.
func TestOverlongLineIsNotACrash(t *testing.T) {
	ref := Referee{Limit: Limit{Depth: 1}, Timeout: 5 * time.Second, Adjudge: Adjudication{MaxMoves: 20}}
	sum, _ := runMatch(t, engine("ok"), engine("verbose", "-mode", "longline", "-after", "1"), ref, 2)
	if sum.Crashes[1] != 0 || sum.Aborted != 0 {
		t.Errorf("crashes %v, aborted %d: %+v", sum.Crashes, sum.Aborted, sum.Results)
	}
}

// A game from an opening with moves starts from the opening's position, and
// the engines are sent those moves: the record begins with them and every
// answer is legal.
func TestOpeningMovesArePlayedFirst(t *testing.T) {
	ref := Referee{Limit: Limit{Depth: 1}, Timeout: 10 * time.Second, Adjudge: Adjudication{MaxMoves: 10}}
	for _, op := range []Opening{
		{Moves: []string{"e2e4", "e7e5", "g1f3"}},
		{FEN: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", Moves: []string{"g8f6", "c2c4"}},
	} {
		var eng [2]*Process
		for i := range eng {
			e, err := Start(engine(string(rune('A'+i))), 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			eng[i] = e
		}
		res := ref.Play(eng[0], eng[1], op)
		wantStart := op.FEN
		if wantStart == "" {
			wantStart = chess.StartingPosition().String()
		}
		if res.StartFEN != wantStart || res.Forfeit != NoForfeit || res.Plies <= len(op.Moves) {
			t.Errorf("%v: start %q, forfeit %d (%s), %d plies", op, res.StartFEN, res.Forfeit, res.Termination, res.Plies)
		}
		fen, _ := chess.FEN(wantStart)
		g := chess.NewGame(fen)
		for i, mv := range op.Moves {
			m, err := chess.UCINotation{}.Decode(g.Position(), mv)
			if err != nil || g.Move(m) != nil {
				t.Fatal(err)
			}
			san := chess.AlgebraicNotation{}.Encode(g.Positions()[i], g.Moves()[i])
			if i >= len(res.SAN) || san != res.SAN[i] {
				t.Errorf("%v: ply %d is not the opening's %s (%v)", op, i+1, san, res.SAN)
			}
		}
	}
}

// closeOnWrite closes a channel at its first write: a stop requested as
// the first game is recorded.
type closeOnWrite struct {
	ch   chan struct{}
	once bool
}

func (c *closeOnWrite) Write(b []byte) (int, error) {
	if !c.once {
		c.once = true
		close(c.ch)
	}
	return len(b), nil
}

func TestStopEndsTheMatchAfterThePairInPlay(t *testing.T) {
	ref := Referee{Limit: Limit{Depth: 1}, Timeout: 5 * time.Second, Adjudge: Adjudication{MaxMoves: 20}}
	progress := &closeOnWrite{ch: make(chan struct{})}
	sum, err := Run(Config{
		Engines: [2]EngineConfig{engine("A"), engine("B")}, Referee: ref, Games: 8, Concurrency: 1,
		Openings: DefaultOpenings(), Seed: 7, Progress: progress, Stop: progress.ch,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Stopped || len(sum.Results) != 2 || sum.Games() != 2 {
		t.Errorf("stopped %v after %d games (%d counted), want the first pair only", sum.Stopped, len(sum.Results), sum.Games())
	}
	var out strings.Builder
	sum.Report(&out, [2]string{"A", "B"}, nil)
	if !strings.Contains(out.String(), "Stopped by request after 2 games") || !strings.Contains(out.String(), "Pentanomial") {
		t.Errorf("the report of a stopped match:\n%s", out.String())
	}
}
