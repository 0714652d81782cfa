package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/search"
	"kibitz/internal/excerpt"
	"kibitz/match"
	"kibitz/match/spsa"
)

// runSPSA tunes the search's parameters by self-play (docs/tuning.md):
// both engines of every pair are the given engine, built with the tune tag
// so that the parameters are UCI options.
func runSPSA(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("spsa", stderr)
	engineSpec := fs.String("engine", "", "cmd=PATH[,args=A B][,option.NAME=V...]: a build with -tags tune, playing both sides")
	paramList := fs.String("params", "all", "parameters to tune, comma-separated, or all")
	list := fs.Bool("list", false, "print the tunable parameters (default, range, c_end) and stop")
	openbench := fs.Bool("openbench", false, "print the tunable parameters as OpenBench's SPSA input (name, int, value, min, max, c_end, r_end) and stop")
	apply := fs.String("apply", "", "write the values of FILE (OpenBench's \"name, value\" lines) into engine/search/params.go as the new defaults, and stop")
	source := fs.String("source", "engine/search/params.go", "with --apply: the source file holding the parameters")
	iterations := fs.Int("iterations", 0, "game pairs in the whole run")
	rEnd := fs.Float64("r-end", 0.002, "a_k/c_k² in the last iteration (the step size)")
	tc := fs.String("tc", "", "time control base+inc in seconds")
	nodes := fs.Uint64("nodes", 0, "fixed nodes per move")
	depth := fs.Int("depth", 0, "fixed depth per move")
	conc := fs.Int("concurrency", 1, "pairs played at once")
	openings := fs.String("openings", "", "opening file (.pgn or .epd); default: the built-in set")
	seed := fs.Uint64("seed", 1, "random seed: the perturbations and the opening order")
	out := fs.String("out", "spsa.csv", "the run's log, one line per iteration; an existing log of the same parameters is resumed")
	drawSpec := fs.String("draw", "", "draw adjudication: movenumber=N,movecount=M,score=S")
	resignSpec := fs.String("resign", "", "resign adjudication: movecount=M,score=S")
	timeout := fs.Duration("timeout", 60*time.Second, "longest wait for a move at fixed nodes or depth")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *list {
		for _, p := range search.Params() {
			fmt.Fprintf(stdout, "%-18s default %5d  range %5d..%-5d  c_end %g\n", p.Name, p.Default, p.Min, p.Max, p.Step)
		}
		return nil
	}
	if *openbench {
		if !(*rEnd > 0) {
			return errors.New("--r-end must be positive")
		}
		for _, p := range search.Params() {
			fmt.Fprintf(stdout, "%s, int, %d, %d, %d, %g, %g\n", p.Name, p.Default, p.Min, p.Max, p.Step, *rEnd)
		}
		return nil
	}
	if *apply != "" {
		return applyTuned(*apply, *source, stdout)
	}
	params, err := spsaParams(*paramList, *rEnd)
	if err != nil {
		return err
	}
	if *engineSpec == "" || *iterations < 1 || *conc < 1 || *conc > 64 || !(*rEnd > 0) {
		return errors.New("need --engine, --iterations ≥ 1, --concurrency 1..64 and a positive --r-end")
	}
	eng, err := match.ParseEngine(*engineSpec)
	if err != nil {
		return err
	}
	ref := match.Referee{Tolerance: 100 * time.Millisecond, Timeout: *timeout}
	if ref.Limit, err = matchLimit(*tc, *nodes, *depth, false); err != nil {
		return err
	}
	if ref.Adjudge, err = parseAdjudication(*drawSpec, *resignSpec, 0); err != nil {
		return err
	}
	job := spsaJob{eng: eng, ref: ref, openings: match.DefaultOpenings(), params: params,
		iterations: *iterations, concurrency: *conc, seed: *seed, out: *out}
	if *openings != "" {
		if job.openings, err = match.LoadOpenings(*openings, *iterations, *seed); err != nil {
			return err
		}
	}
	return job.run(stdout)
}

