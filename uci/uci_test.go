package uci

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kibitz/engine/board"
)

// conversation drives Run through pipes, line by line.
type conversation struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan struct{}
}

func start(t *testing.T) *conversation { t.Helper(); return startWith(t, Config{}) }

func startWith(t *testing.T, cfg Config) *conversation {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &conversation{t: t, in: inW, lines: make(chan string, 10000), done: make(chan struct{})}
	go func() {
		RunWith(inR, outW, cfg)
		outW.Close()
		close(c.done)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		c.in.Close()
		<-c.done
	})
	return c
}

func (c *conversation) send(cmds ...string) {
	for _, s := range cmds {
		if _, err := io.WriteString(c.in, s+"\n"); err != nil {
			c.t.Fatal(err)
		}
	}
}

// until collects lines up to and including the first one starting with
// prefix.
func (c *conversation) until(prefix string) []string {
	c.t.Helper()
	var got []string
	timeout := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("output ended waiting for %q; got %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			c.t.Fatalf("timed out waiting for %q; got %q", prefix, got)
		}
	}
}

// sync sends isready and returns everything printed before readyok.
func (c *conversation) sync() []string {
	c.send("isready")
	got := c.until("readyok")
	return got[:len(got)-1]
}

func TestHandshakeAndOptions(t *testing.T) {
	c := start(t)
	c.send("uci")
	got := c.until("uciok")
	joined := strings.Join(got, "\n")
	for _, want := range []string{"id name Kibitz", "option name Hash type spin", "option name Threads type spin",
		"option name MultiPV type spin", "option name Move Overhead type spin", "option name Clear Hash type button",
		"option name UseNNUE type check default true", "option name EvalFile type string default <embedded>"} {
		if !strings.Contains(joined, want) {
			t.Errorf("uci output lacks %q:\n%s", want, joined)
		}
	}
	c.send("setoption name Hash value 32", "setoption name Move Overhead value 100", "setoption name Clear Hash",
		"setoption name multipv value 2")
	if errs := c.sync(); len(errs) != 0 {
		t.Errorf("valid options answered with %q", errs)
	}
}

func TestBestmoveIsLegal(t *testing.T) {
	c := start(t)
	c.send("position startpos moves e2e4 e7e5 g1f3", "go depth 6")
	got := c.until("bestmove")
	if !strings.HasPrefix(got[len(got)-2], "info depth 6 ") {
		t.Errorf("last info before bestmove: %q", got[len(got)-2])
	}
	assertLegal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", got[len(got)-1])
}

func assertLegal(t *testing.T, fen, line string) {
	t.Helper()
	f := strings.Fields(line)
	p, _ := board.ParseFEN(fen)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("not a bestmove line: %q", line)
	}
	if _, err := p.ParseMove(f[1]); err != nil {
		t.Errorf("%q: %v", line, err)
	}
	if len(f) == 4 && f[2] != "ponder" {
		t.Errorf("%q: malformed ponder", line)
	}
}

func TestImmediateStop(t *testing.T) {
	c := start(t)
	c.send("position startpos", "go infinite", "stop")
	got := c.until("bestmove")
	assertLegal(t, board.StartFEN, got[len(got)-1])
}

