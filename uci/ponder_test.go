package uci

import (
	"strings"
	"testing"
)

// noBestmove fails if any of lines is a bestmove.
func noBestmove(t *testing.T, when string, lines []string) {
	t.Helper()
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("%s: %q before ponderhit or stop", when, l)
		}
	}
}

// nothingPondering sends ponderhit where no search ponders: one error line.
func nothingPondering(t *testing.T, c *conversation, when string) {
	t.Helper()
	c.send("ponderhit")
	if got := c.sync(); len(got) != 1 || !strings.Contains(got[0], "no search is pondering") {
		t.Errorf("%s answered %q", when, got)
	}
}

// A pondering search whose depth is reached still holds its answer until
// ponderhit, as the protocol asks; ponderhit releases it.
func TestPonderHoldsBestmoveUntilPonderhit(t *testing.T) {
	c := start(t)
	c.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5", "go ponder depth 3")
	noBestmove(t, "the search's last depth", c.until("info depth 3 "))
	noBestmove(t, "isready after the last depth", c.sync())
	c.send("ponderhit")
	got := c.until("bestmove")
	assertLegal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", got[len(got)-1])
	// The session is a normal one afterwards: ponderhit without a
	// pondering search is an error, and the next search answers.
	nothingPondering(t, c, "a second ponderhit")
	c.send("go depth 2")
	c.until("bestmove")
}

// While pondering the clock does not run: a search given 1 ms goes on to
// depth 8 (a search on that clock stops after depth 1), and stops as soon
// as ponderhit makes the clock its own, having already thought longer than
// the move's share.
func TestPonderIgnoresTheClockUntilPonderhit(t *testing.T) {
	c := start(t)
	c.send("position startpos", "go ponder wtime 1 btime 1 winc 0 binc 0")
	noBestmove(t, "pondering with 1 ms on the clock", c.until("info depth 8 "))
	c.send("ponderhit")
	got := c.until("bestmove")
	assertLegal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", got[len(got)-1])
}

// stop ends a pondering search (the reply was not the expected one) with
// a bestmove, which the GUI discards; after it nothing ponders.
func TestStopEndsPondering(t *testing.T) {
	c := start(t)
	c.send("position startpos moves d2d4", "go ponder wtime 60000 btime 60000")
	c.until("info depth 2 ")
	c.send("stop")
	got := c.until("bestmove")
	assertLegal(t, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", got[len(got)-1])
	nothingPondering(t, c, "ponderhit after stop")
}

// RunCommands, the command line's words, stops a pondering search at the
// end as it stops go infinite: neither ends by itself.
func TestCommandLinePonderEnds(t *testing.T) {
	var out strings.Builder
	if err := RunCommands([]string{"position startpos", "go ponder depth 2"}, &out, Config{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no bestmove: %q", out.String())
	}
}