// spsaJob is a tuning run as the flags describe it.
type spsaJob struct {
	eng                     match.EngineConfig
	ref                     match.Referee
	openings                []match.Opening
	params                  []spsa.Param
	iterations, concurrency int
	seed                    uint64
	out                     string
}

// run checks the engine, resumes or starts the log, plays the iterations
// and prints the estimates they lead to.
func (j *spsaJob) run(stdout io.Writer) error {
	if err := checkTunable(j.eng, j.params); err != nil {
		return err
	}
	done, fresh, err := resumeSPSA(j.out, j.params)
	if err != nil {
		return err
	}
	if done >= j.iterations {
		return fmt.Errorf("%s already holds %d iterations: raise --iterations or give another --out", j.out, done)
	}
	log, err := os.OpenFile(j.out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	if fresh {
		fmt.Fprintln(log, spsaHeader(j.params))
	}
	fmt.Fprintf(stdout, "spsa: %d parameters, iterations %d..%d, %s, concurrency %d, log %s\n", len(j.params), done+1, j.iterations, j.ref.Limit, j.concurrency, j.out)
	players := make([]*pairPlayer, j.concurrency)
	for i := range players {
		players[i] = &pairPlayer{cfg: j.eng, ref: j.ref, openings: j.openings}
	}
	defer func() {
		for _, p := range players {
			p.close()
		}
	}()
	var points float64
	finished := 0
	final, err := spsa.Run(spsa.Config{
		Params: j.params, Iterations: j.iterations, Done: done, Seed: j.seed, Concurrency: j.concurrency,
		Play: func(w, k int, plus, minus map[string]int) (float64, error) { return players[w].play(k, plus, minus) },
		Step: func(s spsa.Step) {
			fields := []string{strconv.Itoa(s.K), strconv.FormatFloat(s.Result, 'f', -1, 64)}
			for _, v := range s.Theta {
				fields = append(fields, strconv.FormatFloat(v, 'f', 3, 64))
			}
			fmt.Fprintln(log, strings.Join(fields, ","))
			points += s.Result
			if finished++; finished%100 == 0 {
				fmt.Fprintf(stdout, "iteration %d: %s\n", s.K, thetaText(j.params, s.Theta))
			}
		}})
	if final != nil && finished > 0 {
		j.report(stdout, final, finished, points)
	}
	return err
}

// report prints the estimates after a run, and how to play them.
func (j *spsaJob) report(stdout io.Writer, final []spsa.Param, pairs int, points float64) {
	theta := make([]float64, len(final))
	opts := make([]string, len(final))
	for i, p := range final {
		theta[i] = p.Value
		opts[i] = fmt.Sprintf("option.%s=%d", p.Name, int(math.Round(p.Value)))
	}
	fmt.Fprintf(stdout, "after %d more pairs (plus side %+g points): %s\n", pairs, points, thetaText(j.params, theta))
	fmt.Fprintf(stdout, "to play them: --engine cmd=%s,%s\n", j.eng.Cmd, strings.Join(opts, ","))
}

// spsaParams turns --params into the parameters to tune, starting at the
// values in force.
func spsaParams(list string, rEnd float64) ([]spsa.Param, error) {
	var out []spsa.Param
	add := func(p search.ParamSpec) {
		out = append(out, spsa.Param{Name: p.Name, Value: float64(p.Default), Min: float64(p.Min), Max: float64(p.Max), CEnd: p.Step, REnd: rEnd})
	}
	all := search.Params()
	if list == "all" {
		for _, p := range all {
			add(p)
		}
		return out, nil
	}
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(all, func(p search.ParamSpec) bool { return strings.EqualFold(p.Name, strings.TrimSpace(name)) })
		if i < 0 {
			return nil, fmt.Errorf("--params: no parameter %q (see kibitz spsa -list)", excerpt.Of(name))
		}
		add(all[i])
	}
	return out, nil
}

func spsaHeader(params []spsa.Param) string {
	h := "iteration,result"
	for _, p := range params {
		h += "," + p.Name
	}
	return h
}

