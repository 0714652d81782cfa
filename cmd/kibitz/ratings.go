package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"kibitz/internal/regular"
	"kibitz/match"
)

// runRatings fits one Elo scale to the summaries of several matches
// (match.FitRatings), anchored on players of known Elo.
func runRatings(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("ratings", stderr)
	anchorSpec := fs.String("anchor", "", "players of known Elo: NAME=ELO[,NAME=ELO...] (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	anchors := map[string]float64{}
	for _, part := range split(*anchorSpec) {
		name, v, ok := strings.Cut(part, "=")
		elo, err := strconv.ParseFloat(v, 64)
		if !ok || name == "" || err != nil {
			return fmt.Errorf("--anchor %q: want NAME=ELO", part)
		}
		anchors[name] = elo
	}
	if len(anchors) == 0 || fs.NArg() == 0 {
		return errors.New("usage: kibitz ratings --anchor NAME=ELO[,...] MATCH-LOG...")
	}
	var ps []match.Pairing
	for _, path := range fs.Args() {
		f, err := regular.Open(path)
		if err != nil {
			return err
		}
		p, err := match.ReadReport(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		ps = append(ps, p)
	}
	rs, err := match.FitRatings(ps, anchors)
	if err != nil {
		return err
	}
	for _, p := range ps {
		fmt.Fprintf(stdout, "match %s vs %s: %d games, %.1f%%, %+.0f ± %.0f\n", p.A, p.B, p.Games, 100*p.Score, p.Elo, p.Err95)
	}
	for _, r := range rs {
		if r.Anchor {
			fmt.Fprintf(stdout, "%-12s %5.0f (anchor)\n", r.Name, r.Elo)
		} else {
			fmt.Fprintf(stdout, "%-12s %5.0f ± %.0f\n", r.Name, r.Elo, r.Err95)
		}
	}
	return nil
}
