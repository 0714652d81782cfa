// Package greedy is the bottom anchor of the strength scale
// (docs/levels.md): a player that knows the rules and one idea — take the
// most valuable piece it can, whatever it costs; with nothing to take, a
// random legal move. It speaks enough UCI to be an opponent in
// `kibitz match` (`kibitz greedy`).
//
// greedy imports engine/board, engine/uci (to read "position") and
// internal/excerpt.
package greedy

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"kibitz/engine/board"
	"kibitz/engine/uci"
	"kibitz/internal/excerpt"
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

// Run answers UCI commands from in on out until "quit" or the end of the
// input: uci, isready, ucinewgame, setoption (accepted and ignored),
// position and go (answered at once, whatever the limits).
func Run(in io.Reader, out io.Writer, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 0x677265656479))
	pos := board.NewPosition()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Fprint(out, "id name Kibitz greedy\nid author the Kibitz authors\nuciok\n")
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "position":
			p, err := uci.ParsePosition(f[1:])
			if err != nil {
				fmt.Fprintf(out, "info string error: %v\n", err)
				continue
			}
			pos = p
		case "go":
			m := Choose(pos, rng)
			if m == board.NullMove {
				fmt.Fprintln(out, "bestmove 0000")
			} else {
				fmt.Fprintf(out, "bestmove %s\n", m)
			}
		case "quit":
			return nil
		case "ucinewgame", "setoption", "stop":
		default:
			fmt.Fprintf(out, "info string error: unknown command %q\n", excerpt.Of(f[0]))
		}
	}
	return sc.Err()
}
