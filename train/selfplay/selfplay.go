// Package selfplay plays Kibitz against itself at a fixed node budget from
// randomised openings and records positions labelled with the search score
// and the game's result: the raw material for tuning the classical
// evaluation and for training networks.
//
// selfplay imports engine, engine/board, engine/search and nnue.
package selfplay

import (
	"math/rand/v2"
	"sync"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/nnue"
)

// Config describes a self-play run.
type Config struct {
	Nodes uint64 // node budget per move (the hard cap, with SoftNodes)
	// SoftNodes, when > 0, ends each move's search after the iteration
	// that passes this many nodes (whole iterations), Nodes still the cap.
	SoftNodes uint64
	// Each game opens with RandomPlies random legal plies, or with a
	// number drawn per game from RandomPlies..MaxRandomPlies when that is
	// larger (8–9: either side is to move first equally often).
	RandomPlies, MaxRandomPlies int
	// OpeningNodes, when > 0, searches the opening that many nodes and
	// draws another while the score is beyond ±OpeningMaxScore: no game
	// starts already lost for one side.
	OpeningNodes    uint64
	OpeningMaxScore int
	// WinScore: a game is adjudicated won once the score has stayed at
	// least this far (centipawns) from level for eight plies; 0 is 1000.
	WinScore    int
	MaxPlies    int // adjudicated a draw beyond this
	Seed        uint64
	Concurrency int
	Net         *nnue.Net // evaluate with this net instead of the classical evaluation
	HashMB      int       // each game's transposition table in megabytes (0: DefaultHashMB)
}

// DefaultHashMB is the table each game searches with unless Config.HashMB
// says otherwise. A few thousand nodes a move fill only a fraction of even
// a small table, and a table that stays in the core's own cache answers
// probes sooner; the search's evaluation cache keeps what the small table
// loses (docs/benchmarks.md measures the sizes).
const DefaultHashMB = 1

// Sample is one recorded position.
type Sample struct {
	FEN    string
	Score  int     // search score in centipawns, White's point of view
	Result float64 // game result for White: 1, 0.5 or 0
}

// Game is one finished game and the samples recorded from it.
type Game struct {
	Index   int
	Result  float64
	Plies   int
	Samples []Sample
	// The whole game, for the training corpus: the random opening from the
	// standard start, then every searched position's chosen move and score
	// (White's view). When a game is adjudicated the last searched move is
	// recorded although it was not played.
	Opening []board.Move
	Moves   []board.Move
	Scores  []int
}

// Run plays games numbered from first to first+n-1 on cfg.Concurrency
// goroutines and hands each finished game to sink (called from one
// goroutine at a time). Game i depends only on the seed, i and the table
// size, so runs are reproducible whatever the concurrency.
func Run(cfg Config, first, n int, sink func(Game)) {
	jobs := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < max(cfg.Concurrency, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng, _ := engine.New(engine.Config{HashMB: cfg.hashMB(), Threads: 1, Net: cfg.Net, Classical: cfg.Net == nil})
			for i := range jobs {
				g := Play(eng, cfg, i)
				mu.Lock()
				sink(g)
				mu.Unlock()
			}
		}()
	}
	for i := first; i < first+n; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
}

func (cfg Config) hashMB() int {
	if cfg.HashMB > 0 {
		return cfg.HashMB
	}
	return DefaultHashMB
}

// Play plays game number index with eng (whose state it resets).
func Play(eng *engine.Engine, cfg Config, index int) Game {
	eng.NewGame()
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(index)))
	pos, opening := cfg.opening(eng, rng)
	eng.NewGame()
	g := Game{Index: index, Opening: opening}
	winScore := cfg.WinScore
	if winScore == 0 {
		winScore = 1000
	}
	var pending []Sample
	winStreak, drawStreak := 0, 0
	for {
		if over, result := finished(pos); over {
			g.Result = result
			break
		}
		if pos.Ply() >= cfg.MaxPlies {
			g.Result = 0.5
			break
		}
		res, _ := eng.Search(pos, search.Limits{Nodes: cfg.Nodes, SoftNodes: cfg.SoftNodes}, nil) // eng is this game's alone: never busy
		white := res.Score
		if pos.SideToMove() == board.Black {
			white = -white
		}
		g.Moves = append(g.Moves, res.Move)
		g.Scores = append(g.Scores, white)
		if !pos.InCheck() && !res.Move.IsCapture() && !res.Move.IsPromotion() && !search.IsMate(res.Score) {
			pending = append(pending, Sample{FEN: pos.FEN(), Score: white})
		}
		// Adjudication: a decisive score held for eight plies, or a dead
		// level score held for twenty plies after move 40.
		switch {
		case abs(white) >= winScore:
			winStreak++
		default:
			winStreak = 0
		}
		if abs(white) <= 10 && pos.Ply() >= 80 {
			drawStreak++
		} else {
			drawStreak = 0
		}
		if winStreak >= 8 {
			g.Result = 0
			if white > 0 {
				g.Result = 1
			}
			break
		}
		if drawStreak >= 20 {
			g.Result = 0.5
			break
		}
		pos.MakeMove(res.Move)
	}
	g.Plies = pos.Ply()
	for i := range pending {
		pending[i].Result = g.Result
	}
	g.Samples = pending
	return g
}

// opening draws the game's random opening: its length, then its moves,
// again until the opening passes the balance check (OpeningNodes).
func (cfg Config) opening(eng *engine.Engine, rng *rand.Rand) (*board.Position, []board.Move) {
	for tries := 0; ; tries++ {
		plies := cfg.RandomPlies
		if cfg.MaxRandomPlies > plies {
			plies += rng.IntN(cfg.MaxRandomPlies - plies + 1)
		}
		pos, moves := randomOpening(rng, plies)
		// A bound no opening meets must not loop for ever: after 1000
		// tries the last one plays.
		if cfg.OpeningNodes == 0 || tries >= 1000 {
			return pos, moves
		}
		eng.NewGame()
		r, _ := eng.Search(pos, search.Limits{Nodes: cfg.OpeningNodes}, nil)
		if !search.IsMate(r.Score) && abs(r.Score) <= cfg.OpeningMaxScore {
			return pos, moves
		}
	}
}

// randomOpening plays random legal plies from the start, retrying until
// the position still has a legal move, and returns it with the moves played.
func randomOpening(rng *rand.Rand, plies int) (*board.Position, []board.Move) {
	for {
		pos := board.NewPosition()
		var l board.MoveList
		var moves []board.Move
		ok := true
		for i := 0; i < plies; i++ {
			pos.GenerateMoves(&l, board.GenAll)
			if l.N == 0 {
				ok = false
				break
			}
			m := l.Moves[rng.IntN(l.N)]
			moves = append(moves, m)
			pos.MakeMove(m)
		}
		if ok && pos.HasLegalMove() {
			return pos, moves
		}
	}
}

// finished reports whether the game is over by the rules and its result
// for White.
func finished(pos *board.Position) (bool, float64) {
	if !pos.HasLegalMove() {
		if pos.InCheck() {
			if pos.SideToMove() == board.White {
				return true, 0
			}
			return true, 1
		}
		return true, 0.5
	}
	if pos.HalfmoveClock() >= 100 || pos.IsRepetition(0) || pos.InsufficientMaterial() {
		return true, 0.5
	}
	return false, 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
