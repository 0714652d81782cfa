// Package texel fits the classical evaluation's weights to the results of
// Kibitz's own games (the Texel method): it reads each position's term
// counts through eval.EvaluateTrace, so it fits exactly the function the
// engine plays, and writes the tuned weights back as engine/eval's
// weights_gen.go.
//
// texel imports only engine/board and engine/eval.
package texel

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"runtime"
	"sync"

	"kibitz/engine/board"
	"kibitz/engine/eval"
)

// TuneSample is a position reduced to what the tuner needs: the non-zero
// counts of its evaluation terms, its phase and the game result.
type TuneSample struct {
	idx    []uint16
	n      []int16
	phase  int8
	result float32 // White's result: 1, 0.5, 0
}

// NewTuneSample traces p's evaluation.
func NewTuneSample(p *board.Position, result float64) TuneSample {
	var tr eval.Trace
	eval.EvaluateTrace(p, &tr)
	s := TuneSample{phase: int8(tr.Phase), result: float32(result)}
	for i, c := range tr.Coef {
		if c != 0 {
			s.idx = append(s.idx, uint16(i))
			s.n = append(s.n, c)
		}
	}
	return s
}

// tuneWeights holds mg and eg halves as floats during tuning.
type tuneWeights [eval.NumWeights][2]float64

func (tw *tuneWeights) eval(s *TuneSample) (float64, float64, float64) {
	var mg, eg float64
	for k, i := range s.idx {
		mg += float64(s.n[k]) * tw[i][0]
		eg += float64(s.n[k]) * tw[i][1]
	}
	ph := float64(s.phase) / eval.MaxPhase
	return mg*ph + eg*(1-ph), ph, 1 - ph
}

func sigmoid(k, e float64) float64 { return 1 / (1 + math.Exp(-k*e/400)) }

// parallel splits samples over the cores and sums what each part returns.
func parallel(samples []TuneSample, f func(part []TuneSample) []float64) []float64 {
	n := runtime.GOMAXPROCS(0)
	size := (len(samples) + n - 1) / n
	results := make([][]float64, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		lo, hi := min(i*size, len(samples)), min((i+1)*size, len(samples))
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = f(samples[lo:hi])
		}()
	}
	wg.Wait()
	sum := make([]float64, len(results[0]))
	for _, r := range results {
		for j := range r {
			sum[j] += r[j]
		}
	}
	return sum
}

// Loss is the mean squared error between results and sigmoid(k·eval/400).
func Loss(samples []TuneSample, w [eval.NumWeights]eval.Score, k float64) float64 {
	tw := fromScores(w)
	return tw.loss(samples, k)
}

func (tw *tuneWeights) loss(samples []TuneSample, k float64) float64 {
	sum := parallel(samples, func(part []TuneSample) []float64 {
		var l float64
		for i := range part {
			e, _, _ := tw.eval(&part[i])
			d := sigmoid(k, e) - float64(part[i].result)
			l += d * d
		}
		return []float64{l}
	})
	return sum[0] / float64(max(len(samples), 1))
}

// FitK finds the scale k that best maps w's evaluations to the results.
func FitK(samples []TuneSample, w [eval.NumWeights]eval.Score) float64 {
	tw := fromScores(w)
	lo, hi := 0.1, 4.0
	for i := 0; i < 40; i++ { // golden-section search
		a, b := hi-(hi-lo)/math.Phi, lo+(hi-lo)/math.Phi
		if tw.loss(samples, a) < tw.loss(samples, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// Tune fits the weights to the samples with full-batch Adam on the loss,
// starting from start; progress is called after every epoch. Material
// weights are tuned like every other term.
func Tune(samples []TuneSample, start [eval.NumWeights]eval.Score, k float64, epochs int, lr float64, progress func(epoch int, loss float64)) [eval.NumWeights]eval.Score {
	tw := fromScores(start)
	var m, v tuneWeights
	const b1, b2, eps = 0.9, 0.999, 1e-8
	for epoch := 1; epoch <= epochs; epoch++ {
		grad := parallel(samples, func(part []TuneSample) []float64 {
			g := make([]float64, 2*eval.NumWeights+1)
			for i := range part {
				s := &part[i]
				e, pm, pe := tw.eval(s)
				sg := sigmoid(k, e)
				d := sg - float64(s.result)
				g[2*eval.NumWeights] += d * d
				c := 2 * d * sg * (1 - sg) * k / 400
				for j, idx := range s.idx {
					n := float64(s.n[j])
					g[2*int(idx)] += c * n * pm
					g[2*int(idx)+1] += c * n * pe
				}
			}
			return g
		})
		scale := 1 / float64(len(samples))
		rate := lr * (0.1 + 0.9*float64(epochs-epoch)/float64(epochs)) // linear decay to 10 %
		for i := 0; i < eval.NumWeights; i++ {
			for h := 0; h < 2; h++ {
				g := grad[2*i+h] * scale
				m[i][h] = b1*m[i][h] + (1-b1)*g
				v[i][h] = b2*v[i][h] + (1-b2)*g*g
				mh := m[i][h] / (1 - math.Pow(b1, float64(epoch)))
				vh := v[i][h] / (1 - math.Pow(b2, float64(epoch)))
				tw[i][h] -= rate * mh / (math.Sqrt(vh) + eps)
			}
		}
		if progress != nil {
			progress(epoch, grad[2*eval.NumWeights]*scale)
		}
	}
	return tw.scores()
}

func fromScores(w [eval.NumWeights]eval.Score) *tuneWeights {
	var tw tuneWeights
	for i, s := range w {
		tw[i] = [2]float64{float64(s.MG()), float64(s.EG())}
	}
	return &tw
}

func (tw *tuneWeights) scores() (w [eval.NumWeights]eval.Score) {
	for i := range tw {
		w[i] = eval.S(int(math.Round(tw[i][0])), int(math.Round(tw[i][1])))
	}
	return
}

// GoSource renders weights as the Go file weights_gen.go; header is a
// comment saying how they were made.
func GoSource(w [eval.NumWeights]eval.Score, header string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by kibitz tune; DO NOT EDIT.\n// %s\n\npackage eval\n\n", header)
	fmt.Fprintf(&b, "// weights are the evaluation's parameters (see features.go for the layout).\nvar weights = [NumWeights]Score{\n")
	for i, s := range w {
		if name, ok := eval.WeightGroup(i); ok {
			fmt.Fprintf(&b, "\t// %s\n", name)
		}
		fmt.Fprintf(&b, "\tS(%d, %d),\n", s.MG(), s.EG())
	}
	fmt.Fprintf(&b, "}\n")
	return format.Source(b.Bytes())
}
