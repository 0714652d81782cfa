package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/train"
	"kibitz/train/corpus"
)

// corpusWDL fits the win/draw/loss model (UCI_ShowWDL, the API's wdl) to
// the search scores and results of self-play games, and prints it with a
// table of what it predicts against what the games did.
func corpusWDL(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("corpus wdl", stderr)
	data := fs.String("data", "", "corpus files or directories, comma-separated (default: the store)")
	where := fs.String("where", "", "only files whose metadata has these key=value pairs, comma-separated")
	every := fs.Int("every", 10, "take every Nth position (1..1000)")
	steps := fs.Int("steps", 1000, "optimiser steps (10..100000)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *every < 1 || *every > 1000 || *steps < 10 || *steps > 100000 {
		return errors.New("--every must be in 1..1000 and --steps in 10..100000")
	}
	files, sel, err := corpusSelection(*data, *where, "")
	if err != nil {
		return err
	}
	var samples []train.WDLSample
	n := 0
	err = corpus.ReadSelected(files, sel, func(_ int, _ map[string]string, g *corpus.Game) error {
		return g.Replay(func(pos *board.Position, _ int, p corpus.Ply) {
			n++
			if n%*every != 0 || search.IsMate(p.Score) || search.TableVerdict(p.Score) != 0 {
				return
			}
			score, result := float64(p.Score), g.Result
			if pos.SideToMove() == board.Black {
				score, result = -score, 1-result
			}
			samples = append(samples, train.WDLSample{Score: score, Men: pos.Occupied().Count(), Result: result})
		})
	})
	if err != nil {
		return err
	}
	if len(samples) < 1000 {
		return fmt.Errorf("%d positions: too few to fit a model (want 1000 or more)", len(samples))
	}
	start := time.Now()
	model := train.FitWDL(samples, *steps)
	fmt.Fprintf(stdout, "%d positions (every %d of %d), %d steps, %.1f s\n", len(samples), *every, n, *steps, time.Since(start).Seconds())
	fmt.Fprintf(stdout, "model: search.WDLModel{A0: %.2f, A1: %.2f, A2: %.2f, B0: %.2f, B1: %.2f, B2: %.2f}\n",
		model.A0, model.A1, model.A2, model.B0, model.B1, model.B2)
	fmt.Fprintf(stdout, "log loss %.4f (always the sample's frequencies: %.4f)\n", train.WDLLogLoss(samples, model), baseLogLoss(samples))
	writeCalibration(stdout, samples, model)
	return nil
}

// baseLogLoss is the log loss of predicting the sample's overall
// frequencies of wins, draws and losses everywhere.
func baseLogLoss(samples []train.WDLSample) float64 {
	var c [3]float64
	for _, s := range samples {
		c[outcome(s.Result)]++
	}
	var sum float64
	for _, k := range c {
		if k > 0 {
			sum -= k * math.Log(k/float64(len(samples)))
		}
	}
	return sum / float64(len(samples))
}

func outcome(result float64) int {
	switch {
	case result > 0.75:
		return 0
	case result < 0.25:
		return 2
	}
	return 1
}

// writeCalibration prints, by score and by men, the shares of wins, draws
// and losses the games had and the model's mean prediction.
func writeCalibration(w io.Writer, samples []train.WDLSample, model search.WDLModel) {
	type cell struct {
		n         int
		seen, got [3]float64
	}
	edges := []float64{-600, -300, -150, -75, -25, 25, 75, 150, 300, 600}
	for _, men := range [][2]int{{2, 12}, {13, 24}, {25, 32}} {
		fmt.Fprintf(w, "\n%d–%d men: score         games W/D/L %%      model W/D/L %%\n", men[0], men[1])
		cells := make([]cell, len(edges)+1)
		for _, s := range samples {
			if s.Men < men[0] || s.Men > men[1] {
				continue
			}
			i := 0
			for i < len(edges) && s.Score >= edges[i] {
				i++
			}
			c := &cells[i]
			c.n++
			c.seen[outcome(s.Result)]++
			pw, pd, pl := model.Probabilities(int(s.Score), s.Men)
			c.got[0], c.got[1], c.got[2] = c.got[0]+pw, c.got[1]+pd, c.got[2]+pl
		}
		for i, c := range cells {
			if c.n == 0 {
				continue
			}
			lo, hi := "", ""
			if i > 0 {
				lo = fmt.Sprint(edges[i-1])
			}
			if i < len(edges) {
				hi = fmt.Sprint(edges[i])
			}
			f := 100 / float64(c.n)
			fmt.Fprintf(w, "  %5s..%-5s %8d   %4.1f/%4.1f/%4.1f     %4.1f/%4.1f/%4.1f\n", lo, hi, c.n,
				c.seen[0]*f, c.seen[1]*f, c.seen[2]*f, c.got[0]*f, c.got[1]*f, c.got[2]*f)
		}
	}
}
