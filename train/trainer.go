package train

import (
	"encoding/gob"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"time"

	"kibitz/internal/regular"
	"kibitz/nnue"
)

// Config describes a training run.
type Config struct {
	Hidden      int
	Buckets     int  // output buckets by the number of men (nnue.OutputBucket); 1: one output
	Squared     bool // the squared clipped ReLU (nnue.ActSCReLU) instead of the clipped ReLU
	KingBuckets int  // inputs by the own king's square (nnue.KingBucketLayouts); 1: none
	Epochs      int
	BatchSize   int
	LR          float64 // Adam step size at the start
	Lambda      float64 // weight of the game result in the target (the rest: the search score)
	// LambdaEnd, when ≥ 0, is the weight in the last epoch: λ moves from
	// Lambda to LambdaEnd in equal steps, one per epoch. Negative: Lambda
	// throughout.
	LambdaEnd    float64
	SigmoidScale float64 // centipawns: win probability = sigmoid(cp / SigmoidScale)
	ValidPercent int     // games (by number) held out for validation
	Seed         uint64
	Threads      int
	Checkpoint   string // saved after every epoch when set; resumed from when it exists
	// Schedule is the learning rate over the run, set at every optimiser
	// step: after a linear warm-up over Warmup of the steps, "cosine" (the
	// default) decays along half a cosine to LREnd of LR at the last step,
	// "linear" in a straight line to LREnd, and "step" keeps LR to 60 % of
	// the steps, 30 % of it to 85 % and 9 % after.
	Schedule string
	Warmup   float64 // share of the steps warming up, 0 to 0.5
	LREnd    float64 // the rate at the last step, as a share of LR ("cosine", "linear")
	// Positions, when > 0, is how many training positions the run sees in
	// all (the last pass over the data may be partial); 0: Epochs passes.
	Positions int64
	// WeightDecay, when > 0, shrinks every weight by LR·WeightDecay of
	// itself at each step (decoupled from the gradient: AdamW).
	WeightDecay float64
	// Mirror trains on each position without castling rights mirrored
	// left to right half of the time (a different half every epoch).
	Mirror bool
	// Init, if set, is where training starts instead of seeded random
	// weights (FromNet: a net trained before). Its shape must be the
	// configuration's, but a net without king buckets may start a model
	// with them (its weights become the shared factor, as in
	// UseKingBuckets), a king-bucketed net a model with a finer layout
	// (Model.SplitKingBuckets), a narrower net a wider model
	// (Model.Widen) and a one-output net output buckets
	// (Model.SplitOutputBuckets).
	Init     *Model
	Progress func(EpochStats)
}

// DefaultConfig is the recipe of the default net.
func DefaultConfig() Config {
	return Config{Hidden: 256, Buckets: 1, KingBuckets: 1, Epochs: 20, BatchSize: 16384, LR: 0.001, Lambda: 0.5, LambdaEnd: -1, SigmoidScale: 200,
		ValidPercent: 5, Seed: 1, Threads: runtime.NumCPU(), Schedule: "cosine", Warmup: 0.01, LREnd: 0.01}
}

// EpochStats is one line of the loss curve.
type EpochStats struct {
	Epoch      int
	Steps      int     // optimiser steps so far
	Seen       int64   // training positions seen so far
	LR         float64 // at the epoch's last step
	TrainLoss  float64
	ValidLoss  float64
	PosPerSec  float64
	ElapsedSec float64
}

// adam holds the optimiser state, one moment pair per parameter.
type adam struct {
	M, V [][]float32
	Step int
}

// checkpoint is what a resumable run saves.
type checkpoint struct {
	Model  *Model
	Adam   adam
	Epoch  int
	Curve  []EpochStats
	Config Config
}

// IsValidation reports whether a game's positions are held out.
func IsValidation(game uint32, validPercent int) bool {
	return int(mix(uint64(game))%100) < validPercent
}

// Split separates samples into training and validation sets by game, in
// place (no second copy of a corpus that may fill most of the memory):
// both are slices of samples, whose order it changes, each set keeping
// the order its samples had.
func Split(samples []Sample, validPercent int) (trainSet, validSet []Sample) {
	n := 0
	var held []Sample
	for _, s := range samples {
		if IsValidation(s.Game, validPercent) {
			held = append(held, s)
		} else {
			samples[n] = s
			n++
		}
	}
	copy(samples[n:], held)
	return samples[:n:n], samples[n:]
}

