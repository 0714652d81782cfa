package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"kibitz/nnue"
	"kibitz/train/corpus"
	"kibitz/train/selfplay"
)

func runDatagen(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("datagen", stderr)
	out := fs.String("out", "", "corpus file to append to (default: a file named after the net, nodes and seed in the store, $KIBITZ_DATA or ~/.cache/kibitz/data)")
	games := fs.Int("games", 1000, "games to play in this run")
	until := fs.Int("until", 0, "play up to game number N-1 instead (a resumed run finishes the same set of games)")
	nodes := fs.Uint64("nodes", 5000, "node budget per move")
	pliesText := fs.String("random-plies", "8-9", "random legal plies that open each game: N, or A-B drawn per game (8-9: either side moves first as often)")
	softNodes := fs.Uint64("soft-nodes", 0, "end each move's search after the iteration that passes N nodes, --nodes the hard cap (0: --nodes alone)")
	openingNodes := fs.Uint64("opening-nodes", 1000, "search each random opening this many nodes and draw another while it is unbalanced (0: no check)")
	openingMax := fs.Int("opening-max-score", 300, "centipawns: an opening scored beyond ± this is drawn again")
	winScore := fs.Int("win-score", 2000, "centipawns: a game is adjudicated won once the score stays this far from level for 8 plies")
	seed := fs.Uint64("seed", 1, "random seed (game i always plays the same way)")
	gen := fs.Int("generation", 0, "generation of net this data is meant to train, recorded in the file (0: none)")
	conc := fs.Int("concurrency", runtime.NumCPU(), "games played at once")
	hash := fs.Int("hash", selfplay.DefaultHashMB, "transposition table of each game in play, in megabytes (1..1024)")
	net := netFlags(fs)
	nn, err := net.parse(fs, args)
	if err != nil {
		return err
	}
	plies, maxRandom, err := pliesRange(*pliesText)
	if err != nil {
		return err
	}
	if *games < 1 || *until < 0 || *nodes < 1 || *conc < 1 || *conc > 256 || *gen < 0 || *hash < 1 || *hash > 1024 ||
		*softNodes >= *nodes || *openingMax < 0 || *winScore < 100 || *winScore > 10000 {
		return errors.New("--games, --nodes, --concurrency must be positive, --generation not negative, --hash 1..1024, " +
			"--soft-nodes below --nodes, --opening-max-score not negative and --win-score 100..10000")
	}
	const maxPlies = 400
	cfg := selfplay.Config{Nodes: *nodes, SoftNodes: *softNodes, RandomPlies: plies, MaxRandomPlies: maxRandom,
		OpeningNodes: *openingNodes, OpeningMaxScore: *openingMax, WinScore: *winScore,
		MaxPlies: maxPlies, Seed: *seed, Concurrency: *conc, Net: nn, HashMB: *hash}
	meta := datagenMeta(cfg, *pliesText, *gen)
	if *out == "" {
		dir, err := corpus.StoreDir()
		if err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		*out = filepath.Join(dir, fmt.Sprintf("%s-n%d-s%d%s", netID(nn), *nodes, *seed, corpus.Ext))
	}
	w, sum, err := corpus.Append(*out, meta)
	if err != nil {
		return err
	}
	defer w.Close()
	first := int(sum.NextIndex)
	if *until > 0 {
		if first >= *until {
			fmt.Fprintf(stdout, "%s already has games 0..%d (%d positions)\n", *out, first-1, sum.Positions)
			return nil
		}
		*games = *until - first
	}
	fmt.Fprintf(stdout, "%s (%s): %d games, %d positions; playing games %d..%d\n", *out, meta, sum.Games, sum.Positions, first, first+*games-1)
	start := time.Now()
	done, positions := 0, 0
	var werr error
	selfplay.Run(cfg, first, *games, func(g selfplay.Game) {
		if werr != nil {
			return
		}
		// Whole games only: a run stopped later resumes after this game.
		werr = w.Write(corpusGame(&g))
		done++
		positions += len(g.Moves)
		if done%50 == 0 || done == *games {
			el := time.Since(start)
			eta := time.Duration(float64(el) / float64(done) * float64(*games-done))
			fmt.Fprintf(stdout, "games %d/%d  positions %d  %.0f pos/s  eta %v\n", done, *games, positions, float64(positions)/el.Seconds(), eta.Round(time.Second))
		}
	})
	if werr != nil {
		return werr
	}
	return w.Close()
}

// datagenMeta is the header of a datagen file: everything that changes
// the games (files made before the opening check, the win score and the
// soft limit existed had none of them).
func datagenMeta(cfg selfplay.Config, plies string, generation int) string {
	meta := fmt.Sprintf("net=%s nodes=%d seed=%d random-plies=%s max-plies=%d", netID(cfg.Net), cfg.Nodes, cfg.Seed, plies, cfg.MaxPlies)
	meta += fmt.Sprintf(" opening-check=%d/%d win-score=%d", cfg.OpeningNodes, cfg.OpeningMaxScore, cfg.WinScore)
	if cfg.SoftNodes > 0 {
		meta += fmt.Sprintf(" soft-nodes=%d", cfg.SoftNodes)
	}
	if generation > 0 {
		meta += fmt.Sprintf(" generation=%d", generation)
	}
	return meta
}

// pliesRange reads --random-plies: N, or A-B.
func pliesRange(text string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(text, "-")
	if !isRange {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi > 40 {
		return 0, 0, fmt.Errorf("--random-plies %q: want N or A-B with 0 <= A <= B <= 40", text)
	}
	return lo, hi, nil
}

// corpusGame is a self-play game as the corpus stores it.
func corpusGame(g *selfplay.Game) *corpus.Game {
	c := &corpus.Game{Index: uint64(g.Index), Result: g.Result, Opening: g.Opening}
	for i, m := range g.Moves {
		c.Plies = append(c.Plies, corpus.Ply{Move: m, Score: g.Scores[i]})
	}
	return c
}

// netID names the evaluation that played: the first 12 hex digits of the
// net file's SHA-256, or "classical".
func netID(n *nnue.Net) string {
	if n == nil {
		return "classical"
	}
	return fmt.Sprintf("%x", sha256.Sum256(n.Bytes()))[:12]
}
