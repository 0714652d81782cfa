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

// tbGenFlags are the flags of "kibitz tb gen".
type tbGenFlags struct {
	men          int
	list, out    string
	from         string
	deps, resume bool
	jobs         int
	progress     time.Duration
}

func parseTBGen(args []string, stderr io.Writer) (*tbGenFlags, []tablebase.Signature, error) {
	f := &tbGenFlags{}
	fs := newFlags("tb gen", stderr)
	fs.IntVar(&f.men, "men", 3, "every ending with up to this many men, pawns included (3 or 4)")
	fs.StringVar(&f.list, "tables", "", "only these endings, comma-separated (e.g. KQvKR,KBNvK)")
	fs.StringVar(&f.out, "out", "tables", "directory to write the table files to")
	fs.StringVar(&f.from, "from", "", "directories of tables already made, comma-separated: loaded instead of generated again")
	fs.BoolVar(&f.deps, "deps", false, "also write the tables generated on the way (those captures and promotions lead to)")
	fs.IntVar(&f.jobs, "jobs", runtime.GOMAXPROCS(0), "tables made at once (each on every core); 1 bounds the memory of 5-man tables with pawns, about 10 GB each")
	fs.DurationVar(&f.progress, "progress", 30*time.Second, "how often a table being made says how far its levels have got (0: after every level)")
	fs.BoolVar(&f.resume, "resume", false, "load the tables already in --out instead of making them again: a stopped run goes on where it stopped")
	if err := parseFlags(fs, args); err != nil {
		return nil, nil, err
	}
	if f.jobs < 1 || f.jobs > 256 {
		return nil, nil, fmt.Errorf("--jobs %d: want 1..256", f.jobs)
	}
	if f.progress < 0 {
		return nil, nil, fmt.Errorf("--progress %v: want 0 or more", f.progress)
	}
	sigs := tablebase.Signatures(f.men)
	if f.list != "" {
		var err error
		if sigs, err = tablebase.ParseSignatures(f.list); err != nil {
			return nil, nil, err
		}
	} else if f.men < 3 || f.men > tablebase.CommonMen {
		return nil, nil, fmt.Errorf("--men %d: want 3 or 4 (5-man tables one by one with --tables)", f.men)
	}
	return f, sigs, nil
}

func runTBGen(args []string, stdout, stderr io.Writer) error {
	f, sigs, err := parseTBGen(args, stderr)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(f.out, 0o755); err != nil {
		return err
	}
	set := tablebase.NewSet()
	inOut, err := f.loadMade(set, stdout)
	if err != nil {
		return err
	}
	g := &tbGen{f: f, stdout: stdout, start: time.Now(), wanted: map[string]bool{}, written: map[string]bool{}, lastLine: map[string]time.Time{}}
	for _, s := range sigs {
		g.wanted[s.String()] = true
	}
	set.Store, set.Working, set.Progress = g.store, g.working, g.progress
	// The tables that do not need each other are generated side by side,
	// one per core; each also seeds its positions on every core.
	tables := set.Generate(sigs, f.jobs)
	for _, t := range tables {
		if !g.written[t.Sig.String()] && !inOut[t.Sig.String()] { // loaded with --from
			g.write(t)
		}
	}
	if g.writeErr != nil {
		return g.writeErr
	}
	fmt.Fprintf(stdout, "%d tables in %s, %.1f MB, %.1f s\n", len(g.written), f.out, float64(g.total)/1e6, time.Since(g.start).Seconds())
	return nil
}

// loadMade loads the tables made before (--resume: those in --out, which
// it returns so that they are not written again; --from: other folders).
func (f *tbGenFlags) loadMade(set *tablebase.Set, stdout io.Writer) (inOut map[string]bool, err error) {
	inOut = map[string]bool{}
	if f.resume {
		loaded, err := set.LoadDir(f.out)
		if err != nil {
			return nil, err
		}
		for _, s := range loaded {
			inOut[s.String()] = true
		}
		fmt.Fprintf(stdout, "%d tables already in %s\n", len(loaded), f.out)
	}
	if f.from != "" {
		for _, dir := range strings.Split(f.from, ",") {
			loaded, err := set.LoadDir(dir)
			if err != nil {
				return nil, err
			}
			if len(loaded) == 0 {
				return nil, fmt.Errorf("--from %s: no %s files there", dir, tablebase.FileExt)
			}
		}
	}
	return inOut, nil
}

// tbGen writes the tables of one "tb gen" run as they are made and says
// how each goes; the generator calls it from several goroutines.
type tbGen struct {
	f        *tbGenFlags
	stdout   io.Writer
	start    time.Time
	wanted   map[string]bool // the tables asked for
	mu       sync.Mutex
	written  map[string]bool
	total    int64
	writeErr error
	lastLine map[string]time.Time
}

// write writes a table to --out and returns its path ("" on error): each
// table is written as soon as it is made, so that a long run keeps what
// it finished (--resume goes on from there).
func (g *tbGen) write(t *tablebase.Table) string {
	path := filepath.Join(g.f.out, t.Sig.String()+tablebase.FileExt)
	n, err := t.WriteFile(path)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.written[t.Sig.String()], g.total = true, g.total+n
	if err != nil {
		if g.writeErr == nil {
			g.writeErr = err
		}
		return ""
	}
	return path
}

// store is the set's Store: a wanted table (or with --deps any) is
// written, and the written file, mapped, replaces the table in memory,
// so that a cascade of 5-man tables does not have to fit in it.
func (g *tbGen) store(t *tablebase.Table) *tablebase.Table {
	if !g.f.deps && !g.wanted[t.Sig.String()] {
		return t
	}
	path := g.write(t)
	if path == "" {
		return t
	}
	if mapped, err := tablebase.OpenTable(path); err == nil {
		return mapped
	}
	return t
}

// working reports a table being made: a line when its positions are
// seeded and, every --progress, where its levels have got to.
func (g *tbGen) working(s tablebase.Signature, st tablebase.Stage) {
	g.mu.Lock()
	defer g.mu.Unlock()
	name := s.String()
	if st.Level >= 0 && time.Since(g.lastLine[name]) < g.f.progress {
		return
	}
	g.lastLine[name] = time.Now()
	if st.Level < 0 {
		fmt.Fprintf(g.stdout, "%-8s seeded at %6.1f s: %d entries, %d wins and losses known\n", name, time.Since(g.start).Seconds(), st.Entries, st.Resolved)
		return
	}
	fmt.Fprintf(g.stdout, "%-8s level %d settled at %6.1f s: %d wins and losses known\n", name, st.Level, time.Since(g.start).Seconds(), st.Resolved)
}

// progress reports a table made (or failed).
func (g *tbGen) progress(t *tablebase.Table) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if t.Err() != nil {
		fmt.Fprintf(g.stdout, "%-8s failed at %6.1f s: %v\n", t.Sig, time.Since(g.start).Seconds(), t.Err())
		return
	}
	fmt.Fprintf(g.stdout, "%-8s done at %6.1f s  %s\n", t.Sig, time.Since(g.start).Seconds(), t.Stats().Line(t.Sig))
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
