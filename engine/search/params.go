package search

import (
	"fmt"
	"math"
	"strings"
)

// The search's parameters, in one place. Depths are in plies, margins in
// centipawns. Each was chosen by fixed-node self-play (see docs/elo-log.md);
// change one only with a match that shows the gain. The structural ones
// are constants; the margins and divisors below them are tunable (Params),
// so that a tuning run (kibitz spsa) can move them without a rebuild.
const (
	// Reverse futility pruning applies up to this depth.
	rfpMaxDepth = 8

	// Null-move pruning: reduction nmpBase + depth/nmpDepthDivisor, plus one
	// per NMPEvalDivisor of eval above beta, at most nmpMaxEvalReduction.
	// Raised from 3 + depth/4 together with LMRBase and LMRDivisor (from 75
	// and 225): no loss in games at equal nodes, and a third fewer nodes to
	// the page's depth 18 (docs/elo-log.md ⁴⁰).
	nmpMinDepth         = 3
	nmpBase             = 4
	nmpDepthDivisor     = 3
	nmpMaxEvalReduction = 3

	// Internal iterative reduction: a node without a hash move from this
	// depth on is searched one ply shallower.
	iirMinDepth = 4

	// Move-loop pruning at shallow depth (late moves, futility, SEE).
	pruneMaxDepth = 8

	// History pruning applies up to this depth (HistoryPruneMargin).
	historyPruneMaxDepth = 4

	// Check extension: a checking move is searched one ply deeper while the
	// line is shorter than checkExtensionPlies × the iteration's depth (so
	// that perpetual checks cannot grow a line without end).
	checkExtensionPlies = 2

	// Singular extensions: from seMinDepth, when the table's lower bound
	// comes from at least depth − seDepthSlack, the other moves are searched
	// at half depth against the table's score − seMarginPerDepth·depth; far
	// below that (seDoubleMargin) the move is extended twice, at most
	// seMaxDoubleExt times in a line.
	seMinDepth       = 6
	seDepthSlack     = 3
	seMarginPerDepth = 2
	seDoubleMargin   = 20
	seMaxDoubleExt   = 6

	// Late move reductions start at this depth.
	lmrMinDepth = 3

	// Aspiration windows start from this depth.
	aspirationMinDepth = 5
)

// param indexes the tunable parameters in a Tuning.
type param int

const (
	pRFPMargin          param = iota // reverse futility: fail high when the estimate exceeds beta by this per ply (one ply less when improving)
	pNMPEvalDivisor                  // null move: one ply more reduction per this much eval above beta
	pLMPBase                         // late move pruning: quiet moves after (this + depth²)/2 are skipped (twice as many when improving)
	pFutilityBase                    // futility: a quiet move is skipped when eval + this + FutilityPerDepth·depth ≤ alpha
	pFutilityPerDepth                //
	pSEEQuietMargin                  // SEE pruning: quiet moves losing more than this per ply are skipped
	pSEENoisyMargin                  // SEE pruning: bad captures losing more than this per ply are skipped
	pLMRBase                         // late move reductions: (LMRBase + 100·ln(depth)·ln(moves)/LMRDivisor)/100 plies
	pLMRDivisor                      //
	pLMRHistoryDivisor               // late move reductions: one ply less per this much history
	pHistoryPruneMargin              // history pruning: a quiet move whose three history tables sum below −this·depth is skipped
	pHistoryBonusScale               // history: a cutoff at depth d adds this·d², at most HistoryBonusMax
	pHistoryBonusMax                 //
	pDeltaMargin                     // quiescence: a capture that cannot lift stand-pat to alpha with the victim and this more is skipped
	pAspirationDelta                 // aspiration: the first window's half width, doubled on every failure
	numParams
)

// ParamSpec describes a tunable parameter: its name (also its UCI option
// in builds with the tune tag), its default, its range, and the step a
// tuning run perturbs it by at its end (SPSA's c_end).
type ParamSpec struct {
	Name              string
	Default, Min, Max int
	Step              float64
}

