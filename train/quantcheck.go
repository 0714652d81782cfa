package train

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"kibitz/engine/nnue"
	"kibitz/train/corpus"
)

// QuantisationErrors evaluates up to limit held-out positions of the
// corpus selection with the float model and with the quantised net run by
// the engine's own nnue code (on the board position itself), and returns
// the absolute differences in centipawns.
func QuantisationErrors(m *Model, net *nnue.Net, files []string, sel corpus.Selection, f Filter, validPercent, limit int) ([]float64, error) {
	var diffs []float64
	err := EachPosition(files, sel, f, func(p Position) bool {
		if IsValidation(p.Game, validPercent) {
			s := FromPosition(p.Board, p.Ply.Score, p.Result, p.Game)
			diffs = append(diffs, math.Abs(float64(m.Eval(&s))-float64(net.EvaluateFresh(p.Board))))
		}
		return len(diffs) < limit
	})
	if err != nil {
		return nil, err
	}
	return diffs, nil
}

// The quantised net is accepted when its evaluations stay this close to
// the float model's on held-out positions (centipawns).
const (
	MaxMeanQuantisationError = 10
	MaxP99QuantisationError  = 40
)

// QuantisationReport sums up the differences between a float model and
// its quantised net.
type QuantisationReport struct {
	Positions      int
	Mean, P99, Max float64 // absolute differences in centipawns
}

func (r QuantisationReport) String() string {
	return fmt.Sprintf("quantised vs float on %d validation positions: mean |diff| %.2f cp, 99th percentile %.1f cp, max %.1f cp",
		r.Positions, r.Mean, r.P99, r.Max)
}

// CheckQuantisation measures the quantised net against the float model on
// up to limit held-out positions (see QuantisationErrors) and fails when
// the differences exceed the tolerances above or there is nothing to
// measure on.
func CheckQuantisation(m *Model, net *nnue.Net, files []string, sel corpus.Selection, f Filter, validPercent, limit int) (QuantisationReport, error) {
	diffs, err := QuantisationErrors(m, net, files, sel, f, validPercent, limit)
	if err != nil {
		return QuantisationReport{}, err
	}
	if len(diffs) == 0 {
		return QuantisationReport{}, errors.New("no validation positions to check the quantised net on (raise the validation share)")
	}
	sort.Float64s(diffs)
	r := QuantisationReport{Positions: len(diffs), P99: diffs[int(0.99*float64(len(diffs)-1))], Max: diffs[len(diffs)-1]}
	for _, d := range diffs {
		r.Mean += d
	}
	r.Mean /= float64(len(diffs))
	if r.Mean > MaxMeanQuantisationError || r.P99 > MaxP99QuantisationError {
		return r, fmt.Errorf("%v: quantisation changes the evaluation too much (tolerance: mean %d cp, 99th percentile %d cp)",
			r, MaxMeanQuantisationError, MaxP99QuantisationError)
	}
	return r, nil
}
