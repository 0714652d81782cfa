package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"kibitz/train"
)

func init() {
	register(command{"train", "train an NNUE on datagen output and write it in the nnue format", runTrain})
}

func runTrain(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("train", stderr)
	cfg := train.DefaultConfig()
	data := fs.String("data", "data.bin", "datagen files, comma-separated")
	out := fs.String("out", "kibitz.nnue", "network to write; the loss curve goes beside it (.csv, .svg)")
	limit := fs.Int("positions", 0, "use only the first N positions (0: all)")
	fs.IntVar(&cfg.Hidden, "hidden", cfg.Hidden, "hidden neurons per perspective (a multiple of 64)")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the training data")
	fs.IntVar(&cfg.BatchSize, "batch", cfg.BatchSize, "positions per mini-batch")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam step size")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "weight of the game result in the target (1-lambda: the search score)")
	fs.Float64Var(&cfg.SigmoidScale, "scale", cfg.SigmoidScale, "centipawns: win probability = sigmoid(cp/scale)")
	fs.IntVar(&cfg.ValidPercent, "valid", cfg.ValidPercent, "percent of games held out for validation")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "random seed (initial weights, shuffling)")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "threads")
	fs.StringVar(&cfg.Checkpoint, "checkpoint", "", "checkpoint file: saved every epoch, resumed from if present")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if cfg.Hidden < 64 || cfg.Hidden > 1024 || cfg.Hidden%64 != 0 || cfg.Epochs < 1 || cfg.BatchSize < 1 ||
		cfg.LR <= 0 || cfg.Lambda < 0 || cfg.Lambda > 1 || cfg.SigmoidScale <= 0 || cfg.ValidPercent < 0 || cfg.ValidPercent > 50 || *limit < 0 {
		return errors.New("a flag is out of range (see kibitz train -h)")
	}
	var recs []train.Record
	for _, path := range strings.Split(*data, ",") {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		r, err := train.ReadAll(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		recs = append(recs, r...)
	}
	if *limit > 0 && *limit < len(recs) {
		recs = recs[:*limit]
	}
	samples := make([]train.Sample, len(recs))
	for i := range recs {
		if err := recs[i].Decode(&samples[i]); err != nil {
			return fmt.Errorf("record %d: %w", i, err)
		}
	}
	trainSet, validSet := train.Split(samples, cfg.ValidPercent)
	fmt.Fprintf(stdout, "seed %d; %d positions: %d training, %d validation; %d hidden, %d epochs, batch %d, lr %g, lambda %g, sigmoid scale %g cp\n",
		cfg.Seed, len(samples), len(trainSet), len(validSet), cfg.Hidden, cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.Lambda, cfg.SigmoidScale)
	cfg.Progress = func(s train.EpochStats) {
		fmt.Fprintf(stdout, "epoch %3d  lr %.6f  loss %.6f  validation %.6f  %.0f pos/s  %s\n",
			s.Epoch, s.LR, s.TrainLoss, s.ValidLoss, s.PosPerSec, (time.Duration(s.ElapsedSec) * time.Second).String())
	}
	model, curve, err := train.Train(trainSet, validSet, cfg)
	if err != nil {
		return err
	}
	net := model.Quantise()
	// The quantised net, run by the engine's own code, must agree with the
	// float model.
	diffs, err := train.QuantisationErrors(model, net, recs, cfg.ValidPercent, 2000)
	if err != nil {
		return err
	}
	if len(diffs) == 0 {
		return errors.New("no validation positions to check the quantised net on (raise --valid)")
	}
	sort.Float64s(diffs)
	mean := 0.0
	for _, d := range diffs {
		mean += d
	}
	mean /= float64(max(len(diffs), 1))
	p99 := diffs[int(0.99*float64(len(diffs)-1))]
	fmt.Fprintf(stdout, "quantised vs float on %d validation positions: mean |diff| %.2f cp, 99th percentile %.1f cp, max %.1f cp\n",
		len(diffs), mean, p99, diffs[len(diffs)-1])
	if mean > 10 || p99 > 40 {
		return fmt.Errorf("quantisation changes the evaluation too much (tolerance: mean 10 cp, 99th percentile 40 cp)")
	}
	if err := os.WriteFile(*out, net.Bytes(), 0o644); err != nil {
		return err
	}
	base := strings.TrimSuffix(*out, ".nnue")
	if err := writeFile(base+".csv", func(w io.Writer) error { return train.WriteCSV(w, curve) }); err != nil {
		return err
	}
	title := fmt.Sprintf("Kibitz NNUE %d-%d×2-1: %d positions, seed %d", 768, cfg.Hidden, len(samples), cfg.Seed)
	if err := writeFile(base+".svg", func(w io.Writer) error { return train.WriteSVG(w, curve, title) }); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s, %s.csv, %s.svg\n", *out, base, base)
	return nil
}

func writeFile(path string, f func(io.Writer) error) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := f(file); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}
