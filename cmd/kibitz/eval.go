package main

import (
	"flag"
	"fmt"
	"io"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/nnue"
	"kibitz/uci"
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
		return engine.ReadNet(*o.file)
	}
	if *o.use {
		return engine.EmbeddedNet()
	}
	return nil, nil
}

// newEngine builds an engine that evaluates with net (nil: classically).
func newEngine(cfg engine.Config, net *nnue.Net) (*engine.Engine, error) {
	cfg.Net, cfg.Classical = net, net == nil
	return engine.New(cfg)
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
	e, err := newEngine(engine.Config{}, nn)
	if err != nil {
		return err
	}
	ev := e.Evaluate(pos)
	fmt.Fprintf(stdout, "classical: %+d cp (side to move)\n", ev.Classical)
	if ev.HasNNUE {
		fmt.Fprintf(stdout, "nnue:      %+d cp (side to move; %s, %s backend)\n", ev.NNUE, ev.Net, engine.Backend())
	}
	if white, values, ok := e.PieceValues(pos); ok && *pieces {
		for _, l := range uci.FormatPieceValues(pos, white, values) {
			fmt.Fprintln(stdout, l)
		}
	}
	return nil
}
