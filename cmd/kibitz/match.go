package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"kibitz/engine/board"
	"kibitz/match"
)

// engineFlags collects repeated --engine flags.
type engineFlags []match.EngineConfig

func (e *engineFlags) String() string { return fmt.Sprint(len(*e)) }
func (e *engineFlags) Set(s string) error {
	c, err := match.ParseEngine(s)
	if err != nil {
		return err
	}
	*e = append(*e, c)
	return nil
}

func runMatch(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("match", stderr)
	var engines engineFlags
	fs.Var(&engines, "engine", "cmd=PATH[,name=N][,args=A B][,option.NAME=V...][,tc=B+I|nodes=N|depth=D][,ponder=true] (twice; tc, nodes or depth: this engine's own limit; ponder: it thinks on the opponent's time)")
	tc := fs.String("tc", "", "time control base+inc in seconds, e.g. 10+0.1")
	nodes := fs.Uint64("nodes", 0, "fixed nodes per move instead of a clock")
	depth := fs.Int("depth", 0, "fixed depth per move instead of a clock")
	games := fs.Int("games", 100, "number of games (rounded up to pairs)")
	conc := fs.Int("concurrency", 1, "games played at once")
	openings := fs.String("openings", "", "opening file (.pgn or .epd); default: the built-in set (with --chess960: the 960 start positions)")
	chess960 := fs.Bool("chess960", false, "play Chess960: the engines get UCI_Chess960, castling is king takes rook, Kibitz's board referees")
	seed := fs.Uint64("seed", 0, "random seed for the opening order (0: one drawn from the clock, printed at the start)")
	pgnPath := fs.String("pgn", "", "write every game to this PGN file")
	sprtSpec := fs.String("sprt", "", "elo0=0,elo1=5,alpha=0.05,beta=0.05: stop when a bound is crossed")
	drawSpec := fs.String("draw", "", "draw adjudication: movenumber=N,movecount=M,score=S")
	resignSpec := fs.String("resign", "", "resign adjudication: movecount=M,score=S")
	maxMoves := fs.Int("maxmoves", 0, "adjudicate a draw after this many moves (0: never)")
	tolerance := fs.Duration("tolerance", 100*time.Millisecond, "clock overrun tolerated before a time loss")
	timeout := fs.Duration("timeout", 60*time.Second, "longest wait for a move at fixed nodes or depth, and for an engine to start (at least 30s)")
	watchdog := watchdogFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if len(engines) != 2 {
		return fmt.Errorf("need exactly two --engine flags, got %d", len(engines))
	}
	if engines[0].Name == engines[1].Name {
		engines[1].Name += "-2"
	}
	*seed = matchSeed(*seed)
	ref := match.Referee{Tolerance: *tolerance, Timeout: *timeout, Chess960: *chess960}
	var err error
	ownLimits := engines[0].Limit != nil && engines[1].Limit != nil
	if ref.Limit, err = matchLimit(*tc, *nodes, *depth, ownLimits); err != nil {
		return err
	}
	if *games < 1 || *conc < 1 || *conc > 64 || *maxMoves < 0 || *tolerance < 0 || *timeout <= 0 {
		return errors.New("--games, --concurrency (1..64), --maxmoves, --tolerance, --timeout must be positive")
	}
	if ref.Adjudge, err = parseAdjudication(*drawSpec, *resignSpec, *maxMoves); err != nil {
		return err
	}
	cfg := match.Config{
		Referee: ref, Games: *games, Concurrency: *conc, Seed: *seed,
		Progress: stdout, Tags: match.PGNTags{Event: "Kibitz match", Site: hostname(), Date: time.Now()},
	}
	copy(cfg.Engines[:], engines)
	if cfg.Watchdog, err = watchdog(stdout); err != nil {
		return err
	}
	if err := matchOpeningsAndSPRT(&cfg, *openings, *sprtSpec, *chess960); err != nil {
		return err
	}
	if *pgnPath != "" {
		f, err := os.Create(*pgnPath)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.PGN = f
	}
	fmt.Fprintf(stdout, "seed %d; %s vs %s; %s; %d games; concurrency %d\n", *seed, engines[0].Name, engines[1].Name, limitText(ref.Limit, engines), (*games+1)/2*2, *conc)
	stop, release := stopOnSignal(stderr)
	defer release()
	cfg.Stop = stop
	sum, err := match.Run(cfg)
	if err != nil && len(sum.Results) == 0 {
		return err // nothing was played: a summary of no games would only mislead
	}
	sum.Report(stdout, [2]string{engines[0].Name, engines[1].Name}, cfg.SPRT)
	return err
}

// matchSeed is the seed given, or for 0 one drawn from the clock (the
// match prints it, so that the run can be repeated).
func matchSeed(seed uint64) uint64 {
	if seed != 0 {
		return seed
	}
	return uint64(time.Now().UnixNano()%999999) + 1
}

