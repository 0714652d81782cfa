package match

import (
	"math"
	"strings"
	"testing"
)

func TestFitRatingsAlongAChain(t *testing.T) {
	ps := []Pairing{
		{A: "B", B: "A", Elo: 100, Err95: 1.96 * 50},
		{A: "C", B: "B", Elo: 50, Err95: 1.96 * 50},
	}
	rs, err := FitRatings(ps, map[string]float64{"A": 1000})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Rating{}
	for _, r := range rs {
		got[r.Name] = r
	}
	if !near(got["B"].Elo, 1100, 1e-6) || !near(got["C"].Elo, 1150, 1e-6) {
		t.Errorf("ratings %+v, want B 1100, C 1150", rs)
	}
	// Errors add in quadrature along the chain.
	if !near(got["B"].Err95, 1.96*50, 1e-6) || !near(got["C"].Err95, 1.96*50*math.Sqrt2, 1e-6) {
		t.Errorf("errors B %.2f, C %.2f", got["B"].Err95, got["C"].Err95)
	}
	if !got["A"].Anchor || rs[0].Name != "A" || rs[2].Name != "C" {
		t.Errorf("want A (anchor) first and C last: %+v", rs)
	}
}

func TestFitRatingsWeighsMatchesByTheirPrecision(t *testing.T) {
	// X measured against two anchors: a precise match says 1500, a vague
	// one 1700; the fit leans to the precise one (weights 4:1).
	ps := []Pairing{
		{A: "X", B: "P", Elo: 500, Err95: 1.96 * 10},
		{A: "X", B: "Q", Elo: 700, Err95: 1.96 * 20},
	}
	rs, err := FitRatings(ps, map[string]float64{"P": 1000, "Q": 1000})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Name == "X" && !near(r.Elo, 1540, 1e-6) {
			t.Errorf("X = %.2f, want 1540", r.Elo)
		}
	}
}

func TestFitRatingsRefusesWhatItCannotPlace(t *testing.T) {
	if _, err := FitRatings([]Pairing{{A: "X", B: "Y", Elo: 10, Err95: 20}}, map[string]float64{"Z": 0}); err == nil {
		t.Error("players unconnected to the anchor were placed")
	}
	if _, err := FitRatings([]Pairing{{A: "X", B: "Z", Elo: math.Inf(1), Err95: 0}}, map[string]float64{"Z": 0}); err == nil {
		t.Error("a 100 % score was placed")
	}
	if _, err := FitRatings(nil, nil); err == nil {
		t.Error("no anchor accepted")
	}
}

func TestReadReport(t *testing.T) {
	var b strings.Builder
	s := Summary{}
	s.Stats.Wins, s.Stats.Draws, s.Stats.Losses = 6, 2, 2
	s.Penta = [5]int{0, 1, 1, 1, 2}
	s.Report(&b, [2]string{"L1400", "SF1400"}, nil)
	p, err := ReadReport(strings.NewReader("game 1: ...\n" + b.String()))
	if err != nil {
		t.Fatal(err)
	}
	elo, e95 := s.Elo()
	if p.A != "L1400" || p.B != "SF1400" || p.Games != 10 || !near(p.Score, 0.7, 1e-9) || !near(p.Elo, elo, 0.05) || !near(p.Err95, e95, 0.05) {
		t.Errorf("read %+v from\n%s", p, b.String())
	}
	if _, err := ReadReport(strings.NewReader("game 1: a vs b 1-0\n")); err == nil {
		t.Error("a log without a summary was read")
	}
}