func mix(x uint64) uint64 { // splitmix64 finaliser: game numbers to a fair split
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// startModel is where training starts: cfg.Init grown to the
// configuration's shape, or seeded random weights.
func startModel(cfg Config) (*Model, error) {
	m := NewModel(cfg.Hidden, cfg.Buckets, cfg.Seed)
	m.Squared = cfg.Squared
	if in := cfg.Init; in != nil {
		if in.H > cfg.Hidden || (in.B != cfg.Buckets && in.B != 1) || in.Squared != cfg.Squared || in.K > cfg.KingBuckets {
			return nil, fmt.Errorf("the starting net has %d hidden neurons, %d output buckets, %d king buckets and squared activation %v; asked for %d (or more), %d (or more, from 1), %d (or more, a finer layout) and %v",
				in.H, in.B, in.K, in.Squared, cfg.Hidden, cfg.Buckets, cfg.KingBuckets, cfg.Squared)
		}
		m = in.clone()
		m.Widen(cfg.Hidden, cfg.Seed)
		if err := m.SplitOutputBuckets(cfg.Buckets); err != nil {
			return nil, err
		}
		if m.K > 1 && m.K < cfg.KingBuckets {
			if err := m.SplitKingBuckets(cfg.KingBuckets); err != nil {
				return nil, err
			}
		}
	}
	if m.K == 1 {
		m.UseKingBuckets(cfg.KingBuckets)
	}
	return m, nil
}

// Train fits a model to the training samples, reporting the validation
// loss after every epoch.
func Train(trainSet, validSet []Sample, cfg Config) (*Model, []EpochStats, error) {
	if len(trainSet) < cfg.BatchSize || cfg.Hidden%64 != 0 || cfg.Epochs < 1 || cfg.Buckets < 1 || cfg.Buckets > nnue.MaxBuckets || !nnue.ValidKingBuckets(cfg.KingBuckets) {
		return nil, nil, fmt.Errorf("need at least one batch of %d positions (have %d), hidden a multiple of 64, 1 to %d output buckets, king buckets one of %v and ≥ 1 epoch",
			cfg.BatchSize, len(trainSet), nnue.MaxBuckets, nnue.KingBucketLayouts)
	}
	m, err := startModel(cfg)
	if err != nil {
		return nil, nil, err
	}
	opt := newAdam(m)
	start, curve := 1, []EpochStats(nil)
	if cfg.Checkpoint != "" {
		if ck, err := loadCheckpoint(cfg.Checkpoint); err == nil {
			if ck.Model.H != cfg.Hidden || ck.Model.B != cfg.Buckets || ck.Model.Squared != cfg.Squared || max(ck.Model.K, 1) != cfg.KingBuckets {
				return nil, nil, fmt.Errorf("checkpoint %s has %d hidden neurons, %d output buckets, %d king buckets and squared activation %v, not %d, %d, %d and %v",
					cfg.Checkpoint, ck.Model.H, ck.Model.B, max(ck.Model.K, 1), ck.Model.Squared, cfg.Hidden, cfg.Buckets, cfg.KingBuckets, cfg.Squared)
			}
			m, opt, start, curve = ck.Model, ck.Adam, ck.Epoch+1, ck.Curve
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, nil, err
		}
	}
	threads := max(cfg.Threads, 1)
	workers := make([]*gradWorker, threads)
	for i := range workers {
		workers[i] = newGradWorker(m)
	}
	began := time.Now()
	perEpoch := len(trainSet) / cfg.BatchSize
	total := cfg.Epochs * perEpoch
	if cfg.Positions > 0 {
		total = int(max(cfg.Positions/int64(cfg.BatchSize), 1))
	}
	epochs := (total + perEpoch - 1) / perEpoch
	cfg.Epochs = epochs // lambdaAt's epochs: the passes the run makes
	for epoch := start; epoch <= epochs; epoch++ {
		// The epoch's own target; the validation loss uses it too, so the
		// last epoch's is comparable with a run at LambdaEnd throughout.
		ecfg := cfg
		ecfg.Lambda = lambdaAt(cfg, epoch)
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(epoch)))
		order := rng.Perm(len(trainSet))
		t0 := time.Now()
		var lossSum float64
		var lr float64
		batches := min(perEpoch, total-opt.Step)
		for b := 0; b < batches; b++ {
			batch := order[b*cfg.BatchSize : (b+1)*cfg.BatchSize]
			lossSum += runBatch(m, workers, trainSet, batch, ecfg, uint64(epoch))
			lr = cfg.LR * LRFactor(cfg, opt.Step, total)
			opt.step(m, workers, float32(lr), cfg.BatchSize, float32(cfg.WeightDecay))
		}
		st := EpochStats{Epoch: epoch, Steps: opt.Step, Seen: int64(opt.Step) * int64(cfg.BatchSize), LR: lr, TrainLoss: lossSum / float64(batches*cfg.BatchSize),
			ValidLoss: Loss(m, validSet, ecfg, threads), PosPerSec: float64(batches*cfg.BatchSize) / time.Since(t0).Seconds(),
			ElapsedSec: time.Since(began).Seconds()}
		curve = append(curve, st)
		if cfg.Progress != nil {
			cfg.Progress(st)
		}
		if cfg.Checkpoint != "" {
			if err := saveCheckpoint(cfg.Checkpoint, checkpoint{m, opt, epoch, curve, cfg}); err != nil {
				return nil, nil, err
			}
		}
	}
	return m, curve, nil
}

