package main

import (
	"fmt"
	"io"

	"kibitz/engine/board"
)

func runPerft(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("perft", stderr)
	depth := fs.Int("depth", 5, "depth in plies (1..12)")
	fen := fs.String("fen", board.StartFEN, "position in FEN")
	divide := fs.Bool("divide", false, "print the count below each root move")
	bulk := fs.Bool("bulk", false, "bulk counting: count the last ply's moves without making them")
	chess960 := fs.Bool("chess960", false, "Chess960 rules: Shredder-FEN or X-FEN castling fields, castling written as king takes rook")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *depth < 1 || *depth > 12 {
		return fmt.Errorf("--depth %d is out of range 1..12", *depth)
	}
	rules := board.Standard
	if *chess960 {
		rules = board.Chess960
	}
	p, err := rules.ParseFEN(*fen)
	if err != nil {
		return err
	}
	board.WritePerft(stdout, p, *depth, *divide, *bulk)
	return nil
}
