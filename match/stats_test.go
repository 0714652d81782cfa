package match

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestEloFromScore(t *testing.T) {
	// 75 % is 400·log10(3) = 190.85 Elo; 50 % is 0; 10^(−1/2) Elo-scale check.
	for _, c := range []struct{ score, elo float64 }{{0.5, 0}, {0.75, 190.849}, {0.25, -190.849}, {10.0 / 11, 400}} {
		if got := EloFromScore(c.score); !near(got, c.elo, 0.01) {
			t.Errorf("EloFromScore(%g) = %g, want %g", c.score, got, c.elo)
		}
		if got := ScoreFromElo(c.elo); !near(got, c.score, 1e-6) {
			t.Errorf("ScoreFromElo(%g) = %g, want %g", c.elo, got, c.score)
		}
	}
}

func TestTrinomialErrorBar(t *testing.T) {
	// 20 W, 60 D, 20 L: mean 0.5, per-game variance (20·0.25+0+20·0.25)/100
	// = 0.1, variance of the mean 0.001, sd 0.0316228; the 95 % interval
	// is 0.5 ± 0.0619795, i.e. Elo ±(400·log10(0.5619795/0.4380205)) = ±43.30.
	s := Stats{Wins: 20, Draws: 60, Losses: 20}
	elo, err := s.Elo()
	if !near(elo, 0, 1e-9) || !near(err, 43.30, 0.02) {
		t.Errorf("Elo = %g ± %g, want 0 ± 43.30", elo, err)
	}
}

func TestPentanomialErrorBarAndLLR(t *testing.T) {
	// 100 pairs: 5×0, 20×0.5, 40×1, 25×1.5, 10×2 points (per-game means
	// 0, .25, .5, .75, 1). Mean = (0·5+.25·20+.5·40+.75·25+1·10)/100
	// = 0.5375. Σn(x−m)² = 1.44453+1.65313+0.05625+1.12891+2.13906
	// = 6.42188, so a pair's variance is 0.0642188 and the mean's
	// 0.000642188 (sd 0.0253414). The 95 % interval 0.5375 ± 0.0496681
	// is Elo −8.455 … +61.19: half-width 34.82.
	s := Stats{Penta: [5]int{5, 20, 40, 25, 10}, Wins: 1} // W/D/L do not matter with pairs
	mean, variance, _ := s.meanVar()
	if !near(mean, 0.5375, 1e-9) || !near(variance, 0.000642188, 1e-8) {
		t.Fatalf("mean %g var %g", mean, variance)
	}
	elo, err := s.Elo()
	if !near(elo, EloFromScore(0.5375), 1e-9) {
		t.Errorf("Elo %g", elo)
	}
	if !near(err, 34.82, 0.05) {
		t.Errorf("error %g, want 34.82", err)
	}
	// GSPRT with elo0=0 (s0=0.5), elo1=10 (s1=0.514387):
	// LLR = (s1−s0)(2·0.5375−s0−s1)/(2·var) = 0.014387·0.060613/0.00128438 = 0.679.
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if got := sprt.LLR(s); !near(got, 0.679, 0.002) {
		t.Errorf("LLR = %g, want 0.679", got)
	}
	lower, upper := sprt.Bounds() // ln(0.05/0.95), ln(0.95/0.05)
	if !near(lower, -2.944, 0.001) || !near(upper, 2.944, 0.001) {
		t.Errorf("bounds %g %g", lower, upper)
	}
	if sprt.Decision(s) != "" {
		t.Error("decided too early")
	}
	strong := Stats{Penta: [5]int{0, 10, 40, 40, 60}}
	if sprt.Decision(strong) != "H1" {
		t.Errorf("a clearly stronger engine: LLR %g, no H1", sprt.LLR(strong))
	}
	weak := Stats{Penta: [5]int{60, 40, 40, 10, 0}}
	if sprt.Decision(weak) != "H0" {
		t.Errorf("a clearly weaker engine: LLR %g, no H0", sprt.LLR(weak))
	}
}

