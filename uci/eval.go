package uci

import (
	"fmt"
	"strings"

	"kibitz/engine"
	"kibitz/engine/board"
)

// Explainer is a Player that can show how it judges a position without
// searching it: the answer to "eval".
type Explainer interface {
	// Explain returns the lines "eval" prints for pos.
	Explain(pos *board.Position) []string
}

// FormatPieceValues draws the board with each piece's worth to the net
// under it, in pawns from White's view (as Stockfish's eval does), and the
// evaluation.
func FormatPieceValues(pos *board.Position, eval int, values []engine.PieceValue) []string {
	worth := map[board.Square]int{}
	for _, v := range values {
		worth[v.Square] = v.CP
	}
	rule := "  +" + strings.Repeat("-------+", 8)
	lines := []string{"NNUE: each piece's worth, the evaluation without it subtracted (pawns, White's view)", rule}
	for rank := 7; rank >= 0; rank-- {
		top, bottom := fmt.Sprintf("%d |", rank+1), "  |"
		for file := 0; file < 8; file++ {
			sq := board.MakeSquare(file, rank)
			pc := pos.PieceAt(sq)
			cell := ""
			if pc != board.NoPiece {
				cell = pc.String()
			}
			top += fmt.Sprintf("%s|", centre(cell, 7))
			value := ""
			if cp, ok := worth[sq]; ok {
				value = fmt.Sprintf("%+.2f", float64(cp)/100)
			}
			bottom += fmt.Sprintf("%s|", centre(value, 7))
		}
		lines = append(lines, top, bottom, rule)
	}
	lines = append(lines, "      a       b       c       d       e       f       g       h",
		fmt.Sprintf("NNUE evaluation: %+.2f (White's view)", float64(eval)/100))
	return lines
}

// centre pads s to width w, centred.
func centre(s string, w int) string {
	left := (w - len(s)) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-len(s)-left)
}

// describe is what "d" prints: the board, its FEN, key and checkers.
func describe(pos *board.Position) string {
	var checkers []string
	for bb := pos.Checkers(); bb != 0; {
		checkers = append(checkers, bb.PopFirst().String())
	}
	return fmt.Sprintf("%s\nKey: %016x\nCheckers: %s", pos, pos.Key(), strings.Join(checkers, " "))
}
