package match

import (
	"fmt"

	"github.com/notnil/chess"

	"kibitz/engine/board"
)

// rules is what the referee asks of a game in play. Standard games are
// refereed by notnil/chess (gameState), an implementation independent of
// the engines it judges; notnil/chess does not play Chess960, so Chess960
// games are refereed by Kibitz's own board (chess960Game), whose move
// generation is checked against the published Chess960 perft counts.
type rules interface {
	play(text string) error        // a move in UCI notation, if legal
	legal(text string) bool        // whether it is
	over() (chess.Outcome, string) // the end by the rules, and why
	whiteToMove() bool
	startFEN() string
	san() []string // the moves in SAN
}

// chess960Game is a Chess960 game in play, on Kibitz's board.
type chess960Game struct {
	pos   *board.Position
	start string
	moves []string
	seen  map[uint64]int // positions by key, for repetitions
}

func newChess960Game(fen string) (*chess960Game, error) {
	if fen == "" {
		fen = board.StartFEN
	}
	p, err := board.Chess960.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	g := &chess960Game{pos: p, start: p.FEN(), seen: map[uint64]int{}}
	g.seen[p.Key()]++
	return g, nil
}

func (g *chess960Game) play(text string) error {
	m, err := g.pos.ParseMove(text)
	if err != nil {
		return fmt.Errorf("illegal move %s", text)
	}
	g.moves = append(g.moves, g.pos.SAN(m))
	g.pos.MakeMove(m)
	g.seen[g.pos.Key()]++
	return nil
}

func (g *chess960Game) legal(text string) bool {
	_, err := g.pos.ParseMove(text)
	return err == nil
}

// over is gameState.over's rules on Kibitz's board: mate, stalemate,
// insufficient material, threefold repetition, the fifty-move rule.
func (g *chess960Game) over() (chess.Outcome, string) {
	p := g.pos
	if !p.HasLegalMove() {
		switch {
		case !p.InCheck():
			return chess.Draw, "stalemate"
		case p.SideToMove() == board.White:
			return chess.BlackWon, "checkmate"
		}
		return chess.WhiteWon, "checkmate"
	}
	switch {
	case p.InsufficientMaterial():
		return chess.Draw, "insufficient material"
	case g.seen[p.Key()] >= 3:
		return chess.Draw, "threefold repetition"
	case p.HalfmoveClock() >= 100:
		return chess.Draw, "fifty-move rule"
	}
	return chess.NoOutcome, ""
}

func (g *chess960Game) whiteToMove() bool { return g.pos.SideToMove() == board.White }
func (g *chess960Game) startFEN() string  { return g.start }
func (g *chess960Game) san() []string     { return g.moves }
