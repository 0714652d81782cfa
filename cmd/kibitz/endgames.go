package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"kibitz/engine/board"
	"kibitz/engine/tablebase"
	"kibitz/train/corpus"
)

// corpusEndgames writes an EPD suite of endgame positions drawn from the
// self-play corpus: the openings of a match that measures endgame play
// (endgame tables against none, for one). From each game it takes the
// first position with the chosen number of men that is quiet (the side to
// move not in check, the move played there not a capture or promotion)
// and not yet decided (the search score within --max-score); then a seeded
// sample of those.
func corpusEndgames(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("corpus endgames", flag.ContinueOnError)
	men := fs.String("men", "5-6", "men on the board, N or LO-HI (3..32)")
	count := fs.Int("count", 500, "positions to write (1..1000000)")
	maxScore := fs.Int("max-score", 300, "skip positions the search scored beyond ± this many centipawns")
	endings := fs.String("tables", "", "only these endings, comma-separated (KRPvKR,KRBvKR; either colour), instead of --men")
	seed := fs.Uint64("seed", 1, "seed of the sample")
	out := fs.String("out", "", "EPD file to write (a new file; default: standard output)")
	fs.SetOutput(stdout)
	if err := fs.Parse(args); err != nil {
		return err
	}
	lo, hi, err := parseRange(*men)
	if err != nil || lo < 3 || hi > 32 {
		return fmt.Errorf("--men %q: want N or LO-HI within 3..32", *men)
	}
	if *count < 1 || *count > 1_000_000 || *maxScore < 0 {
		return errors.New("--count must be in 1..1000000 and --max-score not negative")
	}
	var match func(*board.Position) bool
	if *endings != "" {
		if match, err = endingMatcher(*endings); err != nil {
			return fmt.Errorf("--tables: %w", err)
		}
		lo, hi = 3, tablebase.MaxMen
	}
	files, err := corpusFiles(fs.Args())
	if err != nil {
		return err
	}
	// Reservoir sampling: every game's candidate is kept with the same
	// chance, in one pass and bounded memory.
	rng := rand.New(rand.NewPCG(*seed, 0x656e6467616d6573))
	var picked []string
	seen := 0
	for _, f := range files {
		_, err := corpus.Read(f, func(g *corpus.Game) error {
			fen := firstEndgame(g, lo, hi, *maxScore, match)
			if fen == "" {
				return nil
			}
			seen++
			line := fmt.Sprintf("%s id \"%s game %d\";", fen, baseName(f), g.Index)
			if len(picked) < *count {
				picked = append(picked, line)
			} else if j := rng.IntN(seen); j < *count {
				picked[j] = line
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if len(picked) == 0 {
		return fmt.Errorf("no game reaches a quiet position with %s men", *men)
	}
	w := stdout
	if *out != "" {
		f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return fmt.Errorf("--out: %w (the suite is written to a new file)", err)
		}
		defer f.Close()
		w = f
	}
	for _, line := range picked {
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	if *out != "" {
		fmt.Fprintf(stdout, "%d positions (of %d games that reach one) in %s\n", len(picked), seen, *out)
	}
	return nil
}

// endingMatcher reports whether a position is one of the listed endings.
func endingMatcher(list string) (func(*board.Position) bool, error) {
	sigs, err := tablebase.ParseSignatures(list)
	if err != nil {
		return nil, err
	}
	want := map[[2]int]bool{}
	for _, s := range sigs {
		w, b := s.MaterialKeys()
		want[[2]int{w, b}], want[[2]int{b, w}] = true, true
	}
	return func(pos *board.Position) bool {
		w, b, ok := tablebase.MaterialKeys(pos)
		return ok && want[[2]int{w, b}]
	}, nil
}

// firstEndgame returns the EPD position fields of the game's first quiet,
// undecided position with lo..hi men (and, when match is set, one of its
// endings), or "".
func firstEndgame(g *corpus.Game, lo, hi, maxScore int, match func(*board.Position) bool) string {
	fen, done := "", false
	g.Replay(func(pos *board.Position, _ int, p corpus.Ply) {
		if done {
			return
		}
		n := pos.Occupied().Count()
		if n < lo {
			done = true // men only come off: no later position qualifies
			return
		}
		if n > hi || p.Move == board.NullMove || pos.InCheck() || p.Move.IsCapture() || p.Move.IsPromotion() ||
			p.Score > maxScore || p.Score < -maxScore || match != nil && !match(pos) {
			return
		}
		f := strings.Fields(pos.FEN())
		fen, done = strings.Join(f[:4], " "), true
	})
	return fen
}

// parseRange reads "N" or "LO-HI".
func parseRange(s string) (lo, hi int, err error) {
	a, b, found := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	if !found {
		return lo, lo, nil
	}
	if hi, err = strconv.Atoi(b); err != nil || hi < lo {
		return 0, 0, errors.New("bad range")
	}
	return lo, hi, nil
}

// baseName is a file's name without its directory, for an EPD id.
func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
