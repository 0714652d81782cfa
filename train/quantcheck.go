package train

import (
	"math"

	"kibitz/nnue"
)

// QuantisationErrors evaluates up to limit held-out positions with the
// float model and with the quantised net run by the engine's own nnue code
// (from a rebuilt board position), and returns the absolute differences in
// centipawns.
func QuantisationErrors(m *Model, net *nnue.Net, recs []Record, validPercent, limit int) ([]float64, error) {
	var diffs []float64
	var s Sample
	for i := range recs {
		if len(diffs) >= limit {
			break
		}
		if err := recs[i].Decode(&s); err != nil {
			return nil, err
		}
		if !IsValidation(s.Game, validPercent) {
			continue
		}
		pos, err := recs[i].Position()
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, math.Abs(float64(m.Eval(&s))-float64(net.EvaluateFresh(pos))))
	}
	return diffs, nil
}
