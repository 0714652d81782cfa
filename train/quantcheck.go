package train

import (
	"errors"
	"math"

	"kibitz/engine/board"
	"kibitz/nnue"
	"kibitz/train/corpus"
)

// QuantisationErrors evaluates up to limit held-out positions of the
// corpus selection with the float model and with the quantised net run by
// the engine's own nnue code (on the board position itself), and returns
// the absolute differences in centipawns.
func QuantisationErrors(m *Model, net *nnue.Net, files []string, sel corpus.Selection, f Filter, validPercent, limit int) ([]float64, error) {
	var diffs []float64
	done := errors.New("done")
	err := corpus.ReadSelected(files, sel, func(file int, _ map[string]string, g *corpus.Game) error {
		key := gameKey(file, g.Index)
		if !IsValidation(key, validPercent) {
			return nil
		}
		g.Replay(func(pos *board.Position, _ int, p corpus.Ply) {
			if len(diffs) >= limit || !f.keep(pos, p) {
				return
			}
			s := FromPosition(pos, p.Score, g.Result, key)
			diffs = append(diffs, math.Abs(float64(m.Eval(&s))-float64(net.EvaluateFresh(pos))))
		})
		if len(diffs) >= limit {
			return done
		}
		return nil
	})
	if err != nil && !errors.Is(err, done) {
		return nil, err
	}
	return diffs, nil
}
