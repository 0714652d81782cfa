package match

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"
)

// gameState is a game in play: its positions and moves, with a count of
// each position seen, so that a move costs the same however long the game
// has been. (notnil/chess's Game compares the new position with every
// earlier one, as text, on each move and again on each draw check: a
// quarter of a second of the referee's time in a 100-move game, more than
// the engines' own at small node counts.) The rules are notnil/chess's.
type gameState struct {
	positions []*chess.Position
	moves     []*chess.Move
	seen      map[string]int // by position key: placement, side to move, castling, en passant
}

func newGameState(start *chess.Position) *gameState {
	g := &gameState{positions: []*chess.Position{start}, seen: map[string]int{}}
	g.seen[positionKey(start)]++
	return g
}

// positionKey is the FEN without its two move counters: what makes
// positions the same for repetitions.
func positionKey(p *chess.Position) string {
	f := strings.Fields(p.String())
	return strings.Join(f[:min(4, len(f))], " ")
}

func (g *gameState) position() *chess.Position { return g.positions[len(g.positions)-1] }
func (g *gameState) whiteToMove() bool         { return g.position().Turn() == chess.White }
func (g *gameState) startFEN() string          { return g.positions[0].String() }

// play plays a move in UCI notation if it is legal.
func (g *gameState) play(text string) error {
	v, err := g.find(text)
	if err != nil {
		return err
	}
	next := g.position().Update(v) // v carries the tags (castling, en passant) Update needs
	g.moves = append(g.moves, v)
	g.positions = append(g.positions, next)
	g.seen[positionKey(next)]++
	return nil
}

// legal reports whether a move in UCI notation is legal here.
func (g *gameState) legal(text string) bool {
	_, err := g.find(text)
	return err == nil
}

// find returns the legal move a move in UCI notation names.
func (g *gameState) find(text string) (*chess.Move, error) {
	pos := g.position()
	m, err := chess.UCINotation{}.Decode(pos, text)
	if err != nil {
		return nil, err
	}
	for _, v := range pos.ValidMoves() {
		if v.S1() == m.S1() && v.S2() == m.S2() && v.Promo() == m.Promo() {
			return v, nil
		}
	}
	return nil, fmt.Errorf("illegal move %s", text)
}

// over says whether the rules end the game here: mate, stalemate,
// insufficient material, or a draw the arbiter grants on claim (threefold
// repetition, the fifty-move rule).
func (g *gameState) over() (chess.Outcome, string) {
	pos := g.position()
	switch pos.Status() {
	case chess.Checkmate:
		if pos.Turn() == chess.White {
			return chess.BlackWon, "checkmate"
		}
		return chess.WhiteWon, "checkmate"
	case chess.Stalemate:
		return chess.Draw, "stalemate"
	}
	switch {
	case !sufficientMaterial(pos.Board()):
		return chess.Draw, "insufficient material"
	case g.seen[positionKey(pos)] >= 3:
		return chess.Draw, "threefold repetition"
	case pos.HalfMoveClock() >= 100:
		return chess.Draw, "fifty-move rule"
	}
	return chess.NoOutcome, ""
}

// sufficientMaterial is false where neither side can mate: king against
// king, a lone minor piece, or bishops all on squares of one colour.
func sufficientMaterial(b *chess.Board) bool {
	var minors, knights int
	var bishopColours [2]int
	for sq, p := range b.SquareMap() {
		switch p.Type() {
		case chess.Queen, chess.Rook, chess.Pawn:
			return true
		case chess.Knight:
			minors++
			knights++
		case chess.Bishop:
			minors++
			bishopColours[(int(sq.File())+int(sq.Rank()))%2]++
		}
	}
	switch {
	case minors <= 1:
		return false
	case knights == 0:
		return bishopColours[0] > 0 && bishopColours[1] > 0
	}
	return true
}

// san returns the moves in standard algebraic notation.
func (g *gameState) san() []string {
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		out[i] = chess.AlgebraicNotation{}.Encode(g.positions[i], m)
	}
	return out
}