// LRFactor is the share of the initial learning rate at optimiser step
// (counted from 0) of total, by cfg's Schedule, Warmup and LREnd.
func LRFactor(cfg Config, step, total int) float64 {
	warm := int(cfg.Warmup * float64(total))
	if step < warm {
		return float64(step+1) / float64(warm)
	}
	p := float64(step-warm) / float64(max(total-1-warm, 1)) // 0 at the first step after the warm-up, 1 at the last
	switch cfg.Schedule {
	case "linear":
		return 1 - (1-cfg.LREnd)*p
	case "step":
		switch {
		case p > 0.85:
			return 0.09
		case p > 0.6:
			return 0.3
		}
		return 1
	}
	return cfg.LREnd + (1-cfg.LREnd)*0.5*(1+math.Cos(math.Pi*p))
}

// lambdaAt is the weight of the game result in an epoch's target.
func lambdaAt(cfg Config, epoch int) float64 {
	if cfg.LambdaEnd < 0 || cfg.Epochs < 2 {
		return cfg.Lambda
	}
	return cfg.Lambda + (cfg.LambdaEnd-cfg.Lambda)*float64(epoch-1)/float64(cfg.Epochs-1)
}

// target and prediction of one sample, from the side to move's view.
func labels(s *Sample, cfg Config) (target float64) {
	score, result := float64(s.Score), float64(s.Result)
	if s.STM == 1 {
		score, result = -score, 1-result
	}
	return cfg.Lambda*result + (1-cfg.Lambda)*sigmoid(score/cfg.SigmoidScale)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Loss is the mean squared error of the model on samples.
func Loss(m *Model, samples []Sample, cfg Config, threads int) float64 {
	if len(samples) == 0 {
		return math.NaN()
	}
	parts := make([]float64, threads)
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			accs := [2][]float32{make([]float32, m.H), make([]float32, m.H)}
			for i := t; i < len(samples); i += threads {
				p := sigmoid(float64(m.forward(&samples[i], &accs)) * nnue.Scale / cfg.SigmoidScale)
				d := p - labels(&samples[i], cfg)
				parts[t] += d * d
			}
		}()
	}
	wg.Wait()
	var sum float64
	for _, p := range parts {
		sum += p
	}
	return sum / float64(len(samples))
}

// gradWorker accumulates the gradient of a share of a batch.
type gradWorker struct {
	g    [][]float32 // same shapes as Model.params()
	accs [2][]float32
	dacc [2][]float32
	loss float64
}

func newGradWorker(m *Model) *gradWorker {
	w := &gradWorker{}
	for _, p := range m.params() {
		w.g = append(w.g, make([]float32, len(p)))
	}
	for i := range w.accs {
		w.accs[i] = make([]float32, m.H)
		w.dacc[i] = make([]float32, m.H)
	}
	return w
}

