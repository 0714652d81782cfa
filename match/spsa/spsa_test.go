package spsa

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

// toyPlay plays a pair between two settings of a toy engine whose
// strength, in Elo, falls with the square of each parameter's distance
// from a hidden optimum (x = 60, y = 30): no draws, the win probability by
// the logistic Elo formula, the coin seeded by the iteration.
func toyPlay(_, k int, plus, minus map[string]int) (float64, error) {
	strength := func(s map[string]int) float64 {
		dx, dy := float64(s["x"]-60)/40, float64(s["y"]-30)/20
		return -400 * (dx*dx + dy*dy)
	}
	p := 1 / (1 + math.Pow(10, -(strength(plus)-strength(minus))/400))
	r := rand.New(rand.NewPCG(uint64(k), 99))
	result := 0.0
	for g := 0; g < 2; g++ {
		if r.Float64() < p {
			result++
		} else {
			result--
		}
	}
	return result, nil
}

func toyConfig(iterations int) Config {
	return Config{
		Params: []Param{
			{Name: "x", Value: 110, Min: 0, Max: 200, CEnd: 8, REnd: 0.01},
			{Name: "y", Value: 0, Min: -50, Max: 100, CEnd: 4, REnd: 0.01},
		},
		Iterations: iterations, Seed: 3, Concurrency: 1, Play: toyPlay,
	}
}

// TestConvergesOnAToyEngine: from far away, the estimates end near the
// toy engine's optimum, and much nearer than they started.
func TestConvergesOnAToyEngine(t *testing.T) {
	out, err := Run(toyConfig(4000))
	if err != nil {
		t.Fatal(err)
	}
	x, y := out[0].Value, out[1].Value
	t.Logf("x 110 → %.1f (optimum 60), y 0 → %.1f (optimum 30)", x, y)
	if math.Abs(x-60) > 12 || math.Abs(y-30) > 8 {
		t.Errorf("ended at x %.1f, y %.1f: not near the optimum (60, 30)", x, y)
	}
}

// TestResumeContinuesTheSameRun: a run stopped after some iterations and
// resumed from its estimates ends where the uninterrupted run ends (one
// worker: the same iterations in the same order).
func TestResumeContinuesTheSameRun(t *testing.T) {
	whole, err := Run(toyConfig(600))
	if err != nil {
		t.Fatal(err)
	}
	first := toyConfig(600)
	var steps []Step
	first.Step = func(s Step) { steps = append(steps, s) }
	first.Play = func(w, k int, plus, minus map[string]int) (float64, error) {
		if k > 250 {
			return 0, errStopped
		}
		return toyPlay(w, k, plus, minus)
	}
	if _, err := Run(first); err != errStopped {
		t.Fatalf("the stopped run returned %v", err)
	}
	last := steps[len(steps)-1]
	if last.K != 250 {
		t.Fatalf("the stopped run's last step is %d, want 250", last.K)
	}
	second := toyConfig(600)
	second.Done = last.K
	for i := range second.Params {
		second.Params[i].Value = last.Theta[i]
	}
	resumed, err := Run(second)
	if err != nil {
		t.Fatal(err)
	}
	for i := range whole {
		if math.Abs(whole[i].Value-resumed[i].Value) > 1e-9 {
			t.Errorf("%s: %.6f uninterrupted, %.6f resumed", whole[i].Name, whole[i].Value, resumed[i].Value)
		}
	}
}

var errStopped = errorString("stopped")

type errorString string

func (e errorString) Error() string { return string(e) }

// TestSettingsStayInRange: perturbed settings are integers within each
// parameter's range, and the two engines differ in the direction drawn.
func TestSettingsStayInRange(t *testing.T) {
	c := toyConfig(50)
	c.Params[0].Value, c.Params[1].Value = 199, -50
	c.Concurrency = 2
	var mu sync.Mutex
	c.Play = func(w, k int, plus, minus map[string]int) (float64, error) {
		mu.Lock()
		defer mu.Unlock()
		if plus["x"] > 200 || minus["x"] > 200 || plus["y"] < -50 || minus["y"] < -50 {
			t.Errorf("iteration %d: settings %v / %v outside the ranges", k, plus, minus)
		}
		if plus["x"] == minus["x"] {
			t.Errorf("iteration %d: x not perturbed: %v / %v", k, plus, minus)
		}
		return 0, nil
	}
	out, err := Run(c)
	if err != nil {
		t.Fatal(err)
	}
	if out[0].Value != 199 || out[1].Value != -50 {
		t.Errorf("draws moved the estimates: %v", out)
	}
	if _, err := Run(Config{Params: []Param{{Name: "z", Value: 5, Min: 10, Max: 20, CEnd: 1, REnd: 0.002}}, Iterations: 1, Play: toyPlay}); err == nil {
		t.Error("a start outside the range was accepted")
	}
}
