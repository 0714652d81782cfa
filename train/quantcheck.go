package train

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"kibitz/engine/netinput"
	"kibitz/nnue"
	"kibitz/train/corpus"
)

// QuantDiff is one held-out position's difference between the float model
// and the quantised net.
type QuantDiff struct {
	Diff       float64 // absolute, in centipawns
	Men        int     // pieces and pawns on the board, kings included
	KingBucket int     // the side to move's king bucket (0 without buckets)
}

// QuantisationErrors evaluates every stride-th held-out position of the
// corpus selection (an even sample of the whole held-out set; stride 1:
// all of it) with the float model and with the quantised net run by the
// engine's own nnue code (on the board position itself).
func QuantisationErrors(m *Model, net *nnue.Net, files []string, sel corpus.Selection, f Filter, validPercent, stride int) ([]QuantDiff, error) {
	var diffs []QuantDiff
	n := 0
	err := EachPosition(files, sel, f, func(p Position) bool {
		if !IsValidation(p.Game, validPercent) {
			return true
		}
		n++
		if (n-1)%max(stride, 1) != 0 {
			return true
		}
		s := FromPosition(p.Board, p.Ply.Score, p.Result, p.Game)
		kb := 0
		if m.K > 1 {
			kb = m.view(&s, int(s.STM)).Offset / nnue.Inputs
		}
		diffs = append(diffs, QuantDiff{
			Diff: math.Abs(float64(m.Eval(&s)) - float64(net.EvaluateFresh(netinput.Of(p.Board)))),
			Men:  p.Board.Occupied().Count(), KingBucket: kb})
		return true
	})
	if err != nil {
		return nil, err
	}
	return diffs, nil
}

// Phases are the groups of the report by the number of men.
var Phases = []struct {
	Name     string
	Min, Max int
}{{"opening (26–32 men)", 26, 32}, {"middlegame (17–25)", 17, 25}, {"late middlegame (10–16)", 10, 16}, {"endgame (2–9)", 2, 9}}

// The quantised net is accepted when its evaluations stay this close to
// the float model's on held-out positions (centipawns).
const (
	MaxMeanQuantisationError = 10
	MaxP99QuantisationError  = 40
)

// QuantisationReport sums up the differences between a float model and
// its quantised net, over all the positions and by group.
type QuantisationReport struct {
	Positions      int
	Mean, P99, Max float64 // absolute differences in centipawns
	// Groups: by phase (Phases), then by king bucket.
	Groups []QuantGroup
}

// QuantGroup is the report of one group of positions.
type QuantGroup struct {
	Name      string
	Positions int
	Mean, Max float64
}

func (r QuantisationReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "quantised vs float on %d validation positions: mean |diff| %.2f cp, 99th percentile %.1f cp, max %.1f cp",
		r.Positions, r.Mean, r.P99, r.Max)
	for _, g := range r.Groups {
		fmt.Fprintf(&b, "\n  %-26s %8d positions  mean %.2f cp  max %.1f cp", g.Name, g.Positions, g.Mean, g.Max)
	}
	return b.String()
}

// summarise makes the report of diffs.
func summarise(diffs []QuantDiff) QuantisationReport {
	all := make([]float64, len(diffs))
	for i, d := range diffs {
		all[i] = d.Diff
	}
	sort.Float64s(all)
	r := QuantisationReport{Positions: len(all), P99: all[int(0.99*float64(len(all)-1))], Max: all[len(all)-1]}
	for _, d := range all {
		r.Mean += d
	}
	r.Mean /= float64(len(all))
	group := func(name string, in func(QuantDiff) bool) {
		g := QuantGroup{Name: name}
		for _, d := range diffs {
			if in(d) {
				g.Positions++
				g.Mean += d.Diff
				g.Max = max(g.Max, d.Diff)
			}
		}
		if g.Positions > 0 {
			g.Mean /= float64(g.Positions)
			r.Groups = append(r.Groups, g)
		}
	}
	for _, p := range Phases {
		group(p.Name, func(d QuantDiff) bool { return d.Men >= p.Min && d.Men <= p.Max })
	}
	kings := 0
	for _, d := range diffs {
		kings = max(kings, d.KingBucket+1)
	}
	for k := 0; k < kings && kings > 1; k++ {
		group(fmt.Sprintf("king bucket %d", k), func(d QuantDiff) bool { return d.KingBucket == k })
	}
	return r
}

// CheckQuantisation measures the quantised net against the float model on
// an even sample of the held-out positions (see QuantisationErrors) and
// fails when the differences exceed the tolerances above or there is
// nothing to measure on.
func CheckQuantisation(m *Model, net *nnue.Net, files []string, sel corpus.Selection, f Filter, validPercent, stride int) (QuantisationReport, error) {
	diffs, err := QuantisationErrors(m, net, files, sel, f, validPercent, stride)
	if err != nil {
		return QuantisationReport{}, err
	}
	if len(diffs) == 0 {
		return QuantisationReport{}, errors.New("no validation positions to check the quantised net on (raise the validation share)")
	}
	r := summarise(diffs)
	if r.Mean > MaxMeanQuantisationError || r.P99 > MaxP99QuantisationError {
		return r, fmt.Errorf("%v: quantisation changes the evaluation too much (tolerance: mean %d cp, 99th percentile %d cp)",
			r, MaxMeanQuantisationError, MaxP99QuantisationError)
	}
	return r, nil
}