func runBatch(m *Model, workers []*gradWorker, set []Sample, batch []int, cfg Config, epoch uint64) float64 {
	var wg sync.WaitGroup
	for t, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, g := range w.g {
				clear(g)
			}
			w.loss = 0
			for i := t; i < len(batch); i += len(workers) {
				s := &set[batch[i]]
				if cfg.Mirror && s.Mirrorable && mix(uint64(batch[i])^epoch<<40)&1 == 1 {
					flipped := s.mirrored()
					s = &flipped
				}
				w.backward(m, s, cfg)
			}
		}()
	}
	wg.Wait()
	var loss float64
	for _, w := range workers {
		loss += w.loss
	}
	return loss
}

// backward adds one sample's gradient: only the columns of its active
// features are touched (sparse input gradients).
func (w *gradWorker) backward(m *Model, s *Sample, cfg Config) {
	h := m.H
	out := m.forward(s, &w.accs)
	k := nnue.Scale / cfg.SigmoidScale
	p := sigmoid(float64(out) * k)
	d := p - labels(s, cfg)
	w.loss += d * d
	dout := float32(2 * d * p * (1 - p) * k)
	gFTW, gFTB, gOW, gOB := w.g[0], w.g[1], w.g[2], w.g[3]
	us, them := w.accs[s.STM], w.accs[s.STM^1]
	dus, dthem := w.dacc[s.STM], w.dacc[s.STM^1]
	b := m.bucket(s)
	ow, gow := m.OW[b*2*h:(b+1)*2*h], gOW[b*2*h:(b+1)*2*h]
	for j := 0; j < h; j++ {
		gow[j] += dout * m.act(us[j])
		gow[h+j] += dout * m.act(them[j])
		dus[j] = dout * ow[j] * m.actGrad(us[j])
		dthem[j] = dout * ow[h+j] * m.actGrad(them[j])
		gFTB[j] += dus[j] + dthem[j]
	}
	gOB[b] += dout
	for p := 0; p < 2; p++ {
		da := w.dacc[p]
		v := m.view(s, p)
		for _, f := range s.Features[p][:s.N] {
			in := v.Input(int(f))
			col := gFTW[in*h : in*h+h]
			for j := range col {
				col[j] += da[j]
			}
			if m.K > 1 {
				shared := (in - v.Offset) * h
				for j, g := range da[:h] {
					w.g[4][shared+j] += g
				}
			}
		}
	}
}

func newAdam(m *Model) adam {
	var a adam
	for _, p := range m.params() {
		a.M = append(a.M, make([]float32, len(p)))
		a.V = append(a.V, make([]float32, len(p)))
	}
	return a
}

// step applies the summed batch gradient with Adam and keeps weights
// inside the bounds the quantised format can hold.
func (a *adam) step(m *Model, workers []*gradWorker, lr float32, batch int, decay float32) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	a.Step++
	c1 := float32(1 - math.Pow(b1, float64(a.Step)))
	c2 := float32(1 - math.Pow(b2, float64(a.Step)))
	params := m.params()
	for k, p := range params {
		mom, vel := a.M[k], a.V[k]
		bound := float32(math.Inf(1))
		switch k {
		case 0, 1, 4: // feature weights, biases, shared feature weights
			bound = maxFTW
		case 2:
			bound = m.maxOutWeight()
		}
		for i := range p {
			var g float32
			for _, w := range workers {
				g += w.g[k][i]
			}
			g /= float32(batch)
			mom[i] = b1*mom[i] + (1-b1)*g
			vel[i] = b2*vel[i] + (1-b2)*g*g
			p[i] -= lr*(mom[i]/c1)/(float32(math.Sqrt(float64(vel[i]/c2)))+eps) + lr*decay*p[i]
			p[i] = min(max(p[i], -bound), bound)
		}
	}
}

func saveCheckpoint(path string, ck checkpoint) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	ck.Config.Progress = nil
	if err := gob.NewEncoder(f).Encode(ck); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func loadCheckpoint(path string) (checkpoint, error) {
	var ck checkpoint
	f, err := regular.Open(path)
	if err != nil {
		return ck, err
	}
	defer f.Close()
	if err := gob.NewDecoder(f).Decode(&ck); err != nil {
		return ck, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return ck, nil
}