func TestStopAnswersInfiniteSearch(t *testing.T) {
	c := start(t)
	c.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go infinite")
	time.Sleep(100 * time.Millisecond)
	c.send("stop")
	got := c.until("bestmove")
	assertLegal(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", got[len(got)-1])
	// A clock search, and a check with two king moves as the only answers.
	c.send("position fen 6rk/8/8/8/8/8/8/R5K1 w - - 0 1", "go wtime 1000 btime 1000 winc 10 binc 10")
	got = c.until("bestmove")
	assertLegal(t, "6rk/8/8/8/8/8/8/R5K1 w - - 0 1", got[len(got)-1])
	c.send("position fen 7k/8/5Q2/8/8/8/8/6K1 b - - 0 1", "go wtime 1000 btime 1000")
	got = c.until("bestmove")
	if l := got[len(got)-1]; !strings.HasPrefix(l, "bestmove h8h7") && !strings.HasPrefix(l, "bestmove h8g8") {
		t.Errorf("single legal move: %q", got[len(got)-1])
	}
}

func TestBadInputKeepsEngineUsable(t *testing.T) {
	c := start(t)
	c.send("position startpos moves e2e4")
	bad := []struct{ cmd, want string }{
		{"flurb", "unknown command"},
		{"position startpos moves e2e4 e2e4", "illegal move"},
		{"position startpos moves e9e4", "not a square"},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -- 0 1", "invalid FEN"},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "0 kings"},
		{"position fen", "invalid FEN"},
		{"position sideways", "want startpos or fen"},
		{"position", "needs startpos or fen"},
		{"setoption name Hash value 0", "Hash"},
		{"setoption name Hash value 99999999", "Hash"},
		{"setoption name Threads value x", "Threads"},
		{"setoption name Nonsense value 1", "unknown option"},
		{"setoption Hash 3", "setoption"},
		{"setoption name UseNNUE value maybe", "not true or false"},
		{"setoption name EvalFile value /nonexistent.nnue", "no such file"},
		{"setoption name EvalFile value uci_test.go", "bad network file"},
		{"ponderhit", "no search is pondering"},
	}
	for _, b := range bad {
		c.send(b.cmd)
		got := c.sync()
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") || !strings.Contains(got[0], b.want) {
			t.Errorf("%q answered %q, want an info string error mentioning %q", b.cmd, got, b.want)
		}
	}
	// After a refused position go plays no move (the GUI meant another
	// position); the next accepted position is searched again.
	c.send("go depth 3")
	if got := c.until("bestmove"); len(got) != 2 || !strings.Contains(got[0], "the last position was refused") || got[1] != "bestmove 0000" {
		t.Errorf("go after a refused position answered %q", got)
	}
	c.send("position startpos moves e2e4")
	// A bad go is reported and still answered, from the position as it was.
	badGo := []struct{ cmd, want string }{
		{"go depth banana", "not an integer"},
		{"go depth -3", "out of range"},
		{"go depth", "missing value"},
		{"go wibble 3", "unknown parameter"},
		{"go searchmoves e2e4", "illegal move"},
		{"go nodes -5", "out of range"},
	}
	for _, b := range badGo {
		c.send(b.cmd)
		got := c.until("bestmove")
		if !strings.HasPrefix(got[0], "info string error: ") || !strings.Contains(got[0], b.want) {
			t.Errorf("%q answered %q, want an info string error mentioning %q first", b.cmd, got, b.want)
		}
		assertLegal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", got[len(got)-1])
	}
	c.send("go perft 0")
	if got := c.sync(); len(got) != 1 || !strings.Contains(got[0], "go perft") {
		t.Errorf("go perft 0 answered %q", got)
	}
	// The position is still 1. e4: Black is to move.
	c.send("go depth 3")
	got := c.until("bestmove")
	assertLegal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", got[len(got)-1])
	// A line too long is rejected and the loop goes on.
	c.send(strings.Repeat("x", maxLine+10))
	if got := c.sync(); len(got) != 1 || !strings.Contains(got[0], "longer than") {
		t.Errorf("long line answered %q", got)
	}
}

func TestGoPerftDividesLikeTheCLI(t *testing.T) {
	c := start(t)
	c.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go perft 2")
	got := c.until("Nodes searched")
	if got[len(got)-1] != "Nodes searched: 2039" || len(got) != 48+2 {
		t.Errorf("go perft 2: %d lines, last %q", len(got), got[len(got)-1])
	}
}

func TestMultiPVAndMateInfo(t *testing.T) {
	c := start(t)
	c.send("setoption name MultiPV value 3", "position startpos", "go depth 4")
	got := c.until("bestmove")
	lines := map[string]bool{}
	for _, l := range got {
		if strings.HasPrefix(l, "info depth 4 ") {
			f := strings.Fields(l)
			lines[f[6]] = true // "multipv N"
		}
	}
	if len(lines) != 3 {
		t.Errorf("depth-4 lines by multipv: %v", lines)
	}
	c.send("setoption name MultiPV value 1", "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go mate 1")
	got = c.until("bestmove")
	if !strings.Contains(got[len(got)-2], "score mate 1 ") || got[len(got)-1] != "bestmove a1a8" {
		t.Errorf("go mate 1: %q", got[len(got)-2:])
	}
}

