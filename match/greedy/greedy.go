// Package greedy is the bottom anchor of the strength scale
// (docs/levels.md): a player that knows the rules and one idea — take the
// most valuable piece it can, whatever it costs; with nothing to take, a
// random legal move. It speaks enough UCI to be an opponent in
// `kibitz match` (`kibitz greedy`).
//
// greedy imports engine/board, engine/search and uci (whose command
// loop it plugs into).
package greedy

import (
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/uci"
)

// Choose returns the move the greedy player makes in pos, or NullMove when
// there is none. Among equally valuable captures, and among all moves when
// there is no capture, it draws with rng.
func Choose(pos *board.Position, rng *rand.Rand) board.Move {
	var l board.MoveList
	pos.GenerateMoves(&l, board.GenAll)
	moves := l.Slice()
	if len(moves) == 0 {
		return board.NullMove
	}
	best, bestValue := []board.Move(nil), 0
	for _, m := range moves {
		if !m.IsCapture() {
			continue
		}
		v := board.PieceValue(board.Pawn) // en passant: the target square is empty
		if p := pos.PieceAt(m.To()); p != board.NoPiece {
			v = board.PieceValue(p.Type())
		}
		switch {
		case v > bestValue:
			best, bestValue = []board.Move{m}, v
		case v == bestValue:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		best = moves
	}
	return best[rng.IntN(len(best))]
}

// Player is the greedy player as a UCI engine (a uci.Player): it
// chooses at once, whatever the limits, and has no options. As the
// protocol asks of every player, it answers a go infinite only after stop
// and a go ponder only after ponderhit or stop.
type Player struct {
	rng  *rand.Rand
	pos  *board.Position
	mu   sync.Mutex
	wait chan struct{} // closed by Stop or PonderHit: the held answer goes (nil: none held)
}

// NewPlayer returns a player whose random choices follow seed.
func NewPlayer(seed uint64) *Player {
	return &Player{rng: rand.New(rand.NewPCG(seed, 0x677265656479)), pos: board.NewPosition()}
}

func (g *Player) ID() (string, string)            { return "Kibitz greedy", uci.Author }
func (g *Player) Options() []uci.Option           { return nil }
func (g *Player) SetOption(name, _ string) error  { return fmt.Errorf("no option %q", name) }
func (g *Player) NewGame()                        {}
func (g *Player) SetPosition(pos *board.Position) { g.pos = pos.Clone() }
func (g *Player) Position() *board.Position       { return g.pos.Clone() }
func (g *Player) Stop()                           { g.release() }
func (g *Player) PonderHit()                      { g.release() }

// release lets a held answer go.
func (g *Player) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.wait != nil {
		close(g.wait)
		g.wait = nil
	}
}

// Go chooses at once; the result says depth 0 and no nodes searched.
func (g *Player) Go(lim search.Limits, _ func(search.Info)) (<-chan search.Result, error) {
	r := make(chan search.Result, 1)
	move := Choose(g.pos, g.rng)
	if !lim.Infinite && !lim.Ponder {
		r <- search.Result{Move: move}
		return r, nil
	}
	wait := make(chan struct{})
	g.mu.Lock()
	g.wait = wait
	g.mu.Unlock()
	go func() {
		<-wait
		r <- search.Result{Move: move}
	}()
	return r, nil
}

// Run answers UCI commands from in on out until "quit" or the end of the
// input, through uci's command loop.
func Run(in io.Reader, out io.Writer, seed uint64) error {
	return uci.RunPlayer(in, out, NewPlayer(seed), uci.Config{})
}
