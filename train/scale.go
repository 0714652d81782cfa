package train

import "math"

// FitScale fits the sigmoid scale of the target (win probability =
// sigmoid(score / scale), in centipawns) to the positions' game results:
// the scale within lo..hi whose expectation from the search scores is
// closest to the results (least squares), found by golden-section search
// to within a centipawn. The fit uses every sample with a score inside
// ±2000 cp (beyond it the result is all but certain and says nothing of
// the scale); it returns 0 with no such sample.
func FitScale(samples []Sample, lo, hi float64) float64 {
	type point struct{ score, result float64 }
	var pts []point
	for i := range samples {
		s := &samples[i]
		if s.Score > -2000 && s.Score < 2000 {
			pts = append(pts, point{float64(s.Score), float64(s.Result)}) // both White's view
		}
	}
	if len(pts) == 0 {
		return 0
	}
	loss := func(scale float64) float64 {
		var sum float64
		for _, p := range pts {
			d := sigmoid(p.score/scale) - p.result
			sum += d * d
		}
		return sum
	}
	g := (math.Sqrt(5) - 1) / 2
	a, b := lo, hi
	c, d := b-g*(b-a), a+g*(b-a)
	fc, fd := loss(c), loss(d)
	for b-a > 1 {
		if fc < fd {
			b, d, fd = d, c, fc
			c = b - g*(b-a)
			fc = loss(c)
		} else {
			a, c, fc = c, d, fd
			d = a + g*(b-a)
			fd = loss(d)
		}
	}
	return (a + b) / 2
}
