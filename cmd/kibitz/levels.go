package main

import (
	"fmt"
	"io"

	"kibitz/engine/strength"
)

// runLevels prints the strength scale: each calibrated level and how it
// plays (package strength; docs/levels.md has the games behind the Elo).
func runLevels(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("levels", stderr)
	eloOnly := fs.Bool("elo", false, "print only the levels' Elo, one per line")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if !*eloOnly {
		fmt.Fprintf(stdout, "%5s %8s %6s %12s %8s\n", "Elo", "nodes", "lines", "temperature", "maxloss")
	}
	for _, l := range strength.Levels {
		if *eloOnly {
			fmt.Fprintln(stdout, l.Elo)
			continue
		}
		fmt.Fprintf(stdout, "%5d %8d %6d %9d cp %5d cp\n", l.Elo, l.Nodes, l.Lines, l.Temperature, l.MaxLoss)
	}
	if !*eloOnly {
		fmt.Fprintf(stdout, "%5d full strength (UCI_LimitStrength false)\n", strength.FullElo)
	}
	return nil
}
