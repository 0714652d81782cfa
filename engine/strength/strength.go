// Package strength is the engine's model of a weaker player. A level is an
// Elo on the engine scale of docs/levels.md; from it the package derives
// how far the search may look (a node budget per move), how many of the
// best root moves it scores exactly, and how it then draws the move among
// them: the probability of a move falls exponentially with what it loses
// to the best one, and moves that lose more than the level's limit are
// never chosen. Weak levels therefore make the mistakes of a short horizon
// and of carelessness — a piece left hanging, a tactic missed — rather than
// random moves, and strong levels play nearly the best move.
//
// The search (package search) applies the budget and asks Pick for the
// move; UCI, the page and the API only choose the Elo.
//
// strength imports only the standard library.
package strength

import (
	"math"
	"math/rand/v2"
)

// Params is how one level plays.
type Params struct {
	// Nodes is the node budget per move after the first iteration, which
	// always completes: 1 means a one-ply search (with quiescence).
	Nodes uint64
	// Lines is how many root moves are scored exactly (MultiPV).
	Lines int
	// Temperature, in centipawns: a move that loses this much to the best
	// is e times less likely to be chosen.
	Temperature int
	// MaxLoss, in centipawns: moves that lose more are never chosen.
	MaxLoss int
}

// Limited reports whether p weakens the play; the zero Params is full
// strength.
func (p Params) Limited() bool { return p.Nodes > 0 }

// Level is one step of the scale: its parameters and the Elo measured for
// them (docs/levels.md has the games).
type Level struct {
	Elo int
	Params
}

// Levels are the calibrated steps, weakest first, each labelled with the
// Elo measured for it (docs/levels.md). Between two of them ForElo
// interpolates; above the last one the engine plays at full strength,
// whose Elo is FullElo. The scale is Stockfish's UCI_Elo, an engine scale
// on which a player who only knows the rules rates near 0 — hence the
// negative label of the weakest level. No level is labelled exactly 0,
// which the page and the API use for "full strength".
var Levels = []Level{
	{Elo: -20, Params: Params{Nodes: 1, Lines: allLines, Temperature: 600, MaxLoss: 2500}},
	{Elo: 220, Params: Params{Nodes: 1, Lines: allLines, Temperature: 300, MaxLoss: 1200}},
	{Elo: 400, Params: Params{Nodes: 1, Lines: allLines, Temperature: 160, MaxLoss: 800}},
	{Elo: 600, Params: Params{Nodes: 200, Lines: allLines, Temperature: 110, MaxLoss: 600}},
	{Elo: 810, Params: Params{Nodes: 600, Lines: 12, Temperature: 80, MaxLoss: 450}},
	{Elo: 1337, Params: Params{Nodes: 1500, Lines: 8, Temperature: 60, MaxLoss: 350}},
	{Elo: 1547, Params: Params{Nodes: 4000, Lines: 6, Temperature: 45, MaxLoss: 250}},
	{Elo: 1733, Params: Params{Nodes: 10000, Lines: 5, Temperature: 32, MaxLoss: 200}},
	{Elo: 1882, Params: Params{Nodes: 25000, Lines: 4, Temperature: 22, MaxLoss: 150}},
	{Elo: 2003, Params: Params{Nodes: 60000, Lines: 3, Temperature: 14, MaxLoss: 100}},
	{Elo: 2190, Params: Params{Nodes: 150000, Lines: 2, Temperature: 8, MaxLoss: 60}},
}

// FullElo is the measured Elo of the unweakened engine at the calibration
// time control (5+0.05; it grows with the time): the top of the UCI_Elo
// range.
const FullElo = 2373

// MinElo is the bottom of the scale, the weakest level: a player who knows
// the rules.
const MinElo = -20

// allLines scores every legal move.
const allLines = 256

// ForElo returns the parameters of the level with the given Elo:
// interpolated between the calibrated levels (the node budget
// geometrically), the weakest level below MinElo, and full strength (the
// zero Params) from FullElo on.
func ForElo(elo int) Params {
	if elo >= FullElo {
		return Params{}
	}
	if elo <= Levels[0].Elo {
		return Levels[0].Params
	}
	last := Levels[len(Levels)-1]
	for i := 1; i < len(Levels); i++ {
		if elo < Levels[i].Elo {
			return between(Levels[i-1], Levels[i], elo)
		}
	}
	// Between the strongest level and full strength: the node budget keeps
	// growing and the choice narrows to the best move.
	full := Level{Elo: FullElo, Params: Params{Nodes: last.Nodes * 4, Lines: 1, Temperature: 1, MaxLoss: 0}}
	return between(last, full, elo)
}

func between(a, b Level, elo int) Params {
	t := float64(elo-a.Elo) / float64(b.Elo-a.Elo)
	lerp := func(x, y int) int { return int(math.Round(float64(x) + t*float64(y-x))) }
	nodes := math.Exp(math.Log(float64(a.Nodes)) + t*(math.Log(float64(b.Nodes))-math.Log(float64(a.Nodes))))
	return Params{
		Nodes:       uint64(math.Round(nodes)),
		Lines:       max(lerp(a.Lines, b.Lines), 1),
		Temperature: max(lerp(a.Temperature, b.Temperature), 1),
		MaxLoss:     lerp(a.MaxLoss, b.MaxLoss),
	}
}

// scoreCap bounds the scores Pick compares: a mate is worth a little more
// than any material, so that the weakest levels, which are allowed to lose
// a queen, may also overlook a mate — rarely.
const scoreCap = 2000

// Pick chooses among root moves whose exact scores (centipawns or mate
// scores, best first) are given and returns the index of the move to
// play. Each move's weight is exp(−loss/Temperature), moves losing more
// than MaxLoss excluded; the best move is always a candidate.
func Pick(scores []int, p Params, rng *rand.Rand) int {
	if len(scores) <= 1 || !p.Limited() {
		return 0
	}
	clamp := func(s int) int { return min(max(s, -scoreCap), scoreCap) }
	best := clamp(scores[0])
	weights := make([]float64, len(scores))
	total := 0.0
	for i, s := range scores {
		loss := best - clamp(s)
		if i > 0 && loss > p.MaxLoss {
			continue
		}
		weights[i] = math.Exp(-float64(loss) / float64(max(p.Temperature, 1)))
		total += weights[i]
	}
	r := rng.Float64() * total
	for i, w := range weights {
		if r < w {
			return i
		}
		r -= w
	}
	return 0 // rounding at the very end of the range
}

// DepthElo is the Elo measured for the play page's fixed depths, 1 to
// len(DepthElo) (docs/levels.md), made non-decreasing: where the noise of
// the measurements ranked a deeper depth below a shallower one, both carry
// their weighted mean. It covers every depth the page offers, 1 to 20.
var DepthElo = []int{1410, 1750, 1830, 1880, 1980, 2000, 2000, 2000, 2040, 2040, 2040, 2220, 2220, 2220, 2300, 2310, 2310, 2380, 2430, 2470}
