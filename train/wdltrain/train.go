// Package wdltrain trains and evaluates the endgame model of
// engine/tablebase/wdlnet on Kibitz's own tables: positions drawn from
// the tables in proportion to their size, a deterministic share of every
// table's index held out (wdlnet.Heldout) and counted afterwards in a
// confusion matrix (kibitz tb study).
//
// wdltrain imports only engine/tablebase, engine/tablebase/wdlnet and
// internal/splitmix.
package wdltrain

import (
	"math"
	"runtime"
	"sync"

	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/internal/splitmix"
)

// Config sets a training run.
type Config struct {
	H1, H2        int
	wdlnet.Inputs // the feature groups beyond the placement
	Seed          uint64
	Samples       int     // positions drawn in all
	Batch         int     // positions per step
	LR            float64 // Adam's step size at the start; it falls to a tenth by the end (cosine)
	TestPercent   int     // held-out share of every table's index
	Threads       int
	// Progress, if set, is called every Every samples with the samples
	// done and the mean training loss since the last call.
	Progress func(done int, loss float64)
	Every    int
	// From, if set, is a model to train further instead of a new one; its
	// shape and inputs replace H1, H2 and Inputs. It is trained in place.
	From *wdlnet.Model
}

// sampler draws training entries: a table in proportion to its index's
// size, then an entry of it that is used and not held out.
type sampler struct {
	tables []*tablebase.Table
	cum    []int
	cfg    *Config
}

func (s *sampler) draw(r *splitmix.Rand) tablebase.Entry {
	total := s.cum[len(s.cum)-1]
	for {
		x := int(r.Next() % uint64(total))
		t := 0
		for s.cum[t] <= x {
			t++
		}
		i := x
		if t > 0 {
			i -= s.cum[t-1]
		}
		if wdlnet.Heldout(i, s.cfg.Seed, s.cfg.TestPercent) {
			continue
		}
		if e, ok := s.tables[t].Entry(i); ok {
			return e
		}
	}
}

// grads is one thread's gradient of a batch share; W1's rows are dense
// but only the touched ones are read.
type grads struct {
	w1, b1, w2, b2, w3, b3 []float32
	touched                []bool
	rows                   []int
	loss                   float64
	a                      *wdlnet.Activations
	dh1, dh2               []float32
}

func newGrads(m *wdlnet.Model) *grads {
	return &grads{w1: make([]float32, len(m.W1)), b1: make([]float32, m.H1), w2: make([]float32, len(m.W2)),
		b2: make([]float32, m.H2), w3: make([]float32, len(m.W3)), b3: make([]float32, 3),
		touched: make([]bool, m.Features()), a: m.NewActivations(), dh1: make([]float32, m.H1), dh2: make([]float32, m.H2)}
}

func (g *grads) reset(m *wdlnet.Model) {
	for _, f := range g.rows {
		clear(g.w1[f*m.H1 : (f+1)*m.H1])
		g.touched[f] = false
	}
	g.rows = g.rows[:0]
	clear(g.b1)
	clear(g.w2)
	clear(g.b2)
	clear(g.w3)
	clear(g.b3)
	g.loss = 0
}

// accumulate adds the cross-entropy gradient of one entry.
func accumulate(m *wdlnet.Model, e *tablebase.Entry, g *grads) {
	a := g.a
	m.Forward(e, a)
	p := wdlnet.Softmax(a.Logits)
	target := e.WDL + 1
	g.loss -= math.Log(max(float64(p[target]), 1e-12))
	var dl [3]float32
	for c := range dl {
		dl[c] = p[c]
	}
	dl[target]--
	for c := range dl {
		g.b3[c] += dl[c]
	}
	for k, v := range a.H2 {
		if v == 0 {
			g.dh2[k] = 0
			continue
		}
		g.w3[k*3] += v * dl[0]
		g.w3[k*3+1] += v * dl[1]
		g.w3[k*3+2] += v * dl[2]
		g.dh2[k] = m.W3[k*3]*dl[0] + m.W3[k*3+1]*dl[1] + m.W3[k*3+2]*dl[2]
		g.b2[k] += g.dh2[k]
	}
	for j, v := range a.H1 {
		if v == 0 {
			g.dh1[j] = 0
			continue
		}
		dh2 := g.dh2
		row, grow := m.W2[j*m.H2:(j+1)*m.H2], g.w2[j*m.H2:(j+1)*m.H2]
		row, grow = row[:len(dh2)], grow[:len(dh2)]
		var d float32
		for k, dk := range dh2 {
			grow[k] += v * dk
			d += row[k] * dk
		}
		g.dh1[j] = d
		g.b1[j] += d
	}
	for _, f := range a.Active() {
		if !g.touched[f] {
			g.touched[f] = true
			g.rows = append(g.rows, f)
		}
		col := g.w1[f*m.H1 : (f+1)*m.H1]
		col = col[:len(g.dh1)]
		for j, d := range g.dh1 {
			col[j] += d
		}
	}
}

// adam is the optimiser's state for one parameter slice.
type adam struct{ m, v []float32 }

func newAdam(n int) adam { return adam{make([]float32, n), make([]float32, n)} }

const (
	beta1, beta2, epsilon = 0.9, 0.999, 1e-8
)

// step updates w[from:to] with the gradient g (scaled by 1/batch).
func (o *adam) step(w, g []float32, from, to int, lr, scale, c1, c2 float64) {
	for i := from; i < to; i++ {
		gi := float64(g[i]) * scale
		mi := beta1*float64(o.m[i]) + (1-beta1)*gi
		vi := beta2*float64(o.v[i]) + (1-beta2)*gi*gi
		o.m[i], o.v[i] = float32(mi), float32(vi)
		w[i] -= float32(lr * (mi / c1) / (math.Sqrt(vi/c2) + epsilon))
	}
}

