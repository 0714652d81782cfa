// Package rescore searches the positions of stored self-play games again,
// with another net or a larger budget, and gives each its new score: the
// game, its moves and its result stay as they were played. Re-labelling
// the positions with a newer, stronger search is how other self-play
// engines get more from data they already have.
//
// rescore imports engine, engine/board, engine/search, nnue and train/corpus.
package rescore

import (
	"fmt"
	"sync"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/nnue"
	"kibitz/train/corpus"
)

// Config says how to score the positions again.
type Config struct {
	Nodes       uint64 // node budget per position (or Depth)
	Depth       int    // fixed depth per position (or Nodes)
	HashMB      int    // transposition table of each game being scored
	Net         *nnue.Net
	Concurrency int
}

// Meta is the header of a rescored file: the source's, with the net (its
// ID) and the budget that scored it again under keys that start with
// corpus.RescorePrefix.
func (cfg Config) Meta(source, netID string) string {
	budget := fmt.Sprintf(corpus.RescorePrefix+"nodes=%d", cfg.Nodes)
	if cfg.Depth > 0 {
		budget = fmt.Sprintf(corpus.RescorePrefix+"depth=%d", cfg.Depth)
	}
	return fmt.Sprintf("%s %snet=%s %s", source, corpus.RescorePrefix, netID, budget)
}

// Game returns a copy of g with every searched position scored by a new
// search of eng (White's view, as the corpus stores it); the table is
// cleared first, so a game's new scores depend only on it and cfg.
func Game(eng *engine.Engine, cfg Config, g *corpus.Game) (*corpus.Game, error) {
	out := &corpus.Game{Index: g.Index, Result: g.Result, Start: g.Start,
		Opening: append([]board.Move(nil), g.Opening...), Plies: append([]corpus.Ply(nil), g.Plies...)}
	eng.NewGame()
	err := out.Replay(func(pos *board.Position, ply int, _ corpus.Ply) {
		res, _ := eng.Search(pos, search.Limits{Nodes: cfg.Nodes, Depth: cfg.Depth}, nil) // eng is this game's alone: never busy
		if pos.SideToMove() == board.Black {
			res.Score = -res.Score
		}
		out.Plies[ply].Score = res.Score
	})
	return out, err
}

// Run scores again every game read that skip does not exclude, on
// cfg.Concurrency goroutines, and hands each to sink (one call at a time,
// in the order the games finish). read calls its function for each source
// game, as corpus.Read does.
func Run(cfg Config, read func(fn func(*corpus.Game) error) error, skip func(index uint64) bool, sink func(*corpus.Game) error) error {
	jobs := make(chan *corpus.Game)
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
	}
	for range max(cfg.Concurrency, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng, _ := engine.New(engine.Config{HashMB: max(cfg.HashMB, 1), Threads: 1, Net: cfg.Net, Classical: cfg.Net == nil})
			for g := range jobs {
				out, err := Game(eng, cfg, g)
				if err != nil {
					fail(fmt.Errorf("game %d: %w", g.Index, err))
					continue
				}
				mu.Lock()
				if firstErr == nil {
					firstErr = sink(out)
				}
				mu.Unlock()
			}
		}()
	}
	err := read(func(g *corpus.Game) error {
		mu.Lock()
		stop := firstErr
		mu.Unlock()
		if stop != nil {
			return stop
		}
		if skip(g.Index) {
			return nil
		}
		// The reader reuses g: the worker gets its own copy.
		c := *g
		c.Opening, c.Plies = append([]board.Move(nil), g.Opening...), append([]corpus.Ply(nil), g.Plies...)
		jobs <- &c
		return nil
	})
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return err
}