var paramSpecs = [numParams]ParamSpec{
	pRFPMargin:          {"RFPMargin", 78, 30, 160, 8},
	pNMPEvalDivisor:     {"NMPEvalDivisor", 178, 60, 400, 20},
	pLMPBase:            {"LMPBase", 7, 0, 10, 1},
	pFutilityBase:       {"FutilityBase", 48, 20, 250, 12},
	pFutilityPerDepth:   {"FutilityPerDepth", 80, 30, 200, 10},
	pSEEQuietMargin:     {"SEEQuietMargin", 84, 10, 150, 8},
	pSEENoisyMargin:     {"SEENoisyMargin", 100, 20, 200, 10},
	pLMRBase:            {"LMRBase", 116, 0, 200, 8},
	pLMRDivisor:         {"LMRDivisor", 200, 120, 400, 12},
	pLMRHistoryDivisor:  {"LMRHistoryDivisor", 6000, 2000, 16000, 600},
	pHistoryPruneMargin: {"HistoryPruneMargin", 3000, 500, 12000, 300},
	pHistoryBonusScale:  {"HistoryBonusScale", 16, 4, 48, 2},
	pHistoryBonusMax:    {"HistoryBonusMax", 1600, 400, 4000, 150},
	pDeltaMargin:        {"DeltaMargin", 341, 50, 400, 20},
	pAspirationDelta:    {"AspirationDelta", 20, 8, 60, 3},
}

// Tuning is a set of values of the tunable parameters: each search's own
// (Options.Tuning), so that two engines of one process may differ — the
// tuner's two sides, the match runner's engines. A Tuning is never changed
// once a search may read it: With returns a changed copy.
type Tuning struct {
	values [numParams]int
	lmr    [64][64]int // lmr[depth][moveCount]: the base late-move reduction, from LMRBase and LMRDivisor
}

// defaultTuning is every parameter at its default: the Tuning of a search
// given none.
var defaultTuning = func() *Tuning {
	t := &Tuning{}
	for i, s := range paramSpecs {
		t.values[i] = s.Default
	}
	t.lmr = t.makeLMRTable()
	return t
}()

func (t *Tuning) makeLMRTable() (lmr [64][64]int) {
	base, div := float64(t.values[pLMRBase])/100, float64(t.values[pLMRDivisor])/100
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmr[d][m] = int(base + math.Log(float64(d))*math.Log(float64(m))/div)
		}
	}
	return
}

// Params lists the tunable parameters with their defaults and ranges.
func Params() []ParamSpec { return append([]ParamSpec(nil), paramSpecs[:]...) }

// Value returns the parameter named name (any case) in t (nil: the
// defaults); ok is false for no such parameter.
func (t *Tuning) Value(name string) (v int, ok bool) {
	if t == nil {
		t = defaultTuning
	}
	for i, s := range paramSpecs {
		if strings.EqualFold(s.Name, name) {
			return t.values[i], true
		}
	}
	return 0, false
}

// With returns a copy of t (nil: the defaults) with the parameter named
// name (any case) set to v, or an error for a name or value out of range.
func (t *Tuning) With(name string, v int) (*Tuning, error) {
	if t == nil {
		t = defaultTuning
	}
	for i, s := range paramSpecs {
		if !strings.EqualFold(s.Name, name) {
			continue
		}
		if v < s.Min || v > s.Max {
			return nil, fmt.Errorf("%s: %d is outside %d..%d", s.Name, v, s.Min, s.Max)
		}
		c := *t
		c.values[i] = v
		if param(i) == pLMRBase || param(i) == pLMRDivisor {
			c.lmr = c.makeLMRTable()
		}
		return &c, nil
	}
	return nil, fmt.Errorf("no search parameter named %q", name)
}
