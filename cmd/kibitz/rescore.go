package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"kibitz/engine/search"
	"kibitz/train/corpus"
	"kibitz/train/rescore"
)

// corpusRescore writes a corpus file's games again with every searched
// position scored by a new search: never in place, resumable (the games
// already in --out are skipped), its header the source's plus the net and
// budget that scored it.
func corpusRescore(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("corpus rescore", stderr)
	in := fs.String("in", "", "corpus file whose games to score again")
	out := fs.String("out", "", "corpus file to write the rescored games to (appended to, resumed; never the source)")
	nodes := fs.Uint64("nodes", 20000, "node budget per position")
	depth := fs.Int("depth", 0, "fixed depth per position instead of --nodes (1..30)")
	conc := fs.Int("concurrency", runtime.NumCPU(), "games scored at once")
	hash := fs.Int("hash", search.DefaultHashMB, "transposition table of each game being scored, in megabytes (1..1024)")
	net := netFlags(fs)
	nn, err := net.parse(fs, args)
	if err != nil {
		return err
	}
	if *in == "" || *out == "" {
		return errors.New("usage: kibitz corpus rescore --in SOURCE" + corpus.Ext + " --out NEW" + corpus.Ext + " [--nodes N | --depth D] [--evalfile NET]")
	}
	if *nodes < 1 || *depth < 0 || *depth > 30 || *conc < 1 || *conc > 256 || *hash < 1 || *hash > 1024 {
		return errors.New("--nodes must be positive, --depth 1..30, --concurrency 1..256 and --hash 1..1024")
	}
	src := *in
	if same, err := sameFile(src, *out); err != nil || same {
		if err == nil {
			err = fmt.Errorf("--out %s is the source: a rescoring never rewrites its source", *out)
		}
		return err
	}
	srcMeta, err := corpus.Header(src)
	if err != nil {
		return err
	}
	cfg := rescore.Config{Nodes: *nodes, Depth: *depth, HashMB: *hash, Net: nn, Concurrency: *conc}
	if *depth > 0 {
		cfg.Nodes = 0
	}
	meta := cfg.Meta(srcMeta, netID(nn))
	done := map[uint64]bool{}
	if _, err := os.Stat(*out); err == nil {
		if _, err := corpus.Read(*out, func(g *corpus.Game) error { done[g.Index] = true; return nil }); err != nil {
			return err
		}
	}
	w, sum, err := corpus.Append(*out, meta)
	if err != nil {
		return err
	}
	defer w.Close()
	fmt.Fprintf(stdout, "%s → %s (%s): %d games already scored\n", src, *out, meta, sum.Games)
	start, games, positions := time.Now(), 0, 0
	err = rescore.Run(cfg, func(fn func(*corpus.Game) error) error {
		_, err := corpus.Read(src, fn)
		return err
	}, func(i uint64) bool { return done[i] }, func(g *corpus.Game) error {
		games, positions = games+1, positions+len(g.Plies)
		if games%50 == 0 {
			fmt.Fprintf(stdout, "games %d  positions %d  %.0f pos/s\n", games, positions, float64(positions)/time.Since(start).Seconds())
		}
		return w.Write(g) // whole games only: a run stopped later resumes after the games written
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "rescored %d games, %d positions in %v\n", games, positions, time.Since(start).Round(time.Second))
	return w.Close()
}

// sameFile reports whether two paths name one file (false when b does not
// exist yet).
func sameFile(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}
