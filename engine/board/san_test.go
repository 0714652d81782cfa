package board

import (
	"math/rand/v2"
	"testing"

	"github.com/notnil/chess"
)

// TestSANAgainstNotnil compares every legal move's SAN with notnil/chess
// along random games from the suite positions.
func TestSANAgainstNotnil(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for _, e := range loadPerftEPD(t, "perftsuite.epd") {
		p, _ := ParseFEN(e.fen)
		for ply := 0; ply < 40; ply++ {
			opt, _ := chess.FEN(p.FEN())
			pos := chess.NewGame(opt).Position()
			want := map[string]string{}
			for _, m := range pos.ValidMoves() {
				want[chess.UCINotation{}.Encode(pos, m)] = chess.AlgebraicNotation{}.Encode(pos, m)
			}
			var l MoveList
			p.GenerateMoves(&l, GenAll)
			for _, m := range l.Slice() {
				if got := p.SAN(m); got != want[m.String()] {
					t.Fatalf("%s: %v is %q, notnil says %q", p.FEN(), m, got, want[m.String()])
				}
				checked++
			}
			if l.N == 0 {
				break
			}
			p.MakeMove(l.Moves[rng.IntN(l.N)])
		}
	}
	t.Logf("%d moves compared", checked)
}