func TestQuitDuringSearch(t *testing.T) {
	c := start(t)
	c.send("go infinite", "quit")
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("quit did not end the loop")
	}
}

// TestPositionRightAfterBestmove is what a match runner does: answer each
// bestmove at once with the next position and go. Every answer must be
// legal in the position just sent (a race here once made the engine
// search the previous position).
func TestPositionRightAfterBestmove(t *testing.T) {
	c := start(t)
	p := board.NewPosition()
	var moves []string
	for i := 0; i < 300; i++ {
		var l board.MoveList
		p.GenerateMoves(&l, board.GenAll)
		if l.N == 0 || p.HalfmoveClock() >= 100 {
			p, moves = board.NewPosition(), nil
		}
		cmd := "position startpos"
		if len(moves) > 0 {
			cmd += " moves " + strings.Join(moves, " ")
		}
		c.send(cmd, "go nodes 50")
		got := c.until("bestmove")
		for _, l := range got {
			if strings.HasPrefix(l, "info string error") {
				t.Fatalf("ply %d: %s", i, l)
			}
		}
		f := strings.Fields(got[len(got)-1])
		m, err := p.ParseMove(f[1])
		if err != nil {
			t.Fatalf("ply %d: %v", i, err)
		}
		p.MakeMove(m)
		moves = append(moves, f[1])
	}
}

// TestGoPerftDoesNotBlockTheLoop: isready, stop and quit are answered while
// go perft counts.
func TestGoPerftDoesNotBlockTheLoop(t *testing.T) {
	c := start(t)
	c.send("go perft 8")
	// perft 8 takes hours: readyok before its total shows that the loop
	// answered while it counted.
	if got := c.sync(); len(got) > 20 || strings.Contains(strings.Join(got, "\n"), "Nodes searched") {
		t.Fatalf("isready during go perft 8: %q", got)
	}
	c.send("stop")
	got := c.until("info string go perft stopped")
	if strings.Contains(strings.Join(got, "\n"), "Nodes searched") {
		t.Errorf("a stopped perft printed a total: %q", got)
	}
	c.send("go depth 2")
	got = c.until("bestmove")
	assertLegal(t, board.StartFEN, got[len(got)-1])
	c.send("go perft 9", "quit")
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("quit during go perft did not end the loop")
	}
}

// TestFallenFlagStillMoves: a clock at or below zero means move now.
func TestFallenFlagStillMoves(t *testing.T) {
	c := start(t)
	// The clock that fell is read as 1 ms left (move now), not as no
	// clock; a search without end would trip until's guard.
	for _, cmd := range []string{"go wtime -1000 btime -1000", "go wtime 0 btime 5000", "go btime -5 wtime -5 winc 0"} {
		if l, err := parseLimits(strings.Fields(cmd)[1:], board.NewPosition()); err != nil || l.WTime != time.Millisecond {
			t.Errorf("%q: White's clock %v (%v), want 1ms", cmd, l.WTime, err)
		}
		begin := time.Now()
		c.send(cmd)
		got := c.until("bestmove")
		assertLegal(t, board.StartFEN, got[len(got)-1])
		t.Logf("%q: bestmove after %v", cmd, time.Since(begin))
	}
}

// TestQuitAnswersEveryGo: a go queued behind a running search when quit
// arrives still gets its bestmove (the running one is stopped, the queued
// one searched and stopped at once), and the loop ends.
func TestQuitAnswersEveryGo(t *testing.T) {
	c := start(t)
	c.send("go infinite")
	c.until("info depth 1 ") // the first search runs
	c.send("position startpos moves e2e4", "go depth 3", "quit")
	var bestmoves []string
	for l := range c.lines {
		if strings.HasPrefix(l, "bestmove ") {
			bestmoves = append(bestmoves, l)
		}
	}
	<-c.done
	if len(bestmoves) != 2 {
		t.Fatalf("bestmoves after quit: %q, want one for each go", bestmoves)
	}
	assertLegal(t, board.StartFEN, bestmoves[0])
	assertLegal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", bestmoves[1])
}