func TestParsers(t *testing.T) {
	if _, err := ParseSPRT("elo0=0,elo1=5"); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{"elo0=5,elo1=0", "elo0=x", "gamma=1", "elo0"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
	c, err := ParseEngine("cmd=/usr/games/gnuchess,args=--uci -q,option.Hash=64,name=gnu")
	if err != nil || c.Name != "gnu" || len(c.Args) != 2 || c.Options["Hash"] != "64" {
		t.Errorf("ParseEngine: %+v %v", c, err)
	}
	if c, err := ParseEngine("cmd=a,ponder=true"); err != nil || !c.Ponder {
		t.Errorf("ParseEngine(ponder=true) = %+v, %v", c, err)
	}
	if c.Limit != nil {
		t.Errorf("ParseEngine without tc, nodes or depth gave the engine its own limit %v", *c.Limit)
	}
	for spec, want := range map[string]string{"cmd=a,tc=5+0.05": "5+0.05", "cmd=a,depth=14": "depth=14", "cmd=a,nodes=20000": "nodes=20000"} {
		if c, err := ParseEngine(spec); err != nil || c.Limit == nil || c.Limit.String() != want {
			t.Errorf("ParseEngine(%q) = %+v, %v; want the limit %s", spec, c, err, want)
		}
	}
	for _, bad := range []string{"name=x", "cmd=a,cmd=b", "cmd=a,colour=red", "cmd",
		"cmd=a,tc=fast", "cmd=a,nodes=0", "cmd=a,depth=-1", "cmd=a,depth=500", "cmd=a,tc=1+0,depth=3", "cmd=a,nodes=1e3", "cmd=a,ponder=sometimes"} {
		if _, err := ParseEngine(bad); err == nil {
			t.Errorf("ParseEngine(%q) accepted", bad)
		}
	}
	l, err := ParseTC("10+0.1")
	if err != nil || l.Base.Seconds() != 10 || l.Inc.Milliseconds() != 100 || l.String() != "10+0.1" {
		t.Errorf("ParseTC: %+v %v", l, err)
	}
	for _, bad := range []string{"", "x", "-1+0", "10+-1"} {
		if _, err := ParseTC(bad); err == nil {
			t.Errorf("ParseTC(%q) accepted", bad)
		}
	}
}

// UCI's "score mate N" counts moves: a mate is ±(100000 − N), so a nearer
// mate scores higher and being mated sooner lower; bounds are not scores.
func TestParseScore(t *testing.T) {
	for _, c := range []struct {
		line string
		cp   int
		ok   bool
	}{
		{"info depth 9 score cp 35 nodes 1000 pv e2e4", 35, true},
		{"info depth 9 score cp -120 pv e2e4", -120, true},
		{"info depth 12 score mate 3 pv a1a8", 100000 - 3, true},
		{"info depth 12 score mate 1 pv a1a8", 100000 - 1, true},
		{"info depth 12 score mate -2 pv e8d8", -100000 + 2, true},
		{"info depth 9 score cp 50 lowerbound pv e2e4", 0, false},
		{"info depth 9 nodes 100", 0, false},
	} {
		s, ok := parseScore(c.line)
		if ok != c.ok || ok && (s.CP != c.cp || !s.Valid) {
			t.Errorf("%q: %+v %v, want %d %v", c.line, s, ok, c.cp, c.ok)
		}
	}
	mate1, _ := parseScore("info score mate 1")
	mate3, _ := parseScore("info score mate 3")
	mated1, _ := parseScore("info score mate -1")
	mated3, _ := parseScore("info score mate -3")
	if !(mate1.CP > mate3.CP && mate3.CP > 9999 && mated1.CP < mated3.CP && mated3.CP < -9999) {
		t.Error("mates are not ordered by their distance")
	}
}

// The Elo line never claims an error bar it does not have.
func TestEloText(t *testing.T) {
	for _, c := range []struct {
		elo, err float64
		want     string
	}{
		{12.34, 5.6, "+12.3 ± 5.6 (95%)"},
		{math.Copysign(0, -1), 30, "+0.0 ± 30.0 (95%)"},
		{0, 0, "+0.0 (every pair scored alike; no error bar yet)"},
		{0, math.Inf(1), "unknown (too few games for an error bar)"},
		{math.Inf(1), math.NaN(), "unknown (every game went one way; no error bar)"},
	} {
		if got := eloText(c.elo, c.err); got != c.want {
			t.Errorf("eloText(%v, %v) = %q, want %q", c.elo, c.err, got, c.want)
		}
	}
}
