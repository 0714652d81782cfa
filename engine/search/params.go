package search

// The search's tuning parameters, in one place. Depths are in plies,
// margins in centipawns. Each was chosen by fixed-node self-play (see
// docs/elo-log.md); change one only with a match that shows the gain.
const (
	// Reverse futility pruning: a node whose estimate exceeds beta by
	// rfpMargin per ply of depth (one ply less when improving) fails high.
	rfpMaxDepth = 8
	rfpMargin   = 80

	// Null-move pruning: reduction nmpBase + depth/nmpDepthDivisor, plus one
	// per nmpEvalDivisor of eval above beta, at most nmpMaxEvalReduction.
	nmpMinDepth         = 3
	nmpBase             = 3
	nmpDepthDivisor     = 4
	nmpEvalDivisor      = 200
	nmpMaxEvalReduction = 3

	// Internal iterative reduction: a node without a hash move from this
	// depth on is searched one ply shallower.
	iirMinDepth = 4

	// Move-loop pruning at shallow depth (late moves, futility, SEE).
	pruneMaxDepth = 8
	// Late move pruning: quiet moves after (lmpBase + depth²)/2 are skipped,
	// after twice as many when the position improves.
	lmpBase = 3
	// Futility pruning: quiet moves are skipped when the static eval plus
	// futilityBase + futilityPerDepth·depth stays at or below alpha.
	futilityBase     = 100
	futilityPerDepth = 90
	// SEE pruning: quiet moves losing more than seeQuietMargin·depth, and bad
	// captures losing more than seeNoisyMargin·depth, are skipped.
	seeQuietMargin = 60
	seeNoisyMargin = 100

	// Check extension: a checking move is searched one ply deeper while the
	// line is shorter than checkExtensionPlies × the iteration's depth (so
	// that perpetual checks cannot grow a line without end).
	checkExtensionPlies = 2

	// Late move reductions: base lmrBase + ln(depth)·ln(moves)/lmrDivisor,
	// from lmrMinDepth on, one ply less per lmrHistoryDivisor of history.
	lmrMinDepth       = 3
	lmrBase           = 0.75
	lmrDivisor        = 2.25
	lmrHistoryDivisor = 6000

	// History: a cutoff at depth d adds historyBonusScale·d², at most
	// historyBonusMax; the table saturates at historyMax.
	historyBonusScale = 16
	historyBonusMax   = 1600

	// Quiescence delta pruning: a capture that cannot lift the stand-pat
	// score to alpha even with the victim and deltaMargin more is skipped.
	deltaMargin = 200

	// Aspiration windows start ±aspirationDelta around the previous score
	// from aspirationMinDepth on, and double on every failure.
	aspirationMinDepth = 5
	aspirationDelta    = 20
)
