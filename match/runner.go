package match

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"time"
)

// Config describes a match between two engines.
type Config struct {
	Engines     [2]EngineConfig
	Referee     Referee
	Games       int // rounded up to whole pairs
	Concurrency int
	Openings    []Opening
	Seed        uint64
	SPRT        *SPRT
	PGN         io.Writer // every game, as it finishes (may be nil)
	Progress    io.Writer // a line per game (may be nil)
	Tags        PGNTags
	// Stop, when closed, ends the match early: no new pair starts, the
	// pairs in play are finished and counted (may be nil).
	Stop <-chan struct{}
	// Watchdog, when set, reports engines that stall and samples their
	// memory (for soaks of thousands of games).
	Watchdog *Watchdog
}

// Summary is the outcome of a match from the first engine's view.
type Summary struct {
	Stats
	TimeLosses, Illegal, Crashes [2]int           // by engine
	Stalls                       [2]int           // by engine, with a watchdog
	PonderHits, PonderMisses     [2]int           // by engine: see Result
	Thought, Had                 [2]time.Duration // by engine, summed over games: see Result
	ClockMoves                   [2]int           // by engine: moves made on a clock
	Memory                       []MemorySample
	Aborted                      int
	Decision                     string // SPRT: "H0", "H1" or ""
	Stopped                      bool   // ended early by Config.Stop
	Results                      []Result
}

// Run plays the match. Each pair of games shares an opening with colours
// swapped; openings are drawn in a seeded random order.
func Run(cfg Config) (Summary, error) {
	if len(cfg.Openings) == 0 {
		return Summary{}, fmt.Errorf("no openings")
	}
	for i := range cfg.Engines {
		cfg.Engines[i].Chess960 = cfg.Engines[i].Chess960 || cfg.Referee.Chess960
	}
	pairs := (cfg.Games + 1) / 2
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6d61))
	order := rng.Perm(len(cfg.Openings))

	m := &matchState{cfg: cfg, order: order}
	if cfg.Watchdog != nil {
		defer cfg.Watchdog.startRecord()()
	}
	jobs := make(chan int)
	errs := make(chan error, cfg.Concurrency)
	var wg sync.WaitGroup
	for w := 0; w < max(cfg.Concurrency, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := m.worker(jobs); err != nil {
				errs <- err
			}
		}()
	}
	var firstErr error
dispatch:
	for p := 0; p < pairs; p++ {
		if m.stopped() {
			break
		}
		select {
		case jobs <- p:
		case err := <-errs:
			firstErr = err
			break dispatch
		case <-cfg.Stop:
			m.mu.Lock()
			m.sum.Stopped = true
			m.mu.Unlock()
			break dispatch
		}
	}
	close(jobs)
	wg.Wait()
	if w := cfg.Watchdog; w != nil {
		w.wait()
		for i, e := range cfg.Engines {
			m.sum.Stalls[i] = w.Stalls(e.Name)
		}
	}
	if firstErr == nil {
		select {
		case firstErr = <-errs:
		default:
		}
	}
	return m.sum, firstErr
}

// matchState is what the workers of a match share.
type matchState struct {
	cfg   Config
	order []int
	mu    sync.Mutex
	sum   Summary
	round int
	stop  bool
}

func (m *matchState) stopped() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stop
}

