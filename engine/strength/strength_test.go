package strength

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestLevelsGrowStronger(t *testing.T) {
	for i := 1; i < len(Levels); i++ {
		a, b := Levels[i-1], Levels[i]
		if b.Elo <= a.Elo || b.Nodes < a.Nodes || b.Temperature > a.Temperature || b.MaxLoss > a.MaxLoss || b.Lines > a.Lines {
			t.Errorf("level %d (%+v) is not a step up from level %d (%+v)", i, b, i-1, a)
		}
	}
	for _, l := range Levels {
		if l.Elo == 0 {
			t.Error("a level is labelled 0, which the page and the bridge read as full strength")
		}
	}
	if Levels[0].Elo != MinElo {
		t.Errorf("the weakest level is %d, MinElo %d", Levels[0].Elo, MinElo)
	}
	if last := Levels[len(Levels)-1]; last.Elo >= FullElo {
		t.Errorf("the strongest level (%d) is not below full strength (%d)", last.Elo, FullElo)
	}
}

func TestForElo(t *testing.T) {
	if p := ForElo(FullElo); p.Limited() {
		t.Errorf("ForElo(FullElo) = %+v, want full strength", p)
	}
	if p := ForElo(FullElo - 1); !p.Limited() {
		t.Errorf("ForElo(FullElo-1) is full strength")
	}
	if got := ForElo(MinElo - 300); got != Levels[0].Params {
		t.Errorf("below the scale: %+v, want the weakest level", got)
	}
	for _, l := range Levels {
		if got := ForElo(l.Elo); got != l.Params {
			t.Errorf("ForElo(%d) = %+v, want the level's own %+v", l.Elo, got, l.Params)
		}
	}
	// Between two levels the budget is their geometric mean half-way (the
	// labels' sum may be odd: the fraction is the one of the Elo asked for).
	a, b := Levels[5], Levels[6]
	elo := (a.Elo + b.Elo) / 2
	mid := ForElo(elo)
	frac := float64(elo-a.Elo) / float64(b.Elo-a.Elo)
	want := math.Sqrt(float64(a.Nodes)*float64(b.Nodes)) * math.Pow(float64(b.Nodes)/float64(a.Nodes), frac-0.5)
	if math.Abs(float64(mid.Nodes)-want) > 1 {
		t.Errorf("half-way between %d and %d nodes: %d, want %.0f", a.Nodes, b.Nodes, mid.Nodes, want)
	}
	prev := ForElo(MinElo)
	for elo := MinElo + 10; elo < FullElo; elo += 10 {
		p := ForElo(elo)
		if p.Nodes < prev.Nodes || p.Temperature > prev.Temperature || p.MaxLoss > prev.MaxLoss {
			t.Fatalf("ForElo(%d) = %+v is weaker than ForElo(%d) = %+v", elo, p, elo-10, prev)
		}
		prev = p
	}
}

func TestPickFollowsTheLoss(t *testing.T) {
	p := Params{Nodes: 1, Lines: 4, Temperature: 100, MaxLoss: 250}
	scores := []int{50, -50, -150, -300} // losses 0, 100, 200, 350
	rng := rand.New(rand.NewPCG(1, 2))
	var n [4]int
	const draws = 200000
	for range draws {
		n[Pick(scores, p, rng)]++
	}
	if n[3] != 0 {
		t.Errorf("a move losing 350 cp was chosen %d times with MaxLoss 250", n[3])
	}
	// Expected shares: e^0, e^-1, e^-2 over their sum.
	total := 1 + math.Exp(-1) + math.Exp(-2)
	for i, w := range []float64{1, math.Exp(-1), math.Exp(-2)} {
		got, want := float64(n[i])/draws, w/total
		if math.Abs(got-want) > 0.01 {
			t.Errorf("move %d chosen %.3f of the time, want %.3f", i, got, want)
		}
	}
}

func TestPickAtFullStrengthIsTheBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		if i := Pick([]int{10, 9, 8}, Params{}, rng); i != 0 {
			t.Fatalf("full strength chose line %d", i)
		}
	}
}

func TestPickIsSeeded(t *testing.T) {
	p := ForElo(MinElo)
	scores := []int{30, 20, 10, 0, -10, -500}
	seq := func() []int {
		rng := rand.New(rand.NewPCG(7, 7))
		var s []int
		for range 50 {
			s = append(s, Pick(scores, p, rng))
		}
		return s
	}
	a, b := seq(), seq()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("draw %d differs between two runs with one seed: %d, %d", i, a[i], b[i])
		}
	}
}

func TestPickSeesMatesAsLargeButFiniteLosses(t *testing.T) {
	// A mate found (30000) against a quiet move: the weakest level may
	// overlook it, a club level may not.
	scores := []int{30000, 0}
	rng := rand.New(rand.NewPCG(3, 3))
	overlooked := 0
	for range 20000 {
		overlooked += Pick(scores, ForElo(MinElo), rng)
	}
	if overlooked == 0 || overlooked > 2000 {
		t.Errorf("the weakest level overlooked a mate %d times in 20000, want rarely but not never", overlooked)
	}
	for range 1000 {
		if Pick(scores, ForElo(1500), rng) != 0 {
			t.Fatal("a club level overlooked a mate it had found")
		}
	}
}

func TestDepthEloIsOnTheScale(t *testing.T) {
	for i, e := range DepthElo {
		if e != 0 && (e < MinElo || e > FullElo+800) {
			t.Errorf("depth %d: %d Elo is off the scale", i+1, e)
		}
	}
}
