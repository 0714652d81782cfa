package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/tablebase"
)

// runTB is "kibitz tb gen|probe|stats|study".
func runTB(args []string, stdout, stderr io.Writer) error {
	return subcommand("tb", args, map[string]func([]string) error{
		"gen":   func(a []string) error { return runTBGen(a, stdout, stderr) },
		"probe": func(a []string) error { return runTBProbe(a, stdout, stderr) },
		"stats": func(a []string) error { return runTBStats(a, stdout, stderr) },
		"study": func(a []string) error { return runTBStudy(a, stdout, stderr) },
	})
}

func runTBGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tb gen", stderr)
	men := fs.Int("men", 3, "every ending with up to this many men, pawns included (3 or 4)")
	list := fs.String("tables", "", "only these endings, comma-separated (e.g. KQvKR,KBNvK)")
	out := fs.String("out", "tables", "directory to write the table files to")
	from := fs.String("from", "", "directories of tables already made, comma-separated: loaded instead of generated again")
	deps := fs.Bool("deps", false, "also write the tables generated on the way (those captures and promotions lead to)")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "tables made at once (each on every core); 1 bounds the memory of 5-man tables with pawns, about 10 GB each")
	progress := fs.Duration("progress", 30*time.Second, "how often a table being made says how far its levels have got (0: after every level)")
	resume := fs.Bool("resume", false, "load the tables already in --out instead of making them again: a stopped run goes on where it stopped")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *jobs < 1 || *jobs > 256 {
		return fmt.Errorf("--jobs %d: want 1..256", *jobs)
	}
	if *progress < 0 {
		return fmt.Errorf("--progress %v: want 0 or more", *progress)
	}
	sigs := tablebase.Signatures(*men)
	if *list != "" {
		var err error
		if sigs, err = tablebase.ParseSignatures(*list); err != nil {
			return err
		}
	} else if *men < 3 || *men > tablebase.CommonMen {
		return fmt.Errorf("--men %d: want 3 or 4 (5-man tables one by one with --tables)", *men)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	set := tablebase.NewSet()
	// Tables loaded from --out itself are not written again.
	inOut := map[string]bool{}
	if *resume {
		loaded, err := set.LoadDir(*out)
		if err != nil {
			return err
		}
		for _, s := range loaded {
			inOut[s.String()] = true
		}
		fmt.Fprintf(stdout, "%d tables already in %s\n", len(loaded), *out)
	}
	if *from != "" {
		for _, dir := range strings.Split(*from, ",") {
			loaded, err := set.LoadDir(dir)
			if err != nil {
				return err
			}
			if len(loaded) == 0 {
				return fmt.Errorf("--from %s: no %s files there", dir, tablebase.FileExt)
			}
		}
	}
	wanted := map[string]bool{}
	for _, s := range sigs {
		wanted[s.String()] = true
	}
	start := time.Now()
	var mu sync.Mutex
	written := map[string]bool{}
	var total int64
	var writeErr error
	// Each table is written as soon as it is made, so that a long run
	// keeps what it finished (--resume goes on from there).
	write := func(t *tablebase.Table) string {
		path := filepath.Join(*out, t.Sig.String()+tablebase.FileExt)
		n, err := t.WriteFile(path)
		mu.Lock()
		defer mu.Unlock()
		written[t.Sig.String()], total = true, total+n
		if err != nil {
			if writeErr == nil {
				writeErr = err
			}
			return ""
		}
		return path
	}
	set.Store = func(t *tablebase.Table) *tablebase.Table {
		if !*deps && !wanted[t.Sig.String()] {
			return t
		}
		path := write(t)
		if path == "" {
			return t
		}
		// The written file, mapped, replaces the table in memory: a
		// cascade of 5-man tables does not have to fit in it.
		if mapped, err := tablebase.OpenTable(path); err == nil {
			return mapped
		}
		return t
	}
	// While a table is made: a line when its positions are seeded and,
	// every --progress, where its levels have got to.
	lastLine := map[string]time.Time{}
	set.Working = func(s tablebase.Signature, st tablebase.Stage) {
		mu.Lock()
		defer mu.Unlock()
		name := s.String()
		if st.Level >= 0 && time.Since(lastLine[name]) < *progress {
			return
		}
		lastLine[name] = time.Now()
		if st.Level < 0 {
			fmt.Fprintf(stdout, "%-8s seeded at %6.1f s: %d entries, %d wins and losses known\n", name, time.Since(start).Seconds(), st.Entries, st.Resolved)
			return
		}
		fmt.Fprintf(stdout, "%-8s level %d settled at %6.1f s: %d wins and losses known\n", name, st.Level, time.Since(start).Seconds(), st.Resolved)
	}
	set.Progress = func(t *tablebase.Table) {
		mu.Lock()
		defer mu.Unlock()
		if t.Err() != nil {
			fmt.Fprintf(stdout, "%-8s failed at %6.1f s: %v\n", t.Sig, time.Since(start).Seconds(), t.Err())
			return
		}
		fmt.Fprintf(stdout, "%-8s done at %6.1f s  %s\n", t.Sig, time.Since(start).Seconds(), t.Stats().Line(t.Sig))
	}
	// The tables that do not need each other are generated side by side,
	// one per core; each also seeds its positions on every core.
	tables := set.Generate(sigs, *jobs)
	for _, t := range tables {
		if !written[t.Sig.String()] && !inOut[t.Sig.String()] { // loaded with --from
			write(t)
		}
	}
	if writeErr != nil {
		return writeErr
	}
	fmt.Fprintf(stdout, "%d tables in %s, %.1f MB, %.1f s\n", len(written), *out, float64(total)/1e6, time.Since(start).Seconds())
	return nil
}

func runTBProbe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tb probe", stderr)
	fen := fs.String("fen", "", "the position (up to 4 men, no castling rights)")
	dir := fs.String("dir", "", "table directory (default: generate what the position needs)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos, err := board.ParseFEN(*fen)
	if err != nil {
		return err
	}
	set := tablebase.NewSet()
	if *dir != "" {
		if _, err := set.LoadDir(*dir); err != nil {
			return err
		}
	}
	r, err := set.Probe(pos)
	if err != nil {
		return err
	}
	switch {
	case r.WDL > 0:
		fmt.Fprintf(stdout, "win: mate in %d (%s)", (r.DTM+1)/2, plies(r.DTM))
	case r.WDL < 0 && r.DTM == 0:
		fmt.Fprint(stdout, "loss: checkmated")
	case r.WDL < 0:
		fmt.Fprintf(stdout, "loss: mated in %d (%s)", r.DTM/2, plies(r.DTM))
	default:
		fmt.Fprint(stdout, "draw")
	}
	if r.Best != board.NullMove {
		fmt.Fprintf(stdout, "; best move %s", r.Best)
	}
	fmt.Fprintln(stdout)
	return nil
}

func runTBStats(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tb stats", stderr)
	dir := fs.String("dir", "tables", "table directory")
	longest := fs.Bool("longest", false, "also the longest mate of each table, either side to move, in plies, with a position that takes it")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set := tablebase.NewSet()
	sigs, err := set.LoadDir(*dir)
	if err != nil {
		return err
	}
	if len(sigs) == 0 {
		return fmt.Errorf("no %s files in %s", tablebase.FileExt, *dir)
	}
	for _, sig := range sigs {
		t := set.Table(sig)
		fmt.Fprintln(stdout, t.Stats().Line(sig))
		if *longest {
			fmt.Fprintln(stdout, t.LongestLine())
		}
	}
	return nil
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
