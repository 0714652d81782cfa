package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
)

// Pairing is the outcome of one match between two players: A's Elo
// difference over B and its 95 % error.
type Pairing struct {
	A, B       string
	Elo, Err95 float64
	Games      int
	Score      float64 // A's score, 0..1
}

// Rating is a player's fitted Elo and its 95 % error (0 for an anchor).
type Rating struct {
	Name       string
	Elo, Err95 float64
	Anchor     bool
}

// FitRatings places every player on one scale from the matches between
// them, with the anchors' Elo fixed: weighted least squares of the Elo
// differences, each match weighted by the inverse of its variance. The
// errors come from the fit's covariance, so a player known only through a
// chain of matches inherits the chain's uncertainty. Every player must be
// connected to an anchor.
func FitRatings(ps []Pairing, anchors map[string]float64) ([]Rating, error) {
	if len(anchors) == 0 {
		return nil, errors.New("ratings: at least one anchor is needed")
	}
	index := map[string]int{}
	var names []string
	for _, p := range ps {
		if !(p.Err95 > 0) || math.IsInf(p.Elo, 0) || math.IsNaN(p.Elo) {
			return nil, fmt.Errorf("ratings: %s vs %s has no finite Elo ± error (a score of 0 or 100 %%?)", p.A, p.B)
		}
		for _, n := range []string{p.A, p.B} {
			if _, known := anchors[n]; !known {
				if _, seen := index[n]; !seen {
					index[n] = len(names)
					names = append(names, n)
				}
			}
		}
	}
	n := len(names)
	m := make([][]float64, n) // normal matrix
	rhs := make([]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	for _, p := range ps {
		w := 1 / math.Pow(p.Err95/1.96, 2)
		// residual: r_A − r_B − Elo
		coef := map[string]float64{p.A: 1, p.B: -1}
		known := -p.Elo
		for name, c := range coef {
			if v, ok := anchors[name]; ok {
				known += c * v
			}
		}
		for a, ca := range coef {
			i, ok := index[a]
			if !ok {
				continue
			}
			rhs[i] -= w * ca * known
			for b, cb := range coef {
				if j, ok := index[b]; ok {
					m[i][j] += w * ca * cb
				}
			}
		}
	}
	inv, err := invert(m)
	if err != nil {
		return nil, errors.New("ratings: some players are not connected to an anchor by matches")
	}
	var out []Rating
	for name, v := range anchors {
		out = append(out, Rating{Name: name, Elo: v, Anchor: true})
	}
	for i, name := range names {
		elo := 0.0
		for j := range names {
			elo += inv[i][j] * rhs[j]
		}
		out = append(out, Rating{Name: name, Elo: elo, Err95: 1.96 * math.Sqrt(inv[i][i])})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Elo < out[j].Elo })
	return out, nil
}

// invert inverts a symmetric positive definite matrix by Gauss–Jordan
// elimination with partial pivoting.
func invert(a [][]float64) ([][]float64, error) {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil, errors.New("singular")
		}
		m[c], m[p] = m[p], m[c]
		pivot := m[c][c]
		for k := range m[c] {
			m[c][k] /= pivot
		}
		for r := 0; r < n; r++ {
			if r != c && m[r][c] != 0 {
				f := m[r][c]
				for k := range m[r] {
					m[r][k] -= f * m[c][k]
				}
			}
		}
	}
	inv := make([][]float64, n)
	for i := range m {
		inv[i] = m[i][n:]
	}
	return inv, nil
}

var (
	reportHead  = regexp.MustCompile(`^(\S+) vs (\S+): (\d+) games$`)
	reportElo   = regexp.MustCompile(`^Elo difference: ([-+]?[\d.]+|[-+]?Inf|NaN) ± ([\d.]+|NaN|[-+]?Inf)`)
	reportScore = regexp.MustCompile(`\((\d+(?:\.\d+)?)%\)$`)
)

// ReadReport reads the summary that `kibitz match` writes at its end.
func ReadReport(r io.Reader) (Pairing, error) {
	var p Pairing
	found := 0
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if m := reportHead.FindStringSubmatch(line); m != nil {
			p.A, p.B = m[1], m[2]
			p.Games, _ = strconv.Atoi(m[3])
			found |= 1
		} else if m := reportElo.FindStringSubmatch(line); m != nil {
			p.Elo, _ = strconv.ParseFloat(m[1], 64)
			p.Err95, _ = strconv.ParseFloat(m[2], 64)
			found |= 2
		} else if m := reportScore.FindStringSubmatch(line); m != nil && found&1 != 0 {
			s, _ := strconv.ParseFloat(m[1], 64)
			p.Score = s / 100
		}
	}
	if err := sc.Err(); err != nil {
		return p, err
	}
	if found != 3 {
		return p, errors.New("no match summary (\"A vs B: N games\" and \"Elo difference\") found")
	}
	return p, nil
}