// resumeSPSA reads an existing log: the iterations done and the estimates
// after the last one (set into params); fresh when there is no log yet. A
// log of other parameters is refused and left alone.
func resumeSPSA(path string, params []spsa.Param) (done int, fresh bool, err error) {
	done, err = readSPSALog(path, params)
	if errors.Is(err, os.ErrNotExist) {
		return 0, true, checkWritable(path)
	}
	return done, false, err
}

func readSPSALog(path string, params []spsa.Param) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() || sc.Text() != spsaHeader(params) {
		return 0, fmt.Errorf("%s is not a log of this run's parameters (want the header %q): give another --out", path, spsaHeader(params))
	}
	done, last := 0, ""
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			last = line
			k, _, _ := strings.Cut(line, ",")
			if n, err := strconv.Atoi(k); err == nil && n > done {
				done = n
			}
		}
	}
	if err := sc.Err(); err != nil || last == "" {
		return done, err
	}
	fields := strings.Split(last, ",")
	if len(fields) != len(params)+2 {
		return 0, fmt.Errorf("%s: its last line %q is not a complete iteration", path, last)
	}
	for i := range params {
		v, err := strconv.ParseFloat(fields[i+2], 64)
		if err != nil || v < params[i].Min || v > params[i].Max {
			return 0, fmt.Errorf("%s: %s = %q in its last line is not a value in range", path, params[i].Name, fields[i+2])
		}
		params[i].Value = v
	}
	return done, nil
}

func thetaText(params []spsa.Param, theta []float64) string {
	parts := make([]string, len(params))
	for i, p := range params {
		parts[i] = fmt.Sprintf("%s %.1f", p.Name, theta[i])
	}
	return strings.Join(parts, ", ")
}

// checkTunable starts the engine once to see that it offers every
// parameter as an option.
func checkTunable(cfg match.EngineConfig, params []spsa.Param) error {
	e, err := match.Start(cfg, 30*time.Second)
	if err != nil {
		return err
	}
	defer e.Close()
	for _, p := range params {
		if !e.Declares(p.Name) {
			return fmt.Errorf("%s does not offer the option %s: build it with the tune tag (go build -tags tune -o kibitz-tune ./cmd/kibitz)", cfg.Cmd, p.Name)
		}
	}
	return nil
}

// pairPlayer is one worker's pair of engine processes, kept across pairs.
type pairPlayer struct {
	cfg      match.EngineConfig
	ref      match.Referee
	openings []match.Opening
	eng      [2]*match.Process
}

// play sets the two engines to the two settings and plays iteration k's
// pair; it returns the plus engine's wins minus losses.
func (pp *pairPlayer) play(k int, plus, minus map[string]int) (float64, error) {
	settings := [2]map[string]int{plus, minus}
	for i := range pp.eng {
		if pp.eng[i] == nil || !pp.eng[i].Alive() {
			if pp.eng[i] != nil {
				pp.eng[i].Close()
			}
			c := pp.cfg
			c.Name = [2]string{"plus", "minus"}[i]
			e, err := match.Start(c, 30*time.Second)
			if err != nil {
				return 0, err
			}
			pp.eng[i] = e
		}
		for name, v := range settings[i] {
			if err := pp.eng[i].SetOption(name, strconv.Itoa(v)); err != nil {
				return 0, err
			}
		}
		if err := pp.eng[i].NewGame(30 * time.Second); err != nil {
			return 0, err
		}
	}
	op := pp.openings[(k-1)%len(pp.openings)] // a file's openings come shuffled by the seed
	result := 0.0
	for g := 0; g < 2; g++ {
		white, black := pp.eng[0], pp.eng[1]
		if g == 1 {
			white, black = black, white
		}
		r := pp.ref.Play(white, black, op)
		if r.Result == "*" {
			return 0, fmt.Errorf("iteration %d: game aborted: %s", k, r.Termination)
		}
		score := r.Score // White's
		if g == 1 {
			score = 1 - score
		}
		result += 2*score - 1
	}
	return result, nil
}

func (pp *pairPlayer) close() {
	for _, e := range pp.eng {
		if e != nil {
			e.Close()
		}
	}
}
