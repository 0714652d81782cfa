package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"kibitz/engine/search"
)

// Results drawn from a known model are fitted back to it.
func TestFitWDLRecoversAModel(t *testing.T) {
	truth := search.WDLModel{A0: 60, A1: 140, A2: -40, B0: 50, B1: 90, B2: 30}
	rng := rand.New(rand.NewPCG(1, 2))
	samples := make([]WDLSample, 40_000)
	for i := range samples {
		score, men := rng.IntN(1201)-600, 2+rng.IntN(31)
		w, d, _ := truth.Probabilities(score, men)
		r, result := rng.Float64(), 0.0
		switch {
		case r < w:
			result = 1
		case r < w+d:
			result = 0.5
		}
		samples[i] = WDLSample{Score: float64(score), Men: men, Result: result}
	}
	got := FitWDL(samples, 1500)
	for _, men := range []int{4, 16, 32} {
		ta, tb := truth.Params(men)
		ga, gb := got.Params(men)
		if math.Abs(ga-ta) > 0.1*ta || math.Abs(gb-tb) > 0.1*tb {
			t.Errorf("%d men: a %.1f b %.1f, the model's %.1f %.1f (fit %+v)", men, ga, gb, ta, tb, got)
		}
	}
	if lt, lg := WDLLogLoss(samples, truth), WDLLogLoss(samples, got); lg > lt+0.001 {
		t.Errorf("log loss %.4f, the true model's %.4f", lg, lt)
	}
}