// worker plays the pairs it receives on its own two engine processes,
// restarting an engine that died.
func (m *matchState) worker(jobs <-chan int) error {
	cfg := m.cfg
	var eng [2]*Process
	var mem [2]MemorySample
	closeEngine := func(i int) {
		if cfg.Watchdog != nil {
			mem[i].End, _ = eng[i].RSS()
			m.mu.Lock()
			m.sum.Memory = append(m.sum.Memory, mem[i])
			m.mu.Unlock()
		}
		eng[i].Close()
	}
	defer func() {
		for i, e := range eng {
			if e != nil {
				closeEngine(i)
			}
		}
	}()
	for pair := range jobs {
		select {
		case <-cfg.Stop:
			// Handed out as the stop came: not played, and the match
			// counts as stopped whichever case the dispatcher took.
			m.mu.Lock()
			m.sum.Stopped = true
			m.mu.Unlock()
			continue
		default:
		}
		op := cfg.Openings[m.order[pair%len(m.order)]]
		var scores [2]float64
		var results [2]Result
		for g := 0; g < 2; g++ {
			for i := range eng {
				if eng[i] == nil || !eng[i].Alive() {
					if eng[i] != nil {
						closeEngine(i)
					}
					// An engine may load large files as it starts (endgame
					// tables): it gets as long as a move may take.
					e, err := startWatched(cfg.Engines[i], max(30*time.Second, cfg.Referee.Timeout), cfg.Watchdog)
					if err != nil {
						eng[i] = nil
						return err // the dispatcher sees it and stops
					}
					eng[i] = e
					mem[i] = MemorySample{Process: e.Name(), PID: e.cmd.Process.Pid}
				}
			}
			white, black := eng[0], eng[1]
			if g == 1 {
				white, black = eng[1], eng[0]
			}
			results[g] = cfg.Referee.Play(white, black, op)
			scores[g] = results[g].Score
			if g == 1 {
				scores[g] = 1 - results[g].Score // the first engine's view
			}
			for i := range mem {
				mem[i].Games++
			}
		}
		for i := range mem {
			if cfg.Watchdog != nil && mem[i].First == 0 && eng[i] != nil && mem[i].Games >= cfg.Watchdog.WarmUp {
				mem[i].First, _ = eng[i].RSS()
			}
		}
		m.recordPair(results, scores)
	}
	return nil
}

// recordPair counts both games of a pair, writes them out and checks the
// SPRT.
func (m *matchState) recordPair(results [2]Result, scores [2]float64) {
	cfg := m.cfg
	m.mu.Lock()
	defer m.mu.Unlock()
	for g, res := range results {
		m.round++
		m.sum.record(res, g == 1, scores[g])
		if cfg.PGN != nil {
			io.WriteString(cfg.PGN, res.PGN(cfg.Tags, m.round))
		}
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "game %d: %s vs %s %s (%s)\n", len(m.sum.Results), res.White, res.Black, res.Result, res.Termination)
		}
	}
	if results[0].Result != "*" && results[1].Result != "*" {
		m.sum.Penta[int((scores[0]+scores[1])*2)]++
	}
	if cfg.Progress != nil {
		fmt.Fprintln(cfg.Progress, m.sum.progressLine(cfg.SPRT))
	}
	if cfg.SPRT != nil && m.sum.Decision == "" {
		m.sum.Decision = cfg.SPRT.Decision(m.sum.Stats)
		m.stop = m.sum.Decision != ""
	}
}

// record counts a game; swapped says the first engine had Black.
func (s *Summary) record(res Result, swapped bool, firstScore float64) {
	s.Results = append(s.Results, res)
	for side := range 2 {
		e := side
		if swapped {
			e = 1 - side
		}
		s.PonderHits[e] += res.PonderHits[side]
		s.PonderMisses[e] += res.PonderMisses[side]
		s.Thought[e] += res.Thought[side]
		s.Had[e] += res.Had[side]
		s.ClockMoves[e] += res.Moves[side]
	}
	if res.Result == "*" {
		s.Aborted++
		return
	}
	switch firstScore {
	case 1:
		s.Wins++
	case 0:
		s.Losses++
	default:
		s.Draws++
	}
	if res.Score == 0.5 {
		return
	}
	// The loser is White when White scored 0; index it as engine 0 or 1.
	loser := 0
	if res.Score == 1 {
		loser = 1
	}
	if swapped {
		loser = 1 - loser
	}
	switch res.Forfeit {
	case TimeForfeit:
		s.TimeLosses[loser]++
	case IllegalMove:
		s.Illegal[loser]++
	case Crash:
		s.Crashes[loser]++
	}
}

