package greedy

import (
	"math/rand/v2"
	"strings"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/search"
)

func pos(t *testing.T, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestTakesTheMostValuablePiece(t *testing.T) {
	// The rook on d1 can take a defended queen on d8 or a free knight on
	// a1: greedy takes the queen, whatever it costs.
	p := pos(t, "3qk2r/8/8/8/8/8/8/n2RK3 w - - 0 1")
	rng := rand.New(rand.NewPCG(1, 1))
	for range 20 {
		if m := Choose(p, rng); m.String() != "d1d8" {
			t.Fatalf("played %v, want d1d8", m)
		}
	}
}

func TestEnPassantIsACapture(t *testing.T) {
	p := pos(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
	if m := Choose(p, rand.New(rand.NewPCG(1, 1))); m.String() != "e5d6" {
		t.Fatalf("played %v, want the only capture e5d6", m)
	}
}

func TestWithoutCapturesMovesAtRandom(t *testing.T) {
	p := board.NewPosition()
	rng := rand.New(rand.NewPCG(1, 1))
	seen := map[board.Move]bool{}
	for range 200 {
		seen[Choose(p, rng)] = true
	}
	if len(seen) < 15 {
		t.Errorf("200 moves from the start position used %d different moves, want most of the 20", len(seen))
	}
}

func TestNoMoveWhenMated(t *testing.T) {
	p := pos(t, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	if m := Choose(p, rand.New(rand.NewPCG(1, 1))); m != board.NullMove {
		t.Fatalf("mated, yet played %v", m)
	}
}

func TestSpeaksUCI(t *testing.T) {
	in := "uci\nisready\nposition startpos moves e2e4 d7d5\ngo wtime 1000\nposition fen bad\nbogus\nposition fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo\nquit\n"
	var out strings.Builder
	if err := Run(strings.NewReader(in), &out, 1); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"uciok\n", "readyok\n", "bestmove e4d5\n", "info string error: ", "unknown command \"bogus\"", "bestmove (none)\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

// As the protocol asks of every player, the greedy one chooses at once but
// answers a go infinite only after Stop, and a go ponder only after
// PonderHit (or Stop); other searches at once. (Held: nothing but Stop or
// PonderHit closes what the answer waits for.)
func TestHoldsAnInfiniteOrPonderingAnswer(t *testing.T) {
	g := NewPlayer(1)
	for _, c := range []struct {
		lim     search.Limits
		release func()
	}{{search.Limits{Infinite: true}, g.Stop}, {search.Limits{Ponder: true}, g.PonderHit}, {search.Limits{Ponder: true}, g.Stop}} {
		ch, err := g.Go(c.lim, nil)
		if err != nil {
			t.Fatal(err)
		}
		select {
		case r := <-ch:
			t.Fatalf("%+v: answered %v before it was let go", c.lim, r.Move)
		default:
		}
		c.release()
		if r := <-ch; !g.Position().IsLegal(r.Move) {
			t.Errorf("%+v: %v is not a legal move", c.lim, r.Move)
		}
	}
	ch, _ := g.Go(search.Limits{Depth: 5}, nil)
	if r := <-ch; !g.Position().IsLegal(r.Move) {
		t.Errorf("go depth 5: %v", r.Move)
	}
}
