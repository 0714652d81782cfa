package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/selfplay"
	"kibitz/train"
)

func init() {
	register(command{"datagen", "self-play games for NNUE training, appended to a binary data file (resumable)", runDatagen})
}

func runDatagen(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("datagen", stderr)
	out := fs.String("out", "data.bin", "data file (appended to; a run continues after its last game)")
	games := fs.Int("games", 1000, "games to play in this run")
	until := fs.Int("until", 0, "play up to game number N-1 instead (a resumed run finishes the same set of games)")
	nodes := fs.Uint64("nodes", 5000, "node budget per move")
	plies := fs.Int("random-plies", 8, "random legal plies that open each game")
	seed := fs.Uint64("seed", 1, "random seed (game i always plays the same way)")
	conc := fs.Int("concurrency", runtime.NumCPU(), "games played at once")
	net := netFlags(fs)
	nn, err := net.parse(fs, args)
	if err != nil {
		return err
	}
	if *games < 1 || *until < 0 || *nodes < 1 || *plies < 0 || *plies > 40 || *conc < 1 || *conc > 256 {
		return errors.New("--games, --nodes, --concurrency must be positive and --random-plies 0..40")
	}
	first, kept, err := resumePoint(*out)
	if err != nil {
		return err
	}
	if *until > 0 {
		if first >= *until {
			fmt.Fprintf(stdout, "%s already has games 0..%d (%d positions)\n", *out, first-1, kept)
			return nil
		}
		*games = *until - first
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	fmt.Fprintf(stdout, "seed %d; %s has %d positions; playing games %d..%d at %d nodes/move\n", *seed, *out, kept, first, first+*games-1, *nodes)
	cfg := selfplay.Config{Nodes: *nodes, RandomPlies: *plies, MaxPlies: 400, Seed: *seed, Concurrency: *conc, Net: nn}
	start := time.Now()
	done, positions := 0, 0
	var werr error
	selfplay.Run(cfg, first, *games, func(g selfplay.Game) {
		for _, s := range g.Samples {
			p, err := board.ParseFEN(s.FEN)
			if err != nil {
				werr = err
				return
			}
			rec := train.Encode(p, s.Score, s.Result, uint32(g.Index))
			if _, err := w.Write(rec[:]); err != nil && werr == nil {
				werr = err
			}
		}
		// Whole games only: a run stopped later resumes after this game.
		if err := w.Flush(); err != nil && werr == nil {
			werr = err
		}
		done++
		positions += len(g.Samples)
		if done%50 == 0 || done == *games {
			el := time.Since(start)
			eta := time.Duration(float64(el) / float64(done) * float64(*games-done))
			fmt.Fprintf(stdout, "games %d/%d  positions %d  %.0f pos/s  eta %v\n", done, *games, positions, float64(positions)/el.Seconds(), eta.Round(time.Second))
		}
	})
	return werr
}

// resumePoint returns the first game number to play and the positions the
// file holds, cutting off a record left half-written by an interrupted run.
func resumePoint(path string) (first, kept int, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return 0, 0, err
	}
	whole := st.Size() - st.Size()%train.RecordSize
	recs, err := train.ReadAll(io.LimitReader(f, whole))
	f.Close()
	if err != nil {
		return 0, 0, err
	}
	if whole != st.Size() {
		if err := os.Truncate(path, whole); err != nil {
			return 0, 0, err
		}
	}
	for _, r := range recs {
		var s train.Sample
		if err := r.Decode(&s); err != nil {
			return 0, 0, fmt.Errorf("%s: %w", path, err)
		}
		first = max(first, int(s.Game)+1)
	}
	return first, len(recs), nil
}
