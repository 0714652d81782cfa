package main

import (
	"fmt"
	"io"
	"time"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/epd"
	"kibitz/internal/regular"
)

func runSolve(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("solve", stderr)
	file := fs.String("epd", "testdata/tactical/wacnew.epd", "EPD file")
	movetime := fs.Int("movetime", 0, "milliseconds per position")
	nodes := fs.Uint64("nodes", 0, "nodes per position")
	depth := fs.Int("depth", 0, "depth per position")
	threads := fs.Int("threads", 1, "search threads, "+rangeText("Threads"))
	hash := fs.Int("hash", 64, "transposition table size in MB, "+rangeText("Hash"))
	verbose := fs.Bool("v", false, "print every position")
	net := netFlags(fs)
	nn, err := net.parse(fs, args)
	if err != nil {
		return err
	}
	if lo, hi := engine.Range("Threads"); *movetime < 0 || *depth < 0 || *depth > search.MaxDepth || *threads < lo || *threads > hi {
		return fmt.Errorf("out of range: --movetime must not be negative, --depth 0..%d, --threads %d..%d", search.MaxDepth, lo, hi)
	}
	if err := engine.CheckHash(*hash); err != nil {
		return fmt.Errorf("--hash: %w", err)
	}
	if *movetime == 0 && *nodes == 0 && *depth == 0 {
		*movetime = 1000
	}
	f, err := regular.Open(*file)
	if err != nil {
		return err
	}
	defer f.Close()
	entries, err := epd.Read(f, *file)
	if err != nil {
		return err
	}
	eng, err := newEngine(engine.Config{HashMB: *hash, Threads: *threads}, nn)
	if err != nil {
		return err
	}
	lim := search.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond, Nodes: *nodes, Depth: *depth}
	solved := 0
	var missed []string
	for _, e := range entries {
		pos, err := board.ParseFEN(e.FEN)
		if err != nil {
			return fmt.Errorf("%s: %w", e.ID, err)
		}
		eng.NewGame()
		r, err := eng.Search(pos, lim, nil)
		if err != nil {
			return err
		}
		ok := e.Solved(r.Move.String())
		if ok {
			solved++
		} else {
			missed = append(missed, e.ID)
		}
		if *verbose {
			fmt.Fprintf(stdout, "%-8s %-6v %-5v depth %2d %s\n", e.ID, r.Move, ok, r.Depth, scoreText(r.Score))
		}
	}
	fmt.Fprintf(stdout, "solved %d/%d\n", solved, len(entries))
	if len(missed) > 0 {
		fmt.Fprintf(stdout, "missed: %v\n", missed)
	}
	return nil
}