// TestCommandsDuringASearchAreQueued: position and go sent while a search
// runs take effect, in order, once it ends — no error, no stale answer.
func TestCommandsDuringASearchAreQueued(t *testing.T) {
	c := start(t)
	c.send("position startpos", "go movetime 300", "position startpos moves e2e4", "go depth 3",
		"setoption name MultiPV value 2", "position startpos moves e2e4 e7e5", "go depth 3")
	want := []string{board.StartFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"}
	for i, fen := range want {
		got := c.until("bestmove")
		for _, l := range got {
			if strings.HasPrefix(l, "info string error") {
				t.Errorf("search %d: %s", i+1, l)
			}
		}
		assertLegal(t, fen, got[len(got)-1])
		if i == 2 && !strings.Contains(strings.Join(got, "\n"), " multipv 2 ") {
			t.Error("the queued setoption MultiPV 2 was not applied before the last search")
		}
	}
	// A go infinite waits for stop; a second go behind it runs after stop.
	c.send("go infinite", "go depth 1", "stop")
	c.until("bestmove")
	got := c.until("bestmove")
	assertLegal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", got[len(got)-1])
}

// FuzzSession runs whole command sequences: the loop must end at the end
// of input, answer only in UCI's words, and never give more bestmoves than
// it was sent go commands. Searches are kept small (every go gets a node
// limit) and the options that allocate are left out.
func FuzzSession(f *testing.F) {
	f.Add("uci\nisready\nposition startpos moves e2e4\ngo depth 3\nstop\n")
	f.Add("go infinite\nposition fen 8/8/8/8/8/8/8/K6k w - - 0 1\ngo\nstop\nsetoption name MultiPV value 3\ngo depth 2\n")
	f.Add("position fen kQ6/8/8/8/8/8/8/K7 w - - 0 1\ngo depth banana\nucinewgame\nd\ngo wtime -5 btime -5\n")
	f.Add("eval\nd\ngo ponder\nponderhit\nsetoption name UseNNUE value false\ngo searchmoves e2e4 d2d4\nisready\n")
	f.Fuzz(func(t *testing.T, script string) {
		var in strings.Builder
		gos := 0
		for _, line := range strings.Split(script, "\n") {
			if strings.Contains(line, "perft") || strings.Contains(line, "Hash") || strings.Contains(line, "Threads") || strings.Contains(line, "EvalFile") {
				continue
			}
			if f := strings.Fields(line); len(f) > 0 && f[0] == "go" {
				line += " nodes 300"
				gos++
			}
			in.WriteString(line + "\n")
		}
		var out strings.Builder
		done := make(chan struct{})
		go func() {
			Run(strings.NewReader(in.String()), &out)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("the session did not end on %q", in.String())
		}
		bestmoves := 0
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			w := strings.Fields(l)
			if len(w) == 0 {
				continue
			}
			switch {
			case w[0] == "bestmove":
				bestmoves++
			case oneOf(w[0], "id", "option", "uciok", "readyok", "info", "Key:", "Checkers:", "Nodes", "Time:", "Nodes/second:"):
			case oneOf(w[0], "NNUE:", "NNUE", "Classical", "|") || strings.HasPrefix(w[0], "+-"): // eval's lines
			case len(w[0]) == 1 && w[0] >= "1" && w[0] <= "8", w[0] == "a": // the board drawn by d
			case len(w) == 6: // the FEN under it
				if _, err := board.ParseFEN(l); err != nil {
					t.Errorf("d printed %q: %v", l, err)
				}
			default:
				t.Errorf("unexpected output line %q", l)
			}
		}
		if bestmoves > gos {
			t.Errorf("%d bestmoves for %d go commands", bestmoves, gos)
		}
	})
}