// eloText renders an Elo difference with its 95 % error, or says why
// there is no error bar: too few pairs, or pairs that all scored alike
// (a ± 0 would claim a certainty that two games a pair cannot give).
func eloText(elo, err float64) string {
	if math.IsInf(err, 0) || math.IsNaN(err) || err == 0 || math.IsInf(elo, 0) {
		switch {
		case math.IsInf(elo, 0) || math.IsNaN(elo):
			return "unknown (every game went one way; no error bar)"
		case err == 0:
			return fmt.Sprintf("%+.1f (every pair scored alike; no error bar yet)", elo+0) // +0: never "-0.0"
		}
		return "unknown (too few games for an error bar)"
	}
	if elo == 0 {
		elo = 0 // a negative zero prints as -0.0
	}
	return fmt.Sprintf("%+.1f ± %.1f (95%%)", elo, err)
}

func (s *Summary) progressLine(t *SPRT) string {
	elo, err := s.Elo()
	line := fmt.Sprintf("  after %d games: W/D/L %d/%d/%d  Elo %s", len(s.Results), s.Wins, s.Draws, s.Losses, eloText(elo, err))
	if t != nil {
		lo, hi := t.Bounds()
		line += fmt.Sprintf("  LLR %.2f (%.2f, %.2f)", t.LLR(s.Stats), lo, hi)
	}
	return line
}

// Report writes the final summary.
func (s Summary) Report(w io.Writer, names [2]string, t *SPRT) {
	elo, err := s.Elo()
	fmt.Fprintf(w, "\n%s vs %s: %d games\n", names[0], names[1], s.Games())
	fmt.Fprintf(w, "Score of %s: %d W / %d D / %d L  (%.1f%%)\n", names[0], s.Wins, s.Draws, s.Losses, 100*s.Score())
	fmt.Fprintf(w, "Elo difference: %s\n", eloText(elo, err))
	fmt.Fprintf(w, "Draw ratio: %.1f%%\n", 100*s.DrawRatio())
	fmt.Fprintf(w, "Pentanomial [0, 0.5, 1, 1.5, 2]: %v\n", s.Penta)
	for i, n := range names {
		fmt.Fprintf(w, "%s: %d time losses, %d illegal moves, %d crashes/hangs\n", n, s.TimeLosses[i], s.Illegal[i], s.Crashes[i])
		if p := s.PonderHits[i] + s.PonderMisses[i]; p > 0 {
			fmt.Fprintf(w, "%s pondered on %d moves: the expected reply came %d times (%.0f%%)\n", n, p, s.PonderHits[i], 100*float64(s.PonderHits[i])/float64(p))
		}
		if s.Had[i] > 0 {
			fmt.Fprintf(w, "%s used %.1f%% of its clock (base and increments), %.3f s a move over %d moves\n", n,
				100*s.Thought[i].Seconds()/s.Had[i].Seconds(), s.Thought[i].Seconds()/float64(max(s.ClockMoves[i], 1)), s.ClockMoves[i])
		}
	}
	s.reportWatch(w, names)
	if s.Aborted > 0 {
		fmt.Fprintf(w, "Aborted games (not counted): %d\n", s.Aborted)
	}
	if s.Stopped {
		fmt.Fprintf(w, "Stopped by request after %d games\n", len(s.Results))
	}
	if t != nil {
		lo, hi := t.Bounds()
		verdict := "inconclusive"
		switch s.Decision {
		case "H0":
			verdict = fmt.Sprintf("H0 accepted (Elo %g more likely than %g)", t.Elo0, t.Elo1)
		case "H1":
			verdict = fmt.Sprintf("H1 accepted (Elo %g more likely than %g)", t.Elo1, t.Elo0)
		}
		fmt.Fprintf(w, "SPRT [%g, %g] α=%g β=%g: LLR %.2f (%.2f, %.2f): %s\n", t.Elo0, t.Elo1, t.Alpha, t.Beta, t.LLR(s.Stats), lo, hi, verdict)
	}
}
