package main

import (
	"io"
	"time"

	"kibitz/match/greedy"
)

// runGreedy speaks UCI as the material-greedy player (package greedy), the
// opponent that anchors the weakest strength levels.
func runGreedy(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("greedy", stderr)
	seed := fs.Uint64("seed", 0, "seed of the random choices (0: from the clock, a new game each run)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	return greedy.Run(stdin, stdout, *seed)
}