// Train fits a new model (or cfg.From) to the tables' entries outside the
// held-out share, its first two layers rounded to the compact file's
// steps at the end (RoundWeights). It is deterministic for a given
// configuration and thread count. A model trained further starts Adam
// afresh with a new cosine cycle of the step size.
func Train(tables []*tablebase.Table, cfg Config) *wdlnet.Model {
	cfg.Threads = max(1, min(cfg.Threads, runtime.GOMAXPROCS(0)))
	m := cfg.From
	if m == nil {
		m = wdlnet.New(cfg.H1, cfg.H2, cfg.Inputs, cfg.Seed)
	}
	m.Tables = nil
	for _, t := range tables {
		m.Tables = append(m.Tables, t.Sig)
	}
	r := &run{m: m, cfg: &cfg, s: &sampler{tables: tables, cfg: &cfg}, opt: map[string]adam{}}
	total := 0
	for _, t := range tables {
		total += t.Size()
		r.s.cum = append(r.s.cum, total)
	}
	r.gs = make([]*grads, cfg.Threads)
	r.rngs = make([]splitmix.Rand, cfg.Threads)
	for i := range r.gs {
		r.gs[i] = newGrads(m)
		r.rngs[i] = splitmix.Rand(cfg.Seed*1000003 + uint64(i)*7919 + 1)
	}
	for name, p := range map[string][]float32{"w1": m.W1, "b1": m.B1, "w2": m.W2, "b2": m.B2, "w3": m.W3, "b3": m.B3} {
		r.opt[name] = newAdam(len(p))
	}
	steps := max(1, cfg.Samples/cfg.Batch)
	var lossSum float64
	lossN := 0
	for step := 1; step <= steps; step++ {
		r.gradients()
		g := r.sum()
		progress := float64(step-1) / float64(steps)
		lr := cfg.LR * (0.1 + 0.9*0.5*(1+math.Cos(math.Pi*progress)))
		r.adamStep(step, lr)
		lossSum += g.loss
		lossN += cfg.Batch
		if cfg.Progress != nil && cfg.Every > 0 && (step*cfg.Batch)/cfg.Every != ((step-1)*cfg.Batch)/cfg.Every {
			cfg.Progress(step*cfg.Batch, lossSum/float64(lossN))
			lossSum, lossN = 0, 0
		}
	}
	m.RoundWeights()
	return m
}

// run is one training run's state: a gradient and a random stream per
// thread, and Adam's moments per parameter slice.
type run struct {
	m    *wdlnet.Model
	cfg  *Config
	s    *sampler
	gs   []*grads
	rngs []splitmix.Rand
	opt  map[string]adam
}

// gradients draws a batch and accumulates its gradient, a share per thread.
func (r *run) gradients() {
	var wg sync.WaitGroup
	for t := range r.gs {
		wg.Add(1)
		go func(t int) {
			defer wg.Done()
			g := r.gs[t]
			g.reset(r.m)
			n := r.cfg.Batch / r.cfg.Threads
			if t < r.cfg.Batch%r.cfg.Threads {
				n++
			}
			for range n {
				e := r.s.draw(&r.rngs[t])
				accumulate(r.m, &e, g)
			}
		}(t)
	}
	wg.Wait()
}

// sum adds the threads' gradients of the small layers, their loss and
// the list of W1's touched rows into the first thread's, and returns it.
func (r *run) sum() *grads {
	g := r.gs[0]
	for _, o := range r.gs[1:] {
		for _, f := range o.rows {
			if !g.touched[f] {
				g.touched[f] = true
				g.rows = append(g.rows, f)
			}
		}
		for _, pair := range [][2][]float32{{g.b1, o.b1}, {g.w2, o.w2}, {g.b2, o.b2}, {g.w3, o.w3}, {g.b3, o.b3}} {
			for i := range pair[0] {
				pair[0][i] += pair[1][i]
			}
		}
		g.loss += o.loss
	}
	return g
}

// adamStep takes Adam's step: the touched rows of W1 on every thread (each
// row summed in thread order, so the result does not depend on how the
// rows are shared out), the small layers on this one.
func (r *run) adamStep(step int, lr float64) {
	m, g := r.m, r.gs[0]
	c1, c2 := 1-math.Pow(beta1, float64(step)), 1-math.Pow(beta2, float64(step))
	scale := 1 / float64(r.cfg.Batch)
	w1 := r.opt["w1"]
	share := (len(g.rows) + len(r.gs) - 1) / len(r.gs)
	var wg sync.WaitGroup
	for t := range r.gs {
		wg.Add(1)
		go func(rows []int) {
			defer wg.Done()
			for _, f := range rows {
				dst := g.w1[f*m.H1 : (f+1)*m.H1]
				for _, o := range r.gs[1:] {
					if o.touched[f] {
						for j, v := range o.w1[f*m.H1 : (f+1)*m.H1] {
							dst[j] += v
						}
					}
				}
				w1.step(m.W1, g.w1, f*m.H1, (f+1)*m.H1, lr, scale, c1, c2)
			}
		}(g.rows[min(len(g.rows), t*share):min(len(g.rows), (t+1)*share)])
	}
	for _, u := range []struct {
		name string
		w, g []float32
	}{{"b1", m.B1, g.b1}, {"w2", m.W2, g.w2}, {"b2", m.B2, g.b2}, {"w3", m.W3, g.w3}, {"b3", m.B3, g.b3}} {
		o := r.opt[u.name]
		o.step(u.w, u.g, 0, len(u.w), lr, scale, c1, c2)
	}
	wg.Wait()
}