func oneOf(s string, words ...string) bool {
	for _, w := range words {
		if s == w {
			return true
		}
	}
	return false
}

// TestStoppedSearchReportsItsTotals: a search cut off inside an iteration
// (here by its node limit, exact with one thread) ends with an info line
// that counts every node searched, not only the completed iterations'.
func TestStoppedSearchReportsItsTotals(t *testing.T) {
	c := start(t)
	c.send("position startpos moves e2e4 c7c5", "go nodes 20000")
	got := c.until("bestmove")
	if len(got) < 3 {
		t.Fatalf("no info lines: %q", got)
	}
	last := got[len(got)-2]
	if !strings.HasPrefix(last, "info nodes 20000 nps ") || !strings.Contains(last, " time ") {
		t.Errorf("the line before bestmove does not give the search's 20000 nodes: %q", last)
	}
	prev := strings.Fields(got[len(got)-3])
	for i, f := range prev {
		if f == "nodes" && i+1 < len(prev) && prev[i+1] == "20000" {
			t.Errorf("the last iteration's line already had every node, yet totals followed: %q", got[len(got)-3:])
		}
	}
}

// What GUIs and tools send that Stockfish accepts: a fullmove number of 0,
// a promotion in capitals, movestogo 0 (no moves to go given).
func TestLenientInput(t *testing.T) {
	c := start(t)
	c.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 0 moves a7a8Q", "d")
	got := c.sync()
	if len(got) == 0 || strings.HasPrefix(got[0], "info string error") || !strings.Contains(strings.Join(got, "\n"), "Q") {
		t.Errorf("fullmove 0 and a7a8Q: %q", got)
	}
	c.send("position startpos", "go wtime 1000 btime 1000 movestogo 0")
	got = c.until("bestmove")
	if strings.HasPrefix(got[0], "info string error") {
		t.Errorf("movestogo 0: %q", got)
	}
	assertLegal(t, board.StartFEN, got[len(got)-1])
}

// Checkmate and stalemate: no search, a line with the result, and
// bestmove (none), as Stockfish answers.
func TestNoLegalMove(t *testing.T) {
	c := start(t)
	for _, p := range []struct{ fen, score string }{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 score mate 0"},
		{"7k/8/6Q1/8/8/8/8/6K1 b - - 0 1", "info depth 0 score cp 0"},
	} {
		c.send("position fen "+p.fen, "go depth 5")
		if got := c.until("bestmove"); len(got) != 2 || got[0] != p.score || got[1] != "bestmove (none)" {
			t.Errorf("%s: %q", p.fen, got)
		}
	}
}

// go movetime 0 answers by itself (at depth 1), as "move now" should.
func TestMovetimeZeroAnswers(t *testing.T) {
	c := start(t)
	c.send("position startpos", "go movetime 0")
	got := c.until("bestmove")
	assertLegal(t, board.StartFEN, got[len(got)-1])
}

// d shows the board, the FEN, the key and the pieces giving check.
func TestDescribe(t *testing.T) {
	c := start(t)
	c.send("position fen 4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1", "d")
	out := strings.Join(c.sync(), "\n")
	for _, want := range []string{"4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1", "Key: ", "Checkers: e1 b5", "   a b c d e f g h"} {
		if !strings.Contains(out, want) {
			t.Errorf("d lacks %q:\n%s", want, out)
		}
	}
	c.send("position startpos", "d")
	if out := strings.Join(c.sync(), "\n"); !strings.Contains(out, "Checkers: \n") && !strings.HasSuffix(out, "Checkers: ") {
		t.Errorf("d at the start lists checkers:\n%s", out)
	}
}

