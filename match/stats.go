package match

import (
	"fmt"
	"math"
)

// Stats counts results from the first engine's point of view. Games are
// played in pairs (one opening, colours swapped); Penta counts pairs by
// their total score for the first engine: 0, 0.5, 1, 1.5 and 2 points.
type Stats struct {
	Wins, Draws, Losses int
	Penta               [5]int
}

// Games returns the number of games counted.
func (s Stats) Games() int { return s.Wins + s.Draws + s.Losses }

// Score returns the first engine's mean score per game, 0..1.
func (s Stats) Score() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(n)
}

// DrawRatio returns the share of drawn games.
func (s Stats) DrawRatio() float64 {
	return float64(s.Draws) / float64(max(s.Games(), 1))
}

// EloFromScore converts an expected score into a logistic Elo difference.
func EloFromScore(score float64) float64 {
	score = min(max(score, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/score-1)
}

// ScoreFromElo is the inverse of EloFromScore.
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// meanVar returns the mean score per game and the variance of that mean.
// With complete pairs it uses the pentanomial distribution (pairs are the
// independent samples: the shared opening correlates the two games);
// otherwise the trinomial one.
func (s Stats) meanVar() (mean, variance float64, ok bool) {
	pairs := 0
	for _, n := range s.Penta {
		pairs += n
	}
	if pairs > 0 {
		for i, n := range s.Penta {
			mean += float64(n) * float64(i) / 4
		}
		mean /= float64(pairs)
		for i, n := range s.Penta {
			d := float64(i)/4 - mean
			variance += float64(n) * d * d
		}
		variance /= float64(pairs) * float64(pairs)
		return mean, variance, true
	}
	n := s.Games()
	if n == 0 {
		return 0.5, 0, false
	}
	mean = s.Score()
	for _, r := range []struct {
		count int
		score float64
	}{{s.Wins, 1}, {s.Draws, 0.5}, {s.Losses, 0}} {
		d := r.score - mean
		variance += float64(r.count) * d * d
	}
	variance /= float64(n) * float64(n)
	return mean, variance, true
}

// Elo returns the Elo difference of the first engine and the half-width of
// its 95 % confidence interval.
func (s Stats) Elo() (elo, err95 float64) {
	mean, variance, ok := s.meanVar()
	if !ok {
		return 0, math.Inf(1)
	}
	sd := math.Sqrt(variance)
	lo, hi := EloFromScore(mean-1.959964*sd), EloFromScore(mean+1.959964*sd)
	return EloFromScore(mean), (hi - lo) / 2
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 (logistic Elo) with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds returns the lower and upper LLR bounds: below the lower one H0 is
// accepted, above the upper one H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of the results under the
// generalised SPRT's normal approximation:
// LLR = (s1 − s0)(2·mean − s0 − s1) / (2·var(mean)).
func (t SPRT) LLR(s Stats) float64 {
	mean, variance, ok := s.meanVar()
	if !ok || variance == 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Decision returns "H0", "H1" or "" (continue).
func (t SPRT) Decision(s Stats) string {
	llr := t.LLR(s)
	lo, hi := t.Bounds()
	switch {
	case llr <= lo:
		return "H0"
	case llr >= hi:
		return "H1"
	}
	return ""
}

// ParseSPRT reads "elo0=0,elo1=5,alpha=0.05,beta=0.05".
func ParseSPRT(spec string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	kv, err := parseKV(spec)
	if err != nil {
		return t, fmt.Errorf("--sprt: %w", err)
	}
	for k, v := range kv {
		var f float64
		if _, err := fmt.Sscan(v, &f); err != nil {
			return t, fmt.Errorf("--sprt %s=%q: not a number", k, v)
		}
		switch k {
		case "elo0":
			t.Elo0 = f
		case "elo1":
			t.Elo1 = f
		case "alpha":
			t.Alpha = f
		case "beta":
			t.Beta = f
		default:
			return t, fmt.Errorf("--sprt: unknown key %q (want elo0, elo1, alpha, beta)", k)
		}
	}
	if t.Elo1 <= t.Elo0 || t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return t, fmt.Errorf("--sprt: need elo0 < elo1 and 0 < alpha, beta < 0.5")
	}
	return t, nil
}
