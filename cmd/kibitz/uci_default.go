package main

import (
	"fmt"
	"io"
	"strings"

	"kibitz/engine/search"
	"kibitz/match/genfens"
	"kibitz/uci"
)

// uciConfig is how every UCI session of the command starts: the protocol
// with the commands kibitz adds (genfens, for OpenBench, and bench).
func uciConfig() uci.Config {
	return uci.Config{Commands: map[string]uci.Command{"genfens": genfens.Command, "bench": benchCommand}}
}

// benchCommand is "bench [DEPTH]" inside UCI, as Stockfish has it: the
// command-line bench (its flags are accepted too), answered as lines.
func benchCommand(args []string, _ uci.Player, print func(string)) error {
	if len(args) == 1 && !strings.HasPrefix(args[0], "-") {
		args = []string{"--depth", args[0]}
	}
	w := &lineWriter{print: print}
	err := runBench(args, w, w)
	w.flush()
	return err
}

// lineWriter hands what is written to print a line at a time.
type lineWriter struct {
	print   func(string)
	partial string
}

func (w *lineWriter) Write(b []byte) (int, error) {
	lines := strings.Split(w.partial+string(b), "\n")
	for _, l := range lines[:len(lines)-1] {
		w.print(l)
	}
	w.partial = lines[len(lines)-1]
	return len(b), nil
}

func (w *lineWriter) flush() {
	if w.partial != "" {
		w.print(w.partial)
		w.partial = ""
	}
}

// isUCICommand reports whether a command-line argument is a UCI command
// (its first word names one): "kibitz 'position startpos' 'go depth 5'".
func isUCICommand(arg string) bool {
	f := strings.Fields(arg)
	return len(f) > 0 && uci.IsCommand(f[0], uciConfig())
}

// runCommandLine runs the arguments as UCI commands, in order.
func runCommandLine(args []string, stdout, stderr io.Writer) int {
	if err := uci.RunCommands(args, stdout, uciConfig()); err != nil {
		fmt.Fprintln(stderr, "kibitz:", err)
		return 1
	}
	return 0
}

// runDefault speaks UCI, which is what GUIs and match runners start.
func runDefault(stdin io.Reader, stdout, stderr io.Writer) int {
	defer dumpOnSignal(stderr)()
	if err := uci.RunWith(stdin, stdout, uciConfig()); err != nil {
		fmt.Fprintln(stderr, "kibitz:", err)
		return 1
	}
	return 0
}

// runUCI is the uci subcommand: the default, with flags checked.
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("uci", stderr)
	depth := fs.Int("depth", 0, "search every move to this depth at most, as the play page does (0: no cap)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *depth < 0 || *depth > search.MaxDepth {
		return fmt.Errorf("--depth %d: want 0..%d", *depth, search.MaxDepth)
	}
	defer dumpOnSignal(stderr)()
	cfg := uciConfig()
	cfg.MaxDepth = *depth
	return uci.RunWith(stdin, stdout, cfg)
}
