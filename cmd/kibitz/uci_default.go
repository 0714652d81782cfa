package main

import (
	"fmt"
	"io"

	"kibitz/engine/search"
	"kibitz/engine/uci"
)

// runDefault speaks UCI, which is what GUIs and match runners start.
func runDefault(stdin io.Reader, stdout, stderr io.Writer) int {
	defer dumpOnSignal(stderr)()
	if err := uci.Run(stdin, stdout); err != nil {
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
	return uci.RunWith(stdin, stdout, uci.Config{MaxDepth: *depth})
}
