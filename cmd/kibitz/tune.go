package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/eval"
	"kibitz/engine/selfplay"
	"kibitz/internal/regular"
)

func runTune(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tune", stderr)
	games := fs.Int("games", 2000, "self-play games to generate")
	nodes := fs.Uint64("nodes", 3000, "node budget per move in self-play")
	seed := fs.Uint64("seed", 1, "random seed (openings, validation split)")
	conc := fs.Int("concurrency", runtime.NumCPU(), "games played at once")
	epochs := fs.Int("epochs", 400, "tuning epochs (full batch)")
	lr := fs.Float64("lr", 2, "Adam step size in centipawns")
	data := fs.String("data", "", "save the self-play positions to this file")
	from := fs.String("from", "", "tune on positions saved earlier with --data instead of playing")
	out := fs.String("out", "engine/eval/weights_gen.go", "where to write the tuned weights")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seed %d\n", *seed)
	var samples []selfplay.Sample
	var err error
	if *from != "" {
		if samples, err = loadSamples(*from); err != nil {
			return err
		}
	} else {
		samples = generate(stdout, selfplay.Config{Nodes: *nodes, RandomPlies: 8, MaxPlies: 400, Seed: *seed, Concurrency: *conc}, *games)
		if *data != "" {
			if err := saveSamples(*data, samples); err != nil {
				return err
			}
		}
	}
	if len(samples) < 100 {
		return fmt.Errorf("only %d positions: too few to tune", len(samples))
	}
	rng := rand.New(rand.NewPCG(*seed, 99))
	var train, valid []eval.TuneSample
	for _, s := range samples {
		p, err := board.ParseFEN(s.FEN)
		if err != nil {
			return err
		}
		ts := eval.NewTuneSample(p, s.Result)
		if rng.IntN(10) == 0 {
			valid = append(valid, ts)
		} else {
			train = append(train, ts)
		}
	}
	start := eval.Weights()
	k := eval.FitK(train, start)
	fmt.Fprintf(stdout, "%d training and %d validation positions; k = %.3f\n", len(train), len(valid), k)
	fmt.Fprintf(stdout, "validation loss before: %.6f\n", eval.Loss(valid, start, k))
	tuned := eval.Tune(train, start, k, *epochs, *lr, func(epoch int, loss float64) {
		if epoch%50 == 0 || epoch == 1 {
			fmt.Fprintf(stdout, "epoch %4d  training loss %.6f\n", epoch, loss)
		}
	})
	fmt.Fprintf(stdout, "validation loss after:  %.6f\n", eval.Loss(valid, tuned, k))
	header := fmt.Sprintf("kibitz tune: %d positions from %d self-play games at %d nodes/move, seed %d, %d epochs, k=%.3f.",
		len(samples), *games, *nodes, *seed, *epochs, k)
	src, err := eval.GoSource(tuned, header)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}

func generate(stdout io.Writer, cfg selfplay.Config, games int) []selfplay.Sample {
	var samples []selfplay.Sample
	start := time.Now()
	done := 0
	var score [3]int
	selfplay.Run(cfg, 0, games, func(g selfplay.Game) {
		samples = append(samples, g.Samples...)
		done++
		score[int(g.Result*2)]++
		if done%100 == 0 || done == games {
			el := time.Since(start)
			fmt.Fprintf(stdout, "games %d/%d  positions %d  (%.0f pos/s)  white W/D/L %d/%d/%d  eta %v\n",
				done, games, len(samples), float64(len(samples))/el.Seconds(), score[2], score[1], score[0],
				(el * time.Duration(games-done) / time.Duration(done)).Round(time.Second))
		}
	})
	return samples
}

func saveSamples(path string, samples []selfplay.Sample) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, s := range samples {
		fmt.Fprintf(w, "%s;%d;%.1f\n", s.FEN, s.Score, s.Result)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func loadSamples(path string) ([]selfplay.Sample, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []selfplay.Sample
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) != 3 {
			return nil, fmt.Errorf("%s:%d: want FEN;score;result", path, line)
		}
		score, err1 := strconv.Atoi(parts[1])
		result, err2 := strconv.ParseFloat(parts[2], 64)
		if err1 != nil || err2 != nil || (result != 0 && result != 0.5 && result != 1) {
			return nil, fmt.Errorf("%s:%d: bad score or result", path, line)
		}
		out = append(out, selfplay.Sample{FEN: parts[0], Score: score, Result: result})
	}
	return out, sc.Err()
}
