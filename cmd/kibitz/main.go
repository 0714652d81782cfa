// Command kibitz is the native Kibitz chess engine. With no arguments it
// speaks UCI on standard input and output; subcommands run the tools.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"kibitz/internal/excerpt"
	"kibitz/internal/version"
	"kibitz/train/corpus"
)

// command is one subcommand: its name, a one-line summary and its body,
// which reads its own flags from args.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order usage prints them. stdin is
// what the uci subcommand reads.
func commands(stdin io.Reader) []command {
	return []command{
		{"uci", "speak UCI on standard input/output (the default)", func(args []string, stdout, stderr io.Writer) error {
			return runUCI(args, stdin, stdout, stderr)
		}},
		{"bench", "search the benchmark positions at a fixed depth: node signature and speed", runBench},
		{"search", "search one position and print each iteration", runSearch},
		{"perft", "count the leaf nodes of the legal move tree (move-generator check and benchmark)", runPerft},
		{"eval", "print the static evaluations (classical and NNUE) of a position", runEval},
		{"solve", "run a test suite (EPD with bm/am, e.g. Win At Chess) and count the solved positions", runSolve},
		{"match", "play a match between two UCI engines: Elo ± error, pentanomial, SPRT, PGN", runMatch},
		{"spsa", "tune the search's parameters by self-play games (SPSA), with a build made with -tags tune", runSPSA},
		{"datagen", "self-play games for NNUE training, appended to a corpus file (resumable)", runDatagen},
		{"corpus", "the training corpus: 'corpus info [PATH...]' sums it up, 'corpus convert OLD.bin NEW" + corpus.Ext + "' imports 32-byte records, 'corpus endgames' samples endgame positions as an EPD suite, 'corpus import --out F" + corpus.Ext + " GAMES.pgn' reads scored PGNs (fastchess, OpenBench)", runCorpus},
		{"train", "train an NNUE on the corpus and write it in the nnue format", runTrain},
		{"tune", "tune the classical evaluation (Texel) on Kibitz's own self-play games", runTune},
		{"tb", "endgame tables: 'tb gen' builds them by retrograde analysis, 'tb probe' looks a position up, 'tb stats' sums them up", runTB},
		{"greedy", "a material-greedy UCI player (takes the most valuable piece, else a random move): the bottom of the strength scale", func(args []string, stdout, stderr io.Writer) error {
			return runGreedy(args, stdin, stdout, stderr)
		}},
		{"levels", "print the strength levels (UCI_Elo) and how each plays", runLevels},
		{"ratings", "fit one Elo scale to several matches' summaries, anchored on players of known Elo", runRatings},
		{"plot", "draw columns of a CSV file as an SVG line chart", runPlot},
		{"serve", "serve the play page (dist/) and the HTTP API", runServe},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and turns errors into an exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runDefault(stdin, stdout, stderr)
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		if len(args) == 2 && name == "help" { // kibitz help search: that command's usage
			return run([]string{args[1], "-h"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return 0
	}
	if name == "version" || name == "--version" || name == "-v" {
		fmt.Fprintln(stdout, version.Full)
		return 0
	}
	for _, c := range commands(stdin) {
		if c.name == name {
			err := c.run(args[1:], stdout, stderr)
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			if err != nil {
				fmt.Fprintf(stderr, "kibitz %s: %v\n", name, err)
				return 1
			}
			return 0
		}
	}
	// As Stockfish does: arguments that are UCI commands run in order.
	if isUCICommand(name) {
		return runCommandLine(args, stdout, stderr)
	}
	fmt.Fprintf(stderr, "kibitz: unknown command %q\n\n", name)
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: kibitz [command] [flags]")
	fmt.Fprintln(w, "       kibitz \"UCI COMMAND\" [\"UCI COMMAND\"...]")
	fmt.Fprintln(w, "\nWith no command, kibitz speaks UCI on standard input/output. Arguments that are")
	fmt.Fprintln(w, "UCI commands (\"position startpos\" \"go depth 5\", or OpenBench's \"genfens 10 seed 1 book None\")")
	fmt.Fprintln(w, "run in order, each search to its end, and kibitz exits.")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands(nil) {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  version  print the release and the commit it was built from (also --version, -v)")
	fmt.Fprintln(w, "\nRun 'kibitz COMMAND -h' for a command's flags.")
}

// newFlags returns a flag set that reports errors instead of exiting.
// A bad flag is reported once, by run ("kibitz NAME: invalid value …"),
// after the command's usage: what it does and its flags.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("kibitz "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the flag package's own error line would repeat run's
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: kibitz %s [flags]\n", name)
		for _, c := range commands(nil) {
			if c.name == name {
				fmt.Fprintf(stderr, "%s\n", c.summary)
			}
		}
		fmt.Fprintln(stderr, "\nflags:")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// subcommand runs the one of subs that args[0] names (corpus info, tb gen…).
func subcommand(name string, args []string, subs map[string]func([]string) error) error {
	var names []string
	for k := range subs {
		names = append(names, k)
	}
	slices.Sort(names)
	if len(args) == 0 {
		return fmt.Errorf("want 'kibitz %s %s' (see its -h)", name, strings.Join(names, "|"))
	}
	if run, ok := subs[args[0]]; ok {
		return run(args[1:])
	}
	return fmt.Errorf("unknown %s command %q: want %s", name, excerpt.Of(args[0]), strings.Join(names, ", "))
}

// parseFlags parses args and rejects stray positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return nil
}
