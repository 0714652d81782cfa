package train

import (
	"math"
	"runtime"
	"sync"

	"kibitz/engine/search"
)

// WDLSample is one position for the win/draw/loss model: the search score
// and the men on the board, and the game's result, all for the side to
// move (1 won, 0.5 drawn, 0 lost).
type WDLSample struct {
	Score  float64
	Men    int
	Result float64
}

// FitWDL fits search.WDLModel to samples by maximum likelihood (Adam on
// the mean log-likelihood of the three outcomes, the whole sample each
// step). Scores beyond ±2000 centipawns say little and are left out.
func FitWDL(samples []WDLSample, steps int) search.WDLModel {
	var kept []WDLSample
	for _, s := range samples {
		if math.Abs(s.Score) <= 2000 {
			kept = append(kept, s)
		}
	}
	p := [6]float64{100, 0, 0, 100, 0, 0} // A0, A1, A2, B0, B1, B2: a draw-wide start
	var m, v [6]float64
	const lr, beta1, beta2 = 2.0, 0.9, 0.999
	for step := 1; step <= steps && len(kept) > 0; step++ {
		g := wdlGradient(kept, p)
		for i := range p {
			m[i] = beta1*m[i] + (1-beta1)*g[i]
			v[i] = beta2*v[i] + (1-beta2)*g[i]*g[i]
			mh, vh := m[i]/(1-math.Pow(beta1, float64(step))), v[i]/(1-math.Pow(beta2, float64(step)))
			p[i] += lr * mh / (math.Sqrt(vh) + 1e-9) // ascent: the likelihood grows
		}
		// a > 0 keeps the draw's share positive, b > 0 the slope; both at
		// every number of men (x in [2/32, 1]).
		for men := 2; men <= 32; men++ {
			x := float64(men) / 32
			if a := p[0] + (p[1]+p[2]*x)*x; a < 1 {
				p[0] += 1 - a
			}
			if b := p[3] + (p[4]+p[5]*x)*x; b < 10 {
				p[3] += 10 - b
			}
		}
	}
	return search.WDLModel{A0: p[0], A1: p[1], A2: p[2], B0: p[3], B1: p[4], B2: p[5]}
}

// wdlGradient is the gradient of the mean log-likelihood in the model's
// six parameters, over the samples in parallel.
func wdlGradient(samples []WDLSample, p [6]float64) [6]float64 {
	workers := min(runtime.GOMAXPROCS(0), max(len(samples)/10000, 1))
	parts := make([][6]float64, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := i*len(samples)/workers, (i+1)*len(samples)/workers
			parts[i] = wdlGradientOf(samples[lo:hi], p)
		}()
	}
	wg.Wait()
	var g [6]float64
	for _, part := range parts {
		for i := range g {
			g[i] += part[i] / float64(len(samples))
		}
	}
	return g
}

// wdlGradientOf sums the log-likelihood's gradient over samples.
func wdlGradientOf(samples []WDLSample, p [6]float64) [6]float64 {
	var g [6]float64
	for _, s := range samples {
		x := float64(min(max(s.Men, 2), 32)) / 32
		a, b := p[0]+(p[1]+p[2]*x)*x, p[3]+(p[4]+p[5]*x)*x
		u, w := (s.Score-a)/b, (-s.Score-a)/b
		pw, pl := sigmoid(u), sigmoid(w)
		pd := max(1-pw-pl, 1e-12)
		var du, dw float64 // the log-likelihood's derivatives in u and w
		switch {
		case s.Result > 0.75:
			du = 1 - pw
		case s.Result < 0.25:
			dw = 1 - pl
		default:
			du, dw = -pw*(1-pw)/pd, -pl*(1-pl)/pd
		}
		da := -(du + dw) / b
		db := -(du*u + dw*w) / b
		g[0] += da
		g[1] += da * x
		g[2] += da * x * x
		g[3] += db
		g[4] += db * x
		g[5] += db * x * x
	}
	return g
}

// WDLLogLoss is the mean negative log-likelihood of the samples' results
// under model: lower is better.
func WDLLogLoss(samples []WDLSample, model search.WDLModel) float64 {
	var sum float64
	for _, s := range samples {
		w, d, l := model.Probabilities(int(math.Round(s.Score)), s.Men)
		p := d
		switch {
		case s.Result > 0.75:
			p = w
		case s.Result < 0.25:
			p = l
		}
		sum -= math.Log(max(p, 1e-12))
	}
	return sum / float64(max(len(samples), 1))
}
