// Package spsa tunes an engine's parameters by games: simultaneous
// perturbation stochastic approximation, as fishtest runs it. Each
// iteration perturbs every parameter at once by ±c_k (the signs drawn at
// random), plays a pair of games — one opening, colours swapped — between
// the engine set to θ + c_k·Δ and the engine set to θ − c_k·Δ, and moves θ
// along Δ by the pair's result. The gains shrink as in Spall's method:
// c_k = c_end·(N/k)^γ and a_k = r_end·c_end²·((A+N)/(A+k))^α, so that the
// last iteration perturbs by c_end and steps by r_end·c_end per point.
package spsa

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
)

// Param is one parameter being tuned.
type Param struct {
	Name     string
	Value    float64 // θ: the estimate, updated by every iteration
	Min, Max float64
	CEnd     float64 // the perturbation in the last iteration
	REnd     float64 // a_k / c_k² in the last iteration (fishtest's r_end)
}

// Config describes a run.
type Config struct {
	Params     []Param
	Iterations int // game pairs in the whole run (N)
	Done       int // iterations already played (a resumed run starts after them)
	// A is the stability constant of the step size; 0: a tenth of N.
	A           float64
	Seed        uint64
	Concurrency int
	// Play plays iteration k's pair with the given integer settings of the
	// two engines and returns the plus engine's wins minus its losses (−2
	// to 2). worker numbers the goroutine (0 ≤ worker < Concurrency), so
	// that each can keep its own engines.
	Play func(worker, k int, plus, minus map[string]int) (float64, error)
	// Step, if set, hears of every finished iteration (one at a time).
	Step func(Step)
}

// Step is a finished iteration: its number, the pair's result and θ after
// the update.
type Step struct {
	K      int
	Result float64
	Theta  []float64
}

// Exponents of the gain sequences (Spall's recommendation).
const (
	alpha = 0.602
	gamma = 0.101
)

// gains are c_k and a_k for one parameter.
func (c *Config) gains(p Param, k int) (ck, ak float64) {
	n, big := float64(c.Iterations), c.A
	if big <= 0 {
		big = 0.1 * n
	}
	ck = p.CEnd * math.Pow(n/float64(k), gamma)
	ak = p.REnd * p.CEnd * p.CEnd * math.Pow((big+n)/(big+float64(k)), alpha)
	return
}

// Run plays the iterations after c.Done up to c.Iterations and returns
// the parameters with their final estimates.
func Run(c Config) ([]Param, error) {
	if len(c.Params) == 0 || c.Iterations < 1 || c.Done < 0 || c.Play == nil {
		return nil, errors.New("spsa: need parameters, at least one iteration and a Play function")
	}
	for _, p := range c.Params {
		if !(p.Min < p.Max) || p.CEnd <= 0 || p.REnd <= 0 || p.Value < p.Min || p.Value > p.Max {
			return nil, fmt.Errorf("spsa: %s: want min < max, a value between them and positive c_end and r_end", p.Name)
		}
	}
	params := append([]Param(nil), c.Params...)
	var mu sync.Mutex
	var firstErr error
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(c.Concurrency, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				flips := signs(c.Seed, k, len(params))
				mu.Lock()
				plus, minus := map[string]int{}, map[string]int{}
				cks := make([]float64, len(params))
				for i, p := range params {
					ck, _ := c.gains(p, k)
					cks[i] = ck
					plus[p.Name] = settle(p, p.Value+ck*flips[i])
					minus[p.Name] = settle(p, p.Value-ck*flips[i])
				}
				mu.Unlock()
				result, err := c.Play(w, k, plus, minus)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				theta := make([]float64, len(params))
				for i := range params {
					_, ak := c.gains(params[i], k)
					p := &params[i]
					p.Value = math.Min(p.Max, math.Max(p.Min, p.Value+ak/cks[i]*result*flips[i]))
					theta[i] = p.Value
				}
				if c.Step != nil {
					c.Step(Step{K: k, Result: result, Theta: theta})
				}
				mu.Unlock()
			}
		}()
	}
	for k := c.Done + 1; k <= c.Iterations; k++ {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	return params, firstErr
}

// signs draws iteration k's perturbation directions: the same for the same
// seed and k, whatever the order the iterations run in.
func signs(seed uint64, k, n int) []float64 {
	r := rand.New(rand.NewPCG(seed, uint64(k)))
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(2*r.IntN(2) - 1)
	}
	return out
}

// settle is the integer setting an engine gets for value v.
func settle(p Param, v float64) int {
	return int(math.Round(math.Min(p.Max, math.Max(p.Min, v))))
}