// eval shows each piece's worth under the board and the net's verdict;
// with the net off, the classical evaluation.
func TestEvalCommand(t *testing.T) {
	c := start(t)
	c.send("position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "eval")
	got := c.sync()
	out := strings.Join(got, "\n")
	if !strings.Contains(out, "NNUE evaluation: +") || !strings.Contains(out, "|   Q   |") {
		t.Fatalf("eval:\n%s", out)
	}
	// The queen's row: its worth, positive and above a rook's.
	for i, l := range got {
		if strings.Contains(l, "|   Q   |") {
			f := strings.Fields(strings.ReplaceAll(got[i+1], "|", " "))
			worth, err := strconv.ParseFloat(strings.Join(f, ""), 64)
			if len(f) != 1 || !strings.HasPrefix(f[0], "+") || err != nil || worth <= 5 {
				t.Errorf("the queen's worth: %q, want a number of pawns above a rook's 5", got[i+1])
			}
		}
	}
	c.send("setoption name UseNNUE value false", "eval")
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "Classical evaluation: +") {
		t.Errorf("eval without the net: %q", got)
	}
}

// UCI_ShowWDL adds win/draw/loss per mille to every info line, adding up
// to 1000; without it there is none.
func TestShowWDL(t *testing.T) {
	c := start(t)
	c.send("position startpos", "go depth 3")
	for _, l := range c.until("bestmove") {
		if strings.Contains(l, " wdl ") {
			t.Fatalf("wdl without UCI_ShowWDL: %q", l)
		}
	}
	c.send("setoption name UCI_ShowWDL value true", "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "go depth 4")
	seen := 0
	for _, l := range c.until("bestmove") {
		if !strings.HasPrefix(l, "info depth") {
			continue
		}
		f := strings.Fields(l)
		i := slices.Index(f, "wdl")
		if i < 0 || i+3 >= len(f) {
			t.Fatalf("no wdl: %q", l)
		}
		w, _ := strconv.Atoi(f[i+1])
		d, _ := strconv.Atoi(f[i+2])
		lo, _ := strconv.Atoi(f[i+3])
		if w+d+lo != 1000 || w < 900 {
			t.Errorf("a queen up: %q", l)
		}
		seen++
	}
	if seen == 0 {
		t.Error("no info line")
	}
}

// TestChess960: positions of Chess960 are refused until the GUI sets
// UCI_Chess960; then their FENs are read (Shredder-FEN and X-FEN),
// castling is written and read as the king taking its rook, and the
// searches answer legal moves. Standard chess also reads e1h1 as castling.
func TestChess960(t *testing.T) {
	c := start(t)
	const fen960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
	c.send("position fen "+fen960, "go depth 1")
	got := c.until("bestmove")
	if !strings.Contains(strings.Join(got, "\n"), "Chess960") || got[len(got)-1] != "bestmove 0000" {
		t.Errorf("a Chess960 position under standard rules: %q", got)
	}

	c.send("uci")
	if !strings.Contains(strings.Join(c.until("uciok"), "\n"), "option name UCI_Chess960 type check default false") {
		t.Error("UCI_Chess960 is not announced")
	}
	c.send("setoption name UCI_Chess960 value true", "position fen 1r2k3/8/8/8/8/8/8/1R4KR w Hb - 0 1", "go perft 1")
	perft := c.until("Nodes searched")
	if !strings.Contains(strings.Join(perft, "\n"), "g1h1: 1") {
		t.Errorf("go perft 1 lists no castling as g1h1:\n%s", strings.Join(perft, "\n"))
	}
	c.send("position fen 1r2k3/8/8/8/8/8/8/1R4KR w Hb - 0 1 moves g1h1 b8b1", "d")
	if out := strings.Join(c.sync(), "\n"); !strings.Contains(out, "4k3/8/8/8/8/8/8/1r3RK1 w - - 0 2") {
		t.Errorf("after g1h1 b8b1, d shows:\n%s", out)
	}
	c.send("position fen "+fen960, "go depth 6")
	best := c.until("bestmove")
	f := strings.Fields(best[len(best)-1])
	p, _ := board.Chess960.ParseFEN(fen960)
	if _, err := p.ParseMove(f[1]); err != nil {
		t.Errorf("%q in %s: %v", best[len(best)-1], fen960, err)
	}

	c.send("setoption name UCI_Chess960 value false", "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1", "d")
	if out := strings.Join(c.sync(), "\n"); !strings.Contains(out, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4") {
		t.Errorf("e1h1 in standard chess:\n%s", out)
	}
}