// matchOpeningsAndSPRT sets the openings (a file, the built-in set, or for
// Chess960 its 960 start positions) and the SPRT of a match.
func matchOpeningsAndSPRT(cfg *match.Config, openings, sprtSpec string, chess960 bool) error {
	var err error
	switch {
	case openings != "":
		if cfg.Openings, err = match.LoadOpenings(openings, (cfg.Games+1)/2, cfg.Seed); err != nil {
			return err
		}
	case chess960:
		for n := range 960 {
			fen, _ := board.Chess960StartFEN(n)
			cfg.Openings = append(cfg.Openings, match.Opening{FEN: fen})
		}
	default:
		cfg.Openings = match.DefaultOpenings()
	}
	if sprtSpec != "" {
		t, err := match.ParseSPRT(sprtSpec)
		if err != nil {
			return err
		}
		cfg.SPRT = &t
	}
	return nil
}

// limitText describes the limits of a match: the common one, or each
// engine's own.
func limitText(common match.Limit, engines engineFlags) string {
	limits := [2]string{}
	for i, e := range engines {
		limits[i] = common.String()
		if e.Limit != nil {
			limits[i] = e.Limit.String()
		}
	}
	if limits[0] != limits[1] {
		return limits[0] + " against " + limits[1]
	}
	return limits[0]
}

// stopOnSignal returns a channel closed at the first interrupt (Ctrl-C or
// SIGTERM), so that a long match stopped by hand still ends with its
// summary; a second interrupt quits at once. release hands the signals
// back.
func stopOnSignal(stderr io.Writer) (stop <-chan struct{}, release func()) {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	stopped, done := make(chan struct{}), make(chan struct{})
	go func() {
		select {
		case <-sig:
		case <-done:
			return
		}
		fmt.Fprintln(stderr, "match: stopping — the games in play finish, then the summary (interrupt again to quit now)")
		close(stopped)
		select {
		case <-sig:
			fmt.Fprintln(stderr, "match: interrupted")
			match.KillEngines() // they run in process groups of their own
			os.Exit(130)
		case <-done:
		}
	}()
	return stopped, func() { signal.Stop(sig); close(done) }
}

// matchLimit turns --tc, --nodes and --depth, exactly one of which must be
// given (or none when both engines have their own), into the limit of
// every move.
func matchLimit(tc string, nodes uint64, depth int, ownLimits bool) (match.Limit, error) {
	var l match.Limit
	given := 0
	if tc != "" {
		var err error
		if l, err = match.ParseTC(tc); err != nil {
			return l, err
		}
		given++
	}
	if nodes > 0 {
		l.Nodes = nodes
		given++
	}
	if depth > 0 {
		l.Depth = depth
		given++
	}
	switch {
	case given == 0 && ownLimits:
	case given != 1:
		return l, errors.New("give exactly one of --tc, --nodes, --depth (or tc=, nodes= or depth= in both --engine flags)")
	}
	return l, nil
}

func parseAdjudication(draw, resign string, maxMoves int) (match.Adjudication, error) {
	a := match.Adjudication{MaxMoves: maxMoves}
	set := func(spec, flag string, keys map[string]*int) error {
		if spec == "" {
			return nil
		}
		for _, part := range strings.Split(spec, ",") {
			k, v, ok := strings.Cut(part, "=")
			p, known := keys[k]
			if !ok || !known {
				return fmt.Errorf("--%s: %q: want %s", flag, part, keyList(keys))
			}
			if _, err := fmt.Sscan(v, p); err != nil || *p < 0 {
				return fmt.Errorf("--%s %s=%q: want a non-negative integer", flag, k, v)
			}
		}
		return nil
	}
	if err := set(draw, "draw", map[string]*int{"movenumber": &a.DrawFromMove, "movecount": &a.DrawMoves, "score": &a.DrawScore}); err != nil {
		return a, err
	}
	if err := set(resign, "resign", map[string]*int{"movecount": &a.ResignMoves, "score": &a.ResignScore}); err != nil {
		return a, err
	}
	if resign != "" && (a.ResignMoves == 0 || a.ResignScore == 0) {
		return a, errors.New("--resign needs movecount and score")
	}
	if draw != "" && a.DrawMoves == 0 {
		return a, errors.New("--draw needs movecount")
	}
	return a, nil
}

func keyList(m map[string]*int) string {
	var ks []string
	for k := range m {
		ks = append(ks, k+"=N")
	}
	return strings.Join(ks, ",")
}

func hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "?"
	}
	return h
}

// watchdogFlags defines the watchdog's flags; the function it returns
// makes the watchdog they ask for (nil for none) once they are parsed.
func watchdogFlags(fs *flag.FlagSet) func(log io.Writer) (*match.Watchdog, error) {
	after := fs.Duration("watchdog", 0, "report an engine that owes an answer this long (its last commands, the kernel's view of it and a SIGUSR1 dump) and sample the engines' memory; 0: off")
	dir := fs.String("watchdog-dir", ".", "where --watchdog writes its stall reports and its per-second record (record.tsv)")
	cores := fs.Bool("watchdog-cores", false, "with --watchdog: take a core (gdb's gcore) of a Kibitz frozen whole before ending it")
	warmUp := fs.Int("watchdog-warmup", 100, "games each engine plays before --watchdog first samples its memory")
	return func(log io.Writer) (*match.Watchdog, error) {
		if *after < 0 || *warmUp < 0 {
			return nil, errors.New("--watchdog and --watchdog-warmup must not be negative")
		}
		if *after == 0 {
			return nil, nil
		}
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			return nil, err
		}
		return &match.Watchdog{After: *after, Dir: *dir, Log: log, WarmUp: *warmUp, Cores: *cores}, nil
	}
}
