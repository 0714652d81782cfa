package main

import (
	"flag"
	"fmt"
	"io"

	"kibitz/engine/board"
	"kibitz/engine/eval"
	"kibitz/engine/nnue"
	"kibitz/engine/uci"
	"kibitz/internal/regular"
)

// netOptions are the flags that choose NNUE evaluation.
type netOptions struct {
	use  *bool
	file *string
}

func netFlags(fs *flag.FlagSet) netOptions {
	return netOptions{
		use:  fs.Bool("nnue", true, "evaluate with the NNUE (--nnue=false: the classical evaluation)"),
		file: fs.String("evalfile", "", "NNUE file to use instead of the embedded one (implies --nnue)"),
	}
}

// parse parses args (see parseFlags) and loads the chosen net.
func (o netOptions) parse(fs *flag.FlagSet, args []string) (*nnue.Net, error) {
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	return o.load()
}

// load returns the chosen net, or nil for the classical evaluation.
func (o netOptions) load() (*nnue.Net, error) {
	if *o.file != "" {
		return readNet(*o.file)
	}
	if *o.use {
		return nnue.Default()
	}
	return nil, nil
}

// readNet reads a net file; a damaged one is an error that names it.
func readNet(path string) (*nnue.Net, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := nnue.Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

func runEval(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("eval", stderr)
	fen := fs.String("fen", board.StartFEN, "position in FEN")
	pieces := fs.Bool("pieces", false, "also draw the board with each piece's worth to the net (as UCI's eval)")
	net := netFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos, err := board.ParseFEN(*fen)
	if err != nil {
		return err
	}
	nn, err := net.load()
	if err != nil {
		return err
	}
	if nn == nil {
		if nn, err = nnue.Default(); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "classical: %+d cp (side to move)\n", eval.Evaluate(pos))
	fmt.Fprintf(stdout, "nnue:      %+d cp (side to move; %s, %s backend)\n", nn.EvaluateFresh(pos), nn.Architecture(), nnue.Backend())
	if *pieces {
		cp, values := nn.PieceValues(pos)
		for _, l := range uci.FormatPieceValues(pos, cp, values) {
			fmt.Fprintln(stdout, l)
		}
	}
	return nil
}
